package barb.core;

import barb.embedded.SharedInfra;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Predicate;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/** What the stage runtime dead-letters, with which headers, and how it runs a re-driven record. */
class StageWorkerDeadLetterTest {
    private static KafkaSettings kafka;
    private final List<StageWorker> workers = new ArrayList<>();

    @BeforeAll
    static void topics() {
        kafka = KafkaSettings.of(SharedInfra.kafka().bootstrap());
        TopicCreator.ensure(kafka.bootstrap(), Topics.all(3, 86_400_000L), (short) 1);
    }

    @AfterEach
    void stopWorkers() {
        workers.forEach(StageWorker::close);
    }

    /** A clarifier that fails with an I/O error while {@code broken} is set. */
    private void runClarifier(AtomicBoolean broken, AtomicInteger calls) {
        StageHandler handler = new StageHandler() {
            @Override
            public Stage stage() {
                return Stage.CLARIFIER;
            }

            @Override
            public StageOutcome handle(RequestEnvelope env) throws IOException {
                calls.incrementAndGet();
                if (broken.get()) {
                    throw new IOException("model unreachable");
                }
                return StageOutcome.finish(env, new StageOutcome.Finish("clarify", "which session?", null),
                        Json.object(), Json.object(), null);
            }
        };
        StageWorker w = new StageWorker(handler, kafka, new StageWorker.Settings(8, 2, Duration.ofMillis(10),
                Duration.ofSeconds(30))).start();
        workers.add(w);
        await().atMost(Duration.ofSeconds(60)).until(w::isAssigned);
    }

    private static void send(ProducerRecord<String, byte[]> record) throws Exception {
        try (KafkaProducer<String, byte[]> p = new KafkaProducer<>(kafka.producer("test-producer"))) {
            p.send(record).get();
        }
    }

    private static List<ConsumerRecord<String, byte[]>> recordsOf(String topic, String key) {
        return TopicRecords.withKey(kafka, topic, key);
    }

    private static boolean hasEvent(String requestId, Predicate<BarbEvent> test) {
        return recordsOf(Topics.EVENTS, requestId).stream()
                .map(r -> Json.fromBytes(r.value(), BarbEvent.class)).anyMatch(test);
    }

    private static RequestEnvelope envelope() {
        long now = System.currentTimeMillis();
        return RequestEnvelope.start(UUID.randomUUID().toString(), UUID.randomUUID().toString(),
                UUID.randomUUID().toString(), "top days", now, now + 30_000, false, null);
    }

    @Test
    void aFailureThatOutlastsTheRetriesIsDeadLetteredAndTheClientStillGetsAnError() throws Exception {
        AtomicInteger calls = new AtomicInteger();
        runClarifier(new AtomicBoolean(true), calls);
        RequestEnvelope env = envelope();
        send(new ProducerRecord<>(Stage.CLARIFIER.topic(), env.requestId(), Json.toBytes(env)));

        await().atMost(Duration.ofSeconds(60)).until(() -> !recordsOf(Topics.DLQ, env.requestId()).isEmpty());
        ConsumerRecord<String, byte[]> dead = recordsOf(Topics.DLQ, env.requestId()).getFirst();
        assertThat(DeadLetters.header(dead.headers(), DeadLetters.STAGE)).isEqualTo("clarifier");
        assertThat(DeadLetters.header(dead.headers(), DeadLetters.REASON_CLASS)).isEqualTo("retries_exhausted");
        assertThat(DeadLetters.header(dead.headers(), DeadLetters.TOPIC)).isEqualTo(Stage.CLARIFIER.topic());
        assertThat(DeadLetters.header(dead.headers(), DeadLetters.ATTEMPTS)).isEqualTo("1");
        assertThat(Json.fromBytes(dead.value(), RequestEnvelope.class).requestId()).isEqualTo(env.requestId());
        assertThat(calls.get()).isEqualTo(2);
        await().atMost(Duration.ofSeconds(30)).until(() -> hasEvent(env.requestId(),
                e -> e.type() == EventType.DONE && !e.completion().ok()));
    }

    @Test
    void aReDrivenRecordGetsANewDeadlineAndLeavesTheChatStateAlone() throws Exception {
        AtomicInteger calls = new AtomicInteger();
        runClarifier(new AtomicBoolean(false), calls);
        long longAgo = System.currentTimeMillis() - 3_600_000;
        RequestEnvelope expired = RequestEnvelope.start(UUID.randomUUID().toString(), UUID.randomUUID().toString(),
                UUID.randomUUID().toString(), "top days", longAgo, longAgo + 60_000, false, null);
        ProducerRecord<String, byte[]> redriven = new ProducerRecord<>(Stage.CLARIFIER.topic(), expired.requestId(),
                Json.toBytes(expired));
        redriven.headers().add(DeadLetters.REDRIVE_FROM, DeadLetters.bytes(Topics.DLQ + "/0/1"));
        redriven.headers().add(DeadLetters.REDRIVE_ATTEMPTS, DeadLetters.bytes("1"));
        redriven.headers().add(DeadLetters.REDRIVE_DEADLINE_MS,
                DeadLetters.bytes(Long.toString(System.currentTimeMillis() + 60_000)));
        send(redriven);

        await().atMost(Duration.ofSeconds(60)).until(() -> hasEvent(expired.requestId(),
                e -> e.type() == EventType.DONE && e.completion().ok()));
        assertThat(calls.get()).isEqualTo(1);
        assertThat(recordsOf(Topics.CHAT_STATE, expired.chatId())).isEmpty();
        assertThat(recordsOf(Topics.DLQ, expired.requestId())).isEmpty();
    }
}
