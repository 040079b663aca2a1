package barb.executor;

import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;

/**
 * Builds the daily tables every plan runs on, so a typical question scans thousands of rows instead of
 * millions of minutes.
 *
 * <ul>
 *   <li>{@code daily}: one row per trading day, the whole ETH session (previous day 18:00 → 17:00).</li>
 *   <li>{@code daily_rth}: one row per RTH session-day, bars with 09:30 ≤ time &lt; 17:00 of the trading day.</li>
 * </ul>
 * Both have the same columns (see docs/plan-schema.md). Prices and point differences are exact (prices sit on the
 * 0.25 tick); percentages keep full precision so that "fell more than 2%" includes a -2.004% day. Results are
 * rounded once, on the way out, by {@link Numbers}.
 */
final class DerivedTables {
    static final String DAILY = "daily";
    static final String DAILY_RTH = "daily_rth";

    private DerivedTables() {
    }

    static void build(Connection c) throws SQLException {
        try (Statement s = c.createStatement()) {
            s.execute(sql(DAILY, "TRUE"));
            s.execute(sql(DAILY_RTH, "CAST(ts AS TIME) >= TIME '09:30' AND CAST(ts AS TIME) < TIME '17:00'"));
        }
    }

    /**
     * high_time / low_time are the first minute that reached the day's extreme: among tied minutes the
     * earliest, which is what "when was the high set" means.
     */
    private static String sql(String table, String sessionFilter) {
        return """
                CREATE OR REPLACE TABLE %s AS
                WITH b AS (
                    SELECT CAST(ts + INTERVAL 6 HOUR AS DATE) AS trade_date, ts, open, high, low, close, volume
                    FROM bars
                    WHERE %s
                ), marked AS (
                    SELECT *, max(high) OVER d AS day_high, min(low) OVER d AS day_low
                    FROM b
                    WINDOW d AS (PARTITION BY trade_date)
                ), days AS (
                    SELECT trade_date,
                           arg_min(open, ts) AS open,
                           max(high) AS high,
                           min(low) AS low,
                           arg_max(close, ts) AS close,
                           sum(volume) AS volume,
                           count(*) AS bars,
                           min(ts) FILTER (WHERE high = day_high) AS high_time,
                           min(ts) FILTER (WHERE low = day_low) AS low_time
                    FROM marked
                    GROUP BY trade_date
                ), linked AS (
                    SELECT *,
                           lag(close) OVER w AS prev_close,
                           lag(high) OVER w AS prev_high,
                           lag(low) OVER w AS prev_low
                    FROM days
                    WINDOW w AS (ORDER BY trade_date)
                )
                SELECT trade_date,
                       round(open, 2) AS open,
                       round(high, 2) AS high,
                       round(low, 2) AS low,
                       round(close, 2) AS close,
                       volume,
                       bars,
                       round(high - low, 2) AS range,
                       100 * (high - low) / low AS range_pct,
                       round(close - open, 2) AS body,
                       100 * (close - open) / open AS body_pct,
                       round(high - greatest(open, close), 2) AS upper_wick,
                       round(least(open, close) - low, 2) AS lower_wick,
                       round(prev_close, 2) AS prev_close,
                       round(close - prev_close, 2) AS change,
                       100 * (close - prev_close) / prev_close AS change_pct,
                       round(open - prev_close, 2) AS gap,
                       100 * (open - prev_close) / prev_close AS gap_pct,
                       CAST(close > open AS INTEGER) AS is_green,
                       CAST(close < open AS INTEGER) AS is_red,
                       CAST(coalesce(high < prev_high AND low > prev_low, FALSE) AS INTEGER) AS is_inside,
                       CAST(coalesce(high > prev_high AND low < prev_low, FALSE) AS INTEGER) AS is_outside,
                       isodow(trade_date) AS weekday,
                       dayname(trade_date) AS weekday_name,
                       month(trade_date) AS month,
                       monthname(trade_date) AS month_name,
                       year(trade_date) AS year,
                       high_time,
                       low_time,
                       hour(high_time) AS high_hour,
                       hour(low_time) AS low_hour
                FROM linked
                ORDER BY trade_date
                """.formatted(table, sessionFilter);
    }
}
