package barb.gemini;

import barb.core.Json;
import barb.core.RequestEnvelope;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * What the presenter model reads: the question, what it was understood as, and each result's summary with the
 * words around it (period, session, days counted, data source) — never the table or the source rows, which the
 * user sees anyway and which would make the prompt grow with the answer (seed 001: the text agents read the
 * summary).
 */
final class PresenterInput {
    private PresenterInput() {
    }

    static ObjectNode of(RequestEnvelope envelope) {
        ObjectNode input = Json.object();
        input.put("question", envelope.question());
        if (envelope.expandedQuery() != null) {
            input.put("understood_as", envelope.expandedQuery());
        }
        if (envelope.lang() != null) {
            input.put("lang", envelope.lang());
        }
        ArrayNode results = input.putArray("results");
        for (JsonNode r : envelope.results()) {
            ObjectNode one = results.addObject();
            copy(r, one, "plan_id", "operation", "summary", "source_row_count");
            copy(r.path("metadata"), one, "period_from", "period_to", "session", "timeframe", "data_source");
        }
        JsonNode plans = envelope.plans();
        if (plans != null && plans.isArray()) {
            input.set("plans", compact(plans));
        }
        return input;
    }

    /** The sources a grounded answer may quote: the full results (table included) and the plans. */
    static List<JsonNode> sources(RequestEnvelope envelope) {
        List<JsonNode> sources = new ArrayList<>();
        sources.add(envelope.results());
        if (envelope.plans() != null) {
            sources.add(envelope.plans());
        }
        return sources;
    }

    /** The question's own numbers may be repeated ("top 5 … in 2024"): the message and its English reading. */
    static String question(RequestEnvelope envelope) {
        return envelope.internalQuery() == null ? envelope.question()
                : envelope.question() + "\n" + envelope.internalQuery();
    }

    private static void copy(JsonNode from, ObjectNode to, String... fields) {
        for (String f : fields) {
            JsonNode v = from.get(f);
            if (v != null && !v.isNull()) {
                to.set(f, compact(v));
            }
        }
    }

    /** The node without nulls and empty lists: a plan names a dozen empty filters the model need not read. */
    private static JsonNode compact(JsonNode node) {
        if (node.isObject()) {
            ObjectNode out = Json.object();
            for (Map.Entry<String, JsonNode> e : node.properties()) {
                JsonNode v = e.getValue();
                if (v.isNull() || v.isContainerNode() && v.isEmpty()) {
                    continue;
                }
                out.set(e.getKey(), compact(v));
            }
            return out;
        }
        if (node.isArray()) {
            ArrayNode out = Json.MAPPER.createArrayNode();
            node.forEach(v -> out.add(compact(v)));
            return out;
        }
        return node;
    }
}
