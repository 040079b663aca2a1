package barb.launcher;

import barb.core.Config;
import barb.core.KafkaSettings;
import barb.core.ReplayMode;
import barb.lag.BootstrapAddress;
import me.tongfei.progressbar.ProgressBar;
import me.tongfei.progressbar.ProgressBarBuilder;
import me.tongfei.progressbar.ProgressBarStyle;
import org.apache.kafka.common.KafkaException;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

import java.io.PrintWriter;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;

/**
 * {@code barb replay}: re-runs requests from {@code barb.requests.v1} through the current pipeline and reports, per
 * request and in total, whether route, plan, numbers and answer stayed the same. Shadow by default (the users see
 * nothing); {@code --into-chat} re-runs into the original chats.
 */
@Command(name = "replay", description = "Re-run requests from barb.requests.v1 and report what changed.")
final class ReplayCommand implements Callable<Integer> {
    static final int CHANGED_EXIT = 3;

    @Spec
    CommandSpec spec;

    /** Where BARB_KAFKA_BOOTSTRAP, BARB_DATA_DIR and BARB_REQUEST_TIMEOUT_SECONDS come from; tests replace it. */
    Map<String, String> env = System.getenv();

    /** Off in tests: the bar would only clutter their output. */
    boolean showProgress = true;

    /** How the last run went (for tests: how many originals it held at once); null before a run. */
    ReplayRunner.Outcome lastOutcome;

    @Option(names = "--request", paramLabel = "ID", description = "Replay this request (repeat, or list ids separated by commas).")
    List<String> requests = new ArrayList<>();

    @Option(names = "--chat", paramLabel = "ID", description = "Replay the requests of this chat.")
    String chat;

    @Option(names = "--user", paramLabel = "ID", description = "Replay the requests of this user.")
    String user;

    @Option(names = "--from", paramLabel = "TIME",
            description = "Replay requests written since TIME: 2025-01-31T14:00:00Z, 2025-01-31 (UTC), or 2h / 30m / 1d ago.")
    String from;

    @Option(names = "--to", paramLabel = "TIME", description = "… and before TIME (same forms; default now).")
    String to;

    @Option(names = "--into-chat",
            description = "Re-run into the original chats: appended, relayed nowhere, counted (default: shadow, unseen by users).")
    boolean intoChat;

    @Option(names = "--noise-runs", paramLabel = "N",
            description = "Run each request N more times on the current version; what differs between those runs is noise, and the wording is judged (default 0).")
    int noiseRuns;

    @Option(names = "--rate", paramLabel = "PER_SECOND",
            description = "Replays put into the pipeline per second at most, so live users keep their share (default 10; 0 = no limit).")
    double rate = 10;

    @Option(names = "--limit", paramLabel = "N", description = "Refuse a selection of more than N requests (default 1000).")
    int limit = 1000;

    @Option(names = "--batch", paramLabel = "N",
            description = "Originals read and replayed together (default 200): at most two batches are held in memory.")
    int batch = ReplayRunner.DEFAULT_BATCH;

    @Option(names = "--json", description = "Print the report as JSON.")
    boolean json;

    @Option(names = "--fail-on-change",
            description = "Exit with 3 when a request changed or a replay gave no answer (for release checks).")
    boolean failOnChange;

    @Option(names = "--bootstrap", paramLabel = "HOST:PORT",
            description = "Kafka to use (default: BARB_KAFKA_BOOTSTRAP, else the broker of a running ./barb up).")
    String bootstrap;

    @Option(names = "--timeout", paramLabel = "SECONDS", description = "Longest wait for one Kafka call (default 10).")
    int timeoutSeconds = 10;

    @Override
    public Integer call() throws Exception {
        PrintWriter out = spec.commandLine().getOut();
        PrintWriter err = spec.commandLine().getErr();
        String problem = checkOptions();
        if (problem != null) {
            err.println("barb replay: " + problem);
            return 2;
        }
        ReplaySelection selection;
        RunningKafka kafka;
        ReplayRunner.Settings settings;
        try {
            selection = ReplaySelection.parse(requests, chat, user, from, to, Instant.now());
            kafka = RunningKafka.find(bootstrap, env, LauncherConfig.fromEnv(env));
            BootstrapAddress.check(kafka.bootstrap());
            int requestTimeout = Config.intValue(env, "BARB_REQUEST_TIMEOUT_SECONDS", 60, 1, 3600);
            settings = new ReplayRunner.Settings(intoChat ? ReplayMode.INTO_CHAT : ReplayMode.SHADOW, noiseRuns, rate,
                    Duration.ofSeconds(requestTimeout), Duration.ofSeconds(timeoutSeconds), limit, batch);
        } catch (IllegalArgumentException e) {
            err.println("barb replay: " + e.getMessage());
            return 2;
        }
        Logging.quietKafkaClients();
        ReplayReport report = new ReplayReport(out, json, settings.mode().wire(), noiseRuns,
                showProgress && stdoutIsTerminal());
        try {
            lastOutcome = run(KafkaSettings.of(kafka.bootstrap()), settings, selection, report);
        } catch (IllegalArgumentException e) {
            err.println("barb replay: " + e.getMessage());
            return 2;
        } catch (ReplayException | KafkaException e) {
            err.println("barb replay: cannot use Kafka at " + kafka.bootstrap() + " (" + kafka.origin() + "): "
                    + e.getMessage());
            return 1;
        }
        ReplayTotals totals = report.finish(lastOutcome.replaysLeftOut());
        return failOnChange && totals.anyChangeOrMissingAnswer() ? CHANGED_EXIT : 0;
    }

    private ReplayRunner.Outcome run(KafkaSettings kafka, ReplayRunner.Settings settings, ReplaySelection selection,
                                     ReplayReport report) throws InterruptedException {
        ReplayRunner runner = new ReplayRunner(kafka, settings);
        if (!showProgress) {
            return runner.run(selection, ReplayRunner.Progress.NONE, report::add);
        }
        try (ProgressBar bar = new ProgressBarBuilder().setTaskName("Replaying").setStyle(ProgressBarStyle.ASCII)
                .setInitialMax(0).setUpdateIntervalMillis(250).setUnit(" runs", 1).build()) {
            return runner.run(selection, (published, finished, total) -> {
                bar.maxHint(total);
                bar.stepTo(finished);
                bar.setExtraMessage(published + " sent");
            }, report::add);
        }
    }

    /**
     * Report blocks written between redraws of the progress bar erase its line first, on a terminal only. The
     * launcher targets Java 21, whose {@code Console} cannot say whether standard output is a terminal (and from
     * Java 22 there is a console even when it is redirected); Linux tells it by what descriptor 1 points to.
     * Elsewhere the answer is no, and a block may then follow the bar on its line.
     */
    private static boolean stdoutIsTerminal() {
        try {
            String target = java.nio.file.Files.readSymbolicLink(java.nio.file.Path.of("/proc/self/fd/1")).toString();
            return target.startsWith("/dev/pts/") || target.startsWith("/dev/tty");
        } catch (java.io.IOException | UnsupportedOperationException | SecurityException e) {
            return false;
        }
    }

    /** The options that need no Kafka to check; null when they are fine. */
    private String checkOptions() {
        if (noiseRuns < 0 || noiseRuns > 5) {
            return "--noise-runs must be between 0 and 5";
        }
        if (intoChat && noiseRuns > 0) {
            return "--noise-runs would add messages to the users' chats; use it without --into-chat";
        }
        if (Double.isNaN(rate) || rate < 0 || rate > 10_000) {
            return "--rate must be between 0 (no limit) and 10000 per second";
        }
        if (limit < 1 || limit > 1_000_000) {
            return "--limit must be between 1 and 1000000";
        }
        if (batch < 1 || batch > 10_000) {
            return "--batch must be between 1 and 10000";
        }
        if (timeoutSeconds < 1 || timeoutSeconds > 300) {
            return "--timeout must be between 1 and 300 seconds";
        }
        return null;
    }
}
