package barb.gateway;

import barb.core.Json;
import barb.core.KafkaSettings;
import barb.core.RequestEnvelope;
import barb.core.Stage;
import barb.core.StageHandler;
import barb.core.StageOutcome;
import barb.core.StageWorker;
import barb.core.Usage;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.clients.consumer.OffsetAndMetadata;
import org.apache.kafka.common.TopicPartition;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import java.io.InputStream;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/**
 * A user cancels a running request through the gateway and the pipeline stops working on it: a real stage worker
 * runs the first stage, its handler is interrupted, no further stage is asked, and the stream ends with an explicit
 * {@code cancelled} event and a done of route {@code cancelled}; the chat is free for the next message.
 */
class CancelRequestTest {
    private static final String USER = GatewayConfig.DEFAULT_DEV_USER_ID;
    private static final CountDownLatch NEVER = new CountDownLatch(1);
    private static final AtomicBoolean interrupted = new AtomicBoolean();
    private static final AtomicBoolean entered = new AtomicBoolean();

    private static StageWorker intent;
    private static Gateway gateway;
    private static SseClient client;

    @BeforeAll
    static void start() throws Exception {
        KafkaSettings kafka = TestInfra.kafka();
        skipEarlierRecords(kafka);
        intent = new StageWorker(new SlowIntent(), kafka, new StageWorker.Settings(8, 1, Duration.ofMillis(10),
                Duration.ofSeconds(60))).start();
        await().atMost(Duration.ofSeconds(60)).until(intent::isAssigned);
        gateway = Gateway.start(GatewayConfig.fromEnv(Map.of("BARB_HTTP_PORT", "0")), kafka, TestInfra.db());
        client = new SseClient(gateway.port());
    }

    @AfterAll
    static void stop() {
        if (gateway != null) {
            gateway.close();
        }
        if (intent != null) {
            intent.close();
        }
    }

    @Test
    void aCancelledRequestStopsInThePipelineAndItsStreamSaysSo() throws Exception {
        HttpResponse<InputStream> open = client.open("/chat/stream", "{\"message\": \"slow: think hard\"}");
        SseClient.EventReader reader = new SseClient.EventReader(open.body());
        SseClient.Event stepStart = reader.next();
        assertThat(stepStart.name()).isEqualTo("step_start");
        String requestId = stepStart.data().get("request_id").asText();
        await().atMost(Duration.ofSeconds(30)).untilTrue(entered);

        SseClient.Result cancel = client.send("POST", "/requests/" + requestId + "/cancel", null);
        assertThat(cancel.status()).isEqualTo(202);

        List<SseClient.Event> rest = SseClient.readEvents(open.body());
        assertThat(rest).extracting(SseClient.Event::name).containsExactly("step_end", "cancelled", "done", "chat");
        assertThat(rest.get(0).data().at("/output/cancelled").asBoolean()).isTrue();
        assertThat(rest.get(1).data().get("request_id").asText()).isEqualTo(requestId);
        assertThat(rest.get(1).data().get("agent").asText()).isEqualTo("intent");
        assertThat(rest.get(2).data().get("route").asText()).isEqualTo("cancelled");
        assertThat(rest).extracting(SseClient.Event::id)
                .containsExactly(requestId + ":2", requestId + ":3", requestId + ":4", requestId + ":5");
        assertThat(interrupted).isTrue();

        // Over now: a second cancel is a conflict, and the chat takes its next message.
        assertThat(client.send("POST", "/requests/" + requestId + "/cancel", null).status()).isEqualTo(409);
        String chatId = rest.get(2).data().get("chat_id").asText();
        SseClient.Result next = client.post("/chat/stream",
                "{\"message\": \"quick one\", \"chat_id\": \"" + chatId + "\"}");
        assertThat(next.names()).containsExactly("step_start", "step_end", "answer", "done", "chat");
        assertThat(next.first("done").data().get("route").asText()).isEqualTo("chitchat");
    }

    /** Answers at once, except "slow: …" questions, which wait until interrupted. */
    private static final class SlowIntent implements StageHandler {
        @Override
        public Stage stage() {
            return Stage.INTENT;
        }

        @Override
        public StageOutcome handle(RequestEnvelope env) throws Exception {
            if (env.question().startsWith("slow:")) {
                entered.set(true);
                try {
                    NEVER.await(120, TimeUnit.SECONDS);
                } catch (InterruptedException e) {
                    interrupted.set(true);
                    throw e;
                }
            }
            return StageOutcome.finish(env, new StageOutcome.Finish("chitchat", "hi", null), Json.object(),
                    Json.object(), Usage.ZERO).withAnswer("hi");
        }
    }

    /**
     * The intent topic holds the other gateway tests' requests; the intent group starts after them, so this worker
     * answers only this test's.
     */
    private static void skipEarlierRecords(KafkaSettings kafka) {
        try (KafkaConsumer<String, byte[]> c = new KafkaConsumer<>(kafka.consumer(Stage.INTENT.groupId(),
                "cancel-test-skip-" + UUID.randomUUID()))) {
            List<TopicPartition> parts = c.partitionsFor(Stage.INTENT.topic()).stream()
                    .map(pi -> new TopicPartition(pi.topic(), pi.partition())).toList();
            Map<TopicPartition, OffsetAndMetadata> end = new HashMap<>();
            c.endOffsets(parts).forEach((tp, offset) -> end.put(tp, new OffsetAndMetadata(offset)));
            c.assign(parts);
            c.commitSync(end);
        }
    }
}
