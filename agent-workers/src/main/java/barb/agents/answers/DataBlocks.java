package barb.agents.answers;

import barb.core.Json;
import barb.core.QueryResult;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The data block a reader of another language than English sees: the executor's result with its English
 * weekday, month and quarter names (and gap sizes) in the reader's language. Only those shown words change;
 * every number, date and key stays as the executor wrote it, so the block still is the evidence, and
 * {@code plan_id} names the executor's block it stands for.
 */
public final class DataBlocks {
    private DataBlocks() {
    }

    /** True when the reader needs a translated block: the executor writes English names. */
    public static boolean needed(String lang) {
        return !"en".equals(Messages.of(lang).lang());
    }

    /** The result as a data block for the reader, with {@code lang} set to the reader's language. */
    public static JsonNode forReader(QueryResult result, String lang) {
        Messages m = Messages.of(lang);
        QueryResult.Summary s = result.summary();
        QueryResult.Summary summary = s == null ? null : new QueryResult.Summary(s.type(), s.rows(), s.valueName(),
                s.value(), s.values(), s.by(), s.stats(), named(s.first(), m), named(s.last(), m),
                named(s.best(), m), named(s.worst(), m), labels(s.labels(), m));
        QueryResult shown = new QueryResult(result.planId(), result.operation(), summary, result.columns(),
                rows(result.table(), m), rows(result.sourceRows(), m), result.sourceRowCount(), result.metadata());
        ObjectNode block = (ObjectNode) Json.tree(shown);
        block.put("lang", m.lang());
        return block;
    }

    private static List<Map<String, Object>> rows(List<Map<String, Object>> rows, Messages m) {
        if (rows == null) {
            return null;
        }
        List<Map<String, Object>> out = new ArrayList<>(rows.size());
        for (Map<String, Object> row : rows) {
            out.add(named(row, m));
        }
        return out;
    }

    private static Map<String, Object> named(Map<String, Object> row, Messages m) {
        if (row == null) {
            return null;
        }
        Map<String, Object> out = new LinkedHashMap<>(row);
        for (String column : Columns.NAME_COLUMNS) {
            if (out.get(column) instanceof String english) {
                out.put(column, Columns.name(english, m));
            }
        }
        if (out.get("gap_size") instanceof String && out.containsKey("gap_from_pct")) {
            out.put("gap_size", AnswerWriter.gapSize(row, m));
        }
        return out;
    }

    private static Map<String, String> labels(Map<String, String> labels, Messages m) {
        if (labels == null) {
            return null;
        }
        Map<String, String> out = new LinkedHashMap<>(labels);
        for (String column : Columns.NAME_COLUMNS) {
            if (out.get(column) != null) {
                out.put(column, Columns.name(out.get(column), m));
            }
        }
        return out;
    }
}
