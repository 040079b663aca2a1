package barb.core;

import com.fasterxml.jackson.databind.JsonNode;

import java.util.ArrayList;
import java.util.List;

/**
 * Where a chat stands in a clarification dialogue. {@code rounds} counts the questions asked so far; after
 * {@link #MAX_ROUNDS} the next unclear answer ends the dialogue (the predecessor never counted, §16.2 #22).
 */
public record ClarificationState(boolean awaiting, String originalQuestion, List<ChatMessage> history, int rounds,
                                 JsonNode context) {
    public static final int MAX_ROUNDS = 3;

    public ClarificationState {
        history = history == null ? List.of() : List.copyOf(history);
    }

    public static ClarificationState none() {
        return new ClarificationState(false, null, List.of(), 0, null);
    }

    /** The state after the clarifier asked {@code question}. */
    public ClarificationState asked(String original, String question, JsonNode clarificationContext) {
        List<ChatMessage> h = new ArrayList<>(history);
        h.add(ChatMessage.assistant(question));
        return new ClarificationState(true, awaiting ? originalQuestion : original, h, rounds + 1, clarificationContext);
    }

    /** The history with the user's latest answer appended. */
    public List<ChatMessage> historyWithAnswer(String answer) {
        List<ChatMessage> h = new ArrayList<>(history);
        h.add(ChatMessage.user(answer));
        return h;
    }

    public boolean roundsExhausted() {
        return rounds >= MAX_ROUNDS;
    }
}
