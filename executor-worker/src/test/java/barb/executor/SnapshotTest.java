package barb.executor;

import barb.core.QueryResult;
import barb.core.StageException;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Map;

import static barb.executor.TestMarketData.dailyFromBars;
import static barb.executor.TestMarketData.rows;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * Operation snapshot on the generated history, its 20-day averages checked against ranges and volumes folded
 * from the minute bars, and on the hand-made days for the start of the history.
 */
class SnapshotTest {
    private static PlanExecutor executor;

    @BeforeAll
    static void data() {
        executor = new PlanExecutor(TestMarketData.store());
    }

    private static QueryResult run(String json) {
        return executor.execute(HandMadeDays.plan(json));
    }

    private static double d(Object value) {
        return ((Number) value).doubleValue();
    }

    /** Mean of range and volume of the 20 trading days before {@code day}, from the minutes matching the filter. */
    private static List<Object> averages(String timeFilter, String day) {
        return rows("""
                SELECT avg(h - l), avg(v), count(*) FROM (SELECT * FROM %s WHERE d < CAST(? AS DATE)
                                                          ORDER BY d DESC LIMIT 20)""".formatted(dailyFromBars(timeFilter)),
                day).getFirst();
    }

    @Test
    void christmasWeekEthAndRthSideBySide() {
        QueryResult r = run("""
                {"id": "n1", "operation": "snapshot", "session": "OVERNIGHT",
                 "period": {"from": "2024-12-23", "to": "2024-12-27"}}""");
        assertThat(r.operation()).isEqualTo("snapshot");
        assertThat(r.columns()).containsExactly("trade_date", "weekday_name", "session", "open", "high", "low",
                "close", "range", "change", "change_pct", "gap", "gap_pct", "volume", "high_time", "low_time",
                "avg_20d_range", "range_vs_avg", "avg_20d_volume", "volume_vs_avg");
        // four trading days (Christmas is closed) × ETH and RTH; the plan's session is not used
        assertThat(r.table()).extracting(row -> row.get("trade_date") + " " + row.get("session")).containsExactly(
                "2024-12-23 ETH", "2024-12-23 RTH", "2024-12-24 ETH", "2024-12-24 RTH",
                "2024-12-26 ETH", "2024-12-26 RTH", "2024-12-27 ETH", "2024-12-27 RTH");
        assertThat(r.sourceRows()).isEqualTo(r.table());
        assertThat(r.sourceRowCount()).isEqualTo(8);
        assertThat(r.summary().labels()).containsEntry("note", "no trading on 2024-12-25 ("
                + rows("SELECT holiday_name FROM calendar_days WHERE trade_date = DATE '2024-12-25'").getFirst()
                .getFirst() + ")");

        for (String session : List.of("ETH", "RTH")) {
            Map<String, Object> row = r.table().stream()
                    .filter(x -> x.get("trade_date").equals("2024-12-26") && x.get("session").equals(session))
                    .findFirst().orElseThrow();
            List<Object> avg = averages(session.equals("ETH") ? TestMarketData.ALL : TestMarketData.RTH, "2024-12-26");
            assertThat(avg.get(2)).isEqualTo(20L);
            assertThat(row).as(session).containsEntry("avg_20d_range", Numbers.round(d(avg.get(0))))
                    .containsEntry("avg_20d_volume", Numbers.round(d(avg.get(1))))
                    .containsEntry("range_vs_avg", Numbers.round(d(row.get("range")) / d(avg.get(0))))
                    .containsEntry("volume_vs_avg", Numbers.round(d(row.get("volume")) / d(avg.get(1))))
                    .containsEntry("weekday_name", "Thursday");
        }
        // the summary is the first day's ETH row
        Map<String, Object> first = r.table().getFirst();
        assertThat(r.summary().type()).isEqualTo("dict");
        assertThat(r.summary().value()).isEqualTo(d(first.get("close")));
        assertThat(r.summary().values()).containsEntry("range", d(first.get("range")))
                .containsEntry("volume_vs_avg", d(first.get("volume_vs_avg")));
        assertThat(r.summary().labels()).containsEntry("trade_date", "2024-12-23").containsEntry("session", "ETH")
                .containsEntry("high_time", (String) first.get("high_time"));
        assertThat(r.metadata().session()).isEqualTo("ETH, RTH");
        assertThat(r.metadata().sql()).doesNotContain("2024").doesNotContain("20 PRECEDING");
    }

    @Test
    void weekendsHolidayHaltsAndDaysBeyondTheData() {
        // Thanksgiving trades until 13:00 (a row), the weekend does not
        QueryResult thanksgiving = run("""
                {"operation": "snapshot", "period": {"from": "2024-11-28", "to": "2024-12-02"}}""");
        assertThat(thanksgiving.table()).extracting(row -> row.get("trade_date")).containsExactly(
                "2024-11-28", "2024-11-28", "2024-11-29", "2024-11-29", "2024-12-02", "2024-12-02");
        assertThat(thanksgiving.summary().labels())
                .containsEntry("note", "no trading on 2024-11-30 (weekend), 2024-12-01 (weekend)");
        // the test history ends on 2024-12-31
        QueryResult end = run("""
                {"operation": "snapshot", "period": {"from": "2024-12-31", "to": "2025-01-02"}}""");
        assertThat(end.table()).hasSize(2);
        assertThat(end.summary().labels()).containsEntry("note", "no data for 2025-01-01, 2025-01-02");
        assertThat(end.metadata().periodTo()).isEqualTo("2024-12-31");
    }

    @Test
    void averagesNeedTwentyEarlierDays() {
        // the hand-made days: 20 of them, so day 19 has only 19 before it
        QueryResult r = HandMadeDays.executor().execute(HandMadeDays.plan("""
                {"operation": "snapshot", "period": {"from": "2024-01-20", "to": "2024-01-20"}}"""));
        assertThat(r.table()).hasSize(2).allSatisfy(row -> assertThat(row).containsEntry("avg_20d_range", null)
                .containsEntry("range_vs_avg", null).containsEntry("avg_20d_volume", null));
        assertThat(r.table()).extracting(row -> row.get("range")).containsExactly(24.0, 12.0);
        assertThat(r.summary().labels()).doesNotContainKey("note");
    }

    @Test
    void snapshotPlansThatCannotRun() {
        assertThat(refusal("{\"id\": \"n\", \"operation\": \"snapshot\", \"period\": {\"from\": \"2024-01-01\"}}"))
                .startsWith("plan n: snapshot needs period.from and period.to");
        assertThat(refusal("""
                {"id": "n", "operation": "snapshot", "period": {"from": "2024-01-01", "to": "2024-02-01"}}"""))
                .startsWith("plan n: snapshot period 2024-01-01…2024-02-01 is 32 days; at most 31");
        assertThat(refusal("""
                {"id": "n", "operation": "snapshot", "period": {"from": "2024-01-01", "to": "2024-01-31"},
                 "weekdays": ["monday"]}""")).startsWith("plan n: snapshot").contains("weekdays");
        // 31 days is allowed: January 2024 has 22 trading days (New Year's Day closed, MLK Day halted early)
        assertThat(run("""
                {"operation": "snapshot", "period": {"from": "2024-01-01", "to": "2024-01-31"}}""").table()).hasSize(44);
    }

    private static String refusal(String json) {
        StageException[] caught = new StageException[1];
        assertThatThrownBy(() -> run(json)).isInstanceOfSatisfying(StageException.class, e -> caught[0] = e);
        assertThat(caught[0].code()).isEqualTo("bad_plan");
        return caught[0].getMessage();
    }
}
