package barb.gateway;

import barb.core.Json;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.NullNode;
import com.fasterxml.jackson.databind.node.ObjectNode;

import javax.sql.DataSource;
import java.sql.Array;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.OffsetDateTime;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;

/**
 * What the gateway reads from Postgres (the trace-sink writes it): a user's active chats and a chat's messages
 * with their step traces. Every query is scoped to the user, so nobody reads another user's chat.
 */
final class ChatStore {
    /** An active chat owned by the user. */
    record ChatRow(String id, String title) {
    }

    private static final int MAX_CHATS = 500;

    private final DataSource db;

    ChatStore(DataSource db) {
        this.db = db;
    }

    Optional<ChatRow> activeChat(String chatId, String userId) throws SQLException {
        String sql = "select id, title from public.chat_sessions where id = ? and user_id = ? and status = 'active'";
        try (Connection c = db.getConnection(); PreparedStatement ps = c.prepareStatement(sql)) {
            ps.setObject(1, UUID.fromString(chatId));
            ps.setObject(2, UUID.fromString(userId));
            try (ResultSet rs = ps.executeQuery()) {
                return rs.next() ? Optional.of(new ChatRow(rs.getString("id"), rs.getString("title")))
                        : Optional.empty();
            }
        }
    }

    /** The user's active chats, most recently updated first. */
    ArrayNode chats(String userId) throws SQLException {
        String sql = "select id, title, stats, created_at, updated_at from public.chat_sessions"
                + " where user_id = ? and status = 'active' order by updated_at desc nulls last limit " + MAX_CHATS;
        ArrayNode out = Json.MAPPER.createArrayNode();
        try (Connection c = db.getConnection(); PreparedStatement ps = c.prepareStatement(sql)) {
            ps.setObject(1, UUID.fromString(userId));
            try (ResultSet rs = ps.executeQuery()) {
                while (rs.next()) {
                    ObjectNode chat = out.addObject();
                    chat.put("id", rs.getString("id"));
                    chat.put("title", rs.getString("title"));
                    chat.set("stats", json(rs.getString("stats")));
                    chat.put("created_at", timestamp(rs, "created_at"));
                    chat.put("updated_at", timestamp(rs, "updated_at"));
                }
            }
        }
        return out;
    }

    /**
     * The chat's latest {@code limit} messages, oldest first, each with its traces ordered by step. Trace
     * inputs and outputs are trimmed like the live stream's.
     */
    ArrayNode messages(String chatId, String userId, int limit) throws SQLException {
        String sql = "select * from (select id, request_id, question, response, route, agents_used, duration_ms,"
                + " usage, created_at from public.chat_logs where chat_id = ? and user_id = ?"
                // A shadow replay (barb replay) runs in the chat's name but is never shown in it.
                + " and replay_mode is distinct from 'shadow'"
                + " order by created_at desc, id desc limit ?) latest order by created_at, id";
        ArrayNode out = Json.MAPPER.createArrayNode();
        Map<String, ArrayNode> tracesByRequest = new LinkedHashMap<>();
        try (Connection c = db.getConnection()) {
            try (PreparedStatement ps = c.prepareStatement(sql)) {
                ps.setObject(1, UUID.fromString(chatId));
                ps.setObject(2, UUID.fromString(userId));
                ps.setInt(3, limit);
                try (ResultSet rs = ps.executeQuery()) {
                    while (rs.next()) {
                        ObjectNode m = out.addObject();
                        m.put("id", rs.getLong("id"));
                        String requestId = rs.getString("request_id");
                        m.put("request_id", requestId);
                        m.put("question", rs.getString("question"));
                        m.put("response", rs.getString("response"));
                        m.put("route", rs.getString("route"));
                        m.set("agents_used", textArray(rs.getArray("agents_used")));
                        m.set("duration_ms", intOrNull(rs, "duration_ms"));
                        m.set("usage", json(rs.getString("usage")));
                        m.put("created_at", timestamp(rs, "created_at"));
                        ArrayNode traces = m.putArray("traces");
                        if (requestId != null) {
                            tracesByRequest.put(requestId, traces);
                        }
                    }
                }
            }
            if (!tracesByRequest.isEmpty()) {
                addTraces(c, tracesByRequest);
            }
        }
        return out;
    }

    private static void addTraces(Connection c, Map<String, ArrayNode> tracesByRequest) throws SQLException {
        String sql = "select request_id, step_number, agent_name, input_data, output_data, usage, duration_ms"
                + " from public.request_traces where request_id = any(?) order by request_id, step_number";
        List<UUID> ids = new ArrayList<>();
        tracesByRequest.keySet().forEach(id -> ids.add(UUID.fromString(id)));
        try (PreparedStatement ps = c.prepareStatement(sql)) {
            ps.setArray(1, c.createArrayOf("uuid", ids.toArray()));
            try (ResultSet rs = ps.executeQuery()) {
                while (rs.next()) {
                    ArrayNode traces = tracesByRequest.get(rs.getString("request_id"));
                    ObjectNode t = traces.addObject();
                    t.put("step_number", rs.getInt("step_number"));
                    t.put("agent_name", rs.getString("agent_name"));
                    t.set("input_data", PayloadTrimmer.trim(json(rs.getString("input_data"))));
                    t.set("output_data", PayloadTrimmer.trim(json(rs.getString("output_data"))));
                    t.set("usage", json(rs.getString("usage")));
                    t.set("duration_ms", intOrNull(rs, "duration_ms"));
                }
            }
        }
    }

    /** Cheap liveness check for /healthz. */
    boolean reachable() {
        try (Connection c = db.getConnection()) {
            return c.isValid(2);
        } catch (SQLException e) {
            return false;
        }
    }

    private static JsonNode json(String text) {
        return text == null ? NullNode.getInstance() : Json.parse(text);
    }

    private static JsonNode intOrNull(ResultSet rs, String column) throws SQLException {
        int v = rs.getInt(column);
        return rs.wasNull() ? NullNode.getInstance() : Json.MAPPER.getNodeFactory().numberNode(v);
    }

    private static ArrayNode textArray(Array array) throws SQLException {
        ArrayNode out = Json.MAPPER.createArrayNode();
        if (array == null) {
            return out;
        }
        for (Object o : (Object[]) array.getArray()) {
            out.add(o == null ? null : o.toString());
        }
        return out;
    }

    private static String timestamp(ResultSet rs, String column) throws SQLException {
        OffsetDateTime t = rs.getObject(column, OffsetDateTime.class);
        return t == null ? null : t.toInstant().toString();
    }
}
