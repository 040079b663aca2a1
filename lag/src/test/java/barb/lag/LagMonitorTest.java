package barb.lag;

import barb.core.ConsumerGroups;
import barb.core.Json;
import barb.core.KafkaSettings;
import barb.core.RequestEnvelope;
import barb.core.Stage;
import barb.core.StageHandler;
import barb.core.StageOutcome;
import barb.core.StageWorker;
import barb.core.TopicCreator;
import barb.core.TopicSpec;
import barb.core.Topics;
import barb.embedded.SharedInfra;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.consumer.OffsetAndMetadata;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.TopicPartition;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;
import static org.awaitility.Awaitility.await;

/** The monitor against a real broker and real stage workers, one of them slowed, stuck or gone. */
class LagMonitorTest {
    private static final Duration PATIENCE = Duration.ofSeconds(120);
    private static KafkaSettings kafka;

    private final List<AutoCloseable> running = new ArrayList<>();
    private final List<LagSnapshot> snapshots = new CopyOnWriteArrayList<>();

    @BeforeAll
    static void topics() {
        kafka = KafkaSettings.of(SharedInfra.kafka().bootstrap());
        TopicCreator.ensure(kafka.bootstrap(), Topics.all(3, 86_400_000L), (short) 1);
    }

    @AfterEach
    void stop() throws Exception {
        for (AutoCloseable c : running.reversed()) {
            c.close();
        }
    }

    private LagMonitor monitor() {
        LagMonitor.Settings settings = new LagMonitor.Settings(Duration.ofMillis(300), 5, Duration.ofSeconds(10),
                ConsumerGroups.all(ConsumerGroups.TRACE_SINK));
        LagMonitor monitor = LagMonitor.create(kafka.bootstrap(), settings);
        monitor.onSnapshot(snapshots::add);
        running.add(monitor);
        return monitor.startPolling();
    }

    private StageWorker worker(StageHandler handler, int maxInFlight) {
        StageWorker w = new StageWorker(handler, kafka, new StageWorker.Settings(maxInFlight, 3,
                Duration.ofMillis(10), Duration.ofSeconds(60))).start();
        running.add(w);
        await().atMost(PATIENCE).until(w::isAssigned);
        return w;
    }

    /** A handler that finishes the request, after {@code delay} while {@code slow} is set. */
    private static StageHandler finishing(Stage stage, AtomicBoolean slow, Duration delay) {
        return new StageHandler() {
            @Override
            public Stage stage() {
                return stage;
            }

            @Override
            public StageOutcome handle(RequestEnvelope env) throws Exception {
                if (slow.get()) {
                    Thread.sleep(delay);
                }
                return StageOutcome.finish(env, new StageOutcome.Finish("chitchat", "ok", null), Json.object(),
                        Json.object(), null);
            }
        };
    }

    private static byte[] envelope() {
        long now = System.currentTimeMillis();
        return Json.toBytes(RequestEnvelope.start(UUID.randomUUID().toString(), UUID.randomUUID().toString(),
                UUID.randomUUID().toString(), "hi", now, now + 600_000, true, null));
    }

    /** Sends one envelope to each topic every 25 ms until stopped. */
    private AtomicBoolean load(Stage... stages) {
        AtomicBoolean on = new AtomicBoolean(true);
        KafkaProducer<String, byte[]> producer = new KafkaProducer<>(kafka.producer("lag-test-load"));
        Thread t = Thread.ofVirtual().start(() -> {
            while (on.get()) {
                for (Stage s : stages) {
                    producer.send(new ProducerRecord<>(s.topic(), UUID.randomUUID().toString(), envelope()));
                }
                try {
                    Thread.sleep(25);
                } catch (InterruptedException e) {
                    return;
                }
            }
        });
        running.add(() -> {
            on.set(false);
            t.join();
            producer.close(Duration.ofSeconds(5));
        });
        return on;
    }

    private LagSnapshot latest() {
        return snapshots.isEmpty() ? null : snapshots.getLast();
    }

    private static GroupLag group(LagSnapshot s, Stage stage) {
        return s.group(stage.groupId()).orElseThrow();
    }

    @Test
    void aGroupOnTwoTopicsIsReadOnBothAndTwoGroupsOnOneTopicGetEachItsOwnTimeLag() throws Exception {
        String events = "lag-test-events-" + UUID.randomUUID();
        String deadLetters = "lag-test-dlq-" + UUID.randomUUID();
        TopicCreator.ensure(kafka.bootstrap(), List.of(new TopicSpec(events, 1, false, 86_400_000L),
                new TopicSpec(deadLetters, 1, false, 86_400_000L)), (short) 1);
        long t0 = System.currentTimeMillis() - 120_000;
        try (KafkaProducer<String, byte[]> producer = new KafkaProducer<>(kafka.producer("lag-test-two-topics"))) {
            for (int i = 0; i < 5; i++) {
                producer.send(new ProducerRecord<>(events, 0, t0 + i * 10_000L, "k" + i, new byte[1])).get();
            }
            for (int i = 0; i < 2; i++) {
                producer.send(new ProducerRecord<>(deadLetters, 0, t0 + 5_000L, "d" + i, new byte[1])).get();
            }
        }
        // Like the ops figures (events and dead letters) next to the trace-sink (events only), further along.
        String figures = "lag-test-figures-" + UUID.randomUUID();
        String sink = "lag-test-sink-" + UUID.randomUUID();
        try (Admin admin = Admin.create(
                Map.of("bootstrap.servers", kafka.bootstrap()))) {
            commit(admin, figures, Map.of(new TopicPartition(events, 0), 1L,
                    new TopicPartition(deadLetters, 0), 0L));
            commit(admin, sink, Map.of(new TopicPartition(events, 0), 3L));
        }
        Map<String, List<String>> groups = new LinkedHashMap<>();
        groups.put(figures, List.of(events, deadLetters));
        groups.put(sink, List.of(events));

        try (LagMonitor monitor = LagMonitor.create(kafka.bootstrap(), LagMonitor.Settings.defaults(groups))) {
            LagSnapshot s = monitor.refresh();

            GroupLag f = s.group(figures).orElseThrow();
            assertThat(f.topics()).containsExactly(events, deadLetters);
            assertThat(f.partitions()).extracting(p -> p.topic() + "@" + p.currentOffset() + " lag " + p.lag())
                    .containsExactly(events + "@1 lag 4", deadLetters + "@0 lag 2");
            assertThat(f.sumLag()).isEqualTo(6);
            GroupLag t = s.group(sink).orElseThrow();
            assertThat(t.partitions()).extracting(PartitionLag::lag).containsExactly(2L);
            // The figures' next record was written at t0 + 10 s, the sink's at t0 + 30 s: one reading, two ages.
            double figuresAge = f.partitions().get(0).lagSeconds();
            double sinkAge = t.partitions().get(0).lagSeconds();
            assertThat(figuresAge - sinkAge).isCloseTo(20.0, within(0.001));
            assertThat(f.partitions().get(1).lagSeconds() - figuresAge)
                    .isCloseTo(5.0, within(0.001));
        }
    }

    private static void commit(Admin admin, String group,
                               Map<TopicPartition, Long> offsets) throws Exception {
        Map<TopicPartition, OffsetAndMetadata> o =
                new HashMap<>();
        offsets.forEach((tp, offset) -> o.put(tp, new OffsetAndMetadata(offset)));
        admin.alterConsumerGroupOffsets(group, o).all().get(30, TimeUnit.SECONDS);
    }

    @Test
    void aSlowedGroupLeavesOkAndComesBackWhenItDrainsWhileTheOthersStayOk() {
        AtomicBoolean slow = new AtomicBoolean(true);
        worker(finishing(Stage.PARSER, slow, Duration.ofMillis(150)), 1);
        worker(finishing(Stage.PLANNER, new AtomicBoolean(false), Duration.ZERO), 8);
        AtomicBoolean loading = load(Stage.PARSER, Stage.PLANNER);
        monitor();

        // the slowed parser falls behind: its status leaves OK while the planner, under the same load, is OK
        await().atMost(PATIENCE).until(() -> {
            LagSnapshot s = latest();
            return s != null && group(s, Stage.PARSER).status() != LagStatus.OK && group(s, Stage.PARSER).sumLag() > 20
                    && group(s, Stage.PLANNER).status() == LagStatus.OK;
        });
        LagSnapshot behind = latest();
        assertThat(group(behind, Stage.PARSER).status()).isIn(LagStatus.WARN, LagStatus.ERR);
        assertThat(group(behind, Stage.PARSER).members()).isEqualTo(1);

        // and keeps falling behind, in records and in seconds
        long lagThen = group(behind, Stage.PARSER).sumLag();
        await().atMost(PATIENCE).until(() -> group(latest(), Stage.PARSER).sumLag() > lagThen + 50
                && group(latest(), Stage.PARSER).maxLagSeconds() != null
                && group(latest(), Stage.PARSER).maxLagSeconds() > 1.0);

        // the slowness ends, the load stops: the backlog drains and the status returns to OK
        slow.set(false);
        loading.set(false);
        await().atMost(PATIENCE).until(() -> {
            GroupLag parser = group(latest(), Stage.PARSER);
            return parser.sumLag() == 0 && parser.status() == LagStatus.OK && parser.maxLagSeconds() == 0.0;
        });
        // the planner kept up all along: never more than a handful of records behind
        assertThat(snapshots).allSatisfy(s -> assertThat(group(s, Stage.PLANNER).maxLag()).isLessThan(20));
    }

    @Test
    void aConsumerStuckOnARecordIsStalledAndATopicNobodyConsumesIsStopped() throws Exception {
        CountDownLatch release = new CountDownLatch(1);
        running.add(release::countDown);
        StageHandler stuck = new StageHandler() {
            @Override
            public Stage stage() {
                return Stage.EXECUTOR;
            }

            @Override
            public StageOutcome handle(RequestEnvelope env) throws Exception {
                release.await();
                return StageOutcome.finish(env, new StageOutcome.Finish("chitchat", "ok", null), Json.object(),
                        Json.object(), null);
            }
        };
        worker(stuck, 1);
        try (KafkaProducer<String, byte[]> p = new KafkaProducer<>(kafka.producer("lag-test-once"))) {
            for (int i = 0; i < 30; i++) {
                p.send(new ProducerRecord<>(Stage.EXECUTOR.topic(), UUID.randomUUID().toString(), envelope()));
                p.send(new ProducerRecord<>(Stage.CLARIFIER.topic(), UUID.randomUUID().toString(), envelope()));
            }
            p.flush();
        }
        monitor();

        await().atMost(PATIENCE).until(() -> {
            LagSnapshot s = latest();
            return s != null && group(s, Stage.EXECUTOR).status() == LagStatus.ERR
                    && group(s, Stage.CLARIFIER).status() == LagStatus.ERR;
        });
        LagSnapshot s = latest();
        // the executor's worker is alive and owns its partitions, but its offsets do not move
        assertThat(group(s, Stage.EXECUTOR).partitions()).filteredOn(p -> p.lag() > 0)
                .isNotEmpty()
                .allSatisfy(p -> {
                    assertThat(p.status()).isEqualTo(LagStatus.STALL);
                    assertThat(p.owner()).isNotNull();
                });
        // nobody consumes the clarifier's topic at all
        GroupLag clarifier = group(s, Stage.CLARIFIER);
        assertThat(clarifier.members()).isZero();
        assertThat(clarifier.sumLag()).isEqualTo(30);
        assertThat(clarifier.partitions()).filteredOn(p -> p.lag() > 0)
                .allSatisfy(p -> assertThat(p.status()).isEqualTo(LagStatus.STOP));
    }
}
