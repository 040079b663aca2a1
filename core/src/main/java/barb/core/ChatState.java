package barb.core;

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
}
