package barb.core;

/** One message of a conversation: role is "user" or "assistant". */
public record ChatMessage(String role, String content) {
    public static ChatMessage user(String content) {
        return new ChatMessage("user", content);
    }

    public static ChatMessage assistant(String content) {
        return new ChatMessage("assistant", content);
    }
}
