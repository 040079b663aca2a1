package barb.executor;

import barb.core.Plan;
import barb.core.QueryResult;
import barb.core.StageException;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import java.time.LocalDate;
import java.util.List;
import java.util.Map;

import static barb.executor.TestMarketData.ALL;
import static barb.executor.TestMarketData.RTH;
import static barb.executor.TestMarketData.count;
import static barb.executor.TestMarketData.dailyFromBars;
import static barb.executor.TestMarketData.number;
import static barb.executor.TestMarketData.rows;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

/**
 * Every operation against an independent SQL over the minute bars (never over the daily tables), using the
 * questions of issue 2.
 */
class PlanExecutorTest {
    private static PlanExecutor executor;

    @BeforeAll
    static void data() {
        executor = new PlanExecutor(TestMarketData.store());
    }

    static Plan.Period year(int y) {
        return new Plan.Period(LocalDate.of(y, 1, 1), LocalDate.of(y, 12, 31));
    }

    static Plan plan(String operation, Plan.Period period, String session, String metric, String aggregate,
                     String groupBy, List<Plan.Condition> filters, String sort, Integer limit, String extreme) {
        return new Plan("s1", operation, period, session, "1D", metric, aggregate, groupBy, filters, sort, limit,
                extreme, null);
    }

    /** Independent daily bars with previous close, from minute bars. */
    private static String withPrev(String filter) {
        return "(SELECT *, lag(c) OVER (ORDER BY d) AS pc FROM " + dailyFromBars(filter) + ")";
    }

    @Test
    void averageRthRangeIn2024() {
        QueryResult r = executor.execute(plan("aggregate", year(2024), "RTH", "range", "mean", null, null, null,
                null, null));
        double expected = number("SELECT avg(h - l) FROM " + dailyFromBars(RTH) + " WHERE year(d) = 2024");
        long days = count("SELECT count(*) FROM " + dailyFromBars(RTH) + " WHERE year(d) = 2024");

        assertThat(r.summary().type()).isEqualTo("scalar");
        assertThat(r.summary().valueName()).isEqualTo("mean_range");
        assertThat(r.summary().value()).isCloseTo(expected, within(0.005));
        assertThat(r.summary().values()).containsEntry("count", (double) days);
        assertThat(r.table()).hasSize(1);
        assertThat(r.columns()).containsExactly("mean_range", "count");
        assertThat(r.sourceRowCount()).isEqualTo(days);
        assertThat(r.sourceRows()).hasSize((int) days);
        assertThat(r.sourceRows().getFirst()).containsKeys("trade_date", "range");
        assertThat(r.sourceRows().getFirst().get("trade_date")).isEqualTo("2024-01-02");
        assertThat(r.metadata().session()).isEqualTo("RTH");
        assertThat(r.metadata().timeframe()).isEqualTo("1D");
        assertThat(r.metadata().dataSource()).isEqualTo("synthetic");
        assertThat(r.metadata().periodFrom()).isEqualTo("2024-01-01");
        assertThat(r.metadata().periodTo()).isEqualTo("2024-12-31");
        assertThat(r.metadata().rowsScanned()).isEqualTo(days);
        // RTH and ETH plans read daily_rth / daily, the copies of those sessions of session_days (a seventeenth
        // of its rows, no session filter); other sessions read session_days with the session as first parameter.
        assertThat(r.metadata().sql()).contains("FROM daily_rth").contains("avg(range)").contains("?");
        assertThat(r.metadata().params()).containsExactly("2024-01-01", "2024-12-31");
        assertThat(r.planId()).isEqualTo("s1");
        assertThat(r.operation()).isEqualTo("aggregate");
    }

    @Test
    void otherAggregatesMatchDuckDbOverBars() {
        String days = dailyFromBars(ALL) + " WHERE year(d) = 2023";
        Map<String, String> expected = Map.of("median", "median(h - l)", "min", "min(h - l)", "max", "max(h - l)",
                "sum", "sum(h - l)", "std", "stddev_samp(h - l)");
        for (var e : expected.entrySet()) {
            QueryResult r = executor.execute(plan("aggregate", year(2023), null, "range", e.getKey(), null, null,
                    null, null, null));
            assertThat(r.summary().value()).as(e.getKey())
                    .isCloseTo(number("SELECT " + e.getValue() + " FROM " + days), within(0.005));
            assertThat(r.metadata().session()).isEqualTo("ETH");
        }
    }

    @Test
    void top5DaysByRangeIn2024() {
        QueryResult r = executor.execute(plan("list", year(2024), null, "range", null, null, null, "desc", 5,
                null));
        List<List<Object>> expected = rows("SELECT strftime(d, '%Y-%m-%d'), h - l FROM " + dailyFromBars(ALL)
                + " WHERE year(d) = 2024 ORDER BY h - l DESC, d LIMIT 5");

        assertThat(r.table()).hasSize(5);
        for (int i = 0; i < 5; i++) {
            assertThat(r.table().get(i).get("trade_date")).isEqualTo(expected.get(i).get(0));
            assertThat((Double) r.table().get(i).get("range"))
                    .isCloseTo(((Number) expected.get(i).get(1)).doubleValue(), within(0.005));
        }
        assertThat(r.columns()).startsWith("trade_date", "weekday_name", "open", "high", "low", "close")
                .contains("range");
        assertThat(r.summary().type()).isEqualTo("table");
        assertThat(r.summary().rows()).isEqualTo(5);
        assertThat(r.summary().stats().get("range").max()).isEqualTo(r.table().getFirst().get("range"));
        assertThat(r.summary().first()).containsEntry("trade_date", expected.getFirst().getFirst());
        assertThat(r.summary().best()).isEqualTo(r.summary().first());
        assertThat(r.sourceRows()).isEmpty();
        assertThat(r.sourceRowCount()).isEqualTo(5);
        assertThat(r.metadata().params()).containsExactly("2024-01-01", "2024-12-31", 5);
    }

    @Test
    void greenDaysIn2023() {
        QueryResult r = executor.execute(plan("count", year(2023), null, null, null, null,
                List.of(new Plan.Condition("is_green", "=", 1)), null, null, null));
        long expected = count("SELECT count(*) FROM " + dailyFromBars(ALL) + " WHERE year(d) = 2023 AND c > o");
        assertThat(r.summary().type()).isEqualTo("scalar");
        assertThat(r.summary().valueName()).isEqualTo("count");
        assertThat(r.summary().value()).isEqualTo((double) expected);
        assertThat(r.table()).containsExactly(Map.of("count", expected));
        assertThat(r.sourceRowCount()).isEqualTo(expected);
        assertThat(r.sourceRows()).allSatisfy(row -> assertThat(row.get("is_green")).isEqualTo(1L));
        assertThat(r.sourceRows()).allSatisfy(row ->
                assertThat((Double) row.get("close")).isGreaterThan((Double) row.get("open")));
        // body > 0 is the same question.
        QueryResult byBody = executor.execute(plan("count", year(2023), null, null, null, null,
                List.of(new Plan.Condition("body", ">", 0)), null, null, null));
        assertThat(byBody.summary().value()).isEqualTo((double) expected);
        assertThat(r.metadata().rowsScanned()).isEqualTo(count("SELECT count(*) FROM daily WHERE year = 2023"));
    }

    @Test
    void averageRangeByWeekday() {
        QueryResult r = executor.execute(plan("group", null, null, "range", "mean", "weekday", null, null, null,
                null));
        List<List<Object>> expected = rows("SELECT isodow(d), count(*), avg(h - l) FROM " + dailyFromBars(ALL)
                + " GROUP BY 1 ORDER BY 1");

        assertThat(r.table()).extracting(row -> row.get("weekday_name"))
                .containsExactly("Monday", "Tuesday", "Wednesday", "Thursday", "Friday");
        for (int i = 0; i < 5; i++) {
            assertThat(r.table().get(i).get("count")).isEqualTo(expected.get(i).get(1));
            assertThat((Double) r.table().get(i).get("mean_range"))
                    .isCloseTo(((Number) expected.get(i).get(2)).doubleValue(), within(0.005));
        }
        long total = r.table().stream().mapToLong(row -> (Long) row.get("count")).sum();
        assertThat(total).isEqualTo(r.sourceRowCount()).isEqualTo(count("SELECT count(*) FROM daily"));
        assertThat(r.summary().type()).isEqualTo("grouped");
        assertThat(r.summary().by()).isEqualTo("weekday");
        double max = r.table().stream().mapToDouble(row -> (Double) row.get("mean_range")).max().orElseThrow();
        double min = r.table().stream().mapToDouble(row -> (Double) row.get("mean_range")).min().orElseThrow();
        assertThat(r.summary().best()).containsEntry("mean_range", max);
        assertThat(r.summary().worst()).containsEntry("mean_range", min);
        assertThat(r.metadata().periodFrom()).isEqualTo("2022-12-01");
        assertThat(r.metadata().periodTo()).isEqualTo("2024-12-31");
        assertThat(r.sourceRows().getFirst()).containsOnlyKeys("trade_date", "weekday_name", "range");
    }

    @Test
    void groupByMonthAndYearAndSortedGroups() {
        QueryResult months = executor.execute(plan("group", year(2024), "RTH", null, null, "month", null, null,
                null, null));
        assertThat(months.table()).extracting(row -> row.get("month")).containsExactly(
                1L, 2L, 3L, 4L, 5L, 6L, 7L, 8L, 9L, 10L, 11L, 12L);
        assertThat(months.table().getFirst()).containsEntry("month_name", "January");
        assertThat(months.summary().valueName()).isEqualTo("count");
        assertThat(months.table().stream().mapToLong(row -> (Long) row.get("count")).sum())
                .isEqualTo(months.sourceRowCount());

        QueryResult years = executor.execute(plan("group", null, null, "change_pct", "max", "year", null, "desc",
                2, null));
        assertThat(years.table()).hasSize(2);
        assertThat((Double) years.table().get(0).get("max_change_pct"))
                .isGreaterThanOrEqualTo((Double) years.table().get(1).get("max_change_pct"));
        double expected = number("SELECT max(100 * (c - pc) / pc) FROM " + withPrev(ALL));
        assertThat((Double) years.table().getFirst().get("max_change_pct")).isCloseTo(expected, within(0.005));
    }

    @Test
    void groupByQuarterOverMinuteBarsAndOverAWindow() {
        QueryResult quarters = executor.execute(plan("group", year(2024), "RTH", "range", "mean", "quarter", null,
                null, null, null));
        assertThat(quarters.table()).extracting(row -> row.get("quarter_name")).containsExactly("Q1", "Q2", "Q3",
                "Q4");
        for (Map<String, Object> row : quarters.table()) {
            long q = (Long) row.get("quarter");
            double expected = number("SELECT avg(h - l) FROM " + dailyFromBars(RTH)
                    + " WHERE year(d) = 2024 AND quarter(d) = ?", q);
            assertThat((Double) row.get("mean_range")).as("Q%d", q).isCloseTo(expected, within(0.005));
        }
        assertThat(quarters.table().stream().mapToLong(row -> (Long) row.get("count")).sum())
                .isEqualTo(quarters.sourceRowCount())
                .isEqualTo(count("SELECT count(*) FROM " + dailyFromBars(RTH) + " WHERE year(d) = 2024"));

        // the same grouping over session-days folded from minutes (a time window)
        QueryResult hour = executor.execute(HandMadeDays.plan("""
                {"operation": "group", "group_by": "quarter", "metric": "range", "aggregate": "mean", "session": "RTH",
                 "period": {"from": "2024-01-01", "to": "2024-12-31"}, "time": {"from": "10:00", "to": "11:00"}}"""));
        assertThat(hour.table()).extracting(row -> row.get("quarter_name")).containsExactly("Q1", "Q2", "Q3", "Q4");
        double q1 = number("SELECT avg(h - l) FROM " + dailyFromBars("CAST(ts AS TIME) >= TIME '10:00' AND "
                + "CAST(ts AS TIME) < TIME '11:00'") + " WHERE year(d) = 2024 AND quarter(d) = 1");
        assertThat((Double) hour.table().getFirst().get("mean_range")).isCloseTo(q1, within(0.005));
    }

    @Test
    void gapUpDaysIn2024() {
        QueryResult r = executor.execute(plan("count", year(2024), null, null, null, null,
                List.of(new Plan.Condition("gap", ">", 0)), null, null, null));
        long expected = count("SELECT count(*) FROM " + withPrev(ALL) + " WHERE year(d) = 2024 AND o > pc");
        assertThat(r.summary().value()).isEqualTo((double) expected);
        assertThat(expected).isPositive();
    }

    @Test
    void daysThatFellMoreThan2PercentSortedWorstFirst() {
        Plan.Period all = new Plan.Period(LocalDate.of(2022, 12, 1), LocalDate.of(2024, 12, 31));
        QueryResult r = executor.execute(plan("list", all, null, "change_pct", null, null,
                List.of(new Plan.Condition("change_pct", "<", -2)), "asc", null, null));
        List<List<Object>> expected = rows("SELECT strftime(d, '%Y-%m-%d'), 100 * (c - pc) / pc AS p FROM "
                + withPrev(ALL) + " WHERE 100 * (c - pc) / pc < -2 ORDER BY p, d");
        assertThat(expected).isNotEmpty();
        assertThat(r.table()).extracting(row -> row.get("trade_date"))
                .containsExactlyElementsOf(expected.stream().map(row -> row.getFirst()).toList());
        // shown rounded to two decimals, so a -2.004 % day reads -2.0
        assertThat(r.table()).allSatisfy(row -> assertThat((Double) row.get("change_pct")).isLessThanOrEqualTo(-2));
        assertThat(r.summary().stats().get("change_pct").min()).isEqualTo(r.table().getFirst().get("change_pct"));
        assertThat(r.summary().worst()).isEqualTo(r.summary().first());
        assertThat(r.metadata().params()).containsExactly("2022-12-01", "2024-12-31", -2.0);
    }

    @Test
    void hourWhenTheRthHighIsUsuallySet() {
        QueryResult r = executor.execute(plan("formation", null, "RTH", null, null, null, null, null, null,
                "high"));
        List<List<Object>> expected = rows("""
                WITH b AS (SELECT CAST(ts + INTERVAL 6 HOUR AS DATE) AS d, * FROM bars WHERE %s),
                x AS (SELECT d, max(high) AS h FROM b GROUP BY d),
                f AS (SELECT b.d, min(b.ts) AS t FROM b JOIN x ON b.d = x.d AND b.high = x.h GROUP BY b.d)
                SELECT hour(t), count(*) FROM f GROUP BY 1 ORDER BY 1""".formatted(RTH));

        assertThat(r.table()).hasSize(expected.size());
        for (int i = 0; i < expected.size(); i++) {
            assertThat(r.table().get(i).get("hour"))
                    .isEqualTo("%02d:00".formatted(((Number) expected.get(i).get(0)).intValue()));
            assertThat(r.table().get(i).get("count")).isEqualTo(expected.get(i).get(1));
        }
        assertThat(r.table()).allSatisfy(row -> assertThat((String) row.get("hour"))
                .isIn("09:00", "10:00", "11:00", "12:00", "13:00", "14:00", "15:00", "16:00"));
        double pct = r.table().stream().mapToDouble(row -> (Double) row.get("pct")).sum();
        assertThat(pct).isCloseTo(100, within(0.05));
        long peak = r.table().stream().mapToLong(row -> (Long) row.get("count")).max().orElseThrow();
        assertThat(r.summary().best()).containsEntry("count", peak);
        assertThat(r.summary().by()).isEqualTo("hour");
        assertThat(r.sourceRowCount()).isEqualTo(count("SELECT count(*) FROM daily_rth"));
        assertThat(r.sourceRows().getFirst()).containsOnlyKeys("trade_date", "high_time", "high");
        assertThat((String) r.sourceRows().getFirst().get("high_time")).matches("\\d\\d:\\d\\d");
    }

    @Test
    void ethFormationListsHoursInSessionOrder() {
        QueryResult r = executor.execute(plan("formation", year(2024), "ETH", null, null, null, null, null, null,
                "low"));
        List<Integer> hours = r.table().stream()
                .map(row -> Integer.parseInt(((String) row.get("hour")).substring(0, 2))).toList();
        List<Integer> sessionOrder = hours.stream().map(h -> (h + 6) % 24).toList();
        assertThat(sessionOrder).isSorted();
        assertThat(r.table().stream().mapToLong(row -> (Long) row.get("count")).sum())
                .isEqualTo(r.sourceRowCount()).isEqualTo(count("SELECT count(*) FROM daily WHERE year = 2024"));
    }

    @Test
    void tradingDaysIn2024() {
        QueryResult counted = executor.execute(plan("count", year(2024), null, null, null, null, null, null, null,
                null));
        long expected = count("SELECT count(DISTINCT CAST(ts + INTERVAL 6 HOUR AS DATE)) FROM bars "
                + "WHERE year(CAST(ts + INTERVAL 6 HOUR AS DATE)) = 2024");
        assertThat(counted.summary().value()).isEqualTo((double) expected);
        QueryResult listed = executor.execute(plan("list", year(2024), null, null, null, null, null, null, null,
                null));
        assertThat(listed.table()).hasSize((int) expected);
        assertThat(listed.table().getFirst().get("trade_date")).isEqualTo("2024-01-02");
        assertThat(listed.table().getLast().get("trade_date")).isEqualTo("2024-12-31");
    }

    @Test
    void filtersAreAllApplied() {
        List<Plan.Condition> filters = List.of(new Plan.Condition("weekday", "=", 1),
                new Plan.Condition("range_pct", ">=", 1.5), new Plan.Condition("is_red", "!=", 0),
                new Plan.Condition("gap_pct", "<=", 0.1));
        QueryResult r = executor.execute(plan("count", year(2024), "RTH", null, null, null, filters, null, null,
                null));
        long expected = count("SELECT count(*) FROM " + withPrev(RTH) + " WHERE year(d) = 2024 AND isodow(d) = 1 "
                + "AND 100 * (h - l) / l >= 1.5 AND c < o AND 100 * (o - pc) / pc <= 0.1");
        assertThat(r.summary().value()).isEqualTo((double) expected);
        assertThat(r.sourceRows()).allSatisfy(row -> {
            assertThat(row.get("weekday")).isEqualTo(1L);
            assertThat((Double) row.get("range_pct")).isGreaterThanOrEqualTo(1.5);
            assertThat(row.get("is_red")).isEqualTo(1L);
        });
        assertThat(r.metadata().sql()).doesNotContain("1.5");
        assertThat(r.metadata().params()).containsExactly("2024-01-01", "2024-12-31", 1.0, 1.5, 0.0, 0.1);
    }

    @Test
    void emptyResultsAreAnswers() {
        Plan.Period future = new Plan.Period(LocalDate.of(2030, 1, 1), LocalDate.of(2030, 12, 31));
        QueryResult counted = executor.execute(plan("count", future, null, null, null, null, null, null, null,
                null));
        assertThat(counted.summary().value()).isZero();
        assertThat(counted.sourceRows()).isEmpty();
        assertThat(counted.metadata().periodFrom()).isEqualTo("2030-01-01");

        QueryResult none = executor.execute(plan("list", year(2024), null, "range", null, null,
                List.of(new Plan.Condition("range", ">", 1e9)), null, null, null));
        assertThat(none.table()).isEmpty();
        assertThat(none.summary().rows()).isZero();
        assertThat(none.summary().stats()).isEmpty();
        assertThat(none.summary().first()).isNull();

        QueryResult mean = executor.execute(plan("aggregate", future, null, "range", "mean", null, null, null,
                null, null));
        assertThat(mean.summary().value()).isNull();
        assertThat(mean.summary().values()).containsEntry("count", 0.0);

        QueryResult groups = executor.execute(plan("group", future, null, "range", "mean", "weekday", null, null,
                null, null));
        assertThat(groups.table()).isEmpty();
        assertThat(groups.summary().best()).isNull();

        QueryResult formation = executor.execute(plan("formation", future, "RTH", null, null, null, null, null,
                null, "high"));
        assertThat(formation.table()).isEmpty();
        assertThat(formation.sourceRowCount()).isZero();
    }

    @Test
    void aggregatesSkipDaysWithoutAValue() {
        // The first day has no previous close, so it has no change: it is not part of the mean.
        QueryResult r = executor.execute(plan("aggregate", null, null, "change", "mean", null, null, null, null,
                null));
        long days = count("SELECT count(*) FROM daily");
        assertThat(r.sourceRowCount()).isEqualTo(days - 1);
        assertThat(r.summary().values()).containsEntry("count", (double) (days - 1));
    }

    @Test
    void badPlansNameTheField() {
        assertBad(plan("aggregate", null, null, "foo", "mean", null, null, null, null, null),
                "plan s1: unknown metric 'foo'");
        assertBad(plan("explode", null, null, null, null, null, null, null, null, null),
                "plan s1: unknown operation 'explode'");
        assertBad(plan(null, null, null, null, null, null, null, null, null, null), "plan s1: operation missing");
        assertBad(plan("count", null, "ASIA", null, null, null, null, null, null, null),
                "plan s1: unknown session 'ASIA'");
        assertBad(plan("aggregate", null, null, "range", null, null, null, null, null, null),
                "plan s1: aggregate missing");
        assertBad(plan("aggregate", null, null, null, "mean", null, null, null, null, null),
                "plan s1: aggregate needs a metric");
        assertBad(plan("aggregate", null, null, "range", "mode", null, null, null, null, null),
                "plan s1: unknown aggregate 'mode'");
        assertBad(plan("group", null, null, "range", "mean", "hour", null, null, null, null),
                "plan s1: group_by hour needs an intraday timeframe");
        assertBad(plan("group", null, null, "range", "mean", "minute", null, null, null, null),
                "plan s1: unknown group_by 'minute'");
        assertBad(plan("group", null, null, "range", "mean", null, null, null, null, null),
                "plan s1: group_by missing");
        assertBad(plan("formation", null, null, null, null, null, null, null, null, "close"),
                "plan s1: unknown extreme 'close'");
        assertBad(plan("list", null, null, "range", null, null, null, "up", null, null), "plan s1: sort 'up'");
        assertBad(plan("list", null, null, "range", null, null, null, null, 0, null),
                "plan s1: limit must be at least 1");
        assertBad(plan("count", null, null, null, null, null, List.of(new Plan.Condition("range", "~", 1)), null,
                null, null), "plan s1: filters[0].op '~'");
        assertBad(plan("count", null, null, null, null, null, List.of(new Plan.Condition("range", ">", 1),
                new Plan.Condition("colour", "=", 1)), null, null, null), "plan s1: unknown filters[1].metric 'colour'");
        assertBad(plan("count", new Plan.Period(LocalDate.of(2024, 5, 1), LocalDate.of(2024, 1, 1)), null, null,
                null, null, null, null, null, null), "plan s1: period.from 2024-05-01 is after period.to 2024-01-01");
        assertBad(new Plan("s1", "count", null, null, "3m", null, null, null, null, null, null, null, null),
                "plan s1: unsupported timeframe '3m'");
        assertBad(new Plan("s1", "formation", null, "RTH", "1h", null, null, null, null, null, null, "high", null),
                "plan s1: formation reads the minutes of each session-day; timeframe must be 1D");
    }

    @Test
    void textFromThePlanNeverBecomesSql() {
        assertBad(plan("list", null, null, "range; DROP TABLE bars", null, null, null, null, null, null),
                "unknown metric 'range; DROP TABLE bars'");
        assertBad(plan("count", null, null, null, null, null,
                List.of(new Plan.Condition("1=1 OR range", ">", 0)), null, null, null), "unknown filters[0].metric");
        assertThat(count("SELECT count(*) FROM bars")).isPositive();
    }

    @Test
    void namesAreCaseInsensitive() {
        QueryResult r = executor.execute(plan("COUNT", year(2024), "rth", null, null, null,
                List.of(new Plan.Condition("GAP", ">", 0)), null, null, null));
        assertThat(r.metadata().session()).isEqualTo("RTH");
        assertThat(r.operation()).isEqualTo("count");
    }

    @Test
    void everyDecimalIsRoundedToTwoPlaces() {
        QueryResult r = executor.execute(plan("list", null, null, "change_pct", null, null, null, null, null,
                null));
        assertThat(r.table()).allSatisfy(row -> row.values().forEach(v -> {
            if (v instanceof Double d) {
                assertThat(Math.abs(d * 100 - Math.rint(d * 100))).isLessThan(1e-6);
            }
        }));
        QueryResult std = executor.execute(plan("aggregate", null, null, "change_pct", "std", null, null, null,
                null, null));
        double v = std.summary().value();
        assertThat(Math.abs(v * 100 - Math.rint(v * 100))).isLessThan(1e-6);
    }

    private static void assertBad(Plan plan, String message) {
        assertThatThrownBy(() -> executor.execute(plan))
                .isInstanceOfSatisfying(StageException.class, e -> {
                    assertThat(e.code()).isEqualTo("bad_plan");
                    assertThat(e.retriable()).isFalse();
                })
                .hasMessageContaining(message);
    }
}
