package barb.gateway;

import barb.core.Json;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;

import javax.sql.DataSource;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.Optional;
import java.util.UUID;

/**
 * What the ops page reads from Postgres (the trace-sink writes it): the slowest recent requests and one request's
 * steps. Operators see every user's requests; there is no operator role yet (the gateway runs in dev mode).
 */
final class OpsStore {
    /** Questions are cut to this many characters in the list; the trace has them whole. */
    static final int QUESTION_CHARS = 160;

    private final DataSource db;

    OpsStore(DataSource db) {
        this.db = db;
    }

    /** Finished requests created in the last {@code minutes}, slowest first. */
    ArrayNode slowest(int minutes, int limit) throws SQLException {
        String sql = "select request_id, chat_id, question, route, agents_used, duration_ms, created_at"
                + " from public.chat_logs where created_at > now() - make_interval(mins => ?)"
                + " and completed_at is not null and duration_ms is not null"
                + " order by duration_ms desc, created_at desc limit ?";
        ArrayNode out = Json.MAPPER.createArrayNode();
        try (Connection c = db.getConnection(); PreparedStatement ps = c.prepareStatement(sql)) {
            ps.setInt(1, minutes);
            ps.setInt(2, limit);
            try (ResultSet rs = ps.executeQuery()) {
                while (rs.next()) {
                    ObjectNode r = out.addObject();
                    String requestId = rs.getString("request_id");
                    r.put("request_id", requestId);
                    r.put("chat_id", rs.getString("chat_id"));
                    r.put("question", shortened(rs.getString("question")));
                    r.put("route", rs.getString("route"));
                    r.set("agents_used", SqlValues.textArray(rs, "agents_used"));
                    r.put("duration_ms", rs.getInt("duration_ms"));
                    r.put("created_at", SqlValues.timestamp(rs, "created_at"));
                    r.put("trace_url", "/ops/requests/" + requestId + "/trace");
                }
            }
        }
        return out;
    }

    /** The request's chat log and every stored step, in order; empty when no such request was stored. */
    Optional<ObjectNode> trace(String requestId) throws SQLException {
        String requestSql = "select request_id, chat_id, user_id, question, response, route, agents_used,"
                + " duration_ms, usage, created_at, completed_at from public.chat_logs where request_id = ?";
        String stepsSql = "select step_number, agent_name, input_data, output_data, usage, duration_ms, created_at"
                + " from public.request_traces where request_id = ? order by step_number";
        try (Connection c = db.getConnection()) {
            ObjectNode trace = Json.object();
            try (PreparedStatement ps = c.prepareStatement(requestSql)) {
                ps.setObject(1, UUID.fromString(requestId));
                try (ResultSet rs = ps.executeQuery()) {
                    if (!rs.next()) {
                        return Optional.empty();
                    }
                    ObjectNode r = trace.putObject("request");
                    r.put("request_id", rs.getString("request_id"));
                    r.put("chat_id", rs.getString("chat_id"));
                    r.put("user_id", rs.getString("user_id"));
                    r.put("question", rs.getString("question"));
                    r.put("response", rs.getString("response"));
                    r.put("route", rs.getString("route"));
                    r.set("agents_used", SqlValues.textArray(rs, "agents_used"));
                    r.set("duration_ms", SqlValues.intOrNull(rs, "duration_ms"));
                    r.set("usage", SqlValues.json(rs, "usage"));
                    r.put("created_at", SqlValues.timestamp(rs, "created_at"));
                    r.put("completed_at", SqlValues.timestamp(rs, "completed_at"));
                }
            }
            ArrayNode steps = trace.putArray("steps");
            try (PreparedStatement ps = c.prepareStatement(stepsSql)) {
                ps.setObject(1, UUID.fromString(requestId));
                try (ResultSet rs = ps.executeQuery()) {
                    while (rs.next()) {
                        ObjectNode s = steps.addObject();
                        s.put("step_number", rs.getInt("step_number"));
                        s.put("agent_name", rs.getString("agent_name"));
                        s.set("duration_ms", SqlValues.intOrNull(rs, "duration_ms"));
                        s.put("created_at", SqlValues.timestamp(rs, "created_at"));
                        s.set("usage", SqlValues.json(rs, "usage"));
                        s.set("input_data", PayloadTrimmer.trim(SqlValues.json(rs, "input_data")));
                        s.set("output_data", PayloadTrimmer.trim(SqlValues.json(rs, "output_data")));
                    }
                }
            }
            return Optional.of(trace);
        }
    }

    private static String shortened(String question) {
        if (question == null || question.length() <= QUESTION_CHARS) {
            return question;
        }
        return question.substring(0, QUESTION_CHARS - 1) + "…";
    }
}
