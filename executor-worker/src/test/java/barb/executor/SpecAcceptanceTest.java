package barb.executor;

import barb.core.QueryResult;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;

import static barb.executor.HandMadeDays.plan;
import static barb.executor.TestMarketData.ALL;
import static barb.executor.TestMarketData.RTH;
import static barb.executor.TestMarketData.count;
import static barb.executor.TestMarketData.dailyFromBars;
import static barb.executor.TestMarketData.number;
import static barb.executor.TestMarketData.rows;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

/**
 * The data and operation cases of barb-spec §9.1 that fit the plan language, and v2 operations on the generated
 * history, each checked against an independent computation straight from the minute bars.
 */
class SpecAcceptanceTest {
    private static PlanExecutor executor;

    @BeforeAll
    static void data() {
        executor = new PlanExecutor(TestMarketData.store());
    }

    private static QueryResult run(String json) {
        return executor.execute(plan(json));
    }

    /** Independent ETH (or RTH) daily ranges from the minute bars, in date order. */
    private static List<Double> ranges(String timeFilter) {
        List<Double> out = new ArrayList<>();
        for (List<Object> row : rows("SELECT h - l FROM " + dailyFromBars(timeFilter) + " ORDER BY d")) {
            out.add(((Number) row.getFirst()).doubleValue());
        }
        return out;
    }

    @Test
    void periodMonthFilterCountsTradingDays() {
        // barb-spec §9.1 Period.month_filter (15 < v < 30), made exact.
        QueryResult r = run("""
                {"operation": "count", "session": "RTH", "period": {"from": "2024-03-01", "to": "2024-03-31"}}""");
        long expected = count("SELECT count(*) FROM " + dailyFromBars(RTH) + " WHERE d BETWEEN DATE '2024-03-01' "
                + "AND DATE '2024-03-31'");
        assertThat(r.summary().value()).isEqualTo((double) expected).isBetween(15.0, 30.0);
    }

    @Test
    void scalarResultsCarryTheirSourceRowsCapped() {
        // §9.1 SourceRows.scalar_has_source_rows: len(source_rows) == value == source_row_count.
        QueryResult green = run("""
                {"operation": "count", "session": "RTH", "period": {"from": "2024-01-01", "to": "2024-06-30"},
                 "patterns": ["green"]}""");
        assertThat((double) green.sourceRows().size()).isEqualTo(green.summary().value())
                .isEqualTo((double) green.sourceRowCount());
        // §9.1 SourceRows.mean_has_source_rows encoded "no cap" (barb-spec §5.6): rows are capped at 1,000 with
        // the true count kept.
        QueryResult mean = run("{\"operation\": \"aggregate\", \"metric\": \"range\", \"aggregate\": \"mean\"}");
        assertThat(mean.sourceRowCount()).isEqualTo(count("SELECT count(*) FROM daily"));
        assertThat(mean.sourceRows()).hasSize((int) Math.min(QueryResult.SOURCE_ROW_CAP, mean.sourceRowCount()));
    }

    @Test
    void groupWithCountAndSortLimit() {
        // §9.1 GroupBy.group_with_count, SortLimit.sort_desc and SortLimit.limit.
        QueryResult r = run("""
                {"operation": "group", "session": "RTH", "group_by": "weekday",
                 "period": {"from": "2024-01-01", "to": "2024-06-30"}}""");
        assertThat(r.table()).hasSize(5).allSatisfy(row -> assertThat((Long) row.get("count")).isGreaterThan(15));
        assertThat(r.table().stream().mapToLong(row -> (Long) row.get("count")).sum()).isEqualTo(r.sourceRowCount());
        QueryResult sorted = run("""
                {"operation": "group", "session": "RTH", "group_by": "weekday", "metric": "range",
                 "aggregate": "mean", "sort": "desc", "limit": 3}""");
        assertThat(sorted.table()).hasSize(3);
        List<Double> values = sorted.table().stream().map(row -> (Double) row.get("mean_range")).toList();
        assertThat(values).isSortedAccordingTo((a, b) -> Double.compare(b, a));
    }

    @Test
    void insideDaysAndNr7MatchTheirDefinitions() {
        // §9.1 Where.inside_day and SpecExamples.nr7_count, counted exactly.
        List<List<Object>> days = rows("SELECT h, l FROM " + dailyFromBars(ALL) + " ORDER BY d");
        long inside = 0;
        long nr7 = 0;
        for (int i = 1; i < days.size(); i++) {
            double h = ((Number) days.get(i).get(0)).doubleValue();
            double l = ((Number) days.get(i).get(1)).doubleValue();
            double ph = ((Number) days.get(i - 1).get(0)).doubleValue();
            double pl = ((Number) days.get(i - 1).get(1)).doubleValue();
            if (h < ph && l > pl) {
                inside++;
            }
            if (i >= 6) {
                double min = Double.MAX_VALUE;
                for (int k = i - 6; k < i; k++) {
                    min = Math.min(min, ((Number) days.get(k).get(0)).doubleValue()
                            - ((Number) days.get(k).get(1)).doubleValue());
                }
                if (h - l < min) {
                    nr7++;
                }
            }
        }
        assertThat(run("{\"operation\": \"count\", \"patterns\": [\"inside_day\"]}").summary().value())
                .isEqualTo((double) inside);
        assertThat(run("{\"operation\": \"count\", \"patterns\": [\"nr7\"]}").summary().value())
                .isEqualTo((double) nr7);
    }

    @Test
    void relativeRangeThresholdOnGeneratedData() {
        List<Double> r = ranges(ALL);
        long expected = 0;
        for (int i = 20; i < r.size(); i++) {
            double avg = r.subList(i - 20, i).stream().mapToDouble(Double::doubleValue).average().orElseThrow();
            if (r.get(i) > 1.5 * avg) {
                expected++;
            }
        }
        QueryResult q = run("""
                {"operation": "count", "filters": [{"metric": "range", "op": ">", "value": 1.5, "ref": "avg", "days": 20}]}""");
        assertThat(q.summary().value()).isEqualTo((double) expected);
        assertThat(expected).isPositive();
    }

    @Test
    void probabilityOfAGreenDayAfterAGapUp() {
        List<List<Object>> days = rows("SELECT o, c, lag(c) OVER (ORDER BY d) FROM " + dailyFromBars(ALL)
                + " ORDER BY d");
        long total = 0;
        long matches = 0;
        for (int i = 1; i + 1 < days.size(); i++) {
            double o = ((Number) days.get(i).get(0)).doubleValue();
            double pc = ((Number) days.get(i).get(2)).doubleValue();
            if (o > pc) {
                total++;
                double nextClose = ((Number) days.get(i + 1).get(1)).doubleValue();
                double close = ((Number) days.get(i).get(1)).doubleValue();
                if (nextClose > close) {
                    matches++;
                }
            }
        }
        QueryResult r = run("""
                {"operation": "probability", "gap": "up", "offset": 1,
                 "outcome": {"metric": "change", "op": ">", "value": 0}}""");
        assertThat(r.summary().values()).containsEntry("total", (double) total).containsEntry("matches",
                (double) matches);
        assertThat(r.summary().value()).isCloseTo(100.0 * matches / total, within(0.006));
    }

    @Test
    void longestGreenStreakAndStreakDaysAddUp() {
        List<List<Object>> days = rows("SELECT o, c FROM " + dailyFromBars(RTH) + " ORDER BY d");
        int longest = 0;
        int current = 0;
        for (List<Object> day : days) {
            boolean green = ((Number) day.get(1)).doubleValue() > ((Number) day.get(0)).doubleValue();
            current = green ? current + 1 : 0;
            longest = Math.max(longest, current);
        }
        QueryResult r = run("{\"operation\": \"streak\", \"session\": \"RTH\", \"patterns\": [\"green\"]}");
        assertThat(r.summary().values()).containsEntry("max_length", (double) longest);
        assertThat(r.table().getFirst()).containsEntry("length", (long) longest);
        assertThat(r.summary().values().get("days")).isEqualTo((double) r.sourceRowCount());
    }

    @Test
    void timeWindowRangeMatchesTheMinuteBars() {
        double expected = number("SELECT avg(h - l) FROM " + dailyFromBars(
                "CAST(ts AS TIME) >= TIME '10:00' AND CAST(ts AS TIME) < TIME '11:00'")
                + " WHERE year(d) = 2024");
        QueryResult r = run("""
                {"operation": "aggregate", "metric": "range", "aggregate": "mean", "session": "RTH",
                 "time": {"from": "10:00", "to": "11:00"}, "period": {"from": "2024-01-01", "to": "2024-12-31"}}""");
        assertThat(r.summary().value()).isCloseTo(expected, within(0.006));
    }

    @Test
    void rthFormationBucketsStayInsideTheSessionAndAddUp() {
        QueryResult r = run("{\"operation\": \"formation\", \"session\": \"RTH\", \"extreme\": \"low\", \"bucket\": \"15m\"}");
        assertThat(r.table()).allSatisfy(row -> assertThat((String) row.get("time"))
                .isGreaterThanOrEqualTo("09:30").isLessThan("17:00"));
        assertThat(r.table().stream().mapToLong(row -> (Long) row.get("count")).sum())
                .isEqualTo(r.sourceRowCount()).isEqualTo(count("SELECT count(*) FROM daily_rth"));
    }

    @Test
    void aroundFomcAndCompareSessionsRun() {
        QueryResult around = run("""
                {"operation": "around", "events": ["fomc"], "offsets": [-1, 0, 1, 2]}""");
        assertThat(around.table()).extracting(row -> row.get("day")).containsExactly(-1L, 0L, 1L, 2L);
        long fomc = count("SELECT count(*) FROM session_days WHERE session = 'ETH' AND is_fomc = 1");
        assertThat(around.sourceRowCount()).isEqualTo(fomc);
        QueryResult compare = run("""
                {"operation": "compare", "metric": "range", "period": {"from": "2024-01-01", "to": "2024-12-31"},
                 "variants": [{"session": "ASIAN"}, {"session": "EUROPEAN"}, {"session": "RTH"}]}""");
        assertThat(compare.table()).hasSize(3);
        double rth = number("SELECT avg(h - l) FROM " + dailyFromBars(RTH) + " WHERE year(d) = 2024");
        assertThat((Double) compare.table().get(2).get("mean_range")).isCloseTo(rth, within(0.006));
    }
}
