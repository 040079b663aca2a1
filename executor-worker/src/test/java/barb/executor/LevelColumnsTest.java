package barb.executor;

import barb.core.QueryResult;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import java.nio.file.Files;
import java.sql.PreparedStatement;
import java.sql.Statement;
import java.time.LocalDateTime;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import static barb.executor.HandMadeDays.plan;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * The gap fill and overnight-break columns on five hand-made trading days, through the real build and through
 * the rows folded from minutes. A few minute bars per day, each placed to make one case:
 *
 * <pre>
 * trade day   RTH prev close  RTH open  gap            fill                    overnight H / L  RTH break of H / L
 * 2024-01-02  —               100       —              —                       101 / 99         none / none
 * 2024-01-03  100             105       up 5 %         10:47 (77 min)          107 / 100.5      13:16 (226) / 10:20 (50)
 * 2024-01-04  102             98        down 3.92 %    not filled (high 101.75) 103 / 97         none / none
 * 2024-01-05  99              99        0: no gap      null                    99.5 / 98.5      09:31 (1) / 09:30 (0)
 * 2024-01-08  101             100       down 0.99 %    09:30 (0: high 101)     102 / 100        none / 09:30 (0)
 * </pre>
 * On 2024-01-03 ETH (open 102 against 100) fills at 10:47 too, 16 h 47 min after 18:00; on 2024-01-04 ETH opens
 * at its previous close (no gap).
 */
class LevelColumnsTest {
    private static MarketDataStore store;
    private static PlanExecutor executor;

    /** ts, open, high, low, close. */
    private static final Object[][] BARS = {
            {"2024-01-01T18:00", 100, 101, 99, 100},
            {"2024-01-02T09:30", 100, 101, 99, 100},
            {"2024-01-02T16:59", 100, 100.5, 99.5, 100},

            {"2024-01-02T18:00", 102, 103, 101, 102},
            {"2024-01-03T03:00", 104, 107, 100.5, 104},
            {"2024-01-03T09:29", 104, 104.5, 103.5, 104},
            {"2024-01-03T09:30", 105, 106, 104, 105},
            {"2024-01-03T10:00", 105, 105.5, 101, 102},
            {"2024-01-03T10:20", 102, 102.5, 100.25, 101},
            {"2024-01-03T10:47", 101, 101.5, 99.75, 100.5},
            {"2024-01-03T11:00", 100.5, 101, 99, 100},
            {"2024-01-03T13:16", 104, 107.25, 103, 107},
            {"2024-01-03T14:00", 107, 108, 106, 107.5},
            {"2024-01-03T16:59", 102, 102.5, 101.5, 102},

            {"2024-01-03T18:00", 102, 103, 101.5, 102},
            {"2024-01-04T05:00", 100, 100.5, 97, 99},
            {"2024-01-04T09:30", 98, 99, 97.5, 98.5},
            {"2024-01-04T12:00", 99, 101.75, 98, 101},
            {"2024-01-04T16:59", 99.5, 100, 98.5, 99},

            {"2024-01-04T18:00", 99, 99.5, 98.5, 99},
            {"2024-01-05T09:30", 99, 99.5, 98, 99.25},
            {"2024-01-05T09:31", 99.25, 104, 99, 103},
            {"2024-01-05T16:59", 101, 101.5, 100.5, 101},

            {"2024-01-07T18:00", 101, 102, 100, 101},
            {"2024-01-08T09:30", 100, 101, 99.5, 100.5},
            {"2024-01-08T16:59", 100.5, 101, 100, 100.75},
    };

    @BeforeAll
    static void data() throws Exception {
        store = MarketDataStore.open(Files.createTempDirectory("barb-levels").resolve("l.duckdb"));
        store.withConnection(c -> {
            try (Statement s = c.createStatement()) {
                s.execute(MarketDataStore.BARS_DDL);
            }
            try (PreparedStatement ps = c.prepareStatement("INSERT INTO bars VALUES (?, ?, ?, ?, ?, 1)")) {
                for (Object[] bar : BARS) {
                    ps.setObject(1, LocalDateTime.parse((String) bar[0]));
                    for (int i = 1; i <= 4; i++) {
                        ps.setDouble(i + 1, ((Number) bar[i]).doubleValue());
                    }
                    ps.addBatch();
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

    private static QueryResult run(String json) {
        return executor.execute(plan(json));
    }

    /** The stored columns of one session, a row per trading day, as text ("null" for null). */
    private static List<String> stored(String session, String columns) throws Exception {
        return store.withConnection(c -> {
            List<String> out = new ArrayList<>();
            try (PreparedStatement ps = c.prepareStatement("SELECT " + columns + " FROM session_days "
                    + "WHERE session = ? ORDER BY trade_date")) {
                ps.setString(1, session);
                try (var rs = ps.executeQuery()) {
                    int n = rs.getMetaData().getColumnCount();
                    while (rs.next()) {
                        List<String> row = new ArrayList<>();
                        for (int i = 1; i <= n; i++) {
                            Object v = rs.getObject(i);
                            row.add(v instanceof java.sql.Timestamp t ? t.toLocalDateTime().toLocalTime().toString()
                                    : String.valueOf(v));
                        }
                        out.add(String.join(" ", row));
                    }
                }
            }
            return out;
        });
    }

    @Test
    void gapFillOfTheStoredSessionDays() throws Exception {
        assertThat(stored("RTH", "gap, gap_filled, gap_fill_minutes, gap_fill_time")).containsExactly(
                "null null null null",
                "5.0 1 77 10:47",
                "-4.0 0 null null",
                "0.0 null null null",
                "-1.0 1 0 09:30");
        // ETH counts from 18:00 of the day before: 16 h 47 min to 10:47; it opens at its previous close on 01-04
        assertThat(stored("ETH", "gap, gap_filled, gap_fill_minutes, gap_fill_time").subList(1, 3)).containsExactly(
                "2.0 1 1007 10:47",
                "0.0 null null null");
    }

    @Test
    void overnightBreaksOfTheStoredSessionDays() throws Exception {
        assertThat(stored("RTH", "overnight_high, overnight_low, broke_overnight_high, broke_overnight_low, "
                + "overnight_high_break_minutes, overnight_high_break_time, overnight_low_break_minutes, "
                + "overnight_low_break_time")).containsExactly(
                "101.0 99.0 0 0 null null null null",
                "107.0 100.5 1 1 226 13:16 50 10:20",
                "103.0 97.0 0 0 null null null null",
                "99.5 98.5 1 1 1 09:31 0 09:30",
                "102.0 100.0 0 1 null null 0 09:30");
        // each session measures from its own start: the morning never got above 107, the afternoon did at once
        assertThat(stored("MORNING", "broke_overnight_high, overnight_low_break_minutes").get(1)).isEqualTo("0 50");
        assertThat(stored("AFTERNOON", "broke_overnight_high, overnight_high_break_minutes, broke_overnight_low")
                .get(1)).isEqualTo("1 46 0");
        // sessions that start before the overnight session ends have no overnight levels
        assertThat(stored("ETH", "overnight_high, broke_overnight_high")).containsOnly("null null");
        assertThat(stored("OVERNIGHT", "overnight_low, broke_overnight_low")).containsOnly("null null");
    }

    @Test
    void gapFillOperationBySize() {
        QueryResult r = run("{\"id\": \"g1\", \"operation\": \"gap_fill\", \"session\": \"RTH\"}");
        assertThat(r.columns()).containsExactly("gap_size", "gap_from_pct", "gap_to_pct", "days", "filled",
                "filled_pct", "median_minutes", "mean_minutes");
        assertThat(r.table()).extracting(row -> row.get("gap_size"))
                .containsExactly("0–0.25%", "0.25–0.5%", "0.5–1%", "1%+", "all");
        assertThat(r.table()).extracting(row -> row.get("days")).containsExactly(0L, 0L, 1L, 2L, 3L);
        assertThat(r.table()).extracting(row -> row.get("filled")).containsExactly(0L, 0L, 1L, 1L, 2L);
        assertThat(r.table()).extracting(row -> row.get("filled_pct"))
                .containsExactly(null, null, 100.0, 50.0, 66.67);
        assertThat(r.table()).extracting(row -> row.get("median_minutes"))
                .containsExactly(null, null, 0.0, 77.0, 38.5);
        assertThat(r.table().getLast()).containsEntry("mean_minutes", 38.5).containsEntry("gap_to_pct", null);
        assertThat(r.summary().type()).isEqualTo("dict");
        assertThat(r.summary().value()).isEqualTo(66.67);
        assertThat(r.summary().values()).containsEntry("days", 3.0).containsEntry("filled", 2.0)
                .containsEntry("median_minutes", 38.5);
        // the source rows are the gap days, the gap-0 day and the first day (no previous close) left out
        assertThat(r.sourceRowCount()).isEqualTo(3);
        assertThat(r.sourceRows()).extracting(row -> row.get("trade_date"))
                .containsExactly("2024-01-03", "2024-01-04", "2024-01-08");
        assertThat(r.sourceRows().getFirst()).containsEntry("gap_fill_minutes", 77L)
                .containsEntry("gap_fill_time", "10:47").containsEntry("gap_filled", 1L);
        assertThat(r.metadata().sql()).doesNotContain("0.25").contains("abs(gap_pct) < ?");

        // filters pick the gap days as for any operation
        QueryResult up = run("{\"operation\": \"gap_fill\", \"session\": \"RTH\", \"gap\": \"up\"}");
        assertThat(up.table().getLast()).containsEntry("days", 1L).containsEntry("median_minutes", 77.0);
        QueryResult mondays = run("""
                {"operation": "gap_fill", "session": "RTH", "weekdays": ["monday"]}""");
        assertThat(mondays.table().getLast()).containsEntry("days", 1L).containsEntry("filled_pct", 100.0);
        QueryResult none = run("""
                {"operation": "gap_fill", "session": "RTH", "period": {"from": "2024-01-05", "to": "2024-01-05"}}""");
        assertThat(none.table().getLast()).containsEntry("days", 0L).containsEntry("filled_pct", null);
        assertThat(none.summary().labels()).containsEntry("note", "no gap days");
    }

    @Test
    void theSameFromTheMinutesOfAWholeSessionWindow() {
        // a time window as long as the session is folded from the minutes on the fly; it must agree with the build
        String window = ", \"time\": {\"from\": \"09:30\", \"to\": \"17:00\"}";
        for (String json : List.of(
                "{\"operation\": \"gap_fill\", \"session\": \"RTH\"%s}",
                "{\"operation\": \"probability\", \"session\": \"RTH\"%s, "
                        + "\"outcome\": {\"metric\": \"broke_overnight_low\", \"op\": \"=\", \"value\": 1}}",
                "{\"operation\": \"formation\", \"session\": \"RTH\", \"extreme\": \"overnight_high_break\"%s}",
                "{\"operation\": \"list\", \"session\": \"AFTERNOON\", \"metric\": \"overnight_high_break_minutes\"%s}")) {
            QueryResult storedDays = run(json.formatted(""));
            QueryResult fromMinutes = run(json.formatted(window));
            assertThat(fromMinutes.metadata().sql()).as(json).contains("FROM bars");
            assertThat(fromMinutes.table()).as(json).isEqualTo(storedDays.table());
            assertThat(fromMinutes.sourceRows()).as(json).isEqualTo(storedDays.sourceRows());
        }
        // a shorter window measures from its own start: 10:00–11:00 breaks the overnight low at 10:20
        QueryResult hour = run("""
                {"operation": "list", "session": "RTH", "metric": "overnight_low_break_minutes",
                 "time": {"from": "10:00", "to": "11:00"}, "period": {"from": "2024-01-03", "to": "2024-01-03"}}""");
        assertThat(hour.table()).singleElement().satisfies(row -> assertThat(row)
                .containsEntry("overnight_low_break_minutes", 20L));
    }

    @Test
    void formationOfTheOvernightBreaksCountsOnlyTheDaysWithABreak() {
        QueryResult high = run("""
                {"operation": "formation", "session": "RTH", "extreme": "overnight_high_break"}""");
        assertThat(high.table()).containsExactly(
                Map.of("hour", "09:00", "count", 1L, "pct", 50.0),
                Map.of("hour", "13:00", "count", 1L, "pct", 50.0));
        assertThat(high.sourceRowCount()).isEqualTo(2);
        assertThat(high.sourceRows().getFirst()).containsEntry("trade_date", "2024-01-03")
                .containsEntry("overnight_high_break_time", "13:16").containsEntry("overnight_high", 107.0);
        QueryResult low = run("""
                {"operation": "formation", "session": "RTH", "extreme": "overnight_low_break", "bucket": "15m"}""");
        assertThat(low.table()).containsExactly(
                Map.of("time", "09:30", "count", 2L, "pct", 66.67),
                Map.of("time", "10:15", "count", 1L, "pct", 33.33));
    }

    @Test
    void overnightColumnsAreRefusedWhereTheyCannotExist() {
        assertThat(refusal("""
                {"id": "x", "operation": "count", "session": "ETH",
                 "filters": [{"metric": "broke_overnight_high", "op": "=", "value": 1}]}"""))
                .contains("plan x: filters[0].metric 'broke_overnight_high'").contains("09:30").contains("ETH");
        // RTH's rows within 08:00–10:00 start at 09:30: allowed, and the breaks are those of 09:30–10:00
        QueryResult early = run("""
                {"id": "x", "operation": "formation", "session": "RTH", "extreme": "overnight_low_break",
                 "time": {"from": "08:00", "to": "10:00"}}""");
        assertThat(early.table()).containsExactly(Map.of("hour", "09:00", "count", 2L, "pct", 100.0));
        assertThat(refusal("""
                {"id": "x", "operation": "formation", "session": "ETH", "extreme": "overnight_low_break",
                 "time": {"from": "08:00", "to": "10:00"}}"""))
                .contains("extreme 'overnight_low_break'").contains("starts at 08:00");
        assertThat(refusal("""
                {"id": "x", "operation": "list", "session": "RTH", "timeframe": "1h", "metric": "gap_fill_minutes"}"""))
                .contains("metric 'gap_fill_minutes' is a session-day column").contains("1h");
        assertThat(refusal("{\"id\": \"x\", \"operation\": \"gap_fill\", \"timeframe\": \"15m\"}"))
                .contains("plan x: gap_fill").contains("timeframe must be 1D");
    }

    private static String refusal(String json) {
        try {
            run(json);
        } catch (barb.core.StageException e) {
            assertThat(e.code()).isEqualTo("bad_plan");
            return e.getMessage();
        }
        throw new AssertionError("not refused: " + json);
    }
}
