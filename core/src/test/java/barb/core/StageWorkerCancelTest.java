package barb.core;

import barb.embedded.SharedInfra;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/** A request its user cancelled: the stage that holds it stops, later stages never see it, the stream is told. */
class StageWorkerCancelTest {
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

    @Test
    void aRequestCancelledBeforeTheStageGetsItIsNotHandled() throws Exception {
        AtomicInteger calls = new AtomicInteger();
        RequestEnvelope env = envelope();
        // Cancelled before the worker starts: a worker reads the last hour's cancellations before it handles anything.
        send(Topics.CANCELS, env.requestId(), Json.toBytes(CancelRequest.of(env.requestId(), env.userId(),
                System.currentTimeMillis())));
        run(forwarding(calls, new CountDownLatch(0), new AtomicBoolean()));

        send(Stage.UNDERSTANDER.topic(), env.requestId(), Json.toBytes(env));

        await().atMost(Duration.ofSeconds(60)).until(() -> types(eventsOf(env.requestId())).contains("done:1"));
        List<BarbEvent> events = eventsOf(env.requestId());
        assertThat(types(events)).containsExactly("cancelled:1", "done:1");
        assertThat(events.get(0).agent()).isEqualTo("understander");
        assertThat(calls).hasValue(0);
        RequestCompletion done = events.get(1).completion();
        assertThat(done.route()).isEqualTo(StageWorker.ROUTE_CANCELLED);
        assertThat(done.response()).isNull();
        assertThat(done.ok()).isTrue();
        // The chat state says the request is over, and its memory did not learn the unanswered question.
        assertThat(done.chatState().lastRequestId()).isEqualTo(env.requestId());
        assertThat(done.chatState().memory().recent()).isEmpty();
        assertThat(recordsOf(Stage.PARSER.topic(), env.requestId())).isEmpty();
    }

    @Test
    void aCancellationStopsTheRunningHandlerAndNothingGoesToTheNextStage() throws Exception {
        AtomicInteger calls = new AtomicInteger();
        CountDownLatch never = new CountDownLatch(1);
        AtomicBoolean interrupted = new AtomicBoolean();
        run(forwarding(calls, never, interrupted));
        RequestEnvelope env = envelope();
        send(Stage.UNDERSTANDER.topic(), env.requestId(), Json.toBytes(env));
        await().atMost(Duration.ofSeconds(60)).until(() -> calls.get() == 1);

        send(Topics.CANCELS, env.requestId(), Json.toBytes(CancelRequest.of(env.requestId(), env.userId(),
                System.currentTimeMillis())));

        await().atMost(Duration.ofSeconds(60)).until(() -> types(eventsOf(env.requestId())).contains("done:2"));
        List<BarbEvent> events = eventsOf(env.requestId());
        assertThat(types(events)).containsExactly("step_start:1", "step_end:1", "cancelled:1", "done:2");
        assertThat(events.get(1).payload().at("/output/cancelled").asBoolean()).isTrue();
        assertThat(events.get(3).completion().route()).isEqualTo(StageWorker.ROUTE_CANCELLED);
        assertThat(events.get(3).completion().agentsUsed()).containsExactly("understander");
        await().atMost(Duration.ofSeconds(30)).untilTrue(interrupted);
        assertThat(recordsOf(Stage.PARSER.topic(), env.requestId())).isEmpty();
    }

    @Test
    void aRequestNobodyCancelledGoesOn() throws Exception {
        AtomicInteger calls = new AtomicInteger();
        run(forwarding(calls, new CountDownLatch(0), new AtomicBoolean()));
        RequestEnvelope other = envelope();
        send(Topics.CANCELS, other.requestId(), Json.toBytes(CancelRequest.of(other.requestId(), other.userId(),
                System.currentTimeMillis())));
        RequestEnvelope env = envelope();
        send(Stage.UNDERSTANDER.topic(), env.requestId(), Json.toBytes(env));

        await().atMost(Duration.ofSeconds(60)).until(() -> !recordsOf(Stage.PARSER.topic(), env.requestId()).isEmpty());
        assertThat(types(eventsOf(env.requestId()))).containsExactly("step_start:1", "step_end:1");
    }

    @Test
    void aWatchedRequestIsActedOnOnceWhenCancelledAndAClosedWatchNever() throws Exception {
        try (CancelledRequests cancels = CancelledRequests.follow(kafka)) {
            RequestEnvelope watched = envelope();
            RequestEnvelope unwatched = envelope();
            AtomicInteger acted = new AtomicInteger();
            AtomicInteger closedActed = new AtomicInteger();
            cancels.whenCancelled(watched.requestId(), acted::incrementAndGet);
            cancels.whenCancelled(unwatched.requestId(), closedActed::incrementAndGet).close();

            send(Topics.CANCELS, watched.requestId(), Json.toBytes(CancelRequest.of(watched.requestId(),
                    watched.userId(), System.currentTimeMillis())));
            send(Topics.CANCELS, unwatched.requestId(), Json.toBytes(CancelRequest.of(unwatched.requestId(),
                    unwatched.userId(), System.currentTimeMillis())));
            await().atMost(Duration.ofSeconds(60)).until(() -> cancels.isCancelled(unwatched.requestId()));

            assertThat(acted).hasValue(1);
            assertThat(closedActed).hasValue(0);
            // Watching a request that is already cancelled acts at once, on the caller's thread.
            AtomicInteger late = new AtomicInteger();
            cancels.whenCancelled(watched.requestId(), late::incrementAndGet).close();
            assertThat(late).hasValue(1);
        }
    }

    private void run(StageHandler handler) {
        StageWorker w = new StageWorker(handler, kafka, new StageWorker.Settings(8, 3, Duration.ofMillis(10),
                Duration.ofSeconds(60))).start();
        workers.add(w);
        await().atMost(Duration.ofSeconds(60)).until(w::isAssigned);
    }

    /** An understander that waits for {@code gate} (noting an interruption) and then hands on to the parser. */
    private static StageHandler forwarding(AtomicInteger calls, CountDownLatch gate, AtomicBoolean interrupted) {
        return new StageHandler() {
            @Override
            public Stage stage() {
                return Stage.UNDERSTANDER;
            }

            @Override
            public StageOutcome handle(RequestEnvelope env) throws Exception {
                calls.incrementAndGet();
                try {
                    gate.await(120, TimeUnit.SECONDS);
                } catch (InterruptedException e) {
                    interrupted.set(true);
                    throw e;
                }
                return StageOutcome.next(env, Stage.PARSER, Json.object(), Json.object(), Usage.ZERO);
            }
        };
    }

    private static RequestEnvelope envelope() {
        long now = System.currentTimeMillis();
        return RequestEnvelope.start(UUID.randomUUID().toString(), UUID.randomUUID().toString(),
                UUID.randomUUID().toString(), "stop me", now, now + 60_000, true, null);
    }

    private static void send(String topic, String key, byte[] value) throws Exception {
        try (KafkaProducer<String, byte[]> p = new KafkaProducer<>(kafka.producer("cancel-test-producer"))) {
            p.send(new ProducerRecord<>(topic, key, value)).get();
        }
    }

    private static List<String> types(List<BarbEvent> events) {
        return events.stream().map(e -> e.type().wire() + ":" + e.step()).toList();
    }

    private static List<BarbEvent> eventsOf(String requestId) {
        return recordsOf(Topics.EVENTS, requestId).stream()
                .map(r -> Json.fromBytes(r.value(), BarbEvent.class)).toList();
    }

    private static List<ConsumerRecord<String, byte[]>> recordsOf(String topic, String key) {
        return TopicRecords.withKey(kafka, topic, key);
    }
}
