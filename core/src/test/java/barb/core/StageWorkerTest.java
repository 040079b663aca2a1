package barb.core;

import barb.embedded.SharedInfra;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.TopicPartition;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/** The stage runtime against a real broker. */
class StageWorkerTest {
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

    private StageWorker run(StageHandler handler, StageWorker.Settings settings) {
        StageWorker w = new StageWorker(handler, kafka, settings).start();
        workers.add(w);
        await().atMost(Duration.ofSeconds(60)).until(w::isAssigned);
        return w;
    }

    private static RequestEnvelope envelope(long deadlineMs) {
        long now = System.currentTimeMillis();
        return RequestEnvelope.start(UUID.randomUUID().toString(), UUID.randomUUID().toString(),
                UUID.randomUUID().toString(), "hi", now, now + deadlineMs, true, null);
    }

    private static void send(String topic, String key, byte[] value) throws Exception {
        try (KafkaProducer<String, byte[]> p = new KafkaProducer<>(kafka.producer("test-producer"))) {
            p.send(new ProducerRecord<>(topic, key, value)).get();
        }
    }

    /** Reads every event of one request from the start of the events topic. */
    private static List<BarbEvent> eventsOf(String requestId) {
        return TopicRecords.withKey(kafka, Topics.EVENTS, requestId).stream()
                .map(r -> Json.fromBytes(r.value(), BarbEvent.class)).toList();
    }

    private static List<String> types(List<BarbEvent> events) {
        return events.stream().map(e -> e.type().wire() + ":" + e.step()).toList();
    }

    /** A responder that answers with a fixed text. */
    private static StageHandler answering(AtomicInteger calls) {
        return new StageHandler() {
            @Override
            public Stage stage() {
                return Stage.RESPONDER;
            }

            @Override
            public StageOutcome handle(RequestEnvelope env) {
                calls.incrementAndGet();
                return StageOutcome.finish(env, new StageOutcome.Finish("chitchat", "hello", null),
                                Json.object().put("question", env.question()), Json.object().put("response", "hello"),
                                Usage.ZERO)
                        .withAnswer("hello");
            }
        };
    }

    @Test
    void aFailedPollDoesNotKillTheWorkerWhichPollsOnAndHandlesTheNextRecord() throws Exception {
        AtomicInteger calls = new AtomicInteger();
        org.apache.kafka.clients.consumer.MockConsumer<String, byte[]> mock =
                new org.apache.kafka.clients.consumer.MockConsumer<>("earliest");
        TopicPartition tp = new TopicPartition(Stage.RESPONDER.topic(), 0);
        StageWorker w = new StageWorker(answering(calls), kafka, StageWorker.Settings.defaults());
        w.consumers = props -> mock;
        mock.schedulePollTask(() -> {
            mock.rebalance(List.of(tp));
            mock.updateBeginningOffsets(java.util.Map.of(tp, 0L));
        });
        workers.add(w.start());
        await().atMost(Duration.ofSeconds(30)).until(w::isAssigned);
        // what a member fenced from its group after missed heartbeats gets from poll
        mock.setPollException(new org.apache.kafka.common.errors.UnknownMemberIdException("fenced in a test"));
        RequestEnvelope env = envelope(30_000);
        mock.schedulePollTask(() -> mock.addRecord(new ConsumerRecord<>(tp.topic(), 0, 0L, env.requestId(),
                Json.toBytes(env))));
        await().atMost(Duration.ofSeconds(30)).until(() -> calls.get() == 1);
        // handled once what it caused is acknowledged, which follows the handler's call
        await().atMost(Duration.ofSeconds(30)).until(() -> w.handledCount() == 1);
        assertThat(calls).hasValue(1);
    }

    @Test
    void handlesARequestAndCompletesIt() throws Exception {
        AtomicInteger calls = new AtomicInteger();
        run(answering(calls), StageWorker.Settings.defaults());
        RequestEnvelope env = envelope(30_000);
        send(Stage.RESPONDER.topic(), env.requestId(), Json.toBytes(env));

        await().atMost(Duration.ofSeconds(60)).until(() -> types(eventsOf(env.requestId())).contains("done:2"));
        List<BarbEvent> events = eventsOf(env.requestId());
        assertThat(types(events)).containsExactly("step_start:1", "step_end:1", "answer:1", "done:2");
        BarbEvent stepEnd = events.get(1);
        assertThat(stepEnd.agent()).isEqualTo("responder");
        assertThat(stepEnd.payload().get("duration_ms").asLong()).isGreaterThanOrEqualTo(0);
        RequestCompletion done = events.get(3).completion();
        assertThat(done.route()).isEqualTo("chitchat");
        assertThat(done.response()).isEqualTo("hello");
        assertThat(done.agentsUsed()).containsExactly("responder");
        assertThat(done.ok()).isTrue();
        assertThat(done.chatState().lastRequestId()).isEqualTo(env.requestId());
        assertThat(done.chatState().memory().recent()).extracting(ChatMessage::content).containsExactly("hi", "hello");
    }

    @Test
    void aShadowReplayWritesNoChatStateWhileALiveRequestDoes() throws Exception {
        run(answering(new AtomicInteger()), StageWorker.Settings.defaults());
        RequestEnvelope live = envelope(30_000);
        long now = System.currentTimeMillis();
        RequestEnvelope shadow = RequestEnvelope.replay(envelope(30_000), UUID.randomUUID().toString(),
                ReplayMode.SHADOW, null, now, now + 30_000);
        send(Stage.RESPONDER.topic(), live.requestId(), Json.toBytes(live));
        send(Stage.RESPONDER.topic(), shadow.requestId(), Json.toBytes(shadow));

        await().atMost(Duration.ofSeconds(60)).until(() -> types(eventsOf(live.requestId())).contains("done:2")
                && types(eventsOf(shadow.requestId())).contains("done:2"));
        // The chat state is acknowledged before the done event is sent, so both would be there by now.
        List<String> chatsWithState = chatStateKeys();
        assertThat(chatsWithState).contains(live.chatId()).doesNotContain(shadow.chatId());
        assertThat(eventsOf(shadow.requestId()).get(3).completion().route()).isEqualTo("chitchat");
    }

    private static List<String> chatStateKeys() {
        List<String> keys = new ArrayList<>();
        try (KafkaConsumer<String, byte[]> c = new KafkaConsumer<>(kafka.consumer(null, "test-state-reader"))) {
            List<TopicPartition> parts = c.partitionsFor(Topics.CHAT_STATE).stream()
                    .map(pi -> new TopicPartition(pi.topic(), pi.partition())).toList();
            c.assign(parts);
            c.seekToBeginning(parts);
            var end = c.endOffsets(parts);
            while (parts.stream().anyMatch(tp -> c.position(tp) < end.get(tp))) {
                for (ConsumerRecord<String, byte[]> r : c.poll(Duration.ofMillis(200))) {
                    keys.add(r.key());
                }
            }
        }
        return keys;
    }

    @Test
    void aPoisonRecordGoesToTheDeadLetterTopicAndTheNextRecordIsStillHandled() throws Exception {
        AtomicInteger calls = new AtomicInteger();
        run(answering(calls), StageWorker.Settings.defaults());
        String key = UUID.randomUUID().toString();
        send(Stage.RESPONDER.topic(), key, "{not json".getBytes(StandardCharsets.UTF_8));
        RequestEnvelope env = envelope(30_000);
        send(Stage.RESPONDER.topic(), key, Json.toBytes(env));

        await().atMost(Duration.ofSeconds(60)).until(() -> types(eventsOf(env.requestId())).contains("done:2"));
        try (KafkaConsumer<String, byte[]> c = new KafkaConsumer<>(kafka.consumer(null, "dlq-reader"))) {
            TopicPartition tp = new TopicPartition(Topics.DLQ, 0);
            c.assign(List.of(tp));
            c.seekToBeginning(List.of(tp));
            List<ConsumerRecord<String, byte[]>> found = new CopyOnWriteArrayList<>();
            await().atMost(Duration.ofSeconds(30)).until(() -> {
                c.poll(Duration.ofMillis(200)).forEach(r -> {
                    if (key.equals(r.key())) {
                        found.add(r);
                    }
                });
                return !found.isEmpty();
            });
            String reason = new String(found.get(0).headers().lastHeader("barb.dlq.reason").value(),
                    StandardCharsets.UTF_8);
            assertThat(reason).contains("RequestEnvelope");
        }
    }

    @Test
    void aFailingHandlerEndsTheRequestWithAnErrorTheClientSees() throws Exception {
        StageHandler failing = new StageHandler() {
            @Override
            public Stage stage() {
                return Stage.PARSER;
            }

            @Override
            public StageOutcome handle(RequestEnvelope env) {
                throw new StageException("bad_plan", "plan s1: unknown metric 'foo'", false);
            }
        };
        run(failing, StageWorker.Settings.defaults());
        RequestEnvelope env = envelope(30_000);
        send(Stage.PARSER.topic(), env.requestId(), Json.toBytes(env));

        await().atMost(Duration.ofSeconds(60)).until(() -> types(eventsOf(env.requestId())).contains("done:2"));
        List<BarbEvent> events = eventsOf(env.requestId());
        assertThat(types(events)).containsExactly("step_start:1", "step_end:1", "error:1", "done:2");
        assertThat(events.get(2).payload().get("message").asText()).isEqualTo("plan s1: unknown metric 'foo'");
        RequestCompletion done = events.get(3).completion();
        assertThat(done.ok()).isFalse();
        assertThat(done.route()).isEqualTo("error");
        assertThat(done.response()).isEqualTo("plan s1: unknown metric 'foo'");
    }

    @Test
    void retriableFailuresAreRetried() throws Exception {
        AtomicInteger attempts = new AtomicInteger();
        StageHandler flaky = new StageHandler() {
            @Override
            public Stage stage() {
                return Stage.PLANNER;
            }

            @Override
            public StageOutcome handle(RequestEnvelope env) {
                if (attempts.incrementAndGet() < 3) {
                    throw new StageException("busy", "try again", true);
                }
                return StageOutcome.finish(env, new StageOutcome.Finish("data", "ok", null), Json.object(),
                        Json.object(), null);
            }
        };
        run(flaky, new StageWorker.Settings(8, 3, Duration.ofMillis(10), Duration.ofSeconds(30)));
        RequestEnvelope env = envelope(30_000);
        send(Stage.PLANNER.topic(), env.requestId(), Json.toBytes(env));

        await().atMost(Duration.ofSeconds(60)).until(() -> types(eventsOf(env.requestId())).contains("done:2"));
        assertThat(attempts.get()).isEqualTo(3);
        List<BarbEvent> events = eventsOf(env.requestId());
        assertThat(types(events)).containsExactly("step_start:1", "step_end:1", "done:2");
        assertThat(events.get(2).completion().ok()).isTrue();
    }

    @Test
    void aHandlerThatOutlivesTheDeadlineIsStoppedWithATimeoutError() throws Exception {
        StageHandler slow = new StageHandler() {
            @Override
            public Stage stage() {
                return Stage.CLARIFIER;
            }

            @Override
            public StageOutcome handle(RequestEnvelope env) throws Exception {
                new CountDownLatch(1).await(1, TimeUnit.MINUTES);
                throw new IllegalStateException("unreachable");
            }
        };
        run(slow, StageWorker.Settings.defaults());
        RequestEnvelope env = envelope(5_000);
        send(Stage.CLARIFIER.topic(), env.requestId(), Json.toBytes(env));

        await().atMost(Duration.ofSeconds(60)).until(() -> types(eventsOf(env.requestId())).contains("done:2"));
        BarbEvent error = eventsOf(env.requestId()).stream().filter(e -> e.type() == EventType.ERROR).findFirst()
                .orElseThrow();
        assertThat(error.payload().get("code").asText()).isEqualTo("timeout");
    }

    @Test
    void slowRequestsRunConcurrentlyBeyondThePartitionCount() throws Exception {
        int requests = 12;
        CountDownLatch allStarted = new CountDownLatch(requests);
        StageHandler waitsForAll = new StageHandler() {
            @Override
            public Stage stage() {
                return Stage.PRESENTER;
            }

            @Override
            public StageOutcome handle(RequestEnvelope env) throws Exception {
                allStarted.countDown();
                // Completes only when all 12 are in flight at once: impossible if records were serialised per
                // partition (the topic has 3).
                if (!allStarted.await(30, TimeUnit.SECONDS)) {
                    throw new IllegalStateException("records were not handled concurrently");
                }
                return StageOutcome.finish(env, new StageOutcome.Finish("data", "ok", null), Json.object(),
                        Json.object(), null);
            }
        };
        run(waitsForAll, StageWorker.Settings.defaults());
        List<String> ids = new ArrayList<>();
        for (int i = 0; i < requests; i++) {
            RequestEnvelope env = envelope(60_000);
            ids.add(env.requestId());
            send(Stage.PRESENTER.topic(), env.requestId(), Json.toBytes(env));
        }
        await().atMost(Duration.ofSeconds(90)).until(() -> ids.stream()
                .allMatch(id -> types(eventsOf(id)).contains("done:2")));
        for (String id : ids) {
            assertThat(eventsOf(id).stream().filter(e -> e.type() == EventType.DONE).findFirst().orElseThrow()
                    .completion().ok()).isTrue();
        }
    }

    @Test
    void aWorkerClosedMidRequestLeavesItForTheNextWorker() throws Exception {
        CountDownLatch entered = new CountDownLatch(1);
        AtomicInteger calls = new AtomicInteger();
        StageHandler blocksFirstTime = new StageHandler() {
            @Override
            public Stage stage() {
                return Stage.UNDERSTANDER;
            }

            @Override
            public StageOutcome handle(RequestEnvelope env) throws Exception {
                if (calls.incrementAndGet() == 1) {
                    entered.countDown();
                    new CountDownLatch(1).await(1, TimeUnit.MINUTES);
                }
                return StageOutcome.finish(env, new StageOutcome.Finish("data", "ok", null), Json.object(),
                        Json.object(), null);
            }
        };
        StageWorker first = run(blocksFirstTime, new StageWorker.Settings(8, 3, Duration.ofMillis(10),
                Duration.ofSeconds(50)));
        RequestEnvelope env = envelope(120_000);
        send(Stage.UNDERSTANDER.topic(), env.requestId(), Json.toBytes(env));
        assertThat(entered.await(60, TimeUnit.SECONDS)).isTrue();

        // Closing interrupts nothing it has not finished: the record stays uncommitted.
        Thread closer = Thread.ofVirtual().start(first::close);
        workers.remove(first);
        run(blocksFirstTime, StageWorker.Settings.defaults());
        closer.join(Duration.ofSeconds(60));

        await().atMost(Duration.ofSeconds(90)).until(() -> types(eventsOf(env.requestId())).contains("done:2"));
        assertThat(calls.get()).isGreaterThanOrEqualTo(2);
    }

    /**
     * The meters of a stage: a record retried once and handled, a record that fails the request, a poison
     * record dead-lettered; each counted once, and the handler calls timed.
     */
    @Test
    void countsHandledRetriedFailedAndDeadLetteredRecordsPerStage() throws Exception {
        AtomicInteger attempts = new AtomicInteger();
        StageHandler handler = new StageHandler() {
            @Override
            public Stage stage() {
                return Stage.INTENT;
            }

            @Override
            public StageOutcome handle(RequestEnvelope env) {
                if (env.question().equals("fail")) {
                    throw new StageException("bad_plan", "no such plan", false);
                }
                if (attempts.incrementAndGet() == 1) {
                    throw new StageException("busy", "try again", true);
                }
                return StageOutcome.finish(env, new StageOutcome.Finish("data", "ok", null), Json.object(),
                        Json.object(), null);
            }
        };
        SimpleMeterRegistry registry = new SimpleMeterRegistry();
        StageWorker w = new StageWorker(handler, kafka, new StageWorker.Settings(8, 3, Duration.ofMillis(10),
                Duration.ofSeconds(30)), new PipelineMetrics(registry)).start();
        workers.add(w);
        await().atMost(Duration.ofSeconds(60)).until(w::isAssigned);

        RequestEnvelope ok = envelope(30_000);
        long now = System.currentTimeMillis();
        RequestEnvelope failing = RequestEnvelope.start(UUID.randomUUID().toString(), UUID.randomUUID().toString(),
                UUID.randomUUID().toString(), "fail", now, now + 30_000, true, null);
        send(Stage.INTENT.topic(), ok.requestId(), Json.toBytes(ok));
        send(Stage.INTENT.topic(), failing.requestId(), Json.toBytes(failing));
        send(Stage.INTENT.topic(), "poison", "{not json".getBytes(StandardCharsets.UTF_8));

        await().atMost(Duration.ofSeconds(60))
                .until(() -> registry.get("barb.stage.records.handled").tag("stage", "intent").counter().count() == 3);
        assertThat(registry.get("barb.stage.records.retried").tag("stage", "intent").counter().count()).isEqualTo(1);
        assertThat(registry.get("barb.stage.records.failed").tag("stage", "intent").counter().count()).isEqualTo(1);
        assertThat(registry.get("barb.stage.records.dead.lettered").tag("stage", "intent").counter().count())
                .isEqualTo(1);
        // two calls for the retried record, one for the failing one; the poison record never reaches the handler
        assertThat(registry.get("barb.stage.handler.duration").tag("stage", "intent").timer().count()).isEqualTo(3);
        await().atMost(Duration.ofSeconds(10))
                .until(() -> registry.get("barb.stage.records.in.flight").tag("stage", "intent").gauge().value() == 0);
    }
}
