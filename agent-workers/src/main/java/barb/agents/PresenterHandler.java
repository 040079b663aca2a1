package barb.agents;

import barb.agents.answers.AnswerWriter;
import barb.agents.answers.DataBlocks;
import barb.agents.answers.Messages;
import barb.agents.reading.FollowUps;
import barb.core.ClarificationState;
import barb.core.ContractException;
import barb.core.EventType;
import barb.core.Json;
import barb.core.Plan;
import barb.core.QueryResult;
import barb.core.RequestEnvelope;
import barb.core.Stage;
import barb.core.StageException;
import barb.core.StageHandler;
import barb.core.StageOutcome;
import barb.core.Usage;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Pattern;

/**
 * Rules presenter (seed 000 §2.8): writes the answer from the executor's results only — every number comes
 * from a result — or explains honestly why there is no result.
 */
public final class PresenterHandler implements StageHandler {
    private static final int LAST_DAYS_KEPT = 20;
    private static final Pattern ISO_DAY = Pattern.compile("\\d{4}-\\d{2}-\\d{2}");

    @Override
    public Stage stage() {
        return Stage.PRESENTER;
    }

    @Override
    public StageOutcome handle(RequestEnvelope envelope) {
        String lang = AgentSupport.lang(envelope);
        boolean compacted = envelope.chatStateOrFresh().memory().contextCompacted();
        List<QueryResult> results = results(envelope.results());
        Map<String, Plan> plans = plans(envelope.plans());
        String question = envelope.internalQuery() != null ? envelope.internalQuery() : envelope.question();
        JsonNode understanding = envelope.understanding();
        String acknowledge = understanding != null && understanding.path("acknowledge").isTextual()
                ? understanding.get("acknowledge").asText() : null;

        String text;
        String type;
        int rowCount = 0;
        String title = null;
        if (results.isEmpty()) {
            text = noResult(envelope, lang);
            type = "no_data";
        } else {
            List<String> parts = new ArrayList<>();
            List<String> types = new ArrayList<>();
            for (QueryResult r : results) {
                AnswerWriter.Answer a = AnswerWriter.write(r, plans.get(r.planId()), lang);
                parts.add(a.text());
                types.add(a.type());
                rowCount += a.rowCount();
                title = title == null ? a.title() : title;
            }
            text = String.join("\n\n", parts);
            type = types.size() == 1 ? types.get(0) : types.stream().allMatch("no_data"::equals) ? "no_data"
                    : rowCount > AnswerWriter.INLINE_ROWS ? "large_data" : "inline";
        }
        if (compacted) {
            text += "\n\n" + Messages.of(lang).get("presenter.compacted");
        }

        ObjectNode input = Json.object();
        QueryResult first = results.isEmpty() ? null : results.get(0);
        List<Map<String, Object>> rows = first == null || first.table() == null ? List.of() : first.table();
        input.set("rows", Json.tree(rows.size() <= AnswerWriter.INLINE_ROWS ? rows : List.of()));
        input.set("summary", first == null ? null : Json.tree(first.summary()));
        input.put("row_count", rowCount);
        input.put("question", question);
        input.put("lang", lang);
        input.put("context_compacted", compacted);

        ObjectNode output = Json.object()
                .put("acknowledge", acknowledge)
                .put("title", title)
                .put("summary", text)
                .put("type", type)
                .put("row_count", rowCount);
        // the question as the parser read it: follow-ups ("and for 2023?") change it instead of guessing
        List<String> facts = new ArrayList<>();
        if (envelope.expandedQuery() != null) {
            facts.add(FollowUps.LAST_QUERY + ": " + envelope.expandedQuery());
        }
        // the days shown, so "what happened that day" or "the second one" can name one of them
        List<String> days = new ArrayList<>();
        for (Map<String, Object> row : rows) {
            if (days.size() == LAST_DAYS_KEPT) {
                break;
            }
            Object day = row.containsKey("trade_date") ? row.get("trade_date") : row.get("date");
            if (day != null && ISO_DAY.matcher(String.valueOf(day)).matches()) {
                days.add(String.valueOf(day));
            }
        }
        // written also when empty, so an older answer's days are not taken for this one's
        facts.add(FollowUps.LAST_DAYS + ": " + String.join(",", days));
        StageOutcome outcome = StageOutcome.finish(envelope, new StageOutcome.Finish("data", text,
                ClarificationState.none(), facts), input, output, Usage.ZERO);
        if (DataBlocks.needed(lang)) {
            // the executor's block names weekdays and months in English; this one, for the same plan_id, in the
            // reader's language, before the text that refers to it
            for (QueryResult r : results) {
                outcome = outcome.withMessage(EventType.DATA_BLOCK, DataBlocks.forReader(r, lang));
            }
        }
        return outcome.withAnswer(text);
    }

    /** Why there is no answer, and one question that would work instead of a list of everything. */
    private static String noResult(RequestEnvelope envelope, String lang) {
        Messages m = Messages.of(lang);
        JsonNode steps = envelope.parsedQuery();
        JsonNode plans = envelope.plans();
        String why;
        if (steps == null || !steps.isArray() || steps.isEmpty()) {
            why = m.get("presenter.noSteps");
        } else if (plans == null || !plans.isArray() || plans.isEmpty()) {
            why = m.get("presenter.noPlans");
        } else {
            return m.get("presenter.noResult");
        }
        return why + " " + m.get("presenter.tryInstead");
    }

    private static List<QueryResult> results(JsonNode node) {
        List<QueryResult> out = new ArrayList<>();
        if (node == null || node.isNull()) {
            return out;
        }
        if (!node.isArray()) {
            throw new StageException("bad_results", "presenter: results must be a list of query results", false);
        }
        for (int i = 0; i < node.size(); i++) {
            try {
                out.add(Json.convert(node.get(i), QueryResult.class));
            } catch (ContractException e) {
                throw new StageException("bad_results", "presenter: results[" + i + "] is not a valid query result",
                        false, e);
            }
        }
        return out;
    }

    private static Map<String, Plan> plans(JsonNode node) {
        Map<String, Plan> out = new HashMap<>();
        if (node == null || !node.isArray()) {
            return out;
        }
        for (JsonNode p : node) {
            try {
                Plan plan = Json.convert(p, Plan.class);
                if (plan.id() != null) {
                    out.put(plan.id(), plan);
                }
            } catch (ContractException e) {
                // a plan we cannot read only costs the answer its heading; the numbers still come from the result
            }
        }
        return out;
    }
}
