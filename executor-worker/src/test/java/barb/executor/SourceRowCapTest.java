package barb.executor;

import barb.core.Plan;
import barb.core.QueryResult;
import barb.core.StageException;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** Results over more days than the cap, on a hand-made daily table of 1,500 days; and the store's edges. */
class SourceRowCapTest {

    private static MarketDataStore storeWithDays(Path dir, int days) throws Exception {
        MarketDataStore store = MarketDataStore.open(dir.resolve("cap.duckdb"));
        store.withConnection(c -> {
            try (var s = c.createStatement()) {
                s.execute("""
                        CREATE TABLE daily AS
                        SELECT CAST(DATE '2000-01-03' + CAST(range AS INTEGER) AS DATE) AS trade_date,
                               100.0 AS open, 110.0 + range %% 7 AS high, 90.0 AS low, 105.0 AS close,
                               20.0 + range %% 7 AS range, CAST(range AS DOUBLE) / 3 AS change_pct,
                               'Monday' AS weekday_name, 1000 AS volume, 1.0 AS change, 0.5 AS gap
                        FROM range(0, %d)""".formatted(days));
                s.execute("CREATE TABLE bars (ts TIMESTAMP)");
            }
            return null;
        });
        return store;
    }

    @Test
    void sourceRowsAndListTablesAreCappedWithTheTrueCount(@TempDir Path dir) throws Exception {
        try (MarketDataStore store = storeWithDays(dir, 1500)) {
            PlanExecutor executor = new PlanExecutor(store);
            QueryResult counted = executor.execute(new Plan("c", "count", null, null, null, null, null, null, null,
                    null, null, null, null));
            assertThat(counted.summary().value()).isEqualTo(1500.0);
            assertThat(counted.sourceRows()).hasSize(QueryResult.SOURCE_ROW_CAP);
            assertThat(counted.sourceRowCount()).isEqualTo(1500);
            assertThat(counted.metadata().dataSource()).isEqualTo("imported");

            QueryResult listed = executor.execute(new Plan("l", "list", null, null, null, "range", null, null,
                    null, "desc", null, null, null));
            assertThat(listed.table()).hasSize(QueryResult.SOURCE_ROW_CAP);
            assertThat(listed.sourceRowCount()).isEqualTo(1500);
            assertThat(listed.summary().rows()).isEqualTo(QueryResult.SOURCE_ROW_CAP);
            // The summary describes every matching row, not only the ones shown.
            assertThat(listed.summary().stats().get("range").mean()).isEqualTo(
                    Numbers.round(java.util.stream.IntStream.range(0, 1500).mapToDouble(i -> 20 + i % 7).average()
                            .orElseThrow()));
            // 2 decimals: day 4 (range 24, shown) has change_pct 4/3 → 1.33
            assertThat(listed.table().stream().map(r -> r.get("change_pct")).toList()).contains(1.33);
        }
    }

    @Test
    void manyThreadsQueryAtOnceEachOnItsOwnConnection(@TempDir Path dir) throws Exception {
        try (MarketDataStore store = storeWithDays(dir, 300);
             ExecutorService pool = Executors.newVirtualThreadPerTaskExecutor()) {
            PlanExecutor executor = new PlanExecutor(store);
            List<Callable<Double>> tasks = new ArrayList<>();
            for (int i = 0; i < 64; i++) {
                tasks.add(() -> executor.execute(new Plan("p", "aggregate", null, null, null, "range", "sum", null,
                        null, null, null, null, null)).summary().value());
            }
            double expected = java.util.stream.IntStream.range(0, 300).mapToDouble(i -> 20 + i % 7).sum();
            for (Future<Double> f : pool.invokeAll(tasks)) {
                assertThat(f.get()).isEqualTo(expected);
            }
        }
    }

    @Test
    void aStoreWithoutDailyTablesSaysSo(@TempDir Path dir) throws Exception {
        try (MarketDataStore store = MarketDataStore.open(dir.resolve("none.duckdb"))) {
            assertThatThrownBy(() -> new PlanExecutor(store).execute(new Plan("s1", "count", null, "RTH", null,
                    null, null, null, null, null, null, null, null)))
                    .isInstanceOfSatisfying(StageException.class, e -> assertThat(e.code()).isEqualTo("no_data"))
                    .hasMessageContaining("daily_rth");
        }
    }
}
