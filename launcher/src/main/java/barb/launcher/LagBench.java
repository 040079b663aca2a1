package barb.launcher;

import barb.core.ConsumerGroups;
import barb.core.KafkaSettings;
import barb.core.TopicCreator;
import barb.core.Topics;
import barb.embedded.EmbeddedKafka;
import barb.lag.LagMonitor;
import barb.lag.LagSnapshot;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.AdminClientConfig;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.clients.consumer.OffsetAndMetadata;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.TopicPartition;

import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Properties;

/**
 * The cost of one lag reading, for BENCHMARKS.md: AdminClient calls, polls of the timestamp consumer and time,
 * on a fresh embedded broker holding Barb's topics ({@code partitions} each) where every group lags on every
 * partition — the monitor's worst case, as each lagging partition needs its oldest record's timestamp.
 *
 * <p>Three phases: the first reading (nothing cached), readings while nothing moves (timestamps from the cache),
 * and readings after every group committed one more record on every partition (every timestamp read again).
 */
final class LagBench {
    private static final int RECORDS_PER_PARTITION = 20;
    private static final int LAG_PER_PARTITION = 10;

    private LagBench() {
    }

    static int run(int partitions, int readings, PrintWriter out) throws Exception {
        Path dir = Files.createTempDirectory("barb-lag-bench");
        try (EmbeddedKafka broker = EmbeddedKafka.start(dir.resolve("kafka"), 0)) {
            String bootstrap = broker.bootstrap();
            TopicCreator.ensure(bootstrap, Topics.all(partitions, Duration.ofDays(1).toMillis()), (short) 1);
            // The pipeline's groups, one topic each (the ops figures' Streams application is not started here).
            Map<String, String> groups = ConsumerGroups.pipeline(ConsumerGroups.TRACE_SINK);
            fill(bootstrap, groups, partitions);
            joinOnce(bootstrap, groups);
            try (Admin admin = admin(bootstrap)) {
                commit(admin, groups, partitions, RECORDS_PER_PARTITION - LAG_PER_PARTITION);
                Map<String, List<String>> watched = new LinkedHashMap<>();
                groups.forEach((group, topic) -> watched.put(group, List.of(topic)));
                LagMonitor.Settings settings = LagMonitor.Settings.defaults(watched);
                try (LagMonitor monitor = LagMonitor.create(bootstrap, settings)) {
                    out.printf(Locale.ROOT, "%d groups, %d partitions each, every partition %d records behind%n",
                            groups.size(), partitions, LAG_PER_PARTITION);
                    out.println("phase                          readings  admin calls/reading  record polls/reading"
                            + "  ms median  ms max");
                    report(out, "first reading (cold)", List.of(monitor.refresh()));
                    List<LagSnapshot> still = new ArrayList<>();
                    for (int i = 0; i < readings; i++) {
                        still.add(monitor.refresh());
                    }
                    report(out, "offsets unchanged (cached)", still);
                    List<LagSnapshot> moving = new ArrayList<>();
                    for (int i = 0; i < readings; i++) {
                        commit(admin, groups, partitions, RECORDS_PER_PARTITION - LAG_PER_PARTITION + 1 + i % 5);
                        moving.add(monitor.refresh());
                    }
                    report(out, "every offset moved", moving);
                    double perSecond = still.getLast().adminCalls() / (double) settings.interval().toSeconds();
                    out.printf(Locale.ROOT, "at the default interval of %d s: %.1f AdminClient calls per second%n",
                            settings.interval().toSeconds(), perSecond);
                }
            }
        }
        return 0;
    }

    private static void report(PrintWriter out, String phase, List<LagSnapshot> snapshots) {
        List<Long> ms = new ArrayList<>();
        double calls = 0;
        double polls = 0;
        for (LagSnapshot s : snapshots) {
            ms.add(s.readMs());
            calls += s.adminCalls();
            polls += s.recordFetches();
        }
        Collections.sort(ms);
        out.printf(Locale.ROOT, "%-30s %8d %20.1f %21.1f %10d %7d%n", phase, snapshots.size(),
                calls / snapshots.size(), polls / snapshots.size(), ms.get(ms.size() / 2), ms.getLast());
        out.flush();
    }

    private static void fill(String bootstrap, Map<String, String> groups, int partitions) throws Exception {
        try (KafkaProducer<String, byte[]> producer = new KafkaProducer<>(KafkaSettings.of(bootstrap)
                .producer("barb-lag-bench"))) {
            byte[] value = "{}".getBytes();
            for (String topic : groups.values()) {
                for (int p = 0; p < partitions; p++) {
                    for (int i = 0; i < RECORDS_PER_PARTITION; i++) {
                        producer.send(new ProducerRecord<>(topic, p, null, value));
                    }
                }
            }
            producer.flush();
        }
    }

    /**
     * Makes every group a consumer-protocol group, as Barb's services make them: a member joins, gets its
     * partitions and leaves. (A group created by committing offsets alone would be a classic one, which
     * describeConsumerGroups answers only on a second try.)
     */
    private static void joinOnce(String bootstrap, Map<String, String> groups) throws Exception {
        List<Thread> joins = new ArrayList<>();
        for (Map.Entry<String, String> g : groups.entrySet()) {
            joins.add(Thread.ofVirtual().start(() -> {
                Properties p = KafkaSettings.of(bootstrap).consumer(g.getKey(), "barb-lag-bench-" + g.getKey());
                try (KafkaConsumer<String, byte[]> c = new KafkaConsumer<>(p)) {
                    c.subscribe(List.of(g.getValue()));
                    long until = System.nanoTime() + Duration.ofSeconds(60).toNanos();
                    while (c.assignment().isEmpty() && System.nanoTime() < until) {
                        c.poll(Duration.ofMillis(100));
                    }
                }
            }));
        }
        for (Thread t : joins) {
            t.join();
        }
    }

    /** Sets every group's committed offset to {@code offset} on every partition (the groups have no members). */
    private static void commit(Admin admin, Map<String, String> groups, int partitions, long offset) throws Exception {
        for (Map.Entry<String, String> g : groups.entrySet()) {
            Map<TopicPartition, OffsetAndMetadata> offsets = new HashMap<>();
            for (int p = 0; p < partitions; p++) {
                offsets.put(new TopicPartition(g.getValue(), p), new OffsetAndMetadata(offset));
            }
            admin.alterConsumerGroupOffsets(g.getKey(), offsets).all().get();
        }
    }

    private static Admin admin(String bootstrap) {
        Properties p = new Properties();
        p.put(AdminClientConfig.BOOTSTRAP_SERVERS_CONFIG, bootstrap);
        return Admin.create(p);
    }
}
