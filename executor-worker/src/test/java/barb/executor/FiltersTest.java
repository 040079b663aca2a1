package barb.executor;

import barb.core.QueryResult;
import barb.core.StageException;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import static barb.executor.HandMadeDays.day;
import static barb.executor.HandMadeDays.plan;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** Every filter of plan schema v2 on the hand-made session days, and the refusals that name the field. */
class FiltersTest {
    private static PlanExecutor executor;

    @BeforeAll
    static void data() {
        executor = HandMadeDays.executor();
    }

    private static QueryResult run(String json) {
        return executor.execute(plan(json));
    }

    private static long count(String filtersJson) {
        QueryResult r = run("{\"operation\": \"count\", \"session\": \"RTH\", " + filtersJson + "}");
        long value = r.summary().value().longValue();
        assertThat(r.sourceRowCount()).isEqualTo(value);
        return value;
    }

    @Test
    void relativeThresholdComparesWithThePreviousDaysOnly() {
        // range > 1.2 × the mean range of the 3 previous session-days (not the day itself).
        QueryResult r = run("""
                {"operation": "list", "session": "RTH",
                 "filters": [{"metric": "range", "op": ">", "value": 1.2, "ref": "avg", "days": 3}]}""");
        assertThat(r.table()).extracting(row -> row.get("trade_date")).containsExactly(day(3), day(8), day(14), day(16));
        assertThat(r.table().getFirst()).containsEntry("avg_3d_range", 10.0).containsEntry("range", 15.0);
        assertThat(r.metadata().params()).contains(1.2, 3);
        // A period that starts on day 8 still compares day 8 with days 5–7, outside the period.
        QueryResult later = run("""
                {"operation": "list", "session": "RTH", "period": {"from": "2024-01-09", "to": "2024-01-31"},
                 "filters": [{"metric": "range", "op": ">", "value": 1.2, "ref": "avg", "days": 3}]}""");
        assertThat(later.table()).extracting(row -> row.get("trade_date")).containsExactly(day(8), day(14), day(16));
        // The first days have fewer than 3 previous days: no reference, so they never match.
        assertThat(count("\"filters\": [{\"metric\": \"range\", \"op\": \">\", \"value\": 0.01, \"ref\": \"max\", "
                + "\"days\": 20}]")).isZero();
        assertThat(count("\"filters\": [{\"metric\": \"range\", \"op\": \">=\", \"value\": 1, \"ref\": \"max\", "
                + "\"days\": 3}]")).isEqualTo(5);
    }

    @Test
    void consecutiveCountsTheDayTheRunCompletes() {
        // §16.1 #6: the predecessor ignored consecutive for count; #15: it counted every day of a run past N.
        assertThat(count("\"consecutive\": {\"color\": \"green\", \"length\": 2}")).isEqualTo(2);
        assertThat(count("\"consecutive\": {\"color\": \"green\", \"length\": 3}")).isZero();
        assertThat(count("\"consecutive\": {\"color\": \"green\", \"length\": 1, \"mode\": \"exactly\"}"))
                .isEqualTo(7);
        assertThat(count("\"consecutive\": {\"color\": \"red\", \"length\": 1}")).isEqualTo(9);
        QueryResult listed = run("""
                {"operation": "list", "session": "RTH", "consecutive": {"color": "green", "length": 2}}""");
        assertThat(listed.table()).extracting(row -> row.get("trade_date")).containsExactly(day(7), day(18));
        assertThat(listed.table()).allSatisfy(row -> assertThat(row).containsEntry("green_streak", 2L));
    }

    @Test
    void eventsAndPatternsMatchAnyOfTheList() {
        assertThat(count("\"events\": [\"fomc\"]")).isEqualTo(2);
        assertThat(count("\"events\": [\"fomc\", \"opex\"]")).isEqualTo(3);
        assertThat(count("\"events\": [\"day_before_holiday\"]")).isEqualTo(1);
        // §16.1 #8: two patterns are "either of them" (the predecessor ANDed them and found only day 11).
        assertThat(count("\"patterns\": [\"doji\", \"hammer\"]")).isEqualTo(3);
        assertThat(count("\"patterns\": [\"hammer\"]")).isEqualTo(2);
        // A flag is also a metric: "not an FOMC day".
        assertThat(count("\"filters\": [{\"metric\": \"is_fomc\", \"op\": \"=\", \"value\": 0}]")).isEqualTo(18);
        QueryResult r = run("""
                {"operation": "list", "session": "RTH", "events": ["fomc"], "patterns": ["doji", "hammer"]}""");
        assertThat(r.table()).isEmpty();
        QueryResult shown = run("{\"operation\": \"list\", \"session\": \"RTH\", \"events\": [\"FOMC\"]}");
        assertThat(shown.table()).allSatisfy(row -> assertThat(row).containsEntry("is_fomc", 1L));
    }

    @Test
    void calendarFiltersAndGaps() {
        assertThat(count("\"weekdays\": [\"monday\", \"fri\"]")).isEqualTo(8);
        assertThat(count("\"weekdays\": [1, 5]")).isEqualTo(8);
        assertThat(count("\"months\": [\"jan\"]")).isEqualTo(20);
        assertThat(count("\"months\": [2, \"march\"]")).isZero();
        assertThat(count("\"gap\": \"up\"")).isEqualTo(12);
        assertThat(count("\"gap\": \"down\"")).isEqualTo(8);
        assertThat(count("\"gap\": \"up\", \"weekdays\": [\"monday\"], \"filters\": [{\"metric\": \"change_pct\", "
                + "\"op\": \">\", \"value\": 0}]")).isEqualTo(1);
        // inclusive period ends (§16.1 #1)
        assertThat(count("\"period\": {\"from\": \"2024-01-05\", \"to\": \"2024-01-05\"}")).isEqualTo(1);
        assertThat(count("\"period\": {\"from\": \"2024-01-01\", \"to\": \"2024-01-10\"}")).isEqualTo(10);
    }

    @Test
    void groupedCountsAddUpToTheTotal() {
        for (String by : new String[]{"weekday", "month", "year"}) {
            QueryResult r = run("{\"operation\": \"group\", \"session\": \"RTH\", \"group_by\": \"" + by
                    + "\", \"gap\": \"up\"}");
            long sum = r.table().stream().mapToLong(row -> (Long) row.get("count")).sum();
            assertThat(sum).as(by).isEqualTo(r.sourceRowCount()).isEqualTo(12);
        }
    }

    @Test
    void refusalsNameTheField() {
        assertBad("{\"id\": \"s1\", \"operation\": \"count\", \"weekdays\": [\"funday\"]}",
                "plan s1: weekdays[0] 'funday' is not a weekday");
        assertBad("{\"id\": \"s1\", \"operation\": \"count\", \"months\": [13]}", "plan s1: months[0] '13'");
        assertBad("{\"id\": \"s1\", \"operation\": \"count\", \"patterns\": [\"doji\", \"unicorn\"]}",
                "plan s1: patterns[1] 'unicorn' is unknown");
        assertBad("{\"id\": \"s1\", \"operation\": \"count\", \"events\": [\"earnings\"]}",
                "plan s1: events[0] 'earnings' is unknown");
        assertBad("{\"id\": \"s1\", \"operation\": \"count\", \"gap\": \"sideways\"}", "plan s1: gap 'sideways'");
        assertBad("{\"id\": \"s1\", \"operation\": \"count\", \"consecutive\": {\"color\": \"blue\", \"length\": 2}}",
                "plan s1: consecutive.color 'blue'");
        assertBad("{\"id\": \"s1\", \"operation\": \"count\", \"consecutive\": {\"color\": \"red\"}}",
                "plan s1: consecutive.length");
        assertBad("{\"id\": \"s1\", \"operation\": \"count\", \"time\": {\"from\": \"10:00\", \"to\": \"25:00\"}}",
                "plan s1: time.to '25:00'");
        assertBad("{\"id\": \"s1\", \"operation\": \"count\", \"filters\": [{\"metric\": \"range\", \"op\": \">\", "
                + "\"value\": 1.5, \"ref\": \"mode\", \"days\": 20}]}", "plan s1: filters[0].ref 'mode'");
        assertBad("{\"id\": \"s1\", \"operation\": \"count\", \"filters\": [{\"metric\": \"range\", \"op\": \">\", "
                + "\"value\": 1.5, \"ref\": \"avg\"}]}", "plan s1: filters[0].days missing");
        assertBad("{\"id\": \"s1\", \"operation\": \"count\", \"filters\": [{\"metric\": \"range\", \"op\": \">\", "
                + "\"value\": 1.5, \"ref\": \"avg\", \"days\": 0}]}", "plan s1: filters[0].days must be");
        assertBad("{\"id\": \"s1\", \"operation\": \"probability\"}", "plan s1: probability needs outcome");
        assertBad("{\"id\": \"s1\", \"operation\": \"probability\", \"outcome\": {\"metric\": \"colour\", \"op\": \">\","
                + " \"value\": 0}}", "plan s1: unknown outcome.metric 'colour'");
        assertBad("{\"id\": \"s1\", \"operation\": \"correlation\", \"metric\": \"range\"}",
                "plan s1: correlation needs metric2");
        assertBad("{\"id\": \"s1\", \"operation\": \"distribution\", \"metric\": \"range\", \"bins\": 0}",
                "plan s1: bins must be 1–100");
        assertBad("{\"id\": \"s1\", \"operation\": \"distribution\", \"metric\": \"range\", \"percentiles\": [101]}",
                "plan s1: percentiles[0]");
        assertBad("{\"id\": \"s1\", \"operation\": \"around\", \"offsets\": [1, 9999]}", "plan s1: offsets[1]");
        assertBad("{\"id\": \"s1\", \"operation\": \"formation\", \"extreme\": \"high\", \"bucket\": \"7m\"}",
                "plan s1: bucket '7m'");
        assertBad("{\"id\": \"s1\", \"operation\": \"compare\", \"variants\": [{\"session\": \"RTH\"}]}",
                "plan s1: compare needs variants (at least 2)");
        assertBad("{\"id\": \"s1\", \"operation\": \"compare\", \"variants\": [{\"session\": \"RTH\"}, "
                + "{\"session\": \"MARS\"}]}", "plan s1: variants[1]: unknown session 'MARS'");
        assertBad("{\"id\": \"s1\", \"operation\": \"top_n\"}", "plan s1: top_n needs a metric");
        assertBad("{\"id\": \"s1\", \"operation\": \"streak\", \"min_length\": 0}", "plan s1: min_length must be");
        // Known names the loaded data does not have: the hand-made table has no nr7 flag and no cpi flag.
        assertBad("{\"id\": \"s1\", \"operation\": \"count\", \"session\": \"RTH\", \"patterns\": [\"nr7\"]}",
                "plan s1: patterns: 'nr7' is not available");
        assertBad("{\"id\": \"s1\", \"operation\": \"count\", \"session\": \"RTH\", \"events\": [\"cpi\"]}",
                "plan s1: events[0] (cpi) needs column 'is_cpi'");
    }

    private static void assertBad(String json, String message) {
        assertThatThrownBy(() -> run(json))
                .isInstanceOfSatisfying(StageException.class, e -> {
                    assertThat(e.code()).isEqualTo("bad_plan");
                    assertThat(e.retriable()).isFalse();
                })
                .hasMessageContaining(message);
    }
}
