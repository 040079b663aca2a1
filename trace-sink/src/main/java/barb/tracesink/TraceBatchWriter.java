package barb.tracesink;

import barb.core.BarbEvent;
import barb.core.ChatMessage;
import barb.core.ChatState;
import barb.core.ContractException;
import barb.core.Json;
import barb.core.Memory;
import barb.core.MemorySummary;
import barb.core.RequestCompletion;
import barb.core.Usage;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import javax.sql.DataSource;
import java.math.BigDecimal;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Savepoint;
import java.time.Instant;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.UUID;

/**
 * Writes trace events into the chat schema (seed 000 §1): request_started opens a chat_logs row, step_end adds a
 * request_traces row, done completes the chat_logs row and updates the session. Every statement is idempotent,
 * so a redelivered batch changes nothing, and the session's stats are counted only by the done event that
 * actually completed its chat_logs row.
 *
 * <p>A batch is written in one transaction. When the database rejects the data of one event (SQLState class
 * 22 or 23), the batch is written again event by event, each behind a savepoint, and the rejected events are
 * reported instead of failing the batch. Any other failure (connection lost, database down) rolls back and is
 * thrown, so the caller retries the whole batch.
 */
public final class TraceBatchWriter {
    private static final Logger log = LoggerFactory.getLogger(TraceBatchWriter.class);

    static final String STAND_IN_COMMENT = "barb stand-in for Supabase auth.users";
    static final int MAX_RESPONSE_CHARS = 10_000;
    static final String TRUNCATED_MARK = "... [truncated]";

    /**
     * @param written  events of the batch that are now in the database (including redelivered ones that
     *                 changed nothing)
     * @param ignored  events the sink does not store (step_start, answer, …)
     * @param rejected position in the batch → reason, for events that failed their checks or that the database
     *                 refused; they belong in the dead-letter topic
     */
    public record Result(int written, int ignored, Map<Integer, String> rejected) {
    }

    private final DataSource ds;
    private volatile Boolean standInUsers;

    public TraceBatchWriter(DataSource ds) {
        this.ds = ds;
    }

    /** True when auth.users is Barb's stand-in (users are created on first sight); null until first connected. */
    public Boolean usesStandInUsers() {
        return standInUsers;
    }

    public Result write(List<BarbEvent> events) throws SQLException {
        Map<Integer, String> rejected = new LinkedHashMap<>();
        List<Integer> toWrite = new ArrayList<>();
        int ignored = 0;
        for (int i = 0; i < events.size(); i++) {
            BarbEvent e = events.get(i);
            if (!TraceEvents.isTraced(e.type())) {
                ignored++;
                continue;
            }
            try {
                TraceEvents.check(e);
                toWrite.add(i);
            } catch (ContractException ex) {
                rejected.put(i, ex.getMessage());
            }
        }
        if (toWrite.isEmpty()) {
            return new Result(0, ignored, Collections.unmodifiableMap(rejected));
        }
        try (Connection c = ds.getConnection()) {
            if (standInUsers == null) {
                standInUsers = detectStandInUsers(c);
            }
            c.setAutoCommit(false);
            try {
                Set<UUID> knownRequests = new HashSet<>();
                for (int i : toWrite) {
                    writeOne(c, events.get(i), knownRequests);
                }
                c.commit();
                return new Result(toWrite.size(), ignored, Collections.unmodifiableMap(rejected));
            } catch (SQLException e) {
                rollbackQuietly(c);
                if (!isDataError(e)) {
                    throw e;
                }
                log.info("trace batch of {} events has data the database refused ({}); writing event by event",
                        toWrite.size(), describe(e));
            } catch (RuntimeException e) {
                rollbackQuietly(c);
                log.info("trace batch of {} events has an event that cannot be written ({}); writing event by event",
                        toWrite.size(), e.toString());
            }
            int written = writeOneByOne(c, events, toWrite, rejected);
            return new Result(written, ignored, Collections.unmodifiableMap(rejected));
        }
    }

    /** Each event behind its own savepoint, in one transaction; refused events are left out and reported. */
    private int writeOneByOne(Connection c, List<BarbEvent> events, List<Integer> toWrite,
                              Map<Integer, String> rejected) throws SQLException {
        Set<UUID> knownRequests = new HashSet<>();
        int written = 0;
        try {
            for (int i : toWrite) {
                Savepoint sp = c.setSavepoint();
                try {
                    writeOne(c, events.get(i), knownRequests);
                    c.releaseSavepoint(sp);
                    written++;
                } catch (SQLException e) {
                    if (!isDataError(e)) {
                        throw e;
                    }
                    c.rollback(sp);
                    // What was ensured for this event is gone again.
                    knownRequests.clear();
                    if ("23505".equals(e.getSQLState())) {
                        written++;
                        continue;
                    }
                    rejected.put(i, "database refused the event: " + describe(e));
                } catch (RuntimeException e) {
                    c.rollback(sp);
                    knownRequests.clear();
                    rejected.put(i, "cannot write the event: " + e);
                }
            }
            c.commit();
            return written;
        } catch (SQLException e) {
            rollbackQuietly(c);
            throw e;
        }
    }

    private void writeOne(Connection c, BarbEvent e, Set<UUID> knownRequests) throws SQLException {
        switch (e.type()) {
            case REQUEST_STARTED -> requestStarted(c, e, knownRequests);
            case STEP_END -> stepEnd(c, e, knownRequests);
            case DONE -> done(c, e, knownRequests);
            default -> throw new IllegalStateException("not a traced event: " + e.type());
        }
    }

    private void requestStarted(Connection c, BarbEvent e, Set<UUID> knownRequests) throws SQLException {
        UUID requestId = UUID.fromString(e.requestId());
        UUID chatId = UUID.fromString(e.chatId());
        UUID userId = TraceEvents.uuidOrNull(e.userId());
        TraceEvents.Replay replay = TraceEvents.replay(e);
        ensureUser(c, userId);
        // A shadow replay must not move the chat up the user's list: the session is only made sure of.
        String session = replay.shadow()
                ? "insert into public.chat_sessions (id, user_id) values (?, ?) on conflict (id) do nothing"
                : "insert into public.chat_sessions (id, user_id) values (?, ?) on conflict (id) do update set updated_at = now()";
        try (PreparedStatement ps = c.prepareStatement(session)) {
            ps.setObject(1, chatId);
            ps.setObject(2, userId);
            ps.executeUpdate();
        }
        JsonNode createdAt = e.payload().get("created_at_ms");
        long createdAtMs = createdAt != null && createdAt.canConvertToLong() ? createdAt.asLong() : e.timestampMs();
        insertChatLog(c, requestId, userId, chatId, e.payload().get("question").asText(), createdAtMs, replay);
        knownRequests.add(requestId);
    }

    private void stepEnd(Connection c, BarbEvent e, Set<UUID> knownRequests) throws SQLException {
        UUID requestId = UUID.fromString(e.requestId());
        UUID userId = TraceEvents.uuidOrNull(e.userId());
        ensureChatLog(c, e, "", knownRequests);
        JsonNode p = e.payload();
        try (PreparedStatement ps = c.prepareStatement("""
                insert into public.request_traces
                  (request_id, user_id, step_number, agent_name, input_data, output_data, usage, duration_ms, created_at,
                   replay_of)
                values (?, ?, ?, ?, ?::jsonb, ?::jsonb, ?::jsonb, ?, ?,
                        (select replay_of from public.chat_logs where request_id = ?))
                on conflict (request_id, step_number) do nothing""")) {
            ps.setObject(1, requestId);
            ps.setObject(2, userId);
            ps.setInt(3, e.step());
            ps.setString(4, PgText.text(e.agent()));
            ps.setString(5, jsonOrNull(p.get("input")));
            ps.setString(6, jsonOrNull(p.get("output")));
            ps.setString(7, jsonOrNull(p.get("usage")));
            JsonNode d = p.get("duration_ms");
            if (d == null || d.isNull()) {
                ps.setNull(8, java.sql.Types.INTEGER);
            } else {
                ps.setInt(8, clampToInt(d.asLong()));
            }
            ps.setObject(9, time(e.timestampMs()));
            ps.setObject(10, requestId);
            ps.executeUpdate();
        }
    }

    private void done(Connection c, BarbEvent e, Set<UUID> knownRequests) throws SQLException {
        RequestCompletion done = e.completion();
        UUID requestId = UUID.fromString(e.requestId());
        UUID chatId = UUID.fromString(e.chatId());
        String question = lastQuestion(done.chatState());
        ensureChatLog(c, e, question, knownRequests);

        Map<String, Usage> usage = withTotal(done.usage());
        boolean completed;
        boolean shadow;
        // A row made late from a step_end has no question yet; the completion's chat state knows it.
        try (PreparedStatement ps = c.prepareStatement("""
                update public.chat_logs
                   set response = ?, route = ?, agents_used = ?, duration_ms = ?, usage = ?::jsonb,
                       completed_at = now(), question = coalesce(nullif(question, ''), ?)
                 where request_id = ? and completed_at is null
                returning replay_mode""")) {
            ps.setString(1, PgText.text(truncate(done.response())));
            ps.setString(2, PgText.text(done.route()));
            List<String> agents = done.agentsUsed() == null ? List.of() : done.agentsUsed();
            ps.setArray(3, c.createArrayOf("text", agents.stream().map(PgText::text).toArray()));
            ps.setInt(4, clampToInt(done.durationMs()));
            ps.setString(5, Json.toString(usage));
            ps.setString(6, PgText.text(question));
            ps.setObject(7, requestId);
            try (ResultSet rs = ps.executeQuery()) {
                completed = rs.next();
                shadow = completed && TraceEvents.SHADOW.equals(rs.getString(1));
            }
        }
        if (!completed) {
            // Already completed by an earlier delivery of this event: counting again would double the stats.
            return;
        }
        if (shadow) {
            // The user never sees a shadow replay: their chat's stats, title and memory stay as they were.
            return;
        }
        Usage total = usage.get("total");
        try (PreparedStatement ps = c.prepareStatement("select public.increment_chat_stats(?, ?, ?, ?, ?, ?)")) {
            ps.setObject(1, chatId);
            ps.setInt(2, clampToInt(total.inputTokens()));
            ps.setInt(3, clampToInt(total.outputTokens()));
            ps.setInt(4, clampToInt(total.thinkingTokens()));
            ps.setInt(5, clampToInt(total.cachedTokens()));
            ps.setBigDecimal(6, BigDecimal.valueOf(total.costUsd()));
            ps.execute();
        }
        String title = done.suggestedTitle();
        if (title != null && !title.isBlank()) {
            try (PreparedStatement ps = c.prepareStatement(
                    "update public.chat_sessions set title = ? where id = ? and title is null")) {
                ps.setString(1, PgText.text(title.strip()));
                ps.setObject(2, chatId);
                ps.executeUpdate();
            }
        }
        if (done.chatState() != null) {
            mirrorMemory(c, chatId, done.chatState());
        }
    }

    /**
     * Completions of different requests of one chat may arrive out of order (they are keyed by request id, so
     * they can sit in different partitions): the memory is replaced only by a newer chat state.
     */
    private static void mirrorMemory(Connection c, UUID chatId, ChatState state) throws SQLException {
        try (PreparedStatement ps = c.prepareStatement("""
                update public.chat_sessions set memory = ?::jsonb
                 where id = ?
                   and case when jsonb_typeof(memory->'updated_at_ms') = 'number'
                            then (memory->>'updated_at_ms')::numeric else 0 end <= ?""")) {
            ps.setString(1, PgText.json(memoryJson(state)));
            ps.setObject(2, chatId);
            ps.setLong(3, state.updatedAtMs());
            ps.executeUpdate();
        }
    }

    /** The shape of seed 000 §1.1 (summaries, key_facts) plus what helps someone reading the table. */
    static ObjectNode memoryJson(ChatState state) {
        Memory memory = state.memory();
        ObjectNode m = Json.object();
        ArrayNode summaries = m.putArray("summaries");
        for (MemorySummary s : memory.summaries()) {
            summaries.addObject().put("content", s.content());
        }
        ArrayNode facts = m.putArray("key_facts");
        memory.keyFacts().forEach(facts::add);
        m.put("recent", memory.recent().size());
        m.put("context_compacted", memory.contextCompacted());
        m.put("awaiting_clarification", state.clarification().awaiting());
        if (state.lastRequestId() != null) {
            m.put("last_request_id", state.lastRequestId());
        }
        m.put("updated_at_ms", state.updatedAtMs());
        return m;
    }

    /** A step or completion whose request_started never arrived still gets its chat_logs row to hang on. */
    private void ensureChatLog(Connection c, BarbEvent e, String question, Set<UUID> knownRequests)
            throws SQLException {
        UUID requestId = UUID.fromString(e.requestId());
        if (knownRequests.contains(requestId)) {
            return;
        }
        try (PreparedStatement ps = c.prepareStatement("select 1 from public.chat_logs where request_id = ?")) {
            ps.setObject(1, requestId);
            try (ResultSet rs = ps.executeQuery()) {
                if (rs.next()) {
                    knownRequests.add(requestId);
                    return;
                }
            }
        }
        UUID chatId = UUID.fromString(e.chatId());
        UUID userId = TraceEvents.uuidOrNull(e.userId());
        log.info("request {}: {} arrived without its request_started; creating a minimal chat_logs row",
                requestId, e.type().wire());
        ensureUser(c, userId);
        try (PreparedStatement ps = c.prepareStatement(
                "insert into public.chat_sessions (id, user_id) values (?, ?) on conflict (id) do nothing")) {
            ps.setObject(1, chatId);
            ps.setObject(2, userId);
            ps.executeUpdate();
        }
        insertChatLog(c, requestId, userId, chatId, question, e.timestampMs(), TraceEvents.Replay.NONE);
        knownRequests.add(requestId);
    }

    private static void insertChatLog(Connection c, UUID requestId, UUID userId, UUID chatId, String question,
                                      long createdAtMs, TraceEvents.Replay replay) throws SQLException {
        try (PreparedStatement ps = c.prepareStatement("""
                insert into public.chat_logs (request_id, user_id, chat_id, question, created_at, replay_of, replay_mode)
                values (?, ?, ?, ?, ?, ?, ?)
                on conflict (request_id) do nothing""")) {
            ps.setObject(1, requestId);
            ps.setObject(2, userId);
            ps.setObject(3, chatId);
            ps.setString(4, PgText.text(question));
            ps.setObject(5, time(createdAtMs));
            ps.setObject(6, replay.of());
            ps.setString(7, replay.mode());
            ps.executeUpdate();
        }
    }

    /** On Barb's stand-in the user row is created on first sight; real Supabase users are never written. */
    private void ensureUser(Connection c, UUID userId) throws SQLException {
        if (userId == null || !Boolean.TRUE.equals(standInUsers)) {
            return;
        }
        try (PreparedStatement ps = c.prepareStatement(
                "insert into auth.users (id) values (?) on conflict (id) do nothing")) {
            ps.setObject(1, userId);
            ps.executeUpdate();
        }
    }

    private static boolean detectStandInUsers(Connection c) throws SQLException {
        try (PreparedStatement ps = c.prepareStatement(
                "select obj_description(to_regclass('auth.users'), 'pg_class')");
             ResultSet rs = ps.executeQuery()) {
            boolean standIn = rs.next() && STAND_IN_COMMENT.equals(rs.getString(1));
            log.info("auth.users is {}", standIn ? "Barb's stand-in: users are created on first sight"
                    : "not Barb's stand-in: users are never written");
            return standIn;
        }
    }

    /** The user's last question in the chat state written by the completion, for a chat_logs row made late. */
    private static String lastQuestion(ChatState state) {
        if (state == null) {
            return "";
        }
        List<ChatMessage> recent = state.memory().recent();
        for (int i = recent.size() - 1; i >= 0; i--) {
            if ("user".equals(recent.get(i).role()) && recent.get(i).content() != null) {
                return recent.get(i).content();
            }
        }
        return "";
    }

    /** The per-agent usage plus "total"; when the event carries no total it is the sum of the agents. */
    static Map<String, Usage> withTotal(Map<String, Usage> usage) {
        Map<String, Usage> out = new LinkedHashMap<>();
        Usage sum = Usage.ZERO;
        if (usage != null) {
            for (Map.Entry<String, Usage> en : usage.entrySet()) {
                if (en.getValue() == null) {
                    continue;
                }
                out.put(en.getKey(), en.getValue());
                if (!en.getKey().equals("total")) {
                    sum = sum.plus(en.getValue());
                }
            }
        }
        out.putIfAbsent("total", sum);
        return out;
    }

    static String truncate(String response) {
        if (response == null || response.length() <= MAX_RESPONSE_CHARS) {
            return response;
        }
        return response.substring(0, MAX_RESPONSE_CHARS) + TRUNCATED_MARK;
    }

    /** Class 22 (data exception) and 23 (integrity violation): this event's data, not the database's health. */
    static boolean isDataError(SQLException e) {
        String state = e.getSQLState();
        return state != null && (state.startsWith("22") || state.startsWith("23"));
    }

    private static String describe(SQLException e) {
        return e.getSQLState() + " " + e.getMessage();
    }

    private static String jsonOrNull(JsonNode node) {
        return PgText.json(node);
    }

    private static OffsetDateTime time(long epochMs) {
        long ms = epochMs > 0 ? epochMs : System.currentTimeMillis();
        return Instant.ofEpochMilli(ms).atOffset(ZoneOffset.UTC);
    }

    private static int clampToInt(long v) {
        return (int) Math.max(Integer.MIN_VALUE, Math.min(Integer.MAX_VALUE, v));
    }

    private static void rollbackQuietly(Connection c) {
        try {
            c.rollback();
        } catch (SQLException e) {
            log.debug("rollback failed: {}", e.toString());
        }
    }
}
