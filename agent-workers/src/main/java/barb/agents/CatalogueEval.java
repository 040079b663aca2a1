package barb.agents;

import barb.core.Json;
import barb.core.Plan;
import barb.core.StageHandler;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.function.Supplier;

/**
 * Runs the question catalogue through the agents and scores it. A case passes when every turn reaches the
 * expected route and, for data, exactly the expected plans (labels aside: they are wording, not meaning).
 * A miss is honest when Barb asked or declined instead: it never showed a wrong answer.
 */
public final class CatalogueEval {
    private CatalogueEval() {
    }

    /**
     * The first turn of a case that went wrong (later turns depend on it and are not run).
     *
     * @param turn   1-based turn number
     * @param honest the actual route was clarify or unsupported: a miss, but never a wrong answer
     */
    public record Failure(String caseId, int turn, String question, String expected, String actual,
                          boolean honest) {
    }

    /**
     * @param perCategory category → {passed, total}, in the catalogue's category order
     */
    public record Report(Map<String, int[]> perCategory, List<Failure> failures, int passed, int total) {
        public Report {
            perCategory = java.util.Collections.unmodifiableMap(new LinkedHashMap<>(perCategory));
            failures = List.copyOf(failures);
        }

        /** Passed cases / all cases, 0–1 (1 for an empty run). */
        public double accuracy() {
            return total == 0 ? 1.0 : (double) passed / total;
        }

        public int honestMisses() {
            return (int) failures.stream().filter(Failure::honest).count();
        }
    }

    /**
     * @param handlers a fresh set of stage handlers per case (each case is a new chat)
     */
    public static Report run(Catalogue catalogue, Supplier<List<StageHandler>> handlers) {
        Map<String, int[]> perCategory = new LinkedHashMap<>();
        for (String category : Catalogue.CATEGORIES) {
            for (Catalogue.Case c : catalogue.cases()) {
                if (c.category().equals(category)) {
                    perCategory.put(category, new int[2]);
                    break;
                }
            }
        }
        List<Failure> failures = new ArrayList<>();
        int passed = 0;
        for (Catalogue.Case c : catalogue.cases()) {
            int[] counts = perCategory.computeIfAbsent(c.category(), k -> new int[2]);
            counts[1]++;
            Failure failure = runCase(c, new ConversationRunner(handlers.get()));
            if (failure == null) {
                counts[0]++;
                passed++;
            } else {
                failures.add(failure);
            }
        }
        return new Report(perCategory, failures, passed, catalogue.cases().size());
    }

    private static Failure runCase(Catalogue.Case c, ConversationRunner runner) {
        for (int t = 0; t < c.turns().size(); t++) {
            Catalogue.Turn turn = c.turns().get(t);
            ConversationRunner.Turn actual;
            try {
                actual = runner.ask(turn.user());
            } catch (RuntimeException e) {
                actual = new ConversationRunner.Turn("error", null, List.of(), e.toString(), List.of());
            }
            if (!matches(turn.expect(), actual)) {
                boolean honest = actual.route().equals("clarify") || actual.route().equals("unsupported");
                if (turn.expect().route().equals("data") && actual.route().equals("data")) {
                    String[] diff = planDifference(comparable(turn.expect().plans()), comparable(actual.plans()));
                    return new Failure(c.id(), t + 1, turn.user(), diff[0], diff[1], false);
                }
                return new Failure(c.id(), t + 1, turn.user(), describe(turn.expect()), describe(actual), honest);
            }
        }
        return null;
    }

    static boolean matches(Catalogue.Expect expect, ConversationRunner.Turn actual) {
        if (!expect.route().equals(actual.route())) {
            return false;
        }
        if (expect.route().equals("clarify")) {
            return expect.field() == null || Objects.equals(expect.field(), actual.field());
        }
        if (expect.route().equals("data")) {
            return comparable(expect.plans()).equals(comparable(actual.plans()));
        }
        return true;
    }

    /** The plans as JSON after a contract round trip, without labels (also inside variants). */
    static ArrayNode comparable(List<Plan> plans) {
        ArrayNode out = Json.MAPPER.createArrayNode();
        for (Plan p : plans) {
            Plan roundTripped = Json.convert(Json.tree(p), Plan.class);
            ObjectNode node = (ObjectNode) Json.tree(roundTripped);
            node.remove("label");
            for (JsonNode variant : node.path("variants")) {
                ((ObjectNode) variant).remove("label");
            }
            out.add(node);
        }
        return out;
    }

    /**
     * Only what differs between two plan lists of the same length (the fields of each plan that differ), so a
     * failure line shows the mistake rather than two long plans.
     */
    static String[] planDifference(ArrayNode expected, ArrayNode actual) {
        if (expected.size() != actual.size()) {
            return new String[]{"data " + compact(expected), "data " + compact(actual)};
        }
        StringBuilder e = new StringBuilder("data");
        StringBuilder a = new StringBuilder("data");
        for (int i = 0; i < expected.size(); i++) {
            JsonNode ep = compacted(expected.get(i));
            JsonNode ap = compacted(actual.get(i));
            if (ep.equals(ap)) {
                continue;
            }
            ObjectNode eDiff = Json.object();
            ObjectNode aDiff = Json.object();
            java.util.Set<String> names = new java.util.TreeSet<>();
            ep.fieldNames().forEachRemaining(names::add);
            ap.fieldNames().forEachRemaining(names::add);
            for (String name : names) {
                JsonNode ev = ep.get(name);
                JsonNode av = ap.get(name);
                if (!Objects.equals(ev, av)) {
                    eDiff.set(name, ev == null ? Json.MAPPER.nullNode() : ev);
                    aDiff.set(name, av == null ? Json.MAPPER.nullNode() : av);
                }
            }
            String id = ep.path("id").asText("#" + (i + 1));
            e.append(' ').append(id).append(' ').append(Json.toString(eDiff));
            a.append(' ').append(id).append(' ').append(Json.toString(aDiff));
        }
        return new String[]{e.toString(), a.toString()};
    }

    /** JSON without the empty lists a round trip adds. */
    private static String compact(ArrayNode plans) {
        ArrayNode copy = Json.MAPPER.createArrayNode();
        for (JsonNode p : plans) {
            copy.add(compacted(p));
        }
        return Json.toString(copy);
    }

    private static ObjectNode compacted(JsonNode plan) {
        ObjectNode copy = (ObjectNode) plan.deepCopy();
        for (JsonNode v : copy.path("variants")) {
            dropEmptyLists((ObjectNode) v);
        }
        dropEmptyLists(copy);
        return copy;
    }

    private static void dropEmptyLists(ObjectNode node) {
        List<String> empty = new ArrayList<>();
        node.fields().forEachRemaining(f -> {
            if (f.getValue().isArray() && f.getValue().isEmpty()) {
                empty.add(f.getKey());
            }
        });
        node.remove(empty);
    }

    static String describe(Catalogue.Expect expect) {
        return describe(expect.route(), expect.field(), expect.plans(), null);
    }

    static String describe(ConversationRunner.Turn actual) {
        return describe(actual.route(), actual.field(), actual.plans(),
                actual.route().equals("error") ? actual.reply() : null);
    }

    private static String describe(String route, String field, List<Plan> plans, String message) {
        if (route.equals("data")) {
            return "data " + compact(comparable(plans));
        }
        if (route.equals("clarify")) {
            return field == null ? "clarify" : "clarify(" + field + ")";
        }
        return message == null ? route : route + ": " + message;
    }
}
