package barb.agents;

import barb.agents.answers.AnswerWriter;
import barb.agents.answers.Replies;
import barb.agents.answers.Wording;
import barb.agents.reading.FollowUps;
import barb.core.ClarificationState;
import barb.core.ContractException;
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

/**
 * Rules presenter (seed 000 §2.8): writes the answer from the executor's results only — every number comes
 * from a result — or explains honestly why there is no result.
 */
public final class PresenterHandler implements StageHandler {
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
            text += Wording.ru(lang)
                    ? "\n\n(Ранние сообщения этого чата сжаты, поэтому я могу не помнить их подробностей.)"
                    : "\n\n(Earlier messages of this chat were summarised, so I may not remember their details.)";
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
        List<String> facts = envelope.expandedQuery() == null ? List.of()
                : List.of(FollowUps.LAST_QUERY + ": " + envelope.expandedQuery());
        return StageOutcome.finish(envelope, new StageOutcome.Finish("data", text, ClarificationState.none(), facts),
                input, output, Usage.ZERO).withAnswer(text);
    }

    private static String noResult(RequestEnvelope envelope, String lang) {
        boolean ru = Wording.ru(lang);
        JsonNode steps = envelope.parsedQuery();
        JsonNode plans = envelope.plans();
        String why;
        if (steps == null || !steps.isArray() || steps.isEmpty()) {
            why = ru ? "Я не смог превратить этот вопрос в запрос, который умею выполнить, поэтому цифр по нему нет."
                    : "I couldn't turn this question into a query I can run, so I have no numbers for it.";
        } else if (plans == null || !plans.isArray() || plans.isEmpty()) {
            why = ru ? "Я не смог построить план запроса для этого вопроса, поэтому цифр по нему нет."
                    : "I couldn't build a query plan for this question, so I have no numbers for it.";
        } else {
            return ru ? "Запрос не вернул результата, так что сообщить нечего."
                    : "The query returned no result, so there is nothing to report.";
        }
        return why + " " + Replies.capabilities(lang);
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
