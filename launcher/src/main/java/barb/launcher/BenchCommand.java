package barb.launcher;

import barb.core.Json;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.AtomicInteger;

/** {@code barb bench …}: measurements that go into BENCHMARKS.md. */
@Command(name = "bench", description = "Measure Barb.",
        subcommands = {BenchCommand.Pipeline.class, BenchCommand.Executor.class, BenchCommand.Reader.class,
                BenchCommand.Lag.class, UsersBench.class, StreamsBench.class, ChaosBench.class})
final class BenchCommand implements Runnable {
    @Override
    public void run() {
        new picocli.CommandLine(this).usage(System.out);
    }

    /** The executor alone over the market data file: the figures of BENCHMARKS.md "Executor". */
    @Command(name = "executor", description = "Run the canonical executor plans over the market data file (Barb must not be running).")
    static final class Executor implements Callable<Integer> {
        @Option(names = "--iterations", description = "Timed runs per plan (default 30).")
        int iterations = 30;

        @Option(names = "--only", paramLabel = "TEXT",
                description = "Time only the plans whose name contains TEXT (and skip the throughput runs).")
        String only;

        @Override
        public Integer call() throws Exception {
            if (iterations < 2) {
                System.err.println("--iterations must be at least 2");
                return 2;
            }
            LauncherConfig config = LauncherConfig.fromEnv(System.getenv());
            return ExecutorBench.run(config.duckdbFile(), iterations, only, System.out);
        }
    }

    /** The lag monitor's cost per reading on a fresh embedded broker: the figures of BENCHMARKS.md "Lag monitor". */
    @Command(name = "lag", description = "Cost of one lag reading: AdminClient calls, record polls and time (embedded broker).")
    static final class Lag implements Callable<Integer> {
        @Option(names = "--partitions", description = "Partitions of each topic (default 12, Barb's default).")
        int partitions = 12;

        @Option(names = "--readings", description = "Readings timed per phase (default 20).")
        int readings = 20;

        @picocli.CommandLine.Spec
        picocli.CommandLine.Model.CommandSpec spec;

        @Override
        public Integer call() throws Exception {
            if (partitions < 1 || partitions > 1000 || readings < 1 || readings > 10_000) {
                System.err.println("--partitions must be 1..1000 and --readings 1..10000");
                return 2;
            }
            Logging.quietKafkaClients();
            return LagBench.run(partitions, readings, spec.commandLine().getOut());
        }
    }

    /** The rules reader's CPU per question and per turn: the figures of BENCHMARKS.md "Question understanding". */
    @Command(name = "reader", description = "CPU of the rules reader: one reading and one whole rules turn, warm.")
    static final class Reader implements Callable<Integer> {
        @Option(names = "--rounds", description = "Timed rounds over every question of the built-in sets (default 5).")
        int rounds = 5;

        @Override
        public Integer call() {
            if (rounds < 1) {
                System.err.println("--rounds must be at least 1");
                return 2;
            }
            return ReaderBench.run(rounds, System.out);
        }
    }

    /** End-to-end latency of questions through a running gateway, as a client sees it. */
    @Command(name = "pipeline", description = "Post questions to a running Barb and report end-to-end latency.")
    static final class Pipeline implements Callable<Integer> {
        static final List<String> QUESTIONS = List.of(
                "hi", "top 5 days by range in 2024 during RTH", "how many green days in 2023",
                "average ETH range by weekday", "number of gap-up days in 2024",
                "days when NQ fell more than 2% in 2022", "what hour is the RTH high of the day usually set",
                "trading days in 2024", "average daily range in 2024 (RTH)", "сколько зелёных дней в 2023",
                "chance of a green day after 3 red days in a row", "what happens the day after FOMC?",
                "compare the average RTH range in 2023 vs 2024", "what's the typical daily range?");

        @Option(names = "--url", description = "Gateway URL (default http://127.0.0.1:8080); repeat it to drive "
                + "several gateways at once (client c uses URL c mod n).")
        List<String> urls = new ArrayList<>(List.of("http://127.0.0.1:8080"));

        @Option(names = "--requests", description = "Questions to send in all (default 200).")
        int requests = 200;

        @Option(names = "--concurrency", description = "Questions in flight at once (default 1).")
        int concurrency = 1;

        @Option(names = "--deadline-seconds", description = "How long a client waits for a stream to end (default 70).")
        int deadlineSeconds = 70;

        @Override
        public Integer call() throws Exception {
            if (requests < 1 || concurrency < 1) {
                System.err.println("--requests and --concurrency must be at least 1");
                return 2;
            }
            PipelineLoad load = new PipelineLoad(urls, Duration.ofSeconds(deadlineSeconds));
            // warm-up: one pass over the questions on every gateway, not measured
            new PipelineLoad(urls, Duration.ofSeconds(deadlineSeconds))
                    .run(QUESTIONS, QUESTIONS.size() * urls.size(), urls.size(), () -> false);
            PipelineLoad.Run run = load.run(QUESTIONS, requests, concurrency, () -> false);
            long answered = run.count(PipelineLoad.Outcome::answered);
            long failures = run.outcomes().size() - answered;
            System.out.printf("requests %d, concurrency %d, gateways %d, failures %d, %.1f s, %.1f requests/s%n",
                    requests, concurrency, urls.size(), failures, run.seconds(), answered / run.seconds());
            System.out.printf("first event  p50 %d ms  p99 %d ms%n", pct(run.firsts(), 50), pct(run.firsts(), 99));
            System.out.printf("whole answer p50 %d ms  p99 %d ms  max %d ms%n", pct(run.totals(), 50),
                    pct(run.totals(), 99), pct(run.totals(), 100));
            List<String> problems = run.problems();
            long lost = run.count(o -> !o.ended());
            System.out.printf("streams: %d lost (no done by the deadline), %d stream problems (answered twice, "
                    + "another request's events, duplicate event ids)%n", lost, problems.size());
            problems.stream().limit(20).forEach(p -> System.out.println("  " + p));
            return failures == 0 && problems.isEmpty() ? 0 : 1;
        }

        static long pct(List<Long> values, int p) {
            if (values.isEmpty()) {
                return -1;
            }
            List<Long> sorted = new ArrayList<>(values);
            Collections.sort(sorted);
            int index = (int) Math.ceil(p / 100.0 * sorted.size()) - 1;
            return sorted.get(Math.max(0, Math.min(sorted.size() - 1, index)));
        }
    }
}
