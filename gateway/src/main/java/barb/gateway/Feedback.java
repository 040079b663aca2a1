package barb.gateway;

import barb.core.Json;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.NullNode;
import com.fasterxml.jackson.databind.node.ObjectNode;

import java.time.Instant;

/**
 * A user's vote on an answer, stored in {@code chat_logs.feedback} as {@code {"vote", "comment", "at"}}; the last
 * vote replaces the one before.
 *
 * @param vote    up | down
 * @param comment what the user added, or null
 */
record Feedback(String vote, String comment) {
    static final int MAX_COMMENT_CHARS = 2000;

    /** The body of {@code POST /requests/{id}/feedback}; a 400 naming the field otherwise. */
    static Feedback parse(JsonNode body) {
        String vote = JsonBody.optionalText(body, "vote");
        if (vote == null) {
            throw HttpError.badRequest("vote: required, \"up\" or \"down\"");
        }
        if (!vote.equals("up") && !vote.equals("down")) {
            throw HttpError.badRequest("vote: must be \"up\" or \"down\"");
        }
        String comment = JsonBody.optionalText(body, "comment");
        if (comment != null && comment.isEmpty()) {
            comment = null;
        }
        if (comment != null && comment.codePointCount(0, comment.length()) > MAX_COMMENT_CHARS) {
            throw HttpError.badRequest("comment: at most " + MAX_COMMENT_CHARS + " characters");
        }
        return new Feedback(vote, comment);
    }

    /** What is stored: the vote, the comment and when it was given. */
    ObjectNode stored(Instant at) {
        return Json.object().put("vote", vote).put("comment", comment).put("at", at.toString());
    }

    /** What a message shows of stored feedback: {@code {"vote", "comment"}}, or null when there is none. */
    static JsonNode shown(JsonNode stored) {
        if (stored == null || !stored.isObject() || !stored.path("vote").isTextual()) {
            return NullNode.getInstance();
        }
        ObjectNode shown = Json.object().put("vote", stored.get("vote").asText());
        JsonNode comment = stored.get("comment");
        shown.put("comment", comment == null || comment.isNull() ? null : comment.asText());
        return shown;
    }
}
