package barb.executor;

import barb.core.Operation;
import barb.core.Plan;
import barb.core.StageException;

import java.time.LocalTime;
import java.time.format.DateTimeParseException;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

import static barb.executor.PlanVocabulary.lower;
import static barb.executor.PlanVocabulary.sorted;

/**
 * Checks a {@link Plan} field by field and normalises its names. Pure. Every refusal is a non-retriable
 * {@code bad_plan} {@link StageException} whose message names the plan and the field, e.g.
 * {@code plan s1: filters[1].ref 'mode' is not one of avg, max, median, min}.
 */
final class PlanChecker {
    private static final String OPERATION_NAMES = String.join(", ",
            java.util.Arrays.stream(Operation.values()).map(Operation::wireName).toList());

    private PlanChecker() {
    }

    /** A consecutive-run filter: {@code length} green (red) days in a row, on the day the run completes. */
    record Run(String color, int length, boolean exactly) {
        String streakColumn() {
            return color + "_streak";
        }
    }

    /** A time-of-day window, start inclusive, end exclusive. */
    record Window(LocalTime from, LocalTime to) {
    }

    /**
     * A plan that passed every check, with names normalised (lower case, SQL operators, ISO weekday/month
     * numbers, pattern and event names in their canonical spelling).
     *
     * @param name      how messages name the plan, e.g. "plan s1"
     * @param valueName the name of the computed value column, e.g. "mean_range" (aggregate, group, compare)
     */
    record Checked(Plan plan, String name, Operation operation, String session, String metric,
                   String metric2, String aggregate, String groupBy, List<Plan.Condition> filters,
                   boolean descending, boolean sorted, Integer limit, String extreme, String valueName,
                   List<Integer> weekdays, List<Integer> months, List<String> patterns, List<String> events,
                   String gap, Run consecutive, Window time, Plan.Condition outcome, int offset,
                   List<Integer> offsets, int bins, List<Double> percentiles, int minLength, int bucket,
                   List<Checked> variants, String label, int barMinutes, String calendarUnit) {

        /** True when a row is an intraday bar (timeframe 5m … 4h) rather than a session-day. */
        boolean intraday() {
            return barMinutes > 0;
        }

        /** True when a row is a week or a month of session-days (timeframe 1W / 1M). */
        boolean calendar() {
            return calendarUnit != null;
        }

        /** The timeframe as results show it: 1D, 5m, 15m, 30m, 1h, 2h, 4h, 1W or 1M. */
        String timeframe() {
            return timeframeName(barMinutes, calendarUnit);
        }

        /** What one row is called in words: "trading day", "bar", "week", "month". */
        String rowName() {
            return calendar() ? calendarUnit : intraday() ? "bar" : "trading day";
        }

        /** The column naming a row beside its date: weekday_name, or week_start / month_name. */
        String labelColumn() {
            if (calendarUnit == null) {
                return "weekday_name";
            }
            return calendarUnit.equals(WEEK) ? "week_start" : "month_name";
        }
    }

    static final String WEEK = "week";
    static final String MONTH = "month";

    /** The timeframe of a plan: session-days (1D), intraday bars of barMinutes, or calendar rows. */
    private record Timeframe(int barMinutes, String calendarUnit) {
    }

    private static String timeframeName(int barMinutes, String calendarUnit) {
        if (calendarUnit != null) {
            return calendarUnit.equals(WEEK) ? "1W" : "1M";
        }
        if (barMinutes == 0) {
            return "1D";
        }
        return barMinutes % 60 == 0 ? barMinutes / 60 + "h" : barMinutes + "m";
    }

    static Checked check(Plan plan) {
        if (plan == null) {
            throw bad("plan: missing");
        }
        String name = plan.id() == null || plan.id().isBlank() ? "plan" : "plan " + plan.id();
        return check(plan, name);
    }

    private static Checked check(Plan plan, String name) {
        Operation operation = operation(name, plan.operation());
        String session = session(name, plan.session());
        Timeframe frame = timeframe(name, plan.timeframe());
        int barMinutes = frame.barMinutes();
        if (plan.period() != null && plan.period().from() != null && plan.period().to() != null
                && plan.period().from().isAfter(plan.period().to())) {
            throw bad(name + ": period.from " + plan.period().from() + " is after period.to " + plan.period().to());
        }
        // formation, snapshot and gap_fill have their own columns: a metric there means nothing
        boolean ownColumns = operation == Operation.FORMATION || operation == Operation.SNAPSHOT
                || operation == Operation.GAP_FILL;
        String metric = plan.metric() == null || ownColumns ? null : metric(name, "metric", plan.metric());
        List<Plan.Condition> filters = new ArrayList<>();
        for (int i = 0; i < plan.filters().size(); i++) {
            filters.add(condition(name, "filters[" + i + "]", plan.filters().get(i), true));
        }
        boolean descending = sortDescending(name, plan.sort(), operation, metric);
        if (plan.limit() != null && plan.limit() < 1) {
            throw bad(name + ": limit must be at least 1, got " + plan.limit());
        }
        List<Integer> weekdays = weekdays(name, plan.weekdays());
        List<Integer> months = months(name, plan.months());
        List<String> patterns = names(name, "patterns", plan.patterns(), PlanVocabulary.PATTERNS.keySet());
        List<String> events = names(name, "events", plan.events(), PlanVocabulary.EVENTS.keySet());
        String gap = gap(name, plan.gap());
        Run run = consecutive(name, plan.consecutive());
        Window time = time(name, plan.time());

        String aggregate = null;
        String groupBy = null;
        String extreme = null;
        String valueName = null;
        String metric2 = null;
        Plan.Condition outcome = null;
        int offset = 0;
        List<Integer> offsets = List.of();
        int bins = 10;
        List<Double> percentiles = List.of(5.0, 25.0, 50.0, 75.0, 95.0);
        int minLength = 2;
        int bucket = 60;
        Integer limit = plan.limit();
        List<Checked> variants = List.of();
        if (plan.mode() != null && !Plan.MODES.contains(plan.mode())) {
            throw bad(name + ": mode '" + plan.mode() + "' is not one of " + new java.util.TreeSet<>(Plan.MODES));
        }
        switch (operation) {
            case AGGREGATE -> {
                requireMetric(name, metric, "aggregate");
                aggregate = aggregate(name, plan.aggregate(), true);
                valueName = aggregate + "_" + metric;
            }
            case GROUP -> {
                groupBy = groupBy(name, plan.groupBy(), true);
                aggregate = aggregate(name, plan.aggregate(), metric != null);
                if (aggregate != null && metric == null) {
                    throw bad(name + ": aggregate '" + aggregate + "' needs a metric to aggregate");
                }
                valueName = metric == null ? "count" : aggregate + "_" + metric;
            }
            case FORMATION -> {
                requireDays(name, "formation reads the minutes of each session-day", frame, plan.timeframe());
                extreme = extreme(name, plan.extreme());
                bucket = bucket(name, plan.bucket());
            }
            case GAP_FILL -> requireDays(name, "gap_fill reads session-days", frame, plan.timeframe());
            case SNAPSHOT -> {
                requireDays(name, "snapshot shows session-days", frame, plan.timeframe());
                snapshot(name, plan);
            }
            case DISTRIBUTION -> {
                requireMetric(name, metric, "distribution");
                bins = range(name, "bins", plan.bins(), 10, 1, 100);
                percentiles = percentiles(name, plan.percentiles());
            }
            case PROBABILITY -> {
                if (plan.outcome() == null) {
                    throw bad(name + ": probability needs outcome, e.g. {\"metric\": \"change_pct\", \"op\": \">\", "
                            + "\"value\": 0}");
                }
                outcome = condition(name, "outcome", plan.outcome(), false);
                offset = range(name, "offset", plan.offset(), 0, 0, PlanVocabulary.MAX_DAYS);
            }
            case STREAK -> minLength = range(name, "min_length", plan.minLength(), 2, 1, 10_000);
            case CORRELATION -> {
                requireMetric(name, metric, "correlation");
                if (plan.metric2() == null || plan.metric2().isBlank()) {
                    throw bad(name + ": correlation needs metric2 (the second metric)");
                }
                metric2 = metric(name, "metric2", plan.metric2());
                offset = range(name, "offset", plan.offset(), 0, 0, PlanVocabulary.MAX_DAYS);
            }
            case AROUND -> {
                metric = metric == null ? "change_pct" : metric;
                offsets = offsets(name, plan.offsets());
            }
            case TOP_N -> {
                requireMetric(name, metric, "top_n");
                groupBy = groupBy(name, plan.groupBy(), false);
                limit = limit == null ? 10 : limit;
            }
            case COMPARE -> {
                aggregate = aggregate(name, plan.aggregate(), false);
                variants = variants(name, plan);
                valueName = compareValueName(variants);
            }
            default -> {
            }
        }
        if (frame.calendarUnit() != null) {
            calendarRows(name, timeframeName(0, frame.calendarUnit()), frame.calendarUnit(), plan, groupBy);
        }
        if ("hour".equals(groupBy) && barMinutes == 0) {
            throw bad(name + ": group_by hour needs an intraday timeframe (5m … 4h); a session-day has no hour");
        }
        return new Checked(plan, name, operation, session, metric, metric2, aggregate, groupBy, List.copyOf(filters),
                descending, plan.sort() != null, limit, extreme, valueName, weekdays, months, patterns, events,
                gap, run, time, outcome, offset, offsets, bins, percentiles, minLength, bucket, variants,
                plan.label(), barMinutes, frame.calendarUnit());
    }

    private static void requireMetric(String name, String metric, String operation) {
        if (metric == null) {
            throw bad(name + ": " + operation + " needs a metric (one of " + sorted(PlanVocabulary.METRICS) + ")");
        }
    }

    private static Operation operation(String name, String value) {
        if (value == null || value.isBlank()) {
            throw bad(name + ": operation missing (one of " + OPERATION_NAMES + ")");
        }
        return Operation.parse(value).orElseThrow(
                () -> bad(name + ": unknown operation '" + value + "' (one of " + OPERATION_NAMES + ")"));
    }

    private static String session(String name, String value) {
        if (value == null || value.isBlank()) {
            return "ETH";
        }
        String s = value.trim().toUpperCase(Locale.ROOT);
        if (!PlanVocabulary.SESSIONS.containsKey(s)) {
            throw bad(name + ": unknown session '" + value + "' (one of "
                    + sorted(PlanVocabulary.SESSIONS.keySet()) + ")");
        }
        return s;
    }

    /** Intraday bar sizes a plan may ask for, in minutes; 1D (0) is a session-day. */
    static final Map<String, Integer> TIMEFRAMES = Map.of("1d", 0, "daily", 0, "5m", 5, "15m", 15, "30m", 30,
            "1h", 60, "60m", 60, "2h", 120, "4h", 240);

    /** Calendar timeframes (lower case) → unit; "1M" (capital M) is a month too, see {@link #timeframe}. */
    static final Map<String, String> CALENDAR_TIMEFRAMES = Map.of("1w", WEEK, "week", WEEK, "weekly", WEEK,
            "1mo", MONTH, "month", MONTH, "monthly", MONTH);

    private static Timeframe timeframe(String name, String value) {
        if (value == null || value.isBlank()) {
            return new Timeframe(0, null);
        }
        String v = value.trim();
        if (v.equals("1M")) {
            return new Timeframe(0, MONTH);
        }
        if (v.equals("1m")) {
            // one minute is no timeframe here; guessing a month from a lower-case m would be a silent error
            throw bad(name + ": timeframe '1m' is ambiguous: a month is 1M (capital M); minute rows are not "
                    + "available (the shortest bar is 5m)");
        }
        String unit = CALENDAR_TIMEFRAMES.get(v.toLowerCase(Locale.ROOT));
        if (unit != null) {
            return new Timeframe(0, unit);
        }
        Integer minutes = TIMEFRAMES.get(v.toLowerCase(Locale.ROOT));
        if (minutes == null) {
            throw bad(name + ": unsupported timeframe '" + value + "' (1D: one row per session-day; 5m, 15m, 30m, "
                    + "1h, 2h, 4h: one row per bar of the session; 1W, 1M: one row per week / month; use time for "
                    + "a time-of-day window)");
        }
        return new Timeframe(minutes, null);
    }

    /** formation, snapshot and gap_fill work on session-days: any other timeframe is refused. */
    private static void requireDays(String name, String why, Timeframe frame, String asked) {
        if (frame.barMinutes() > 0 || frame.calendarUnit() != null) {
            throw bad(name + ": " + why + "; timeframe must be 1D, got '" + asked + "'");
        }
    }

    /**
     * Week and month rows have prices, volume and calendar columns, but no weekday, candle pattern, event flag or
     * time of day: the fields that pick days by those are refused, naming the field.
     */
    private static void calendarRows(String name, String timeframe, String unit, Plan plan, String groupBy) {
        String rows = unit.equals(WEEK) ? "weekly" : "monthly";
        String why = " is not available on " + rows + " rows (timeframe " + timeframe + "); use timeframe 1D";
        if (!plan.patterns().isEmpty()) {
            throw bad(name + ": patterns" + why);
        }
        if (!plan.events().isEmpty()) {
            throw bad(name + ": events" + why);
        }
        if (!plan.weekdays().isEmpty()) {
            throw bad(name + ": weekdays" + why);
        }
        if (plan.gap() != null && !plan.gap().isBlank()) {
            throw bad(name + ": gap" + why + " (or a filter on gap)");
        }
        if (plan.time() != null) {
            throw bad(name + ": time" + why);
        }
        if (unit.equals(WEEK) && !plan.months().isEmpty()) {
            throw bad(name + ": months is not available on weekly rows (a week can span two months); use timeframe "
                    + "1M or 1D");
        }
        if ("weekday".equals(groupBy) || "hour".equals(groupBy)) {
            throw bad(name + ": group_by " + groupBy + why + " (month, quarter or year work)");
        }
    }

    /** The longest period a snapshot shows, in calendar days. */
    static final int SNAPSHOT_MAX_DAYS = 31;

    /** A snapshot shows every trading day of a short period as it was: both ends given, nothing that picks days. */
    private static void snapshot(String name, Plan plan) {
        if (plan.period() == null || plan.period().from() == null || plan.period().to() == null) {
            throw bad(name + ": snapshot needs period.from and period.to (1–" + SNAPSHOT_MAX_DAYS + " days)");
        }
        long days = java.time.temporal.ChronoUnit.DAYS.between(plan.period().from(), plan.period().to()) + 1;
        if (days > SNAPSHOT_MAX_DAYS) {
            throw bad(name + ": snapshot period " + plan.period().from() + "…" + plan.period().to() + " is " + days
                    + " days; at most " + SNAPSHOT_MAX_DAYS);
        }
        String unused = !plan.filters().isEmpty() ? "filters" : !plan.weekdays().isEmpty() ? "weekdays"
                : !plan.months().isEmpty() ? "months" : !plan.patterns().isEmpty() ? "patterns"
                : !plan.events().isEmpty() ? "events" : plan.gap() != null ? "gap"
                : plan.consecutive() != null ? "consecutive" : plan.time() != null ? "time" : null;
        if (unused != null) {
            throw bad(name + ": snapshot shows every trading day of its period; " + unused + " cannot pick days "
                    + "here (use list for that)");
        }
    }

    private static String metric(String name, String field, String value) {
        String m = lower(value);
        if (!PlanVocabulary.METRICS.contains(m)) {
            throw bad(name + ": unknown " + field + " '" + value + "' (known: " + sorted(PlanVocabulary.METRICS)
                    + ")");
        }
        return m;
    }

    /** The condition with its metric in lower case, its operator in SQL spelling and its reference checked. */
    private static Plan.Condition condition(String name, String field, Plan.Condition c, boolean relativeAllowed) {
        if (c == null) {
            throw bad(name + ": " + field + " is empty");
        }
        if (c.metric() == null || c.metric().isBlank()) {
            throw bad(name + ": " + field + ".metric missing");
        }
        String metric = metric(name, field + ".metric", c.metric());
        String op = c.op() == null ? null : PlanVocabulary.OPERATORS.get(c.op().trim());
        if (op == null) {
            throw bad(name + ": " + field + ".op '" + c.op() + "' is not one of < <= > >= = !=");
        }
        if (Double.isNaN(c.value()) || Double.isInfinite(c.value())) {
            throw bad(name + ": " + field + ".value must be a finite number");
        }
        if (c.ref() == null || c.ref().isBlank()) {
            if (c.days() != null) {
                throw bad(name + ": " + field + ".days needs ref (avg, median, min or max)");
            }
            return new Plan.Condition(metric, op, c.value());
        }
        if (!relativeAllowed) {
            throw bad(name + ": " + field + ".ref is not supported here (only plain thresholds)");
        }
        String ref = lower(c.ref());
        if (!PlanVocabulary.REFERENCES.containsKey(ref)) {
            throw bad(name + ": " + field + ".ref '" + c.ref() + "' is not one of avg, max, median, min");
        }
        ref = ref.equals("mean") ? "avg" : ref;
        if (c.days() == null) {
            throw bad(name + ": " + field + ".days missing (how many previous session-days " + ref + " covers)");
        }
        if (c.days() < 1 || c.days() > PlanVocabulary.MAX_DAYS) {
            throw bad(name + ": " + field + ".days must be 1–" + PlanVocabulary.MAX_DAYS + ", got " + c.days());
        }
        if (c.value() == 0) {
            throw bad(name + ": " + field + ".value is the multiplier of the reference (e.g. 1.5 for 1.5 × "
                    + ref + "); 0 is not allowed");
        }
        return new Plan.Condition(metric, op, c.value(), ref, c.days());
    }

    private static boolean sortDescending(String name, String value, Operation operation,
                                          String metric) {
        if (value == null || value.isBlank()) {
            // Ranked lists read best first; chronological lists and groups read in natural order.
            return (operation == Operation.LIST && metric != null)
                    || operation == Operation.TOP_N || operation == Operation.STREAK;
        }
        return switch (lower(value)) {
            case "desc" -> true;
            case "asc" -> false;
            default -> throw bad(name + ": sort '" + value + "' is not asc or desc");
        };
    }

    private static String aggregate(String name, String value, boolean required) {
        if (value == null || value.isBlank()) {
            if (required) {
                throw bad(name + ": aggregate missing (one of " + sorted(PlanVocabulary.AGGREGATES.keySet()) + ")");
            }
            return null;
        }
        String a = lower(value);
        if (!PlanVocabulary.AGGREGATES.containsKey(a)) {
            throw bad(name + ": unknown aggregate '" + value + "' (one of "
                    + sorted(PlanVocabulary.AGGREGATES.keySet()) + ")");
        }
        return a;
    }

    private static String groupBy(String name, String value, boolean required) {
        if (value == null || value.isBlank()) {
            if (required) {
                throw bad(name + ": group_by missing (weekday, month, quarter, year; hour on an intraday timeframe)");
            }
            return null;
        }
        String g = lower(value);
        if (!List.of("weekday", "month", "quarter", "year", "hour").contains(g)) {
            throw bad(name + ": unknown group_by '" + value + "' (weekday, month, quarter, year; hour on an "
                    + "intraday timeframe)");
        }
        return g;
    }

    private static final String EXTREME_NAMES = "high, low, overnight_high_break, overnight_low_break";

    private static String extreme(String name, String value) {
        if (value == null || value.isBlank()) {
            throw bad(name + ": formation needs extreme (" + EXTREME_NAMES + ")");
        }
        String e = lower(value);
        if (!PlanVocabulary.EXTREMES.containsKey(e)) {
            throw bad(name + ": unknown extreme '" + value + "' (" + EXTREME_NAMES + ")");
        }
        return e;
    }

    private static int bucket(String name, String value) {
        if (value == null || value.isBlank()) {
            return 60;
        }
        Integer minutes = PlanVocabulary.BUCKETS.get(lower(value));
        if (minutes == null) {
            throw bad(name + ": bucket '" + value + "' is not one of 5m, 10m, 15m, 20m, 30m, 60m (1h), 120m (2h)");
        }
        return minutes;
    }

    private static int range(String name, String field, Integer value, int fallback, int min, int max) {
        if (value == null) {
            return fallback;
        }
        if (value < min || value > max) {
            throw bad(name + ": " + field + " must be " + min + "–" + max + ", got " + value);
        }
        return value;
    }

    private static List<Double> percentiles(String name, List<Double> values) {
        if (values.isEmpty()) {
            return List.of(5.0, 25.0, 50.0, 75.0, 95.0);
        }
        if (values.size() > 20) {
            throw bad(name + ": percentiles: at most 20, got " + values.size());
        }
        Set<Double> out = new LinkedHashSet<>();
        for (int i = 0; i < values.size(); i++) {
            Double p = values.get(i);
            if (p == null || p.isNaN() || p < 0 || p > 100) {
                throw bad(name + ": percentiles[" + i + "] must be a number 0–100, got " + p);
            }
            out.add(p);
        }
        return List.copyOf(out);
    }

    private static List<Integer> offsets(String name, List<Integer> values) {
        if (values.isEmpty()) {
            return List.of(1);
        }
        if (values.size() > 50) {
            throw bad(name + ": offsets: at most 50, got " + values.size());
        }
        Set<Integer> out = new LinkedHashSet<>();
        for (int i = 0; i < values.size(); i++) {
            Integer k = values.get(i);
            if (k == null || Math.abs(k) > PlanVocabulary.MAX_DAYS) {
                throw bad(name + ": offsets[" + i + "] must be a whole number of trading days within ±"
                        + PlanVocabulary.MAX_DAYS + ", got " + k);
            }
            out.add(k);
        }
        return out.stream().sorted().toList();
    }

    private static List<Integer> weekdays(String name, List<String> values) {
        List<Integer> out = new ArrayList<>();
        for (int i = 0; i < values.size(); i++) {
            String v = values.get(i) == null ? "" : lower(values.get(i));
            int day = -1;
            if (v.matches("[1-7]")) {
                day = Integer.parseInt(v);
            } else if (v.length() >= 3) {
                for (int d = 0; d < PlanVocabulary.WEEKDAYS.size(); d++) {
                    if (PlanVocabulary.WEEKDAYS.get(d).startsWith(v)) {
                        day = d + 1;
                    }
                }
            }
            if (day < 0) {
                throw bad(name + ": weekdays[" + i + "] '" + values.get(i) + "' is not a weekday (monday … friday "
                        + "or 1 … 5)");
            }
            if (!out.contains(day)) {
                out.add(day);
            }
        }
        return List.copyOf(out);
    }

    private static List<Integer> months(String name, List<String> values) {
        List<Integer> out = new ArrayList<>();
        for (int i = 0; i < values.size(); i++) {
            String v = values.get(i) == null ? "" : lower(values.get(i));
            int month = -1;
            if (v.matches("\\d{1,2}") && Integer.parseInt(v) >= 1 && Integer.parseInt(v) <= 12) {
                month = Integer.parseInt(v);
            } else if (v.length() >= 3) {
                for (int m = 0; m < PlanVocabulary.MONTHS.size(); m++) {
                    if (PlanVocabulary.MONTHS.get(m).startsWith(v)) {
                        month = m + 1;
                    }
                }
            }
            if (month < 0) {
                throw bad(name + ": months[" + i + "] '" + values.get(i) + "' is not a month (january … december "
                        + "or 1 … 12)");
            }
            if (!out.contains(month)) {
                out.add(month);
            }
        }
        return List.copyOf(out);
    }

    private static List<String> names(String name, String field, List<String> values, Set<String> known) {
        List<String> out = new ArrayList<>();
        for (int i = 0; i < values.size(); i++) {
            String v = values.get(i) == null ? "" : lower(values.get(i)).replace(' ', '_').replace('-', '_');
            if (v.startsWith("is_")) {
                v = v.substring(3);
            }
            if (!known.contains(v)) {
                throw bad(name + ": " + field + "[" + i + "] '" + values.get(i) + "' is unknown (known: "
                        + sorted(known) + ")");
            }
            if (!out.contains(v)) {
                out.add(v);
            }
        }
        return List.copyOf(out);
    }

    private static String gap(String name, String value) {
        if (value == null || value.isBlank()) {
            return null;
        }
        String g = lower(value);
        if (!g.equals("up") && !g.equals("down")) {
            throw bad(name + ": gap '" + value + "' is not up or down");
        }
        return g;
    }

    private static Run consecutive(String name, Plan.Consecutive c) {
        if (c == null) {
            return null;
        }
        if (c.color() == null || !(lower(c.color()).equals("green") || lower(c.color()).equals("red"))) {
            throw bad(name + ": consecutive.color '" + c.color() + "' is not green or red");
        }
        if (c.length() == null || c.length() < 1 || c.length() > PlanVocabulary.MAX_DAYS) {
            throw bad(name + ": consecutive.length must be 1–" + PlanVocabulary.MAX_DAYS + ", got " + c.length());
        }
        boolean exactly = false;
        if (c.mode() != null && !c.mode().isBlank()) {
            String mode = lower(c.mode());
            if (!mode.equals("at_least") && !mode.equals("exactly")) {
                throw bad(name + ": consecutive.mode '" + c.mode() + "' is not at_least or exactly");
            }
            exactly = mode.equals("exactly");
        }
        return new Run(lower(c.color()), c.length(), exactly);
    }

    private static Window time(String name, Plan.TimeWindow w) {
        if (w == null) {
            return null;
        }
        LocalTime from = clock(name, "time.from", w.from());
        LocalTime to = clock(name, "time.to", w.to());
        if (from.equals(to)) {
            throw bad(name + ": time.from and time.to are both " + from + " (an empty window)");
        }
        return new Window(from, to);
    }

    private static LocalTime clock(String name, String field, String value) {
        if (value == null || value.isBlank()) {
            throw bad(name + ": " + field + " missing (HH:MM, ET)");
        }
        try {
            String v = value.trim();
            return LocalTime.parse(v.length() == 4 ? "0" + v : v);
        } catch (DateTimeParseException e) {
            throw bad(name + ": " + field + " '" + value + "' is not a time of day HH:MM");
        }
    }

    /** Each variant is the base plan with the variant's set fields replacing the base's; filters add up. */
    private static List<Checked> variants(String name, Plan base) {
        if (base.variants().size() < 2) {
            throw bad(name + ": compare needs variants (at least 2), got " + base.variants().size());
        }
        if (base.variants().size() > 20) {
            throw bad(name + ": compare allows at most 20 variants, got " + base.variants().size());
        }
        List<Checked> out = new ArrayList<>();
        for (int i = 0; i < base.variants().size(); i++) {
            Plan v = base.variants().get(i);
            String field = name + ": variants[" + i + "]";
            if (v == null) {
                throw bad(field + " is empty");
            }
            if (!v.variants().isEmpty()) {
                throw bad(field + ".variants: variants cannot be nested");
            }
            String metric = v.metric() != null ? v.metric() : base.metric();
            String aggregate = v.aggregate() != null ? v.aggregate() : base.aggregate();
            String operation = metric == null ? "count" : "aggregate";
            List<Plan.Condition> filters = new ArrayList<>(base.filters());
            filters.addAll(v.filters());
            Plan merged = new Plan(base.id(), operation, v.period() != null ? v.period() : base.period(),
                    v.session() != null ? v.session() : base.session(),
                    v.timeframe() != null ? v.timeframe() : base.timeframe(), metric,
                    metric == null ? null : aggregate == null ? "mean" : aggregate, null, filters, null, null, null,
                    label(i, v), null, !v.weekdays().isEmpty() ? v.weekdays() : base.weekdays(),
                    !v.months().isEmpty() ? v.months() : base.months(),
                    !v.patterns().isEmpty() ? v.patterns() : base.patterns(),
                    !v.events().isEmpty() ? v.events() : base.events(), v.gap() != null ? v.gap() : base.gap(),
                    v.consecutive() != null ? v.consecutive() : base.consecutive(),
                    v.time() != null ? v.time() : base.time(), null, null, null, null, null, null, null, null, null);
            out.add(check(merged, field));
        }
        return List.copyOf(out);
    }

    /** The variant's label, or what sets it apart, e.g. "RTH", "2023-01-01…2023-12-31", "range". */
    private static String label(int index, Plan v) {
        if (v.label() != null && !v.label().isBlank()) {
            return v.label();
        }
        List<String> parts = new ArrayList<>();
        if (v.session() != null) {
            parts.add(v.session().trim().toUpperCase(Locale.ROOT));
        }
        if (v.period() != null) {
            parts.add((v.period().from() == null ? "start" : v.period().from().toString()) + "…"
                    + (v.period().to() == null ? "end" : v.period().to().toString()));
        }
        if (v.metric() != null) {
            parts.add(lower(v.metric()));
        }
        if (!v.weekdays().isEmpty()) {
            parts.add(String.join("/", v.weekdays()));
        }
        if (!v.months().isEmpty()) {
            parts.add(String.join("/", v.months()));
        }
        if (!v.patterns().isEmpty()) {
            parts.add(String.join("/", v.patterns()));
        }
        if (!v.events().isEmpty()) {
            parts.add(String.join("/", v.events()));
        }
        if (v.gap() != null) {
            parts.add("gap " + v.gap());
        }
        if (v.time() != null) {
            parts.add(v.time().from() + "–" + v.time().to());
        }
        return parts.isEmpty() ? "variant " + (index + 1) : String.join(" ", parts);
    }

    /** mean_range when every variant computes the same thing, else the neutral "value". */
    private static String compareValueName(List<Checked> variants) {
        Set<String> names = new LinkedHashSet<>();
        for (Checked v : variants) {
            names.add(v.operation() == Operation.COUNT ? "count" : v.aggregate() + "_" + v.metric());
        }
        return names.size() == 1 ? names.iterator().next() : "value";
    }

    static StageException bad(String message) {
        return new StageException("bad_plan", message, false);
    }
}
