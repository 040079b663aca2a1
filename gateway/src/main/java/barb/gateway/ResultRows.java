package barb.gateway;

import barb.core.Json;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.NullNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.helidon.webserver.http.ServerRequest;

import java.util.ArrayList;
import java.util.Iterator;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

/**
 * One page of a query result's rows ({@code GET /requests/{id}/rows}): the columns once, then each row as an
 * array in their order, so a large table is not sent with its column names on every row.
 *
 * @param block  which result of the request: its n-th plan, from 0
 * @param kind   {@code table} (the result the user sees) or {@code source} (the rows it was computed from, at most
 *               1000 kept; {@code source_row_count} says how many there were)
 */
record ResultRows(int block, int offset, int limit, String kind) {
    static final int DEFAULT_LIMIT = 100;
    static final int MAX_LIMIT = 1000;
    static final String TABLE = "table";
    static final String SOURCE = "source";

    static ResultRows of(ServerRequest req) {
        return new ResultRows(QueryParams.intParam(req, "block", 0, 0, 999),
                QueryParams.intParam(req, "offset", 0, 0, Integer.MAX_VALUE),
                QueryParams.intParam(req, "limit", DEFAULT_LIMIT, 1, MAX_LIMIT),
                QueryParams.oneOf(req, "kind", TABLE, SOURCE));
    }

    /** The page out of the request's results (the executor's list, one per plan); a 404 when there is no such block. */
    ObjectNode page(String requestId, JsonNode results) {
        if (results == null || !results.isArray() || block >= results.size()) {
            int blocks = results == null || !results.isArray() ? 0 : results.size();
            throw HttpError.notFound("block: request " + requestId + " has " + blocks + " result block"
                    + (blocks == 1 ? "" : "s") + (blocks == 0 ? "" : ", numbered from 0"));
        }
        JsonNode result = results.get(block);
        JsonNode rows = result.path(kind.equals(TABLE) ? "table" : "source_rows");
        List<JsonNode> all = new ArrayList<>();
        rows.forEach(all::add);
        List<String> columns = columns(kind.equals(TABLE) ? result.get("columns") : null, all);

        ObjectNode page = Json.object().put("request_id", requestId).put("block", block).put("kind", kind);
        page.put("plan_id", result.path("plan_id").asText(null));
        page.set("columns", Json.tree(columns));
        ArrayNode out = page.putArray("rows");
        for (int i = offset; i < all.size() && i < (long) offset + limit; i++) {
            ArrayNode row = out.addArray();
            for (String column : columns) {
                JsonNode v = all.get(i).get(column);
                row.add(v == null ? NullNode.getInstance() : v);
            }
        }
        page.put("total", all.size());
        if (kind.equals(SOURCE)) {
            page.put("source_row_count", result.path("source_row_count").asLong(all.size()));
        }
        page.put("offset", offset);
        page.put("limit", limit);
        return page;
    }

    /** The result's own column list first, then any other field the rows carry, in the order first met. */
    private static List<String> columns(JsonNode declared, List<JsonNode> rows) {
        Set<String> names = new LinkedHashSet<>();
        if (declared != null && declared.isArray()) {
            declared.forEach(c -> names.add(c.asText()));
        }
        for (JsonNode row : rows) {
            for (Iterator<String> it = row.fieldNames(); it.hasNext(); ) {
                names.add(it.next());
            }
        }
        return List.copyOf(names);
    }
}
