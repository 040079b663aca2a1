package barb.launcher;

import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

import java.nio.file.Path;
import java.util.HashMap;
import java.util.Map;
import java.util.concurrent.Callable;
import java.util.concurrent.CountDownLatch;

/**
 * {@code barb layout}: the multi-process layout on one machine (issue 13 §2) — broker and PostgreSQL as their own
 * processes, then executors, every agent stage, the trace-sink and gateways, each its own JVM — until Ctrl-C, which
 * stops them in order.
 */
@Command(name = "layout", description = "Start the multi-process layout on this machine: infra, 2 gateways, "
        + "2 instances of every stage, 2 executors, 1 trace-sink, each its own JVM.")
final class LayoutCommand implements Callable<Integer> {
    @Mixin
    LayoutOptions counts = new LayoutOptions();

    @Option(names = "--http-port", description = "First gateway's port; the others follow (default 18180).")
    int httpPort = 18180;

    @Option(names = "--kafka-port", description = "Broker port (default 19192).")
    int kafkaPort = 19192;

    @Option(names = "--pg-port", description = "PostgreSQL port (default 15432).")
    int pgPort = InfraCommand.DEFAULT_PG_PORT;

    @Option(names = "--state-dir", description = "Broker, database, logs (default BARB_DATA_DIR/layout).")
    Path stateDir;

    @Override
    public Integer call() throws Exception {
        if (counts.problem() != null) {
            System.err.println(counts.problem());
            return 2;
        }
        LauncherConfig config = LauncherConfig.fromEnv(System.getenv());
        Layout.Settings settings = settings(config, System.getenv(), stateDir, kafkaPort, pgPort, httpPort, counts);
        long t0 = System.nanoTime();
        System.out.println("Starting the layout (state in " + settings.stateDir() + "):");
        Layout running = Layout.start(settings, System.out);
        CountDownLatch stopped = new CountDownLatch(1);
        Runtime.getRuntime().addShutdownHook(new Thread(() -> {
            System.out.println("\nStopping the layout…");
            running.close();
            stopped.countDown();
        }, "barb-shutdown"));
        System.out.printf("%nLayout up in %.1f s:%n", (System.nanoTime() - t0) / 1e9);
        running.printProcesses(System.out);
        System.out.println("Gateways: " + String.join(" ", running.gatewayUrls()));
        System.out.println("Kafka: " + running.kafkaBootstrap() + "   PostgreSQL: " + running.jdbcUrl());
        System.out.println("Load:  ./barb bench pipeline --url " + String.join(" --url ", running.gatewayUrls())
                + " --concurrency 16      Ctrl-C stops everything.");
        stopped.await();
        return 0;
    }

    /** The layout's settings; BARB_* variables of this process pass on to every child. */
    static Layout.Settings settings(LauncherConfig config, Map<String, String> env, Path stateDir, int kafkaPort,
                                    int pgPort, int httpPort, LayoutOptions counts) {
        Map<String, String> childEnv = new HashMap<>();
        env.forEach((k, v) -> {
            if (k.startsWith("BARB_") && !k.equals("BARB_KAFKA_BOOTSTRAP") && !k.equals("BARB_PG_URL")
                    && !k.equals("BARB_DATA_DIR") && !k.equals("BARB_HTTP_PORT") && !k.equals("BARB_JAVA_OPTS")) {
                childEnv.put(k, v);
            }
        });
        Path state = (stateDir != null ? stateDir : config.dataDir().resolve("layout")).toAbsolutePath();
        return new Layout.Settings(state, config.dataDir(), kafkaPort, pgPort, httpPort, counts.gateways,
                counts.instances, counts.executors, counts.groupAgents, counts.heap, childEnv);
    }
}
