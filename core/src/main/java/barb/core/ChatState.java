package barb.core;

import com.fasterxml.jackson.databind.JsonNode;

import java.util.List;

/**
 * The state of one chat kept in the compacted topic {@link Topics#CHAT_STATE}, keyed by chat id.
 * {@code lastRequestId} names the request that wrote it, so a reader can tell whether it has seen the
 * outcome of a given request.
 */
public record ChatState(String chatId, String userId, String title, Memory memory, ClarificationState clarification,
                        String lastRequestId, long updatedAtMs) {
    public ChatState {
        memory = memory == null ? Memory.empty() : memory;
        clarification = clarification == null ? ClarificationState.none() : clarification;
    }

    public static ChatState fresh(String chatId, String userId) {
        return new ChatState(chatId, userId, null, Memory.empty(), ClarificationState.none(), null, 0);
    }

    /**
     * The chat's state once {@code env}'s request finished with this answer: the exchange (and any key facts) in
     * memory, the clarification state from now on, and the title the understander suggested when the chat had none.
     */
    public static ChatState afterRequest(RequestEnvelope env, String response, ClarificationState clarification,
                                         List<String> keyFacts, long nowMs) {
        ChatState before = env.chatStateOrFresh();
        String title = before.title() != null ? before.title() : suggestedTitle(env);
        return new ChatState(env.chatId(), env.userId(), title,
                before.memory().withExchange(env.question(), response).withKeyFacts(keyFacts), clarification,
                env.requestId(), nowMs);
    }

    /**
     * The chat's state once {@code env}'s request was cancelled: memory and clarification as they were (the user
     * saw no answer), marked as written by the request so readers waiting for its outcome see one.
     */
    public static ChatState afterCancel(RequestEnvelope env, long nowMs) {
        ChatState before = env.chatStateOrFresh();
        return new ChatState(env.chatId(), env.userId(), before.title(), before.memory(), before.clarification(),
                env.requestId(), nowMs);
    }

    /** The understander's suggested title for a chat's first message, at most 40 characters, or null. */
    public static String suggestedTitle(RequestEnvelope env) {
        if (!env.needsTitle() || env.understanding() == null) {
            return null;
        }
        JsonNode t = env.understanding().get("suggested_title");
        if (t == null || !t.isTextual() || t.asText().isBlank()) {
            return null;
        }
        String title = t.asText().strip();
        return title.length() > 40 ? title.substring(0, 40) : title;
    }
}
