package barb.executor;

import barb.core.QueryResult;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import java.nio.file.Files;
import java.sql.PreparedStatement;
import java.sql.Statement;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.LocalTime;
import java.util.Map;

import static barb.executor.HandMadeDays.plan;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * Time-of-day windows and formation buckets on hand-made minute bars: two RTH days (2024-01-02 and 01-03), 450
 * one-minute bars each from 09:30. Minute m of day d trades around p = 100 + 10·d + 0.25·min(m, 400 − m): rising
 * until 12:50 (m = 200), then falling to 16:59; every bar has high = p + 1, low = p − 1, volume 1.
 */
class MinuteWindowTest {
    private static MarketDataStore store;
    private static PlanExecutor executor;

    @BeforeAll
    static void data() throws Exception {
        store = MarketDataStore.open(Files.createTempDirectory("barb-minutes").resolve("m.duckdb"));
        store.withConnection(c -> {
            try (Statement s = c.createStatement()) {
                s.execute("CREATE TABLE bars (ts TIMESTAMP NOT NULL, open DOUBLE NOT NULL, high DOUBLE NOT NULL, "
                        + "low DOUBLE NOT NULL, close DOUBLE NOT NULL, volume BIGINT NOT NULL)");
            }
            try (PreparedStatement ps = c.prepareStatement("INSERT INTO bars VALUES (?, ?, ?, ?, ?, 1)")) {
                for (int d = 0; d < 2; d++) {
                    LocalDateTime open = LocalDateTime.of(LocalDate.of(2024, 1, 2).plusDays(d), LocalTime.of(9, 30));
                    for (int m = 0; m < 450; m++) {
                        double p = price(d, m);
                        ps.setObject(1, open.plusMinutes(m));
                        ps.setDouble(2, p);
                        ps.setDouble(3, p + 1);
                        ps.setDouble(4, p - 1);
                        ps.setDouble(5, p);
                        ps.addBatch();
                    }
                }
                ps.executeBatch();
            }
            return null;
        });
        store.buildDerivedTables();
        executor = new PlanExecutor(store);
    }

    @AfterAll
    static void close() {
        store.close();
    }

    static double price(int d, int m) {
        return 100 + 10 * d + 0.25 * Math.min(m, 400 - m);
    }

    private static QueryResult run(String json) {
        return executor.execute(plan(json));
    }

    @Test
    void aTimeWindowIsAggregatedPerSessionDayFromMinuteBars() {
        // 10:00 ≤ t < 11:00 is minutes 30 … 89: open p(30), close p(89), high p(89) + 1, low p(30) − 1.
        QueryResult r = run("""
                {"operation": "list", "session": "RTH", "time": {"from": "10:00", "to": "11:00"}}""");
        assertThat(r.table()).hasSize(2);
        Map<String, Object> first = r.table().getFirst();
        assertThat(first).containsEntry("trade_date", "2024-01-02").containsEntry("open", price(0, 30))
                .containsEntry("close", price(0, 89)).containsEntry("high", price(0, 89) + 1)
                .containsEntry("low", price(0, 30) - 1).containsEntry("range", 16.75).containsEntry("volume", 60L);
        // "previous" is the same window on the previous trading day.
        assertThat(r.table().get(1)).containsEntry("change", 10.0).containsEntry("gap", price(1, 30) - price(0, 89));
        // 10:00 and 11:00 fall on 30-minute block bounds, so the stored blocks 20 and 21 are folded
        // (BlockWindowTest shows blocks and minutes agree).
        assertThat(r.metadata().sql()).contains("FROM minute_blocks").contains("block >= ?");
        assertThat(r.metadata().params()).contains(20, 22);

        QueryResult mean = run("""
                {"operation": "aggregate", "metric": "range", "aggregate": "mean", "session": "RTH",
                 "time": {"from": "10:00", "to": "11:00"}}""");
        assertThat(mean.summary().value()).isEqualTo(16.75);
        assertThat(mean.summary().values()).containsEntry("count", 2.0);

        // A window with no bars (before the first bar of the day) is an empty answer.
        QueryResult none = run("""
                {"operation": "count", "session": "ETH", "time": {"from": "02:00", "to": "03:00"}}""");
        assertThat(none.summary().value()).isZero();
    }

    @Test
    void formationInAnyBucketSize() {
        QueryResult high15 = run("""
                {"operation": "formation", "session": "RTH", "extreme": "high", "bucket": "15m"}""");
        assertThat(high15.table()).containsExactly(Map.of("time", "12:45", "count", 2L, "pct", 100.0));
        QueryResult low60 = run("{\"operation\": \"formation\", \"session\": \"RTH\", \"extreme\": \"low\"}");
        assertThat(low60.table()).containsExactly(Map.of("hour", "16:00", "count", 2L, "pct", 100.0));
        QueryResult morning = run("""
                {"operation": "formation", "session": "MORNING", "extreme": "low", "bucket": "30m"}""");
        assertThat(morning.table()).containsExactly(Map.of("time", "09:30", "count", 2L, "pct", 100.0));
        assertThat(morning.sourceRows().getFirst()).containsEntry("low_time", "09:30");
        // within a time window the extremes are the window's
        QueryResult window = run("""
                {"operation": "formation", "session": "RTH", "extreme": "high", "bucket": "15m",
                 "time": {"from": "13:00", "to": "15:00"}}""");
        assertThat(window.table()).containsExactly(Map.of("time", "13:00", "count", 2L, "pct", 100.0));
    }
}
