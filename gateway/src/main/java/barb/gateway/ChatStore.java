package barb.gateway;

import barb.core.Json;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;

import javax.sql.DataSource;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;

/**
 * The chats in Postgres: what the gateway reads (a user's active chats, a chat's messages with their step traces,
 * its usage) and what users change themselves (create, rename, soft-delete). The trace-sink writes the rest.
 * Every query names the user, so nobody reads or changes another user's chat.
 */
final class ChatStore {
    /** An active chat owned by the user. */
    record ChatRow(String id, String title) {
    }

    /**
     * A chat whoever owns it, and whatever its status: what a new message needs to tell "not yours" and "deleted"
     * apart from "not stored yet".
     */
    record AnyChat(String id, String userId, String title, boolean active) {
    }

    private static final int MAX_CHATS = 500;
    private static final String CHAT_COLUMNS = "id, title, created_at, updated_at";

    private final DataSource db;
    private final StandInUsers users;

    ChatStore(DataSource db) {
        this.db = db;
        this.users = new StandInUsers();
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

    Optional<AnyChat> anyChat(String chatId) throws SQLException {
        String sql = "select id, user_id, title, status from public.chat_sessions where id = ?";
        try (Connection c = db.getConnection(); PreparedStatement ps = c.prepareStatement(sql)) {
            ps.setObject(1, UUID.fromString(chatId));
            try (ResultSet rs = ps.executeQuery()) {
                if (!rs.next()) {
                    return Optional.empty();
                }
                return Optional.of(new AnyChat(rs.getString("id"), rs.getString("user_id"), rs.getString("title"),
                        "active".equals(rs.getString("status"))));
            }
        }
    }

    /** The user's active chats, most recently updated first. */
    ArrayNode chats(String userId) throws SQLException {
        String sql = "select " + CHAT_COLUMNS + ", stats from public.chat_sessions"
                + " where user_id = ? and status = 'active' order by updated_at desc nulls last limit " + MAX_CHATS;
        ArrayNode out = Json.MAPPER.createArrayNode();
        try (Connection c = db.getConnection(); PreparedStatement ps = c.prepareStatement(sql)) {
            ps.setObject(1, UUID.fromString(userId));
            try (ResultSet rs = ps.executeQuery()) {
                while (rs.next()) {
                    ObjectNode chat = chat(rs);
                    chat.set("stats", SqlValues.json(rs, "stats"));
                    out.add(chat);
                }
            }
        }
        return out;
    }

    /** A new, empty chat of the user's. */
    ObjectNode create(String userId, String title) throws SQLException {
        String sql = "insert into public.chat_sessions (id, user_id, title) values (?, ?, ?) returning " + CHAT_COLUMNS;
        try (Connection c = db.getConnection()) {
            users.ensure(c, userId);
            try (PreparedStatement ps = c.prepareStatement(sql)) {
                ps.setObject(1, UUID.randomUUID());
                ps.setObject(2, UUID.fromString(userId));
                ps.setString(3, title);
                try (ResultSet rs = ps.executeQuery()) {
                    rs.next();
                    return chat(rs);
                }
            }
        }
    }

    /**
     * Makes sure a chat known so far only from the chat-state topic (its first answer is not stored yet) has its
     * row, so it can be renamed or deleted at once. The trace-sink's later insert leaves the row as it is.
     */
    void materialise(String chatId, String userId, String title) throws SQLException {
        String sql = "insert into public.chat_sessions (id, user_id, title) values (?, ?, ?) on conflict (id) do nothing";
        try (Connection c = db.getConnection()) {
            users.ensure(c, userId);
            try (PreparedStatement ps = c.prepareStatement(sql)) {
                ps.setObject(1, UUID.fromString(chatId));
                ps.setObject(2, UUID.fromString(userId));
                ps.setString(3, title);
                ps.executeUpdate();
            }
        }
    }

    /** The renamed chat, or empty when the user has no such active chat. */
    Optional<ObjectNode> rename(String chatId, String userId, String title) throws SQLException {
        String sql = "update public.chat_sessions set title = ? where id = ? and user_id = ? and status = 'active'"
                + " returning " + CHAT_COLUMNS;
        try (Connection c = db.getConnection(); PreparedStatement ps = c.prepareStatement(sql)) {
            ps.setString(1, title);
            ps.setObject(2, UUID.fromString(chatId));
            ps.setObject(3, UUID.fromString(userId));
            try (ResultSet rs = ps.executeQuery()) {
                return rs.next() ? Optional.of(chat(rs)) : Optional.empty();
            }
        }
    }

    /** Soft delete: the chat and everything in it stay stored, but nobody sees it again. False: no such chat. */
    boolean delete(String chatId, String userId) throws SQLException {
        String sql = "update public.chat_sessions set status = 'deleted', deleted_at = now()"
                + " where id = ? and user_id = ? and status = 'active'";
        try (Connection c = db.getConnection(); PreparedStatement ps = c.prepareStatement(sql)) {
            ps.setObject(1, UUID.fromString(chatId));
            ps.setObject(2, UUID.fromString(userId));
            return ps.executeUpdate() == 1;
        }
    }

    /**
     * What the chat's answered requests cost, counted once per request by the trace-sink (shadow replays are not
     * counted); empty when the user has no such active chat.
     */
    Optional<ObjectNode> usage(String chatId, String userId) throws SQLException {
        String sql = "select stats from public.chat_sessions where id = ? and user_id = ? and status = 'active'";
        try (Connection c = db.getConnection(); PreparedStatement ps = c.prepareStatement(sql)) {
            ps.setObject(1, UUID.fromString(chatId));
            ps.setObject(2, UUID.fromString(userId));
            try (ResultSet rs = ps.executeQuery()) {
                if (!rs.next()) {
                    return Optional.empty();
                }
                JsonNode stats = SqlValues.json(rs, "stats");
                ObjectNode usage = Json.object().put("chat_id", chatId);
                usage.put("requests", stats.path("message_count").asLong(0));
                usage.put("input_tokens", stats.path("input_tokens").asLong(0));
                usage.put("output_tokens", stats.path("output_tokens").asLong(0));
                usage.put("thinking_tokens", stats.path("thinking_tokens").asLong(0));
                usage.put("cached_tokens", stats.path("cached_tokens").asLong(0));
                usage.put("cost_usd", stats.path("cost_usd").asDouble(0));
                return Optional.of(usage);
            }
        }
    }

    /**
     * The chat's latest {@code limit} messages, oldest first, each with its feedback and its traces ordered by
     * step. Trace inputs and outputs are trimmed like the live stream's.
     */
    ArrayNode messages(String chatId, String userId, int limit) throws SQLException {
        String sql = "select * from (select id, request_id, question, response, route, agents_used, duration_ms,"
                + " usage, feedback, created_at from public.chat_logs where chat_id = ? and user_id = ?"
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
                        m.set("agents_used", SqlValues.textArray(rs, "agents_used"));
                        m.set("duration_ms", SqlValues.intOrNull(rs, "duration_ms"));
                        m.set("usage", SqlValues.json(rs, "usage"));
                        m.set("feedback", Feedback.shown(SqlValues.json(rs, "feedback")));
                        m.put("created_at", SqlValues.timestamp(rs, "created_at"));
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
                    t.set("input_data", PayloadTrimmer.trim(SqlValues.json(rs, "input_data")));
                    t.set("output_data", PayloadTrimmer.trim(SqlValues.json(rs, "output_data")));
                    t.set("usage", SqlValues.json(rs, "usage"));
                    t.set("duration_ms", SqlValues.intOrNull(rs, "duration_ms"));
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

    /** The chat as the API shows it: {@code chat_id}, {@code title}, {@code created_at}, {@code updated_at}. */
    private static ObjectNode chat(ResultSet rs) throws SQLException {
        ObjectNode chat = Json.object();
        chat.put("chat_id", rs.getString("id"));
        chat.put("title", rs.getString("title"));
        chat.put("created_at", SqlValues.timestamp(rs, "created_at"));
        chat.put("updated_at", SqlValues.timestamp(rs, "updated_at"));
        return chat;
    }
}
