package barb.launcher;

import barb.core.QueryResult;
import barb.embedded.SharedInfra;
import barb.executor.MarketDataStore;
import barb.executor.PlanExecutor;
import barb.executor.ProgressListener;
import barb.executor.SyntheticHistory;
import org.junit.jupiter.api.Test;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.LocalDate;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

/** The benchmark's plan set must keep running as the plan language grows, so it is executed here. */
class ExecutorBenchTest {
    @Test
    void everyCanonicalPlanRunsAndTheReportHasAFigurePerPlan() throws Exception {
        Path file = SharedInfra.tempDir("barb-bench").resolve("market.duckdb");
        try (MarketDataStore store = MarketDataStore.open(file)) {
            SyntheticHistory.generate(store, LocalDate.of(2021, 12, 1), LocalDate.of(2024, 12, 31),
                    ProgressListener.NONE);
            store.buildDerivedTables();
            PlanExecutor executor = new PlanExecutor(store);
            List<ExecutorBench.NamedPlan> plans = ExecutorBench.canonicalPlans();
            assertThat(plans).hasSizeGreaterThanOrEqualTo(20);
            for (ExecutorBench.NamedPlan p : plans) {
                QueryResult r = executor.execute(p.plan());
                assertThat(r.metadata().sql()).as(p.name()).isNotBlank();
            }
        }
        ByteArrayOutputStream buf = new ByteArrayOutputStream();
        int code = ExecutorBench.run(file, 2, null, new PrintStream(buf, true, StandardCharsets.UTF_8));
        String report = buf.toString(StandardCharsets.UTF_8);
        assertThat(code).isZero();
        for (ExecutorBench.NamedPlan p : ExecutorBench.canonicalPlans()) {
            assertThat(report).contains(p.name());
        }
        assertThat(report).contains("throughput with 4 concurrent queries").contains("peak RSS");

        ByteArrayOutputStream some = new ByteArrayOutputStream();
        assertThat(ExecutorBench.run(file, 2, "formation", new PrintStream(some, true, StandardCharsets.UTF_8)))
                .isZero();
        assertThat(some.toString(StandardCharsets.UTF_8)).contains("RTH high formation all")
                .doesNotContain("top 5 days by range 2024").doesNotContain("throughput");
        ByteArrayOutputStream none = new ByteArrayOutputStream();
        assertThat(ExecutorBench.run(file, 2, "no such plan", new PrintStream(none, true, StandardCharsets.UTF_8)))
                .isEqualTo(2);
        assertThat(none.toString(StandardCharsets.UTF_8)).contains("No canonical plan's name contains");
    }

    @Test
    void percentilesPickTheRankedValue() {
        List<Double> v = List.of(5.0, 1.0, 3.0, 2.0, 4.0);
        assertThat(ExecutorBench.percentile(v, 50)).isEqualTo(3.0);
        assertThat(ExecutorBench.percentile(v, 99)).isEqualTo(5.0);
        assertThat(ExecutorBench.percentile(v, 1)).isEqualTo(1.0);
    }
}
