package barb.agents.eval;

import barb.core.Json;
import barb.core.Operation;
import barb.core.Plan;
import barb.core.PlanNames;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;

import java.time.LocalDate;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;

/**
 * What a plan means, as JSON two plans can be compared by (docs/evaluation.md "Scoring a turn"): the executor's
 * defaults filled in, the fields the operation does not read dropped, names spelled one way, lists as sorted sets,
 * and the equivalent spellings of one condition made one. Two plans with equal meanings give the same answer.
 * Pure.
 */
final class PlanMeaning {
    private static final List<String> WEEKDAYS = List.of("monday", "tuesday", "wednesday", "thursday", "friday",
            "saturday", "sunday");
    private static final List<String> MONTHS = List.of("january", "february", "march", "april", "may", "june",
            "july", "august", "september", "october", "november", "december");
    private static final Map<String, String> PATTERN_ALIASES = PlanNames.PATTERN_ALIASES;
    private static final Map<String, String> OPS = Map.of("==", "=", "<>", "!=");
    private static final Map<String, String> BUCKETS = Map.of("1h", "60m", "60min", "60m", "2h", "120m",
            "30min", "30m", "15min", "15m");
    private static final List<Double> PERCENTILES = List.of(5.0, 25.0, 50.0, 75.0, 95.0);

    /** Fields each operation reads besides the filters, period, session and timeframe (docs/plan-schema.md). */
    private static final Map<Operation, Set<String>> READS = Map.ofEntries(
            Map.entry(Operation.LIST, Set.of("metric", "sort", "limit")),
            Map.entry(Operation.TOP_N, Set.of("metric", "sort", "limit", "group_by")),
            Map.entry(Operation.COUNT, Set.of()),
            Map.entry(Operation.AGGREGATE, Set.of("metric", "aggregate")),
            Map.entry(Operation.GROUP, Set.of("metric", "aggregate", "group_by", "sort", "limit")),
            Map.entry(Operation.DISTRIBUTION, Set.of("metric", "bins", "percentiles")),
            Map.entry(Operation.PROBABILITY, Set.of("outcome", "offset")),
            Map.entry(Operation.STREAK, Set.of("sort", "limit", "min_length")),
            Map.entry(Operation.CORRELATION, Set.of("metric", "metric2", "offset")),
            Map.entry(Operation.FORMATION, Set.of("extreme", "bucket")),
            Map.entry(Operation.AROUND, Set.of("metric", "offsets")),
            Map.entry(Operation.COMPARE, Set.of("metric", "aggregate", "variants")),
            Map.entry(Operation.SNAPSHOT, Set.of()),
            Map.entry(Operation.GAP_FILL, Set.of()));

    private PlanMeaning() {
    }

    /** The meanings of a list of plans, in order. */
    static ArrayNode of(List<Plan> plans, LocalDate firstDay, LocalDate lastDay) {
        ArrayNode out = Json.MAPPER.createArrayNode();
        for (Plan p : plans) {
            out.add(of(p, firstDay, lastDay));
        }
        return out;
    }

    /**
     * The meaning of one plan.
     *
     * @param firstDay the data's first trading day: a missing or earlier period start
     * @param lastDay  the data's last trading day: a missing or later period end
     */
    static ObjectNode of(Plan plan, LocalDate firstDay, LocalDate lastDay) {
        ObjectNode in = (ObjectNode) Json.tree(plan);
        Operation op = Operation.parse(plan.operation()).orElse(null);
        ObjectNode out = Json.object();
        if (op == null) {
            // not a plan the executor runs: compare it as written
            out.put("operation", String.valueOf(plan.operation()));
            out.set("as_written", in);
            return out;
        }
        // the N highest days without a grouping are the days a ranked list returns
        boolean ungroupedTopN = op == Operation.TOP_N && (plan.groupBy() == null || plan.groupBy().isBlank());
        if (ungroupedTopN) {
            op = Operation.LIST;
        }
        out.put("operation", op.wireName());
        LocalDate from = plan.period() == null || plan.period().from() == null ? firstDay : plan.period().from();
        LocalDate to = plan.period() == null || plan.period().to() == null ? lastDay : plan.period().to();
        if (from.isBefore(firstDay) && !to.isBefore(firstDay)) {
            from = firstDay;
        }
        if (to.isAfter(lastDay) && !from.isAfter(lastDay)) {
            to = lastDay;
        }
        out.put("from", from.toString());
        out.put("to", to.toString());
        boolean timeAsSession = false;
        if (op != Operation.SNAPSHOT) {
            String session = plan.session() == null ? "ETH" : plan.session().trim().toUpperCase(Locale.ROOT);
            // rows are folded from the minutes of a window: a session and a time-of-day window covering the same
            // minutes are the same rows ("first hour" = NY_OPEN = RTH 09:30-10:30)
            String window = plan.time() != null ? plan.time().from() + "-" + plan.time().to()
                    : PlanNames.SESSION_WINDOWS.get(session);
            String named = sessionOf(window);
            if (named != null) {
                session = named;
                timeAsSession = plan.time() != null;
            } else if (plan.time() != null) {
                // a window inside the session: its minutes are the same whichever session holds them
                session = "*";
            }
            out.put("session", session);
        }
        out.put("timeframe", timeframe(plan.timeframe()));
        Set<String> reads = READS.get(op);
        if (timeAsSession) {
            in.remove("time");
        }
        ObjectNode fields = fieldsOf(in, reads);
        defaults(op, fields);
        if (ungroupedTopN && !fields.has("limit")) {
            fields.put("limit", 10);
        }
        out.setAll(fields);
        return out;
    }

    /** The plan's own fields the operation reads, plus its filters, each in one spelling. */
    private static ObjectNode fieldsOf(ObjectNode in, Set<String> reads) {
        ObjectNode out = Json.object();
        for (String name : reads) {
            JsonNode v = in.get(name);
            if (v == null || v.isNull() || (v.isArray() && v.isEmpty())) {
                continue;
            }
            switch (name) {
                case "metric", "metric2", "aggregate", "group_by", "extreme", "sort" ->
                        out.put(name, v.asText().trim().toLowerCase(Locale.ROOT));
                case "bucket" -> out.put(name, bucket(v.asText()));
                case "outcome" -> out.set(name, condition(v));
                case "offsets" -> out.set(name, sortedNumbers(v));
                case "percentiles" -> out.set(name, sortedNumbers(v));
                case "variants" -> out.set(name, variants(v));
                default -> out.set(name, v);
            }
        }
        ObjectNode filters = filters(in);
        if (!filters.isEmpty()) {
            out.set("where", filters);
        }
        return out;
    }

    private static void defaults(Operation op, ObjectNode f) {
        switch (op) {
            case LIST -> {
                // every day that matches is listed: without a limit the order (by date or by a measure) is
                // presentation, the days are the same
                if (!f.has("limit")) {
                    f.remove("sort");
                    f.remove("metric");
                } else if (!f.has("sort")) {
                    f.put("sort", f.has("metric") ? "desc" : "asc");
                }
            }
            case TOP_N -> {
                putIfMissing(f, "sort", "desc");
                if (!f.has("limit")) {
                    f.put("limit", 10);
                }
            }
            case GROUP -> {
                if (f.has("metric")) {
                    putIfMissing(f, "aggregate", "mean");
                }
                // every group is shown: without a limit the order is presentation, the numbers are the same
                if (!f.has("limit")) {
                    f.remove("sort");
                }
            }
            case STREAK -> {
                putIfMissing(f, "sort", "desc");
                if (!f.has("min_length")) {
                    f.put("min_length", 2);
                }
            }
            case PROBABILITY, CORRELATION -> {
                if (!f.has("offset")) {
                    f.put("offset", 0);
                }
            }
            case AROUND -> {
                putIfMissing(f, "metric", "change_pct");
                if (!f.has("offsets")) {
                    f.set("offsets", Json.MAPPER.createArrayNode().add(1.0));
                }
            }
            case DISTRIBUTION -> {
                if (!f.has("bins")) {
                    f.put("bins", 10);
                }
                if (!f.has("percentiles")) {
                    ArrayNode p = Json.MAPPER.createArrayNode();
                    PERCENTILES.forEach(p::add);
                    f.set("percentiles", p);
                }
            }
            case FORMATION -> putIfMissing(f, "bucket", "60m");
            case COMPARE -> {
                if (f.has("metric")) {
                    putIfMissing(f, "aggregate", "mean");
                } else {
                    f.remove("aggregate");
                }
            }
            default -> {
            }
        }
    }

    private static void putIfMissing(ObjectNode node, String name, String value) {
        if (!node.has(name)) {
            node.put(name, value);
        }
    }

    /**
     * Everything that picks rows, as one sorted list of clauses: conditions, one event or pattern as its flag,
     * a gap direction and sign-only change/gap conditions as the sign of the points, weekday and month numbers.
     */
    private static ObjectNode filters(JsonNode in) {
        TreeSet<String> clauses = new TreeSet<>();
        for (JsonNode c : in.path("filters")) {
            clauses.add(conditionText(condition(c)));
        }
        List<String> events = new ArrayList<>();
        in.path("events").forEach(e -> events.add(e.asText().trim().toLowerCase(Locale.ROOT)));
        if (events.size() == 1) {
            clauses.add("is_" + events.get(0) + " = 1.0");
        } else if (!events.isEmpty()) {
            clauses.add("events in " + new TreeSet<>(events));
        }
        List<String> patterns = new ArrayList<>();
        in.path("patterns").forEach(p -> patterns.add(pattern(p.asText())));
        if (patterns.size() == 1) {
            clauses.add(patternFlag(patterns.get(0)));
        } else if (!patterns.isEmpty()) {
            clauses.add("patterns in " + new TreeSet<>(patterns));
        }
        String gap = in.path("gap").asText("").trim().toLowerCase(Locale.ROOT);
        if (gap.equals("up")) {
            clauses.add("gap > 0.0");
        } else if (gap.equals("down")) {
            clauses.add("gap < 0.0");
        }
        TreeSet<Integer> weekdays = numbers(in.path("weekdays"), WEEKDAYS);
        if (!weekdays.isEmpty() && !weekdays.equals(new TreeSet<>(List.of(1, 2, 3, 4, 5)))) {
            clauses.add("weekday in " + weekdays);
        }
        TreeSet<Integer> months = numbers(in.path("months"), MONTHS);
        if (!months.isEmpty() && months.size() < 12) {
            clauses.add("month in " + months);
        }
        JsonNode run = in.path("consecutive");
        if (run.isObject()) {
            String mode = run.path("mode").isTextual() ? run.path("mode").asText() : "at_least";
            clauses.add("consecutive " + run.path("color").asText().toLowerCase(Locale.ROOT) + " "
                    + run.path("length").asInt() + " " + mode);
        }
        JsonNode time = in.path("time");
        if (time.isObject()) {
            clauses.add("time " + time.path("from").asText() + "-" + time.path("to").asText());
        }
        // "down 4% or more" said with "a crash day": the sign is implied by the threshold, the days are the same
        clauses.removeIf(c -> impliedSign(c, clauses));
        ObjectNode out = Json.object();
        if (!clauses.isEmpty()) {
            ArrayNode list = out.putArray("clauses");
            clauses.forEach(list::add);
        }
        return out;
    }

    /**
     * True for a sign-only change or gap clause ("change < 0.0") when another clause on the same move already
     * requires that sign ("change_pct <= -4.0"): both pick the same rows.
     */
    private static boolean impliedSign(String clause, Set<String> all) {
        String[] sign = clause.split(" ");
        if (sign.length != 3 || !Set.of("change", "gap").contains(sign[0]) || !sign[2].equals("0.0")
                || !Set.of("<", ">").contains(sign[1])) {
            return false;
        }
        for (String other : all) {
            String[] t = other.split(" ");
            if (other.equals(clause) || t.length != 3 || !(t[0].equals(sign[0]) || t[0].equals(sign[0] + "_pct"))) {
                continue;
            }
            double value;
            try {
                value = Double.parseDouble(t[2]);
            } catch (NumberFormatException e) {
                continue;
            }
            boolean below = (t[1].equals("<") || t[1].equals("<=")) && value <= 0 && !(t[1].equals("<=") && value == 0);
            boolean above = (t[1].equals(">") || t[1].equals(">=")) && value >= 0 && !(t[1].equals(">=") && value == 0);
            if (sign[1].equals("<") && below || sign[1].equals(">") && above) {
                return true;
            }
        }
        return false;
    }

    /** "green"/"red" as patterns are the colour flags; an "is_" prefix and aliases are dropped. */
    private static String pattern(String name) {
        String p = name.trim().toLowerCase(Locale.ROOT);
        if (p.startsWith("is_")) {
            p = p.substring(3);
        }
        return PATTERN_ALIASES.getOrDefault(p, p);
    }

    private static String patternFlag(String pattern) {
        return "is_" + pattern + " = 1.0";
    }

    /** A condition in one spelling: canonical operator; a sign-only change or gap in points. */
    private static ObjectNode condition(JsonNode c) {
        ObjectNode out = Json.object();
        String metric = c.path("metric").asText().trim().toLowerCase(Locale.ROOT);
        String op = c.path("op").asText().trim();
        op = OPS.getOrDefault(op, op);
        double value = c.path("value").asDouble();
        boolean relative = c.hasNonNull("ref");
        if (!relative && value == 0.0 && (metric.equals("change_pct") || metric.equals("gap_pct"))) {
            metric = metric.substring(0, metric.length() - 4);
        }
        out.put("metric", metric);
        out.put("op", op);
        out.put("value", value);
        if (relative) {
            String ref = c.path("ref").asText().trim().toLowerCase(Locale.ROOT);
            out.put("ref", ref.equals("mean") ? "avg" : ref);
            out.put("days", c.path("days").asInt());
        }
        return out;
    }

    private static String conditionText(ObjectNode c) {
        String text = c.path("metric").asText() + " " + c.path("op").asText() + " " + c.path("value").asDouble();
        if (c.has("ref")) {
            text += " x " + c.path("ref").asText() + " " + c.path("days").asInt() + "d";
        }
        return text;
    }

    /** Names or numbers as 1-based numbers (monday = 1, january = 1); three-letter names accepted. */
    private static TreeSet<Integer> numbers(JsonNode values, List<String> names) {
        TreeSet<Integer> out = new TreeSet<>();
        for (JsonNode v : values) {
            String s = v.asText().trim().toLowerCase(Locale.ROOT);
            if (s.matches("\\d+")) {
                out.add(Integer.parseInt(s));
                continue;
            }
            for (int i = 0; i < names.size(); i++) {
                if (names.get(i).equals(s) || (s.length() >= 3 && names.get(i).startsWith(s))) {
                    out.add(i + 1);
                    break;
                }
            }
        }
        return out;
    }

    private static ArrayNode sortedNumbers(JsonNode values) {
        List<Double> numbers = new ArrayList<>();
        values.forEach(v -> numbers.add(v.asDouble()));
        numbers.sort(Comparator.naturalOrder());
        ArrayNode out = Json.MAPPER.createArrayNode();
        numbers.forEach(out::add);
        return out;
    }

    /** Variants are a set: each one's own fields in one spelling, sorted. */
    private static ArrayNode variants(JsonNode variants) {
        List<String> texts = new ArrayList<>();
        List<ObjectNode> nodes = new ArrayList<>();
        for (JsonNode v : variants) {
            ObjectNode out = Json.object();
            for (String name : List.of("session", "metric", "aggregate")) {
                if (v.hasNonNull(name)) {
                    String value = v.get(name).asText().trim();
                    // a variant's session is its window's minutes, as the plan's own (NY_OPEN = RTH_OPEN)
                    String upper = value.toUpperCase(Locale.ROOT);
                    String named = sessionOf(PlanNames.SESSION_WINDOWS.get(upper));
                    out.put(name, name.equals("session") ? (named == null ? upper : named)
                            : value.toLowerCase(Locale.ROOT));
                }
            }
            JsonNode period = v.path("period");
            if (period.isObject()) {
                out.put("from", period.path("from").asText(""));
                out.put("to", period.path("to").asText(""));
            }
            ObjectNode where = filters(v);
            if (!where.isEmpty()) {
                out.set("where", where);
            }
            nodes.add(out);
            texts.add(Json.toString(out));
        }
        List<Integer> order = new ArrayList<>();
        for (int i = 0; i < nodes.size(); i++) {
            order.add(i);
        }
        order.sort(Comparator.comparing(texts::get));
        ArrayNode out = Json.MAPPER.createArrayNode();
        order.forEach(i -> out.add(nodes.get(i)));
        return out;
    }

    /** The first session (in PlanNames order) whose window is exactly this one, or null. */
    private static String sessionOf(String window) {
        if (window == null) {
            return null;
        }
        String normal = window.replaceAll("(?<!\\d)(\\d):", "0$1:");
        for (java.util.Map.Entry<String, String> e : PlanNames.SESSION_WINDOWS.entrySet()) {
            if (e.getValue().equals(normal)) {
                return e.getKey();
            }
        }
        return null;
    }

    private static String timeframe(String value) {
        if (value == null || value.isBlank()) {
            return "1D";
        }
        String t = value.trim();
        return switch (t.toLowerCase(Locale.ROOT)) {
            case "1d", "d", "day", "daily" -> "1D";
            case "60m" -> "1h";
            case "1w", "w", "week", "weekly" -> "1W";
            case "1mo", "month", "monthly" -> "1M";
            default -> t.equals("1M") ? "1M" : t.toLowerCase(Locale.ROOT);
        };
    }

    private static String bucket(String value) {
        String b = value.trim().toLowerCase(Locale.ROOT);
        return BUCKETS.getOrDefault(b, b);
    }
}
