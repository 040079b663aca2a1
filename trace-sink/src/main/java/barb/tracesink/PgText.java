package barb.tracesink;

import barb.core.Json;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.fasterxml.jackson.databind.node.TextNode;

import java.util.Iterator;
import java.util.Map;

/**
 * Text as PostgreSQL can store it. Its text type refuses the NUL character (22021) and jsonb refuses the escape
 * {@code \u0000} (22P05); one such character would send the whole event to the dead-letter topic and lose the
 * chat log. The gateway already removes NUL from questions, but answers, replays of older records and model output
 * reach the sink by other ways, so the sink drops NUL itself and stores the rest.
 */
final class PgText {
    private static final String JSON_NUL_ESCAPE = "\\u0000";

    private PgText() {
    }

    static String text(String s) {
        if (s == null || s.indexOf('\0') < 0) {
            return s;
        }
        return s.replace("\0", "");
    }

    /** The node as jsonb input, NUL removed from every string and field name; null for a missing or null node. */
    static String json(JsonNode node) {
        if (node == null || node.isNull() || node.isMissingNode()) {
            return null;
        }
        String written = Json.toString(node);
        // Cheap test first: Jackson writes NUL as this escape, so without it there is nothing to clean. A literal
        // backslash followed by "u0000" in some text only costs the walk below.
        if (!written.contains(JSON_NUL_ESCAPE)) {
            return written;
        }
        return Json.toString(withoutNul(node));
    }

    private static JsonNode withoutNul(JsonNode node) {
        if (node.isTextual()) {
            return TextNode.valueOf(text(node.asText()));
        }
        if (node.isArray()) {
            ArrayNode out = Json.MAPPER.createArrayNode();
            node.forEach(v -> out.add(withoutNul(v)));
            return out;
        }
        if (node.isObject()) {
            ObjectNode out = Json.object();
            for (Iterator<Map.Entry<String, JsonNode>> it = node.fields(); it.hasNext(); ) {
                Map.Entry<String, JsonNode> field = it.next();
                out.set(text(field.getKey()), withoutNul(field.getValue()));
            }
            return out;
        }
        return node;
    }
}
