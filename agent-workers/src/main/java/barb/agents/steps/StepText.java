package barb.agents.steps;

import barb.core.Atom;
import barb.core.Operation;
import barb.core.ParsedStep;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;

import java.util.ArrayList;
import java.util.List;

/**
 * The controlled English of a step (the understander's expanded_query), e.g.
 * "list top 5 days by range descending in 2024 where session = RTH, change_pct &lt; -2". The question reader
 * reads it back into the same step: {@code QuestionReader.read(render(step)).step()} equals the step for every
 * step the reader produces.
 */
public final class StepText {
    private StepText() {
    }

    /** How a metric is written so that the reader reads the same metric back. */
    static String metricText(String what) {
        return switch (what) {
            case "change" -> "change in points";
            case "close" -> "closing price";
            case "open" -> "opening price";
            default -> what;
        };
    }

    public static String render(ParsedStep step) {
        ObjectNode p = step.params();
        List<Atom> atoms = step.atoms();
        if (atoms.isEmpty()) {
            return step.operation();
        }
        Operation operation = Operation.parse(step.operation()).orElse(null);
        if (atoms.size() == 1 || operation == Operation.CORRELATION) {
            Atom a = atoms.get(0);
            String head = operation == Operation.CORRELATION
                    ? "correlation of " + metricText(a.what()) + " with "
                    + metricText(atoms.size() > 1 ? atoms.get(1).what() : a.what())
                    + offsetText(p)
                    : head(step.operation(), a.what(), p);
            return head + daysText(a.when(), a.timeframe(), a.filter());
        }
        Atom first = atoms.get(0);
        boolean sameWhat = atoms.stream().allMatch(a -> a.what().equals(first.what()));
        boolean sameWhen = atoms.stream().allMatch(a -> a.when().equals(first.when()));
        boolean sameTimeframe = atoms.stream().allMatch(a -> a.timeframe().equals(first.timeframe()));
        List<List<String>> clauses = new ArrayList<>();
        for (Atom a : atoms) {
            clauses.add(FilterText.splitClauses(a.filter()).stream().filter(c -> !c.isBlank()).toList());
        }
        List<String> shared = new ArrayList<>(clauses.get(0));
        for (List<String> c : clauses) {
            shared.retainAll(c);
        }
        String head = operation == Operation.COMPARE
                ? "compare" + compareWhat(p, sameWhat ? first.what() : null)
                : head(step.operation(), sameWhat ? first.what() : "", p);
        StringBuilder text = new StringBuilder(head.strip());
        text.append(daysText(sameWhen ? first.when() : "all", sameTimeframe ? first.timeframe() : "1D",
                String.join(", ", shared)));
        text.append(":");
        List<String> sides = new ArrayList<>();
        for (int i = 0; i < atoms.size(); i++) {
            Atom a = atoms.get(i);
            StringBuilder side = new StringBuilder();
            if (!sameWhat) {
                side.append(' ').append(metricText(a.what()));
            }
            List<String> own = new ArrayList<>(clauses.get(i));
            own.removeAll(shared);
            side.append(daysText(sameWhen ? "all" : a.when(), sameTimeframe ? "1D" : a.timeframe(),
                    String.join(", ", own)));
            sides.add(side.toString().strip());
        }
        text.append(' ').append(String.join(" vs ", sides));
        return text.toString();
    }

    private static String compareWhat(ObjectNode p, String what) {
        String aggregate = p.hasNonNull("aggregate") ? p.get("aggregate").asText() : null;
        if (what == null) {
            return aggregate == null ? "" : " " + aggregate;
        }
        if (what.equals("days")) {
            return " count of days";
        }
        return " " + (aggregate == null ? "mean" : aggregate) + " " + metricText(what);
    }

    private static String head(String operation, String metric, ObjectNode p) {
        String what = metricText(metric);
        String sort = p.hasNonNull("sort") ? (p.get("sort").asText().equals("asc") ? " ascending" : " descending") : "";
        String by = what.isEmpty() || what.equals("days") ? "" : " by " + what;
        return switch (Operation.parse(operation).orElse(null)) {
            case LIST -> "list" + (p.hasNonNull("n") ? " top " + p.get("n").asInt() : "") + " days" + by + sort;
            case TOP_N -> "top " + (p.hasNonNull("n") ? p.get("n").asInt() : 10) + " days" + by + sort
                    + " of each " + text(p, "group_by");
            case COUNT -> "count " + (what.isEmpty() ? "days" : what);
            case AGGREGATE -> text(p, "aggregate", "mean") + " " + what;
            case GROUP -> text(p, "aggregate", "mean") + " " + what + " by " + text(p, "group_by")
                    + (sort.isEmpty() ? "" : " sorted" + sort);
            case DISTRIBUTION -> "distribution of " + what
                    + (p.hasNonNull("bins") ? " in " + p.get("bins").asInt() + " bins" : "")
                    + (p.hasNonNull("percentiles") ? " with percentiles " + numbers(p.get("percentiles")) : "");
            case PROBABILITY -> "probability of " + text(p, "outcome", "") + offsetText(p);
            case STREAK -> (p.hasNonNull("n") ? "top " + p.get("n").asInt() + " longest streaks of days"
                    : "streaks of days")
                    + (p.hasNonNull("min_length") ? " of at least " + p.get("min_length").asInt() + " days" : "")
                    + (sort.isEmpty() || p.hasNonNull("n") && sort.equals(" descending") ? "" : " sorted" + sort);
            case FORMATION -> (what.startsWith("overnight_")
                    ? "what time is the " + what.replace("overnight_", "overnight ").replace("_break", "") + " broken"
                    : "when is the " + what + " set")
                    + (p.hasNonNull("bucket") ? " in " + p.get("bucket").asText().replace("m", "") + "-minute buckets"
                    : "");
            case SNAPSHOT -> "what happened";
            case GAP_FILL -> "gap fill by gap size";
            case AROUND -> "what happens to " + what + aroundOffsets(p);
            case null, default -> operation + " " + what;
        };
    }

    private static String aroundOffsets(ObjectNode p) {
        if (!p.hasNonNull("offsets")) {
            return " after";
        }
        List<Integer> before = new ArrayList<>();
        List<Integer> after = new ArrayList<>();
        for (JsonNode o : p.get("offsets")) {
            (o.asInt() < 0 ? before : after).add(o.asInt());
        }
        StringBuilder text = new StringBuilder();
        if (!before.isEmpty()) {
            List<Integer> days = before.stream().map(o -> -o).sorted().toList();
            text.append(' ').append(numbers(days)).append(" days before");
        }
        if (!after.isEmpty()) {
            text.append(before.isEmpty() ? " " : " and ").append(numbers(after)).append(" days after");
        }
        return text.toString();
    }

    private static String numbers(List<Integer> values) {
        List<String> texts = values.stream().map(String::valueOf).toList();
        if (texts.size() == 1) {
            return texts.get(0);
        }
        return String.join(", ", texts.subList(0, texts.size() - 1)) + " and " + texts.get(texts.size() - 1);
    }

    private static String offsetText(ObjectNode p) {
        if (!p.hasNonNull("offset")) {
            return "";
        }
        int offset = p.get("offset").asInt();
        return switch (offset) {
            case 0 -> " same day";
            case 1 -> " next day";
            default -> " " + offset + " days later";
        };
    }

    /** The days of a step as they are written after what it computes: " in 2024 where weekday = monday". */
    public static String daysText(String when, String timeframe, String filter) {
        StringBuilder text = new StringBuilder();
        if (when != null && !when.isBlank() && !when.equals("all")) {
            boolean relative = when.matches("today|yesterday|this .*|last .*|ytd|mtd");
            text.append(relative ? " " : " in ").append(when);
        }
        if ("1W".equals(timeframe) || "1M".equals(timeframe)) {
            text.append(timeframe.equals("1W") ? " on weekly bars" : " on monthly bars");
        } else if (timeframe != null && !timeframe.isBlank() && !timeframe.equalsIgnoreCase("1D")) {
            text.append(" on ").append(timeframe).append(" bars");
        }
        if (filter != null && !filter.isBlank()) {
            text.append(" where ").append(filter);
        }
        return text.toString();
    }

    private static String numbers(JsonNode list) {
        List<String> values = new ArrayList<>();
        for (JsonNode v : list) {
            values.add(FilterText.number(v.asDouble()));
        }
        if (values.size() == 1) {
            return values.get(0);
        }
        return String.join(", ", values.subList(0, values.size() - 1)) + " and " + values.get(values.size() - 1);
    }

    private static String text(ObjectNode p, String field) {
        return text(p, field, "");
    }

    private static String text(ObjectNode p, String field, String fallback) {
        return p.hasNonNull(field) ? p.get(field).asText() : fallback;
    }
}
