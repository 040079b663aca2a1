package barb.launcher;

import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.Statement;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.atomic.AtomicBoolean;

/**
 * {@code barb bench chaos} (issue 13 §3): the multi-process layout under steady load while stage worker processes
 * are SIGKILLed and restarted, PostgreSQL is stopped and started again and the broker is restarted; then every
 * request must have ended (an answer or an explicit error) by its deadline, every accepted request must have its
 * completed chat log, and no trace row or chat statistic may be counted twice.
 */
@Command(name = "chaos", description = "Faults under load against the multi-process layout: kill stage workers, "
        + "stop PostgreSQL, restart the broker; count lost requests, lost chat logs and duplicates.")
final class ChaosBench implements java.util.concurrent.Callable<Integer> {
    @Option(names = "--kills", description = "SIGKILLs of a stage worker process, each restarted (default 20).")
    int kills = 20;

    @Option(names = "--pg-outage-seconds", description = "How long PostgreSQL stays down (default 30; 0 = no outage).")
    int pgOutageSeconds = 30;

    @Option(names = "--no-broker-restart", description = "Leave the broker alone.")
    boolean noBrokerRestart;

    @Option(names = "--broker-down-seconds", description = "How long the broker stays stopped before it starts again (default 0).")
    int brokerDownSeconds;

    @Option(names = "--concurrency", description = "Clients, each one question at a time (default 8).")
    int concurrency = 8;

    @Mixin
    LayoutOptions counts = new LayoutOptions();

    @Option(names = "--http-port", description = "First gateway's port (default 18280).")
    int httpPort = 18280;

    @Option(names = "--kafka-port", description = "Broker port (default 19292).")
    int kafkaPort = 19292;

    @Option(names = "--pg-port", description = "PostgreSQL port (default 15532).")
    int pgPort = 15532;

    @Option(names = "--state-dir", description = "Broker, database and logs, wiped first (default BARB_DATA_DIR/chaos).")
    Path stateDir;

    @Override
    public Integer call() throws Exception {
        LauncherConfig config = LauncherConfig.fromEnv(System.getenv());
        Path state = stateDir != null ? stateDir : config.dataDir().resolve("chaos");
        if (counts.problem() != null) {
            System.err.println(counts.problem());
            return 2;
        }
        Layout.Settings settings = LayoutCommand.settings(config, System.getenv(), state, kafkaPort, pgPort, httpPort,
                counts);
        Plan plan = new Plan(kills, Duration.ofSeconds(pgOutageSeconds), !noBrokerRestart, concurrency,
                Duration.ofSeconds(75), Duration.ofSeconds(brokerDownSeconds));
        Report report = run(settings, plan, System.out);
        report.print(System.out);
        return report.clean() ? 0 : 1;
    }

    /** What to do under load. {@code deadline}: the client's wait for a stream (request deadline plus grace). */
    record Plan(int kills, Duration pgOutage, boolean brokerRestart, int concurrency, Duration deadline,
                Duration brokerDown) {
        Plan(int kills, Duration pgOutage, boolean brokerRestart, int concurrency, Duration deadline) {
            this(kills, pgOutage, brokerRestart, concurrency, deadline, Duration.ZERO);
        }
    }

    /** The counts the command prints and BENCHMARKS.md records. */
    record Report(long sent, long answered, long explicitErrors, long notEnded, long streamProblems, long accepted,
                  long chatLogsLost, long duplicateTraceRows, long duplicateChatLogs, long statsMismatches,
                  int kills, String faults, double seconds, List<String> examples) {
        boolean clean() {
            return notEnded == 0 && streamProblems == 0 && chatLogsLost == 0 && duplicateTraceRows == 0
                    && duplicateChatLogs == 0 && statsMismatches == 0;
        }

        void print(PrintStream out) {
            out.printf("%nchaos: %s in %.0f s (%s)%n", faults, seconds, ChaosBench.loadAverage());
            out.printf("requests sent %d: answered %d, explicit errors %d, NOT ended by the deadline %d%n", sent,
                    answered, explicitErrors, notEnded);
            out.printf("stream problems (answered twice, another request's events) %d%n", streamProblems);
            out.printf("accepted requests %d, chat logs lost %d%n", accepted, chatLogsLost);
            out.printf("duplicate trace rows %d, duplicate chat logs %d, chats whose message_count differs from "
                    + "their chat logs %d%n", duplicateTraceRows, duplicateChatLogs, statsMismatches);
            examples.stream().limit(20).forEach(e -> out.println("  " + e));
            out.println(clean() ? "chaos: OK" : "chaos: FAILED");
        }
    }

    static Report run(Layout.Settings settings, Plan plan, PrintStream out) throws Exception {
        wipe(settings.stateDir());
        long t0 = System.nanoTime();
        out.println("chaos: starting the layout (" + loadAverage() + ")");
        try (Layout layout = Layout.start(settings, out)) {
            layout.printProcesses(out);
            PipelineLoad load = new PipelineLoad(layout.gatewayUrls(), plan.deadline());
            AtomicBoolean stop = new AtomicBoolean();
            CompletableFuture<PipelineLoad.Run> running = CompletableFuture.supplyAsync(() -> {
                try {
                    return load.run(BenchCommand.Pipeline.QUESTIONS, 0, plan.concurrency(), stop::get);
                } catch (Exception e) {
                    throw new IllegalStateException(e);
                }
            });
            List<String> faults = new ArrayList<>();
            List<Layout.Child> victims = layout.children(n -> !n.startsWith("gateway-") && !n.equals("kafka")
                    && !n.equals("postgres") && !n.equals("trace-sink"));
            victims = victims.stream().sorted(Comparator.comparing(c -> c.name)).toList();
            awaitProgress(layout, out, "load running");
            for (int k = 0; k < plan.kills(); k++) {
                Layout.Child victim = victims.get((k * 7 + 3) % victims.size());
                long tk = System.nanoTime();
                victim.kill();
                victim.restart(Layout.READY_TIMEOUT);
                out.printf("  kill %d/%d: SIGKILL %s, restarted and ready in %.1f s (%s)%n", k + 1, plan.kills(),
                        victim.name, (System.nanoTime() - tk) / 1e9, loadAverage());
                awaitProgress(layout, out, null);
            }
            if (plan.kills() > 0) {
                faults.add(plan.kills() + " stage-process kills");
            }
            if (!plan.pgOutage().isZero()) {
                Layout.Child pg = layout.child("postgres");
                pg.stop();
                out.printf("  PostgreSQL stopped for %d s%n", plan.pgOutage().toSeconds());
                Thread.sleep(plan.pgOutage().toMillis()); // the outage itself: its length is the experiment
                pg.restart(Layout.READY_TIMEOUT);
                out.println("  PostgreSQL started again (" + loadAverage() + ")");
                faults.add("PostgreSQL down " + plan.pgOutage().toSeconds() + " s");
                awaitProgress(layout, out, null);
            }
            if (plan.brokerRestart()) {
                Layout.Child kafka = layout.child("kafka");
                long tb = System.nanoTime();
                kafka.stop();
                if (!plan.brokerDown().isZero()) {
                    out.printf("  broker stopped for %d s%n", plan.brokerDown().toSeconds());
                    Thread.sleep(plan.brokerDown().toMillis()); // the outage itself: its length is the experiment
                }
                kafka.restart(Layout.READY_TIMEOUT);
                out.printf("  broker restarted in %.1f s (%s)%n", (System.nanoTime() - tb) / 1e9, loadAverage());
                faults.add(plan.brokerDown().isZero() ? "1 broker restart"
                        : "broker down " + plan.brokerDown().toSeconds() + " s");
                awaitProgress(layout, out, null);
            }
            stop.set(true);
            PipelineLoad.Run run = running.get();
            out.printf("  load stopped: %d requests (%s)%n", run.outcomes().size(), loadAverage());
            return report(layout, run, plan, String.join(", ", faults), (System.nanoTime() - t0) / 1e9, out);
        }
    }

    /** Waits until another few requests were answered after a fault (the pipeline moves again), at most 120 s. */
    private static void awaitProgress(Layout layout, PrintStream out, String what) throws Exception {
        int before = completedChatLogs(layout);
        long until = System.nanoTime() + Duration.ofSeconds(120).toNanos();
        while (completedChatLogs(layout) < before + 5) {
            if (System.nanoTime() > until) {
                out.println("  (no progress within 120 s after the fault)");
                return;
            }
            Thread.sleep(200);
        }
        if (what != null) {
            out.println("  " + what);
        }
    }

    private static int completedChatLogs(Layout layout) {
        try (Connection c = DriverManager.getConnection(layout.jdbcUrl(), "postgres", "");
             Statement s = c.createStatement();
             ResultSet rs = s.executeQuery("select count(*) from public.chat_logs where completed_at is not null")) {
            rs.next();
            return rs.getInt(1);
        } catch (Exception e) {
            return -1; // the database is down: no progress seen
        }
    }

    private static Report report(Layout layout, PipelineLoad.Run run, Plan plan, String faults, double seconds,
                                 PrintStream out) throws Exception {
        Set<String> accepted = new HashSet<>();
        List<String> examples = new ArrayList<>(run.problems());
        for (PipelineLoad.Outcome o : run.outcomes()) {
            if (o.requestId() != null) {
                accepted.add(o.requestId());
            }
            if (!o.ended()) {
                examples.add("not ended: HTTP " + o.status() + " after " + o.totalMs() + " ms, request "
                        + o.requestId() + (o.failure() == null ? "" : ", " + o.failure()));
            }
        }
        // the trace-sink writes what the stages produced: wait (bounded) until every accepted request is stored
        long until = System.nanoTime() + Duration.ofSeconds(180).toNanos();
        Set<String> missing;
        while (true) {
            missing = missingChatLogs(layout, accepted);
            if (missing.isEmpty() || System.nanoTime() > until) {
                break;
            }
            Thread.sleep(500);
        }
        missing.stream().limit(10).forEach(id -> examples.add("no completed chat log for request " + id));
        long dupTraces;
        long dupLogs;
        long stats;
        try (Connection c = DriverManager.getConnection(layout.jdbcUrl(), "postgres", "");
             Statement s = c.createStatement()) {
            dupTraces = scalar(s, "select coalesce(sum(n - 1), 0) from (select count(*) n from public.request_traces"
                    + " group by request_id, step_number having count(*) > 1) d");
            dupLogs = scalar(s, "select coalesce(sum(n - 1), 0) from (select count(*) n from public.chat_logs"
                    + " group by request_id having count(*) > 1) d");
            stats = scalar(s, "select count(*) from public.chat_sessions s where coalesce((s.stats->>'message_count')"
                    + "::int, 0) <> (select count(*) from public.chat_logs l where l.chat_id = s.id"
                    + " and l.completed_at is not null)");
        }
        long answered = run.count(PipelineLoad.Outcome::answered);
        long notEnded = run.count(o -> !o.ended());
        long ended = run.count(PipelineLoad.Outcome::ended);
        return new Report(run.outcomes().size(), answered, ended - answered, notEnded, run.problems().size(),
                accepted.size(), missing.size(), dupTraces, dupLogs, stats, plan.kills(), faults, seconds, examples);
    }

    private static Set<String> missingChatLogs(Layout layout, Set<String> ids) {
        Set<String> missing = new HashSet<>(ids);
        try (Connection c = DriverManager.getConnection(layout.jdbcUrl(), "postgres", "");
             PreparedStatement ps = c.prepareStatement("select request_id::text from public.chat_logs"
                     + " where completed_at is not null and request_id = any(?::uuid[])")) {
            ps.setArray(1, c.createArrayOf("text", ids.toArray()));
            try (ResultSet rs = ps.executeQuery()) {
                while (rs.next()) {
                    missing.remove(rs.getString(1));
                }
            }
        } catch (Exception e) {
            // the database is not back yet: all still missing
        }
        return missing;
    }

    private static long scalar(Statement s, String sql) throws Exception {
        try (ResultSet rs = s.executeQuery(sql)) {
            rs.next();
            return rs.getLong(1);
        }
    }

    static String loadAverage() {
        try {
            String[] f = Files.readString(Path.of("/proc/loadavg")).split(" ");
            return "load average " + f[0] + ", " + f[1] + ", " + f[2];
        } catch (Exception e) {
            return "load average unknown";
        }
    }

    private static void wipe(Path dir) throws Exception {
        if (!Files.exists(dir)) {
            return;
        }
        try (var paths = Files.walk(dir)) {
            for (Path p : paths.sorted(Comparator.reverseOrder()).toList()) {
                Files.deleteIfExists(p);
            }
        }
    }


}
