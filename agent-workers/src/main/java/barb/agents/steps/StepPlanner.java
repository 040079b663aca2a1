package barb.agents.steps;

import barb.agents.periods.DateResolver;
import barb.core.Atom;
import barb.core.Operation;
import barb.core.ParsedStep;
import barb.core.Plan;
import barb.core.PlanNames;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;

import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.Set;

/**
 * Turns one parsed step into one executor plan (docs/understanding.md "Steps"): the period from the atom's
 * {@code when}, the session and filters from its filter text, the params into plan fields, and the mode from
 * what differs between the atoms. A step it cannot plan is an IllegalArgumentException naming the field.
 */
public final class StepPlanner {
    /** The operations a step can ask for: every plan operation. */
    static final Set<Operation> OPERATIONS = Set.of(Operation.values());
    /** The names of {@link #OPERATIONS} in alphabetical order, as error messages list them. */
    static final List<String> OPERATION_NAMES = OPERATIONS.stream().map(Operation::wireName).sorted().toList();
    static final Set<String> TIMEFRAMES = PlanNames.TIMEFRAMES;
    private static final Set<String> AGGREGATES = PlanNames.AGGREGATES;
    private static final Set<String> GROUPS = PlanNames.GROUP_BY;
    private static final Set<String> BUCKETS = PlanNames.BUCKETS;
    private static final Set<String> PARAMS = Set.of("n", "sort", "aggregate", "group_by", "extreme", "bucket",
            "offset", "offsets", "outcome", "bins", "percentiles", "min_length");

    private StepPlanner() {
    }

    /** One resolved atom. */
    private record Part(String when, Plan.Period period, String what, String metric, FilterText.Filters filters,
                        String timeframe) {
    }

    public static Plan plan(ParsedStep step, DateResolver dates) {
        if (step == null) {
            throw new IllegalArgumentException("step is missing");
        }
        if (step.id() == null || step.id().isBlank()) {
            throw new IllegalArgumentException("id is empty");
        }
        Operation operation = Operation.parse(step.operation()).filter(OPERATIONS::contains).orElse(null);
        if (operation == null) {
            throw new IllegalArgumentException("operation '" + step.operation() + "' is not one of "
                    + String.join(", ", OPERATION_NAMES));
        }
        if (step.atoms().isEmpty()) {
            throw new IllegalArgumentException("atoms is empty");
        }
        ObjectNode params = step.params();
        params.fieldNames().forEachRemaining(name -> {
            if (!PARAMS.contains(name)) {
                throw new IllegalArgumentException("params." + name + " is not a step parameter");
            }
        });
        List<Part> parts = new ArrayList<>();
        for (int i = 0; i < step.atoms().size(); i++) {
            parts.add(part(step.atoms().get(i), i, operation, dates));
        }
        Params p = params(params, operation);
        if (operation == Operation.COMPARE) {
            return compare(step.id(), parts, p, dates);
        }
        if (operation == Operation.CORRELATION) {
            return correlation(step.id(), parts, p);
        }
        if (parts.size() > 1) {
            throw new IllegalArgumentException("atoms: operation '" + operation.wireName() + "' takes one atom "
                    + "(got " + parts.size() + "); use compare");
        }
        Part a = parts.get(0);
        String metric = a.metric();
        String extreme = p.extreme;
        String timeframe = a.timeframe();
        switch (operation) {
            case AGGREGATE, DISTRIBUTION, TOP_N -> {
                if (metric == null) {
                    throw new IllegalArgumentException("atoms[0].what: " + operation.wireName() + " needs a metric");
                }
            }
            case GROUP -> {
                if (p.groupBy == null) {
                    throw new IllegalArgumentException("params.group_by: group needs weekday, month, quarter, year "
                            + "or hour");
                }
                if (p.groupBy.equals("hour") && timeframe.equals("1D")) {
                    timeframe = "1h";
                }
            }
            case FORMATION -> {
                if (extreme == null) {
                    extreme = a.what();
                }
                if (extreme == null || !PlanNames.EXTREMES.contains(extreme)) {
                    throw new IllegalArgumentException("params.extreme: formation needs one of "
                            + String.join(", ", PlanNames.EXTREMES.stream().sorted().toList()));
                }
                metric = null;
            }
            case PROBABILITY -> {
                if (p.outcome == null) {
                    throw new IllegalArgumentException("params.outcome: probability needs an outcome");
                }
            }
            case SNAPSHOT -> {
                if (a.period() == null || a.period().from() == null || a.period().to() == null
                        || a.period().to().toEpochDay() - a.period().from().toEpochDay() > 30) {
                    throw new IllegalArgumentException("atoms[0].when: a day snapshot covers 1 to 31 days, got '"
                            + a.when() + "'");
                }
                metric = null;
            }
            case GAP_FILL -> metric = null;
            default -> {
            }
        }
        String aggregate = p.aggregate;
        // a group of days with no measure counts them ("which weekday gets the most gap ups")
        if (aggregate == null && (operation == Operation.AGGREGATE || operation == Operation.GROUP && metric != null)) {
            aggregate = "mean";
        }
        FilterText.Filters f = a.filters();
        Plan plan = new Plan(step.id(), operation.wireName(), a.period(), sessionOrEth(f.session()), timeframe,
                metric, aggregate, p.groupBy, f.conditions(), p.sort, p.limit, extreme, whenLabel(a.when(), a.period()), null,
                f.weekdays(), f.months(), f.patterns(), f.events(), f.gap(), f.consecutive(), f.time(), p.outcome,
                p.offset, p.offsets, p.bins, p.percentiles, p.minLength, p.bucket, null, null);
        return plan.withMode("single");
    }

    private static Plan correlation(String id, List<Part> parts, Params p) {
        if (parts.size() != 2) {
            throw new IllegalArgumentException("atoms: correlation takes two atoms (got " + parts.size() + ")");
        }
        Part a = parts.get(0);
        Part b = parts.get(1);
        if (a.metric() == null || b.metric() == null) {
            throw new IllegalArgumentException("atoms[" + (a.metric() == null ? 0 : 1)
                    + "].what: correlation needs a metric");
        }
        if (!Objects.equals(a.when(), b.when())) {
            throw new IllegalArgumentException("atoms[1].when: both atoms of a correlation read the same period");
        }
        if (!a.filters().equals(b.filters())) {
            throw new IllegalArgumentException("atoms[1].filter: both atoms of a correlation read the same days");
        }
        if (!a.timeframe().equals(b.timeframe())) {
            throw new IllegalArgumentException("atoms[1].timeframe: both atoms of a correlation read the same bars");
        }
        FilterText.Filters f = a.filters();
        Plan plan = new Plan(id, Operation.CORRELATION.wireName(), a.period(), sessionOrEth(f.session()),
                a.timeframe(), a.metric(), null, null, f.conditions(), null, null, null,
                a.metric() + " vs " + b.metric(), b.metric(),
                f.weekdays(), f.months(), f.patterns(), f.events(), f.gap(), f.consecutive(), f.time(), null,
                p.offset, null, null, null, null, null, null, null);
        return plan.withMode("multi_metric");
    }

    private static Plan compare(String id, List<Part> parts, Params p, DateResolver dates) {
        if (parts.size() < 2) {
            throw new IllegalArgumentException("atoms: compare needs at least two atoms (got " + parts.size() + ")");
        }
        if (parts.size() > 20) {
            throw new IllegalArgumentException("atoms: compare takes at most 20 atoms (got " + parts.size() + ")");
        }
        Part first = parts.get(0);
        boolean whenDiffers = parts.stream().anyMatch(x -> !Objects.equals(x.when(), first.when()));
        boolean whatDiffers = parts.stream().anyMatch(x -> !Objects.equals(x.metric(), first.metric()));
        boolean tfDiffers = parts.stream().anyMatch(x -> !x.timeframe().equals(first.timeframe()));
        boolean filterDiffers = parts.stream().anyMatch(x -> !x.filters().equals(first.filters()));
        if (tfDiffers) {
            throw new IllegalArgumentException("atoms[1].timeframe: the atoms of a compare share one timeframe");
        }
        if (!whenDiffers && !whatDiffers && !filterDiffers) {
            throw new IllegalArgumentException("atoms: the atoms of a compare are all the same");
        }
        String mode = whenDiffers ? "multi_period" : filterDiffers ? "multi_filter" : "multi_metric";

        List<FilterText.Filters> all = parts.stream().map(Part::filters).toList();
        String baseSession = same(all.stream().map(FilterText.Filters::session).toList());
        List<Plan.Condition> baseConditions = new ArrayList<>(first.filters().conditions());
        for (Part x : parts) {
            baseConditions.retainAll(x.filters().conditions());
        }
        List<String> basePatterns = sameList(all.stream().map(FilterText.Filters::patterns).toList());
        List<String> baseEvents = sameList(all.stream().map(FilterText.Filters::events).toList());
        List<String> baseWeekdays = sameList(all.stream().map(FilterText.Filters::weekdays).toList());
        List<String> baseMonths = sameList(all.stream().map(FilterText.Filters::months).toList());
        String baseGap = same(all.stream().map(FilterText.Filters::gap).toList());
        Plan.Consecutive baseConsecutive = same(all.stream().map(FilterText.Filters::consecutive).toList());
        Plan.TimeWindow baseTime = same(all.stream().map(FilterText.Filters::time).toList());
        boolean sessionDiffers = all.stream().anyMatch(f -> !Objects.equals(f.session(), first.filters().session()));

        List<Plan> variants = new ArrayList<>();
        List<String> labels = new ArrayList<>();
        for (Part x : parts) {
            FilterText.Filters f = x.filters();
            List<String> labelParts = new ArrayList<>();
            Plan.Period period = null;
            if (whenDiffers) {
                period = x.period();
                labelParts.add(whenLabel(x.when(), x.period()));
            }
            String metric = null;
            if (whatDiffers) {
                metric = x.metric();
                labelParts.add(x.metric() == null ? "days" : x.metric());
            }
            String session = null;
            if (sessionDiffers) {
                session = sessionOrEth(f.session());
                labelParts.add(session);
            }
            List<Plan.Condition> extra = new ArrayList<>(f.conditions());
            extra.removeAll(baseConditions);
            for (Plan.Condition c : extra) {
                labelParts.add(FilterText.formatCondition(c));
            }
            List<String> patterns = basePatterns == null ? f.patterns() : null;
            List<String> events = baseEvents == null ? f.events() : null;
            List<String> weekdays = baseWeekdays == null ? f.weekdays() : null;
            List<String> months = baseMonths == null ? f.months() : null;
            addLabel(labelParts, patterns);
            addLabel(labelParts, events);
            addLabel(labelParts, weekdays);
            addLabel(labelParts, months);
            String gap = baseGap == null && f.gap() != null ? f.gap() : null;
            if (gap != null) {
                labelParts.add("gap " + gap);
            }
            Plan.Consecutive consecutive = baseConsecutive == null ? f.consecutive() : null;
            if (consecutive != null) {
                labelParts.add(consecutive.length() + " " + consecutive.color() + " in a row");
            }
            Plan.TimeWindow time = baseTime == null ? f.time() : null;
            if (time != null) {
                labelParts.add(time.from() + "-" + time.to());
            }
            String label = labelParts.isEmpty() ? "all days" : String.join(", ", labelParts);
            labels.add(label);
            variants.add(new Plan(null, null, period, session, null, metric, null, null, extra, null, null, null,
                    label, null, weekdays, months, patterns, events, gap, consecutive, time,
                    null, null, null, null, null, null, null, null, null));
        }
        Plan.Period basePeriod = whenDiffers ? dates.resolve("all") : first.period();
        String baseMetric = whatDiffers ? null : first.metric();
        String session = sessionDiffers ? "ETH" : sessionOrEth(baseSession);
        Plan plan = new Plan(id, Operation.COMPARE.wireName(), basePeriod, session, first.timeframe(), baseMetric,
                p.aggregate, null, baseConditions, null, null, null, String.join(" vs ", labels), null,
                orEmpty(baseWeekdays), orEmpty(baseMonths), orEmpty(basePatterns), orEmpty(baseEvents), baseGap,
                baseConsecutive, baseTime, null, null, null, null, null, null, null, variants, null);
        return plan.withMode(mode);
    }

    private static void addLabel(List<String> labelParts, List<String> values) {
        if (values != null && !values.isEmpty()) {
            labelParts.add(String.join("/", values));
        }
    }

    private static List<String> orEmpty(List<String> values) {
        return values == null ? List.of() : values;
    }

    /** The value all atoms share, or null when they differ. */
    private static <T> T same(List<T> values) {
        T first = values.get(0);
        for (T v : values) {
            if (!Objects.equals(v, first)) {
                return null;
            }
        }
        return first;
    }

    private static List<String> sameList(List<List<String>> values) {
        return same(values);
    }

    private static Part part(Atom atom, int index, Operation operation, DateResolver dates) {
        String path = "atoms[" + index + "]";
        if (atom == null) {
            throw new IllegalArgumentException(path + " is missing");
        }
        String when = atom.when() == null || atom.when().isBlank() ? "all" : atom.when().strip();
        Plan.Period period;
        try {
            period = dates.resolve(when);
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException(path + ".when: " + e.getMessage(), e);
        }
        FilterText.Filters filters;
        try {
            filters = FilterText.parse(atom.filter());
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException(path + ".filter: " + e.getMessage(), e);
        }
        String timeframe = atom.timeframe() == null || atom.timeframe().isBlank() ? "1D" : atom.timeframe().strip();
        if (timeframe.equalsIgnoreCase("1d")) {
            timeframe = "1D";
        }
        if (!TIMEFRAMES.contains(timeframe)) {
            throw new IllegalArgumentException(path + ".timeframe '" + atom.timeframe() + "' is not one of 1D, 5m, "
                    + "15m, 30m, 1h, 2h, 4h");
        }
        String what = atom.what() == null ? "" : atom.what().strip();
        if (what.isEmpty()) {
            throw new IllegalArgumentException(path + ".what is empty");
        }
        String metric = null;
        if (operation == Operation.FORMATION) {
            if (!PlanNames.EXTREMES.contains(what) && !what.equals("days")) {
                throw new IllegalArgumentException(path + ".what '" + what + "': formation reads "
                        + String.join(", ", PlanNames.EXTREMES.stream().sorted().toList()));
            }
        } else if (!what.equals("days")) {
            if (!FilterText.METRICS.contains(what)) {
                throw new IllegalArgumentException(path + ".what '" + what + "' is not a metric Barb computes");
            }
            metric = what;
        }
        return new Part(when, period, what, metric, filters, timeframe);
    }

    /** The step's params, checked. */
    private static final class Params {
        Integer limit;
        String sort;
        String aggregate;
        String groupBy;
        String extreme;
        String bucket;
        Integer offset;
        List<Integer> offsets;
        Plan.Condition outcome;
        Integer bins;
        List<Double> percentiles;
        Integer minLength;
    }

    private static Params params(ObjectNode node, Operation operation) {
        Params p = new Params();
        p.limit = integer(node, "n", 1, 1_000_000);
        p.sort = choice(node, "sort", Set.of("asc", "desc"));
        p.aggregate = choice(node, "aggregate", AGGREGATES);
        p.groupBy = choice(node, "group_by", GROUPS);
        p.extreme = choice(node, "extreme", PlanNames.EXTREMES);
        p.bucket = choice(node, "bucket", BUCKETS);
        p.offset = integer(node, "offset", 0, 500);
        p.bins = integer(node, "bins", 1, 100);
        p.minLength = integer(node, "min_length", 1, 1_000_000);
        JsonNode offsets = node.get("offsets");
        if (offsets != null && !offsets.isNull()) {
            if (!offsets.isArray() || offsets.isEmpty()) {
                throw new IllegalArgumentException("params.offsets must be a non-empty list of integers");
            }
            p.offsets = new ArrayList<>();
            for (JsonNode o : offsets) {
                if (!o.canConvertToInt() || !o.isIntegralNumber() || Math.abs(o.asInt()) > 500) {
                    throw new IllegalArgumentException("params.offsets: '" + o + "' is not an integer within ±500");
                }
                p.offsets.add(o.asInt());
            }
        }
        JsonNode percentiles = node.get("percentiles");
        if (percentiles != null && !percentiles.isNull()) {
            if (!percentiles.isArray() || percentiles.isEmpty()) {
                throw new IllegalArgumentException("params.percentiles must be a non-empty list of numbers");
            }
            p.percentiles = new ArrayList<>();
            for (JsonNode v : percentiles) {
                if (!v.isNumber() || v.asDouble() < 0 || v.asDouble() > 100) {
                    throw new IllegalArgumentException("params.percentiles: '" + v + "' is not a number 0-100");
                }
                p.percentiles.add(v.asDouble());
            }
        }
        JsonNode outcome = node.get("outcome");
        if (outcome != null && !outcome.isNull()) {
            try {
                p.outcome = FilterText.parseCondition(outcome.asText());
            } catch (IllegalArgumentException e) {
                throw new IllegalArgumentException("params.outcome: " + e.getMessage(), e);
            }
        }
        if (p.groupBy != null && operation != Operation.GROUP && operation != Operation.TOP_N) {
            throw new IllegalArgumentException("params.group_by is only for group and top_n");
        }
        return p;
    }

    private static Integer integer(ObjectNode node, String field, int min, int max) {
        JsonNode v = node.get(field);
        if (v == null || v.isNull()) {
            return null;
        }
        if (!v.isIntegralNumber() || !v.canConvertToInt() || v.asInt() < min || v.asInt() > max) {
            throw new IllegalArgumentException("params." + field + " must be an integer " + min + "-" + max
                    + " (got " + v + ")");
        }
        return v.asInt();
    }

    private static String choice(ObjectNode node, String field, Set<String> allowed) {
        JsonNode v = node.get(field);
        if (v == null || v.isNull()) {
            return null;
        }
        String text = v.asText().strip().toLowerCase();
        if (!allowed.contains(text)) {
            throw new IllegalArgumentException("params." + field + " '" + v.asText() + "' is not one of "
                    + String.join(", ", allowed.stream().sorted().toList()));
        }
        return text;
    }

    private static String sessionOrEth(String session) {
        return session == null ? "ETH" : session;
    }

    static String whenLabel(String when, Plan.Period period) {
        if (when == null || when.isBlank() || when.equals("all")) {
            return "all data";
        }
        // a day without a year (--03-05) is labelled as the day it was resolved to
        if (when.contains("--")) {
            return period.from().equals(period.to()) ? period.from().toString() : period.from() + "–" + period.to();
        }
        return when.replace("..", "–");
    }
}
