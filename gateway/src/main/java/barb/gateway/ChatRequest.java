package barb.gateway;

import barb.core.Json;
import com.fasterxml.jackson.databind.JsonNode;

import java.io.IOException;
import java.util.UUID;

/**
 * The body of {@code POST /chat/stream}: {@code {"message": string, "chat_id": uuid | null}}. Other fields
 * (such as the predecessor's deprecated {@code session_id}) are ignored.
 *
 * @param chatId the chat to continue, canonical lower-case UUID, or null for a new chat
 */
record ChatRequest(String message, String chatId) {

    static ChatRequest parse(byte[] body, int maxMessageChars) {
        JsonNode root;
        try {
            root = body == null || body.length == 0 ? null : Json.MAPPER.readTree(body);
        } catch (IOException e) {
            throw new HttpError(400, "invalid_json", "body: not valid JSON");
        }
        if (root == null || !root.isObject()) {
            throw new HttpError(400, "invalid_json", "body: must be a JSON object");
        }
        JsonNode message = root.get("message");
        if (message == null || message.isNull()) {
            throw HttpError.badRequest("message: required");
        }
        if (!message.isTextual()) {
            throw HttpError.badRequest("message: must be a string");
        }
        String text = message.asText();
        if (text.isBlank()) {
            throw HttpError.badRequest("message: must not be blank");
        }
        int chars = text.codePointCount(0, text.length());
        if (chars > maxMessageChars) {
            throw HttpError.badRequest("message: at most " + maxMessageChars + " characters, got " + chars);
        }
        String clean = MessageText.normalise(text).strip();
        if (clean.isEmpty()) {
            throw HttpError.badRequest("message: has no text, only control characters");
        }
        return new ChatRequest(clean, chatId(root.get("chat_id")));
    }

    private static String chatId(JsonNode node) {
        if (node == null || node.isNull()) {
            return null;
        }
        if (!node.isTextual()) {
            throw HttpError.badRequest("chat_id: must be a UUID string or null");
        }
        return parseUuid(node.asText(), "chat_id");
    }

    /** The canonical form of a UUID, or a 400 naming {@code field}. */
    static String parseUuid(String raw, String field) {
        String s = raw == null ? "" : raw.trim();
        // UUID.fromString accepts shortened groups such as "1-2-3-4-5"; only the 36-character form is a chat id.
        if (s.length() != 36) {
            throw HttpError.badRequest(field + ": not a UUID");
        }
        try {
            return UUID.fromString(s).toString();
        } catch (IllegalArgumentException e) {
            throw HttpError.badRequest(field + ": not a UUID");
        }
    }
}
