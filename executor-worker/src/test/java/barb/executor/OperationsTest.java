package barb.executor;

import barb.core.QueryResult;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Map;

import static barb.executor.HandMadeDays.day;
import static barb.executor.HandMadeDays.plan;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

/**
 * Every operation on the hand-made session days of {@link HandMadeDays}, with the numbers worked out by hand.
 * The cases of trading-agent-spec §15.2 (test_operations) are ported with their strict values; where a case
 * encoded a defect of §16.1 the comment names it and the test asserts the fixed behaviour.
 */
class OperationsTest {
    private static PlanExecutor executor;

    @BeforeAll
    static void data() {
        executor = HandMadeDays.executor();
    }

    private static QueryResult run(String json) {
        return executor.execute(plan(json));
    }

    private static double d(Object value) {
        return ((Number) value).doubleValue();
    }

    // --- list (§15.2 #1–#5) ---

    @Test
    void listTopTenByChangeDescending() {
        QueryResult r = run("""
                {"id": "s1", "operation": "list", "session": "RTH", "metric": "change_pct", "sort": "desc", "limit": 10}""");
        assertThat(r.table()).hasSize(10);
        assertThat(r.table().get(0)).containsEntry("trade_date", "2024-01-05").containsEntry("change_pct", 1.0);
        assertThat(r.table().get(1)).containsEntry("change_pct", 0.9);
        assertThat(r.summary().type()).isEqualTo("table");
        assertThat(r.summary().first()).containsEntry("trade_date", "2024-01-05");
        assertThat(r.metadata().rowsScanned()).isEqualTo(20);
        assertThat(r.metadata().dataSource()).isEqualTo("imported");
    }

    @Test
    void listAscendingIsStableOnTies() {
        // §15.2 #2: the predecessor's unstable sort left the −0.3 tie order unspecified; ties go by date here.
        QueryResult r = run("""
                {"operation": "list", "session": "RTH", "metric": "change_pct", "sort": "asc", "limit": 5}""");
        assertThat(r.table()).extracting(row -> row.get("change_pct")).containsExactly(-0.8, -0.6, -0.5, -0.4, -0.3);
        assertThat(r.table().get(4)).containsEntry("trade_date", "2024-01-02");
        assertThat(r.table()).extracting(row -> row.get("trade_date"))
                .containsExactly(day(12), day(16), day(5), day(8), day(1));
    }

    @Test
    void listWithoutLimitReturnsEveryDayAndEmptyIsAnAnswer() {
        assertThat(run("{\"operation\": \"list\", \"session\": \"RTH\", \"metric\": \"change_pct\"}").table())
                .hasSize(20);
        // §15.2 #3 and §16.1 #19: nothing matched is an answer with count 0, not an error.
        QueryResult none = run("""
                {"operation": "list", "session": "RTH", "metric": "change_pct",
                 "filters": [{"metric": "change_pct", "op": ">", "value": 5}]}""");
        assertThat(none.table()).isEmpty();
        assertThat(none.sourceRowCount()).isZero();
        assertThat(none.summary().labels()).containsEntry("note", "no such days");
    }

    // --- count (§15.2 #6–#8) ---

    @Test
    void countsEveryDayAndTheSourceRowsAreTheCountedDays() {
        QueryResult r = run("{\"operation\": \"count\", \"session\": \"RTH\", \"metric\": \"change_pct\"}");
        assertThat(r.summary().value()).isEqualTo(20.0);
        assertThat(r.sourceRows()).hasSize(20);
        assertThat(r.sourceRows().getFirst()).containsEntry("trade_date", "2024-01-01").containsKey("change_pct");
        QueryResult none = run("""
                {"operation": "count", "session": "RTH", "period": {"from": "2025-01-01", "to": "2025-12-31"}}""");
        assertThat(none.summary().value()).isZero();
        assertThat(none.summary().labels()).containsEntry("note", "no such days");
    }

    // --- group and compare (§15.2 #9–#11) ---

    @Test
    void groupByWeekdayOfGroupedDf() {
        QueryResult r = run("""
                {"operation": "group", "session": "MORNING", "metric": "change_pct", "aggregate": "mean",
                 "group_by": "weekday"}""");
        assertThat(r.table()).extracting(row -> row.get("mean_change_pct")).containsExactly(0.0, 0.0, 1.5, 0.0, 0.0);
        assertThat(r.summary().best()).containsEntry("weekday_name", "wednesday").containsEntry("mean_change_pct", 1.5);
        assertThat(r.summary().worst()).containsEntry("weekday_name", "monday");
        long total = r.table().stream().mapToLong(row -> (Long) row.get("count")).sum();
        assertThat(total).isEqualTo(r.sourceRowCount()).isEqualTo(10);

        QueryResult std = run("""
                {"operation": "group", "session": "MORNING", "metric": "change_pct", "aggregate": "std",
                 "group_by": "weekday"}""");
        assertThat(std.table()).extracting(row -> row.get("std_change_pct"))
                .containsExactly(1.41, 1.41, 0.71, 2.83, 2.83);
    }

    @Test
    void compareVariantsSideBySide() {
        QueryResult weekdays = run("""
                {"id": "c1", "operation": "compare", "session": "RTH", "metric": "change_pct",
                 "variants": [{"weekdays": ["monday"], "label": "Monday"}, {"weekdays": ["friday"], "label": "Friday"}]}""");
        assertThat(weekdays.operation()).isEqualTo("compare");
        assertThat(weekdays.table()).hasSize(2);
        assertThat(weekdays.table().get(0)).containsEntry("variant", "Monday").containsEntry("count", 4L);
        assertThat(d(weekdays.table().get(0).get("mean_change_pct"))).isCloseTo(0.2, within(0.001));
        assertThat(d(weekdays.table().get(1).get("mean_change_pct"))).isCloseTo(0.175, within(0.006));
        assertThat(weekdays.summary().type()).isEqualTo("grouped");
        assertThat(weekdays.summary().by()).isEqualTo("variant");
        assertThat(weekdays.summary().best()).containsEntry("variant", "Monday");
        assertThat(weekdays.sourceRowCount()).isEqualTo(8);
        assertThat(weekdays.sourceRows()).extracting(row -> row.get("variant")).containsOnly("Monday", "Friday");

        QueryResult sessions = run("""
                {"operation": "compare", "metric": "range", "aggregate": "mean",
                 "variants": [{"session": "RTH"}, {"session": "ETH"}]}""");
        assertThat(sessions.table()).extracting(row -> row.get("variant")).containsExactly("RTH", "ETH");
        assertThat(sessions.table()).extracting(row -> row.get("mean_range")).containsExactly(10.9, 21.8);
        assertThat(sessions.metadata().sql()).contains(";\n");

        QueryResult periods = run("""
                {"operation": "compare", "session": "RTH",
                 "variants": [{"period": {"from": "2024-01-01", "to": "2024-01-10"}},
                              {"period": {"from": "2024-01-11", "to": "2024-01-31"}}]}""");
        assertThat(periods.table()).extracting(row -> row.get("count")).containsExactly(10L, 10L);
        assertThat(periods.table().getFirst()).containsEntry("variant", "2024-01-01…2024-01-10")
                .containsEntry("period_to", "2024-01-10");

        QueryResult metrics = run("""
                {"operation": "compare", "session": "RTH", "aggregate": "max",
                 "variants": [{"metric": "range"}, {"metric": "change_pct"}]}""");
        assertThat(metrics.summary().valueName()).isEqualTo("value");
        assertThat(metrics.table()).extracting(row -> row.get("value")).containsExactly(15.0, 1.0);
    }

    // --- correlation (§15.2 #12–#13) ---

    @Test
    void pearsonCorrelationWithN() {
        QueryResult r = run("""
                {"operation": "correlation", "session": "RTH", "metric": "change_pct", "metric2": "gap_pct"}""");
        assertThat(r.summary().type()).isEqualTo("dict");
        assertThat(r.summary().value()).isEqualTo(-0.07);
        assertThat(r.summary().values()).containsEntry("n", 20.0);
        assertThat(r.summary().labels()).containsEntry("strength", "none").containsEntry("direction", "negative");
        assertThat(r.sourceRows()).hasSize(20).allSatisfy(row -> assertThat(row).containsKeys("change_pct", "gap_pct"));

        QueryResult strong = run("""
                {"operation": "correlation", "session": "RTH", "metric": "change_pct", "metric2": "range"}""");
        assertThat(strong.summary().value()).isEqualTo(-0.75);
        assertThat(strong.summary().labels()).containsEntry("strength", "strong");

        // metric2 read one trading day later: pairs (change_i, gap_{i+1}) for i = 0..18.
        QueryResult next = run("""
                {"operation": "correlation", "session": "RTH", "metric": "change_pct", "metric2": "gap_pct",
                 "offset": 1}""");
        assertThat(next.summary().values()).containsEntry("n", 19.0);
        assertThat(next.summary().value()).isCloseTo(pearson(0, 1), within(0.006));

        QueryResult empty = run("""
                {"operation": "correlation", "session": "RTH", "metric": "change_pct", "metric2": "gap_pct",
                 "period": {"from": "2025-01-01", "to": "2025-02-01"}}""");
        assertThat(empty.summary().value()).isNull();
        assertThat(empty.summary().values()).containsEntry("n", 0.0);
    }

    private static double pearson(int from, int lag) {
        int n = HandMadeDays.CHANGE.length - lag;
        double mx = 0;
        double my = 0;
        for (int i = from; i < n; i++) {
            mx += HandMadeDays.CHANGE[i];
            my += HandMadeDays.GAP[i + lag];
        }
        mx /= n;
        my /= n;
        double sxy = 0;
        double sxx = 0;
        double syy = 0;
        for (int i = from; i < n; i++) {
            double x = HandMadeDays.CHANGE[i] - mx;
            double y = HandMadeDays.GAP[i + lag] - my;
            sxy += x * y;
            sxx += x * x;
            syy += y * y;
        }
        return sxy / Math.sqrt(sxx * syy);
    }

    // --- distribution (§15.2 #14–#15) ---

    @Test
    void distributionMatchesNumpy() {
        QueryResult r = run("{\"operation\": \"distribution\", \"session\": \"RTH\", \"metric\": \"change_pct\"}");
        Map<String, Double> v = r.summary().values();
        assertThat(r.summary().type()).isEqualTo("dict");
        assertThat(v).containsEntry("count", 20.0).containsEntry("mean", 0.13).containsEntry("median", 0.15)
                .containsEntry("min", -0.8).containsEntry("max", 1.0).containsEntry("p5", -0.61)
                .containsEntry("p25", -0.3).containsEntry("p50", 0.15);
        assertThat(v.get("std")).isCloseTo(0.535, within(0.006));
        assertThat(v.get("p75")).isCloseTo(0.525, within(0.006));
        assertThat(v.get("p95")).isCloseTo(0.905, within(0.006));
        assertThat(r.table()).extracting(row -> row.get("count"))
                .containsExactly(1L, 2L, 3L, 3L, 0L, 2L, 2L, 3L, 2L, 2L);
        assertThat(r.table().getFirst()).containsEntry("bin", 1L).containsEntry("bin_from", -0.8)
                .containsEntry("bin_to", -0.62).containsEntry("pct", 5.0);
        assertThat(r.table().getLast()).containsEntry("bin_to", 1.0);
        assertThat(r.sourceRowCount()).isEqualTo(20);
        assertThat(r.metadata().sql()).contains("quantile_cont").contains("range(CAST(");

        QueryResult custom = run("""
                {"operation": "distribution", "session": "RTH", "metric": "range", "bins": 2, "percentiles": [90]}""");
        // ranges 7 … 15 split at 11: nine below, eleven from 11 up (the last bin includes its upper edge).
        assertThat(custom.table()).extracting(row -> row.get("count")).containsExactly(9L, 11L);
        assertThat(custom.summary().values()).containsKey("p90").doesNotContainKey("p5");

        QueryResult empty = run("""
                {"operation": "distribution", "session": "RTH", "metric": "range",
                 "filters": [{"metric": "range", "op": ">", "value": 100}]}""");
        assertThat(empty.table()).isEmpty();
        assertThat(empty.summary().values()).containsEntry("count", 0.0);
    }

    // --- probability (§15.2 #16–#18) ---

    @Test
    void probabilityOfAnOutcomeGivenACondition() {
        QueryResult r = run("""
                {"operation": "probability", "session": "RTH",
                 "outcome": {"metric": "change_pct", "op": ">", "value": 0}}""");
        assertThat(r.summary().type()).isEqualTo("dict");
        assertThat(r.summary().value()).isEqualTo(55.0);
        assertThat(r.summary().values()).containsEntry("matches", 11.0).containsEntry("total", 20.0);
        assertThat(r.summary().labels()).containsEntry("outcome", "change_pct > 0");

        // §15.2 #17: the predecessor ignored condition_filters; here the filter is the condition. Gap-up days
        // (12), outcome read the next trading day: 11 have a next day, 5 of them closed up.
        QueryResult next = run("""
                {"operation": "probability", "session": "RTH", "gap": "up", "offset": 1,
                 "outcome": {"metric": "change_pct", "op": ">", "value": 0}}""");
        assertThat(next.summary().values()).containsEntry("matches", 5.0).containsEntry("total", 11.0)
                .containsEntry("probability", 45.45).containsEntry("base_total", 19.0)
                .containsEntry("base_probability", 52.63);
        assertThat(next.sourceRowCount()).isEqualTo(11);
        assertThat(next.sourceRows()).allSatisfy(row -> assertThat(row).containsKeys("change_pct_next_1",
                "outcome_met", "gap"));
        assertThat(next.sourceRows().stream().mapToLong(row -> (Long) row.get("outcome_met")).sum()).isEqualTo(5);

        QueryResult empty = run("""
                {"operation": "probability", "session": "RTH", "period": {"from": "2025-01-01", "to": "2025-01-31"},
                 "outcome": {"metric": "change_pct", "op": ">", "value": 0}}""");
        assertThat(empty.summary().value()).isZero();
        assertThat(empty.summary().values()).containsEntry("matches", 0.0).containsEntry("total", 0.0);
    }

    // --- streak (§15.2 #19–#20) ---

    @Test
    void streaksOfAConditionWithStartEndAndLength() {
        QueryResult r = run("""
                {"operation": "streak", "session": "RTH", "filters": [{"metric": "change_pct", "op": ">", "value": 0}]}""");
        assertThat(r.table()).containsExactly(
                Map.of("start", "2024-01-07", "end", "2024-01-08", "length", 2L),
                Map.of("start", "2024-01-18", "end", "2024-01-19", "length", 2L));
        assertThat(r.summary().values()).containsEntry("runs", 2.0).containsEntry("max_length", 2.0)
                .containsEntry("mean_length", 2.0).containsEntry("days", 4.0);
        assertThat(r.sourceRowCount()).isEqualTo(4);
        // §15.2 #20 encoded defect §16.1 #16 (the colour parameter was ignored: red gave the green runs).
        QueryResult red = run("""
                {"operation": "streak", "session": "RTH", "min_length": 1, "patterns": ["red"]}""");
        assertThat(red.summary().values()).containsEntry("runs", 9.0).containsEntry("max_length", 1.0);
        // A run is consecutive trading days: Mondays in a row are weeks apart, so no run of 2 Mondays exists.
        QueryResult mondays = run("""
                {"operation": "streak", "session": "RTH", "weekdays": ["monday"]}""");
        assertThat(mondays.table()).isEmpty();
        assertThat(mondays.summary().labels()).containsEntry("note", "no such runs");
    }

    // --- around (§15.2 #21–#25) ---

    @Test
    void aroundReportsEachOffset() {
        QueryResult r = run("{\"operation\": \"around\", \"session\": \"AFTERNOON\", \"offsets\": [1, -1, 5]}");
        assertThat(r.summary().type()).isEqualTo("grouped");
        assertThat(r.summary().by()).isEqualTo("day");
        assertThat(r.table()).extracting(row -> row.get("day")).containsExactly(-1L, 1L, 5L);
        Map<String, Object> before = r.table().get(0);
        assertThat(before).containsEntry("count", 9L).containsEntry("mean", 0.21).containsEntry("median", 0.3)
                .containsEntry("positive", 5L).containsEntry("negative", 4L).containsEntry("positive_pct", 55.56);
        Map<String, Object> after = r.table().get(1);
        assertThat(after).containsEntry("count", 9L).containsEntry("mean", 0.18).containsEntry("median", 0.2)
                .containsEntry("positive", 5L).containsEntry("negative", 4L).containsEntry("positive_pct", 55.56);
        // §15.2 #23 encoded defect §16.1 #14 (only ±1 supported): offset 5 is the 5th trading day after.
        assertThat(r.table().get(2)).containsEntry("count", 5L).containsEntry("mean", 0.06)
                .containsEntry("median", 0.2).containsEntry("positive", 3L);
        assertThat(r.sourceRows().getFirst()).containsKeys("change_pct_prev_1", "change_pct_next_1",
                "change_pct_next_5");

        QueryResult sample = run("{\"operation\": \"around\", \"session\": \"RTH\"}");
        assertThat(sample.table()).singleElement().satisfies(row -> assertThat(row)
                .containsEntry("day", 1L).containsEntry("count", 19L).containsEntry("mean", 0.11)
                .containsEntry("median", 0.1).containsEntry("positive", 10L).containsEntry("negative", 9L)
                .containsEntry("positive_pct", 52.63));
    }

    @Test
    void aroundAfterAStreakCountsEachRunOnce() {
        // §16.1 #15: the predecessor counted every day at position ≥ N of a run. Two green days in a row complete
        // on 01-08 and 01-19; the day after each fell 0.4 and 0.2.
        QueryResult r = run("""
                {"operation": "around", "session": "RTH", "consecutive": {"color": "green", "length": 2},
                 "offsets": [1]}""");
        assertThat(r.sourceRows()).extracting(row -> row.get("trade_date")).containsExactly(day(7), day(18));
        assertThat(r.table().getFirst()).containsEntry("count", 2L).containsEntry("mean", -0.3)
                .containsEntry("positive", 0L);
    }

    // --- top_n ---

    @Test
    void topNOverallAndPerGroup() {
        QueryResult top = run("{\"operation\": \"top_n\", \"session\": \"RTH\", \"metric\": \"range\", \"limit\": 3}");
        assertThat(top.table()).extracting(row -> row.get("trade_date")).containsExactly(day(3), day(8), day(16));
        assertThat(top.table()).extracting(row -> row.get("rank")).containsExactly(1L, 2L, 3L);
        assertThat(top.summary().best()).containsEntry("range", 15.0);

        QueryResult perWeekday = run("""
                {"operation": "top_n", "session": "RTH", "metric": "range", "limit": 1, "group_by": "weekday"}""");
        assertThat(perWeekday.table()).extracting(row -> row.get("trade_date"))
                .containsExactly(day(5), day(16), day(12), day(3), day(14));
        assertThat(perWeekday.table()).extracting(row -> row.get("weekday")).containsExactly(1L, 2L, 3L, 4L, 5L);
        assertThat(run("{\"operation\": \"top_n\", \"session\": \"RTH\", \"metric\": \"range\"}").table()).hasSize(10);
    }

    // --- formation on the hand-made high times ---

    @Test
    void formationBucketsTheTimeTheHighWasSet() {
        QueryResult r = run("""
                {"operation": "formation", "session": "RTH", "extreme": "high", "bucket": "30m"}""");
        int[] counts = new int[48];
        for (int i = 0; i < 20; i++) {
            int minute = 9 * 60 + 30 + HandMadeDays.highMinute(i);
            counts[minute / 30]++;
        }
        long total = 0;
        for (Map<String, Object> row : r.table()) {
            String[] hm = ((String) row.get("time")).split(":");
            int slot = (Integer.parseInt(hm[0]) * 60 + Integer.parseInt(hm[1])) / 30;
            assertThat(row.get("count")).isEqualTo((long) counts[slot]);
            total += (Long) row.get("count");
        }
        assertThat(total).isEqualTo(20).isEqualTo(r.sourceRowCount());
        assertThat(r.columns()).containsExactly("time", "count", "pct");
        assertThat(r.summary().by()).isEqualTo("time");
        List<String> times = r.table().stream().map(row -> (String) row.get("time")).toList();
        assertThat(times).isSorted();
        assertThat(times.getFirst()).isEqualTo("09:30");
    }

    @Test
    void formationBucketsOfEveryWidthAreAlignedToTheClock() {
        for (String bucket : List.of("5m", "10m", "15m", "20m", "30m", "60m", "1h", "120m", "2h")) {
            int width = Integer.parseInt(bucket.replaceAll("\\D", "")) * (bucket.endsWith("h") ? 60 : 1);
            QueryResult r = run("""
                    {"operation": "formation", "session": "RTH", "extreme": "high", "bucket": "%s"}""".formatted(bucket));
            String label = width == 60 ? "hour" : "time";
            assertThat(r.columns()).as(bucket).containsExactly(label, "count", "pct");
            java.util.Map<String, Long> expected = new java.util.TreeMap<>();
            for (int i = 0; i < 20; i++) {
                int minute = 9 * 60 + 30 + HandMadeDays.highMinute(i);
                int start = minute / width * width;
                expected.merge("%02d:%02d".formatted(start / 60, start % 60), 1L, Long::sum);
            }
            // RTH lies within one day, so session order is clock order here
            assertThat(r.table()).as(bucket).extracting(row -> row.get(label))
                    .containsExactlyElementsOf(expected.keySet());
            assertThat(r.table()).as(bucket).extracting(row -> row.get("count"))
                    .containsExactlyElementsOf(expected.values());
        }
        // the first RTH bucket of two hours is 08:00–10:00, of twenty minutes 09:20–09:40
        assertThat(run("""
                {"operation": "formation", "session": "RTH", "extreme": "high", "bucket": "2h"}""").table().getFirst())
                .containsEntry("time", "08:00");
    }
}
