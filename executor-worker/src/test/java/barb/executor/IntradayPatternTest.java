package barb.executor;

import barb.core.QueryResult;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import static barb.executor.TestMarketData.count;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * Patterns on candles of a time window (session-days folded from minutes): the same definitions as on the
 * stored session-days, checked against the stored flags and against an independent computation from the bars.
 */
class IntradayPatternTest {
    private static PlanExecutor executor;

    @BeforeAll
    static void data() {
        executor = new PlanExecutor(TestMarketData.store());
    }

    private static long countPlan(String pattern, String from, String to) {
        QueryResult r = executor.execute(HandMadeDays.plan("""
                {"operation": "count", "session": "RTH", "patterns": ["%s"], "time": {"from": "%s", "to": "%s"},
                 "period": {"from": "2024-01-01", "to": "2024-12-31"}}""".formatted(pattern, from, to)));
        return ((Number) r.table().getFirst().get("count")).longValue();
    }

    @ParameterizedTest
    @ValueSource(strings = {"doji", "hammer", "hanging_man", "shooting_star", "bullish_engulfing",
            "bearish_harami", "morning_star", "three_white_soldiers", "marubozu", "spinning_top", "inside_day",
            "outside_day", "nr4", "nr7", "higher_high", "lower_low", "breakout_high", "breakout_low"})
    void aWindowAsLongAsTheSessionFindsTheStoredPatternDays(String pattern) {
        long stored = count("SELECT count(*) FROM session_days WHERE session = 'RTH' AND year = 2024 AND is_"
                + pattern + " = 1");
        assertThat(countPlan(pattern, "09:30", "17:00")).as(pattern).isEqualTo(stored);
    }

    @Test
    void patternsOnTheFirstHourMatchAnIndependentFold() {
        // off the 30-minute block bounds too, so both ways of folding a window are covered
        for (String[] window : new String[][]{{"09:30", "10:30"}, {"09:35", "10:20"}}) {
            String candles = """
                    (SELECT d, o, h, l, c, lag(o) OVER w AS po, lag(h) OVER w AS ph, lag(l) OVER w AS pl,
                            lag(c) OVER w AS pc
                     FROM (SELECT CAST(ts + INTERVAL 6 HOUR AS DATE) AS d, arg_min(open, ts) AS o, max(high) AS h,
                                  min(low) AS l, arg_max(close, ts) AS c
                           FROM bars WHERE CAST(ts AS TIME) >= TIME '%s' AND CAST(ts AS TIME) < TIME '%s'
                           GROUP BY 1)
                     WINDOW w AS (ORDER BY d))""".formatted(window[0], window[1]);
            String in2024 = " WHERE year(d) = 2024 AND ";
            long doji = count("SELECT count(*) FROM " + candles + in2024 + "h > l AND abs(c - o) <= 0.1 * (h - l)");
            long inside = count("SELECT count(*) FROM " + candles + in2024 + "h < ph AND l > pl");
            long engulfing = count("SELECT count(*) FROM " + candles + in2024
                    + "pc < po AND c > o AND o <= pc AND c >= po AND c - o > po - pc");
            assertThat(doji + inside + engulfing).as("the synthetic data has such candles").isPositive();
            assertThat(countPlan("doji", window[0], window[1])).as("doji %s", window[0]).isEqualTo(doji);
            assertThat(countPlan("inside_day", window[0], window[1])).as("inside %s", window[0]).isEqualTo(inside);
            assertThat(countPlan("bullish_engulfing", window[0], window[1])).as("engulfing %s", window[0])
                    .isEqualTo(engulfing);
        }
    }

    @Test
    void aPatternFlagNamedInAFilterIsComputedToo() {
        QueryResult byFilter = executor.execute(HandMadeDays.plan("""
                {"operation": "count", "session": "RTH", "filters": [{"metric": "is_nr7", "op": "=", "value": 1}],
                 "time": {"from": "09:30", "to": "17:00"}, "period": {"from": "2024-01-01", "to": "2024-12-31"}}"""));
        assertThat(((Number) byFilter.table().getFirst().get("count")).longValue())
                .isEqualTo(countPlan("nr7", "09:30", "17:00")).isPositive();
        // a plan without patterns does not pay for them
        QueryResult plain = executor.execute(HandMadeDays.plan("""
                {"operation": "count", "session": "RTH", "time": {"from": "09:30", "to": "10:30"},
                 "period": {"from": "2024-01-01", "to": "2024-12-31"}}"""));
        assertThat(plain.metadata().sql()).doesNotContain("is_doji").doesNotContain("min_range_6");
    }
}
