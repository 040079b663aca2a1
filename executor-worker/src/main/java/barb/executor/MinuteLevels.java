package barb.executor;

import java.time.LocalDate;
import java.time.LocalTime;

/**
 * The gap fill and overnight columns of session-days folded from the minutes (a time window, or a session the
 * derived tables do not hold), with the meanings of the stored ones ({@link SessionLevels}): the first minute of
 * the row that reached the previous row's close, or went above the overnight high / below the overnight low. The
 * minutes are the CTE {@code b} and the rows with their previous close the CTE {@code l} of {@link DaySource}.
 *
 * @param start     where a row's minutes start (the session's or the time window's start): minutes count from here
 * @param overnight also the overnight columns (the rows then start at or after the overnight session's end)
 * @param first     first trading day read, or null
 * @param last      last trading day read, or null
 */
record MinuteLevels(LocalTime start, boolean overnight, LocalDate first, LocalDate last) {
    /** The CTE holding each row's first minutes. */
    static final String FOUND = "lv";

    /** CTEs {@code o} (the overnight high and low of each trading day, when needed) and {@code lv}. */
    void found(SqlText sql) {
        if (overnight) {
            PlanVocabulary.SessionWindow window = PlanVocabulary.SESSIONS.get(PlanVocabulary.OVERNIGHT);
            sql.add("o AS (SELECT CAST(ts + INTERVAL 6 HOUR AS DATE) AS trade_date, max(high) AS overnight_high, "
                    + "min(low) AS overnight_low FROM bars WHERE (CAST(ts AS TIME) >= CAST(")
                    .param(window.start().toString()).add(" AS TIME) OR CAST(ts AS TIME) < CAST(")
                    .param(window.end().toString()).add(" AS TIME))");
            if (first != null && last != null) {
                sql.add(" AND ts >= CAST(").param(first.toString()).add(" AS TIMESTAMP) - INTERVAL 6 HOUR")
                        .add(" AND ts < CAST(").param(last.toString()).add(" AS TIMESTAMP) + INTERVAL 1 DAY");
            }
            sql.add(" GROUP BY 1),\n");
        }
        sql.add(FOUND + " AS (SELECT l.trade_date, min(b.ts) FILTER (WHERE (l.open > l.prev_close AND b.low <= "
                + "l.prev_close) OR (l.open < l.prev_close AND b.high >= l.prev_close)) AS gap_fill_time");
        if (overnight) {
            sql.add(", any_value(o.overnight_high) AS overnight_high, any_value(o.overnight_low) AS overnight_low, "
                    + "min(b.ts) FILTER (WHERE b.high > o.overnight_high) AS overnight_high_break_time, "
                    + "min(b.ts) FILTER (WHERE b.low < o.overnight_low) AS overnight_low_break_time");
        }
        sql.add(" FROM l JOIN b ON b.trade_date = l.trade_date");
        if (overnight) {
            sql.add(" LEFT JOIN o ON o.trade_date = l.trade_date");
        }
        sql.add(" GROUP BY l.trade_date),\n");
    }

    /** The columns of a row, read from {@code lv} and the row's own prices (as {@code , …} select items). */
    void columns(SqlText sql) {
        sql.add(", CASE WHEN prev_close IS NULL OR open = prev_close THEN NULL WHEN (open > prev_close AND low <= "
                + "prev_close) OR (open < prev_close AND high >= prev_close) THEN 1 ELSE 0 END AS gap_filled, ");
        minutes(sql, "gap_fill_time");
        sql.add(" AS gap_fill_minutes, " + FOUND + ".gap_fill_time");
        if (overnight) {
            sql.add(", " + FOUND + ".overnight_high, " + FOUND + ".overnight_low, "
                    + "CAST(high > " + FOUND + ".overnight_high AS INTEGER) AS broke_overnight_high, "
                    + "CAST(low < " + FOUND + ".overnight_low AS INTEGER) AS broke_overnight_low, ");
            minutes(sql, "overnight_high_break_time");
            sql.add(" AS overnight_high_break_minutes, ");
            minutes(sql, "overnight_low_break_time");
            sql.add(" AS overnight_low_break_minutes, " + FOUND + ".overnight_high_break_time, " + FOUND
                    + ".overnight_low_break_time");
        }
    }

    /** Minutes from the row's start to the minute in {@code column} of lv (0 = the first minute). */
    private void minutes(SqlText sql, String column) {
        String ts = FOUND + "." + column;
        sql.add("CAST((hour(" + ts + ") * 60 + minute(" + ts + ") - ")
                .param(start.getHour() * 60 + start.getMinute()).add(" + 1440) % 1440 AS INTEGER)");
    }
}
