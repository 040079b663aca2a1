package barb.executor;

import java.time.LocalTime;
import java.util.regex.Pattern;

/**
 * One named window of the trading day in exchange wall-clock time (ET for CME equity index futures). The start is
 * inclusive, the end exclusive; a session whose end is not after its start wraps around midnight (ETH 18:00 →
 * 17:00 holds every minute except 17:00–17:59).
 *
 * <p>Every session lies inside one trading day (18:00 → 17:00), so a minute bar's session-day is simply its
 * trading day.
 *
 * @param name        upper-case name, e.g. {@code RTH}
 * @param description what the window is, for people and prompts
 */
public record SessionSpec(String name, LocalTime start, LocalTime end, String description) {
    private static final Pattern NAME = Pattern.compile("[A-Z][A-Z0-9_]*");
    private static final Pattern COLUMN = Pattern.compile("[a-z_][a-z0-9_]*(\\.[a-z_][a-z0-9_]*)?");

    public SessionSpec {
        if (name == null || !NAME.matcher(name).matches()) {
            throw new IllegalArgumentException("session name must be upper-case letters, digits and _: " + name);
        }
        if (start == null || end == null) {
            throw new IllegalArgumentException("session " + name + ": start and end are required");
        }
        if (start.equals(end)) {
            throw new IllegalArgumentException("session " + name + ": start equals end (" + start + ")");
        }
        if (start.getSecond() != 0 || end.getSecond() != 0 || start.getNano() != 0 || end.getNano() != 0) {
            throw new IllegalArgumentException("session " + name + ": times are whole minutes");
        }
        description = description == null ? "" : description;
    }

    /** True when the window crosses midnight (its end is not after its start). */
    public boolean wrapsMidnight() {
        return !end.isAfter(start);
    }

    /** Whether a bar stamped at {@code time} (its opening minute) belongs to this session. */
    public boolean contains(LocalTime time) {
        if (wrapsMidnight()) {
            return !time.isBefore(start) || time.isBefore(end);
        }
        return !time.isBefore(start) && time.isBefore(end);
    }

    /** Length in minutes. */
    public int minutes() {
        int s = start.getHour() * 60 + start.getMinute();
        int e = end.getHour() * 60 + end.getMinute();
        return Math.floorMod(e - s, 1440);
    }

    /**
     * The DuckDB condition that keeps the bars of this session, for a TIMESTAMP column holding wall-clock time,
     * e.g. {@code CAST(ts AS TIME) >= TIME '09:30' AND CAST(ts AS TIME) < TIME '17:00'}. The times come from the
     * instrument file, never from a user; the column must be a plain (optionally qualified) identifier.
     */
    public String sqlPredicate(String timestampColumn) {
        if (timestampColumn == null || !COLUMN.matcher(timestampColumn).matches()) {
            throw new IllegalArgumentException("not a column name: " + timestampColumn);
        }
        String t = "CAST(" + timestampColumn + " AS TIME)";
        String from = t + " >= TIME '" + start + "'";
        String to = t + " < TIME '" + end + "'";
        return wrapsMidnight() ? "(" + from + " OR " + to + ")" : "(" + from + " AND " + to + ")";
    }

    /** "09:30–17:00" style label. */
    public String window() {
        return start + "–" + end;
    }
}
