package barb.executor;

import barb.core.PlanNames;

import java.time.LocalTime;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

/**
 * Every name a plan may use, and what it means in SQL. The compiler looks names up here and nowhere else, so a
 * plan can only ever reach these columns, functions and windows. Pure data.
 */
final class PlanVocabulary {
    private PlanVocabulary() {
    }

    /** Numeric columns of a session-day row a plan may name as metric or in a condition. */
    static final Set<String> METRICS = metrics();

    /** The plan language's metrics (barb.core.PlanNames), and {@code days}, the trading days of a week or month row. */
    private static Set<String> metrics() {
        Set<String> m = new java.util.HashSet<>(PlanNames.METRICS);
        m.add("days");
        return Set.copyOf(m);
    }

    /** The gap fill columns of a session-day (shown: gap_fill_time). */
    static final Set<String> GAP_FILL_COLUMNS = Set.of("gap_filled", "gap_fill_minutes", "gap_fill_time");

    /**
     * The overnight-level columns of a session-day: measured against the trading day's OVERNIGHT session, so they
     * exist only for rows that start once it has ended.
     */
    static final Set<String> OVERNIGHT_COLUMNS = Set.of("overnight_high", "overnight_low", "broke_overnight_high",
            "broke_overnight_low", "overnight_high_break_minutes", "overnight_low_break_minutes",
            "overnight_high_break_time", "overnight_low_break_time");

    /** The session whose high and low the overnight columns compare with. */
    static final String OVERNIGHT = "OVERNIGHT";

    /**
     * A formation extreme: the column holding the minute it happened and the price it is about.
     *
     * @param timeColumn  the first minute, e.g. high_time
     * @param valueColumn the price shown with it in the source rows, e.g. high
     */
    record Extreme(String timeColumn, String valueColumn) {
    }

    /** Formation extremes by name. */
    static final Map<String, Extreme> EXTREMES = Map.of(
            "high", new Extreme("high_time", "high"),
            "low", new Extreme("low_time", "low"),
            "overnight_high_break", new Extreme("overnight_high_break_time", "overnight_high"),
            "overnight_low_break", new Extreme("overnight_low_break_time", "overnight_low"));

    /** Columns that hold a minute of the day and are shown as "HH:MM". */
    static final Set<String> TIME_COLUMNS = Set.of("high_time", "low_time", "gap_fill_time",
            "overnight_high_break_time", "overnight_low_break_time");

    /** Pattern name (and accepted aliases) → candidate flag columns, the first present one is used. */
    static final Map<String, List<String>> PATTERNS = patterns();

    /** Event name → flag column. */
    static final Map<String, String> EVENTS = events();

    /** Plan aggregate name → DuckDB function. */
    static final Map<String, String> AGGREGATES = Map.of(
            "mean", "avg", "median", "median", "min", "min", "max", "max", "sum", "sum", "std", "stddev_samp",
            "count", "count");

    /** Reference of a relative condition → DuckDB window aggregate. */
    static final Map<String, String> REFERENCES = Map.of(
            "avg", "avg", "mean", "avg", "median", "median", "min", "min", "max", "max");

    static final Map<String, String> OPERATORS = Map.of(
            "<", "<", "<=", "<=", ">", ">", ">=", ">=", "=", "=", "==", "=", "!=", "<>", "<>", "<>");

    static final List<String> WEEKDAYS = List.of("monday", "tuesday", "wednesday", "thursday", "friday",
            "saturday", "sunday");

    static final List<String> MONTHS = List.of("january", "february", "march", "april", "may", "june", "july",
            "august", "september", "october", "november", "december");

    /** Formation bucket name (lower case) → minutes; each divides a day, so buckets line up with the clock. */
    static final Map<String, Integer> BUCKETS = Map.of("5m", 5, "10m", 10, "15m", 15, "20m", 20, "30m", 30,
            "60m", 60, "1h", 60, "120m", 120, "2h", 120);

    /** The longest history a relative condition, a consecutive run or an around offset may reach. */
    static final int MAX_DAYS = 500;

    /**
     * A session: minute bars with start ≤ time &lt; end (ET); start after end wraps past midnight (the bars
     * from start belong to the next trading day). ETH is the whole trading day.
     */
    record SessionWindow(LocalTime start, LocalTime end) {
        boolean wholeDay() {
            return start.equals(LocalTime.of(18, 0)) && end.equals(LocalTime.of(17, 0));
        }
    }

    /**
     * The session names a plan may use, with NQ's windows (ET) as the fallback when the loaded data has no
     * {@code sessions} table (the instrument's sessions, written by {@link DerivedTables}; those win). RTH runs to
     * 17:00 (the CME equity-index day close), so an RTH session-day is 09:30 ≤ t &lt; 17:00.
     */
    static final Map<String, SessionWindow> SESSIONS = sessions();

    /** The built-in NQ windows: the ones the plan language names (barb.core.PlanNames.SESSION_WINDOWS). */
    private static Map<String, SessionWindow> sessions() {
        Map<String, SessionWindow> s = new LinkedHashMap<>();
        PlanNames.SESSION_WINDOWS.forEach((name, window) -> s.put(name,
                window(window.substring(0, 5), window.substring(6))));
        return Map.copyOf(s);
    }

    private static SessionWindow window(String start, String end) {
        return new SessionWindow(LocalTime.parse(start), LocalTime.parse(end));
    }

    private static Map<String, List<String>> patterns() {
        Map<String, List<String>> p = new LinkedHashMap<>();
        for (String name : List.of("doji", "hammer", "hanging_man", "inverted_hammer", "shooting_star",
                "bullish_engulfing", "bearish_engulfing", "bullish_harami", "bearish_harami", "morning_star",
                "evening_star", "three_white_soldiers", "three_black_crows", "marubozu", "spinning_top", "nr4",
                "nr7", "higher_high", "higher_low", "lower_high", "lower_low", "breakout_high", "breakout_low")) {
            p.put(name, List.of("is_" + name));
        }
        p.put("inside_day", List.of("is_inside_day", "is_inside"));
        p.put("outside_day", List.of("is_outside_day", "is_outside"));
        p.put("inside_bar", p.get("inside_day"));
        p.put("outside_bar", p.get("outside_day"));
        p.put("narrow_range_4", p.get("nr4"));
        p.put("narrow_range_7", p.get("nr7"));
        p.put("engulfing_bullish", p.get("bullish_engulfing"));
        p.put("engulfing_bearish", p.get("bearish_engulfing"));
        p.put("green", List.of("is_green"));
        p.put("red", List.of("is_red"));
        return Map.copyOf(p);
    }

    private static Map<String, String> events() {
        Map<String, String> e = new LinkedHashMap<>();
        for (String name : PlanNames.EVENTS) {
            e.put(name, "is_" + name);
        }
        return Map.copyOf(e);
    }

    /** Columns the minute-bar source computes for a session-day (the daily columns without patterns). */
    static final Set<String> MINUTE_COLUMNS = Set.copyOf(List.of(
            "trade_date", "open", "high", "low", "close", "volume", "bars", "range", "range_pct", "body",
            "body_pct", "upper_wick", "lower_wick", "prev_open", "prev_high", "prev_low", "prev_close",
            "prev_range", "prev_change_pct", "prev_volume", "change", "change_pct", "gap", "gap_pct", "is_green",
            "is_red", "is_inside", "is_outside", "weekday", "weekday_name", "month", "month_name", "quarter",
            "quarter_name", "year",
            "high_time", "low_time", "high_hour", "low_hour",
            "gap_filled", "gap_fill_minutes", "gap_fill_time", "overnight_high", "overnight_low",
            "broke_overnight_high", "broke_overnight_low", "overnight_high_break_minutes",
            "overnight_low_break_minutes", "overnight_high_break_time", "overnight_low_break_time"));

    /**
     * Columns of a week or month row (timeframe 1W / 1M), folded from the session-days inside it; week_start
     * only on weeks.
     */
    static final Set<String> CALENDAR_COLUMNS = Set.copyOf(List.of(
            "trade_date", "open", "high", "low", "close", "volume", "bars", "days", "range", "range_pct", "body",
            "body_pct", "upper_wick", "lower_wick", "prev_open", "prev_high", "prev_low", "prev_close",
            "prev_range", "prev_change_pct", "prev_volume", "change", "change_pct", "gap", "gap_pct", "is_green",
            "is_red", "month", "month_name", "quarter", "quarter_name", "year"));

    /** The event flag columns, in a fixed order. */
    static final List<String> FLAG_COLUMNS = List.of("is_holiday", "is_early_close", "is_day_before_holiday",
            "is_day_after_holiday", "is_fomc", "is_nfp", "is_cpi", "is_opex", "is_quad_witching");

    static String sorted(Set<String> names) {
        return String.join(", ", new LinkedHashSet<>(names.stream().sorted().toList()));
    }

    static String lower(String value) {
        return value.trim().toLowerCase(Locale.ROOT);
    }
}
