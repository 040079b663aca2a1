package barb.agents.steps;

import barb.agents.periods.DateResolver;
import barb.agents.periods.PeriodPhrases;
import barb.core.Json;
import barb.core.Operation;
import barb.core.ParsedStep;
import barb.core.ValidatorChange;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.fasterxml.jackson.databind.node.TextNode;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The parser's validators (seed 000 §2.5), run on every parser output, the model's or the rules'. Each fixes
 * what it safely can and records the fix ({@link ValidatorChange}: validator, field, path, old, new, reason);
 * what cannot be fixed is an error naming the step and field. Nothing is changed silently.
 */
public final class StepValidator {
    /** The steps after the validators, every change made, and the errors that stop the request. */
    public record Validated(List<ParsedStep> steps, List<ValidatorChange> changes, List<String> errors) {
    }

    private static final Map<String, String> OPERATION_ALIASES = Map.ofEntries(
            Map.entry("top", "top_n"), Map.entry("topn", "top_n"), Map.entry("avg", "aggregate"),
            Map.entry("average", "aggregate"), Map.entry("mean", "aggregate"), Map.entry("histogram", "distribution"),
            Map.entry("group_by", "group"), Map.entry("groupby", "group"), Map.entry("streaks", "streak"),
            Map.entry("correlate", "correlation"), Map.entry("prob", "probability"),
            Map.entry("event_time", "formation"), Map.entry("filter", "list"), Map.entry("show", "list"));
    /** Metrics an atom may measure: the plan language's, and "days" (count the days). */
    static final Set<String> METRICS = withDays();
    private static final Map<String, String> METRIC_ALIASES = Map.ofEntries(
            Map.entry("volatility", "range"), Map.entry("return", "change_pct"), Map.entry("returns", "change_pct"),
            Map.entry("change_percent", "change_pct"), Map.entry("pct_change", "change_pct"),
            Map.entry("move", "change_pct"), Map.entry("gap_percent", "gap_pct"), Map.entry("vol", "volume"),
            Map.entry("day", "days"), Map.entry("trading_days", "days"), Map.entry("count", "days"),
            Map.entry("range_percent", "range_pct"));
    private static final Map<String, String> PATTERN_ALIASES = barb.core.PlanNames.PATTERN_ALIASES;
    private static final Map<String, String> TIMEFRAME_ALIASES = Map.ofEntries(
            Map.entry("1d", "1D"), Map.entry("d", "1D"), Map.entry("daily", "1D"), Map.entry("day", "1D"),
            Map.entry("1h", "1h"), Map.entry("60m", "1h"), Map.entry("hourly", "1h"), Map.entry("2h", "2h"),
            Map.entry("120m", "2h"), Map.entry("4h", "4h"), Map.entry("240m", "4h"), Map.entry("5m", "5m"),
            Map.entry("15m", "15m"), Map.entry("30m", "30m"), Map.entry("1w", "1W"), Map.entry("w", "1W"),
            Map.entry("weekly", "1W"), Map.entry("week", "1W"), Map.entry("1mo", "1M"), Map.entry("monthly", "1M"),
            Map.entry("month", "1M"));
    private static final Pattern PATTERN_CLAUSE = Pattern.compile("pattern\\s*(=|in)\\s*\\(?([a-z0-9_ ,]+)\\)?");

    private StepValidator() {
    }

    private static Set<String> withDays() {
        Set<String> m = new java.util.HashSet<>(barb.core.PlanNames.METRICS);
        m.add("days");
        return Set.copyOf(m);
    }

    public static Validated validate(JsonNode rawSteps) {
        List<ParsedStep> steps = new ArrayList<>();
        List<ValidatorChange> changes = new ArrayList<>();
        List<String> errors = new ArrayList<>();
        if (rawSteps == null || !rawSteps.isArray()) {
            errors.add("steps: not a list");
            return new Validated(steps, changes, errors);
        }
        for (int i = 0; i < rawSteps.size(); i++) {
            JsonNode raw = rawSteps.get(i);
            if (!raw.isObject()) {
                errors.add("steps[" + i + "]: not an object");
                continue;
            }
            ObjectNode step = raw.deepCopy();
            int before = errors.size();
            validateStep(step, i, changes, errors);
            if (errors.size() > before) {
                continue;
            }
            try {
                steps.add(Json.MAPPER.treeToValue(step, ParsedStep.class).validated(i));
            } catch (Exception e) {
                errors.add("steps[" + i + "]: " + e.getMessage());
            }
        }
        return new Validated(steps, changes, errors);
    }

    private static void validateStep(ObjectNode step, int i, List<ValidatorChange> changes, List<String> errors) {
        String path = "steps[" + i + "]";
        if (!step.path("id").isTextual() || step.path("id").asText().isBlank()) {
            set(step, "id", path + ".id", new TextNode("s" + (i + 1)), "assign_step_ids", "every step needs an id",
                    changes);
        }
        String written = step.path("operation").asText("").strip().toLowerCase(Locale.ROOT);
        String canonical = OPERATION_ALIASES.getOrDefault(written, written);
        Operation operation = Operation.parse(canonical).filter(StepPlanner.OPERATIONS::contains).orElse(null);
        if (operation == null) {
            errors.add(path + ".operation '" + step.path("operation").asText("") + "' is not one of "
                    + StepPlanner.OPERATION_NAMES);
            return;
        }
        if (!operation.wireName().equals(step.path("operation").asText())) {
            set(step, "operation", path + ".operation", new TextNode(operation.wireName()), "normalize_operation",
                    "'" + step.path("operation").asText() + "' is written '" + operation.wireName() + "'", changes);
        }
        if (!step.path("params").isObject()) {
            step.set("params", Json.object());
        }
        ObjectNode params = (ObjectNode) step.get("params");
        JsonNode atoms = step.get("atoms");
        if (atoms == null || !atoms.isArray() || atoms.isEmpty()) {
            errors.add(path + ".atoms: at least one atom is needed");
            return;
        }
        for (int a = 0; a < atoms.size(); a++) {
            if (!atoms.get(a).isObject()) {
                errors.add(path + ".atoms[" + a + "]: not an object");
                return;
            }
            validateAtom((ObjectNode) atoms.get(a), operation, params, path + ".atoms[" + a + "]", changes, errors);
        }
        validateAtomCount(step, operation, atoms, path, changes, errors);
        setDefaultParams(step, params, path, changes);
    }

    private static void validateAtom(ObjectNode atom, Operation operation, ObjectNode params, String path,
                                     List<ValidatorChange> changes, List<String> errors) {
        String what = atom.path("what").asText("").strip().toLowerCase(Locale.ROOT);
        if (what.isEmpty()) {
            what = operation == Operation.FORMATION ? params.path("extreme").asText("high") : "days";
            set(atom, "what", path + ".what", new TextNode(what), "fix_invalid_metric",
                    "no metric given: " + what, changes);
        }
        String metric = METRIC_ALIASES.getOrDefault(what, what);
        if (operation == Operation.FORMATION) {
            if (!barb.core.PlanNames.EXTREMES.contains(metric)) {
                String extreme = params.path("extreme").asText("high");
                set(atom, "what", path + ".what", new TextNode(extreme), "fix_invalid_metric",
                        "formation looks for the daily high or low", changes);
            }
        } else if (!METRICS.contains(metric) && !metric.startsWith("is_")) {
            errors.add(path + ".what '" + what + "' is not a metric Barb has");
            return;
        } else if (!metric.equals(atom.path("what").asText())) {
            set(atom, "what", path + ".what", new TextNode(metric), "fix_invalid_metric",
                    "'" + atom.path("what").asText() + "' is the metric '" + metric + "'", changes);
        }

        String when = atom.path("when").asText("").strip().toLowerCase(Locale.ROOT);
        if (when.isEmpty()) {
            set(atom, "when", path + ".when", new TextNode("all"), "set_default_period",
                    "no period given: all the loaded data", changes);
        } else if (!DateResolver.isCanonical(when)) {
            List<PeriodPhrases.Found> found = PeriodPhrases.findAll(when);
            if (found.size() != 1) {
                errors.add(path + ".when '" + atom.path("when").asText() + "' is not a period Barb can read");
                return;
            }
            set(atom, "when", path + ".when", new TextNode(found.get(0).when()), "normalize_period",
                    "written in the canonical form", changes);
        } else if (!when.equals(atom.path("when").asText())) {
            set(atom, "when", path + ".when", new TextNode(when), "normalize_period", "lower case", changes);
        }

        String filter = atom.path("filter").isTextual() ? atom.get("filter").asText() : "";
        String normalized = normalizePatterns(filter);
        if (!normalized.equals(filter)) {
            set(atom, "filter", path + ".filter", new TextNode(normalized), "normalize_pattern_aliases",
                    "pattern names written the executor's way", changes);
            filter = normalized;
        }
        if (!filter.isBlank()) {
            try {
                FilterText.parse(filter);
            } catch (IllegalArgumentException e) {
                errors.add(path + ".filter: " + e.getMessage());
                return;
            }
        }

        String timeframe = atom.path("timeframe").asText("").strip();
        // "1M" is a month and "1m" would be a minute: a name the plan language has is taken as written
        String tf = timeframe.isEmpty() ? "1D" : barb.core.PlanNames.TIMEFRAMES.contains(timeframe) ? timeframe
                : TIMEFRAME_ALIASES.get(timeframe.toLowerCase(Locale.ROOT));
        if (tf == null) {
            tf = "1D";
            set(atom, "timeframe", path + ".timeframe", new TextNode(tf), "fix_timeframe",
                    "'" + timeframe + "' is not a plan timeframe (1D, 5m, 15m, 30m, 1h, 2h, 4h); minute bars are "
                            + "read through time windows", changes);
        } else if (!tf.equals(timeframe)) {
            set(atom, "timeframe", path + ".timeframe", new TextNode(tf), "fix_timeframe",
                    timeframe.isEmpty() ? "no timeframe given: daily" : "written the executor's way", changes);
        }
        if (operation == Operation.FORMATION && !"1D".equals(tf)) {
            set(atom, "timeframe", path + ".timeframe", new TextNode("1D"), "fix_timeframe_for_operation",
                    "formation finds the time of each day's extreme from the minute bars itself", changes);
        }
        if ("hour".equals(params.path("group_by").asText()) && "1D".equals(atom.path("timeframe").asText())) {
            set(atom, "timeframe", path + ".timeframe", new TextNode("1h"), "fix_timeframe_for_group_by",
                    "grouping by hour needs hourly bars", changes);
        }
    }

    /** compare needs two atoms or more, correlation two metrics, every other operation one atom. */
    private static void validateAtomCount(ObjectNode step, Operation operation, JsonNode atoms, String path,
                                          List<ValidatorChange> changes, List<String> errors) {
        int n = atoms.size();
        if (operation == Operation.COMPARE && n < 2) {
            errors.add(path + ".atoms: compare needs at least two atoms, got " + n);
            return;
        }
        if (operation == Operation.CORRELATION && n != 2) {
            errors.add(path + ".atoms: correlation needs exactly two atoms (its two metrics), got " + n);
            return;
        }
        if (n > 1 && (operation == Operation.AGGREGATE || operation == Operation.COUNT)) {
            set(step, "operation", path + ".operation", new TextNode(Operation.COMPARE.wireName()),
                    "fix_multi_atom_operation", n + " atoms of " + operation.wireName() + " are a comparison",
                    changes);
            return;
        }
        if (n > 1 && operation != Operation.COMPARE && operation != Operation.CORRELATION) {
            errors.add(path + ".atoms: " + operation.wireName() + " takes one atom, got " + n);
        }
    }

    private static void setDefaultParams(ObjectNode step, ObjectNode params, String path,
                                         List<ValidatorChange> changes) {
        Operation operation = Operation.parse(step.path("operation").asText()).orElse(null);
        // a group of days with no measure counts them
        boolean countsDays = "days".equals(step.path("atoms").path(0).path("what").asText());
        if ((operation == Operation.AGGREGATE || operation == Operation.GROUP && !countsDays)
                && !params.hasNonNull("aggregate")) {
            setParam(step, params, "aggregate", new TextNode("mean"), path, "no aggregate given: the mean", changes);
        }
        if (operation == Operation.TOP_N && !params.hasNonNull("n")) {
            setParam(step, params, "n", Json.MAPPER.getNodeFactory().numberNode(10), path,
                    "no N given: top 10 (seed 004 default)", changes);
        }
        // "the days where the range was over 2x its 20-day average, biggest first": days picked by a condition on the
        // measure they are sorted by are all shown; only a ranking without one is cut to 10
        JsonNode atom = step.path("atoms").path(0);
        String sortedBy = atom.path("what").asText("");
        boolean pickedBySortedMeasure = !sortedBy.isEmpty() && java.util.Arrays.stream(atom.path("filter").asText("")
                .split(",")).map(String::strip).anyMatch(c -> c.startsWith(sortedBy + " >") || c.startsWith(sortedBy + " <"));
        if (operation == Operation.LIST && params.hasNonNull("sort") && !params.hasNonNull("n") && !pickedBySortedMeasure) {
            setParam(step, params, "n", Json.MAPPER.getNodeFactory().numberNode(10), path,
                    "a ranking without N shows 10 rows (seed 004 default)", changes);
        }
        if (operation == Operation.FORMATION && !params.hasNonNull("extreme")) {
            String what = step.path("atoms").path(0).path("what").asText("high");
            setParam(step, params, "extreme", new TextNode(barb.core.PlanNames.EXTREMES.contains(what) ? what : "high"), path,
                    "the extreme is the atom's what", changes);
        }
    }

    private static String normalizePatterns(String filter) {
        Matcher m = PATTERN_CLAUSE.matcher(filter.toLowerCase(Locale.ROOT));
        if (!m.find()) {
            return filter;
        }
        String result = filter;
        for (Map.Entry<String, String> e : PATTERN_ALIASES.entrySet()) {
            result = result.replaceAll("\\b(is_)?" + e.getKey() + "\\b", e.getValue());
        }
        return result;
    }

    private static void setParam(ObjectNode step, ObjectNode params, String name, JsonNode value, String path,
                                 String reason, List<ValidatorChange> changes) {
        changes.add(new ValidatorChange("set_default_params", "params." + name, path + ".params." + name,
                params.get(name), value, reason));
        params.set(name, value);
        step.set("params", params);
    }

    private static void set(ObjectNode node, String field, String path, JsonNode value, String validator,
                            String reason, List<ValidatorChange> changes) {
        changes.add(new ValidatorChange(validator, field, path, node.get(field), value, reason));
        node.set(field, value);
    }
}
