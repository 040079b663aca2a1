package barb.gateway;

import barb.core.ChatState;
import barb.core.ClarificationState;
import barb.core.Memory;
import com.fasterxml.jackson.databind.node.ObjectNode;

import java.sql.SQLException;
import java.util.Optional;

/**
 * A user's chats, from the two places they live: the chat-state topic (memory and clarification, known as soon as
 * a request finished) and Postgres (title and status, which the user changes, and every chat the trace-sink
 * stored). Postgres decides ownership and deletion when it has the chat; the topic alone decides only for a chat
 * whose first answer is not stored yet.
 */
final class Chats {
    private final ChatStore store;
    private final ChatStateView states;
    private final ChatLocks locks;
    private final CancelPublisher cancels;

    Chats(ChatStore store, ChatStateView states, ChatLocks locks, CancelPublisher cancels) {
        this.store = store;
        this.states = states;
        this.locks = locks;
        this.cancels = cancels;
    }

    /**
     * The state a new message in the user's chat starts from, with the title the user gave it; a 404 naming
     * {@code field} when the chat does not exist, is someone else's or was deleted.
     */
    ChatState forMessage(String chatId, String userId, String field) throws SQLException {
        Optional<ChatState> known = states.get(chatId);
        if (known.isPresent() && !userId.equals(known.get().userId())) {
            throw notFound(field);
        }
        Optional<ChatStore.AnyChat> row = store.anyChat(chatId);
        if (row.isEmpty()) {
            // Not stored yet (the trace-sink writes a moment after the answer): the topic's word is enough.
            return known.orElseThrow(() -> notFound(field));
        }
        if (!userId.equals(row.get().userId()) || !row.get().active()) {
            throw notFound(field);
        }
        String title = row.get().title();
        if (known.isEmpty()) {
            // Known to Postgres but not to the state topic (e.g. older than the topic, or made by POST /chats).
            return new ChatState(chatId, userId, title, Memory.empty(), ClarificationState.none(), null, 0);
        }
        ChatState s = known.get();
        // A rename is written to Postgres only; the next request carries it into the chat's state.
        return title == null ? s : new ChatState(s.chatId(), s.userId(), title, s.memory(), s.clarification(),
                s.lastRequestId(), s.updatedAtMs());
    }

    ObjectNode create(String userId, String title) throws SQLException {
        return store.create(userId, title);
    }

    ObjectNode rename(String chatId, String userId, String title) throws SQLException {
        storeIfOnlyInTopic(chatId, userId);
        return store.rename(chatId, userId, title).orElseThrow(() -> notFound("id"));
    }

    /** Soft-deletes the chat; a request it is running in this gateway is cancelled, since nobody will read it. */
    void delete(String chatId, String userId) throws SQLException {
        storeIfOnlyInTopic(chatId, userId);
        if (!store.delete(chatId, userId)) {
            throw notFound("id");
        }
        Optional<String> running = locks.holder(chatId);
        if (running.isPresent()) {
            cancels.cancel(running.get(), userId);
        }
    }

    private void storeIfOnlyInTopic(String chatId, String userId) throws SQLException {
        ChatState known = states.get(chatId).orElse(null);
        if (known != null && userId.equals(known.userId()) && store.anyChat(chatId).isEmpty()) {
            store.materialise(chatId, userId, known.title());
        }
    }

    private static HttpError notFound(String field) {
        return HttpError.notFound(field + ": no such chat");
    }
}
