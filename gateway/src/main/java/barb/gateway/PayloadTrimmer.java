package barb.gateway;

import barb.core.Json;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;

import java.util.Iterator;
import java.util.Map;

/**
 * Keeps client payloads small (the predecessor streamed every executor row with all its columns, §16.2 #34):
 * any array longer than {@link #MAX_ITEMS}, at any depth, keeps its first items followed by one marker object
 * {@code {"truncated": true, "shown": 20, "total": n}}. The input is never changed.
 */
final class PayloadTrimmer {
    static final int MAX_ITEMS = 20;

    private PayloadTrimmer() {
    }

    static JsonNode trim(JsonNode node) {
        if (node == null) {
            return null;
        }
        if (node.isArray()) {
            ArrayNode out = Json.MAPPER.createArrayNode();
            int n = Math.min(node.size(), MAX_ITEMS);
            for (int i = 0; i < n; i++) {
                out.add(trim(node.get(i)));
            }
            if (node.size() > MAX_ITEMS) {
                out.add(Json.object().put("truncated", true).put("shown", MAX_ITEMS).put("total", node.size()));
            }
            return out;
        }
        if (node.isObject()) {
            ObjectNode out = Json.object();
            Iterator<Map.Entry<String, JsonNode>> fields = node.fields();
            while (fields.hasNext()) {
                Map.Entry<String, JsonNode> f = fields.next();
                out.set(f.getKey(), trim(f.getValue()));
            }
            return out;
        }
        return node;
    }
}
