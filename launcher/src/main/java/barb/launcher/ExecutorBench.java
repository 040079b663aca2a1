package barb.launcher;

import barb.core.Json;
import barb.core.Plan;
import barb.executor.MarketDataStore;
import barb.executor.PlanExecutor;
import com.fasterxml.jackson.databind.JsonNode;

import java.io.IOException;
import java.io.InputStream;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * Runs the canonical executor plans ({@code bench/executor-plans.json}) over a market data file and reports
 * p50/p99 per plan, throughput at several concurrency levels, and the process's peak memory.
 */
final class ExecutorBench {
    record NamedPlan(String name, String kind, Plan plan) {
    }

    record Timing(String name, String kind, long rows, double p50Ms, double p99Ms) {
    }

    private static final int WARM_UP_ROUNDS = 10;

    private ExecutorBench() {
    }

    static List<NamedPlan> canonicalPlans() throws IOException {
        try (InputStream in = ExecutorBench.class.getResourceAsStream("/bench/executor-plans.json")) {
            if (in == null) {
                throw new IOException("bench/executor-plans.json is missing from the launcher jar");
            }
            JsonNode root = Json.MAPPER.readTree(in);
            List<NamedPlan> plans = new ArrayList<>();
            for (JsonNode n : root) {
                plans.add(new NamedPlan(n.path("name").asText(), n.path("kind").asText(),
                        Json.convert(n.path("plan"), Plan.class)));
            }
            return plans;
        }
    }

    /** @param only null, or a text the names of the plans to time contain; then throughput is not measured */
    static int run(Path duckdbFile, int iterations, String only, PrintStream out) throws Exception {
        if (!Files.exists(duckdbFile)) {
            out.println("No market data at " + duckdbFile + ": run ./barb data generate (or ./barb up once) first.");
            return 2;
        }
        List<NamedPlan> plans = canonicalPlans().stream()
                .filter(p -> only == null || p.name().contains(only)).toList();
        if (plans.isEmpty()) {
            out.println("No canonical plan's name contains \"" + only + "\".");
            return 2;
        }
        try (MarketDataStore store = MarketDataStore.open(duckdbFile)) {
            if (!store.hasDerivedTables()) {
                out.println("The derived tables are missing or of an older layout: rebuilding them first.");
                store.buildDerivedTables();
            }
            PlanExecutor executor = new PlanExecutor(store);
            out.println("data: " + store.info());
            // A running executor has compiled its code and planned its statements: the whole set runs unmeasured
            // first, so the first plans timed are not the ones that warm the JIT up for the rest.
            for (int i = 0; i < WARM_UP_ROUNDS; i++) {
                for (NamedPlan p : plans) {
                    executor.execute(p.plan());
                }
            }
            out.printf("%-44s %-10s %8s %9s %9s%n", "plan", "kind", "rows", "p50 ms", "p99 ms");
            List<Timing> timings = new ArrayList<>();
            for (NamedPlan p : plans) {
                List<Double> ms = new ArrayList<>();
                long rows = 0;
                for (int i = 0; i < iterations; i++) {
                    long t0 = System.nanoTime();
                    rows = executor.execute(p.plan()).summary().rows();
                    ms.add((System.nanoTime() - t0) / 1e6);
                }
                Timing t = new Timing(p.name(), p.kind(), rows, percentile(ms, 50), percentile(ms, 99));
                timings.add(t);
                out.printf("%-44s %-10s %8d %9.1f %9.1f%n", t.name(), t.kind(), t.rows(), t.p50Ms(), t.p99Ms());
            }
            out.println();
            for (int threads : only != null ? new int[0] : new int[]{1, 2, 4, 8}) {
                double qps = throughput(executor, plans, threads, Math.max(2, iterations / 2));
                out.printf("throughput with %d concurrent queries: %.1f plans/s%n", threads, qps);
            }
            out.println();
            out.println("peak RSS of this process (VmHWM): " + peakRssMb() + " MB");
        }
        return 0;
    }

    private static double throughput(PlanExecutor executor, List<NamedPlan> plans, int threads, int rounds)
            throws Exception {
        int total = plans.size() * rounds;
        AtomicInteger next = new AtomicInteger();
        long t0 = System.nanoTime();
        try (ExecutorService pool = Executors.newFixedThreadPool(threads)) {
            List<Future<?>> fs = new ArrayList<>();
            for (int t = 0; t < threads; t++) {
                fs.add(pool.submit(() -> {
                    int i;
                    while ((i = next.getAndIncrement()) < total) {
                        executor.execute(plans.get(i % plans.size()).plan());
                    }
                    return null;
                }));
            }
            for (Future<?> f : fs) {
                f.get();
            }
        }
        return total / ((System.nanoTime() - t0) / 1e9);
    }

    static double percentile(List<Double> values, int p) {
        List<Double> sorted = new ArrayList<>(values);
        Collections.sort(sorted);
        int index = (int) Math.ceil(p / 100.0 * sorted.size()) - 1;
        return sorted.get(Math.max(0, Math.min(sorted.size() - 1, index)));
    }

    /** Peak resident memory of this JVM, native DuckDB memory included; -1 where /proc is not there. */
    static long peakRssMb() {
        try {
            for (String line : Files.readAllLines(Path.of("/proc/self/status"))) {
                if (line.startsWith("VmHWM:")) {
                    return Long.parseLong(line.replaceAll("\\D", "")) / 1024;
                }
            }
        } catch (IOException | NumberFormatException e) {
            return -1;
        }
        return -1;
    }
}
