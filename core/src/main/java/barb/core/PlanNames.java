package barb.core;

import java.util.ArrayList;
import java.util.List;
import java.util.Set;

/**
 * The names a plan may use (docs/plan-schema.md), in one place for everything that writes or checks plans: the
 * planner and its validators, the wording and the executor. Pure data.
 */
public final class PlanNames {
    private PlanNames() {
    }

    /** Event names of {@code events} (flags {@code is_<name>}). */
    public static final List<String> EVENTS = List.of("fomc", "nfp", "cpi", "opex", "quad_witching", "holiday",
            "early_close", "day_before_holiday", "day_after_holiday");

    /** Canonical pattern names of {@code patterns} (flags {@code is_<name>}). */
    public static final List<String> PATTERNS = List.of("doji", "hammer", "hanging_man", "inverted_hammer",
            "shooting_star", "bullish_engulfing", "bearish_engulfing", "bullish_harami", "bearish_harami",
            "morning_star", "evening_star", "three_white_soldiers", "three_black_crows", "marubozu", "spinning_top",
            "inside_day", "outside_day", "nr4", "nr7", "higher_high", "higher_low", "lower_high", "lower_low",
            "breakout_high", "breakout_low");

    /** Other names of patterns a plan may use → the canonical name. */
    public static final java.util.Map<String, String> PATTERN_ALIASES = java.util.Map.ofEntries(
            java.util.Map.entry("inside_bar", "inside_day"), java.util.Map.entry("outside_bar", "outside_day"),
            java.util.Map.entry("narrow_range_4", "nr4"), java.util.Map.entry("narrow_range_7", "nr7"),
            java.util.Map.entry("engulfing_bullish", "bullish_engulfing"),
            java.util.Map.entry("engulfing_bearish", "bearish_engulfing"),
            java.util.Map.entry("harami_bullish", "bullish_harami"),
            java.util.Map.entry("harami_bearish", "bearish_harami"));

    /** Numeric columns of a row a plan may name as metric or in a condition. */
    public static final Set<String> METRICS = metrics();

    /** Row timeframes: session-days, intraday bars, weeks and months. */
    public static final Set<String> TIMEFRAMES = Set.of("1D", "5m", "15m", "30m", "1h", "2h", "4h", "1W", "1M");

    /** Timeframes whose rows are longer than a day. */
    public static final Set<String> CALENDAR_TIMEFRAMES = Set.of("1W", "1M");

    /** Formation bucket widths. */
    public static final Set<String> BUCKETS = Set.of("5m", "10m", "15m", "20m", "30m", "60m", "120m");

    /** What a formation places in time. */
    public static final Set<String> EXTREMES = Set.of("high", "low", "overnight_high_break", "overnight_low_break");

    /**
     * Sessions and their ET windows "HH:MM-HH:MM" (start inclusive, end exclusive; a start after the end wraps past
     * midnight), as NQ's instrument file defines them, in the order they are preferred as a name for a window.
     */
    public static final java.util.Map<String, String> SESSION_WINDOWS = sessionWindows();

    public static final Set<String> AGGREGATES = Set.of("mean", "median", "min", "max", "sum", "std", "count");

    public static final Set<String> GROUP_BY = Set.of("weekday", "month", "quarter", "year", "hour");

    private static java.util.Map<String, String> sessionWindows() {
        java.util.Map<String, String> w = new java.util.LinkedHashMap<>();
        w.put("ETH", "18:00-17:00");
        w.put("RTH", "09:30-17:00");
        w.put("OVERNIGHT", "18:00-09:30");
        w.put("GLOBEX", "18:00-09:30");
        w.put("ASIAN", "18:00-03:00");
        w.put("EUROPEAN", "03:00-09:30");
        w.put("US", "09:30-16:00");
        w.put("PREMARKET", "04:00-09:30");
        w.put("POSTMARKET", "16:00-17:00");
        w.put("MORNING", "09:30-12:30");
        w.put("AFTERNOON", "12:30-17:00");
        w.put("LUNCH", "12:00-13:00");
        w.put("LONDON_OPEN", "03:00-04:00");
        w.put("NY_OPEN", "09:30-10:30");
        w.put("NY_CLOSE", "15:00-16:00");
        w.put("RTH_OPEN", "09:30-10:30");
        w.put("RTH_CLOSE", "16:00-17:00");
        return java.util.Collections.unmodifiableMap(w);
    }

    private static Set<String> metrics() {
        List<String> m = new ArrayList<>(List.of("open", "high", "low", "close", "volume", "bars", "range",
                "range_pct", "body", "body_pct", "upper_wick", "lower_wick", "prev_open", "prev_high", "prev_low",
                "prev_close", "prev_range", "prev_change_pct", "prev_volume", "change", "change_pct", "gap",
                "gap_pct", "is_green", "is_red", "is_inside", "is_outside", "weekday", "month", "quarter", "year",
                "hour", "green_streak", "red_streak", "run_length", "high_hour", "low_hour", "gap_filled",
                "gap_fill_minutes", "overnight_high", "overnight_low", "broke_overnight_high", "broke_overnight_low",
                "overnight_high_break_minutes", "overnight_low_break_minutes"));
        EVENTS.forEach(e -> m.add("is_" + e));
        PATTERNS.forEach(p -> m.add("is_" + p));
        return Set.copyOf(m);
    }
}
