package barb.agents;

import barb.core.ClarificationState;
import barb.core.Json;
import barb.core.RequestEnvelope;
import barb.core.Routing;
import barb.core.Stage;
import barb.core.StageHandler;
import barb.core.StageOutcome;
import barb.core.Usage;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;

import java.util.Optional;

/**
 * Rules clarify_continue (seed 000 §2.4): reads the user's answer to a clarifying question and decides one of
 * four outcomes — an answer on topic (original + answer → parser), a new data question (→ parser), a
 * cancellation or small talk (→ responder), or still unclear (→ clarifier, or the safety net after
 * {@link ClarificationState#MAX_ROUNDS} rounds).
 */
public final class ClarifyContinueHandler implements StageHandler {
    @Override
    public Stage stage() {
        return Stage.CLARIFY_CONTINUE;
    }

    @Override
    public StageOutcome handle(RequestEnvelope envelope) {
        ClarificationState state = envelope.chatStateOrFresh().clarification();
        String answer = envelope.question();
        String original = state.originalQuestion() == null ? "" : state.originalQuestion();
        String answerLang = LanguageDetector.detect(answer);
        String lang = original.isBlank() ? answerLang : LanguageDetector.detect(original);

        ObjectNode input = Json.object()
                .put("original_question", state.originalQuestion())
                .put("user_answer", answer)
                .put("lang", lang);
        input.set("clarification_history", Json.tree(state.historyWithAnswer(answer)));

        SmallTalk.Kind smallTalk = SmallTalk.classify(answer);
        if (smallTalk != null) {
            ObjectNode output = Json.object()
                    .put("intent", "chitchat")
                    .put("understood", false)
                    .put("topic_changed", true)
                    .put("acknowledge", Replies.smallTalk(smallTalk, answerLang))
                    .put("awaiting_clarification", false)
                    .putNull("clarification_history")
                    .putNull("original_question");
            RequestEnvelope next = envelope.withIntent("chitchat", answerLang, SmallTalk.english(smallTalk))
                    .withUnderstanding(output, null);
            return StageOutcome.next(next, route(false, true, state), input, output, Usage.ZERO);
        }

        Optional<QuestionSpec> combined = Questions.recognize(
                Questions.english(original) + " " + Questions.english(answer));
        if (!original.isBlank() && combined.isPresent() && !combined.get().needsSessionClarification()) {
            QuestionSpec spec = combined.get().withDefaults();
            ObjectNode output = UnderstanderHandler.understood(spec, lang, false);
            output.remove("intent");
            output.put("awaiting_clarification", false);
            RequestEnvelope next = envelope.withIntent("data", lang, combined.get().expandedQuery())
                    .withUnderstanding(output, spec.expandedQuery());
            return StageOutcome.next(next, route(true, false, state), input, output, Usage.ZERO)
                    .withAcknowledge(output.get("acknowledge").asText());
        }

        Optional<QuestionSpec> fresh = Questions.recognize(answer);
        if (fresh.isPresent() && !fresh.get().needsSessionClarification()) {
            QuestionSpec spec = fresh.get().withDefaults();
            ObjectNode output = UnderstanderHandler.understood(spec, answerLang, true);
            output.remove("intent");
            output.put("awaiting_clarification", false);
            output.putNull("clarification_history");
            output.putNull("original_question");
            RequestEnvelope next = envelope.withIntent("data", answerLang, fresh.get().expandedQuery())
                    .withUnderstanding(output, spec.expandedQuery());
            return StageOutcome.next(next, route(true, true, state), input, output, Usage.ZERO)
                    .withAcknowledge(output.get("acknowledge").asText());
        }
        if (fresh.isPresent()) {
            // a new question that itself needs the session: ask about it, starting a new dialogue
            ObjectNode output = UnderstanderHandler.needsSession(fresh.get());
            output.remove("intent");
            output.remove("expanded_query");
            output.remove("acknowledge");
            output.put("original_question", answer);
            RequestEnvelope next = envelope.withIntent("data", answerLang, fresh.get().expandedQuery())
                    .withUnderstanding(output, null);
            return StageOutcome.next(next, Stage.CLARIFIER, input, output, Usage.ZERO);
        }

        if (state.roundsExhausted()) {
            String response = Replies.safetyNet(lang);
            ObjectNode output = Json.object()
                    .put("understood", false)
                    .put("topic_changed", true)
                    .put("awaiting_clarification", false)
                    .put("response", response);
            RequestEnvelope next = envelope.withIntent("chitchat", lang, envelope.internalQuery())
                    .withUnderstanding(output, null);
            return StageOutcome.next(next, route(false, false, state), input, output, Usage.ZERO);
        }
        ObjectNode output = Json.object()
                .putNull("goal")
                .put("understood", false)
                .put("topic_changed", false);
        output.set("need_clarification", pendingClarification(state, original));
        output.set("clarification_history", Json.tree(state.historyWithAnswer(answer)));
        RequestEnvelope next = envelope.withIntent("data", lang, envelope.internalQuery())
                .withUnderstanding(output, null);
        return StageOutcome.next(next, route(false, false, state), input, output, Usage.ZERO);
    }

    private static Stage route(boolean understood, boolean topicChanged, ClarificationState state) {
        return Routing.afterClarifyContinue(understood, topicChanged, true, state.roundsExhausted());
    }

    /** What is still missing: the stored need_clarification, or rebuilt from the original question. */
    private static JsonNode pendingClarification(ClarificationState state, String original) {
        if (state.context() != null && state.context().has("required")) {
            return state.context();
        }
        Optional<QuestionSpec> spec = Questions.recognize(original);
        if (spec.isPresent() && spec.get().needsSessionClarification()) {
            return UnderstanderHandler.sessionClarification(spec.get());
        }
        ObjectNode nc = Json.object();
        nc.putArray("required").addObject().put("field", "question")
                .put("reason", "the answer did not make the original question clear").putArray("options");
        nc.putArray("optional");
        nc.put("context", "Original question: " + original);
        return nc;
    }
}
