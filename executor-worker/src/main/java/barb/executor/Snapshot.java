package barb.executor;

import java.time.DayOfWeek;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Operation snapshot: what happened on each trading day of a short period, ETH and RTH side by side, with range
 * and volume against their average over the previous 20 session-days of the same session. Pure: the statement
 * and the note on the days without trading; {@link PlanExecutor} runs it.
 */
final class Snapshot {
    static final List<String> SESSIONS = List.of("ETH", "RTH");

    /** Session-days the averages cover, before the day itself. */
    static final int AVERAGE_DAYS = 20;

    static final List<String> COLUMNS = List.of("trade_date", "weekday_name", "session", "open", "high", "low",
            "close", "range", "change", "change_pct", "gap", "gap_pct", "volume", "high_time", "low_time",
            "avg_20d_range", "range_vs_avg", "avg_20d_volume", "volume_vs_avg");

    private Snapshot() {
    }

    /**
     * @param layouts the stored rows of ETH and RTH, in that order
     */
    static PlanCompiler.Sql sql(List<DataLayout> layouts, LocalDate from, LocalDate to) {
        // two calendar days per trading day plus ten reach back past weekends and holidays, as in DaySource
        LocalDate readFrom = from.minusDays(10 + 2L * AVERAGE_DAYS);
        SqlText sql = new SqlText().add("WITH ");
        for (int i = 0; i < layouts.size(); i++) {
            DataLayout layout = layouts.get(i);
            String frame = "OVER (ORDER BY trade_date ROWS BETWEEN CAST(? AS INTEGER) PRECEDING AND 1 PRECEDING)";
            sql.add(i == 0 ? "" : ",\n").add("s" + i + " AS (SELECT CAST(").param(SESSIONS.get(i))
                    .add(" AS VARCHAR) AS session, trade_date, weekday_name, open, high, low, close, range, change, "
                            + "change_pct, gap, gap_pct, volume, high_time, low_time, ");
            average(sql, "range", frame);
            sql.add(" AS avg_20d_range, ");
            average(sql, "volume", frame);
            sql.add(" AS avg_20d_volume FROM ").add(layout.table()).add(" WHERE ");
            if (layout.bySession()) {
                sql.add("session = ").param(SESSIONS.get(i)).add(" AND ");
            }
            sql.add("trade_date BETWEEN CAST(").param(readFrom.toString()).add(" AS DATE) AND CAST(")
                    .param(to.toString()).add(" AS DATE))");
        }
        sql.add("\nSELECT trade_date, weekday_name, session, open, high, low, close, range, change, change_pct, gap, "
                + "gap_pct, volume, strftime(high_time, '%H:%M') AS high_time, strftime(low_time, '%H:%M') AS low_time, "
                + "avg_20d_range, range / avg_20d_range AS range_vs_avg, avg_20d_volume, "
                + "volume / avg_20d_volume AS volume_vs_avg\nFROM (");
        for (int i = 0; i < layouts.size(); i++) {
            sql.add(i == 0 ? "" : " UNION ALL ").add("SELECT * FROM s" + i);
        }
        sql.add(")\nWHERE trade_date BETWEEN CAST(").param(from.toString()).add(" AS DATE) AND CAST(")
                .param(to.toString()).add(" AS DATE)\nORDER BY trade_date, session");
        return sql.sql();
    }

    /** The mean of the previous 20 values; null when there are fewer (as a relative condition's reference). */
    private static void average(SqlText sql, String column, String frame) {
        int at = frame.indexOf('?');
        sql.add("CASE WHEN count(" + column + ") " + frame.substring(0, at)).param(AVERAGE_DAYS)
                .add(frame.substring(at + 1) + " = ").param(AVERAGE_DAYS)
                .add(" THEN avg(" + column + ") " + frame.substring(0, at)).param(AVERAGE_DAYS)
                .add(frame.substring(at + 1) + " END");
    }

    /**
     * The days of {@code from … to} without a row: "no trading on" the holidays (named) and weekends, "no data
     * for" the other days (beyond the loaded data or missing from it); null when every day has a row.
     *
     * @param traded   the days that have a row
     * @param holidays the names of the days the calendar closes (calendar_days.holiday_name)
     */
    static String noTradingNote(LocalDate from, LocalDate to, Set<LocalDate> traded, Map<LocalDate, String> holidays) {
        List<String> closed = new ArrayList<>();
        List<String> unknown = new ArrayList<>();
        for (LocalDate d = from; !d.isAfter(to); d = d.plusDays(1)) {
            if (traded.contains(d)) {
                continue;
            }
            boolean weekend = d.getDayOfWeek() == DayOfWeek.SATURDAY || d.getDayOfWeek() == DayOfWeek.SUNDAY;
            if (holidays.containsKey(d)) {
                closed.add(d + " (" + holidays.get(d) + ")");
            } else if (weekend) {
                closed.add(d + " (weekend)");
            } else {
                unknown.add(d.toString());
            }
        }
        List<String> parts = new ArrayList<>();
        if (!closed.isEmpty()) {
            parts.add("no trading on " + String.join(", ", closed));
        }
        if (!unknown.isEmpty()) {
            parts.add("no data for " + String.join(", ", unknown));
        }
        return parts.isEmpty() ? null : String.join("; ", parts);
    }
}
