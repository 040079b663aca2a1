package barb.executor;

import barb.core.Operation;
import barb.core.Plan;

import java.time.LocalDate;
import java.time.LocalTime;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The session-day rows a plan reads, as the FROM part of its statements, and the WHERE part that keeps the
 * plan's session-days (period, session) and the days that meet its filters. Pure.
 *
 * <p>Columns that look at other days — a relative threshold's reference ("the average range of the previous 20
 * session-days"), the position inside a green/red run, the metric N trading days later — are window functions
 * over the session's whole history, computed before the period and the filters pick days, so the first day of a
 * period still sees the days before it and "the next day" is the next trading day, matching or not.
 *
 * @param from    a table name or a parenthesised sub-query {@code (…) AS d}
 * @param scope   the session-days of the plan: period (and session when the table holds several)
 * @param filter  the plan's filters ANDed, or null when there are none
 * @param columns the columns a row of {@code from} has
 */
record DaySource(PlanCompiler.Sql from, PlanCompiler.Sql scope, PlanCompiler.Sql filter, Set<String> columns,
                 Map<String, String> patternColumns, List<String> windowColumns,
                 PlanVocabulary.SessionWindow window, String order) {

    /** The column rows are ordered by: trade_date for session-days, bar_time for intraday bars. */
    static final String BAR_TIME = "bar_time";

    /** The same rows read from another relation, e.g. the temporary table they were materialised into. */
    DaySource readingFrom(PlanCompiler.Sql relation) {
        return new DaySource(relation, scope, filter, columns, patternColumns, windowColumns, window, order);
    }

    boolean intraday() {
        return order.equals(BAR_TIME);
    }

    /** A value of {@code metric} {@code days} trading days later (negative: earlier). */
    record Shift(String metric, int days) {
        String column() {
            return metric + (days >= 0 ? "_next_" + days : "_prev_" + -days);
        }
    }

    /** The column a relative condition compares with, e.g. avg_20d_range. */
    static String referenceColumn(Plan.Condition c) {
        return c.ref() + "_" + c.days() + "d_" + c.metric();
    }

    static DaySource build(PlanChecker.Checked p, DataLayout layout, LocalDate from, LocalDate to,
                           List<Shift> shifts) {
        Set<String> columns = new LinkedHashSet<>(layout.columns());
        String order = p.intraday() ? BAR_TIME : "trade_date";
        if (p.intraday()) {
            // a bar has its start time and hour instead of the session-day's high/low times, and none of the
            // session-day's level columns
            columns.removeAll(List.of("high_time", "low_time", "high_hour", "low_hour"));
            columns.removeAll(PlanVocabulary.GAP_FILL_COLUMNS);
            columns.removeAll(PlanVocabulary.OVERNIGHT_COLUMNS);
            columns.addAll(List.of(BAR_TIME, "hour"));
        }
        if (p.calendar()) {
            columns = new LinkedHashSet<>(PlanVocabulary.CALENDAR_COLUMNS);
            if (p.calendarUnit().equals(PlanChecker.WEEK)) {
                columns.add("week_start");
            }
        }
        refuseUnavailable(p, layout.window());
        Map<String, String> patternColumns = patternColumns(p, columns);
        checkColumns(p, layout, columns);

        List<Plan.Condition> relatives = p.filters().stream().filter(c -> c.ref() != null).toList();
        // the derived tables store each day's place in its green/red run; days folded from minutes do not
        boolean runs = p.consecutive() != null && !columns.contains("green_streak");
        boolean windows = !relatives.isEmpty() || runs || !shifts.isEmpty();
        boolean sub = windows || layout.mode() == DataLayout.Mode.MINUTES || p.calendar();

        SqlText fromSql = new SqlText();
        List<String> windowColumns = new ArrayList<>();
        if (!sub) {
            fromSql.add(layout.table());
        } else {
            fromSql.add("(WITH ");
            LocalDate[] range = readRange(p, from, to, shifts);
            if (layout.mode() == DataLayout.Mode.MINUTES) {
                minuteSource(fromSql, p, layout, range[0], range[1]);
            } else {
                // Only the columns the statements read, and only the days the windows need: the whole table would
                // carry some seventy columns through every window.
                List<String> read = p.calendar() ? CalendarRows.DAY_COLUMNS
                        : projection(p, columns, patternColumns, shifts);
                fromSql.add("s AS (SELECT " + String.join(", ", read) + " FROM ").add(layout.table())
                        .add(" WHERE TRUE");
                if (layout.bySession()) {
                    fromSql.add(" AND session = ").param(p.session());
                }
                if (range[0] != null && range[1] != null) {
                    fromSql.add(" AND trade_date BETWEEN CAST(").param(range[0].toString())
                            .add(" AS DATE) AND CAST(").param(range[1].toString()).add(" AS DATE)");
                }
                fromSql.add(")");
            }
            String last = "s";
            if (p.calendar()) {
                last = CalendarRows.fold(fromSql, p.calendarUnit(), last, from, to);
            }
            if (runs) {
                fromSql.add(",\nr AS (SELECT *, row_number() OVER (ORDER BY " + order + ") - row_number() OVER "
                        + "(PARTITION BY is_green, is_red ORDER BY " + order + ") AS run_group FROM " + last + ")");
                last = "r";
            }
            if (windows) {
                fromSql.add(",\nw AS (SELECT *");
                if (runs) {
                    String run = "OVER (PARTITION BY is_green, is_red, run_group ORDER BY " + order + ")";
                    fromSql.add(", CASE WHEN is_green = 1 THEN row_number() " + run + " ELSE 0 END AS green_streak")
                            .add(", CASE WHEN is_red = 1 THEN row_number() " + run + " ELSE 0 END AS red_streak")
                            .add(", count(*) OVER (PARTITION BY is_green, is_red, run_group) AS run_length");
                    windowColumns.add(p.consecutive().streakColumn());
                    columns.addAll(List.of("green_streak", "red_streak", "run_length"));
                }
                Set<String> seen = new LinkedHashSet<>();
                for (Plan.Condition c : relatives) {
                    String column = referenceColumn(c);
                    if (!seen.add(column)) {
                        continue;
                    }
                    String frame = "(ORDER BY " + order + " ROWS BETWEEN CAST(? AS INTEGER) PRECEDING AND 1 PRECEDING)";
                    fromSql.add(", CASE WHEN count(" + c.metric() + ") OVER ");
                    frame(fromSql, frame, c.days());
                    fromSql.add(" = ").param(c.days()).add(" THEN ")
                            .add(PlanVocabulary.REFERENCES.get(c.ref()) + "(" + c.metric() + ") OVER ");
                    frame(fromSql, frame, c.days());
                    fromSql.add(" END AS " + column);
                    windowColumns.add(column);
                    columns.add(column);
                }
                for (Shift s : shifts) {
                    if (!seen.add(s.column())) {
                        continue;
                    }
                    fromSql.add(", " + (s.days() >= 0 ? "lead" : "lag") + "(" + s.metric() + ", CAST(")
                            .param(Math.abs(s.days())).add(" AS INTEGER)) OVER (ORDER BY " + order + ") AS "
                                    + s.column());
                    windowColumns.add(s.column());
                    columns.add(s.column());
                }
                fromSql.add(" FROM " + last + ")");
                last = "w";
            }
            fromSql.add("\nSELECT *" + (runs ? " EXCLUDE (run_group)" : "") + " FROM " + last
                    + ") AS d");
        }

        if (p.consecutive() != null && !runs) {
            windowColumns.add(p.consecutive().streakColumn());
        }

        SqlText scope = new SqlText();
        if (!sub && layout.bySession()) {
            scope.add("session = ").param(p.session()).add(" AND ");
        }
        scope.add(PlanCompiler.PERIOD_WHERE_START).param(from == null ? null : from.toString())
                .add(PlanCompiler.PERIOD_WHERE_MIDDLE).param(to == null ? null : to.toString())
                .add(PlanCompiler.PERIOD_WHERE_END);

        SqlText filter = filter(p, patternColumns);
        return new DaySource(fromSql.sql(), scope.sql(), filter.isEmpty() ? null : filter.sql(), columns,
                patternColumns, List.copyOf(windowColumns), layout.window(), order);
    }

    private static void frame(SqlText sql, String frame, int days) {
        int at = frame.indexOf('?');
        sql.add(frame.substring(0, at)).param(days).add(frame.substring(at + 1));
    }

    /** The plan's filters ANDed; every value a parameter, every name from the vocabulary. */
    private static SqlText filter(PlanChecker.Checked p, Map<String, String> patternColumns) {
        List<SqlText> parts = new ArrayList<>();
        for (Plan.Condition c : p.filters()) {
            SqlText t = new SqlText().add(c.metric() + " " + c.op() + " ").param(c.value());
            if (c.ref() != null) {
                t.add(" * " + referenceColumn(c));
            }
            parts.add(t);
        }
        if (!p.weekdays().isEmpty()) {
            parts.add(in("weekday", p.weekdays()));
        }
        if (!p.months().isEmpty()) {
            parts.add(in("month", p.months()));
        }
        if (!p.patterns().isEmpty()) {
            parts.add(anyFlag(p.patterns().stream().map(patternColumns::get).toList()));
        }
        if (!p.events().isEmpty()) {
            parts.add(anyFlag(p.events().stream().map(PlanVocabulary.EVENTS::get).toList()));
        }
        if (p.gap() != null) {
            parts.add(new SqlText().add(p.gap().equals("up") ? "gap > 0" : "gap < 0"));
        }
        if (p.consecutive() != null) {
            SqlText t = new SqlText().add(p.consecutive().streakColumn() + " = ").param(p.consecutive().length());
            if (p.consecutive().exactly()) {
                t.add(" AND run_length = ").param(p.consecutive().length());
            }
            parts.add(t);
        }
        SqlText out = new SqlText();
        for (SqlText part : parts) {
            if (!out.isEmpty()) {
                out.add(" AND ");
            }
            out.add(part.sql());
        }
        return out;
    }

    private static SqlText in(String column, List<Integer> values) {
        SqlText t = new SqlText().add(column + " IN (");
        for (int i = 0; i < values.size(); i++) {
            t.add(i == 0 ? "" : ", ").param(values.get(i));
        }
        return t.add(")");
    }

    private static SqlText anyFlag(List<String> columns) {
        List<String> parts = columns.stream().map(c -> c + " = 1").toList();
        return new SqlText().add(parts.size() == 1 ? parts.getFirst() : "(" + String.join(" OR ", parts) + ")");
    }

    /** Each pattern name → the first of its flag columns the rows have. */
    private static Map<String, String> patternColumns(PlanChecker.Checked p, Set<String> columns) {
        Map<String, String> out = new LinkedHashMap<>();
        for (int i = 0; i < p.patterns().size(); i++) {
            String pattern = p.patterns().get(i);
            String column = PlanVocabulary.PATTERNS.get(pattern).stream().filter(columns::contains).findFirst()
                    .orElseThrow(() -> PlanChecker.bad(p.name() + ": patterns: '" + pattern + "' is not available "
                            + "for session " + p.session() + (p.time() != null ? " with a time window" : "")
                            + " in the loaded data (patterns are computed per session-day when the data is built)"));
            out.put(pattern, column);
        }
        return out;
    }

    /** Every column the plan names must be in the rows; a clear refusal names the field otherwise. */
    private static void checkColumns(PlanChecker.Checked p, DataLayout layout, Set<String> columns) {
        String where = layout.mode() == DataLayout.Mode.MINUTES
                ? "session-days built from minute bars" : "table " + layout.table();
        require(p, columns, "metric", p.metric(), where);
        require(p, columns, "metric2", p.metric2(), where);
        for (int i = 0; i < p.filters().size(); i++) {
            require(p, columns, "filters[" + i + "].metric", p.filters().get(i).metric(), where);
        }
        if (p.outcome() != null) {
            require(p, columns, "outcome.metric", p.outcome().metric(), where);
        }
        for (int i = 0; i < p.events().size(); i++) {
            require(p, columns, "events[" + i + "] (" + p.events().get(i) + ")",
                    PlanVocabulary.EVENTS.get(p.events().get(i)), where);
        }
        if (p.gap() != null) {
            require(p, columns, "gap", "gap", where);
        }
        if (p.consecutive() != null) {
            require(p, columns, "consecutive", "is_green", where);
            require(p, columns, "consecutive", "is_red", where);
        }
        if (p.extreme() != null) {
            require(p, columns, "extreme", PlanVocabulary.EXTREMES.get(p.extreme()).timeColumn(), where);
        }
        if (p.operation() == Operation.GAP_FILL) {
            for (String column : List.of("gap", "gap_pct", "gap_filled", "gap_fill_minutes", "gap_fill_time")) {
                require(p, columns, "operation gap_fill", column, where);
            }
        }
    }

    /**
     * Columns the plan names that its rows cannot have, refused with the reason: week and month rows have only
     * their own columns; intraday bars have no gap fill or overnight columns; the overnight columns need rows
     * that start once the overnight session has ended.
     */
    private static void refuseUnavailable(PlanChecker.Checked p, PlanVocabulary.SessionWindow session) {
        LocalTime start = rowStart(session, p.time());
        LocalTime overnightEnd = PlanVocabulary.SESSIONS.get(PlanVocabulary.OVERNIGHT).end();
        for (Map.Entry<String, String> named : namedColumns(p).entrySet()) {
            String column = named.getValue();
            // messages name the field and what the plan wrote there
            String field = named.getKey().equals("extreme") ? "extreme '" + p.extreme() + "'"
                    : named.getKey() + " '" + column + "'";
            if (p.calendar()) {
                if (!PlanVocabulary.CALENDAR_COLUMNS.contains(column)) {
                    String rows = p.calendarUnit().equals(PlanChecker.WEEK) ? "weekly" : "monthly";
                    throw PlanChecker.bad(p.name() + ": " + field + " is not a column of " + rows
                            + " rows (timeframe " + p.timeframe() + "); they have "
                            + PlanVocabulary.sorted(calendarMetrics()));
                }
                continue;
            }
            if (column.equals("days")) {
                throw PlanChecker.bad(p.name() + ": " + field + " is a column of weekly and monthly rows "
                        + "(timeframe 1W or 1M)");
            }
            boolean level = PlanVocabulary.GAP_FILL_COLUMNS.contains(column)
                    || PlanVocabulary.OVERNIGHT_COLUMNS.contains(column);
            if (level && p.intraday()) {
                throw PlanChecker.bad(p.name() + ": " + field + " is a session-day column, not "
                        + "available on intraday bars (timeframe " + p.timeframe() + "); use timeframe 1D");
            }
            if (PlanVocabulary.OVERNIGHT_COLUMNS.contains(column)
                    && position(start) < position(overnightEnd)) {
                throw PlanChecker.bad(p.name() + ": " + field + " compares with the overnight "
                        + "session (18:00–" + overnightEnd + "), so it needs rows that start at or after "
                        + overnightEnd + "; session " + p.session()
                        + (p.time() != null ? " with time " + p.time().from() + "–" + p.time().to() : "")
                        + " starts at " + start + " (use e.g. RTH)");
            }
        }
    }

    /** Field (as messages name it) → the column it reads, for every column the plan names. */
    private static Map<String, String> namedColumns(PlanChecker.Checked p) {
        Map<String, String> out = new LinkedHashMap<>();
        if (p.metric() != null) {
            out.put("metric", p.metric());
        }
        if (p.metric2() != null) {
            out.put("metric2", p.metric2());
        }
        for (int i = 0; i < p.filters().size(); i++) {
            out.put("filters[" + i + "].metric", p.filters().get(i).metric());
        }
        if (p.outcome() != null) {
            out.put("outcome.metric", p.outcome().metric());
        }
        if (p.extreme() != null) {
            out.put("extreme", PlanVocabulary.EXTREMES.get(p.extreme()).timeColumn());
        }
        return out;
    }

    private static Set<String> calendarMetrics() {
        Set<String> out = new LinkedHashSet<>(PlanVocabulary.CALENDAR_COLUMNS);
        out.retainAll(PlanVocabulary.METRICS);
        return out;
    }

    /** Position of a time of day in the trading day, which starts at 18:00 (bars' trade_date = date of ts + 6 h). */
    static int position(LocalTime t) {
        return (t.getHour() * 60 + t.getMinute() + 360) % 1440;
    }

    /** Where a row's minutes start: the session's start, or the time window's when that comes later. */
    static LocalTime rowStart(PlanVocabulary.SessionWindow session, PlanChecker.Window time) {
        if (time == null || position(time.from()) <= position(session.start())) {
            return session.start();
        }
        return time.from();
    }

    /** True when the plan reads a gap fill or overnight column, which rows folded from minutes compute only then. */
    static boolean usesLevels(PlanChecker.Checked p) {
        return p.operation() == Operation.GAP_FILL || namedColumns(p).values().stream()
                .anyMatch(c -> PlanVocabulary.GAP_FILL_COLUMNS.contains(c) || PlanVocabulary.OVERNIGHT_COLUMNS.contains(c));
    }

    /** True when the plan reads an overnight column. */
    static boolean usesOvernight(PlanChecker.Checked p) {
        return namedColumns(p).values().stream().anyMatch(PlanVocabulary.OVERNIGHT_COLUMNS::contains);
    }

    private static void require(PlanChecker.Checked p, Set<String> columns, String field, String column,
                                String where) {
        if (column != null && !columns.contains(column)) {
            throw PlanChecker.bad(p.name() + ": " + field + " needs column '" + column + "', which the " + where
                    + " does not have (rebuild the derived tables)");
        }
    }

    /**
     * Calendar days before and after the period whose rows the look-back windows need: two calendar days per
     * trading day plus ten covers weekends and holidays. A run longer than the margin reaches back before it,
     * but a run that long never equals the length the filter asks for, cut off or not.
     */
    static int[] margin(PlanChecker.Checked p, List<Shift> shifts) {
        if (p.calendar()) {
            return CalendarRows.margin(p, shifts);
        }
        int back = 10;
        int ahead = 10;
        for (Plan.Condition c : p.filters()) {
            if (c.days() != null) {
                back = Math.max(back, 10 + 2 * c.days());
            }
        }
        if (p.consecutive() != null) {
            back = Math.max(back, 30 + 2 * p.consecutive().length());
        }
        if (usesPatterns(p)) {
            back = Math.max(back, 10 + 2 * 21); // a breakout looks at the 20 session-days before
        }
        for (Shift s : shifts) {
            if (s.days() < 0) {
                back = Math.max(back, 10 + 2 * -s.days());
            } else {
                ahead = Math.max(ahead, 10 + 2 * s.days());
            }
        }
        return new int[]{back, ahead};
    }

    /**
     * The trading days whose rows are read: the period widened by the margin the look-back windows need; for week
     * and month rows widened to whole weeks / months, so the rows before the period are complete.
     */
    private static LocalDate[] readRange(PlanChecker.Checked p, LocalDate from, LocalDate to, List<Shift> shifts) {
        int[] margin = margin(p, shifts);
        LocalDate first = from == null ? null : from.minusDays(margin[0]);
        LocalDate last = to == null ? null : to.plusDays(margin[1]);
        if (p.calendar() && first != null) {
            first = CalendarRows.unitStart(p.calendarUnit(), first);
        }
        return new LocalDate[]{first, last};
    }

    /** The stored columns any statement of the plan reads. */
    private static List<String> projection(PlanChecker.Checked p, Set<String> stored,
                                           Map<String, String> patternColumns, List<Shift> shifts) {
        Set<String> needed = new LinkedHashSet<>(PlanCompiler.LIST_COLUMNS);
        needed.addAll(List.of("weekday", "month", "month_name", "quarter", "quarter_name", "year", "is_green",
                "is_red", "green_streak", "red_streak", "run_length"));
        needed.add(p.metric());
        needed.add(p.metric2());
        for (Plan.Condition c : p.filters()) {
            needed.add(c.metric());
        }
        if (p.outcome() != null) {
            needed.add(p.outcome().metric());
        }
        for (Shift s : shifts) {
            needed.add(s.metric());
        }
        needed.addAll(patternColumns.values());
        for (String event : p.events()) {
            needed.add(PlanVocabulary.EVENTS.get(event));
        }
        if (p.extreme() != null) {
            needed.add(PlanVocabulary.EXTREMES.get(p.extreme()).timeColumn());
            needed.add(PlanVocabulary.EXTREMES.get(p.extreme()).valueColumn());
        }
        if (p.operation() == Operation.GAP_FILL) {
            needed.addAll(List.of("gap", "gap_pct", "gap_filled", "gap_fill_minutes", "gap_fill_time"));
        }
        return needed.stream().filter(c -> c != null && stored.contains(c)).toList();
    }

    /**
     * Session-days aggregated from the minute bars of the session (and time window), with the same columns and
     * meanings as the derived tables; "previous" is the same window on the previous trading day.
     */
    private static void minuteSource(SqlText sql, PlanChecker.Checked p, DataLayout layout, LocalDate first,
                                     LocalDate last) {
        PlanVocabulary.SessionWindow session = layout.window();
        // the gap fill and overnight columns look for a minute, so they are folded from the minutes
        boolean levels = !p.intraday() && usesLevels(p);
        if (p.intraday()) {
            barSource(sql, p, layout, first, last);
        } else if (!levels && onBlockBounds(layout.blockMinutes(), session, p.time())) {
            blockSource(sql, p, layout, first, last);
        } else {
            minuteBars(sql, p, session, first, last);
        }
        MinuteLevels minuteLevels = null;
        if (levels) {
            minuteLevels = new MinuteLevels(rowStart(session, p.time()), usesOvernight(p), first, last);
        }
        sessionDayColumns(sql, layout, usesPatterns(p), p.intraday() ? BAR_TIME : "trade_date", minuteLevels);
    }

    /** True when every bound of the session and the time window falls on a stored block's bound. */
    static boolean onBlockBounds(int blockMinutes, PlanVocabulary.SessionWindow session, PlanChecker.Window time) {
        if (blockMinutes <= 0) {
            return false;
        }
        List<LocalTime> bounds = new ArrayList<>();
        if (!session.wholeDay()) {
            bounds.add(session.start());
            bounds.add(session.end());
        }
        if (time != null) {
            bounds.add(time.from());
            bounds.add(time.to());
        }
        for (LocalTime t : bounds) {
            if (t.getSecond() != 0 || t.getNano() != 0 || (t.getHour() * 60 + t.getMinute()) % blockMinutes != 0) {
                return false;
            }
        }
        return true;
    }

    /**
     * Session-days folded from the stored 30-minute (or so) blocks: a block lies wholly inside or outside the
     * window, and each block keeps its first minute at its high and low, so the result equals folding minutes.
     */
    private static void blockSource(SqlText sql, PlanChecker.Checked p, DataLayout layout, LocalDate from,
                                    LocalDate to) {
        int bm = layout.blockMinutes();
        sql.add("b AS (SELECT * FROM " + DerivedTables.MINUTE_BLOCKS + " WHERE TRUE");
        blocksOfPlan(sql, p, layout.window(), bm, from, to);
        sql.add("),\ng AS (SELECT trade_date, arg_min(open, first_ts) AS open, max(high) AS high, min(low) AS low, "
                + "arg_max(close, last_ts) AS close, sum(volume) AS volume, CAST(sum(bars) AS BIGINT) AS bars, "
                + "arg_max(high_time, high * 1000000 - high_pos) AS high_time, "
                + "arg_min(low_time, low * 1000000 + low_pos) AS low_time FROM b GROUP BY trade_date),\n");
    }

    /**
     * Intraday bars of {@code p.barMinutes()} minutes, counted from the session's start (an RTH hour bar starts at
     * 09:30, 10:30 …; an ETH 4-hour bar at 18:00, 22:00 …; the last bar of a session may be shorter) or from the
     * start of the plan's time window, each keyed by its trading day and start time. Folded from the stored blocks when the bars, the session and the time window
     * all lie on block bounds, else from the minutes.
     */
    private static void barSource(SqlText sql, PlanChecker.Checked p, DataLayout layout, LocalDate from,
                                  LocalDate to) {
        PlanVocabulary.SessionWindow session = layout.window();
        int bm = layout.blockMinutes();
        LocalTime first = p.time() != null ? p.time().from() : session.start();
        int start = first.getHour() * 60 + first.getMinute();
        if (bm > 0 && p.barMinutes() % bm == 0 && start % bm == 0 && onBlockBounds(bm, session, p.time())) {
            sql.add("b AS (SELECT trade_date, first_ts AS t0, last_ts AS t1, open, high, low, close, volume, bars FROM "
                    + DerivedTables.MINUTE_BLOCKS + " WHERE TRUE");
            blocksOfPlan(sql, p, session, bm, from, to);
        } else {
            sql.add("b AS (SELECT CAST(ts + INTERVAL 6 HOUR AS DATE) AS trade_date, ts AS t0, ts AS t1, open, high, low, "
                    + "close, volume, 1 AS bars FROM bars WHERE TRUE");
            minutesOfPlan(sql, p, session, from, to);
        }
        sql.add("),\nk AS (SELECT *, t0 - to_minutes(CAST((hour(t0) * 60 + minute(t0) - ").param(start)
                .add(" + 1440) % ").param(p.barMinutes()).add(" AS BIGINT)) AS " + BAR_TIME + " FROM b),\n"
                        + "g AS (SELECT trade_date, " + BAR_TIME + ", arg_min(open, t0) AS open, max(high) AS high, "
                        + "min(low) AS low, arg_max(close, t1) AS close, sum(volume) AS volume, "
                        + "CAST(sum(bars) AS BIGINT) AS bars FROM k GROUP BY trade_date, " + BAR_TIME + "),\n");
    }

    /** {@code AND …} keeping the stored blocks of the days from … to, the session and the plan's time window. */
    private static void blocksOfPlan(SqlText sql, PlanChecker.Checked p, PlanVocabulary.SessionWindow session,
                                     int blockMinutes, LocalDate from, LocalDate to) {
        if (from != null && to != null) {
            sql.add(" AND trade_date BETWEEN CAST(").param(from.toString()).add(" AS DATE) AND CAST(")
                    .param(to.toString()).add(" AS DATE)");
        }
        if (!session.wholeDay()) {
            blockWindow(sql, session.start(), session.end(), blockMinutes);
        }
        if (p.time() != null) {
            blockWindow(sql, p.time().from(), p.time().to(), blockMinutes);
        }
    }

    /** {@code AND …} keeping the minute bars of the days from … to, the session and the plan's time window. */
    private static void minutesOfPlan(SqlText sql, PlanChecker.Checked p, PlanVocabulary.SessionWindow session,
                                      LocalDate from, LocalDate to) {
        if (from != null && to != null) {
            sql.add(" AND ts >= CAST(").param(from.toString()).add(" AS TIMESTAMP)")
                    .add(" AND ts < CAST(").param(to.toString()).add(" AS TIMESTAMP)");
        }
        if (!session.wholeDay()) {
            timeWindow(sql, session.start(), session.end());
        }
        if (p.time() != null) {
            timeWindow(sql, p.time().from(), p.time().to());
        }
    }

    private static void blockWindow(SqlText sql, LocalTime start, LocalTime end, int blockMinutes) {
        int first = (start.getHour() * 60 + start.getMinute()) / blockMinutes;
        int last = (end.getHour() * 60 + end.getMinute()) / blockMinutes;
        sql.add(" AND (block >= ").param(first).add(start.isAfter(end) ? " OR " : " AND ")
                .add("block < ").param(last).add(")");
    }

    private static void minuteBars(SqlText sql, PlanChecker.Checked p, PlanVocabulary.SessionWindow session,
                                   LocalDate from, LocalDate to) {
        sql.add("b AS (SELECT CAST(ts + INTERVAL 6 HOUR AS DATE) AS trade_date, ts, open, high, low, close, volume "
                + "FROM bars WHERE TRUE");
        minutesOfPlan(sql, p, session, from, to);
        sql.add("),\nm AS (SELECT *, max(high) OVER (PARTITION BY trade_date) AS day_high, "
                + "min(low) OVER (PARTITION BY trade_date) AS day_low FROM b),\n"
                + "g AS (SELECT trade_date, arg_min(open, ts) AS open, max(high) AS high, min(low) AS low, "
                + "arg_max(close, ts) AS close, sum(volume) AS volume, count(*) AS bars, "
                + "min(ts) FILTER (WHERE high = day_high) AS high_time, "
                + "min(ts) FILTER (WHERE low = day_low) AS low_time FROM m GROUP BY trade_date),\n");
    }

    /** True when the plan filters by a pattern or names a pattern flag as a metric or in a condition. */
    static boolean usesPatterns(PlanChecker.Checked p) {
        if (!p.patterns().isEmpty()) {
            return true;
        }
        List<String> names = new ArrayList<>();
        names.add(p.metric());
        names.add(p.metric2());
        p.filters().forEach(c -> names.add(c.metric()));
        if (p.outcome() != null) {
            names.add(p.outcome().metric());
        }
        return names.stream().anyMatch(n -> n != null && n.startsWith("is_")
                && DerivedTables.PATTERNS.containsKey(n.substring(3)));
    }

    /**
     * From the folded days {@code g}: the previous-day links and the session-day columns, as CTEs l and s; with
     * {@code patterns}, the pattern flags too.
     */
    private static void sessionDayColumns(SqlText sql, DataLayout layout, boolean patterns, String order,
                                          MinuteLevels levels) {
        sql.add("l AS (SELECT *, lag(open) OVER v AS prev_open, lag(high) OVER v AS prev_high, "
                + "lag(low) OVER v AS prev_low, lag(close) OVER v AS prev_close, lag(volume) OVER v AS prev_volume, "
                + "lag(close, 2) OVER v AS prev2_close");
        if (patterns) {
            // what the pattern conditions of DerivedTables.PATTERNS read, so a pattern means the same on a time
            // window as on a stored session-day; only computed when the plan asks for a pattern (they cost)
            sql.add(", lag(open) OVER v AS p_open, lag(high) OVER v AS p_high, "
                    + "lag(low) OVER v AS p_low, lag(close) OVER v AS p_close, lag(open, 2) OVER v AS p2_open, "
                    + "lag(high, 2) OVER v AS p2_high, lag(low, 2) OVER v AS p2_low, lag(close, 2) OVER v AS p2_close, "
                    + "lag(close, 6) OVER v AS p6_close, row_number() OVER v - 1 AS earlier_days, "
                    + "min(high - low) OVER (ORDER BY " + order + " ROWS BETWEEN 3 PRECEDING AND 1 PRECEDING) AS min_range_3, "
                    + "min(high - low) OVER (ORDER BY " + order + " ROWS BETWEEN 6 PRECEDING AND 1 PRECEDING) AS min_range_6, "
                    + "max(high) OVER (ORDER BY " + order + " ROWS BETWEEN 20 PRECEDING AND 1 PRECEDING) AS max_high_20, "
                    + "min(low) OVER (ORDER BY " + order + " ROWS BETWEEN 20 PRECEDING AND 1 PRECEDING) AS min_low_20");
        }
        sql.add(" FROM g WINDOW v AS (ORDER BY " + order + ")),\n");
        if (levels != null) {
            levels.found(sql);
        }
        sql.add("s AS (SELECT l.trade_date, open, high, low, close, volume, bars, high - low AS range, "
                + "100 * (high - low) / low AS range_pct, close - open AS body, 100 * (close - open) / open AS body_pct, "
                + "high - greatest(open, close) AS upper_wick, least(open, close) - low AS lower_wick, prev_open, "
                + "prev_high, prev_low, prev_close, prev_high - prev_low AS prev_range, "
                + "100 * (prev_close - prev2_close) / prev2_close AS prev_change_pct, prev_volume, "
                + "close - prev_close AS change, 100 * (close - prev_close) / prev_close AS change_pct, "
                + "open - prev_close AS gap, 100 * (open - prev_close) / prev_close AS gap_pct, "
                + "CAST(close > open AS INTEGER) AS is_green, CAST(close < open AS INTEGER) AS is_red, "
                + "CAST(coalesce(high < prev_high AND low > prev_low, FALSE) AS INTEGER) AS is_inside, "
                + "CAST(coalesce(high > prev_high AND low < prev_low, FALSE) AS INTEGER) AS is_outside, "
                + "isodow(l.trade_date) AS weekday, dayname(l.trade_date) AS weekday_name, "
                + "month(l.trade_date) AS month, monthname(l.trade_date) AS month_name, year(l.trade_date) AS year, "
                + "quarter(l.trade_date) AS quarter, 'Q' || quarter(l.trade_date) AS quarter_name, "
                + (order.equals(BAR_TIME) ? BAR_TIME + ", hour(" + BAR_TIME + ") AS hour"
                : "high_time, low_time, hour(high_time) AS high_hour, hour(low_time) AS low_hour"));
        if (patterns) {
            for (Map.Entry<String, String> pattern : DerivedTables.PATTERNS.entrySet()) {
                sql.add(", CAST(coalesce(" + pattern.getValue() + ", FALSE) AS INTEGER) AS is_" + pattern.getKey());
            }
        }
        for (String flag : layout.flagColumns()) {
            sql.add(", coalesce(f." + flag + ", 0) AS " + flag);
        }
        if (levels != null) {
            levels.columns(sql);
        }
        sql.add(" FROM l");
        if (levels != null) {
            sql.add(" LEFT JOIN " + MinuteLevels.FOUND + " ON " + MinuteLevels.FOUND + ".trade_date = l.trade_date");
        }
        if (!layout.flagColumns().isEmpty()) {
            sql.add(" LEFT JOIN (SELECT trade_date, " + String.join(", ", layout.flagColumns()) + " FROM "
                    + layout.flagsTable());
            if (layout.flagsSession() != null) {
                sql.add(" WHERE session = ").param(layout.flagsSession());
            }
            sql.add(") f ON f.trade_date = l.trade_date");
        }
        sql.add(")");
    }

    private static void timeWindow(SqlText sql, LocalTime start, LocalTime end) {
        String t = "CAST(ts AS TIME)";
        sql.add(" AND (" + t + " >= CAST(").param(start.toString()).add(" AS TIME) " + (start.isAfter(end) ? "OR" : "AND")
                + " " + t + " < CAST(").param(end.toString()).add(" AS TIME))");
    }
}
