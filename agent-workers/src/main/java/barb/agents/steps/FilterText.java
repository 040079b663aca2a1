package barb.agents.steps;

import barb.agents.periods.DateResolver;
import barb.core.Plan;

import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The filter text of a step atom (docs/understanding.md "Steps"): clauses joined by ", ", all of which hold.
 * {@link #parse} reads it into plan fields, {@link #format} writes the one canonical text back.
 */
public final class FilterText {
    static final Set<String> SESSIONS = Set.of("ETH", "RTH", "OVERNIGHT", "GLOBEX", "ASIAN", "EUROPEAN",
            "LONDON_OPEN", "PREMARKET", "US", "MORNING", "LUNCH", "AFTERNOON", "RTH_OPEN", "NY_OPEN", "NY_CLOSE",
            "RTH_CLOSE", "POSTMARKET");
    /** The plan's patterns and the colours, which a filter may also name as patterns. */
    static final List<String> PATTERNS = java.util.stream.Stream.concat(barb.core.PlanNames.PATTERNS.stream(),
            java.util.stream.Stream.of("green", "red")).toList();
    static final List<String> EVENTS = barb.core.PlanNames.EVENTS;
    public static final List<String> WEEKDAYS = List.of("monday", "tuesday", "wednesday", "thursday", "friday");
    public static final List<String> MONTHS = DateResolver.MONTH_NAMES;
    public static final Set<String> METRICS = metrics();
    private static final Set<String> OPERATORS = Set.of("<", "<=", ">", ">=", "=", "!=");
    private static final Set<String> REFS = Set.of("avg", "median", "min", "max");

    private static final Pattern CONDITION = Pattern.compile(
            "([a-z_0-9]+)\\s*(<=|>=|!=|<|>|=)\\s*(-?\\d+(?:\\.\\d+)?)(?:\\s*x\\s*([a-z]+)\\s+(\\d+)d)?");
    private static final Pattern LIST_CLAUSE = Pattern.compile("(pattern|event|weekday|month)\\s*(=|in)\\s*(.+)");
    private static final Pattern CONSECUTIVE = Pattern.compile("consecutive\\s+(green|red)\\s*(>=|=)\\s*(\\d+)");
    private static final Pattern TIME = Pattern.compile("time\\s*=\\s*(\\d{1,2}:\\d{2})\\s*-\\s*(\\d{1,2}:\\d{2})");

    public record Filters(String session, List<Plan.Condition> conditions, List<String> patterns, List<String> events,
                   List<String> weekdays, List<String> months, String gap, Plan.Consecutive consecutive,
                   Plan.TimeWindow time) {
        public Filters {
            conditions = conditions == null ? List.of() : List.copyOf(conditions);
            patterns = patterns == null ? List.of() : List.copyOf(patterns);
            events = events == null ? List.of() : List.copyOf(events);
            weekdays = weekdays == null ? List.of() : List.copyOf(weekdays);
            months = months == null ? List.of() : List.copyOf(months);
        }

        static final Filters NONE = new Filters(null, null, null, null, null, null, null, null, null);

        boolean isEmpty() {
            return equals(NONE);
        }
    }

    private FilterText() {
    }

    /** Reads a filter text; null or blank is no filter. Bad text is an IllegalArgumentException naming the clause. */
    public static Filters parse(String filter) {
        if (filter == null || filter.isBlank()) {
            return Filters.NONE;
        }
        String session = null;
        List<Plan.Condition> conditions = new ArrayList<>();
        List<String> patterns = null;
        List<String> events = null;
        List<String> weekdays = null;
        List<String> months = null;
        String gap = null;
        Plan.Consecutive consecutive = null;
        Plan.TimeWindow time = null;
        for (String raw : splitClauses(filter)) {
            String clause = raw.strip();
            String lower = clause.toLowerCase(Locale.ROOT);
            if (clause.isEmpty()) {
                throw new IllegalArgumentException("filter: empty clause in '" + filter + "'");
            }
            Matcher m;
            if (lower.startsWith("session")) {
                String value = valueAfterEquals(clause, "session");
                String upper = value.toUpperCase(Locale.ROOT);
                if (!SESSIONS.contains(upper)) {
                    throw new IllegalArgumentException("filter clause '" + clause + "': unknown session '" + value
                            + "'");
                }
                if (session != null) {
                    throw new IllegalArgumentException("filter clause '" + clause + "': session given twice");
                }
                session = upper;
            } else if (lower.startsWith("gap") && lower.matches("gap\\s*=\\s*[a-z]+")) {
                String value = valueAfterEquals(lower, "gap");
                if (!value.equals("up") && !value.equals("down")) {
                    throw new IllegalArgumentException("filter clause '" + clause + "': gap is up or down");
                }
                if (gap != null) {
                    throw new IllegalArgumentException("filter clause '" + clause + "': gap given twice");
                }
                gap = value;
            } else if ((m = CONSECUTIVE.matcher(lower)).matches()) {
                if (consecutive != null) {
                    throw new IllegalArgumentException("filter clause '" + clause + "': consecutive given twice");
                }
                int length = parseCount(m.group(3), clause);
                consecutive = new Plan.Consecutive(m.group(1), length, m.group(2).equals("=") ? "exactly" : null);
            } else if (lower.startsWith("consecutive")) {
                throw new IllegalArgumentException("filter clause '" + clause
                        + "': expected 'consecutive green|red >= N' or '= N'");
            } else if ((m = TIME.matcher(lower)).matches()) {
                if (time != null) {
                    throw new IllegalArgumentException("filter clause '" + clause + "': time given twice");
                }
                time = new Plan.TimeWindow(clock(m.group(1), clause), clock(m.group(2), clause));
            } else if (lower.startsWith("time")) {
                throw new IllegalArgumentException("filter clause '" + clause + "': expected 'time = HH:MM-HH:MM'");
            } else if ((m = LIST_CLAUSE.matcher(lower)).matches() && !m.group(3).strip().matches("-?\\d.*")) {
                String kind = m.group(1);
                List<String> values = listValues(m.group(2), m.group(3), clause);
                switch (kind) {
                    case "pattern" -> {
                        requireFirst(patterns, clause, kind);
                        patterns = known(values, PATTERNS, clause, kind);
                    }
                    case "event" -> {
                        requireFirst(events, clause, kind);
                        events = known(values, EVENTS, clause, kind);
                    }
                    case "weekday" -> {
                        requireFirst(weekdays, clause, kind);
                        weekdays = known(values, WEEKDAYS, clause, kind);
                    }
                    default -> {
                        requireFirst(months, clause, kind);
                        months = known(values, MONTHS, clause, kind);
                    }
                }
            } else if ((m = CONDITION.matcher(lower)).matches()) {
                conditions.add(condition(m, clause));
            } else {
                throw new IllegalArgumentException("filter clause '" + clause + "' is not a filter Barb reads");
            }
        }
        return new Filters(session, conditions, patterns, events, weekdays, months, gap, consecutive, time);
    }

    /** A plain or relative condition text, e.g. "change_pct > 0" (a probability outcome). */
    public static Plan.Condition parseCondition(String text) {
        String lower = text == null ? "" : text.strip().toLowerCase(Locale.ROOT);
        Matcher m = CONDITION.matcher(lower);
        if (!m.matches()) {
            throw new IllegalArgumentException("condition '" + text + "' is not 'metric op number'");
        }
        return condition(m, text);
    }

    public static String formatCondition(Plan.Condition c) {
        String base = c.metric() + " " + c.op() + " " + number(c.value());
        if (c.ref() == null) {
            return base;
        }
        return base + " x " + c.ref() + " " + c.days() + "d";
    }

    /** The canonical text: session, conditions, pattern, event, weekday, month, gap, consecutive, time. */
    public static String format(Filters f) {
        if (f == null) {
            return "";
        }
        List<String> clauses = new ArrayList<>();
        if (f.session() != null) {
            clauses.add("session = " + f.session());
        }
        for (Plan.Condition c : f.conditions()) {
            clauses.add(formatCondition(c));
        }
        addList(clauses, "pattern", f.patterns());
        addList(clauses, "event", f.events());
        addList(clauses, "weekday", f.weekdays());
        addList(clauses, "month", f.months());
        if (f.gap() != null) {
            clauses.add("gap = " + f.gap());
        }
        if (f.consecutive() != null) {
            Plan.Consecutive c = f.consecutive();
            clauses.add("consecutive " + c.color() + ("exactly".equals(c.mode()) ? " = " : " >= ") + c.length());
        }
        if (f.time() != null) {
            clauses.add("time = " + f.time().from() + "-" + f.time().to());
        }
        return String.join(", ", clauses);
    }

    /** Every clause of a filter text on its own (canonical form), so steps can tell shared clauses from others. */
    static List<String> clauses(Filters f) {
        String text = format(f);
        return text.isEmpty() ? List.of() : splitClauses(text);
    }

    public static String number(double value) {
        if (value == 0) {
            return "0";
        }
        return BigDecimal.valueOf(value).stripTrailingZeros().toPlainString();
    }

    private static void addList(List<String> clauses, String kind, List<String> values) {
        if (values.size() == 1) {
            clauses.add(kind + " = " + values.get(0));
        } else if (values.size() > 1) {
            clauses.add(kind + " in (" + String.join(", ", values) + ")");
        }
    }

    /** Splits at commas outside parentheses. */
    static List<String> splitClauses(String filter) {
        List<String> out = new ArrayList<>();
        int depth = 0;
        StringBuilder current = new StringBuilder();
        for (char c : filter.toCharArray()) {
            if (c == '(') {
                depth++;
            } else if (c == ')') {
                depth--;
            }
            if (c == ',' && depth == 0) {
                out.add(current.toString().strip());
                current.setLength(0);
            } else {
                current.append(c);
            }
        }
        out.add(current.toString().strip());
        return out;
    }

    private static Plan.Condition condition(Matcher m, String clause) {
        String metric = m.group(1);
        if (!METRICS.contains(metric)) {
            throw new IllegalArgumentException("filter clause '" + clause + "': unknown metric '" + metric + "'");
        }
        String op = m.group(2);
        if (!OPERATORS.contains(op)) {
            throw new IllegalArgumentException("filter clause '" + clause + "': unknown operator '" + op + "'");
        }
        double value = Double.parseDouble(m.group(3));
        if (m.group(4) == null) {
            return new Plan.Condition(metric, op, value);
        }
        // "average" is how a reader writes out "avg"
        String ref = m.group(4).equals("average") || m.group(4).equals("mean") ? "avg" : m.group(4);
        if (!REFS.contains(ref)) {
            throw new IllegalArgumentException("filter clause '" + clause + "': reference '" + ref
                    + "' is not one of avg, median, min, max");
        }
        int days = parseCount(m.group(5), clause);
        if (days > 500) {
            throw new IllegalArgumentException("filter clause '" + clause + "': days must be 1-500");
        }
        if (value == 0) {
            throw new IllegalArgumentException("filter clause '" + clause + "': the multiplier cannot be 0");
        }
        return new Plan.Condition(metric, op, value, ref, days);
    }

    private static String valueAfterEquals(String clause, String kind) {
        String rest = clause.strip().substring(kind.length()).strip();
        if (!rest.startsWith("=")) {
            throw new IllegalArgumentException("filter clause '" + clause + "': expected '" + kind + " = value'");
        }
        String value = rest.substring(1).strip();
        if (value.isEmpty()) {
            throw new IllegalArgumentException("filter clause '" + clause + "': no value");
        }
        return value;
    }

    private static List<String> listValues(String op, String rest, String clause) {
        String text = rest.strip();
        if (op.equals("=")) {
            return List.of(text);
        }
        if (!text.startsWith("(") || !text.endsWith(")")) {
            throw new IllegalArgumentException("filter clause '" + clause + "': expected 'in (a, b)'");
        }
        List<String> values = new ArrayList<>();
        for (String v : text.substring(1, text.length() - 1).split(",")) {
            if (!v.isBlank()) {
                values.add(v.strip());
            }
        }
        if (values.isEmpty()) {
            throw new IllegalArgumentException("filter clause '" + clause + "': empty list");
        }
        return values;
    }

    private static List<String> known(List<String> values, List<String> allowed, String clause, String kind) {
        List<String> out = new ArrayList<>();
        for (String v : values) {
            String canonical = canonical(kind, v);
            if (!allowed.contains(canonical)) {
                throw new IllegalArgumentException("filter clause '" + clause + "': unknown " + kind + " '" + v
                        + "'");
            }
            if (!out.contains(canonical)) {
                out.add(canonical);
            }
        }
        return out;
    }

    private static String canonical(String kind, String value) {
        String v = value.strip().replace(' ', '_');
        if (v.startsWith("is_")) {
            v = v.substring(3);
        }
        if (kind.equals("pattern")) {
            return switch (v) {
                case "inside_bar" -> "inside_day";
                case "outside_bar" -> "outside_day";
                case "narrow_range_4" -> "nr4";
                case "narrow_range_7" -> "nr7";
                case "engulfing_bullish" -> "bullish_engulfing";
                case "engulfing_bearish" -> "bearish_engulfing";
                default -> v;
            };
        }
        if (kind.equals("weekday")) {
            for (String day : WEEKDAYS) {
                if (v.length() >= 3 && day.startsWith(v)) {
                    return day;
                }
            }
        }
        if (kind.equals("month")) {
            for (String month : MONTHS) {
                if (v.length() >= 3 && month.startsWith(v)) {
                    return month;
                }
            }
        }
        return v;
    }

    private static void requireFirst(List<String> existing, String clause, String kind) {
        if (existing != null) {
            throw new IllegalArgumentException("filter clause '" + clause + "': " + kind
                    + " given twice (use '" + kind + " in (a, b)')");
        }
    }

    private static int parseCount(String digits, String clause) {
        try {
            int n = Integer.parseInt(digits);
            if (n < 1) {
                throw new IllegalArgumentException("filter clause '" + clause + "': the number must be at least 1");
            }
            return n;
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException("filter clause '" + clause + "': number too large");
        }
    }

    private static String clock(String text, String clause) {
        String[] parts = text.split(":");
        int hour = Integer.parseInt(parts[0]);
        int minute = Integer.parseInt(parts[1]);
        if (hour > 23 || minute > 59) {
            throw new IllegalArgumentException("filter clause '" + clause + "': '" + text + "' is not a time of day");
        }
        return String.format(Locale.ROOT, "%02d:%02d", hour, minute);
    }

    /** Every metric of the plan language, "green"/"red" flags included through is_green/is_red. */
    private static Set<String> metrics() {
        return barb.core.PlanNames.METRICS;
    }
}
