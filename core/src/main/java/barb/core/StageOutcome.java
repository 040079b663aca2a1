package barb.core;

import com.fasterxml.jackson.databind.JsonNode;

import java.util.ArrayList;
import java.util.List;

/**
 * What a stage produced: the updated envelope, the next stage (or a {@link Finish} when the request ends
 * here), the step's input/output for the trace, its LLM usage and any messages for the client.
 */
public record StageOutcome(RequestEnvelope envelope, Stage next, Finish finish, JsonNode input, JsonNode output,
                           Usage usage, List<ClientMessage> messages) {

    public StageOutcome {
        messages = messages == null ? List.of() : List.copyOf(messages);
        if ((next == null) == (finish == null)) {
            throw new IllegalArgumentException("an outcome has either a next stage or a finish");
        }
    }

    public static StageOutcome next(RequestEnvelope envelope, Stage next, JsonNode input, JsonNode output,
                                    Usage usage) {
        return new StageOutcome(envelope, next, null, input, output, usage, List.of());
    }

    public static StageOutcome finish(RequestEnvelope envelope, Finish finish, JsonNode input, JsonNode output,
                                      Usage usage) {
        return new StageOutcome(envelope, null, finish, input, output, usage, List.of());
    }

    public StageOutcome withMessage(EventType type, JsonNode payload) {
        List<ClientMessage> m = new ArrayList<>(messages);
        m.add(new ClientMessage(type, payload));
        return new StageOutcome(envelope, next, finish, input, output, usage, m);
    }

    public StageOutcome withAcknowledge(String text) {
        if (text == null || text.isBlank()) {
            return this;
        }
        return withMessage(EventType.ACKNOWLEDGE, Json.object().put("content", text));
    }

    public StageOutcome withAnswer(String text) {
        return withMessage(EventType.ANSWER, Json.object().put("content", text));
    }

    /** A message for the client: acknowledge, data_block or answer. */
    public record ClientMessage(EventType type, JsonNode payload) {
    }

    /**
     * How the request ends at this stage.
     *
     * @param route         the chat_logs.route value
     * @param response      the answer text stored in chat_logs.response
     * @param clarification the chat's clarification state from now on
     * @param keyFacts      facts for the chat's memory ("key: value"; a fact replaces the one with the same key)
     */
    public record Finish(String route, String response, ClarificationState clarification, List<String> keyFacts) {
        public Finish {
            clarification = clarification == null ? ClarificationState.none() : clarification;
            keyFacts = keyFacts == null ? List.of() : List.copyOf(keyFacts);
        }

        public Finish(String route, String response, ClarificationState clarification) {
            this(route, response, clarification, List.of());
        }
    }
}
