package barb.executor;

import barb.core.Plan;
import barb.core.StageException;

import java.time.LocalDate;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

/**
 * Checks a {@link Plan} and turns it into parameterised SQL over the daily tables. Pure: no I/O.
 *
 * <p>Nothing the planner wrote is pasted into SQL as text: table, column, function and direction names are
 * looked up in the fixed lists below, and every value (dates, filter thresholds, the limit) is a {@code ?}
 * parameter.
 */
final class PlanCompiler {

    enum Operation { LIST, COUNT, AGGREGATE, GROUP, FORMATION }

    /** Numeric columns of the daily tables a plan may name as metric or filter. */
    static final Set<String> METRICS = Set.of(
            "open", "high", "low", "close", "volume", "bars", "range", "range_pct", "body", "body_pct",
            "upper_wick", "lower_wick", "prev_close", "change", "change_pct", "gap", "gap_pct",
            "is_green", "is_red", "is_inside", "is_outside", "weekday", "month", "year", "high_hour", "low_hour");

    /** Plan aggregate name → DuckDB function. */
    static final Map<String, String> AGGREGATES = Map.of(
            "mean", "avg", "median", "median", "min", "min", "max", "max", "sum", "sum", "std", "stddev_samp",
            "count", "count");

    private static final Map<String, String> OPERATORS = Map.of(
            "<", "<", "<=", "<=", ">", ">", ">=", ">=", "=", "=", "==", "=", "!=", "<>", "<>", "<>");

    /** Columns of a listed day, before the plan's own metric and filter columns. */
    private static final List<String> LIST_COLUMNS = List.of(
            "trade_date", "weekday_name", "open", "high", "low", "close", "volume", "range", "change", "change_pct",
            "gap");

    /** Columns of a source row (a counted or aggregated day), before the plan's metric and filter columns. */
    private static final List<String> SOURCE_COLUMNS = List.of("trade_date", "open", "high", "low", "close");

    static final String PERIOD_WHERE = "trade_date BETWEEN CAST(? AS DATE) AND CAST(? AS DATE)";

    /**
     * A plan that passed every check, with names normalised.
     *
     * @param name      how messages name the plan, e.g. "plan s1"
     * @param table     daily or daily_rth
     * @param session   ETH or RTH
     * @param valueName the name of the computed value column, e.g. "mean_range" (aggregate, group)
     */
    record Checked(Plan plan, String name, Operation operation, String table, String session, String metric,
                   String aggregate, String groupBy, List<Plan.Condition> filters, boolean descending,
                   boolean sorted, Integer limit, String extreme, String valueName) {
    }

    /** A statement and its parameters, in order. */
    record Sql(String text, List<Object> params) {
    }

    /**
     * The statements of one plan.
     *
     * @param answer  computes the result table
     * @param source  the rows (days) the answer was computed from; null for list, whose table is the evidence
     * @param columns columns of the answer, in order
     * @param sourceColumns columns of the source rows
     */
    record Compiled(Sql answer, Sql source, List<String> columns, List<String> sourceColumns) {
    }

    private PlanCompiler() {
    }

    /** Throws a non-retriable {@code bad_plan} {@link StageException} naming the first bad field. */
    static Checked check(Plan plan) {
        if (plan == null) {
            throw bad("plan: missing");
        }
        String name = plan.id() == null || plan.id().isBlank() ? "plan" : "plan " + plan.id();
        Operation operation = operation(name, plan.operation());
        String session = session(name, plan.session());
        String table = session.equals("RTH") ? DerivedTables.DAILY_RTH : DerivedTables.DAILY;
        checkTimeframe(name, plan.timeframe());
        if (plan.period() != null && plan.period().from() != null && plan.period().to() != null
                && plan.period().from().isAfter(plan.period().to())) {
            throw bad(name + ": period.from " + plan.period().from() + " is after period.to " + plan.period().to());
        }
        String metric = plan.metric() == null || operation == Operation.FORMATION ? null
                : metric(name, "metric", plan.metric());
        List<Plan.Condition> filters = new ArrayList<>();
        for (int i = 0; i < plan.filters().size(); i++) {
            filters.add(condition(name, i, plan.filters().get(i)));
        }
        boolean descending = sortDescending(name, plan.sort(), operation, metric);
        if (plan.limit() != null && plan.limit() < 1) {
            throw bad(name + ": limit must be at least 1, got " + plan.limit());
        }
        String aggregate = null;
        String groupBy = null;
        String extreme = null;
        String valueName = null;
        switch (operation) {
            case AGGREGATE -> {
                if (metric == null) {
                    throw bad(name + ": aggregate needs a metric (one of " + sorted(METRICS) + ")");
                }
                aggregate = aggregate(name, plan.aggregate(), true);
                valueName = aggregate + "_" + metric;
            }
            case GROUP -> {
                groupBy = groupBy(name, plan.groupBy());
                aggregate = aggregate(name, plan.aggregate(), metric != null);
                if (aggregate != null && metric == null) {
                    throw bad(name + ": aggregate '" + aggregate + "' needs a metric to aggregate");
                }
                valueName = metric == null ? "count" : aggregate + "_" + metric;
            }
            case FORMATION -> extreme = extreme(name, plan.extreme());
            default -> {
            }
        }
        return new Checked(plan, name, operation, table, session, metric, aggregate, groupBy, List.copyOf(filters),
                descending, plan.sort() != null, plan.limit(), extreme, valueName);
    }

    /** The statements for a checked plan over the period {@code from} … {@code to} (inclusive). */
    static Compiled compile(Checked p, LocalDate from, LocalDate to) {
        List<Object> params = new ArrayList<>();
        params.add(from == null ? null : from.toString());
        params.add(to == null ? null : to.toString());
        StringBuilder where = new StringBuilder(PERIOD_WHERE);
        for (Plan.Condition f : p.filters()) {
            where.append(" AND ").append(f.metric()).append(' ').append(f.op()).append(" ?");
            params.add(f.value());
        }
        return switch (p.operation()) {
            case LIST -> list(p, where, params);
            case COUNT -> count(p, where, params);
            case AGGREGATE -> aggregate(p, where, params);
            case GROUP -> group(p, where, params);
            case FORMATION -> formation(p, where, params);
        };
    }

    private static Compiled list(Checked p, StringBuilder where, List<Object> params) {
        List<String> columns = withPlanColumns(LIST_COLUMNS, p);
        String order = p.metric() == null
                ? "trade_date " + (p.descending() ? "DESC" : "ASC")
                : p.metric() + (p.descending() ? " DESC" : " ASC") + " NULLS LAST, trade_date";
        List<Object> answerParams = new ArrayList<>(params);
        String limit = "";
        if (p.limit() != null) {
            limit = "\nLIMIT ?";
            answerParams.add(p.limit());
        }
        String sql = "SELECT " + select(columns) + "\nFROM " + p.table() + "\nWHERE " + where
                + "\nORDER BY " + order + limit;
        return new Compiled(new Sql(sql, answerParams), null, columns, columns);
    }

    private static Compiled count(Checked p, StringBuilder where, List<Object> params) {
        String sql = "SELECT count(*) AS count\nFROM " + p.table() + "\nWHERE " + where;
        List<String> sourceColumns = withPlanColumns(SOURCE_COLUMNS, p);
        return new Compiled(new Sql(sql, params), sourceSql(p, sourceColumns, where, params), List.of("count"),
                sourceColumns);
    }

    private static Compiled aggregate(Checked p, StringBuilder where, List<Object> params) {
        where.append(" AND ").append(p.metric()).append(" IS NOT NULL");
        String sql = "SELECT " + AGGREGATES.get(p.aggregate()) + "(" + p.metric() + ") AS " + p.valueName()
                + ", count(*) AS count\nFROM " + p.table() + "\nWHERE " + where;
        List<String> sourceColumns = withPlanColumns(SOURCE_COLUMNS, p);
        return new Compiled(new Sql(sql, params), sourceSql(p, sourceColumns, where, params),
                List.of(p.valueName(), "count"), sourceColumns);
    }

    private static Compiled group(Checked p, StringBuilder where, List<Object> params) {
        List<String> keys = switch (p.groupBy()) {
            case "weekday" -> List.of("weekday", "weekday_name");
            case "month" -> List.of("month", "month_name");
            default -> List.of("year");
        };
        if (p.metric() != null) {
            where.append(" AND ").append(p.metric()).append(" IS NOT NULL");
        }
        List<String> columns = new ArrayList<>(keys);
        columns.add("count");
        String value = "";
        if (p.metric() != null) {
            value = ", " + AGGREGATES.get(p.aggregate()) + "(" + p.metric() + ") AS " + p.valueName();
            columns.add(p.valueName());
        }
        String order = p.sorted()
                ? p.valueName() + (p.descending() ? " DESC" : " ASC") + ", " + keys.getFirst()
                : keys.getFirst();
        List<Object> answerParams = new ArrayList<>(params);
        String limit = "";
        if (p.limit() != null) {
            limit = "\nLIMIT ?";
            answerParams.add(p.limit());
        }
        String keyList = String.join(", ", keys);
        String sql = "SELECT " + keyList + ", count(*) AS count" + value + "\nFROM " + p.table() + "\nWHERE "
                + where + "\nGROUP BY " + keyList + "\nORDER BY " + order + limit;
        List<String> sourceBase = new ArrayList<>(List.of("trade_date"));
        sourceBase.add(keys.getLast());
        List<String> sourceColumns = withPlanColumns(sourceBase, p);
        return new Compiled(new Sql(sql, answerParams), sourceSql(p, sourceColumns, where, params), columns,
                sourceColumns);
    }

    private static Compiled formation(Checked p, StringBuilder where, List<Object> params) {
        String time = p.extreme() + "_time";
        where.append(" AND ").append(time).append(" IS NOT NULL");
        // Hours in session order: 18:00 (start of the trading day) first, 16:00 last.
        String sql = "SELECT hour(" + time + ") AS hour, count(*) AS count, "
                + "100.0 * count(*) / sum(count(*)) OVER () AS pct\nFROM " + p.table() + "\nWHERE " + where
                + "\nGROUP BY hour(" + time + ")\nORDER BY (hour(" + time + ") + 6) % 24";
        List<String> sourceColumns = withPlanColumns(List.of("trade_date", time, p.extreme()), p);
        return new Compiled(new Sql(sql, params), sourceSql(p, sourceColumns, where, params),
                List.of("hour", "count", "pct"), sourceColumns);
    }

    private static Sql sourceSql(Checked p, List<String> columns, StringBuilder where, List<Object> params) {
        return new Sql("SELECT " + select(columns) + "\nFROM " + p.table() + "\nWHERE " + where
                + "\nORDER BY trade_date", params);
    }

    /** {@code base} plus the plan's metric and filter columns not already in it. */
    private static List<String> withPlanColumns(List<String> base, Checked p) {
        Set<String> columns = new LinkedHashSet<>(base);
        if (p.metric() != null) {
            columns.add(p.metric());
        }
        for (Plan.Condition f : p.filters()) {
            columns.add(f.metric());
        }
        return List.copyOf(columns);
    }

    /** Dates and times leave SQL already formatted as the result shows them. */
    private static String select(List<String> columns) {
        List<String> parts = new ArrayList<>();
        for (String c : columns) {
            parts.add(switch (c) {
                case "trade_date" -> "strftime(trade_date, '%Y-%m-%d') AS trade_date";
                case "high_time", "low_time" -> "strftime(" + c + ", '%H:%M') AS " + c;
                default -> c;
            });
        }
        return String.join(", ", parts);
    }

    private static Operation operation(String name, String value) {
        if (value == null || value.isBlank()) {
            throw bad(name + ": operation missing (one of list, count, aggregate, group, formation)");
        }
        try {
            return Operation.valueOf(value.trim().toUpperCase(Locale.ROOT));
        } catch (IllegalArgumentException e) {
            throw bad(name + ": unknown operation '" + value + "' (one of list, count, aggregate, group, formation)");
        }
    }

    private static String session(String name, String value) {
        if (value == null || value.isBlank()) {
            return "ETH";
        }
        String s = value.trim().toUpperCase(Locale.ROOT);
        if (!s.equals("ETH") && !s.equals("RTH")) {
            throw bad(name + ": unknown session '" + value + "' (RTH or ETH)");
        }
        return s;
    }

    private static void checkTimeframe(String name, String value) {
        if (value == null || value.isBlank() || value.trim().equalsIgnoreCase("1D")
                || value.trim().equalsIgnoreCase("daily")) {
            return;
        }
        throw bad(name + ": unsupported timeframe '" + value + "' (only 1D)");
    }

    private static String metric(String name, String field, String value) {
        String m = value.trim().toLowerCase(Locale.ROOT);
        if (!METRICS.contains(m)) {
            throw bad(name + ": unknown " + field + " '" + value + "' (known: " + sorted(METRICS) + ")");
        }
        return m;
    }

    /** The condition with its metric in lower case and its operator in SQL spelling. */
    private static Plan.Condition condition(String name, int index, Plan.Condition c) {
        String field = "filters[" + index + "]";
        if (c == null) {
            throw bad(name + ": " + field + " is empty");
        }
        if (c.metric() == null || c.metric().isBlank()) {
            throw bad(name + ": " + field + ".metric missing");
        }
        String metric = metric(name, field + ".metric", c.metric());
        String op = c.op() == null ? null : OPERATORS.get(c.op().trim());
        if (op == null) {
            throw bad(name + ": " + field + ".op '" + c.op() + "' is not one of < <= > >= = !=");
        }
        if (Double.isNaN(c.value()) || Double.isInfinite(c.value())) {
            throw bad(name + ": " + field + ".value must be a finite number");
        }
        return new Plan.Condition(metric, op, c.value());
    }

    private static boolean sortDescending(String name, String value, Operation operation, String metric) {
        if (value == null || value.isBlank()) {
            // Ranked lists read best first; chronological lists and groups read in natural order.
            return operation == Operation.LIST && metric != null;
        }
        return switch (value.trim().toLowerCase(Locale.ROOT)) {
            case "desc" -> true;
            case "asc" -> false;
            default -> throw bad(name + ": sort '" + value + "' is not asc or desc");
        };
    }

    private static String aggregate(String name, String value, boolean required) {
        if (value == null || value.isBlank()) {
            if (required) {
                throw bad(name + ": aggregate missing (one of " + sorted(AGGREGATES.keySet()) + ")");
            }
            return null;
        }
        String a = value.trim().toLowerCase(Locale.ROOT);
        if (!AGGREGATES.containsKey(a)) {
            throw bad(name + ": unknown aggregate '" + value + "' (one of " + sorted(AGGREGATES.keySet()) + ")");
        }
        return a;
    }

    private static String groupBy(String name, String value) {
        if (value == null || value.isBlank()) {
            throw bad(name + ": group_by missing (weekday, month or year)");
        }
        String g = value.trim().toLowerCase(Locale.ROOT);
        if (!g.equals("weekday") && !g.equals("month") && !g.equals("year")) {
            throw bad(name + ": unknown group_by '" + value + "' (weekday, month or year)");
        }
        return g;
    }

    private static String extreme(String name, String value) {
        if (value == null || value.isBlank()) {
            throw bad(name + ": formation needs extreme (high or low)");
        }
        String e = value.trim().toLowerCase(Locale.ROOT);
        if (!e.equals("high") && !e.equals("low")) {
            throw bad(name + ": unknown extreme '" + value + "' (high or low)");
        }
        return e;
    }

    private static String sorted(Set<String> names) {
        return String.join(", ", names.stream().sorted().toList());
    }

    static StageException bad(String message) {
        return new StageException("bad_plan", message, false);
    }
}
