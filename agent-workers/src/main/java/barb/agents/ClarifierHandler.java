package barb.agents;

import barb.agents.answers.Replies;
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
        NeedClarification nc = AgentOutcomes.pendingClarification(understanding);
        String lang = AgentSupport.lang(envelope);
        String original = AgentOutcomes.originalQuestion(envelope, understanding);
        ClarificationState state = envelope.chatStateOrFresh().clarification();
        boolean again = state.awaiting() && original.equals(state.originalQuestion());

        ObjectNode input = AgentOutcomes.clarifierInput(envelope, nc, original, lang);

        ClarifierOutput out = new ClarifierOutput(Replies.clarifyingQuestion(nc, lang, again)).validated();
        return AgentOutcomes.clarifier(envelope, out, nc, original, input, Usage.ZERO);
    }
}
