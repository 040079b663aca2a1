package barb.gateway;

import com.fasterxml.jackson.databind.JsonNode;

/** A title the user gives a chat: 1 to 200 characters once trimmed, control characters removed. */
final class ChatTitle {
    static final int MAX_CHARS = 200;

    private ChatTitle() {
    }

    /** The body's {@code title}; a 400 naming the field when it is missing or does not fit. */
    static String required(JsonNode body) {
        String title = optional(body);
        if (title == null) {
            throw HttpError.badRequest("title: required");
        }
        return title;
    }

    /** The body's {@code title}, or null when it has none. */
    static String optional(JsonNode body) {
        String title = JsonBody.optionalText(body, "title");
        if (title == null) {
            return null;
        }
        if (title.isEmpty()) {
            throw HttpError.badRequest("title: must not be blank");
        }
        int chars = title.codePointCount(0, title.length());
        if (chars > MAX_CHARS) {
            throw HttpError.badRequest("title: at most " + MAX_CHARS + " characters, got " + chars);
        }
        return title;
    }
}
