package barb.tracesink;

import barb.core.BarbEvent;
import barb.core.ChatState;
import barb.core.Json;
import barb.core.RequestCompletion;
import barb.core.ReplayMode;
import barb.core.RequestEnvelope;
import com.fasterxml.jackson.databind.JsonNode;
import com.zaxxer.hikari.HikariDataSource;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;

import static org.assertj.core.api.Assertions.assertThat;

class TraceBatchWriterTest {
    private static HikariDataSource ds;
    private static TraceBatchWriter writer;

    @BeforeAll
    static void setUp() {
        ds = TestDatabases.fresh("writer");
        Migrations.apply(ds);
        writer = new TraceBatchWriter(ds);
    }

    @AfterAll
    static void tearDown() {
        ds.close();
    }

    @Test
    void fullRequestIsWrittenOnceEvenWhenDeliveredTwice() throws SQLException {
        String chat = Requests.id();
        String user = Requests.id();
        Requests.Request r = Requests.dataRequest(chat, user, ChatState.fresh(chat, user), "top 5 volatile days 2024",
                "Volatility 2024", System.currentTimeMillis());

        TraceBatchWriter.Result first = writer.write(r.events());
        assertThat(first.rejected()).isEmpty();
        assertThat(first.written()).isEqualTo(8);
        assertThat(first.ignored()).isEqualTo(r.events().size() - 8);
        assertThat(writer.usesStandInUsers()).isTrue();

        TraceBatchWriter.Result again = writer.write(r.events());
        assertThat(again.rejected()).isEmpty();

        assertThat(count("select count(*) from public.chat_logs where chat_id = ?", chat)).isEqualTo(1);
        assertThat(count("select count(*) from public.request_traces where request_id = ?", r.requestId())).isEqualTo(6);
        assertThat(count("select count(*) from auth.users where id = ?", user)).isEqualTo(1);
        JsonNode stats = json("select stats from public.chat_sessions where id = ?", chat);
        assertThat(stats.get("message_count").asInt()).isEqualTo(1);
        assertThat(stats.get("input_tokens").asLong()).isEqualTo(150 + 800 + 400 + 500);
        assertThat(stats.get("cost_usd").decimalValue().doubleValue()).isCloseTo(0.0017, org.assertj.core.data.Offset.offset(1e-9));
        assertThat(text("select title from public.chat_sessions where id = ?", chat)).isEqualTo("Volatility 2024");
        assertThat(text("select route from public.chat_logs where request_id = ?", r.requestId())).isEqualTo("data");
        assertThat(text("select array_to_string(agents_used, ',') from public.chat_logs where request_id = ?",
                r.requestId())).isEqualTo("intent,understander,parser,planner,executor,presenter");
    }

    @Test
    void stepsAndCompletionWithoutRequestStartedGetAMinimalChatLog() throws SQLException {
        String chat = Requests.id();
        String user = Requests.id();
        Requests.Request r = Requests.dataRequest(chat, user, ChatState.fresh(chat, user), "gap fills in 2023?",
                null, System.currentTimeMillis());
        List<BarbEvent> withoutStart = r.events().subList(1, r.events().size());

        TraceBatchWriter.Result result = writer.write(withoutStart);

        assertThat(result.rejected()).isEmpty();
        assertThat(count("select count(*) from public.request_traces where request_id = ?", r.requestId())).isEqualTo(6);
        assertThat(text("select question from public.chat_logs where request_id = ?", r.requestId()))
                .as("taken from the completion's chat state")
                .isEqualTo("gap fills in 2023?");
        assertThat(count("select count(*) from public.chat_logs where request_id = ? and completed_at is not null",
                r.requestId())).isEqualTo(1);
    }

    @Test
    void aShadowReplayIsStoredMarkedButLeavesTheChatAlone() throws SQLException {
        String chat = Requests.id();
        String user = Requests.id();
        long t0 = System.currentTimeMillis();
        Requests.Request original = Requests.dataRequest(chat, user, ChatState.fresh(chat, user), "top days 2024",
                "First title", t0);
        assertThat(writer.write(original.events()).rejected()).isEmpty();
        String statsBefore = text("select stats::text from public.chat_sessions where id = ?", chat);
        String memoryBefore = text("select memory::text from public.chat_sessions where id = ?", chat);
        String updatedBefore = text("select updated_at::text from public.chat_sessions where id = ?", chat);

        ChatState noTitle = new ChatState(chat, user, null, original.after().memory(), null, original.requestId(),
                original.after().updatedAtMs());
        Requests.Request shadow = Requests.replay(original.requestId(), ReplayMode.SHADOW, chat, user, noTitle,
                "top days 2024", t0 + 10_000);
        assertThat(writer.write(shadow.events()).rejected()).isEmpty();
        assertThat(writer.write(shadow.events()).rejected()).as("redelivered").isEmpty();

        assertThat(text("select stats::text from public.chat_sessions where id = ?", chat)).isEqualTo(statsBefore);
        assertThat(text("select memory::text from public.chat_sessions where id = ?", chat)).isEqualTo(memoryBefore);
        assertThat(text("select updated_at::text from public.chat_sessions where id = ?", chat)).isEqualTo(updatedBefore);
        assertThat(text("select title from public.chat_sessions where id = ?", chat)).isEqualTo("First title");
        assertThat(text("select replay_of::text from public.chat_logs where request_id = ?", shadow.requestId()))
                .isEqualTo(original.requestId());
        assertThat(text("select replay_mode from public.chat_logs where request_id = ?", shadow.requestId()))
                .isEqualTo("shadow");
        assertThat(text("select route from public.chat_logs where request_id = ?", shadow.requestId()))
                .as("completed like any request").isEqualTo("data");
        assertThat(count("select count(*) from public.request_traces where request_id = ? and replay_of is not null",
                shadow.requestId())).isEqualTo(6);
        assertThat(count("select count(*) from public.request_traces where request_id = ? and replay_of is null",
                original.requestId())).isEqualTo(6);
        assertThat(text("select replay_mode from public.chat_logs where request_id = ?", original.requestId()))
                .isNull();
    }

    @Test
    void aReplayIntoTheChatIsCountedLikeAMessage() throws SQLException {
        String chat = Requests.id();
        String user = Requests.id();
        long t0 = System.currentTimeMillis();
        Requests.Request original = Requests.dataRequest(chat, user, ChatState.fresh(chat, user), "top days 2024",
                "First title", t0);
        assertThat(writer.write(original.events()).rejected()).isEmpty();
        Requests.Request intoChat = Requests.replay(original.requestId(), ReplayMode.INTO_CHAT, chat, user,
                original.after(), "top days 2024", t0 + 10_000);
        assertThat(writer.write(intoChat.events()).rejected()).isEmpty();

        JsonNode stats = json("select stats from public.chat_sessions where id = ?", chat);
        assertThat(stats.get("message_count").asInt()).isEqualTo(2);
        assertThat(text("select replay_mode from public.chat_logs where request_id = ?", intoChat.requestId()))
                .isEqualTo("into_chat");
    }

    @Test
    void titleIsSetOnceAndMemoryIsMirroredOnlyForward() throws SQLException {
        String chat = Requests.id();
        String user = Requests.id();
        long t0 = System.currentTimeMillis();
        Requests.Request first = Requests.dataRequest(chat, user, ChatState.fresh(chat, user), "first question",
                "First title", t0);
        // A second request whose completion (wrongly) suggests a new title.
        ChatState noTitleYet = new ChatState(chat, user, null, first.after().memory(), null,
                first.requestId(), first.after().updatedAtMs());
        Requests.Request second = Requests.dataRequest(chat, user, noTitleYet, "second question", "Other title",
                t0 + 10_000);

        // The second completion is written before the first one (they may sit in different partitions).
        assertThat(writer.write(second.events()).rejected()).isEmpty();
        assertThat(writer.write(first.events()).rejected()).isEmpty();

        assertThat(text("select title from public.chat_sessions where id = ?", chat)).isEqualTo("Other title");
        JsonNode memory = json("select memory from public.chat_sessions where id = ?", chat);
        assertThat(memory.get("recent").asInt()).as("the newer state, four messages").isEqualTo(4);
        assertThat(memory.get("last_request_id").asText()).isEqualTo(second.requestId());
        assertThat(memory.get("summaries").isArray()).isTrue();
        assertThat(memory.get("key_facts").isArray()).isTrue();
        JsonNode stats = json("select stats from public.chat_sessions where id = ?", chat);
        assertThat(stats.get("message_count").asInt()).isEqualTo(2);

        Requests.Request third = Requests.dataRequest(chat, user, second.after(), "third question",
                "Yet another title", t0 + 20_000);
        assertThat(writer.write(third.events()).rejected()).isEmpty();
        assertThat(text("select title from public.chat_sessions where id = ?", chat)).isEqualTo("Other title");
    }

    @Test
    void memorySummariesAreMirroredInTheSeedShape() throws SQLException {
        String chat = Requests.id();
        String user = Requests.id();
        ChatState state = ChatState.fresh(chat, user);
        long t = System.currentTimeMillis();
        List<BarbEvent> all = new ArrayList<>();
        for (int i = 1; i <= 6; i++) {
            Requests.Request r = Requests.dataRequest(chat, user, state, "question number " + i, "Title", t + i * 1000L);
            all.addAll(r.events());
            state = r.after();
        }
        assertThat(writer.write(all).rejected()).isEmpty();

        JsonNode memory = json("select memory from public.chat_sessions where id = ?", chat);
        assertThat(memory.get("summaries")).hasSize(1);
        assertThat(memory.get("summaries").get(0).get("content").asText()).contains("question number 1");
        assertThat(memory.get("context_compacted").asBoolean()).isTrue();
        assertThat(memory.get("recent").asInt()).isEqualTo(10);
        assertThat(json("select stats from public.chat_sessions where id = ?", chat).get("message_count").asInt())
                .isEqualTo(6);
    }

    @Test
    void longResponsesAreTruncated() throws SQLException {
        String chat = Requests.id();
        String user = Requests.id();
        String longAnswer = "x".repeat(12_000);
        Requests.Request r = Requests.request(chat, user, ChatState.fresh(chat, user), "explain ATR",
                Requests.dataSteps(1, 1, 1, 1, 1, 1), "concept", longAnswer, null, System.currentTimeMillis());
        assertThat(writer.write(r.events()).rejected()).isEmpty();
        String stored = text("select response from public.chat_logs where request_id = ?", r.requestId());
        assertThat(stored).hasSize(10_000 + "... [truncated]".length()).endsWith("... [truncated]");
    }

    @Test
    void eventsThatFailTheirChecksOrThatTheDatabaseRefusesAreReportedAndTheRestIsWritten() throws SQLException {
        String chat = Requests.id();
        String user = Requests.id();
        long now = System.currentTimeMillis();
        Requests.Request good = Requests.dataRequest(chat, user, ChatState.fresh(chat, user), "good one", null, now);
        RequestEnvelope badEnv = RequestEnvelope.start(Requests.id(), chat, user, "bad question", now,
                now + 60_000, false, null);
        // Valid JSON, but beyond the range of PostgreSQL's numeric, so jsonb refuses it (22003).
        JsonNode tooBig = Json.object().set("x", com.fasterxml.jackson.databind.node.DecimalNode.valueOf(
                new java.math.BigDecimal("1e200000")));
        BarbEvent refusedByDb = BarbEvent.stepEnd(badEnv, "intent", tooBig, Json.object(), null, 1, now);
        BarbEvent notAUuid = new BarbEvent(1, barb.core.EventType.REQUEST_STARTED, Requests.id(), "chat-7", user, 0,
                null, now, Json.object().put("question", "hi"));
        BarbEvent noAgent = new BarbEvent(1, barb.core.EventType.STEP_END, good.requestId(), chat, user, 9, null, now,
                Json.object());

        List<BarbEvent> batch = new ArrayList<>();
        batch.add(refusedByDb);
        batch.add(notAUuid);
        batch.add(noAgent);
        batch.addAll(good.events());
        TraceBatchWriter.Result result = writer.write(batch);

        assertThat(result.rejected()).containsOnlyKeys(0, 1, 2);
        assertThat(result.rejected().get(0)).startsWith("database refused the event: 22");
        assertThat(result.rejected().get(1)).contains("chat_id is not a UUID");
        assertThat(result.rejected().get(2)).contains("step_end: agent missing");
        assertThat(result.written()).isEqualTo(8);
        assertThat(count("select count(*) from public.request_traces where request_id = ?", good.requestId())).isEqualTo(6);
        assertThat(count("select count(*) from public.chat_logs where request_id = ?", badEnv.requestId())).isZero();
    }

    @Test
    void textWithNulIsStoredWithoutItInsteadOfBeingRefused() throws SQLException {
        String chat = Requests.id();
        String user = Requests.id();
        List<Requests.Step> steps = List.of(
                new Requests.Step("intent", Json.object().put("question", "top\u0000 days"),
                        Json.object().put("intent", "data").put("odd\u0000key", "v\u0000"), Requests.INTENT, 5),
                new Requests.Step("responder", Json.object(), Json.object().put("response", "ok"),
                        barb.core.Usage.ZERO, 5));
        Requests.Request r = Requests.request(chat, user, ChatState.fresh(chat, user), "top\u0000 days", steps,
                "chitchat", "an answer\u0000 with NUL", "Title\u0000", System.currentTimeMillis());

        TraceBatchWriter.Result result = writer.write(r.events());

        assertThat(result.rejected()).isEmpty();
        assertThat(result.written()).isEqualTo(r.tracedCount());
        assertThat(text("select question from public.chat_logs where request_id = ?", r.requestId()))
                .isEqualTo("top days");
        assertThat(text("select response from public.chat_logs where request_id = ?", r.requestId()))
                .isEqualTo("an answer with NUL");
        assertThat(text("select title from public.chat_sessions where id = ?", chat)).isEqualTo("Title");
        assertThat(count("select count(*) from public.request_traces where request_id = ?", r.requestId()))
                .isEqualTo(2);
        JsonNode output = json("select output_data from public.request_traces where request_id = ? and step_number = 1",
                r.requestId());
        assertThat(output.path("oddkey").asText()).isEqualTo("v");
        assertThat(json("select memory from public.chat_sessions where id = ?", chat)).isNotNull();
    }

    @Test
    void onRealSupabaseUsersAreNeverWritten() throws SQLException {
        try (HikariDataSource supabase = TestDatabases.fresh("supabase")) {
            Migrations.apply(supabase);
            String known = Requests.id();
            try (Connection c = supabase.getConnection(); Statement st = c.createStatement()) {
                st.execute("comment on table auth.users is 'Auth: Stores user login data within a secure schema.'");
                st.execute("insert into auth.users (id) values ('" + known + "')");
            }
            TraceBatchWriter real = new TraceBatchWriter(supabase);
            String chat = Requests.id();
            Requests.Request ok = Requests.dataRequest(chat, known, ChatState.fresh(chat, known), "q", null,
                    System.currentTimeMillis());
            String otherChat = Requests.id();
            String stranger = Requests.id();
            Requests.Request unknownUser = Requests.dataRequest(otherChat, stranger,
                    ChatState.fresh(otherChat, stranger), "q", null, System.currentTimeMillis());
            List<BarbEvent> batch = new ArrayList<>(ok.events());
            batch.addAll(unknownUser.events());

            TraceBatchWriter.Result result = real.write(batch);

            assertThat(real.usesStandInUsers()).isFalse();
            assertThat(result.written()).isEqualTo(8);
            assertThat(result.rejected()).hasSize(8).allSatisfy((i, reason) -> assertThat(reason).contains("23503"));
            try (Connection c = supabase.getConnection();
                 PreparedStatement ps = c.prepareStatement("select count(*) from auth.users");
                 ResultSet rs = ps.executeQuery()) {
                rs.next();
                assertThat(rs.getInt(1)).isEqualTo(1);
            }
        }
    }

    @Test
    void doneCarriesUsageWithTotalAndDuration() throws SQLException {
        String chat = Requests.id();
        String user = Requests.id();
        Requests.Request r = Requests.dataRequest(chat, user, ChatState.fresh(chat, user), "q", null,
                System.currentTimeMillis());
        writer.write(r.events());
        RequestCompletion completion = r.events().getLast().completion();
        JsonNode usage = json("select usage from public.chat_logs where request_id = ?", r.requestId());
        assertThat(usage.get("total").get("input_tokens").asLong()).isEqualTo(1850);
        assertThat(usage.get("intent").get("output_tokens").asLong()).isEqualTo(30);
        assertThat(count("select duration_ms from public.chat_logs where request_id = ?", r.requestId()))
                .isEqualTo(completion.durationMs()).isEqualTo(1060);
        assertThat(count("select sum(duration_ms) from public.request_traces where request_id = ?", r.requestId()))
                .isEqualTo(1060);
    }

    private static long count(String sql, String id) throws SQLException {
        try (Connection c = ds.getConnection(); PreparedStatement ps = c.prepareStatement(sql)) {
            ps.setObject(1, UUID.fromString(id));
            try (ResultSet rs = ps.executeQuery()) {
                rs.next();
                return rs.getLong(1);
            }
        }
    }

    private static String text(String sql, String id) throws SQLException {
        try (Connection c = ds.getConnection(); PreparedStatement ps = c.prepareStatement(sql)) {
            ps.setObject(1, UUID.fromString(id));
            try (ResultSet rs = ps.executeQuery()) {
                return rs.next() ? rs.getString(1) : null;
            }
        }
    }

    private static JsonNode json(String sql, String id) throws SQLException {
        String s = text(sql, id);
        return s == null ? null : Json.parse(s);
    }
}
