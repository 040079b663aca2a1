package barb.gateway;

import barb.core.Json;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.NullNode;

import java.sql.Array;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.OffsetDateTime;

/** Column values of the chat tables as JSON: jsonb as a tree, nullable integers, text arrays, ISO timestamps. */
final class SqlValues {
    private SqlValues() {
    }

    static JsonNode json(ResultSet rs, String column) throws SQLException {
        String text = rs.getString(column);
        return text == null ? NullNode.getInstance() : Json.parse(text);
    }

    static JsonNode intOrNull(ResultSet rs, String column) throws SQLException {
        int v = rs.getInt(column);
        return rs.wasNull() ? NullNode.getInstance() : Json.MAPPER.getNodeFactory().numberNode(v);
    }

    static ArrayNode textArray(ResultSet rs, String column) throws SQLException {
        ArrayNode out = Json.MAPPER.createArrayNode();
        Array array = rs.getArray(column);
        if (array == null) {
            return out;
        }
        for (Object o : (Object[]) array.getArray()) {
            out.add(o == null ? null : o.toString());
        }
        return out;
    }

    static String timestamp(ResultSet rs, String column) throws SQLException {
        OffsetDateTime t = rs.getObject(column, OffsetDateTime.class);
        return t == null ? null : t.toInstant().toString();
    }
}
