package barb.agents;

import barb.core.Json;
import barb.core.RequestEnvelope;
import barb.core.Routing;
import barb.core.Stage;
import barb.core.StageHandler;
import barb.core.StageOutcome;
import barb.core.Usage;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;

import java.util.Optional;

/**
 * Rules understander (seed 000 §2.2, seed 004): recognises the supported data questions and expands them for
 * the parser; asks for the session when an average range has none; sends everything else to the responder,
 * which says honestly that Barb cannot answer it yet.
 */
public final class UnderstanderHandler implements StageHandler {
    @Override
    public Stage stage() {
        return Stage.UNDERSTANDER;
    }

    @Override
    public StageOutcome handle(RequestEnvelope envelope) {
        String query = envelope.internalQuery() != null ? envelope.internalQuery() : envelope.question();
        String lang = AgentSupport.lang(envelope);
        ObjectNode input = Json.object()
                .put("internal_query", query)
                .put("lang", lang)
                .put("needs_title", envelope.needsTitle())
                .put("memory_context", envelope.chatStateOrFresh().memory().asContext());

        Optional<QuestionSpec> spec = Questions.recognize(query);
        if (spec.isEmpty()) {
            spec = Questions.recognize(envelope.question());
        }
        if (spec.isEmpty()) {
            ObjectNode output = unsupported();
            return StageOutcome.next(envelope.withUnderstanding(output, null),
                    Routing.afterUnderstander(true, false), input, output, Usage.ZERO);
        }
        QuestionSpec s = spec.get();
        if (s.needsSessionClarification()) {
            ObjectNode output = needsSession(s);
            if (envelope.needsTitle()) {
                output.put("suggested_title", Wording.title(s, lang));
            }
            return StageOutcome.next(envelope.withUnderstanding(output, null),
                    Routing.afterUnderstander(false, true), input, output, Usage.ZERO);
        }
        QuestionSpec full = s.withDefaults();
        ObjectNode output = understood(full, lang, false);
        if (envelope.needsTitle()) {
            output.put("suggested_title", Wording.title(full, lang));
        }
        return StageOutcome.next(envelope.withUnderstanding(output, full.expandedQuery()),
                        Routing.afterUnderstander(true, true), input, output, Usage.ZERO)
                .withAcknowledge(output.get("acknowledge").asText());
    }

    static ObjectNode understood(QuestionSpec spec, String lang, boolean topicChanged) {
        return Json.object()
                .put("intent", "data")
                .put("goal", goal(spec))
                .put("understood", true)
                .put("topic_changed", topicChanged)
                .put("expanded_query", spec.expandedQuery())
                .put("acknowledge", Wording.acknowledge(spec, lang));
    }

    static ObjectNode needsSession(QuestionSpec spec) {
        ObjectNode output = Json.object()
                .put("intent", "data")
                .putNull("goal")
                .put("understood", false)
                .put("topic_changed", false)
                .putNull("expanded_query")
                .putNull("acknowledge");
        output.set("need_clarification", sessionClarification(spec));
        return output;
    }

    static ObjectNode sessionClarification(QuestionSpec spec) {
        ObjectNode nc = Json.object();
        ArrayNode required = nc.putArray("required");
        ObjectNode item = required.addObject()
                .put("field", "session")
                .put("reason", "RTH and ETH daily ranges differ a lot (ETH is roughly twice RTH), so the answer "
                        + "depends on the session");
        item.putArray("options").add("RTH").add("ETH");
        nc.putArray("optional");
        nc.put("context", "User wants the " + Wording.full(spec, "en") + "; the session is not specified");
        return nc;
    }

    private static ObjectNode unsupported() {
        return Json.object()
                .put("intent", "data")
                .put("goal", "not supported yet: no rules for this question")
                .put("understood", true)
                .put("topic_changed", false)
                .putNull("expanded_query")
                .putNull("acknowledge");
    }

    private static String goal(QuestionSpec spec) {
        return switch (spec.operation()) {
            case "aggregate" -> "measure a typical value";
            case "list" -> "find specific days";
            case "count" -> "count days";
            case "group" -> "compare groups";
            case "formation" -> "time of the daily extreme";
            default -> null;
        };
    }
}
