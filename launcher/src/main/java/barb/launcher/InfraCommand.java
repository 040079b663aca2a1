package barb.launcher;

import barb.core.KafkaSettings;
import barb.core.TopicCreator;
import barb.core.Topics;
import barb.embedded.EmbeddedKafka;
import barb.embedded.EmbeddedPostgresServer;
import barb.tracesink.Migrations;
import barb.tracesink.PgSettings;
import com.zaxxer.hikari.HikariDataSource;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

import java.nio.file.Path;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.concurrent.Callable;
import java.util.concurrent.CountDownLatch;

/**
 * {@code barb infra}: the embedded Kafka broker and PostgreSQL alone, with Barb's topics and schema, so every
 * service can run as its own {@code barb worker NAME} process and any of them can be killed without killing the
 * broker or the database. {@code --kafka-only} / {@code --postgres-only} run one of the two, so each can be
 * stopped and started again on its own (a broker restart, a database outage). Ports are fixed, so workers find
 * them again after a restart.
 */
@Command(name = "infra", description = "Run the embedded Kafka broker and PostgreSQL alone (for barb worker processes).")
final class InfraCommand implements Callable<Integer> {
    /** Printed once both are up: scripts and {@link Layout} wait for it. */
    static final String READY = "barb infra ready";
    static final int DEFAULT_PG_PORT = 15432;

    @Option(names = "--kafka-only", description = "Run only the broker.")
    boolean kafkaOnly;

    @Option(names = "--postgres-only", description = "Run only PostgreSQL.")
    boolean postgresOnly;

    @Option(names = "--kafka-port", description = "Broker port (default BARB_KAFKA_PORT, else 9092).")
    Integer kafkaPort;

    @Option(names = "--pg-port", description = "PostgreSQL port (default 15432).")
    int pgPort = DEFAULT_PG_PORT;

    @Option(names = "--dir", description = "Folder for the broker's and the database's data (default BARB_DATA_DIR).")
    Path dir;

    @Override
    public Integer call() throws Exception {
        if (kafkaOnly && postgresOnly) {
            System.err.println("--kafka-only and --postgres-only exclude each other");
            return 2;
        }
        LauncherConfig config = LauncherConfig.fromEnv(System.getenv());
        Path base = dir != null ? dir.toAbsolutePath() : config.dataDir();
        int port = kafkaPort != null ? kafkaPort : config.kafkaPort();
        Deque<AutoCloseable> started = new ArrayDeque<>();
        try {
            if (!postgresOnly) {
                EmbeddedKafka kafka = EmbeddedKafka.start(base.resolve("kafka"), port);
                started.push(kafka);
                KafkaSettings k = KafkaSettings.fromEnv(System.getenv(), kafka.bootstrap());
                TopicCreator.ensure(kafka.bootstrap(), Topics.all(k.partitions(), k.retention().toMillis()),
                        k.replication());
                System.out.println("Kafka: " + kafka.bootstrap());
            }
            if (!kafkaOnly) {
                EmbeddedPostgresServer pg = EmbeddedPostgresServer.start(base.resolve("postgres"), pgPort);
                started.push(pg);
                try (HikariDataSource admin = PgSettings.fromEnv(System.getenv(), pg.jdbcUrl()).adminDataSource()) {
                    Migrations.apply(admin);
                }
                System.out.println("PostgreSQL: " + pg.jdbcUrl() + " (user " + pg.user() + ")");
            }
        } catch (Exception | Error e) {
            stopAll(started);
            throw e;
        }
        System.out.println(READY);
        System.out.flush();
        CountDownLatch stopped = new CountDownLatch(1);
        Runtime.getRuntime().addShutdownHook(new Thread(() -> {
            stopAll(started);
            stopped.countDown();
        }, "barb-shutdown"));
        stopped.await();
        return 0;
    }

    private static void stopAll(Deque<AutoCloseable> started) {
        while (!started.isEmpty()) {
            try {
                started.pop().close();
            } catch (Exception e) {
                System.err.println("stopping failed: " + e);
            }
        }
    }
}
