package barb.embedded;

import kafka.server.KafkaConfig;
import kafka.server.KafkaRaftServer;
import org.apache.kafka.common.Uuid;
import org.apache.kafka.common.utils.Time;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.io.Writer;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Properties;

/**
 * A real single-node KRaft Kafka broker (combined broker and controller) running in this JVM. The log
 * directory is kept across restarts when it already holds a formatted cluster.
 */
public final class EmbeddedKafka implements AutoCloseable {
    private static final Logger log = LoggerFactory.getLogger(EmbeddedKafka.class);

    private final KafkaRaftServer server;
    private final int port;

    private EmbeddedKafka(KafkaRaftServer server, int port) {
        this.server = server;
        this.port = port;
    }

    /**
     * Starts a broker on {@code port} (0 picks a free one) with its data under {@code dir}.
     *
     * @throws IllegalStateException naming the port and what to do when the port is taken
     */
    public static EmbeddedKafka start(Path dir, int port) throws IOException {
        Files.createDirectories(dir);
        if (port != 0 && !FreePorts.isFree(port)) {
            throw new IllegalStateException("port " + port + " for the embedded Kafka broker is taken (another "
                    + "./barb up, or a Kafka of your own?); set BARB_KAFKA_PORT to a free port, or "
                    + "BARB_KAFKA_BOOTSTRAP to use the Kafka that is there");
        }
        int brokerPort = port == 0 ? FreePorts.pick() : port;
        // (the broker's port is not listened on yet: a plain pick could return it again)
        int controllerPort = FreePorts.pickOtherThan(brokerPort);
        Path logDir = dir.resolve("data");
        Properties p = new Properties();
        p.put("process.roles", "broker,controller");
        p.put("node.id", "1");
        p.put("controller.quorum.voters", "1@127.0.0.1:" + controllerPort);
        p.put("listeners", "PLAINTEXT://127.0.0.1:" + brokerPort + ",CONTROLLER://127.0.0.1:" + controllerPort);
        p.put("advertised.listeners", "PLAINTEXT://127.0.0.1:" + brokerPort);
        p.put("controller.listener.names", "CONTROLLER");
        p.put("inter.broker.listener.name", "PLAINTEXT");
        p.put("listener.security.protocol.map", "CONTROLLER:PLAINTEXT,PLAINTEXT:PLAINTEXT");
        p.put("log.dirs", logDir.toString());
        p.put("num.partitions", "1");
        p.put("offsets.topic.replication.factor", "1");
        p.put("offsets.topic.num.partitions", "6");
        p.put("transaction.state.log.replication.factor", "1");
        p.put("transaction.state.log.min.isr", "1");
        p.put("share.coordinator.state.topic.replication.factor", "1");
        p.put("share.coordinator.state.topic.min.isr", "1");
        p.put("group.initial.rebalance.delay.ms", "0");
        // A member that dies without leaving loses its partitions after the session time-out: short, so its
        // requests are taken over well within their deadline. The minimums let each group set its own
        // (GroupTimeouts in core does, from BARB_GROUP_SESSION_TIMEOUT_MS / BARB_GROUP_HEARTBEAT_MS).
        p.put("group.consumer.heartbeat.interval.ms", "500");
        p.put("group.consumer.min.heartbeat.interval.ms", "100");
        p.put("group.consumer.session.timeout.ms", "3000");
        p.put("group.consumer.min.session.timeout.ms", "1000");
        p.put("auto.create.topics.enable", "false");
        p.put("log.cleaner.backoff.ms", "1000");
        Path config = dir.resolve("server.properties");
        try (Writer w = Files.newBufferedWriter(config)) {
            p.store(w, "embedded Barb broker");
        }
        if (!Files.exists(logDir.resolve("meta.properties"))) {
            format(config);
        }
        KafkaRaftServer server = new KafkaRaftServer(KafkaConfig.fromProps(p, false), Time.SYSTEM);
        server.startup();
        waitForPort(brokerPort, 30_000);
        log.info("Kafka broker (KRaft, in-process) listening on 127.0.0.1:{}", brokerPort);
        return new EmbeddedKafka(server, brokerPort);
    }

    private static void format(Path config) {
        ByteArrayOutputStream buf = new ByteArrayOutputStream();
        try (PrintStream out = new PrintStream(buf, true, StandardCharsets.UTF_8)) {
            kafka.tools.StorageTool.execute(new String[]{"format", "-t", Uuid.randomUuid().toString(), "-c",
                    config.toString()}, out);
        } catch (Exception e) {
            throw new IllegalStateException("formatting the Kafka log directory failed: " + buf, e);
        }
    }

    private static void waitForPort(int port, long timeoutMs) {
        long until = System.currentTimeMillis() + timeoutMs;
        while (System.currentTimeMillis() < until) {
            try (Socket s = new Socket()) {
                s.connect(new InetSocketAddress("127.0.0.1", port), 200);
                return;
            } catch (IOException e) {
                try {
                    Thread.sleep(50);
                } catch (InterruptedException ie) {
                    Thread.currentThread().interrupt();
                    return;
                }
            }
        }
        throw new IllegalStateException("Kafka did not open port " + port + " within " + timeoutMs + " ms");
    }

    public String bootstrap() {
        return "127.0.0.1:" + port;
    }

    @Override
    public void close() {
        server.shutdown();
        server.awaitShutdown();
        log.info("Kafka broker stopped");
    }

}
