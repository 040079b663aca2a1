package barb.executor;

import barb.core.QueryResult;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Map;

import static barb.executor.TestMarketData.count;
import static barb.executor.TestMarketData.rows;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * The gap fill and overnight-break columns of the generated history against the same numbers computed plainly
 * from the minute bars: every minute of a session compared with the level, no blocks.
 */
class SessionLevelsTest {
    private static PlanExecutor executor;

    @BeforeAll
    static void data() {
        executor = new PlanExecutor(TestMarketData.store());
    }

    /**
     * Per trading day of the minutes matching {@code timeFilter}: open o, the previous day's close pc, the first
     * minute that traded back to pc (fill), the overnight high/low (18:00–09:30) and the first minutes above /
     * below them.
     */
    private static String fromMinutes(String timeFilter) {
        return """
                (WITH m AS (SELECT CAST(ts + INTERVAL 6 HOUR AS DATE) AS d, * FROM bars WHERE %s),
                day AS (SELECT d, arg_min(open, ts) AS o, max(high) AS h, min(low) AS l, arg_max(close, ts) AS c
                        FROM m GROUP BY d),
                p AS (SELECT *, lag(c) OVER (ORDER BY d) AS pc FROM day),
                night AS (SELECT CAST(ts + INTERVAL 6 HOUR AS DATE) AS d, max(high) AS nh, min(low) AS nl FROM bars
                          WHERE CAST(ts AS TIME) >= TIME '18:00' OR CAST(ts AS TIME) < TIME '09:30' GROUP BY 1),
                firsts AS (SELECT m.d,
                           min(m.ts) FILTER (WHERE (p.o > p.pc AND m.low <= p.pc) OR (p.o < p.pc AND m.high >= p.pc)) AS fill,
                           min(m.ts) FILTER (WHERE m.high > n.nh) AS above,
                           min(m.ts) FILTER (WHERE m.low < n.nl) AS below
                           FROM m JOIN p ON p.d = m.d LEFT JOIN night n ON n.d = m.d GROUP BY m.d)
                SELECT p.*, n.nh, n.nl, f.fill, f.above, f.below
                FROM p JOIN firsts f ON f.d = p.d LEFT JOIN night n ON n.d = p.d)""".formatted(timeFilter);
    }

    @Test
    void rthGapFillMatchesTheMinutes() {
        String x = fromMinutes(TestMarketData.RTH);
        assertThat(count("SELECT count(*) FROM " + x + " WHERE fill IS NOT NULL")).isGreaterThan(100);
        assertThat(count("SELECT count(*) FROM " + x + " WHERE pc IS NOT NULL AND o <> pc AND fill IS NULL"))
                .isGreaterThan(100);
        assertThat(count("SELECT count(*) FROM daily_rth")).isEqualTo(count("SELECT count(*) FROM " + x));
        assertThat(count("""
                SELECT count(*) FROM daily_rth t JOIN %s x ON x.d = t.trade_date
                WHERE t.gap_filled IS DISTINCT FROM (CASE WHEN x.pc IS NULL OR x.o = x.pc THEN NULL
                                                          WHEN x.fill IS NULL THEN 0 ELSE 1 END)
                   OR t.gap_fill_time IS DISTINCT FROM x.fill
                   OR t.gap_fill_minutes IS DISTINCT FROM
                      CAST(date_diff('minute', CAST(x.d AS TIMESTAMP) + INTERVAL 570 MINUTE, x.fill) AS INTEGER)
                """.formatted(x))).isZero();
    }

    @Test
    void ethGapFillCountsFromTheEveningOpen() {
        String x = fromMinutes(TestMarketData.ALL);
        assertThat(count("""
                SELECT count(*) FROM daily t JOIN %s x ON x.d = t.trade_date
                WHERE t.gap_filled IS DISTINCT FROM (CASE WHEN x.pc IS NULL OR x.o = x.pc THEN NULL
                                                          WHEN x.fill IS NULL THEN 0 ELSE 1 END)
                   OR t.gap_fill_minutes IS DISTINCT FROM
                      CAST(date_diff('minute', CAST(x.d AS TIMESTAMP) - INTERVAL 6 HOUR, x.fill) AS INTEGER)
                """.formatted(x))).isZero();
        assertThat(count("SELECT count(*) FROM daily WHERE gap_fill_minutes >= 15 * 60")).isPositive();
        assertThat(count("SELECT count(*) FROM daily WHERE overnight_high IS NOT NULL")).isZero();
    }

    @Test
    void rthOvernightBreaksMatchTheMinutes() {
        String x = fromMinutes(TestMarketData.RTH);
        assertThat(count("SELECT count(*) FROM " + x + " WHERE above IS NOT NULL")).isGreaterThan(100);
        assertThat(count("SELECT count(*) FROM " + x + " WHERE above IS NULL")).isGreaterThan(10);
        assertThat(count("""
                SELECT count(*) FROM daily_rth t JOIN %s x ON x.d = t.trade_date
                WHERE t.overnight_high IS DISTINCT FROM x.nh OR t.overnight_low IS DISTINCT FROM x.nl
                   OR t.broke_overnight_high IS DISTINCT FROM CAST(x.above IS NOT NULL AS INTEGER)
                   OR t.broke_overnight_low IS DISTINCT FROM CAST(x.below IS NOT NULL AS INTEGER)
                   OR t.overnight_high_break_time IS DISTINCT FROM x.above
                   OR t.overnight_low_break_time IS DISTINCT FROM x.below
                   OR t.overnight_high_break_minutes IS DISTINCT FROM
                      CAST(date_diff('minute', CAST(x.d AS TIMESTAMP) + INTERVAL 570 MINUTE, x.above) AS INTEGER)
                   OR t.overnight_low_break_minutes IS DISTINCT FROM
                      CAST(date_diff('minute', CAST(x.d AS TIMESTAMP) + INTERVAL 570 MINUTE, x.below) AS INTEGER)
                """.formatted(x))).isZero();
    }

    @Test
    void otherSessionsAndTheOnesWithoutOvernightLevels() {
        // the afternoon measures from 12:30, against the same overnight levels
        String x = fromMinutes("CAST(ts AS TIME) >= TIME '12:30' AND CAST(ts AS TIME) < TIME '17:00'");
        assertThat(count("""
                SELECT count(*) FROM session_days t JOIN %s x ON x.d = t.trade_date
                WHERE t.session = 'AFTERNOON' AND (t.overnight_high_break_time IS DISTINCT FROM x.above
                   OR t.overnight_low_break_minutes IS DISTINCT FROM
                      CAST(date_diff('minute', CAST(x.d AS TIMESTAMP) + INTERVAL 750 MINUTE, x.below) AS INTEGER)
                   OR t.gap_fill_time IS DISTINCT FROM x.fill)""".formatted(x))).isZero();
        assertThat(count("SELECT count(*) FROM session_days WHERE session = 'AFTERNOON' AND overnight_high IS NULL"))
                .isZero();
        // sessions starting before 09:30 have none; every one starting at or after it has them
        assertThat(rows("""
                SELECT session FROM session_days GROUP BY session HAVING count(overnight_high) = 0 ORDER BY 1"""))
                .extracting(List::getFirst)
                .containsExactly("ASIAN", "ETH", "EUROPEAN", "GLOBEX", "LONDON_OPEN", "OVERNIGHT", "PREMARKET");
    }

    @Test
    void gapFillOperationMatchesTheMinutes() {
        String x = fromMinutes(TestMarketData.RTH);
        QueryResult r = executor.execute(HandMadeDays.plan("""
                {"operation": "gap_fill", "session": "RTH", "period": {"from": "2024-01-01", "to": "2024-12-31"}}"""));
        List<List<Object>> expected = rows("""
                SELECT CASE WHEN abs(g) < 0.25 THEN 0 WHEN abs(g) < 0.5 THEN 1 WHEN abs(g) < 1 THEN 2 ELSE 3 END AS b,
                       count(*), count(fill), median(date_diff('minute', CAST(d AS TIMESTAMP) + INTERVAL 570 MINUTE, fill))
                FROM (SELECT *, 100 * (o - pc) / pc AS g FROM %s) WHERE o <> pc AND year(d) = 2024
                GROUP BY ROLLUP (b) ORDER BY b NULLS LAST""".formatted(x));
        assertThat(expected).hasSize(5);
        for (int i = 0; i < 5; i++) {
            Map<String, Object> row = r.table().get(i);
            assertThat(row.get("days")).as(row.toString()).isEqualTo(((Number) expected.get(i).get(1)).longValue());
            assertThat(row.get("filled")).as(row.toString()).isEqualTo(((Number) expected.get(i).get(2)).longValue());
            assertThat((Double) row.get("median_minutes")).as(row.toString())
                    .isEqualTo(Numbers.round(((Number) expected.get(i).get(3)).doubleValue()));
        }
        assertThat(r.sourceRowCount()).isEqualTo(((Number) expected.getLast().get(1)).longValue());
    }

    @Test
    void formationOfTheOvernightHighBreakMatchesTheMinutes() {
        String x = fromMinutes(TestMarketData.RTH);
        QueryResult r = executor.execute(HandMadeDays.plan("""
                {"operation": "formation", "session": "RTH", "extreme": "overnight_high_break", "bucket": "20m",
                 "period": {"from": "2024-01-01", "to": "2024-12-31"}}"""));
        List<List<Object>> expected = rows("""
                SELECT strftime(time_bucket(INTERVAL 20 MINUTE, above), '%%H:%%M'), count(*) FROM %s
                WHERE above IS NOT NULL AND year(d) = 2024 GROUP BY 1 ORDER BY 1""".formatted(x));
        assertThat(r.table()).extracting(row -> List.of(row.get("time"), row.get("count")))
                .containsExactlyElementsOf(expected.stream()
                        .map(e -> List.of(e.getFirst(), ((Number) e.get(1)).longValue())).toList());
        assertThat(r.table().getFirst()).containsEntry("time", "09:20");
    }
}
