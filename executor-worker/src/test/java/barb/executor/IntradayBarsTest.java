package barb.executor;

import barb.core.QueryResult;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Map;

import static barb.executor.TestMarketData.count;
import static barb.executor.TestMarketData.rows;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

/**
 * Intraday timeframes (5m … 4h): one row per bar of the session, counted from the session's start, checked
 * against an independent fold of the minute bars.
 */
class IntradayBarsTest {
    private static PlanExecutor executor;

    @BeforeAll
    static void data() {
        executor = new PlanExecutor(TestMarketData.store());
    }

    private static QueryResult run(String json) {
        return executor.execute(HandMadeDays.plan(json));
    }

    /** Bars of {@code minutes} from the RTH minutes, counted from 09:30, with the previous bar's values. */
    private static String rthBars(int minutes) {
        return """
                (SELECT *, lag(o) OVER w AS po, lag(h) OVER w AS ph, lag(l) OVER w AS pl, lag(c) OVER w AS pc,
                        lag(c, 6) OVER w AS p6c
                 FROM (SELECT CAST(ts + INTERVAL 6 HOUR AS DATE) AS d,
                              ts - to_minutes(CAST((hour(ts) * 60 + minute(ts) - 570) %% %1$d AS BIGINT)) AS t,
                              arg_min(open, ts) AS o, max(high) AS h, min(low) AS l, arg_max(close, ts) AS c
                       FROM bars WHERE CAST(ts AS TIME) >= TIME '09:30' AND CAST(ts AS TIME) < TIME '17:00'
                       GROUP BY 1, 2)
                 WINDOW w AS (ORDER BY t))""".formatted(minutes);
    }

    @Test
    void hourBarsOfRthStartAtTheOpenAndMatchTheMinutes() {
        QueryResult r = run("""
                {"operation": "list", "session": "RTH", "timeframe": "1h", "metric": "range", "sort": "desc",
                 "limit": 5, "period": {"from": "2024-03-01", "to": "2024-03-31"}}""");
        List<List<Object>> expected = rows("SELECT strftime(t, '%Y-%m-%d %H:%M'), h - l FROM " + rthBars(60)
                + " WHERE d BETWEEN DATE '2024-03-01' AND DATE '2024-03-31' ORDER BY h - l DESC, t LIMIT 5");
        assertThat(r.table()).extracting(row -> row.get("bar_time"))
                .containsExactlyElementsOf(expected.stream().map(e -> e.getFirst()).toList());
        for (int i = 0; i < 5; i++) {
            assertThat((Double) r.table().get(i).get("range"))
                    .isCloseTo(((Number) expected.get(i).get(1)).doubleValue(), within(0.005));
        }
        assertThat(r.columns()).startsWith("trade_date", "bar_time");
        assertThat(r.metadata().timeframe()).isEqualTo("1h");
        // 09:30, 10:30 … 16:30 (a half bar): eight bars a regular RTH day
        assertThat(count("SELECT count(DISTINCT strftime(t, '%H:%M')) FROM " + rthBars(60))).isEqualTo(8);
        assertThat(r.metadata().rowsScanned()).isEqualTo(count("SELECT count(*) FROM " + rthBars(60)
                + " WHERE d BETWEEN DATE '2024-03-01' AND DATE '2024-03-31'"));
    }

    @Test
    void candlePatternsOnHourAndQuarterHourBars() {
        for (int minutes : new int[]{60, 15}) {
            String tf = minutes == 60 ? "1h" : "15m";
            long hammers = count("SELECT count(*) FROM " + rthBars(minutes) + " WHERE year(d) = 2024 AND h > l "
                    + "AND abs(c - o) <= 0.3 * (h - l) AND least(o, c) - l >= 0.6 * (h - l) "
                    + "AND h - greatest(o, c) <= 0.1 * (h - l) AND pc < p6c");
            long engulfing = count("SELECT count(*) FROM " + rthBars(minutes) + " WHERE year(d) = 2024 "
                    + "AND pc < po AND c > o AND o <= pc AND c >= po AND c - o > po - pc");
            assertThat(engulfing).as(tf).isPositive();
            assertThat(countOf("""
                    {"operation": "count", "session": "RTH", "timeframe": "%s", "patterns": ["bullish_engulfing"],
                     "period": {"from": "2024-01-01", "to": "2024-12-31"}}""".formatted(tf))).as(tf).isEqualTo(engulfing);
            assertThat(countOf("""
                    {"operation": "count", "session": "RTH", "timeframe": "%s", "patterns": ["hammer"],
                     "period": {"from": "2024-01-01", "to": "2024-12-31"}}""".formatted(tf))).as(tf).isEqualTo(hammers);
        }
    }

    private static long countOf(String json) {
        return ((Number) run(json).table().getFirst().get("count")).longValue();
    }

    @Test
    void averageRangeByHourOfFifteenMinuteBars() {
        QueryResult r = run("""
                {"operation": "group", "session": "RTH", "timeframe": "15m", "group_by": "hour", "metric": "range",
                 "aggregate": "mean", "period": {"from": "2024-01-01", "to": "2024-06-30"}}""");
        List<List<Object>> expected = rows("SELECT hour(t), avg(h - l), count(*) FROM " + rthBars(15)
                + " WHERE d BETWEEN DATE '2024-01-01' AND DATE '2024-06-30' GROUP BY 1 ORDER BY 1");
        assertThat(r.table()).hasSize(expected.size()).hasSize(8);
        for (int i = 0; i < expected.size(); i++) {
            Map<String, Object> row = r.table().get(i);
            assertThat(row.get("hour")).isEqualTo(((Number) expected.get(i).getFirst()).longValue());
            assertThat((Double) row.get("mean_range"))
                    .isCloseTo(((Number) expected.get(i).get(1)).doubleValue(), within(0.005));
            assertThat(row.get("count")).isEqualTo(((Number) expected.get(i).get(2)).longValue());
        }
    }

    @Test
    void streaksOfGreenHourBarsAndTheNextBar() {
        QueryResult streaks = run("""
                {"operation": "streak", "session": "RTH", "timeframe": "1h", "min_length": 4,
                 "filters": [{"metric": "is_green", "op": "=", "value": 1}],
                 "period": {"from": "2024-01-01", "to": "2024-12-31"}}""");
        List<List<Object>> runs = rows("""
                WITH x AS (SELECT t, CASE WHEN c > o THEN 1 ELSE 0 END AS hit FROM %s WHERE year(d) = 2024),
                g AS (SELECT *, sum(1 - hit) OVER (ORDER BY t ROWS UNBOUNDED PRECEDING) AS grp FROM x)
                SELECT strftime(min(t), '%%Y-%%m-%%d %%H:%%M'), count(*) FROM g WHERE hit = 1 GROUP BY grp
                HAVING count(*) >= 4 ORDER BY count(*) DESC, min(t)""".formatted(rthBars(60)));
        assertThat(runs).isNotEmpty();
        assertThat(streaks.table()).hasSize(runs.size());
        assertThat(streaks.table().getFirst()).containsEntry("start", runs.getFirst().getFirst())
                .containsEntry("length", ((Number) runs.getFirst().get(1)).longValue());
        // a run crosses the night: the bar after 16:30 is the next day's 09:30 bar
        QueryResult next = run("""
                {"operation": "probability", "session": "RTH", "timeframe": "1h", "offset": 1,
                 "filters": [{"metric": "is_red", "op": "=", "value": 1}],
                 "outcome": {"metric": "is_green", "op": "=", "value": 1},
                 "period": {"from": "2024-01-01", "to": "2024-12-31"}}""");
        List<Object> p = rows("""
                WITH x AS (SELECT d, c < o AS red, lead(CASE WHEN c > o THEN 1 ELSE 0 END) OVER (ORDER BY t) AS ng
                           FROM %s)
                SELECT count(*) FILTER (WHERE ng = 1), count(ng) FROM x WHERE year(d) = 2024 AND red""".formatted(rthBars(60)))
                .getFirst();
        assertThat(next.table().getFirst()).containsEntry("matches", ((Number) p.get(0)).longValue())
                .containsEntry("total", ((Number) p.get(1)).longValue());
    }

    @Test
    void withATimeWindowBarsCountFromTheWindowsStart() {
        QueryResult r = run("""
                {"operation": "list", "session": "RTH", "timeframe": "1h", "time": {"from": "10:00", "to": "12:00"},
                 "period": {"from": "2024-03-04", "to": "2024-03-05"}}""");
        assertThat(r.table()).extracting(row -> row.get("bar_time")).containsExactly(
                "2024-03-04 10:00", "2024-03-04 11:00", "2024-03-05 10:00", "2024-03-05 11:00");
        double high = ((Number) rows("SELECT max(high) FROM bars WHERE ts >= TIMESTAMP '2024-03-05 11:00' "
                + "AND ts < TIMESTAMP '2024-03-05 12:00'").getFirst().getFirst()).doubleValue();
        assertThat((Double) r.table().getLast().get("high")).isEqualTo(high);
    }
}
