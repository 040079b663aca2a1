package barb.agents;

import barb.core.ClarificationState;
import barb.core.ClarifierOutput;
import barb.core.Json;
import barb.core.NeedClarification;
import barb.core.RequestEnvelope;
import barb.core.Stage;
import barb.core.StageHandler;
import barb.core.StageOutcome;
import barb.core.Usage;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;

/**
 * Rules clarifier (seed 000 §2.3): turns need_clarification into one question in the user's language and
 * ends the request waiting for the answer.
 */
public final class ClarifierHandler implements StageHandler {
    @Override
    public Stage stage() {
        return Stage.CLARIFIER;
    }

    @Override
    public StageOutcome handle(RequestEnvelope envelope) {
        JsonNode understanding = envelope.understanding() == null ? Json.object() : envelope.understanding();
        NeedClarification nc = pending(understanding);
        String lang = AgentSupport.lang(envelope);
        String original = originalQuestion(envelope, understanding);
        ClarificationState state = envelope.chatStateOrFresh().clarification();
        boolean again = state.awaiting() && original.equals(state.originalQuestion());

        ObjectNode input = Json.object();
        input.set("required", Json.tree(nc.required()));
        input.set("optional", Json.tree(nc.optional()));
        input.put("context", nc.context());
        input.put("question", original);
        input.put("lang", lang);
        input.put("memory_context", envelope.chatStateOrFresh().memory().asContext());

        ClarifierOutput out = new ClarifierOutput(Replies.clarifyingQuestion(nc, lang, again)).validated();
        return AgentOutcomes.clarifier(envelope, out, nc, original, input, Usage.ZERO);
    }

    /** What to ask about; a broken or missing need_clarification asks what to compute rather than failing. */
    static NeedClarification pending(JsonNode understanding) {
        JsonNode nc = understanding.get("need_clarification");
        if (nc != null && nc.isObject()) {
            try {
                return Json.MAPPER.treeToValue(nc, NeedClarification.class).validated("need_clarification");
            } catch (Exception e) {
                // fall through to the generic question
            }
        }
        return new NeedClarification(java.util.List.of(UnderstandingRules.item("goal", java.util.List.of())),
                java.util.List.of(), null);
    }

    /** clarify_continue names a new original question when the user asked something new that is unclear too. */
    static String originalQuestion(RequestEnvelope envelope, JsonNode understanding) {
        JsonNode named = understanding.get("original_question");
        if (named != null && named.isTextual()) {
            return named.asText();
        }
        ClarificationState state = envelope.chatStateOrFresh().clarification();
        return state.awaiting() && state.originalQuestion() != null ? state.originalQuestion() : envelope.question();
    }
}
