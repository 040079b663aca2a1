package barb.executor;

import barb.core.QueryResult;
import barb.core.StageException;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Map;

import static barb.executor.TestMarketData.count;
import static barb.executor.TestMarketData.rows;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

/**
 * Week and month rows (timeframe 1W / 1M): on the hand-made days with numbers worked out by hand, and on the
 * generated history against weeks and months folded independently from the minute bars.
 */
class CalendarBarsTest {
    private static PlanExecutor handMade;
    private static PlanExecutor generated;

    @BeforeAll
    static void data() {
        handMade = HandMadeDays.executor();
        generated = new PlanExecutor(TestMarketData.store());
    }

    private static double d(Object value) {
        return ((Number) value).doubleValue();
    }

    // --- hand-made: 20 days from Monday 2024-01-01, open 100+i, high 105+i, low 95+i, close 102+i ---

    @Test
    void weeksOfTheHandMadeDays() {
        QueryResult r = handMade.execute(HandMadeDays.plan("""
                {"operation": "list", "session": "RTH", "timeframe": "1W"}"""));
        assertThat(r.metadata().timeframe()).isEqualTo("1W");
        assertThat(r.columns()).startsWith("trade_date", "week_start", "open");
        assertThat(r.table()).hasSize(3);
        // week 1: days 0–6; week 2: days 7–13; week 3: days 14–19
        assertThat(r.table().get(0)).containsEntry("trade_date", "2024-01-01").containsEntry("week_start", "2024-01-01")
                .containsEntry("open", 100.0).containsEntry("close", 108.0).containsEntry("high", 111.0)
                .containsEntry("low", 95.0).containsEntry("days", 7L).containsEntry("volume", 7_210_000L)
                .containsEntry("range", 16.0).containsEntry("change", null);
        assertThat(r.table().get(1)).containsEntry("week_start", "2024-01-08").containsEntry("open", 107.0)
                .containsEntry("close", 115.0).containsEntry("change", 7.0).containsEntry("change_pct", 6.48)
                .containsEntry("gap", -1.0);
        assertThat(r.table().get(2)).containsEntry("days", 6L).containsEntry("close", 121.0)
                .containsEntry("high", 124.0).containsEntry("low", 109.0);

        QueryResult month = handMade.execute(HandMadeDays.plan("""
                {"operation": "list", "session": "RTH", "timeframe": "1M"}"""));
        assertThat(month.table()).singleElement().satisfies(row -> assertThat(row)
                .containsEntry("month_name", "January").containsEntry("open", 100.0).containsEntry("close", 121.0)
                .containsEntry("days", 20L));
    }

    @Test
    void aPeriodStartingMidWeekStartsWithAPartWeek() {
        QueryResult r = handMade.execute(HandMadeDays.plan("""
                {"operation": "list", "session": "RTH", "timeframe": "1W",
                 "period": {"from": "2024-01-03", "to": "2024-01-10"}}"""));
        assertThat(r.table()).extracting(row -> row.get("trade_date")).containsExactly("2024-01-03", "2024-01-08");
        assertThat(r.table().get(0)).containsEntry("open", 102.0).containsEntry("days", 5L).containsEntry("low", 97.0)
                .containsEntry("close", 108.0);
        assertThat(r.table().get(1)).containsEntry("days", 3L).containsEntry("close", 111.0)
                .containsEntry("change", 3.0);
    }

    @Test
    void greenWeeksInARow() {
        QueryResult two = handMade.execute(HandMadeDays.plan("""
                {"operation": "list", "session": "RTH", "timeframe": "1W", "consecutive": {"color": "green", "length": 2}}"""));
        assertThat(two.table()).extracting(row -> row.get("trade_date")).containsExactly("2024-01-08");
        QueryResult exactly = handMade.execute(HandMadeDays.plan("""
                {"operation": "count", "session": "RTH", "timeframe": "1W",
                 "consecutive": {"color": "green", "length": 3, "mode": "exactly"}}"""));
        assertThat(exactly.summary().value()).isEqualTo(1.0);
        QueryResult red = handMade.execute(HandMadeDays.plan("""
                {"operation": "count", "session": "RTH", "timeframe": "1W", "consecutive": {"color": "red", "length": 1}}"""));
        assertThat(red.summary().value()).isZero();
    }

    @Test
    void aroundStreakAndCompareOnWeeks() {
        // weekly changes: week 2 +7 (115 against 108), week 3 +6 (121 against 115); all three weeks are green
        QueryResult around = handMade.execute(HandMadeDays.plan("""
                {"operation": "around", "session": "RTH", "timeframe": "1W", "metric": "change", "offsets": [1],
                 "filters": [{"metric": "is_green", "op": "=", "value": 1}]}"""));
        assertThat(around.table()).singleElement().satisfies(row -> assertThat(row).containsEntry("day", 1L)
                .containsEntry("count", 2L).containsEntry("mean", 6.5));
        QueryResult streak = handMade.execute(HandMadeDays.plan("""
                {"operation": "streak", "session": "RTH", "timeframe": "1W", "patterns": [],
                 "filters": [{"metric": "is_green", "op": "=", "value": 1}]}"""));
        assertThat(streak.table()).containsExactly(Map.of("start", "2024-01-01", "end", "2024-01-15", "length", 3L));
        // ranges: weeks 16, 16, 15; the month 124 − 95
        QueryResult compare = handMade.execute(HandMadeDays.plan("""
                {"operation": "compare", "session": "RTH", "metric": "range",
                 "variants": [{"timeframe": "1W", "label": "weeks"}, {"timeframe": "1M", "label": "months"}]}"""));
        assertThat(compare.table()).extracting(row -> row.get("mean_range")).containsExactly(15.67, 29.0);
        assertThat(compare.table()).extracting(row -> row.get("count")).containsExactly(3L, 1L);
    }

    // --- generated history against the minute bars ---

    /** Months (or weeks) of the minutes matching {@code timeFilter}, keyed by the first day k of the unit. */
    private static String unitsFromBars(String unit, String timeFilter) {
        return """
                (SELECT *, lag(c) OVER (ORDER BY k) AS pc FROM (
                   SELECT CAST(date_trunc('%s', CAST(ts + INTERVAL 6 HOUR AS DATE)) AS DATE) AS k,
                          min(CAST(ts + INTERVAL 6 HOUR AS DATE)) AS first_day,
                          arg_min(open, ts) AS o, max(high) AS h, min(low) AS l, arg_max(close, ts) AS c,
                          sum(volume) AS v, count(DISTINCT CAST(ts + INTERVAL 6 HOUR AS DATE)) AS n
                   FROM bars WHERE %s GROUP BY 1))""".formatted(unit, timeFilter);
    }

    @Test
    void monthsMatchTheMinuteBars() {
        QueryResult r = generated.execute(HandMadeDays.plan("""
                {"operation": "list", "timeframe": "1M", "period": {"from": "2023-01-01", "to": "2023-12-31"}}"""));
        List<List<Object>> expected = rows("SELECT strftime(first_day, '%Y-%m-%d'), o, h, l, c, v, n, pc FROM "
                + unitsFromBars("month", TestMarketData.ALL) + " WHERE year(k) = 2023 ORDER BY k");
        assertThat(r.table()).hasSize(12).hasSize(expected.size());
        for (int i = 0; i < 12; i++) {
            Map<String, Object> row = r.table().get(i);
            List<Object> e = expected.get(i);
            assertThat(row).as(row.toString()).containsEntry("trade_date", e.get(0)).containsEntry("open", d(e.get(1)))
                    .containsEntry("high", d(e.get(2))).containsEntry("low", d(e.get(3)))
                    .containsEntry("close", d(e.get(4))).containsEntry("volume", ((Number) e.get(5)).longValue())
                    .containsEntry("days", ((Number) e.get(6)).longValue())
                    .containsEntry("change_pct", Numbers.round(100 * (d(e.get(4)) - d(e.get(7))) / d(e.get(7))));
        }
        long green = expected.stream().filter(e -> d(e.get(4)) > d(e.get(1))).count();
        assertThat(green).isBetween(1L, 11L);
        QueryResult greenMonths = generated.execute(HandMadeDays.plan("""
                {"operation": "count", "timeframe": "1M", "patterns": [], "period": {"from": "2023-01-01", "to": "2023-12-31"},
                 "filters": [{"metric": "is_green", "op": "=", "value": 1}]}"""));
        assertThat(greenMonths.summary().value()).isEqualTo((double) green);
        // January compares with December 2022, before the period
        assertThat(d(r.table().getFirst().get("change"))).isCloseTo(d(expected.getFirst().get(4))
                - d(expected.getFirst().get(7)), within(0.001));
        assertThat(r.metadata().rowsScanned()).isEqualTo(12);
    }

    @Test
    void weeksOfRthMatchTheMinuteBars() {
        QueryResult r = generated.execute(HandMadeDays.plan("""
                {"operation": "list", "session": "RTH", "timeframe": "1W", "metric": "range", "limit": 5,
                 "period": {"from": "2024-01-01", "to": "2024-12-31"}}"""));
        List<List<Object>> expected = rows("SELECT strftime(k, '%Y-%m-%d'), h - l FROM "
                + unitsFromBars("week", TestMarketData.RTH) + " WHERE k >= DATE '2024-01-01' AND k <= DATE '2024-12-31' "
                + "ORDER BY h - l DESC, k LIMIT 5");
        assertThat(r.table()).extracting(row -> row.get("week_start"))
                .containsExactlyElementsOf(expected.stream().map(List::getFirst).toList());
        assertThat(r.table()).extracting(row -> row.get("range"))
                .containsExactlyElementsOf(expected.stream().map(e -> Numbers.round(d(e.get(1)))).toList());
        // Christmas week has four trading days; the week of July 4th (halted early, still trading) five
        QueryResult weeks = generated.execute(HandMadeDays.plan("""
                {"operation": "list", "timeframe": "1W", "filters": [{"metric": "days", "op": "<", "value": 5}],
                 "period": {"from": "2024-06-01", "to": "2024-12-31"}}"""));
        assertThat(weeks.table()).extracting(row -> row.get("week_start")).contains("2024-12-23")
                .doesNotContain("2024-07-01");
    }

    @Test
    void monthsFilterAndTheShareAcrossYears() {
        QueryResult r = generated.execute(HandMadeDays.plan("""
                {"operation": "probability", "timeframe": "1M", "months": ["march", "august"],
                 "outcome": {"metric": "is_green", "op": "=", "value": 1}}"""));
        List<Object> e = rows("SELECT count(*) FILTER (WHERE c > o), count(*) FROM "
                + unitsFromBars("month", TestMarketData.ALL) + " WHERE month(k) IN (3, 8)").getFirst();
        assertThat(r.table().getFirst()).containsEntry("matches", ((Number) e.get(0)).longValue())
                .containsEntry("total", 4L);
        assertThat(r.sourceRows()).extracting(row -> row.get("month_name"))
                .containsExactly("March", "August", "March", "August");
        // offset counts months: a green month after each March or August
        QueryResult next = generated.execute(HandMadeDays.plan("""
                {"operation": "probability", "timeframe": "1M", "months": [3, 8], "offset": 1,
                 "outcome": {"metric": "is_green", "op": "=", "value": 1}}"""));
        List<Object> n = rows("SELECT count(*) FILTER (WHERE next_green), count(next_green) FROM (SELECT k, "
                + "lead(c > o) OVER (ORDER BY k) AS next_green FROM " + unitsFromBars("month", TestMarketData.ALL)
                + ") WHERE month(k) IN (3, 8)").getFirst();
        assertThat(next.table().getFirst()).containsEntry("matches", ((Number) n.get(0)).longValue())
                .containsEntry("total", ((Number) n.get(1)).longValue());
        assertThat(next.summary().labels()).containsEntry("offset", "1 month(s) later");
        // per quarter: three months each in 2024
        QueryResult quarters = generated.execute(HandMadeDays.plan("""
                {"operation": "group", "timeframe": "1M", "group_by": "quarter",
                 "period": {"from": "2024-01-01", "to": "2024-12-31"}}"""));
        assertThat(quarters.table()).extracting(row -> row.get("count")).containsExactly(3L, 3L, 3L, 3L);
    }

    @Test
    void redWeeksInARowMatchTheMinuteBars() {
        // the week a run of red weeks reaches two, runs begun before the period included
        long expected = count("""
                WITH w AS (SELECT k, c < o AS red FROM %s),
                g AS (SELECT *, row_number() OVER (ORDER BY k) - row_number() OVER (PARTITION BY red ORDER BY k) AS grp
                      FROM w),
                p AS (SELECT *, row_number() OVER (PARTITION BY red, grp ORDER BY k) AS pos FROM g)
                SELECT count(*) FROM p WHERE red AND pos = 2 AND k >= DATE '2023-01-02'""".formatted(
                unitsFromBars("week", TestMarketData.ALL)));
        assertThat(expected).isPositive();
        QueryResult r = generated.execute(HandMadeDays.plan("""
                {"operation": "count", "timeframe": "1W", "consecutive": {"color": "red", "length": 2},
                 "period": {"from": "2023-01-02", "to": "2024-12-31"}}"""));
        assertThat(r.summary().value()).isEqualTo((double) expected);
    }

    @Test
    void fieldsWeeksAndMonthsDoNotHaveAreRefused() {
        assertThat(refusal("{\"id\": \"m\", \"operation\": \"count\", \"timeframe\": \"1W\", \"patterns\": [\"doji\"]}"))
                .startsWith("plan m: patterns").contains("1W");
        assertThat(refusal("{\"id\": \"m\", \"operation\": \"count\", \"timeframe\": \"1M\", \"events\": [\"fomc\"]}"))
                .startsWith("plan m: events");
        assertThat(refusal("{\"id\": \"m\", \"operation\": \"count\", \"timeframe\": \"1M\", \"weekdays\": [\"mon\"]}"))
                .startsWith("plan m: weekdays");
        assertThat(refusal("{\"id\": \"m\", \"operation\": \"count\", \"timeframe\": \"1M\", \"gap\": \"up\"}"))
                .startsWith("plan m: gap");
        assertThat(refusal("""
                {"id": "m", "operation": "count", "timeframe": "1M", "time": {"from": "10:00", "to": "11:00"}}"""))
                .startsWith("plan m: time");
        assertThat(refusal("{\"id\": \"m\", \"operation\": \"count\", \"timeframe\": \"1W\", \"months\": [5]}"))
                .startsWith("plan m: months");
        assertThat(refusal("""
                {"id": "m", "operation": "group", "timeframe": "1W", "group_by": "weekday"}"""))
                .startsWith("plan m: group_by weekday");
        for (String operation : List.of("formation", "gap_fill", "snapshot")) {
            assertThat(refusal("""
                    {"id": "m", "operation": "%s", "timeframe": "1M", "extreme": "high",
                     "period": {"from": "2024-01-01", "to": "2024-01-05"}}""".formatted(operation)))
                    .startsWith("plan m: " + operation).contains("timeframe must be 1D, got '1M'");
        }
        assertThat(refusal("""
                {"id": "m", "operation": "count", "timeframe": "1M",
                 "filters": [{"metric": "is_doji", "op": "=", "value": 1}]}"""))
                .startsWith("plan m: filters[0].metric 'is_doji' is not a column of monthly rows");
        assertThat(refusal("{\"id\": \"m\", \"operation\": \"aggregate\", \"metric\": \"days\", \"aggregate\": \"max\"}"))
                .startsWith("plan m: metric 'days' is a column of weekly and monthly rows");
        assertThat(refusal("{\"id\": \"m\", \"operation\": \"count\", \"timeframe\": \"1m\"}"))
                .contains("timeframe '1m'").contains("1M");
    }

    private static String refusal(String json) {
        StageException[] caught = new StageException[1];
        assertThatThrownBy(() -> generated.execute(HandMadeDays.plan(json)))
                .isInstanceOfSatisfying(StageException.class, e -> caught[0] = e);
        assertThat(caught[0].code()).isEqualTo("bad_plan");
        return caught[0].getMessage();
    }
}
