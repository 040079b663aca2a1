package barb.executor;

/**
 * When each session-day first reached a price level it is measured against: the previous session-day's close (the
 * gap fill) and the trading day's overnight high and low (their break). Builds the temporary table
 * {@code session_levels} that {@link DerivedTables} joins into {@code session_days}; meanings in
 * docs/plan-schema.md.
 *
 * <p>Whether a level was reached at all is read from the session-day's own high and low. Only for the levels that
 * were reached is the moment looked for, in two steps so that the millions of minutes are read once, by key: the
 * first stored block of the session that reached the level, then the first minute of that block that did.
 */
final class SessionLevels {
    static final String TABLE = "session_levels";

    /** The session whose high and low are "the overnight high / low". */
    static final String OVERNIGHT = "OVERNIGHT";

    private SessionLevels() {
    }

    /**
     * @param shiftMinutes        minutes from the trading-day start to midnight (trade_date = date of ts + shift)
     * @param blockMinutes        length of the stored minute blocks
     * @param overnightEndPosition position in the trading day (18:00 = 0) where the overnight session ends, or -1
     *                            when the instrument has none: sessions starting at or after it get the overnight
     *                            levels
     */
    static String sql(int shiftMinutes, int blockMinutes, int overnightEndPosition) {
        // A block or minute is found by its start on a global clock (epoch minutes / block length): cheaper to
        // compute for every minute than its trading day and time of day.
        long blockMicros = blockMinutes * 60_000_000L;
        String overnightJoin = overnightEndPosition < 0 ? "FALSE"
                : "(s.start_minute + %d) %% 1440 >= %d".formatted(shiftMinutes, overnightEndPosition);
        return """
                CREATE OR REPLACE TEMP TABLE session_levels AS
                WITH sb AS (
                    %4$s
                ), f AS (
                    SELECT f.session, f.trade_date, f.open, f.high, f.low, s.start_minute,
                           lag(f.close) OVER (PARTITION BY f.session ORDER BY f.trade_date) AS prev_close,
                           n.high AS overnight_high, n.low AS overnight_low
                    FROM session_folds f
                    JOIN sessions s ON s.session = f.session
                    LEFT JOIN session_folds n ON n.session = '%5$s' AND n.trade_date = f.trade_date AND %3$s
                ), reached AS (
                    -- the levels each session-day reached, from its own high and low
                    SELECT *,
                           CASE WHEN open > prev_close AND low <= prev_close THEN prev_close END AS fill_down_to,
                           CASE WHEN open < prev_close AND high >= prev_close THEN prev_close END AS fill_up_to,
                           CASE WHEN high > overnight_high THEN overnight_high END AS above,
                           CASE WHEN low < overnight_low THEN overnight_low END AS below
                    FROM f
                ), first_blocks AS (
                    SELECT r.session, r.trade_date,
                           any_value(r.fill_down_to) AS fill_down_to, any_value(r.fill_up_to) AS fill_up_to,
                           any_value(r.above) AS above, any_value(r.below) AS below,
                           min(k.first_ts) FILTER (WHERE k.low <= r.fill_down_to OR k.high >= r.fill_up_to) AS fill_block,
                           min(k.first_ts) FILTER (WHERE k.high > r.above) AS above_block,
                           min(k.first_ts) FILTER (WHERE k.low < r.below) AS below_block
                    FROM reached r
                    JOIN sb ON sb.session = r.session
                    JOIN minute_blocks k ON k.trade_date = r.trade_date AND k.block = sb.block
                    WHERE r.fill_down_to IS NOT NULL OR r.fill_up_to IS NOT NULL OR r.above IS NOT NULL
                       OR r.below IS NOT NULL
                    GROUP BY r.session, r.trade_date
                ), targets AS (
                    SELECT session, trade_date, 'gap' AS kind, epoch_us(fill_block) // %2$d AS block_key,
                           fill_down_to AS down_to, fill_up_to AS up_to
                    FROM first_blocks WHERE fill_block IS NOT NULL
                    UNION ALL
                    SELECT session, trade_date, 'above', epoch_us(above_block) // %2$d, NULL, above
                    FROM first_blocks WHERE above_block IS NOT NULL
                    UNION ALL
                    SELECT session, trade_date, 'below', epoch_us(below_block) // %2$d, below, NULL
                    FROM first_blocks WHERE below_block IS NOT NULL
                ), minutes AS (
                    SELECT epoch_us(ts) // %2$d AS block_key, ts, high, low FROM bars
                ), first_minutes AS (
                    SELECT t.session, t.trade_date, t.kind, min(m.ts) AS ts
                    FROM targets t JOIN minutes m ON m.block_key = t.block_key
                    WHERE CASE t.kind WHEN 'gap' THEN m.low <= t.down_to OR m.high >= t.up_to
                                      WHEN 'above' THEN m.high > t.up_to
                                      ELSE m.low < t.down_to END
                    GROUP BY t.session, t.trade_date, t.kind
                ), found AS (
                    SELECT f.session, f.trade_date, f.start_minute, f.overnight_high, f.overnight_low,
                           max(m.ts) FILTER (WHERE m.kind = 'gap') AS gap_fill_time,
                           max(m.ts) FILTER (WHERE m.kind = 'above') AS overnight_high_break_time,
                           max(m.ts) FILTER (WHERE m.kind = 'below') AS overnight_low_break_time
                    FROM f LEFT JOIN first_minutes m ON m.session = f.session AND m.trade_date = f.trade_date
                    GROUP BY ALL
                )
                SELECT session, trade_date, overnight_high, overnight_low,
                       gap_fill_time, %6$s AS gap_fill_minutes,
                       overnight_high_break_time, %7$s AS overnight_high_break_minutes,
                       overnight_low_break_time, %8$s AS overnight_low_break_minutes
                FROM found
                """.formatted(shiftMinutes, blockMicros, overnightJoin, sessionBlocksSql(blockMinutes), OVERNIGHT,
                minutesAfterStart("gap_fill_time"), minutesAfterStart("overnight_high_break_time"),
                minutesAfterStart("overnight_low_break_time"));
    }

    /** Minutes from the session's start to the minute {@code ts} (0 = the first minute); wraps past midnight. */
    private static String minutesAfterStart(String ts) {
        return "CAST((hour(%1$s) * 60 + minute(%1$s) - start_minute + 1440) %% 1440 AS INTEGER)".formatted(ts);
    }

    /** Each session's stored blocks: (session, block), a block lying wholly inside its session. */
    static String sessionBlocksSql(int blockMinutes) {
        return """
                SELECT s.session, CAST(m.range AS INTEGER) AS block
                    FROM sessions s CROSS JOIN range(0, 1440 // %1$d) m
                    WHERE CASE WHEN s.start_minute < s.end_minute
                               THEN m.range * %1$d >= s.start_minute AND m.range * %1$d < s.end_minute
                               ELSE m.range * %1$d >= s.start_minute OR m.range * %1$d < s.end_minute END""".formatted(blockMinutes);
    }
}
