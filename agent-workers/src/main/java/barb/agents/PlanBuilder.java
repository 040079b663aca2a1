package barb.agents;

import barb.core.Plan;
import com.fasterxml.jackson.databind.JsonNode;

import java.time.LocalDate;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;

/**
 * Turns one parsed step ({id, operation, atoms:[{when, what, filter, timeframe}], params}) into a
 * {@link Plan}: resolves the period against today's date and the session out of the filter. A step it
 * cannot plan is an {@link IllegalArgumentException} whose message names the field.
 */
final class PlanBuilder {
    private static final Set<String> OPERATIONS = Set.of("list", "count", "aggregate", "group", "formation");
    private static final Set<String> METRICS = Set.of("range", "change_pct", "gap");
    private static final Set<String> FILTER_METRICS = Set.of("range", "change_pct", "gap", "is_green");
    private static final Set<String> AGGREGATES = Set.of("mean", "median", "min", "max", "sum", "std");
    private static final Set<String> GROUPS = Set.of("weekday", "month", "quarter", "year");
    private static final Set<String> OPERATORS = Set.of("<", "<=", ">", ">=", "=", "!=");
    private static final int FIRST_YEAR = 1990;

    private PlanBuilder() {
    }

    static Plan build(JsonNode step, LocalDate today) {
        String id = text(step, "id");
        if (id == null || id.isBlank()) {
            throw new IllegalArgumentException("step without id");
        }
        String operation = text(step, "operation");
        if (operation == null || !OPERATIONS.contains(operation)) {
            throw new IllegalArgumentException("operation '" + operation + "' is not supported");
        }
        JsonNode atoms = step.get("atoms");
        if (atoms == null || !atoms.isArray() || atoms.size() != 1) {
            throw new IllegalArgumentException("atoms must hold exactly one atom");
        }
        JsonNode atom = atoms.get(0);
        JsonNode params = step.path("params");
        String when = text(atom, "when");
        Plan.Period period = resolvePeriod(when, today);

        String session = null;
        List<Plan.Condition> filters = new ArrayList<>();
        String filter = text(atom, "filter");
        if (filter != null && !filter.isBlank()) {
            for (String part : filter.split(",")) {
                String p = part.strip();
                String[] f = p.split("\\s+");
                if (f.length == 3 && f[0].equals("session") && f[1].equals("=")) {
                    String s = f[2].toUpperCase(java.util.Locale.ROOT);
                    if (!s.equals("RTH") && !s.equals("ETH")) {
                        throw new IllegalArgumentException("filter: session '" + f[2] + "' is not supported");
                    }
                    if (session != null && !session.equals(s)) {
                        throw new IllegalArgumentException("filter: two different sessions");
                    }
                    session = s;
                } else if (f.length == 3 && FILTER_METRICS.contains(f[0]) && OPERATORS.contains(f[1])
                        && TextNormalizer.isNumber(f[2])) {
                    filters.add(new Plan.Condition(f[0], f[1], Double.parseDouble(f[2])));
                } else {
                    throw new IllegalArgumentException("filter: cannot read '" + p + "'");
                }
            }
        }

        String what = text(atom, "what");
        String metric = null;
        String aggregate = null;
        String groupBy = null;
        String sort = null;
        Integer limit = null;
        String extreme = null;
        switch (operation) {
            case "list" -> {
                metric = metric(what);
                sort = text(params, "sort") == null ? "desc" : text(params, "sort");
                if (!sort.equals("asc") && !sort.equals("desc")) {
                    throw new IllegalArgumentException("params.sort must be asc or desc");
                }
                if (params.has("n") && !params.get("n").isNull()) {
                    if (!params.get("n").canConvertToInt() || params.get("n").asInt() < 1) {
                        throw new IllegalArgumentException("params.n must be a positive integer");
                    }
                    limit = params.get("n").asInt();
                }
            }
            case "aggregate", "group" -> {
                metric = metric(what);
                aggregate = text(params, "aggregate") == null ? "mean" : text(params, "aggregate");
                if (!AGGREGATES.contains(aggregate)) {
                    throw new IllegalArgumentException("params.aggregate '" + aggregate + "' is not supported");
                }
                if (operation.equals("group")) {
                    groupBy = text(params, "group_by");
                    if (groupBy == null || !GROUPS.contains(groupBy)) {
                        throw new IllegalArgumentException("params.group_by '" + groupBy + "' is not supported");
                    }
                }
            }
            case "formation" -> {
                extreme = text(params, "extreme") != null ? text(params, "extreme") : what;
                if (!"high".equals(extreme) && !"low".equals(extreme)) {
                    throw new IllegalArgumentException("params.extreme must be high or low");
                }
            }
            default -> {
                // count: the filters say which days are counted
            }
        }
        return new Plan(id, operation, period, session, "1D", metric, aggregate, groupBy, filters, sort, limit,
                extreme, label(when));
    }

    private static String metric(String what) {
        if (what == null || !METRICS.contains(what)) {
            throw new IllegalArgumentException("atoms[0].what '" + what + "' is not a metric Barb computes");
        }
        return what;
    }

    /** "2024", "2020..2023", "this year", "last year", "all" (or missing) → inclusive dates; null ends = no bound. */
    static Plan.Period resolvePeriod(String when, LocalDate today) {
        if (when == null || when.isBlank() || when.equals("all")) {
            return new Plan.Period(null, null);
        }
        if (when.equals("this year")) {
            return new Plan.Period(LocalDate.of(today.getYear(), 1, 1), today);
        }
        if (when.equals("last year")) {
            return year(today.getYear() - 1, today);
        }
        if (when.matches("\\d{4}")) {
            return year(Integer.parseInt(when), today);
        }
        if (when.matches("\\d{4}\\.\\.\\d{4}")) {
            int from = Integer.parseInt(when.substring(0, 4));
            int to = Integer.parseInt(when.substring(6));
            if (from > to) {
                throw new IllegalArgumentException("atoms[0].when '" + when + "' ends before it starts");
            }
            return new Plan.Period(year(from, today).from(), year(to, today).to());
        }
        throw new IllegalArgumentException("atoms[0].when '" + when + "' is not a period Barb understands");
    }

    private static Plan.Period year(int year, LocalDate today) {
        if (year < FIRST_YEAR || year > today.getYear()) {
            throw new IllegalArgumentException("atoms[0].when: year " + year + " is outside "
                    + FIRST_YEAR + "–" + today.getYear());
        }
        return new Plan.Period(LocalDate.of(year, 1, 1), LocalDate.of(year, 12, 31));
    }

    private static String label(String when) {
        if (when == null || when.isBlank()) {
            return "all";
        }
        return when.replace("..", "–");
    }

    private static String text(JsonNode node, String field) {
        JsonNode v = node == null ? null : node.get(field);
        return v == null || v.isNull() ? null : v.asText();
    }
}
