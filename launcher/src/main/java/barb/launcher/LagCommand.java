package barb.launcher;

import barb.core.ConsumerGroups;
import barb.core.Json;
import barb.lag.LagMonitor;
import barb.lag.LagReadException;
import barb.lag.LagSnapshot;
import barb.tracesink.TraceSink;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

import java.io.PrintWriter;
import java.time.Duration;
import java.util.Map;
import java.util.concurrent.Callable;

/**
 * {@code barb lag}: the consumer lag of every Barb group, like {@code kafka-consumer-groups --describe} plus the
 * time lag and Burrow's status. The status judges a window of readings, so a single {@code barb lag} takes a few
 * ({@code --samples}, {@code --interval} apart); {@code --watch} keeps reading over a window of 10.
 */
@Command(name = "lag", description = "Show the consumer lag of every stage, the trace-sink and their status.")
final class LagCommand implements Callable<Integer> {
    private static final int WATCH_WINDOW = 10;

    @Spec
    CommandSpec spec;

    /** Where BARB_KAFKA_BOOTSTRAP and BARB_DATA_DIR come from; tests replace it. */
    Map<String, String> env = System.getenv();

    @Option(names = "--bootstrap", paramLabel = "HOST:PORT",
            description = "Kafka to read (default: BARB_KAFKA_BOOTSTRAP, else the broker of a running ./barb up).")
    String bootstrap;

    @Option(names = "--watch", description = "Read again every --interval until Ctrl-C.")
    boolean watch;

    @Option(names = "--interval", paramLabel = "SECONDS",
            description = "Seconds between two readings (default 2).")
    double intervalSeconds = 2;

    @Option(names = "--samples", paramLabel = "N",
            description = "Readings a single run takes before it reports (default 3; the status needs at least 2).")
    int samples = 3;

    @Option(names = "--timeout", paramLabel = "SECONDS", description = "Longest wait for Kafka (default 10).")
    int timeoutSeconds = 10;

    @Option(names = "--lagging", description = "List only the partitions with lag or a status other than OK.")
    boolean laggingOnly;

    @Option(names = "--json", description = "Print the snapshot as JSON (one line per reading with --watch).")
    boolean json;

    @Override
    public Integer call() throws Exception {
        PrintWriter out = spec.commandLine().getOut();
        PrintWriter err = spec.commandLine().getErr();
        if (intervalSeconds < 0.1 || intervalSeconds > 3600) {
            err.println("--interval must be between 0.1 and 3600 seconds");
            return 2;
        }
        if (samples < 1 || samples > 100) {
            err.println("--samples must be between 1 and 100");
            return 2;
        }
        if (timeoutSeconds < 1 || timeoutSeconds > 300) {
            err.println("--timeout must be between 1 and 300 seconds");
            return 2;
        }
        RunningKafka kafka;
        LagMonitor monitor;
        try {
            kafka = RunningKafka.find(bootstrap, env, LauncherConfig.fromEnv(env));
            Duration interval = Duration.ofMillis(Math.round(intervalSeconds * 1000));
            LagMonitor.Settings settings = new LagMonitor.Settings(interval, Math.max(2, watch ? WATCH_WINDOW : samples),
                    Duration.ofSeconds(timeoutSeconds), ConsumerGroups.all(TraceSink.Settings.fromEnv(env).groupId()));
            Logging.quietKafkaClients();
            monitor = LagMonitor.create(kafka.bootstrap(), settings);
        } catch (IllegalArgumentException e) {
            err.println("barb lag: " + e.getMessage());
            return 2;
        }
        try (monitor) {
            if (watch) {
                watch(monitor, out, err);
                return 0;
            }
            LagSnapshot snapshot = monitor.refresh();
            for (int i = 1; i < samples; i++) {
                Thread.sleep(monitor.settings().interval());
                snapshot = monitor.refresh();
            }
            print(snapshot, out);
            return 0;
        } catch (LagReadException e) {
            err.println("barb lag: " + e.getMessage() + " — Kafka from " + kafka.origin());
            return 1;
        }
    }

    /** The first reading must succeed; a later failure is reported and the watch goes on. */
    private void watch(LagMonitor monitor, PrintWriter out, PrintWriter err) throws InterruptedException {
        boolean terminal = System.console() != null && !json;
        LagSnapshot snapshot = monitor.refresh();
        while (true) {
            if (terminal) {
                out.print("\033[H\033[2J");
            }
            print(snapshot, out);
            if (!terminal && !json) {
                out.println();
            }
            Thread.sleep(monitor.settings().interval());
            try {
                snapshot = monitor.refresh();
            } catch (LagReadException e) {
                err.println("barb lag: " + e.getMessage() + "; trying again");
                err.flush();
            }
        }
    }

    private void print(LagSnapshot snapshot, PrintWriter out) {
        if (json) {
            out.println(Json.toString(snapshot));
        } else {
            out.print(LagTable.render(snapshot, laggingOnly));
        }
        out.flush();
    }
}
