package barb.gateway;

import barb.core.CancelRequest;
import barb.core.Json;
import barb.core.KafkaSettings;
import barb.core.Topics;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.common.TopicPartition;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import javax.sql.DataSource;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.UUID;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/**
 * The chat API of issue 12 §2 with sign-in on and two users: chats created, renamed and soft-deleted, feedback stored
 * with the chat log, a result's full rows page by page, usage per chat, cancelling, and every one of these a 404 for
 * the other user. The trace-sink does not run here: where a route reads what it stores, the test stores it.
 */
class ChatApiTest {
    private static final String ALICE = UUID.randomUUID().toString();
    private static final String BOB = UUID.randomUUID().toString();

    private static KafkaSettings kafka;
    private static DataSource db;
    private static FakePipeline pipeline;
    private static Gateway gateway;
    private static SseClient alice;
    private static SseClient bob;

    @BeforeAll
    static void start() throws Exception {
        kafka = TestInfra.kafka();
        db = TestInfra.db();
        pipeline = new FakePipeline(kafka);
        gateway = Gateway.start(GatewayConfig.fromEnv(Map.of("BARB_HTTP_PORT", "0",
                "BARB_SUPABASE_JWT_SECRET", TestTokens.SECRET)), kafka, db);
        alice = new SseClient(gateway.port(), TestTokens.hs256(ALICE));
        bob = new SseClient(gateway.port(), TestTokens.hs256(BOB));
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
    void createsRenamesAndSoftDeletesChats() throws Exception {
        SseClient.Result created = alice.post("/chats", "{\"title\": \"  My NQ notes \\u0000 \"}");
        assertThat(created.status()).isEqualTo(201);
        String chatId = created.json().get("chat_id").asText();
        assertThat(UUID.fromString(chatId).toString()).isEqualTo(chatId);
        assertThat(created.json().get("title").asText()).isEqualTo("My NQ notes");
        assertThat(created.json().get("created_at").asText()).isNotBlank();
        assertThat(created.json().get("updated_at").asText()).isNotBlank();
        SseClient.Result untitled = alice.send("POST", "/chats", null);
        assertThat(untitled.status()).isEqualTo(201);
        assertThat(untitled.json().get("title").isNull()).isTrue();
        assertThat(chatIds(alice.get("/chats").json())).contains(chatId, untitled.json().get("chat_id").asText());

        SseClient.Result renamed = patch(alice, chatId, "{\"title\": \"Renamed\"}");
        assertThat(renamed.status()).isEqualTo(200);
        assertThat(renamed.json().get("chat_id").asText()).isEqualTo(chatId);
        assertThat(renamed.json().get("title").asText()).isEqualTo("Renamed");
        assertThat(patch(alice, chatId, "{\"title\": \"" + "é".repeat(200) + "\"}").status()).isEqualTo(200);
        assertBad(patch(alice, chatId, "{}"), "title:");
        assertBad(patch(alice, chatId, "{\"title\": \"   \"}"), "title:");
        assertBad(patch(alice, chatId, "{\"title\": 5}"), "title:");
        assertBad(patch(alice, chatId, "{\"title\": \"" + "x".repeat(201) + "\"}"), "title:");
        assertBad(patch(alice, chatId, "not json"), "body:");
        assertBad(patch(alice, "nope", "{\"title\": \"x\"}"), "id:");
        assertBad(alice.post("/chats", "{\"title\": \"\"}"), "title:");
        assertThat(patch(alice, UUID.randomUUID().toString(), "{\"title\": \"x\"}").status()).isEqualTo(404);

        SseClient.Result deleted = alice.send("DELETE", "/chats/" + chatId, null);
        assertThat(deleted.status()).isEqualTo(204);
        assertThat(chatIds(alice.get("/chats").json())).doesNotContain(chatId);
        assertThat(alice.get("/chats/" + chatId + "/messages").status()).isEqualTo(404);
        assertThat(alice.get("/chats/" + chatId + "/usage").status()).isEqualTo(404);
        assertThat(patch(alice, chatId, "{\"title\": \"back?\"}").status()).isEqualTo(404);
        assertThat(alice.send("DELETE", "/chats/" + chatId, null).status()).isEqualTo(404);
        SseClient.Result continued = alice.post("/chat/stream",
                "{\"message\": \"into a deleted chat\", \"chat_id\": \"" + chatId + "\"}");
        assertThat(continued.status()).isEqualTo(404);
        assertThat(pipeline.receivedFor("into a deleted chat")).isNull();
        // Soft: the row is kept, marked.
        assertThat(text("select status || ' ' || (deleted_at is not null) from chat_sessions where id = ?::uuid",
                chatId)).isEqualTo("deleted true");
    }

    @Test
    void aChatsTitleFromCreateOrRenameIsWhatItsNextRequestCarries() throws Exception {
        String chatId = alice.post("/chats", "{\"title\": \"Gap fills\"}").json().get("chat_id").asText();
        SseClient.Result first = ask(alice, "gaps first", chatId);
        assertThat(first.names()).endsWith("done", "chat");
        assertThat(pipeline.receivedFor("gaps first").needsTitle()).isFalse();
        assertThat(pipeline.receivedFor("gaps first").chatState().title()).isEqualTo("Gap fills");
        assertThat(first.first("chat").data().get("title").asText()).isEqualTo("Gap fills");

        assertThat(patch(alice, chatId, "{\"title\": \"Gaps, renamed\"}").status()).isEqualTo(200);
        SseClient.Result second = ask(alice, "gaps second", chatId);
        assertThat(pipeline.receivedFor("gaps second").chatState().title()).isEqualTo("Gaps, renamed");
        // The memory of the first exchange came through the chat-state topic all the same.
        assertThat(pipeline.receivedFor("gaps second").chatState().memory().recent()).isNotEmpty();
        assertThat(second.first("chat").data().get("title").asText()).isEqualTo("Gaps, renamed");
    }

    @Test
    void aChatKnownOnlyFromItsFirstAnswerCanBeRenamedAndDeletedAtOnce() throws Exception {
        // No trace-sink here: the chat exists only in the chat-state topic.
        String chatId = ask(alice, "brand new chat", null).first("done").data().get("chat_id").asText();
        SseClient.Result renamed = patch(alice, chatId, "{\"title\": \"Named at once\"}");
        assertThat(renamed.status()).isEqualTo(200);
        assertThat(renamed.json().get("title").asText()).isEqualTo("Named at once");
        assertThat(patch(bob, chatId, "{\"title\": \"bob's now\"}").status()).isEqualTo(404);
        assertThat(alice.send("DELETE", "/chats/" + chatId, null).status()).isEqualTo(204);
        assertThat(alice.post("/chat/stream", "{\"message\": \"after delete\", \"chat_id\": \"" + chatId + "\"}")
                .status()).isEqualTo(404);
    }

    @Test
    void feedbackIsStoredWithTheChatLogAndTheLastVoteWins() throws Exception {
        SseClient.Result answered = ask(alice, "rate me", null);
        String chatId = answered.first("done").data().get("chat_id").asText();
        String requestId = answered.first("done").data().get("request_id").asText();
        // Known to this gateway, not stored yet: a 409 to try again, not a 404.
        SseClient.Result early = feedback(alice, requestId, "{\"vote\": \"up\"}");
        assertThat(early.status()).isEqualTo(409);
        assertThat(early.json().get("error").asText()).isEqualTo("not_stored_yet");
        assertThat(early.header("Retry-After")).isEqualTo("1");
        storeChatLog(chatId, ALICE, requestId, "rate me");

        assertThat(feedback(alice, requestId, "{\"vote\": \"up\"}").status()).isEqualTo(204);
        JsonNode message = alice.get("/chats/" + chatId + "/messages").json().get(0);
        assertThat(message.get("request_id").asText()).isEqualTo(requestId);
        assertThat(message.get("feedback")).isEqualTo(Json.parse("{\"vote\": \"up\", \"comment\": null}"));

        assertThat(feedback(alice, requestId, "{\"vote\": \"down\", \"comment\": \" wrong year \"}").status())
                .isEqualTo(204);
        message = alice.get("/chats/" + chatId + "/messages").json().get(0);
        assertThat(message.get("feedback")).isEqualTo(Json.parse("{\"vote\": \"down\", \"comment\": \"wrong year\"}"));
        assertThat(text("select feedback ->> 'at' from chat_logs where request_id = ?::uuid", requestId)).isNotBlank();

        assertBad(feedback(alice, requestId, "{}"), "vote:");
        assertBad(feedback(alice, requestId, "{\"vote\": \"meh\"}"), "vote:");
        assertBad(feedback(alice, requestId, "{\"vote\": \"up\", \"comment\": 5}"), "comment:");
        assertBad(feedback(alice, requestId, "{\"vote\": \"up\", \"comment\": \"" + "x".repeat(2001) + "\"}"),
                "comment:");
        assertBad(feedback(alice, "nope", "{\"vote\": \"up\"}"), "id:");
        assertThat(alice.send("POST", "/requests/" + requestId + "/feedback", "{\"vote\": \"up\"}",
                "Content-Type", "text/plain").status()).isEqualTo(415);
        assertThat(feedback(alice, UUID.randomUUID().toString(), "{\"vote\": \"up\"}").status()).isEqualTo(404);
        assertThat(text("select feedback ->> 'vote' from chat_logs where request_id = ?::uuid", requestId))
                .isEqualTo("down");
    }

    @Test
    void pagesThroughTheFullRowsOfAResult() throws Exception {
        SseClient.Result answered = ask(alice, "top days", null);
        String chatId = answered.first("done").data().get("chat_id").asText();
        String requestId = answered.first("done").data().get("request_id").asText();
        storeChatLog(chatId, ALICE, requestId, "top days");
        storeExecutorResults(requestId, ALICE, 250);

        JsonNode first = alice.get("/requests/" + requestId + "/rows").json();
        assertThat(first.get("request_id").asText()).isEqualTo(requestId);
        assertThat(first.get("block").asInt()).isZero();
        assertThat(first.get("plan_id").asText()).isEqualTo("s1");
        assertThat(first.get("columns")).extracting(JsonNode::asText).containsExactly("trade_date", "range");
        assertThat(first.get("rows")).hasSize(100);
        assertThat(first.at("/rows/0")).isEqualTo(Json.parse("[\"day-0\", 0]"));
        assertThat(first.get("total").asInt()).isEqualTo(250);
        assertThat(first.get("offset").asInt()).isZero();
        assertThat(first.get("limit").asInt()).isEqualTo(100);

        JsonNode last = alice.get("/requests/" + requestId + "/rows?offset=200&limit=100").json();
        assertThat(last.get("rows")).hasSize(50);
        assertThat(last.at("/rows/0/1").asInt()).isEqualTo(200);
        assertThat(last.at("/rows/49/0").asText()).isEqualTo("day-249");
        assertThat(alice.get("/requests/" + requestId + "/rows?offset=300").json().get("rows")).isEmpty();
        assertThat(alice.get("/requests/" + requestId + "/rows?limit=1000").json().get("rows")).hasSize(250);

        JsonNode second = alice.get("/requests/" + requestId + "/rows?block=1").json();
        assertThat(second.get("total").asInt()).isEqualTo(1);
        assertThat(second.get("columns")).extracting(JsonNode::asText).containsExactly("value");
        JsonNode source = alice.get("/requests/" + requestId + "/rows?kind=source").json();
        assertThat(source.get("kind").asText()).isEqualTo("source");
        assertThat(source.get("total").asInt()).isEqualTo(3);
        assertThat(source.get("source_row_count").asInt()).isEqualTo(1234);
        assertThat(source.get("columns")).extracting(JsonNode::asText).containsExactly("ts", "close");

        SseClient.Result noBlock = alice.get("/requests/" + requestId + "/rows?block=2");
        assertThat(noBlock.status()).isEqualTo(404);
        assertThat(noBlock.json().get("message").asText()).startsWith("block:").contains("2 result blocks");
        assertBad(alice.get("/requests/" + requestId + "/rows?limit=1001"), "limit:");
        assertBad(alice.get("/requests/" + requestId + "/rows?limit=0"), "limit:");
        assertBad(alice.get("/requests/" + requestId + "/rows?offset=-1"), "offset:");
        assertBad(alice.get("/requests/" + requestId + "/rows?kind=everything"), "kind:");

        SseClient.Result chitchat = ask(alice, "just chatting", null);
        String noData = chitchat.first("done").data().get("request_id").asText();
        SseClient.Result none = alice.get("/requests/" + noData + "/rows");
        assertThat(none.status()).isEqualTo(404);
        assertThat(none.json().get("message").asText()).startsWith("block:");
    }

    @Test
    void reportsAChatsUsage() throws Exception {
        String chatId = alice.post("/chats", "{\"title\": \"costly\"}").json().get("chat_id").asText();
        JsonNode fresh = alice.get("/chats/" + chatId + "/usage").json();
        assertThat(fresh).isEqualTo(Json.parse("{\"chat_id\": \"" + chatId + "\", \"requests\": 0, \"input_tokens\": 0,"
                + " \"output_tokens\": 0, \"thinking_tokens\": 0, \"cached_tokens\": 0, \"cost_usd\": 0.0}"));
        // As the trace-sink counts two answered requests.
        sql("select public.increment_chat_stats(?::uuid, 1200, 300, 50, 800, 0.0042)", chatId);
        sql("select public.increment_chat_stats(?::uuid, 100, 30, 0, 0, 0.0008)", chatId);

        JsonNode usage = alice.get("/chats/" + chatId + "/usage").json();
        assertThat(usage.get("requests").asInt()).isEqualTo(2);
        assertThat(usage.get("input_tokens").asLong()).isEqualTo(1300);
        assertThat(usage.get("output_tokens").asLong()).isEqualTo(330);
        assertThat(usage.get("thinking_tokens").asLong()).isEqualTo(50);
        assertThat(usage.get("cost_usd").asDouble()).isEqualTo(0.005);
        assertBad(alice.get("/chats/nope/usage"), "id:");
    }

    @Test
    void cancellingPutsACancellationOnTheTopicAndAFinishedRequestIsAConflict() throws Exception {
        SseClient.Result done = ask(alice, "already answered", null);
        String finished = done.first("done").data().get("request_id").asText();
        SseClient.Result late = alice.send("POST", "/requests/" + finished + "/cancel", null);
        assertThat(late.status()).isEqualTo(409);
        assertThat(late.json().get("error").asText()).isEqualTo("request_finished");

        pipeline.hold("cancel me");
        var open = alice.open("/chat/stream", "{\"message\": \"cancel me\"}");
        await().atMost(Duration.ofSeconds(30)).until(() -> pipeline.receivedFor("cancel me") != null);
        String running = pipeline.receivedFor("cancel me").requestId();
        assertThat(bob.send("POST", "/requests/" + running + "/cancel", null).status()).isEqualTo(404);
        SseClient.Result cancelled = alice.send("POST", "/requests/" + running + "/cancel", null);
        assertThat(cancelled.status()).isEqualTo(202);
        assertThat(cancelled.json()).isEqualTo(Json.parse("{\"request_id\": \"" + running + "\", \"cancelled\": true}"));
        List<ConsumerRecord<String, byte[]>> onTopic = recordsOf(Topics.CANCELS, running);
        assertThat(onTopic).hasSize(1);
        CancelRequest cancel = Json.fromBytes(onTopic.get(0).value(), CancelRequest.class);
        assertThat(cancel.userId()).isEqualTo(ALICE);
        pipeline.release("cancel me");
        open.body().close();
    }

    @Test
    void deletingAChatCancelsTheRequestItIsRunning() throws Exception {
        String chatId = alice.post("/chats", "{\"title\": \"short-lived\"}").json().get("chat_id").asText();
        pipeline.hold("running when deleted");
        var open = alice.open("/chat/stream", "{\"message\": \"running when deleted\", \"chat_id\": \"" + chatId
                + "\"}");
        await().atMost(Duration.ofSeconds(30)).until(() -> pipeline.receivedFor("running when deleted") != null);
        String running = pipeline.receivedFor("running when deleted").requestId();

        assertThat(alice.send("DELETE", "/chats/" + chatId, null).status()).isEqualTo(204);

        assertThat(recordsOf(Topics.CANCELS, running)).hasSize(1);
        assertThat(alice.get("/requests/" + running + "/events").status()).isEqualTo(404);
        pipeline.release("running when deleted");
        open.body().close();
    }

    @Test
    void anotherUsersChatsAndRequestsAreNotFoundOnEveryEndpoint() throws Exception {
        String chatId = alice.post("/chats", "{\"title\": \"alice only\"}").json().get("chat_id").asText();
        SseClient.Result answered = ask(alice, "alice's data question", chatId);
        String requestId = answered.first("done").data().get("request_id").asText();
        storeChatLog(chatId, ALICE, requestId, "alice's data question");
        storeExecutorResults(requestId, ALICE, 5);
        pipeline.hold("alice still running");
        String runningChat = alice.send("POST", "/chats", null).json().get("chat_id").asText();
        var open = alice.open("/chat/stream", "{\"message\": \"alice still running\", \"chat_id\": \"" + runningChat
                + "\"}");
        await().atMost(Duration.ofSeconds(30)).until(() -> pipeline.receivedFor("alice still running") != null);
        String running = pipeline.receivedFor("alice still running").requestId();

        for (String chat : List.of(chatId, runningChat)) {
            assertNotFound(bob.get("/chats/" + chat + "/messages"), "id:");
            assertNotFound(bob.get("/chats/" + chat + "/usage"), "id:");
            assertNotFound(patch(bob, chat, "{\"title\": \"mine\"}"), "id:");
            assertNotFound(bob.send("DELETE", "/chats/" + chat, null), "id:");
            assertNotFound(bob.post("/chat/stream", "{\"message\": \"bob writes\", \"chat_id\": \"" + chat + "\"}"),
                    "chat_id:");
        }
        for (String request : List.of(requestId, running)) {
            assertNotFound(feedback(bob, request, "{\"vote\": \"down\"}"), "id:");
            assertNotFound(bob.get("/requests/" + request + "/rows"), "id:");
            assertNotFound(bob.send("POST", "/requests/" + request + "/cancel", null), "id:");
            assertNotFound(bob.get("/requests/" + request + "/events"), "id:");
        }
        // Exactly what an id that does not exist gets: nothing tells bob that alice's ids are real.
        assertThat(bob.get("/requests/" + requestId + "/rows").json())
                .isEqualTo(bob.get("/requests/" + UUID.randomUUID() + "/rows").json());
        assertThat(bob.get("/chats/" + chatId + "/usage").json())
                .isEqualTo(bob.get("/chats/" + UUID.randomUUID() + "/usage").json());
        assertThat(chatIds(bob.get("/chats").json())).doesNotContain(chatId, runningChat);

        // Nothing of alice's changed, and she still reaches all of it.
        assertThat(pipeline.receivedFor("bob writes")).isNull();
        assertThat(recordsOf(Topics.CANCELS, running)).isEmpty();
        assertThat(alice.get("/chats/" + chatId + "/usage").status()).isEqualTo(200);
        assertThat(alice.get("/requests/" + requestId + "/rows").json().get("total").asInt()).isEqualTo(5);
        JsonNode message = alice.get("/chats/" + chatId + "/messages").json().get(0);
        assertThat(message.get("feedback").isNull()).isTrue();
        assertThat(chatIds(alice.get("/chats").json())).contains(chatId, runningChat);
        pipeline.release("alice still running");
        open.body().close();
    }

    private static SseClient.Result ask(SseClient client, String question, String chatId) throws Exception {
        String body = chatId == null ? "{\"message\": \"" + question + "\"}"
                : "{\"message\": \"" + question + "\", \"chat_id\": \"" + chatId + "\"}";
        SseClient.Result r = client.post("/chat/stream", body);
        assertThat(r.status()).as(question).isEqualTo(200);
        return r;
    }

    private static SseClient.Result patch(SseClient client, String chatId, String body) throws Exception {
        return client.send("PATCH", "/chats/" + chatId, body, "Content-Type", "application/json");
    }

    private static SseClient.Result feedback(SseClient client, String requestId, String body) throws Exception {
        return client.post("/requests/" + requestId + "/feedback", body);
    }

    private static void assertBad(SseClient.Result r, String field) {
        assertThat(r.status()).isEqualTo(400);
        assertThat(r.json().get("message").asText()).startsWith(field);
    }

    private static void assertNotFound(SseClient.Result r, String field) {
        assertThat(r.status()).isEqualTo(404);
        assertThat(r.json().get("error").asText()).isEqualTo("not_found");
        assertThat(r.json().get("message").asText()).startsWith(field);
    }

    /** What the trace-sink stores for an answered request (it does not run here). */
    private static void storeChatLog(String chatId, String userId, String requestId, String question) throws Exception {
        sql("insert into auth.users (id) values (?::uuid) on conflict do nothing", userId);
        sql("insert into chat_sessions (id, user_id) values (?::uuid, ?::uuid) on conflict do nothing", chatId, userId);
        sql("insert into chat_logs (request_id, user_id, chat_id, question, response, route, completed_at)"
                + " values (?::uuid, ?::uuid, ?::uuid, ?, 'an answer', 'data', now())", requestId, userId, chatId,
                question);
    }

    /** The executor's stored step: two results, the first with {@code rows} table rows and 3 source rows. */
    private static void storeExecutorResults(String requestId, String userId, int rows) throws Exception {
        ObjectNode output = Json.object();
        ArrayNode results = output.putArray("results");
        ObjectNode first = results.addObject().put("plan_id", "s1").put("operation", "list");
        first.putArray("columns").add("trade_date").add("range");
        ArrayNode table = first.putArray("table");
        for (int i = 0; i < rows; i++) {
            table.addObject().put("trade_date", "day-" + i).put("range", i);
        }
        ArrayNode source = first.putArray("source_rows");
        for (int i = 0; i < 3; i++) {
            source.addObject().put("ts", "t" + i).put("close", 100 + i);
        }
        first.put("source_row_count", 1234);
        ObjectNode second = results.addObject().put("plan_id", "s2").put("operation", "aggregate");
        second.putArray("table").addObject().put("value", 42.5);
        sql("insert into request_traces (request_id, user_id, step_number, agent_name, input_data, output_data,"
                + " duration_ms) values (?::uuid, ?::uuid, 5, 'executor', '{}', ?::jsonb, 30)", requestId, userId,
                Json.toString(output));
    }

    private static List<String> chatIds(JsonNode chats) {
        List<String> out = new ArrayList<>();
        chats.forEach(c -> out.add(c.get("chat_id").asText()));
        return out;
    }

    private static void sql(String statement, Object... params) throws Exception {
        try (Connection c = db.getConnection(); PreparedStatement ps = c.prepareStatement(statement)) {
            for (int i = 0; i < params.length; i++) {
                ps.setObject(i + 1, params[i]);
            }
            ps.execute();
        }
    }

    private static String text(String query, Object... params) throws Exception {
        try (Connection c = db.getConnection(); PreparedStatement ps = c.prepareStatement(query)) {
            for (int i = 0; i < params.length; i++) {
                ps.setObject(i + 1, params[i]);
            }
            try (ResultSet rs = ps.executeQuery()) {
                return rs.next() ? rs.getString(1) : null;
            }
        }
    }

    /** Every record of {@code topic} with this key, read from the beginning. */
    private static List<ConsumerRecord<String, byte[]>> recordsOf(String topic, String key) {
        List<ConsumerRecord<String, byte[]>> out = new ArrayList<>();
        try (KafkaConsumer<String, byte[]> c = new KafkaConsumer<>(kafka.consumer(null, "chat-api-test-reader"))) {
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
}
