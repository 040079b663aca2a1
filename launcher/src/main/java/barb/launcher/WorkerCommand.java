package barb.launcher;

import barb.core.Stage;
import picocli.CommandLine.Command;
import picocli.CommandLine.Parameters;

import java.util.EnumSet;
import java.util.Set;
import java.util.concurrent.Callable;
import java.util.concurrent.CountDownLatch;

/**
 * {@code barb worker NAME}: one service against external Kafka and PostgreSQL, as in docker-compose.yml.
 * Names: a stage (intent, understander, clarifier, clarify-continue, parser, planner, executor, presenter,
 * responder), {@code agents} (every agent stage), {@code trace-sink} or {@code gateway}.
 */
@Command(name = "worker", description = "Run one service against external Kafka and PostgreSQL (for containers).")
final class WorkerCommand implements Callable<Integer> {
    @Parameters(index = "0", paramLabel = "NAME",
            description = "intent|understander|clarifier|clarify-continue|parser|planner|executor|presenter|responder|agents|trace-sink|gateway")
    String name;

    @Override
    public Integer call() throws Exception {
        LauncherConfig config = LauncherConfig.fromEnv(System.getenv());
        if (config.kafkaBootstrap() == null) {
            System.err.println("barb worker needs BARB_KAFKA_BOOTSTRAP (use ./barb up for the all-in-one mode)");
            return 2;
        }
        Set<BarbStack.Part> parts;
        Set<Stage> stages = EnumSet.noneOf(Stage.class);
        switch (name) {
            case "gateway" -> parts = EnumSet.of(BarbStack.Part.GATEWAY);
            case "trace-sink" -> parts = EnumSet.of(BarbStack.Part.TRACE_SINK);
            case "executor" -> parts = EnumSet.of(BarbStack.Part.EXECUTOR);
            case "agents" -> {
                parts = EnumSet.of(BarbStack.Part.AGENTS);
                stages = BarbStack.agentStages();
            }
            default -> {
                Stage stage = stageNamed(name);
                if (stage == null || stage == Stage.EXECUTOR) {
                    System.err.println("unknown worker '" + name + "'");
                    return 2;
                }
                parts = EnumSet.of(BarbStack.Part.AGENTS);
                stages = EnumSet.of(stage);
            }
        }
        if ((parts.contains(BarbStack.Part.GATEWAY) || parts.contains(BarbStack.Part.TRACE_SINK))
                && config.pgUrl() == null) {
            System.err.println("barb worker " + name + " needs BARB_PG_URL");
            return 2;
        }
        int metricsPort;
        try {
            metricsPort = parts.contains(BarbStack.Part.GATEWAY) ? -1 : MetricsEndpoint.port(System.getenv());
        } catch (IllegalArgumentException e) {
            System.err.println(e.getMessage());
            return 2;
        }
        BarbStack stack = BarbStack.start(config, System.getenv(), parts, stages);
        // the gateway serves its process's /metrics itself; any other worker serves them on their own port
        MetricsEndpoint metrics = metricsPort < 0 ? null
                : MetricsEndpoint.start(metricsHost(), metricsPort, () -> stack.metrics().scrape());
        CountDownLatch stopped = new CountDownLatch(1);
        Runtime.getRuntime().addShutdownHook(new Thread(() -> {
            if (metrics != null) {
                metrics.close();
            }
            stack.close();
            stopped.countDown();
        }, "barb-shutdown"));
        stopped.await();
        return 0;
    }

    /** The address of a worker's /metrics: BARB_HTTP_HOST, as for the gateway (the container image sets 0.0.0.0). */
    private static String metricsHost() {
        String host = System.getenv("BARB_HTTP_HOST");
        return host == null || host.isBlank() ? "127.0.0.1" : host.strip();
    }

    static Stage stageNamed(String name) {
        for (Stage s : Stage.values()) {
            if (s.agentName().equals(name.replace('-', '_'))) {
                return s;
            }
        }
        return null;
    }
}
