package barb.core;

import java.util.List;
import java.util.Map;

/**
 * The outcome of a request, carried by the {@code done} event: what chat_logs is completed with, and the
 * chat's state after it.
 *
 * @param route          data | clarify | chitchat | concept | unsupported | error
 * @param usage          usage per agent plus "total"
 * @param suggestedTitle a title for a chat that has none yet, or null
 */
public record RequestCompletion(String route, String response, List<String> agentsUsed, Map<String, Usage> usage,
                                long durationMs, String suggestedTitle, ChatState chatState, boolean ok) {
}
