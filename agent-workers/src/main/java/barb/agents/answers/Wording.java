package barb.agents.answers;

import barb.core.Operation;
import barb.core.Plan;

import java.time.LocalDate;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * How a plan is named in the reader's language, the way a trader would say it: sessions as sessions ("the first
 * hour of RTH"), conditions as words ("non-FOMC days", "a gap up of more than 0.5%"), periods as dates. Used in
 * answer headings, acknowledgements and chat titles. The only numbers it writes are the plan's own (years,
 * thresholds, N, offsets, run lengths, times of day). Every word comes from the language's bundle
 * ({@link Messages}).
 */
public final class Wording {
    private Wording() {
    }

    public static boolean ru(String lang) {
        return "ru".equals(lang);
    }

    // ---- what one row is: a day, a week, a month or an intraday bar ----

    /**
     * The kind of row a plan counts.
     *
     * @param kind   day | week | month | bar (the select keyword of the bundles)
     * @param size   the bar's length as the plan wrote it ("5", "1", "4"), null for the others
     * @param hours  true when the bar's length is in hours
     */
    record Unit(String kind, String size, boolean hours) {
        static final Unit DAY = new Unit("day", null, false);

        /** Russian gender of the noun, for the adjectives and verbs that agree with it. */
        String gender() {
            return kind.equals("week") ? "f" : "m";
        }

        /** "days", "weeks", "5-minute bars" / "дни", "недели", "5-минутные бары". */
        String many(Messages m) {
            if (kind.equals("bar")) {
                return hours ? ("1".equals(size) ? m.get("bars.hour") : m.get("bars.hours", "n", size))
                        : m.get("bars.minutes", "n", size);
            }
            return m.get("unit.many", "unit", kind);
        }

        /** The plural noun after "of"/"из": "days" / "дней". */
        String manyOf(Messages m) {
            return m.get("unit.many.of", "unit", kind);
        }

        /** Everything of this kind, when nothing picks rows: "trading days", "weeks", "hourly bars". */
        String all(Messages m) {
            return kind.equals("bar") ? many(m) : m.get("unit.all", "unit", kind);
        }

        String count(Object n, Messages m) {
            return m.get("count.rows", "unit", kind, "n", n);
        }

        /** After "of" / "из" (Russian genitive). */
        String countOf(Object n, Messages m) {
            return m.get("count.rows.of", "unit", kind, "n", n);
        }

        /** After "over" / "по" (Russian dative). */
        String countOver(Object n, Messages m) {
            return m.get("count.rows.over", "unit", kind, "n", n);
        }
    }

    private static final Pattern BAR = Pattern.compile("(\\d+)\\s*(m|min|h|hr)");

    static Unit unit(Plan plan) {
        String tf = plan == null || plan.timeframe() == null ? "" : plan.timeframe().trim();
        String lower = tf.toLowerCase(Locale.ROOT);
        if (tf.equals("1W") || Set.of("1w", "week", "weekly", "1wk").contains(lower)) {
            return new Unit("week", null, false);
        }
        if (tf.equals("1M") || Set.of("1mo", "month", "monthly", "1mon").contains(lower)) {
            return new Unit("month", null, false);
        }
        Matcher bar = BAR.matcher(lower);
        if (!lower.equals("1d") && bar.matches()) {
            return new Unit("bar", bar.group(1), bar.group(2).startsWith("h"));
        }
        return Unit.DAY;
    }

    // ---- sessions and periods ----

    /** Every session the executor knows, as the bundles name it. */
    static final List<String> SESSIONS = List.of("ETH", "RTH", "OVERNIGHT", "GLOBEX", "ASIAN", "EUROPEAN",
            "LONDON_OPEN", "PREMARKET", "US", "MORNING", "LUNCH", "AFTERNOON", "RTH_OPEN", "NY_OPEN", "NY_CLOSE",
            "RTH_CLOSE", "POSTMARKET");

    /** "during RTH", "in the first hour of RTH" / "в основную сессию (RTH)"; empty when the plan names none. */
    static String during(String session, Messages m) {
        if (session == null || session.isBlank()) {
            return "";
        }
        String code = session.trim().toUpperCase(Locale.ROOT);
        return SESSIONS.contains(code) ? m.get("session.during." + code)
                : m.get("session.during.other", "name", humanized(session));
    }

    /** The session as a noun: "RTH", "first hour of RTH" / "основная сессия (RTH)". */
    static String sessionName(String session, Messages m) {
        String code = session == null ? "ETH" : session.trim().toUpperCase(Locale.ROOT);
        return SESSIONS.contains(code) ? m.get("session.name." + code)
                : m.get("session.name.other", "name", humanized(session));
    }

    /** "in 2024", "since 2015", "from Aug 1, 2024 to Sep 15, 2024", "over all data". */
    static String period(Plan.Period period, Messages m) {
        LocalDate from = period == null ? null : period.from();
        LocalDate to = period == null ? null : period.to();
        if (from == null && to == null) {
            return m.get("period.all");
        }
        if (from != null && to != null) {
            boolean wholeYears = from.getDayOfYear() == 1 && to.getMonthValue() == 12 && to.getDayOfMonth() == 31;
            if (wholeYears && from.getYear() == to.getYear()) {
                return m.get("period.year", "year", String.valueOf(from.getYear()));
            }
            if (wholeYears && from.getYear() < to.getYear()) {
                return m.get("period.years", "from", String.valueOf(from.getYear()), "to",
                        String.valueOf(to.getYear()));
            }
            if (from.getDayOfMonth() == 1 && to.equals(from.withDayOfMonth(from.lengthOfMonth()))) {
                return m.get("period.month", "month", Numbers.monthOfYear(from, m));
            }
            if (from.equals(to)) {
                return m.get("period.day", "date", Numbers.date(from.toString(), m));
            }
            return m.get("period.range", "from", Numbers.date(from.toString(), m), "to",
                    Numbers.date(to.toString(), m));
        }
        if (from != null) {
            return from.getDayOfYear() == 1 ? m.get("period.sinceYear", "year", String.valueOf(from.getYear()))
                    : m.get("period.since", "from", Numbers.date(from.toString(), m));
        }
        return m.get("period.until", "to", Numbers.date(to.toString(), m));
    }

    // ---- metrics ----

    /** How a metric's values are measured, for the word after a number. */
    enum Measure { POINTS, PERCENT, MINUTES, PLAIN }

    private static final Set<String> POINT_METRICS = Set.of("range", "gap", "change", "body", "upper_wick",
            "lower_wick", "prev_range");
    private static final Set<String> PERCENT_COLUMNS = Set.of("probability", "base_probability", "pct",
            "filled_pct", "positive_pct");
    private static final Set<String> MINUTE_COLUMNS = Set.of("gap_fill_minutes", "overnight_high_break_minutes",
            "overnight_low_break_minutes", "median_minutes", "mean_minutes");

    static Measure measure(String metric) {
        if (metric == null) {
            return Measure.PLAIN;
        }
        String m = metric.toLowerCase(Locale.ROOT);
        if (m.endsWith("_pct") || PERCENT_COLUMNS.contains(m)) {
            return Measure.PERCENT;
        }
        if (POINT_METRICS.contains(m) || m.matches("(avg|mean|median|min|max)_\\d+d_(range|gap|change|body)")) {
            return Measure.POINTS;
        }
        return MINUTE_COLUMNS.contains(m) ? Measure.MINUTES : Measure.PLAIN;
    }

    /** A value of a metric with its unit: "245.31 points", "0.11%", "12 minutes" / "245,31 пункта". */
    static String value(Object v, String metric, Messages m) {
        if (!(v instanceof Number n)) {
            return Numbers.format(v, m);
        }
        return switch (measure(metric)) {
            case POINTS -> m.get("value.points", "v", n);
            case PERCENT -> m.get("value.pct", "v", n);
            case MINUTES -> m.get("value.minutes", "v", n);
            case PLAIN -> Numbers.format(n, m);
        };
    }

    /** The same after "more than" / "больше" (Russian genitive: "больше 250 пунктов"). */
    static String valueAfterComparison(Object v, String metric, Messages m) {
        if (!(v instanceof Number n)) {
            return Numbers.format(v, m);
        }
        return switch (measure(metric)) {
            case POINTS -> m.get("value.points.of", "v", n);
            case PERCENT -> m.get("value.pct", "v", n);
            case MINUTES -> m.get("value.minutes.of", "v", n);
            case PLAIN -> Numbers.format(n, m);
        };
    }

    private static String metricKey(String metric) {
        return "metric." + metric.toLowerCase(Locale.ROOT).trim();
    }

    /** "range", "% change" / "диапазон", "изменение в %"; an unknown column in plain words. */
    static String metricName(String metric, Messages m) {
        if (metric == null) {
            return "";
        }
        String key = metricKey(metric);
        return m.has(key) ? m.get(key) : humanized(metric);
    }

    /** "the range" / "диапазона" (Russian genitive). */
    static String metricOf(String metric, Messages m) {
        String key = metricKey(metric == null ? "" : metric) + ".of";
        return m.has(key) ? m.get(key) : m.get("metric.generic.of", "name", humanized(metric));
    }

    /** "a range" / "диапазоном" (Russian instrumental), as in "with a range above …". */
    static String metricWith(String metric, Messages m) {
        String key = metricKey(metric == null ? "" : metric) + ".with";
        return m.has(key) ? m.get(key) : m.get("metric.generic.with", "name", humanized(metric));
    }

    /** m | f | n, the Russian gender of the metric's noun. */
    static String metricGender(String metric, Messages m) {
        String key = metricKey(metric == null ? "" : metric) + ".gender";
        return m.has(key) ? m.get(key) : "m";
    }

    /** "average range", "total volume" / "средний диапазон", "суммарный объём". */
    static String aggregateName(String aggregate, String metric, Messages m) {
        String agg = aggregate == null ? "mean" : aggregate.toLowerCase(Locale.ROOT).trim();
        if (!Set.of("mean", "median", "min", "max", "sum", "std", "count").contains(agg)) {
            agg = "mean";
        }
        // the mean of a day's flag is the share of such days: "share of green days", never "average is green"
        if (agg.equals("mean") && metric != null && m.has("share." + metric.trim())) {
            return m.get("share." + metric.trim());
        }
        return m.get("aggregate." + agg, "metric", metricName(metric, m), "of", metricOf(metric, m), "gender",
                metricGender(metric, m));
    }

    // ---- conditions and the days they pick ----

    /** Where a condition's words go around the noun: before it, right after it, or as a "with …" part. */
    enum Slot { ADJ, NAME, QUAL }

    record Phrase(Slot slot, String text) {
    }

    private static final Set<String> EVENTS = Set.of("fomc", "nfp", "cpi", "opex", "quad_witching", "holiday",
            "early_close", "day_before_holiday", "day_after_holiday");

    private static final java.util.Map<String, String> PATTERN_ALIASES = java.util.Map.of("inside_bar",
            "inside_day", "outside_bar", "outside_day", "narrow_range_4", "nr4", "narrow_range_7", "nr7",
            "engulfing_bullish", "bullish_engulfing", "engulfing_bearish", "bearish_engulfing");

    static String patternKey(String pattern) {
        String p = pattern.toLowerCase(Locale.ROOT).trim();
        p = p.startsWith("is_") ? p.substring(3) : p;
        return PATTERN_ALIASES.getOrDefault(p, p);
    }

    /** A pattern as a thing a day has: "a doji" / "доджи" (Russian instrumental, after "с"). */
    static String patternName(String pattern, Messages m) {
        String key = "pattern." + patternKey(pattern);
        return m.has(key) ? m.get(key) : humanized(patternKey(pattern));
    }

    static String eventName(String event, boolean negated, Messages m) {
        String e = event.toLowerCase(Locale.ROOT).trim();
        String key = (negated ? "event.not." : "event.") + e;
        return m.has(key) ? m.get(key) : humanized(e);
    }

    /** The select keyword of an operator: gt, ge, lt, le, eq, ne. */
    static String op(String op) {
        return switch (op == null ? "" : op.trim()) {
            case ">" -> "gt";
            case ">=" -> "ge";
            case "<" -> "lt";
            case "<=" -> "le";
            case "!=", "<>" -> "ne";
            default -> "eq";
        };
    }

    /** A 0/1 flag condition read as true or false; null when it is not one. */
    static Boolean flag(Plan.Condition c) {
        double v = c.value();
        String op = op(c.op());
        if (v == 1 && (op.equals("eq") || op.equals("ge")) || v == 0 && (op.equals("ne") || op.equals("gt"))) {
            return true;
        }
        if (v == 0 && (op.equals("eq") || op.equals("le")) || v == 1 && (op.equals("ne") || op.equals("lt"))) {
            return false;
        }
        return null;
    }

    private static boolean isFlag(String metric) {
        return metric.startsWith("is_") || Set.of("gap_filled", "broke_overnight_high", "broke_overnight_low")
                .contains(metric);
    }

    /** One condition of the plan's filters as words about the rows it keeps. */
    static Phrase condition(Plan.Condition c, Unit unit, Messages m) {
        String metric = c.metric().toLowerCase(Locale.ROOT).trim();
        Boolean yes = isFlag(metric) ? flag(c) : null;
        if (c.ref() == null && yes != null) {
            Phrase p = flagCondition(metric, yes, m);
            if (p != null) {
                return p;
            }
        }
        if (c.ref() == null) {
            Phrase move = move(metric, c, m);
            if (move != null) {
                return move;
            }
        }
        return new Phrase(Slot.QUAL, m.get("cond.with", "x", comparison(c, unit, m)));
    }

    private static Phrase flagCondition(String metric, boolean yes, Messages m) {
        String name = metric.substring(metric.startsWith("is_") ? 3 : 0);
        switch (name) {
            case "green", "red", "inside", "outside" -> {
                return new Phrase(Slot.ADJ, m.get("cond." + name, "yes", yes ? "yes" : "no"));
            }
            case "gap_filled" -> {
                return new Phrase(Slot.QUAL, m.get(yes ? "cond.filled" : "cond.unfilled"));
            }
            case "broke_overnight_high", "broke_overnight_low" -> {
                String side = name.endsWith("high") ? "high" : "low";
                return new Phrase(Slot.QUAL, m.get(yes ? "cond.broke" : "cond.held", "side", side));
            }
            default -> {
                if (EVENTS.contains(name)) {
                    return new Phrase(Slot.NAME, eventName(name, !yes, m));
                }
                if (m.has("pattern." + patternKey(name))) {
                    return new Phrase(Slot.QUAL, m.get(yes ? "cond.with" : "cond.without", "x",
                            patternName(name, m)));
                }
                return null;
            }
        }
    }

    /** Moves and gaps in the words traders use: "when NQ fell more than 2%", "with a gap up of more than 0.5%". */
    private static Phrase move(String metric, Plan.Condition c, Messages m) {
        boolean change = metric.equals("change") || metric.equals("change_pct");
        boolean gap = metric.equals("gap") || metric.equals("gap_pct");
        if (!change && !gap) {
            return null;
        }
        String op = op(c.op());
        boolean above = op.equals("gt") || op.equals("ge");
        boolean below = op.equals("lt") || op.equals("le");
        if (!above && !below) {
            return null;
        }
        String strict = op.equals("gt") || op.equals("lt") ? "yes" : "no";
        double v = c.value();
        if (v == 0 && strict.equals("yes")) {
            return change ? new Phrase(Slot.ADJ, m.get(above ? "cond.up" : "cond.down")) : gapPhrase(above, m);
        }
        if (above && v > 0 || below && v < 0) {
            String amount = valueAfterComparison(Math.abs(v), metric, m);
            String key = change ? (above ? "cond.rose" : "cond.fell") : (above ? "cond.gapUpBy" : "cond.gapDownBy");
            return new Phrase(Slot.QUAL, m.get(key, "strict", strict, "value", amount));
        }
        return null;
    }

    /** "gap-up" before the noun in English, "с гэпом вверх" after it in Russian: the bundle says where. */
    private static Phrase gapPhrase(boolean up, Messages m) {
        Slot slot = "adj".equals(m.get("cond.gap.slot")) ? Slot.ADJ : Slot.QUAL;
        return new Phrase(slot, m.get(up ? "cond.gapUp" : "cond.gapDown"));
    }

    /**
     * "a range above 250 points", "a range more than 1.5 times its 20-day average" / "диапазоном больше 250
     * пунктов": what "with" or "has" is followed by.
     */
    static String comparison(Plan.Condition c, Unit unit, Messages m) {
        String metric = c.metric().toLowerCase(Locale.ROOT).trim();
        String what = metricWith(metric, m);
        if (metric.equals("high_hour") || metric.equals("low_hour")) {
            return m.get("cond.hour", "side", metric.startsWith("high") ? "high" : "low", "op", op(c.op()),
                    "time", hourOf(c.value()));
        }
        if (c.ref() != null) {
            String ref = c.ref().toLowerCase(Locale.ROOT).trim();
            double v = c.value();
            String op = op(c.op());
            String form = v == 1 ? "plain" : v > 1 && (op.equals("gt") || op.equals("ge")) ? "times" : "share";
            return m.get("cond.relative", "what", what, "op", op, "form", form, "v", v, "times",
                    m.get("value.times", "v", v), "ref",
                    Set.of("median", "min", "max").contains(ref) ? ref : "avg", "days", c.days() == null ? 20
                            : c.days(), "unit", unit.kind());
        }
        return m.get("cond.compare", "what", what, "op", op(c.op()), "value", value(c.value(), metric, m),
                "valueOf", valueAfterComparison(c.value(), metric, m));
    }

    private static String hourOf(double hour) {
        return String.format(Locale.ROOT, "%02d:00", (int) hour);
    }

    /**
     * The rows a plan picks as one noun phrase: "green non-FOMC days with a range above 250 points" / "зелёные
     * дни без FOMC с диапазоном больше 250 пунктов"; null when nothing but the period and session picks them.
     * Made of the filters, the gap, the events and the patterns; weekdays, months, runs and time windows are the
     * heading's tail.
     */
    static String daysPhrase(Plan plan, Unit unit, Messages m) {
        List<String> adj = new ArrayList<>();
        List<String> names = new ArrayList<>();
        List<String> quals = new ArrayList<>();
        for (Plan.Condition c : plan.filters()) {
            Phrase p = condition(c, unit, m);
            (p.slot() == Slot.ADJ ? adj : p.slot() == Slot.NAME ? names : quals).add(p.text());
        }
        if (plan.gap() != null && !plan.gap().isBlank()) {
            Phrase p = gapPhrase("up".equalsIgnoreCase(plan.gap().trim()), m);
            (p.slot() == Slot.ADJ ? adj : quals).add(p.text());
        }
        if (!plan.events().isEmpty()) {
            names.add(or(plan.events().stream().map(e -> eventName(e, false, m)).toList(), m));
        }
        List<String> withPatterns = new ArrayList<>();
        for (String p : plan.patterns()) {
            String key = patternKey(p);
            if (key.equals("green") || key.equals("red")) {
                adj.add(m.get("cond." + key, "yes", "yes"));
            } else {
                withPatterns.add(patternName(p, m));
            }
        }
        if (!withPatterns.isEmpty()) {
            quals.add(m.get("cond.with", "x", or(withPatterns, m)));
        }
        if (adj.isEmpty() && names.isEmpty() && quals.isEmpty()) {
            return null;
        }
        String and = " " + m.get("word.and") + " ";
        List<String> words = new ArrayList<>();
        for (String part : m.get("days.order").split(" ")) {
            switch (part) {
                case "adj" -> words.addAll(adj);
                case "name" -> words.addAll(names);
                case "noun" -> words.add(unit.many(m));
                case "qual" -> {
                    if (!quals.isEmpty()) {
                        words.add(String.join(and, quals));
                    }
                }
                default -> throw new IllegalStateException("days.order: unknown part " + part);
            }
        }
        return String.join(" ", words);
    }

    /** "Mondays or Fridays", "March", "the 3rd green day in a row", "from 10:00 to 11:30 ET". */
    static List<String> tail(Plan plan, Unit unit, Messages m, boolean withMonths) {
        List<String> parts = new ArrayList<>();
        if (!plan.weekdays().isEmpty()) {
            parts.add(or(plan.weekdays().stream().map(w -> weekdayName(w, true, m)).toList(), m));
        }
        if (withMonths && !plan.months().isEmpty()) {
            parts.add(or(plan.months().stream().map(mo -> monthName(mo, m)).toList(), m));
        }
        Plan.Consecutive run = plan.consecutive();
        if (run != null && run.length() != null) {
            String color = "red".equalsIgnoreCase(run.color()) ? "red" : "green";
            String key = "exactly".equalsIgnoreCase(run.mode()) ? "select.run.exactly" : "select.run.atLeast";
            parts.add(m.get(key, "n", run.length(), "color", color, "unit", unit.kind(), "gender", unit.gender()));
        }
        if (plan.time() != null && plan.time().from() != null && plan.time().to() != null) {
            parts.add(m.get("select.time", "from", plan.time().from(), "to", plan.time().to()));
        }
        return parts;
    }

    static String or(List<String> items, Messages m) {
        if (items.size() <= 1) {
            return items.isEmpty() ? "" : items.get(0);
        }
        return String.join(", ", items.subList(0, items.size() - 1)) + " " + m.get("word.or") + " "
                + items.get(items.size() - 1);
    }

    private static final List<String> WEEKDAYS = List.of("monday", "tuesday", "wednesday", "thursday", "friday",
            "saturday", "sunday");
    private static final List<String> MONTHS = List.of("january", "february", "march", "april", "may", "june",
            "july", "august", "september", "october", "november", "december");

    /** 1–7 for "mon", "Monday" or "1"; 0 when unknown. */
    static int weekdayNumber(String value) {
        return calendarNumber(value, WEEKDAYS);
    }

    /** 1–12 for "aug", "August" or "8"; 0 when unknown. */
    static int monthNumber(String value) {
        return calendarNumber(value, MONTHS);
    }

    private static int calendarNumber(String value, List<String> names) {
        String v = value == null ? "" : value.trim().toLowerCase(Locale.ROOT);
        if (v.matches("\\d{1,2}")) {
            int i = Integer.parseInt(v);
            return i >= 1 && i <= names.size() ? i : 0;
        }
        for (int i = 0; i < names.size(); i++) {
            if (v.length() >= 3 && names.get(i).startsWith(v)) {
                return i + 1;
            }
        }
        return 0;
    }

    /** "Monday" / "понедельник", or the plural "Mondays" / "понедельники". */
    static String weekdayName(String value, boolean plural, Messages m) {
        int n = weekdayNumber(value);
        return n == 0 ? value : m.get(plural ? "weekday.plural." + n : "weekday." + n);
    }

    static String monthName(String value, Messages m) {
        int n = monthNumber(value);
        return n == 0 ? value : m.get("month." + n);
    }

    // ---- headings ----

    /**
     * The heading of an answer to one plan: what was computed, the period, the session and everything that picks
     * the rows. Numbers in it are the plan's own.
     */
    public static String heading(Plan plan, String lang) {
        return heading(plan, Messages.of(lang));
    }

    static String heading(Plan plan, Messages m) {
        Operation operation = Operation.parse(plan.operation()).orElse(Operation.LIST);
        Unit unit = unit(plan);
        String days = daysPhrase(plan, unit, m);
        boolean daysInSubject = false;
        boolean monthsInSubject = false;
        String subject;
        switch (operation) {
            case COUNT -> {
                subject = days == null ? unit.all(m) : days;
                daysInSubject = true;
            }
            case LIST -> {
                if (plan.metric() != null && plan.limit() != null) {
                    subject = top(plan, unit, m);
                } else {
                    subject = days == null ? unit.all(m) : days;
                    daysInSubject = true;
                }
            }
            case TOP_N -> subject = top(plan, unit, m);
            case AGGREGATE -> subject = aggregateName(plan.aggregate(), plan.metric(), m);
            case GROUP -> subject = (plan.metric() == null || "count".equalsIgnoreCase(plan.aggregate())
                    ? m.get("subject.count", "units", unit.manyOf(m))
                    : aggregateName(plan.aggregate(), plan.metric(), m)) + " " + groupBy(plan.groupBy(), m);
            case DISTRIBUTION -> subject = m.get("subject.distribution", "of", metricOf(plan.metric(), m));
            case PROBABILITY -> {
                subject = probabilitySubject(plan, unit, m);
                monthsInSubject = singleMonthSubject(plan, unit);
            }
            case STREAK -> {
                subject = m.get("subject.streak", "days", days == null ? unit.all(m) : days);
                daysInSubject = true;
            }
            case CORRELATION -> subject = m.get("subject.correlation", "a", metricOf(plan.metric(), m), "b",
                    metricOf(plan.metric2(), m), "later", later(plan.offset(), unit, m));
            case FORMATION -> subject = m.get("subject.formation", "extreme", extremeKey(plan.extreme()));
            case AROUND -> subject = m.get("subject.around", "metric",
                    metricName(plan.metric() == null ? "change_pct" : plan.metric(), m), "units", unit.manyOf(m));
            case COMPARE -> {
                boolean mixed = plan.metric() == null && plan.variants().stream().anyMatch(v -> v.metric() != null);
                String agg = plan.aggregate() == null ? "mean" : plan.aggregate().toLowerCase(Locale.ROOT).trim();
                subject = mixed ? m.get("subject.compareMixed", "aggregate", agg)
                        : plan.metric() == null ? m.get("subject.compareCount", "unit", unit.kind(), "units",
                        unit.manyOf(m)) : m.get("subject.compare", "what", aggregateName(plan.aggregate(),
                        plan.metric(), m));
            }
            case SNAPSHOT -> subject = m.get("subject.snapshot");
            case GAP_FILL -> subject = m.get("subject.gapFill");
            default -> subject = unit.all(m);
        }
        List<String> tail = new ArrayList<>();
        if (!daysInSubject && days != null) {
            tail.add(days);
        }
        tail.addAll(tail(plan, unit, m, !monthsInSubject));
        StringBuilder h = new StringBuilder(subject);
        // variants that set their own period or session name it on their own line
        boolean variantPeriods = plan.variants().stream().anyMatch(v -> v.period() != null
                && (v.period().from() != null || v.period().to() != null));
        boolean variantSessions = plan.variants().stream().anyMatch(v -> v.session() != null);
        String when = variantPeriods ? "" : period(plan.period(), m);
        if (!when.isEmpty()) {
            h.append(' ').append(when);
        }
        String session = operation == Operation.SNAPSHOT || variantSessions ? "" : during(plan.session(), m);
        if (!session.isEmpty()) {
            h.append(' ').append(session);
        }
        if (!tail.isEmpty()) {
            String lead = operation == Operation.PROBABILITY && plan.offset() != null && plan.offset() > 0
                    ? m.get("select.after") + " " : "";
            h.append(" — ").append(lead).append(String.join(", ", tail));
        }
        return capitalized(h.toString());
    }

    /** "Top 5 days by range per month" / "5 дней с наибольшим диапазоном в каждом месяце". */
    private static String top(Plan plan, Unit unit, Messages m) {
        int n = plan.limit() == null ? 10 : plan.limit();
        String head = m.get("subject.top", "sort", "asc".equalsIgnoreCase(plan.sort()) ? "asc" : "desc", "n", n,
                "count", unit.count(n, m), "metric", metricName(plan.metric(), m), "with",
                metricWith(plan.metric(), m), "gender", metricGender(plan.metric(), m));
        return plan.groupBy() == null ? head : head + " " + m.get("group.per", "by", groupKey(plan.groupBy()));
    }

    static String groupKey(String groupBy) {
        String g = groupBy == null ? "" : groupBy.toLowerCase(Locale.ROOT).trim();
        return Set.of("weekday", "month", "quarter", "year", "hour").contains(g) ? g : "other";
    }

    static String groupBy(String groupBy, Messages m) {
        return groupBy == null ? "" : m.get("group.by", "by", groupKey(groupBy));
    }

    static String extremeKey(String extreme) {
        String e = extreme == null ? "high" : extreme.toLowerCase(Locale.ROOT).trim();
        return switch (e) {
            case "low", "overnight_high_break", "overnight_low_break" -> e.replace("overnight_", "")
                    .replace("_break", "Break");
            default -> "high";
        };
    }

    /** True when a monthly probability is about one calendar month: "How often August closes green". */
    static boolean singleMonthSubject(Plan plan, Unit unit) {
        return unit.kind().equals("month") && plan.months().size() == 1 && monthNumber(plan.months().get(0)) > 0
                && (plan.offset() == null || plan.offset() == 0);
    }

    /** "How often the next day closes green" / "Как часто следующий день закрывается зелёным". */
    private static String probabilitySubject(Plan plan, Unit unit, Messages m) {
        int offset = plan.offset() == null ? 0 : plan.offset();
        String gender = unit.gender();
        String who;
        if (singleMonthSubject(plan, unit)) {
            who = monthName(plan.months().get(0), m);
            gender = "m";
        } else if (offset == 0) {
            who = m.get("prob.same", "unit", unit.kind());
        } else if (offset == 1) {
            who = m.get("prob.next", "unit", unit.kind());
        } else {
            who = m.get("prob.later", "unit", unit.kind(), "count", unit.count(offset, m));
        }
        return m.get("subject.probability", "who", who, "outcome", outcome(plan.outcome(), unit, gender, m));
    }

    /** What the probability measures, as a verb phrase: "closes green", "takes out the overnight high". */
    static String outcome(Plan.Condition o, Unit unit, String gender, Messages m) {
        if (o == null) {
            return m.get("outcome.unknown");
        }
        String metric = o.metric().toLowerCase(Locale.ROOT).trim();
        Boolean yes = isFlag(metric) && o.ref() == null ? flag(o) : null;
        if (yes != null) {
            String name = metric.startsWith("is_") ? metric.substring(3) : metric;
            switch (name) {
                case "green", "red", "inside", "outside" -> {
                    return m.get("outcome." + name, "yes", yes ? "yes" : "no", "gender", gender, "unit",
                            unit.kind());
                }
                case "gap_filled" -> {
                    return m.get("outcome.filled", "yes", yes ? "yes" : "no");
                }
                case "broke_overnight_high", "broke_overnight_low" -> {
                    return m.get("outcome.broke", "yes", yes ? "yes" : "no", "side",
                            name.endsWith("high") ? "high" : "low");
                }
                default -> {
                    if (EVENTS.contains(name)) {
                        return m.get("outcome.event", "yes", yes ? "yes" : "no", "event", eventName(name, false, m),
                                "unit", unit.kind());
                    }
                    if (m.has("pattern." + patternKey(name))) {
                        return m.get("outcome.pattern", "yes", yes ? "yes" : "no", "x", patternName(name, m));
                    }
                }
            }
        }
        if (o.ref() == null && (metric.equals("change") || metric.equals("change_pct") || metric.equals("gap")
                || metric.equals("gap_pct"))) {
            String op = op(o.op());
            boolean above = op.equals("gt") || op.equals("ge");
            boolean below = op.equals("lt") || op.equals("le");
            String strict = op.equals("gt") || op.equals("lt") ? "yes" : "no";
            String kind = metric.startsWith("change") ? "change" : "gap";
            if ((above || below) && o.value() == 0) {
                return m.get("outcome." + kind + "Sign", "up", above ? "yes" : "no", "strict", strict);
            }
            if (above && o.value() > 0 || below && o.value() < 0) {
                return m.get("outcome." + kind + "By", "up", above ? "yes" : "no", "strict", strict, "value",
                        valueAfterComparison(Math.abs(o.value()), metric, m));
            }
        }
        return m.get("outcome.has", "x", comparison(o, unit, m));
    }

    /** " on the next day", " 5 days later" / " на следующий день", " через 5 дней"; empty for the same day. */
    static String later(Integer offset, Unit unit, Messages m) {
        if (offset == null || offset == 0) {
            return "";
        }
        return " " + (offset == 1 ? m.get("later.next", "unit", unit.kind())
                : m.get("later.n", "count", unit.count(offset, m)));
    }

    /** A 2–3 word chat title. */
    static String title(Plan plan, Messages m) {
        Operation operation = Operation.parse(plan.operation()).orElse(Operation.LIST);
        String year = wholeYear(plan.period());
        String t = switch (operation) {
            case AGGREGATE -> aggregateName(plan.aggregate(), plan.metric(), m);
            case GROUP -> plan.metric() == null ? m.get("title.days") : metricName(plan.metric(), m) + " "
                    + groupBy(plan.groupBy(), m);
            case LIST, TOP_N -> plan.limit() != null && plan.metric() != null ? m.get("title.top")
                    : daysTitle(plan, m);
            case FORMATION -> m.get("title.formation", "extreme", extremeKey(plan.extreme()));
            case DISTRIBUTION -> m.get("title.distribution", "metric", metricName(plan.metric(), m));
            default -> m.get("title." + operation.wireName());
        };
        return capitalized(year == null ? t : t + " " + year);
    }

    private static String daysTitle(Plan plan, Messages m) {
        if (plan.filters().isEmpty()) {
            return m.get("title.days");
        }
        Plan.Condition c = plan.filters().get(0);
        String metric = c.metric().toLowerCase(Locale.ROOT);
        Boolean yes = flag(c);
        return switch (metric) {
            case "is_green" -> m.get(Boolean.FALSE.equals(yes) ? "title.red" : "title.green");
            case "is_red" -> m.get(Boolean.FALSE.equals(yes) ? "title.green" : "title.red");
            case "gap", "gap_pct" -> m.get(c.op().startsWith(">") ? "title.gapUp" : "title.gapDown");
            case "change", "change_pct" -> m.get(c.op().startsWith("<") ? "title.drops" : "title.rallies");
            default -> m.get("title.selected");
        };
    }

    private static String wholeYear(Plan.Period p) {
        if (p == null || p.from() == null || p.to() == null) {
            return null;
        }
        return p.from().getYear() == p.to().getYear() && p.from().getDayOfYear() == 1 && p.to().getMonthValue() == 12
                && p.to().getDayOfMonth() == 31 ? String.valueOf(p.from().getYear()) : null;
    }

    // ---- small helpers ----

    static String capitalized(String s) {
        return s == null || s.isEmpty() ? "" : Character.toUpperCase(s.charAt(0)) + s.substring(1);
    }

    /** An identifier a bundle does not name, in words: "run_length" → "run length". */
    static String humanized(String name) {
        return name == null ? "" : name.trim().toLowerCase(Locale.ROOT).replace('_', ' ');
    }
}
