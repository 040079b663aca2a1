package barb.executor;

import java.time.DayOfWeek;
import java.time.LocalDate;
import java.util.List;

/**
 * Week and month rows (timeframe 1W / 1M): one row per ISO week or calendar month of the plan's session, folded
 * from its session-days. Inside the period a row holds only the period's days (a period starting on a Wednesday
 * starts with a three-day week); the rows before it, read for "previous" and the look-back windows, are whole.
 * Pure: appends CTEs to the FROM part {@link DaySource} writes.
 */
final class CalendarRows {
    /** The session-day columns a week or month is folded from. */
    static final List<String> DAY_COLUMNS = List.of("trade_date", "open", "high", "low", "close", "volume", "bars");

    private CalendarRows() {
    }

    /** The first day of the week (Monday) or month containing {@code day}. */
    static LocalDate unitStart(String unit, LocalDate day) {
        return unit.equals(PlanChecker.WEEK) ? day.with(DayOfWeek.MONDAY) : day.withDayOfMonth(1);
    }

    /**
     * Calendar days before and after the period whose session-days are read: the rows the look-back windows need
     * (the previous row and the one before it, a relative condition's rows, a run's length, offsets), plus one,
     * in weeks of 7 or months of 31 days.
     */
    static int[] margin(PlanChecker.Checked p, List<DaySource.Shift> shifts) {
        int back = 2;
        int ahead = 0;
        for (var c : p.filters()) {
            if (c.days() != null) {
                back = Math.max(back, c.days());
            }
        }
        if (p.consecutive() != null) {
            // a run reaching back past the margin has more rows than the length asked for, cut off or not
            back = Math.max(back, p.consecutive().length() + 1);
        }
        for (DaySource.Shift s : shifts) {
            if (s.days() < 0) {
                back = Math.max(back, -s.days());
            } else {
                ahead = Math.max(ahead, s.days());
            }
        }
        int days = p.calendarUnit().equals(PlanChecker.WEEK) ? 7 : 31;
        return new int[]{(back + 1) * days, (ahead + 1) * days};
    }

    /**
     * Appends CTEs folding the session-days of CTE {@code days} into weeks or months with the columns of
     * {@link PlanVocabulary#CALENDAR_COLUMNS} and returns the name of the last one. A row's trade_date is its first
     * trading day; the days of the period's first and last week (month) outside the period are left out.
     */
    static String fold(SqlText sql, String unit, String days, LocalDate from, LocalDate to) {
        // unit is one of two constants, never plan text
        String trunc = "date_trunc('" + (unit.equals(PlanChecker.WEEK) ? "week" : "month") + "', ";
        sql.add(",\nc AS (SELECT CAST(" + trunc + "trade_date) AS DATE) AS period_start, min(trade_date) AS trade_date, "
                + "arg_min(open, trade_date) AS open, max(high) AS high, min(low) AS low, "
                + "arg_max(close, trade_date) AS close, sum(volume) AS volume, CAST(sum(bars) AS BIGINT) AS bars, "
                + "count(*) AS days FROM " + days + " WHERE TRUE");
        if (from != null) {
            sql.add(" AND (trade_date >= CAST(").param(from.toString()).add(" AS DATE) OR " + trunc
                    + "trade_date) < " + trunc + "CAST(").param(from.toString()).add(" AS DATE)))");
        }
        if (to != null) {
            sql.add(" AND (trade_date <= CAST(").param(to.toString()).add(" AS DATE) OR " + trunc
                    + "trade_date) > " + trunc + "CAST(").param(to.toString()).add(" AS DATE)))");
        }
        sql.add(" GROUP BY period_start),\n"
                + "cl AS (SELECT *, lag(open) OVER v AS prev_open, lag(high) OVER v AS prev_high, "
                + "lag(low) OVER v AS prev_low, lag(close) OVER v AS prev_close, lag(close, 2) OVER v AS prev2_close, "
                + "lag(volume) OVER v AS prev_volume FROM c WINDOW v AS (ORDER BY trade_date)),\n"
                + "cs AS (SELECT trade_date, "
                + (unit.equals(PlanChecker.WEEK) ? "period_start AS week_start, " : "")
                + "open, high, low, close, volume, bars, days, high - low AS range, "
                + "100 * (high - low) / low AS range_pct, close - open AS body, 100 * (close - open) / open AS body_pct, "
                + "high - greatest(open, close) AS upper_wick, least(open, close) - low AS lower_wick, prev_open, "
                + "prev_high, prev_low, prev_close, prev_high - prev_low AS prev_range, "
                + "100 * (prev_close - prev2_close) / prev2_close AS prev_change_pct, prev_volume, "
                + "close - prev_close AS change, 100 * (close - prev_close) / prev_close AS change_pct, "
                + "open - prev_close AS gap, 100 * (open - prev_close) / prev_close AS gap_pct, "
                + "CAST(close > open AS INTEGER) AS is_green, CAST(close < open AS INTEGER) AS is_red, "
                + "month(trade_date) AS month, monthname(trade_date) AS month_name, quarter(trade_date) AS quarter, "
                + "'Q' || quarter(trade_date) AS quarter_name, year(trade_date) AS year FROM cl)");
        return "cs";
    }
}
