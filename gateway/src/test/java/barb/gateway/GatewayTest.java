package barb.gateway;

import barb.core.BarbEvent;
import barb.core.ChatState;
import barb.core.ClarificationState;
import barb.core.EventType;
import barb.core.Json;
import barb.core.KafkaSettings;
import barb.core.Memory;
import barb.core.RequestEnvelope;
import barb.core.Topics;
import barb.embedded.FreePorts;
import com.fasterxml.jackson.databind.JsonNode;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.TopicPartition;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.postgresql.ds.PGSimpleDataSource;

import javax.sql.DataSource;
import java.io.InputStream;
import java.net.http.HttpResponse;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.stream.IntStream;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/** The gateway against the shared broker and database, with {@link FakePipeline} answering. */
class GatewayTest {
    private static final String USER = GatewayConfig.DEFAULT_DEV_USER_ID;
    private static final String OTHER_USER = "00000000-0000-0000-0000-000000000002";
    private static final List<String> ANSWER_EVENTS = List.of("step_start", "step_end", "acknowledge", "answer",
            "done", "chat");

    private static KafkaSettings kafka;
    private static DataSource db;
    private static FakePipeline pipeline;
    private static Gateway gateway;
    private static SseClient client;

    @BeforeAll
    static void start() throws Exception {
        kafka = TestInfra.kafka();
        db = TestInfra.db();
        sql("insert into auth.users (id) values (?::uuid), (?::uuid) on conflict do nothing", USER, OTHER_USER);
        pipeline = new FakePipeline(kafka);
        GatewayConfig config = GatewayConfig.fromEnv(Map.of("BARB_HTTP_PORT", "0",
                "BARB_REQUEST_TIMEOUT_SECONDS", "30", "BARB_MAX_MESSAGE_CHARS", "4000"));
        gateway = Gateway.start(config, kafka, db);
        client = new SseClient(gateway.port());
    }

    @AfterAll
    static void stop() {
        if (gateway != null) {
            gateway.close();
        }
        if (pipeline != null) {
            pipeline.close();
        }
    }

    @Test
    void streamsTheEventsOfANewChatInOrder() throws Exception {
        SseClient.Result r = client.post("/chat/stream", "{\"message\": \"hello there\"}");

        assertThat(r.status()).isEqualTo(200);
        assertThat(r.header("Content-Type")).startsWith("text/event-stream");
        assertThat(r.header("Cache-Control")).contains("no-cache");
        assertThat(r.header("X-Accel-Buffering")).isEqualTo("no");
        assertThat(r.names()).containsExactlyElementsOf(ANSWER_EVENTS);

        JsonNode done = r.first("done").data();
        String requestId = done.get("request_id").asText();
        String chatId = done.get("chat_id").asText();
        assertThat(r.events()).extracting(SseClient.Event::id)
                .containsExactlyElementsOf(IntStream.rangeClosed(1, 6).mapToObj(i -> requestId + ":" + i).toList());

        JsonNode stepStart = r.first("step_start").data();
        assertThat(stepStart.get("request_id").asText()).isEqualTo(requestId);
        assertThat(stepStart.get("agent").asText()).isEqualTo("intent");
        assertThat(stepStart.get("step").asInt()).isEqualTo(1);

        JsonNode stepEnd = r.first("step_end").data();
        assertThat(stepEnd.get("duration_ms").asLong()).isEqualTo(7);
        assertThat(stepEnd.at("/input/question").asText()).isEqualTo("hello there");
        assertThat(stepEnd.at("/output/intent").asText()).isEqualTo("chitchat");
        JsonNode rows = stepEnd.at("/input/rows");
        assertThat(rows.size()).isEqualTo(PayloadTrimmer.MAX_ITEMS + 1);
        assertThat(rows.get(PayloadTrimmer.MAX_ITEMS).get("truncated").asBoolean()).isTrue();
        assertThat(rows.get(PayloadTrimmer.MAX_ITEMS).get("total").asInt()).isEqualTo(50);

        assertThat(r.first("acknowledge").data().get("content").asText()).isEqualTo("On it");
        assertThat(r.first("answer").data().get("agent").asText()).isEqualTo("intent");
        assertThat(r.first("answer").data().get("content").asText()).isEqualTo("Hello back");

        assertThat(done.get("route").asText()).isEqualTo("chitchat");
        assertThat(done.get("agents_used")).extracting(JsonNode::asText).containsExactly("intent");
        assertThat(done.at("/usage/total/input_tokens").asLong()).isEqualTo(10);
        assertThat(done.get("title").asText()).isEqualTo("Chat about hello there");
        assertThat(done.has("duration_ms")).isTrue();
        JsonNode chat = r.first("chat").data();
        assertThat(chat.get("chat_id").asText()).isEqualTo(chatId);
        assertThat(chat.get("title").asText()).isEqualTo("Chat about hello there");

        RequestEnvelope sent = pipeline.received.get(requestId);
        assertThat(sent.chatId()).isEqualTo(chatId);
        assertThat(sent.userId()).isEqualTo(USER);
        assertThat(sent.needsTitle()).isTrue();
        assertThat(sent.step()).isEqualTo(1);
        assertThat(sent.deadlineMs()).isGreaterThan(sent.createdAtMs());

        List<ConsumerRecord<String, byte[]>> requests = recordsOf(Topics.REQUESTS, requestId);
        assertThat(requests).hasSize(1);
        assertThat(Json.fromBytes(requests.get(0).value(), RequestEnvelope.class).question()).isEqualTo("hello there");
        BarbEvent started = recordsOf(Topics.EVENTS, requestId).stream()
                .map(rec -> Json.fromBytes(rec.value(), BarbEvent.class))
                .filter(e -> e.type() == EventType.REQUEST_STARTED).findFirst().orElseThrow();
        assertThat(started.payload().get("new_chat").asBoolean()).isTrue();
    }

    @Test
    void deliversDuplicateEventsOnce() throws Exception {
        SseClient.Result r = client.post("/chat/stream", "{\"message\": \"dup me\"}");

        assertThat(r.names()).containsExactlyElementsOf(ANSWER_EVENTS);
        String requestId = r.first("done").data().get("request_id").asText();
        long acksOnTopic = recordsOf(Topics.EVENTS, requestId).stream()
                .map(rec -> Json.fromBytes(rec.value(), BarbEvent.class))
                .filter(e -> e.type() == EventType.ACKNOWLEDGE).count();
        assertThat(acksOnTopic).isEqualTo(2);
    }

    @Test
    void refusesBadInputNamingTheField() throws Exception {
        assertBad("{not json", 400, "invalid_json", "body");
        assertBad("[1, 2]", 400, "invalid_json", "body");
        assertBad("{}", 400, "invalid_request", "message");
        assertBad("{\"message\": \"   \"}", 400, "invalid_request", "message");
        assertBad("{\"message\": 5}", 400, "invalid_request", "message");
        assertBad("{\"message\": \"" + "x".repeat(4001) + "\"}", 400, "invalid_request", "message");
        assertBad("{\"message\": \"hi\", \"chat_id\": \"nope\"}", 400, "invalid_request", "chat_id");
        assertBad("{\"message\": \"hi\", \"chat_id\": 42}", 400, "invalid_request", "chat_id");
        assertBad("{\"message\": \"hi\", \"chat_id\": \"1-2-3-4-5\"}", 400, "invalid_request", "chat_id");
        assertBad("{\"message\": \"" + "x".repeat(70_000) + "\"}", 413, "payload_too_large", "body");
    }

    @Test
    void refusesChatsThatAreUnknownOrSomeoneElses() throws Exception {
        assertBad("{\"message\": \"hi\", \"chat_id\": \"" + UUID.randomUUID() + "\"}", 404, "not_found", "chat_id");

        String othersInPostgres = UUID.randomUUID().toString();
        sql("insert into chat_sessions (id, user_id, title) values (?::uuid, ?::uuid, 'theirs')", othersInPostgres,
                OTHER_USER);
        assertBad("{\"message\": \"hi\", \"chat_id\": \"" + othersInPostgres + "\"}", 404, "not_found", "chat_id");

        String deleted = UUID.randomUUID().toString();
        sql("insert into chat_sessions (id, user_id, status) values (?::uuid, ?::uuid, 'deleted')", deleted, USER);
        assertBad("{\"message\": \"hi\", \"chat_id\": \"" + deleted + "\"}", 404, "not_found", "chat_id");
    }

    @Test
    void continuesAChatKnownFromTheStateTopicOrFromPostgres() throws Exception {
        String fromState = UUID.randomUUID().toString();
        ChatState state = new ChatState(fromState, USER, "From state", Memory.empty().withExchange("q0", "a0"),
                ClarificationState.none(), "earlier-request", 1);
        produce(Topics.CHAT_STATE, fromState, Json.toBytes(state));
        // Not in Postgres: 404 until the gateway's view has read the state.
        await().atMost(Duration.ofSeconds(30)).until(() -> client.post("/chat/stream",
                "{\"message\": \"from state\", \"chat_id\": \"" + fromState + "\"}").status() == 200);
        RequestEnvelope viaState = pipeline.receivedFor("from state");
        assertThat(viaState.chatId()).isEqualTo(fromState);
        assertThat(viaState.needsTitle()).isFalse();
        assertThat(viaState.chatState().lastRequestId()).isEqualTo("earlier-request");
        assertThat(viaState.chatState().memory().recent()).hasSize(2);

        String foreignState = UUID.randomUUID().toString();
        produce(Topics.CHAT_STATE, foreignState, Json.toBytes(ChatState.fresh(foreignState, OTHER_USER)));
        assertBad("{\"message\": \"hi\", \"chat_id\": \"" + foreignState + "\"}", 404, "not_found", "chat_id");

        String inPostgres = UUID.randomUUID().toString();
        sql("insert into chat_sessions (id, user_id, title) values (?::uuid, ?::uuid, 'PG title')", inPostgres, USER);
        SseClient.Result r = client.post("/chat/stream",
                "{\"message\": \"from postgres\", \"chat_id\": \"" + inPostgres + "\"}");
        assertThat(r.names()).containsExactlyElementsOf(ANSWER_EVENTS);
        assertThat(r.first("done").data().has("title")).isFalse();
        assertThat(r.first("chat").data().get("title").asText()).isEqualTo("PG title");
        RequestEnvelope viaPostgres = pipeline.receivedFor("from postgres");
        assertThat(viaPostgres.needsTitle()).isFalse();
        assertThat(viaPostgres.chatState().title()).isEqualTo("PG title");

        String untitled = UUID.randomUUID().toString();
        sql("insert into chat_sessions (id, user_id) values (?::uuid, ?::uuid)", untitled, USER);
        client.post("/chat/stream", "{\"message\": \"untitled\", \"chat_id\": \"" + untitled + "\"}");
        assertThat(pipeline.receivedFor("untitled").needsTitle()).isTrue();
    }

    @Test
    void refusesASecondMessageWhileTheChatIsBusyAndAcceptsItAfterDone() throws Exception {
        String chatId = client.post("/chat/stream", "{\"message\": \"first\"}").first("done").data()
                .get("chat_id").asText();
        pipeline.hold("slow one");
        CompletableFuture<SseClient.Result> slow = CompletableFuture.supplyAsync(() -> call(() -> client.post(
                "/chat/stream", "{\"message\": \"slow one\", \"chat_id\": \"" + chatId + "\"}")));
        await().atMost(Duration.ofSeconds(30)).until(() -> pipeline.receivedFor("slow one") != null);

        SseClient.Result busy = client.post("/chat/stream",
                "{\"message\": \"too soon\", \"chat_id\": \"" + chatId + "\"}");
        assertThat(busy.status()).isEqualTo(409);
        assertThat(busy.json().get("error").asText()).isEqualTo("chat_busy");
        assertThat(busy.json().get("message").asText()).contains("chat_id");
        assertThat(pipeline.receivedFor("too soon")).isNull();

        pipeline.release("slow one");
        SseClient.Result slowResult = slow.get(60, TimeUnit.SECONDS);
        assertThat(slowResult.names()).containsExactlyElementsOf(ANSWER_EVENTS);
        String slowRequest = slowResult.first("done").data().get("request_id").asText();

        // Straight after the stream ended, without waiting: the chat is free and its state is the new one.
        SseClient.Result next = client.post("/chat/stream",
                "{\"message\": \"after slow\", \"chat_id\": \"" + chatId + "\"}");
        assertThat(next.status()).isEqualTo(200);
        assertThat(next.names()).containsExactlyElementsOf(ANSWER_EVENTS);
        ChatState seen = pipeline.receivedFor("after slow").chatState();
        assertThat(seen.lastRequestId()).isEqualTo(slowRequest);
        assertThat(seen.memory().recent()).extracting(m -> m.content()).contains("slow one");
    }

    @Test
    void aClientThatHangsUpDoesNotStopTheRequest() throws Exception {
        String chatId = client.post("/chat/stream", "{\"message\": \"before leaving\"}").first("done").data()
                .get("chat_id").asText();
        pipeline.hold("left early");
        HttpResponse<InputStream> open = client.open("/chat/stream",
                "{\"message\": \"left early\", \"chat_id\": \"" + chatId + "\"}");
        assertThat(open.statusCode()).isEqualTo(200);
        await().atMost(Duration.ofSeconds(30)).until(() -> pipeline.receivedFor("left early") != null);
        open.body().close();
        pipeline.release("left early");

        String leftRequest = pipeline.receivedFor("left early").requestId();
        await().atMost(Duration.ofSeconds(30)).until(() -> client.post("/chat/stream",
                "{\"message\": \"came back\", \"chat_id\": \"" + chatId + "\"}").status() == 200);
        assertThat(pipeline.receivedFor("came back").chatState().lastRequestId()).isEqualTo(leftRequest);
        assertThat(client.get("/healthz").status()).isEqualTo(200);
    }

    @Test
    void endsWithATimeoutErrorWhenTheRequestNeverCompletes() throws Exception {
        GatewayConfig quick = GatewayConfig.defaults().withRequestTimeout(Duration.ofSeconds(1), Duration.ofSeconds(1));
        try (Gateway g = Gateway.start(quick, kafka, db)) {
            SseClient quickClient = new SseClient(g.port());
            SseClient.Result r = quickClient.post("/chat/stream", "{\"message\": \"hang forever\"}");
            assertThat(r.status()).isEqualTo(200);
            assertThat(r.names()).containsExactly("error");
            assertThat(r.first("error").data().get("code").asText()).isEqualTo("timeout");
            assertThat(r.first("error").id()).endsWith(":1");

            // The bytes on the wire: id, event and one data line, then a blank line (no space after the colons).
            HttpResponse<InputStream> raw = quickClient.open("/chat/stream", "{\"message\": \"hang again\"}");
            String text = new String(raw.body().readAllBytes(), java.nio.charset.StandardCharsets.UTF_8);
            assertThat(text).matches("(?s)id:[0-9a-f-]{36}:1\nevent:error\ndata:\\{\"code\":\"timeout\".*\\}\n\n");
        }
    }

    @Test
    void listsTheUsersActiveChatsNewestFirst() throws Exception {
        String older = UUID.randomUUID().toString();
        String newer = UUID.randomUUID().toString();
        sql("insert into chat_sessions (id, user_id, title, updated_at) values (?::uuid, ?::uuid, 'older', "
                + "now() + interval '1 day')", older, USER);
        sql("insert into chat_sessions (id, user_id, title, updated_at) values (?::uuid, ?::uuid, 'newer', "
                + "now() + interval '2 days')", newer, USER);
        sql("insert into chat_sessions (id, user_id, title, status, updated_at) values (gen_random_uuid(), ?::uuid, "
                + "'gone', 'deleted', now() + interval '3 days')", USER);
        sql("insert into chat_sessions (id, user_id, title, updated_at) values (gen_random_uuid(), ?::uuid, "
                + "'not mine', now() + interval '3 days')", OTHER_USER);

        SseClient.Result r = client.get("/chats");

        assertThat(r.status()).isEqualTo(200);
        List<String> titles = new ArrayList<>();
        r.json().forEach(c -> titles.add(c.get("title").asText(null)));
        assertThat(titles).startsWith("newer", "older").doesNotContain("gone", "not mine");
        JsonNode first = r.json().get(0);
        assertThat(first.get("chat_id").asText()).isEqualTo(newer);
        assertThat(first.at("/stats/message_count").asInt()).isZero();
        assertThat(first.get("created_at").asText()).isNotBlank();
        assertThat(first.get("updated_at").asText()).isNotBlank();
    }

    @Test
    void listsAChatsMessagesWithTraces() throws Exception {
        String chatId = UUID.randomUUID().toString();
        sql("insert into chat_sessions (id, user_id, title) values (?::uuid, ?::uuid, 'history')", chatId, USER);
        String r1 = UUID.randomUUID().toString();
        String r2 = UUID.randomUUID().toString();
        sql("insert into chat_logs (request_id, user_id, chat_id, question, response, route, agents_used, duration_ms,"
                + " usage, created_at) values (?::uuid, ?::uuid, ?::uuid, 'q1', 'a1', 'data', '{intent,executor}', 120,"
                + " '{\"total\": {\"input_tokens\": 3}}', now() - interval '1 minute')", r1, USER, chatId);
        sql("insert into chat_logs (request_id, user_id, chat_id, question, response, route, created_at) values"
                + " (?::uuid, ?::uuid, ?::uuid, 'q2', 'a2', 'chitchat', now())", r2, USER, chatId);
        // A shadow replay of r1 (barb replay) is stored in the chat's name but is never one of its messages.
        sql("insert into chat_logs (request_id, user_id, chat_id, question, response, route, created_at, replay_of,"
                + " replay_mode) values (?::uuid, ?::uuid, ?::uuid, 'q1', 'a1 again', 'data', now(), ?::uuid, 'shadow')",
                UUID.randomUUID().toString(), USER, chatId, r1);
        String bigOutput = Json.toString(Map.of("rows", IntStream.range(0, 30).boxed().toList()));
        sql("insert into request_traces (request_id, user_id, step_number, agent_name, input_data, output_data,"
                + " usage, duration_ms) values (?::uuid, ?::uuid, 2, 'executor', '{\"plans\": []}', ?::jsonb, null, 40)",
                r1, USER, bigOutput);
        sql("insert into request_traces (request_id, user_id, step_number, agent_name, input_data, output_data,"
                + " duration_ms) values (?::uuid, ?::uuid, 1, 'intent', '{\"question\": \"q1\"}', '{}', 5)", r1, USER);

        SseClient.Result r = client.get("/chats/" + chatId + "/messages");

        assertThat(r.status()).isEqualTo(200);
        assertThat(r.json()).hasSize(2);
        JsonNode m1 = r.json().get(0);
        assertThat(m1.get("question").asText()).isEqualTo("q1");
        assertThat(m1.get("request_id").asText()).isEqualTo(r1);
        assertThat(m1.get("route").asText()).isEqualTo("data");
        assertThat(m1.get("agents_used")).extracting(JsonNode::asText).containsExactly("intent", "executor");
        assertThat(m1.get("duration_ms").asInt()).isEqualTo(120);
        assertThat(m1.at("/usage/total/input_tokens").asInt()).isEqualTo(3);
        assertThat(m1.get("id").asLong()).isPositive();
        assertThat(m1.get("created_at").asText()).isNotBlank();
        JsonNode traces = m1.get("traces");
        assertThat(traces).extracting(t -> t.get("step_number").asInt()).containsExactly(1, 2);
        assertThat(traces.get(1).get("agent_name").asText()).isEqualTo("executor");
        assertThat(traces.get(1).get("duration_ms").asInt()).isEqualTo(40);
        assertThat(traces.get(1).at("/output_data/rows").size()).isEqualTo(PayloadTrimmer.MAX_ITEMS + 1);
        JsonNode m2 = r.json().get(1);
        assertThat(m2.get("question").asText()).isEqualTo("q2");
        assertThat(m2.get("traces")).isEmpty();
        assertThat(m2.get("duration_ms").isNull()).isTrue();

        SseClient.Result latest = client.get("/chats/" + chatId + "/messages?limit=1");
        assertThat(latest.json()).extracting(m -> m.get("question").asText()).containsExactly("q2");

        assertThat(client.get("/chats/" + UUID.randomUUID() + "/messages").status()).isEqualTo(404);
        String theirs = UUID.randomUUID().toString();
        sql("insert into chat_sessions (id, user_id) values (?::uuid, ?::uuid)", theirs, OTHER_USER);
        assertThat(client.get("/chats/" + theirs + "/messages").status()).isEqualTo(404);
        SseClient.Result badId = client.get("/chats/nope/messages");
        assertThat(badId.status()).isEqualTo(400);
        assertThat(badId.json().get("message").asText()).startsWith("id:");
        SseClient.Result badLimit = client.get("/chats/" + chatId + "/messages?limit=0");
        assertThat(badLimit.status()).isEqualTo(400);
        assertThat(badLimit.json().get("message").asText()).startsWith("limit:");
    }

    @Test
    void healthReportsKafkaAndPostgres() throws Exception {
        SseClient.Result ok = client.get("/healthz");
        assertThat(ok.status()).isEqualTo(200);
        assertThat(ok.json().get("status").asText()).isEqualTo("ok");
        assertThat(ok.json().get("kafka").asText()).isEqualTo("ok");
        assertThat(ok.json().get("postgres").asText()).isEqualTo("ok");

        PGSimpleDataSource dead = new PGSimpleDataSource();
        dead.setUrl("jdbc:postgresql://127.0.0.1:" + FreePorts.pick() + "/postgres");
        dead.setConnectTimeout(2);
        try (Gateway g = Gateway.start(GatewayConfig.defaults(), kafka, dead)) {
            SseClient.Result down = new SseClient(g.port()).get("/healthz");
            assertThat(down.status()).isEqualTo(503);
            assertThat(down.json().get("postgres").asText()).isEqualTo("unavailable");
            assertThat(down.json().get("kafka").asText()).isEqualTo("ok");
        }
    }

    private static void assertBad(String body, int status, String error, String field) throws Exception {
        SseClient.Result r = client.post("/chat/stream", body);
        assertThat(r.status()).as(body.length() > 80 ? body.substring(0, 80) : body).isEqualTo(status);
        assertThat(r.json().get("error").asText()).isEqualTo(error);
        assertThat(r.json().get("message").asText()).startsWith(field + ":");
    }

    private static void sql(String statement, Object... params) throws Exception {
        try (Connection c = db.getConnection(); PreparedStatement ps = c.prepareStatement(statement)) {
            for (int i = 0; i < params.length; i++) {
                ps.setObject(i + 1, params[i]);
            }
            ps.execute();
        }
    }

    private static void produce(String topic, String key, byte[] value) throws Exception {
        try (KafkaProducer<String, byte[]> p = new KafkaProducer<>(kafka.producer("gateway-test"))) {
            p.send(new ProducerRecord<>(topic, key, value)).get();
        }
    }

    /** Every record of {@code topic} with this key, read from the beginning. */
    private static List<ConsumerRecord<String, byte[]>> recordsOf(String topic, String key) {
        List<ConsumerRecord<String, byte[]>> out = new ArrayList<>();
        try (KafkaConsumer<String, byte[]> c = new KafkaConsumer<>(kafka.consumer(null, "gateway-test-reader"))) {
            List<TopicPartition> parts = c.partitionsFor(topic).stream()
                    .map(pi -> new TopicPartition(pi.topic(), pi.partition())).toList();
            c.assign(parts);
            c.seekToBeginning(parts);
            Map<TopicPartition, Long> end = c.endOffsets(parts);
            while (parts.stream().anyMatch(tp -> c.position(tp) < end.get(tp))) {
                for (ConsumerRecord<String, byte[]> rec : c.poll(Duration.ofMillis(200))) {
                    if (key.equals(rec.key())) {
                        out.add(rec);
                    }
                }
            }
        }
        return out;
    }

    private interface Call<T> {
        T run() throws Exception;
    }

    private static <T> T call(Call<T> call) {
        try {
            return call.run();
        } catch (Exception e) {
            throw new IllegalStateException(e);
        }
    }
}
