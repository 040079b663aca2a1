package barb.gateway;

import barb.core.Json;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;

import javax.sql.DataSource;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.OffsetDateTime;
import java.util.Optional;
import java.util.UUID;

/** The requests in Postgres (chat_logs, request_traces), as the trace-sink stored them. */
final class RequestStore {
    private final DataSource db;

    RequestStore(DataSource db) {
        this.db = db;
    }

    /**
     * A stored request as {@link RequestRef}; empty when it is not stored (yet) or is a shadow replay, which its
     * user never sees.
     */
    Optional<RequestRef> find(String requestId) throws SQLException {
        String sql = "select user_id, chat_id, created_at, completed_at from public.chat_logs"
                + " where request_id = ? and replay_mode is distinct from 'shadow'";
        try (Connection c = db.getConnection(); PreparedStatement ps = c.prepareStatement(sql)) {
            ps.setObject(1, UUID.fromString(requestId));
            try (ResultSet rs = ps.executeQuery()) {
                if (!rs.next()) {
                    return Optional.empty();
                }
                OffsetDateTime created = rs.getObject("created_at", OffsetDateTime.class);
                return Optional.of(new RequestRef(requestId, rs.getString("user_id"), rs.getString("chat_id"),
                        created == null ? 0 : created.toInstant().toEpochMilli(),
                        rs.getObject("completed_at") != null));
            }
        }
    }

    /** Stores the user's vote with the chat log; false when the user has no such stored request. */
    boolean setFeedback(String requestId, String userId, ObjectNode feedback) throws SQLException {
        String sql = "update public.chat_logs set feedback = ?::jsonb"
                + " where request_id = ? and user_id = ? and replay_mode is distinct from 'shadow'";
        try (Connection c = db.getConnection(); PreparedStatement ps = c.prepareStatement(sql)) {
            ps.setString(1, Json.toString(feedback));
            ps.setObject(2, UUID.fromString(requestId));
            ps.setObject(3, UUID.fromString(userId));
            return ps.executeUpdate() == 1;
        }
    }

    /**
     * The full query results of the user's request, one per plan, as the executor produced them (its step's
     * stored output); empty when the request ran no query or its step is not stored yet.
     */
    Optional<JsonNode> results(String requestId, String userId) throws SQLException {
        String sql = "select output_data -> 'results' as results from public.request_traces"
                + " where request_id = ? and user_id = ? and agent_name = 'executor'"
                + " and jsonb_typeof(output_data -> 'results') = 'array' order by step_number limit 1";
        try (Connection c = db.getConnection(); PreparedStatement ps = c.prepareStatement(sql)) {
            ps.setObject(1, UUID.fromString(requestId));
            ps.setObject(2, UUID.fromString(userId));
            try (ResultSet rs = ps.executeQuery()) {
                return rs.next() ? Optional.of(SqlValues.json(rs, "results")) : Optional.empty();
            }
        }
    }
}
