package barb.gateway;

import barb.core.Json;
import com.fasterxml.jackson.databind.JsonNode;
import io.helidon.webserver.http.ServerRequest;

import java.io.IOException;

/** A request body that must be one JSON object (bounded, {@code application/json}; see {@link HttpJson}). */
final class JsonBody {
    private JsonBody() {
    }

    static JsonNode object(ServerRequest req) {
        return object(HttpJson.readBody(req));
    }

    static JsonNode object(byte[] body) {
        JsonNode root;
        try {
            root = body == null || body.length == 0 ? null : Json.MAPPER.readTree(body);
        } catch (IOException e) {
            throw new HttpError(400, "invalid_json", "body: not valid JSON");
        }
        if (root == null || !root.isObject()) {
            throw new HttpError(400, "invalid_json", "body: must be a JSON object");
        }
        return root;
    }

    /** The field's text with control characters removed and blanks stripped; null when absent or JSON null. */
    static String optionalText(JsonNode root, String field) {
        JsonNode node = root.get(field);
        if (node == null || node.isNull()) {
            return null;
        }
        if (!node.isTextual()) {
            throw HttpError.badRequest(field + ": must be a string");
        }
        return MessageText.normalise(node.asText()).strip();
    }
}
