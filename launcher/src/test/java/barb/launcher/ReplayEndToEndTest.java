package barb.launcher;

import barb.agents.RulesAgents;
import barb.core.DataCoverage;
import barb.core.Json;
import barb.core.KafkaSettings;
import barb.core.RequestEnvelope;
import barb.core.Stage;
import barb.core.StageHandler;
import barb.core.StageOutcome;
import barb.core.Topics;
import barb.embedded.FreePorts;
import barb.embedded.SharedInfra;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.TestMethodOrder;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import picocli.CommandLine;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Duration;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/**
 * Issue 11 §5: finished requests replayed in shadow mode through the whole stack leave the users' chats as they
 * were and come out "same" with the rules agents; a planner that plans differently comes out "plan changed".
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
class ReplayEndToEndTest {
    private static final HttpClient HTTP = HttpClient.newHttpClient();

    BarbStack stack;
    int port;
    /** Request ids of the finished questions, and the chats they are in. */
    final List<String> requestIds = new ArrayList<>();
    final List<String> chatIds = new ArrayList<>();
    String topDaysRequest;
    String helloRequest;

    @BeforeAll
    void start() throws Exception {
        stack = TestStack.start("barb-replay");
        port = stack.httpPort();
        SseCapture.Stream top = ask("top 5 days by range in 2024 during RTH", null);
        topDaysRequest = requestId(top);
        SseCapture.Stream followUp = ask("and for 2023?", top.first("chat").data().path("chat_id").asText());
        SseCapture.Stream green = ask("how many green days in 2023", null);
        SseCapture.Stream hello = ask("hi", null);
        helloRequest = requestId(hello);
        for (SseCapture.Stream s : List.of(top, followUp, green, hello)) {
            requestIds.add(requestId(s));
            String chat = s.first("chat").data().path("chat_id").asText();
            if (!chatIds.contains(chat)) {
                chatIds.add(chat);
            }
        }
        // The trace-sink writes asynchronously; the chats are compared only once it wrote the originals.
        await().atMost(Duration.ofSeconds(60)).until(() -> completedLogs(requestIds) == requestIds.size());
    }

    @AfterAll
    void stop() {
        if (stack != null) {
            stack.close();
        }
    }

    private SseCapture.Stream ask(String question, String chatId) throws Exception {
        SseCapture.Stream s = SseCapture.ask(port, question, chatId);
        assertThat(s.status()).isEqualTo(200);
        assertThat(s.names()).contains("done").doesNotContain("error");
        return s;
    }

    private static String requestId(SseCapture.Stream s) {
        return s.done().path("request_id").asText();
    }

    @Test
    @Order(1)
    void shadowReplaysOfRulesAnswersAreSameAndLeaveTheChatsAsTheyWere() throws Exception {
        Map<String, String> chatsBefore = chatViews();
        String missing = UUID.randomUUID().toString();
        String neverRan = publishARequestThatNeverRan();

        Result r = replay("--request", String.join(",", requestIds), "--request", missing + "," + neverRan,
                "--json", "--rate", "0");

        assertThat(r.code).as(r.err).isZero();
        JsonNode report = Json.parse(r.out);
        JsonNode requests = report.path("requests");
        assertThat(requests).hasSize(requestIds.size() + 2);
        for (int i = 0; i < requestIds.size(); i++) {
            JsonNode one = requests.get(i);
            assertThat(one.path("request_id").asText()).isEqualTo(requestIds.get(i));
            assertThat(one.path("verdict").asText()).as(one.toString()).isEqualTo("same");
            assertThat(one.path("replay").path("answer").asText())
                    .isEqualTo(one.path("original").path("answer").asText());
            assertThat(one.path("replay_request_id").asText()).isNotEqualTo(requestIds.get(i));
        }
        assertThat(verdictOf(requests, neverRan)).as("in the topic, but no run of it").isEqualTo("no original answer");
        assertThat(verdictOf(requests, missing)).isEqualTo("not found in topic");
        assertThat(report.path("total").path("same").asInt()).isEqualTo(requestIds.size());

        List<String> replayIds = new ArrayList<>();
        requests.forEach(n -> {
            if (n.hasNonNull("replay_request_id")) {
                replayIds.add(n.path("replay_request_id").asText());
            }
        });
        // Once the trace-sink stored every replay, marked, the chats must look exactly as before.
        await().atMost(Duration.ofSeconds(60)).until(() -> completedLogs(replayIds) == replayIds.size());
        assertThat(chatViews()).isEqualTo(chatsBefore);
        try (Connection c = db()) {
            assertThat(count(c, "select count(*) from public.chat_logs where request_id = any(?) and replay_mode = 'shadow'"
                    + " and replay_of is not null", replayIds)).isEqualTo(replayIds.size());
            assertThat(count(c, "select count(*) from public.request_traces where request_id = any(?)"
                    + " and replay_of is null", replayIds)).as("every trace row marked").isZero();
            assertThat(count(c, "select count(*) from public.request_traces where request_id = any(?)", replayIds))
                    .isGreaterThan(replayIds.size());
        }
    }

    @Test
    @Order(2)
    void aPlannerThatPlansDifferentlyShowsAsPlanChanged() throws Exception {
        StageHandler planner = RulesAgents.handlers(() -> new DataCoverage(LocalDate.of(2008, 1, 2),
                LocalDate.of(2026, 1, 7), "synthetic")).stream().filter(h -> h.stage() == Stage.PLANNER)
                .findFirst().orElseThrow();
        stack.killWorker(Stage.PLANNER);
        stack.startWorker(new LimitChangingPlanner(planner));
        try {
            Result r = replay("--request", topDaysRequest + "," + helloRequest, "--fail-on-change");

            assertThat(r.code).as(r.out + r.err).isEqualTo(ReplayCommand.CHANGED_EXIT);
            assertThat(r.out).containsPattern("CHANGED\\s+" + topDaysRequest + "\\s+plan changed")
                    .contains("plan  [0].limit: 5 → 3")
                    .containsPattern("SAME\\s+" + helloRequest + "\\s+same")
                    .contains("Total: 2 requests (shadow): 1 same, 1 changed (plan 1");
        } finally {
            stack.killWorker(Stage.PLANNER);
            stack.startWorker(planner);
        }
    }

    @Test
    @Order(3)
    void aSelectionLargerThanABatchIsReplayedABatchAtATimeInOrder() throws Exception {
        List<String> ids = new ArrayList<>(requestIds);
        for (String question : List.of("how many red days in 2022", "what is an inside day?", "thanks",
                "average daily range in 2024 during RTH", "top 3 days by volume in 2023", "hello")) {
            ids.add(requestId(ask(question, null)));
        }

        Result r = replay("--request", String.join(",", ids), "--json", "--rate", "0", "--batch", "2");

        assertThat(r.code).as(r.err).isZero();
        JsonNode requests = Json.parse(r.out).path("requests");
        assertThat(requests).hasSize(ids.size());
        for (int i = 0; i < ids.size(); i++) {
            assertThat(requests.get(i).path("request_id").asText()).as("in the order named").isEqualTo(ids.get(i));
            assertThat(requests.get(i).path("verdict").asText()).as(requests.get(i).toString()).isEqualTo("same");
        }
        // A new batch is read only when at most one batch is unreported: never more than two batches held.
        assertThat(r.outcome.mostOriginalsHeld()).isBetween(2, 4);
    }

    @Test
    @Order(4)
    void badInputAndAnUnreachableKafkaAreOneLineAndANonZeroExit() {
        Result badId = replay("--request", "not-a-uuid");
        assertThat(badId.code).isEqualTo(2);
        assertThat(badId.err.strip()).isEqualTo("barb replay: --request must be a request, chat or user id (a UUID), "
                + "got 'not-a-uuid'");

        Result nothing = replay();
        assertThat(nothing.code).isEqualTo(2);
        assertThat(nothing.err).contains("say which requests to replay");

        Result badRate = replay("--chat", chatIds.getFirst(), "--rate", "-1");
        assertThat(badRate.code).isEqualTo(2);
        assertThat(badRate.err).contains("--rate must be");

        Result badBatch = replay("--chat", chatIds.getFirst(), "--batch", "0");
        assertThat(badBatch.code).isEqualTo(2);
        assertThat(badBatch.err.strip()).isEqualTo("barb replay: --batch must be between 1 and 10000");

        String nowhere = "127.0.0.1:" + FreePorts.pick();
        Result unreachable = run(Map.of(), "--bootstrap", nowhere, "--chat", chatIds.getFirst(), "--timeout", "2");
        assertThat(unreachable.code).isEqualTo(1);
        assertThat(unreachable.err).startsWith("barb replay: cannot use Kafka at " + nowhere).doesNotContain("\tat ");
    }

    @Test
    @Order(5)
    void intoTheChatAReplayIsAppendedToTheOriginalChat() throws Exception {
        String chat = chatIds.get(chatIds.size() - 1);
        int messagesBefore = Json.parse(get("/chats/" + chat + "/messages")).size();

        Result r = replay("--request", helloRequest, "--into-chat", "--json", "--rate", "0");

        assertThat(r.code).as(r.err).isZero();
        JsonNode one = Json.parse(r.out).path("requests").get(0);
        assertThat(one.path("verdict").asText()).as(one.toString()).isEqualTo("same");
        String replayId = one.path("replay_request_id").asText();
        await().atMost(Duration.ofSeconds(60)).until(() -> completedLogs(List.of(replayId)) == 1);
        try (Connection c = db()) {
            assertThat(count(c, "select count(*) from public.chat_logs where request_id = any(?) and replay_mode = "
                    + "'into_chat'", List.of(replayId))).isEqualTo(1);
        }
        assertThat(Json.parse(get("/chats/" + chat + "/messages")).size()).isGreaterThan(messagesBefore);
    }

    /** A planner that asks for 3 rows wherever the rules planner asked for 5: a deliberately changed reader. */
    private record LimitChangingPlanner(StageHandler inner) implements StageHandler {
        @Override
        public Stage stage() {
            return Stage.PLANNER;
        }

        @Override
        public StageOutcome handle(RequestEnvelope envelope) throws Exception {
            StageOutcome o = inner.handle(envelope);
            JsonNode plans = o.envelope().plans();
            if (o.next() == null || plans == null || !plans.isArray()) {
                return o;
            }
            ArrayNode changed = plans.deepCopy();
            changed.forEach(p -> {
                if (p.path("limit").asInt() == 5) {
                    ((ObjectNode) p).put("limit", 3);
                }
            });
            ObjectNode output = o.output().deepCopy();
            output.set("execution_plan", changed);
            return StageOutcome.next(o.envelope().withPlans(changed), o.next(), o.input(), output, o.usage());
        }
    }

    // ---- helpers ----

    /** @param outcome how the run went; null when it stopped before replaying */
    private record Result(int code, String out, String err, ReplayRunner.Outcome outcome) {
    }

    private Result replay(String... args) {
        List<String> all = new ArrayList<>(List.of("--bootstrap", SharedInfra.kafka().bootstrap()));
        all.addAll(List.of(args));
        return run(Map.of("BARB_REQUEST_TIMEOUT_SECONDS", "120"), all.toArray(String[]::new));
    }

    private static Result run(Map<String, String> env, String... args) {
        ReplayCommand command = new ReplayCommand();
        Map<String, String> e = new HashMap<>(env);
        e.put("BARB_DATA_DIR", SharedInfra.tempDir("barb-replay-cli").toString());
        command.env = e;
        command.showProgress = false;
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        CommandLine cli = new CommandLine(command);
        cli.setOut(new PrintWriter(out, true));
        cli.setErr(new PrintWriter(err, true));
        int code = cli.execute(args);
        return new Result(code, out.toString(), err.toString(), command.lastOutcome);
    }

    private static String verdictOf(JsonNode requests, String requestId) {
        for (JsonNode n : requests) {
            if (n.path("request_id").asText().equals(requestId)) {
                return n.path("verdict").asText();
            }
        }
        throw new AssertionError("no " + requestId + " in the report");
    }

    /** A request on barb.requests.v1 that never reached a stage: like one from before its events were kept. */
    private static String publishARequestThatNeverRan() throws Exception {
        String id = UUID.randomUUID().toString();
        long now = System.currentTimeMillis();
        RequestEnvelope env = RequestEnvelope.start(id, UUID.randomUUID().toString(),
                "00000000-0000-0000-0000-000000000001", "hi", now, now + 60_000, true, null);
        KafkaSettings kafka = KafkaSettings.of(SharedInfra.kafka().bootstrap());
        try (KafkaProducer<String, byte[]> p = new KafkaProducer<>(kafka.producer("replay-test"))) {
            p.send(new ProducerRecord<>(Topics.REQUESTS, id, Json.toBytes(env))).get();
        }
        return id;
    }

    /** What the user sees of each chat: its messages with their traces, and its entry (stats, title) in the list. */
    private Map<String, String> chatViews() throws Exception {
        Map<String, String> views = new HashMap<>();
        JsonNode list = Json.parse(get("/chats"));
        for (String chat : chatIds) {
            views.put(chat + "/messages", get("/chats/" + chat + "/messages"));
            for (JsonNode entry : list) {
                if (entry.path("chat_id").asText().equals(chat)) {
                    views.put(chat, entry.toString());
                }
            }
        }
        try (Connection c = db(); PreparedStatement ps = c.prepareStatement(
                "select id::text, memory::text from public.chat_sessions where id = any(?)")) {
            ps.setArray(1, c.createArrayOf("uuid", chatIds.stream().map(UUID::fromString).toArray()));
            try (ResultSet rs = ps.executeQuery()) {
                while (rs.next()) {
                    views.put(rs.getString(1) + "/memory", rs.getString(2));
                }
            }
        }
        assertThat(views).hasSize(chatIds.size() * 3);
        return views;
    }

    private String get(String path) throws Exception {
        HttpResponse<String> r = HTTP.send(HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port + path))
                .GET().build(), HttpResponse.BodyHandlers.ofString());
        assertThat(r.statusCode()).as(path).isEqualTo(200);
        return r.body();
    }

    private static Connection db() throws SQLException {
        return DriverManager.getConnection(SharedInfra.postgres().jdbcUrl(), SharedInfra.postgres().user(),
                SharedInfra.postgres().password());
    }

    private static long completedLogs(List<String> ids) throws SQLException {
        try (Connection c = db()) {
            return count(c, "select count(*) from public.chat_logs where request_id = any(?) and completed_at is not null",
                    ids);
        }
    }

    private static long count(Connection c, String sql, List<String> ids) throws SQLException {
        try (PreparedStatement ps = c.prepareStatement(sql)) {
            ps.setArray(1, c.createArrayOf("uuid", ids.stream().map(UUID::fromString).toArray()));
            try (ResultSet rs = ps.executeQuery()) {
                rs.next();
                return rs.getLong(1);
            }
        }
    }
}
