package barb.gateway;

import barb.core.KafkaSettings;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import javax.sql.DataSource;
import java.io.BufferedReader;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/**
 * Streams that survive real networks (issue 12 §3): every event keeps its id, a client resuming with
 * {@code Last-Event-ID} gets exactly the events it missed — also from another gateway instance after its own went
 * away — idle streams get heartbeats, and a client that leaves frees its stream while its request runs on.
 * Two gateway instances share the broker and the database; the trace-sink does not run, so an instance that did not
 * hold a request knows it only from the events topic.
 */
class StreamResumeTest {
    private static final String ALICE = UUID.randomUUID().toString();
    private static final String BOB = UUID.randomUUID().toString();
    private static final Map<String, String> ENV = Map.of("BARB_HTTP_PORT", "0",
            "BARB_SUPABASE_JWT_SECRET", TestTokens.SECRET, "BARB_SSE_HEARTBEAT_SECONDS", "1");

    private static KafkaSettings kafka;
    private static DataSource db;
    private static FakePipeline pipeline;
    private static Gateway first;
    private static Gateway second;
    private static SseClient aliceOnFirst;
    private static SseClient aliceOnSecond;
    private static SseClient bobOnSecond;

    @BeforeAll
    static void start() throws Exception {
        kafka = TestInfra.kafka();
        db = TestInfra.db();
        pipeline = new FakePipeline(kafka);
        first = Gateway.start(GatewayConfig.fromEnv(ENV), kafka, db);
        second = Gateway.start(GatewayConfig.fromEnv(ENV), kafka, db);
        aliceOnFirst = new SseClient(first.port(), TestTokens.hs256(ALICE));
        aliceOnSecond = new SseClient(second.port(), TestTokens.hs256(ALICE));
        bobOnSecond = new SseClient(second.port(), TestTokens.hs256(BOB));
    }

    @AfterAll
    static void stop() {
        for (AutoCloseable c : new AutoCloseable[]{first, second, pipeline}) {
            try {
                if (c != null) {
                    c.close();
                }
            } catch (Exception e) {
                // the next one still closes
            }
        }
    }

    @Test
    void aResumedStreamHasTheSameEventsWithTheSameIdsFromTheOneAfterLastEventId() throws Exception {
        SseClient.Result original = aliceOnFirst.post("/chat/stream", "{\"message\": \"resume me\"}");
        List<SseClient.Event> events = original.events();
        assertThat(events).extracting(SseClient.Event::name)
                .containsExactly("step_start", "step_end", "acknowledge", "answer", "done", "chat");
        String requestId = original.first("done").data().get("request_id").asText();

        // On the other instance, which never held the request and finds it in the events topic alone.
        SseClient.Result all = aliceOnSecond.get("/requests/" + requestId + "/events");
        assertThat(all.status()).isEqualTo(200);
        assertThat(all.header("Content-Type")).startsWith("text/event-stream");
        assertThat(all.events()).isEqualTo(events);

        SseClient.Result afterTwo = aliceOnFirst.get("/requests/" + requestId + "/events",
                "Last-Event-ID", requestId + ":2");
        assertThat(afterTwo.events()).isEqualTo(events.subList(2, 6));
        SseClient.Result afterAll = aliceOnSecond.get("/requests/" + requestId + "/events",
                "Last-Event-ID", requestId + ":6");
        assertThat(afterAll.status()).isEqualTo(200);
        assertThat(afterAll.events()).isEmpty();
    }

    @Test
    void aClientWhoseGatewayWentAwayPicksUpTheRestOnAnotherInstance() throws Exception {
        Gateway doomed = Gateway.start(GatewayConfig.fromEnv(ENV), kafka, db);
        String question = "halfway through when the gateway goes";
        pipeline.hold(question);
        HttpResponse<InputStream> open = new SseClient(doomed.port(), TestTokens.hs256(ALICE))
                .open("/chat/stream", "{\"message\": \"" + question + "\"}");
        SseClient.EventReader reader = new SseClient.EventReader(open.body());
        SseClient.Event got = reader.next();
        assertThat(got.name()).isEqualTo("step_start");
        String requestId = got.data().get("request_id").asText();
        assertThat(got.id()).isEqualTo(requestId + ":1");

        doomed.close();
        open.body().close();
        pipeline.release(question);

        SseClient.Result rest = aliceOnSecond.get("/requests/" + requestId + "/events", "Last-Event-ID", got.id());
        assertThat(rest.names()).containsExactly("step_end", "acknowledge", "answer", "done", "chat");
        assertThat(rest.events()).extracting(SseClient.Event::id).containsExactly(
                requestId + ":2", requestId + ":3", requestId + ":4", requestId + ":5", requestId + ":6");
        assertThat(rest.first("answer").data().get("content").asText()).isEqualTo("Hello back");
    }

    @Test
    void idleStreamsGetHeartbeatComments() throws Exception {
        String question = "halfway and quiet";
        pipeline.hold(question);
        HttpResponse<InputStream> live = aliceOnFirst.open("/chat/stream", "{\"message\": \"" + question + "\"}");
        BufferedReader liveLines = lines(live.body());
        String requestId = requestIdOf(liveLines);
        HttpResponse<InputStream> resumed = aliceOnSecond.openGet("/requests/" + requestId + "/events");
        BufferedReader resumedLines = lines(resumed.body());

        awaitHeartbeats(liveLines, 2);
        awaitHeartbeats(resumedLines, 2);
        pipeline.release(question);
        assertThat(SseClient.readEvents(live.body())).extracting(SseClient.Event::name).endsWith("done", "chat");
        assertThat(SseClient.readEvents(resumed.body())).extracting(SseClient.Event::name).endsWith("done", "chat");
    }

    @Test
    void aClientThatLeavesFreesItsStreamWhileItsRequestRunsOn() throws Exception {
        String chatId = aliceOnFirst.post("/chat/stream", "{\"message\": \"before leaving\"}").first("done").data()
                .get("chat_id").asText();
        await().atMost(Duration.ofSeconds(30)).until(() -> first.relaySubscriptions() == 0 && openStreams() == 0);
        String question = "halfway, then the client leaves";
        pipeline.hold(question);
        HttpResponse<InputStream> open = aliceOnFirst.open("/chat/stream",
                "{\"message\": \"" + question + "\", \"chat_id\": \"" + chatId + "\"}");
        String requestId = requestIdOf(lines(open.body()));
        assertThat(first.relaySubscriptions()).isEqualTo(1);
        assertThat(openStreams()).isEqualTo(1);

        open.body().close();

        // Noticed at the next heartbeat: the stream, its relay queue and its thread are gone, the request is not.
        await().atMost(Duration.ofSeconds(30)).until(() -> first.relaySubscriptions() == 0 && openStreams() == 0);
        assertThat(pipeline.receivedFor(question)).isNotNull();
        SseClient.Result busy = aliceOnFirst.post("/chat/stream",
                "{\"message\": \"too soon\", \"chat_id\": \"" + chatId + "\"}");
        assertThat(busy.status()).isEqualTo(409);

        pipeline.release(question);
        // Its chat state frees the chat although nobody streams the request any more.
        await().atMost(Duration.ofSeconds(30)).until(() -> aliceOnFirst.post("/chat/stream",
                "{\"message\": \"came back\", \"chat_id\": \"" + chatId + "\"}").status() == 200);
        assertThat(pipeline.receivedFor("came back").chatState().lastRequestId()).isEqualTo(requestId);
        assertThat(aliceOnFirst.get("/requests/" + requestId + "/events").names()).endsWith("done", "chat");
    }

    @Test
    void refusesABadLastEventIdAndAnotherUsersOrAnUnknownRequest() throws Exception {
        SseClient.Result answered = aliceOnFirst.post("/chat/stream", "{\"message\": \"mine to resume\"}");
        String requestId = answered.first("done").data().get("request_id").asText();
        String chatId = answered.first("done").data().get("chat_id").asText();
        for (String bad : List.of("garbage", UUID.randomUUID() + ":3", requestId + ":-1", requestId + ":x")) {
            SseClient.Result r = aliceOnSecond.get("/requests/" + requestId + "/events", "Last-Event-ID", bad);
            assertThat(r.status()).as(bad).isEqualTo(400);
            assertThat(r.json().get("message").asText()).startsWith("Last-Event-ID:");
        }
        SseClient.Result bobs = bobOnSecond.get("/requests/" + requestId + "/events");
        assertThat(bobs.status()).isEqualTo(404);
        assertThat(bobs.events()).isEmpty();
        assertThat(aliceOnSecond.get("/requests/" + UUID.randomUUID() + "/events").status()).isEqualTo(404);
        assertThat(aliceOnSecond.get("/requests/nope/events").status()).isEqualTo(400);

        assertThat(aliceOnFirst.send("DELETE", "/chats/" + chatId, null).status()).isEqualTo(204);
        assertThat(aliceOnSecond.get("/requests/" + requestId + "/events").status()).isEqualTo(404);
    }

    /** The first instance's {@code barb_gateway_streams_open}, read from its /metrics. */
    private static long openStreams() throws Exception {
        String text = HttpClient.newHttpClient().send(HttpRequest.newBuilder(
                        URI.create("http://127.0.0.1:" + first.port() + "/metrics")).build(),
                HttpResponse.BodyHandlers.ofString()).body();
        Matcher m = Pattern.compile("(?m)^barb_gateway_streams_open (\\S+)$").matcher(text);
        return m.find() ? (long) Double.parseDouble(m.group(1)) : -1;
    }

    private static BufferedReader lines(InputStream in) {
        return new BufferedReader(new InputStreamReader(in, StandardCharsets.UTF_8));
    }

    /** Reads up to the first event's id line and returns its request id. */
    private static String requestIdOf(BufferedReader lines) throws Exception {
        for (String line = lines.readLine(); line != null; line = lines.readLine()) {
            if (line.startsWith("id:")) {
                return line.substring(3, line.lastIndexOf(':'));
            }
        }
        throw new AssertionError("the stream ended without an event");
    }

    private static void awaitHeartbeats(BufferedReader lines, int wanted) throws Exception {
        int seen = 0;
        for (String line = lines.readLine(); line != null; line = lines.readLine()) {
            if (line.equals(": heartbeat")) {
                seen++;
                if (seen == wanted) {
                    return;
                }
            } else if (line.startsWith("event:")) {
                assertThat(line).as("no event but the first while the request is held").isEqualTo("event:step_start");
            }
        }
        throw new AssertionError("the stream ended after " + seen + " heartbeats");
    }
}
