package barb.agents;

import barb.core.ChatMessage;
import barb.core.ClarificationState;
import barb.core.Json;
import barb.core.RequestEnvelope;
import barb.core.Stage;
import barb.core.StageHandler;
import barb.core.StageOutcome;
import barb.core.Usage;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;

import java.util.ArrayList;
import java.util.List;

/**
 * Rules clarifier (seed 000 §2.3): turns need_clarification into one question in the user's language and
 * ends the request waiting for the answer. The clarification history keeps the user's answers as well as
 * the questions, so later rounds see the whole dialogue.
 */
public final class ClarifierHandler implements StageHandler {
    @Override
    public Stage stage() {
        return Stage.CLARIFIER;
    }

    @Override
    public StageOutcome handle(RequestEnvelope envelope) {
        JsonNode understanding = envelope.understanding() == null ? Json.object() : envelope.understanding();
        JsonNode nc = understanding.path("need_clarification");
        ClarificationState state = envelope.chatStateOrFresh().clarification();
        String lang = AgentSupport.lang(envelope);

        // clarify_continue names a new original question when the user asked something new that is unclear too
        JsonNode newOriginal = understanding.get("original_question");
        boolean restart = newOriginal != null && newOriginal.isTextual();
        boolean continuing = state.awaiting() && !restart;
        String original = restart ? newOriginal.asText()
                : continuing ? state.originalQuestion() : envelope.question();

        ObjectNode input = Json.object();
        input.set("required", nc.has("required") ? nc.get("required") : Json.MAPPER.createArrayNode());
        input.set("optional", nc.has("optional") ? nc.get("optional") : Json.MAPPER.createArrayNode());
        input.put("context", nc.path("context").isTextual() ? nc.get("context").asText() : null);
        input.put("question", original);
        input.put("lang", lang);
        input.put("memory_context", envelope.chatStateOrFresh().memory().asContext());

        String response = Replies.clarifyingQuestion(nc.isMissingNode() ? null : nc, lang, continuing);
        List<ChatMessage> history = new ArrayList<>(continuing ? state.historyWithAnswer(envelope.question())
                : List.of());
        history.add(ChatMessage.assistant(response));
        int rounds = continuing ? state.rounds() + 1 : 1;
        ClarificationState next = new ClarificationState(true, original, history, rounds,
                nc.isMissingNode() ? null : nc);

        ObjectNode output = Json.object().put("response", response);
        return StageOutcome.finish(envelope, new StageOutcome.Finish("clarify", response, next), input, output,
                Usage.ZERO).withAnswer(response);
    }
}
