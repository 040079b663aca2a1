package barb.gateway;

import com.fasterxml.jackson.databind.JsonNode;
import io.helidon.http.Status;
import io.helidon.webserver.http.ServerRequest;
import io.helidon.webserver.http.ServerResponse;

import java.sql.SQLException;

/**
 * A user's chats: list ({@code GET /chats}), create ({@code POST /chats}), rename ({@code PATCH /chats/{id}}),
 * soft-delete ({@code DELETE /chats/{id}}), messages with their traces and feedback
 * ({@code GET /chats/{id}/messages}) and usage ({@code GET /chats/{id}/usage}). Another user's chat is a 404, like
 * one that does not exist, so chat ids reveal nothing.
 */
final class ChatRoutes {
    private static final int DEFAULT_MESSAGE_LIMIT = 100;
    private static final int MAX_MESSAGE_LIMIT = 1000;

    private final Chats chats;
    private final ChatStore store;

    ChatRoutes(Chats chats, ChatStore store) {
        this.chats = chats;
        this.store = store;
    }

    void list(ServerRequest req, ServerResponse res, String userId) throws SQLException {
        HttpJson.send(res, 200, store.chats(userId));
    }

    void create(ServerRequest req, ServerResponse res, String userId) throws SQLException {
        // An empty body is a chat without a title: the first answer names it.
        JsonNode body = req.content().hasEntity() ? JsonBody.object(req) : null;
        String title = body == null ? null : ChatTitle.optional(body);
        HttpJson.send(res, 201, chats.create(userId, title));
    }

    void rename(ServerRequest req, ServerResponse res, String userId) throws SQLException {
        String chatId = chatId(req);
        String title = ChatTitle.required(JsonBody.object(req));
        HttpJson.send(res, 200, chats.rename(chatId, userId, title));
    }

    void delete(ServerRequest req, ServerResponse res, String userId) throws SQLException {
        chats.delete(chatId(req), userId);
        res.status(Status.NO_CONTENT_204).send();
    }

    void messages(ServerRequest req, ServerResponse res, String userId) throws SQLException {
        String chatId = chatId(req);
        int limit = QueryParams.intParam(req, "limit", DEFAULT_MESSAGE_LIMIT, 1, MAX_MESSAGE_LIMIT);
        // Someone else's chat is "no such chat", exactly like a chat that does not exist: ids do not leak.
        if (store.activeChat(chatId, userId).isEmpty()) {
            throw HttpError.notFound("id: no such chat");
        }
        HttpJson.send(res, 200, store.messages(chatId, userId, limit));
    }

    void usage(ServerRequest req, ServerResponse res, String userId) throws SQLException {
        String chatId = chatId(req);
        HttpJson.send(res, 200, store.usage(chatId, userId)
                .orElseThrow(() -> HttpError.notFound("id: no such chat")));
    }

    private static String chatId(ServerRequest req) {
        return ChatRequest.parseUuid(req.path().pathParameters().get("id"), "id");
    }
}
