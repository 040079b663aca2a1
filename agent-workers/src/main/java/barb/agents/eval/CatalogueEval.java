package barb.agents.eval;

import barb.agents.chat.ConversationRunner;
import barb.core.Json;
import barb.core.StageHandler;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;

import java.time.LocalDate;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.TreeSet;
import java.util.function.Supplier;

/**
 * Runs a question set through the agents and scores every turn (docs/evaluation.md "Scoring a turn"): correct,
 * good clarification, honest refusal — together "OK" — or wrong (data that answers another question) or broken
 * (anything else). Every turn of a dialogue is asked and scored, also after an earlier one went wrong.
 */
public final class CatalogueEval {
    private CatalogueEval() {
    }

    /** How one turn ended. The first three are OK. */
    public enum Outcome {
        CORRECT, GOOD_CLARIFICATION, HONEST_REFUSAL, WRONG, BROKEN;

        public boolean ok() {
            return this == CORRECT || this == GOOD_CLARIFICATION || this == HONEST_REFUSAL;
        }
    }

    /** Counts of outcomes over some turns. */
    public static final class Tally {
        private final Map<Outcome, Integer> counts = new EnumMap<>(Outcome.class);

        void add(Outcome outcome) {
            counts.merge(outcome, 1, Integer::sum);
        }

        public int count(Outcome outcome) {
            return counts.getOrDefault(outcome, 0);
        }

        public int turns() {
            return counts.values().stream().mapToInt(Integer::intValue).sum();
        }

        public int ok() {
            return count(Outcome.CORRECT) + count(Outcome.GOOD_CLARIFICATION) + count(Outcome.HONEST_REFUSAL);
        }

        /** OK turns / all turns, 0–1 (1 for no turns). */
        public double okShare() {
            return turns() == 0 ? 1.0 : (double) ok() / turns();
        }

        /** Wrong turns / all turns, 0–1. */
        public double wrongShare() {
            return turns() == 0 ? 0.0 : (double) count(Outcome.WRONG) / turns();
        }
    }

    /**
     * One turn that was not OK.
     *
     * @param turn 1-based turn number in its dialogue
     */
    public record Miss(String caseId, String lang, int turn, String question, Outcome outcome, String expected,
                       String actual) {
    }

    /**
     * @param overall     every turn
     * @param perLanguage language → its turns, en before ru
     * @param perCategory category → its turns, in the catalogue's category order
     * @param cases       dialogues whose every turn was OK / all dialogues
     */
    public record Report(Tally overall, Map<String, Tally> perLanguage, Map<String, Tally> perCategory,
                         List<Miss> misses, int casesOk, int cases) {
        public Report {
            perLanguage = java.util.Collections.unmodifiableMap(new LinkedHashMap<>(perLanguage));
            perCategory = java.util.Collections.unmodifiableMap(new LinkedHashMap<>(perCategory));
            misses = List.copyOf(misses);
        }
    }

    /**
     * @param handlers a fresh set of stage handlers per case (each case is a new chat)
     */
    public static Report run(Catalogue catalogue, Supplier<List<StageHandler>> handlers) {
        Map<String, Tally> perCategory = new LinkedHashMap<>();
        for (String category : Catalogue.CATEGORIES) {
            if (catalogue.cases().stream().anyMatch(c -> c.category().equals(category))) {
                perCategory.put(category, new Tally());
            }
        }
        Map<String, Tally> perLanguage = new LinkedHashMap<>();
        for (String lang : List.of("en", "ru")) {
            if (catalogue.cases().stream().anyMatch(c -> c.lang().equals(lang))) {
                perLanguage.put(lang, new Tally());
            }
        }
        Tally overall = new Tally();
        List<Miss> misses = new ArrayList<>();
        int casesOk = 0;
        for (Catalogue.Case c : catalogue.cases()) {
            ConversationRunner runner = new ConversationRunner(handlers.get());
            boolean allOk = true;
            for (int t = 0; t < c.turns().size(); t++) {
                Catalogue.Turn turn = c.turns().get(t);
                ConversationRunner.Turn actual;
                try {
                    actual = runner.ask(turn.user());
                } catch (RuntimeException e) {
                    actual = new ConversationRunner.Turn("error", null, List.of(), e.toString(), List.of());
                }
                Outcome outcome = score(turn.expect(), actual, catalogue.firstDay(), catalogue.lastDay());
                overall.add(outcome);
                perLanguage.get(c.lang()).add(outcome);
                perCategory.computeIfAbsent(c.category(), k -> new Tally()).add(outcome);
                if (!outcome.ok()) {
                    allOk = false;
                    String[] diff = describeMiss(turn.expect(), actual, catalogue.firstDay(), catalogue.lastDay());
                    misses.add(new Miss(c.id(), c.lang(), t + 1, turn.user(), outcome, diff[0], diff[1]));
                }
            }
            if (allOk) {
                casesOk++;
            }
        }
        return new Report(overall, perLanguage, perCategory, misses, casesOk, catalogue.cases().size());
    }

    /** How one turn ended against what was expected of it (any of its readings). */
    static Outcome score(Catalogue.Expect expect, ConversationRunner.Turn actual, LocalDate firstDay,
                         LocalDate lastDay) {
        for (Catalogue.Expect reading : expect.readings()) {
            Outcome o = against(reading, actual, firstDay, lastDay);
            if (o.ok()) {
                return o;
            }
        }
        // not OK against any reading: data shown is wrong, everything else broken
        return actual.route().equals("data") ? Outcome.WRONG : Outcome.BROKEN;
    }

    private static Outcome against(Catalogue.Expect expect, ConversationRunner.Turn actual, LocalDate firstDay,
                                   LocalDate lastDay) {
        String route = actual.route();
        switch (expect.route()) {
            case "data" -> {
                if (route.equals("data") && PlanMeaning.of(expect.plans(), firstDay, lastDay)
                        .equals(PlanMeaning.of(actual.plans(), firstDay, lastDay))) {
                    return Outcome.CORRECT;
                }
            }
            case "clarify" -> {
                if (route.equals("clarify")
                        && (expect.ask() == null || Catalogue.asks(expect.ask(), actual.field()))) {
                    return Outcome.GOOD_CLARIFICATION;
                }
            }
            case "unsupported" -> {
                if (route.equals("unsupported")) {
                    return Outcome.HONEST_REFUSAL;
                }
            }
            default -> {
                if (route.equals(expect.route())) {
                    return Outcome.CORRECT;
                }
            }
        }
        return route.equals("data") ? Outcome.WRONG : Outcome.BROKEN;
    }

    /**
     * What was expected and what happened, short: for data against data only the fields of each plan that
     * differ (in meaning), so a miss line shows the mistake rather than two long plans.
     */
    static String[] describeMiss(Catalogue.Expect expect, ConversationRunner.Turn actual, LocalDate firstDay,
                                 LocalDate lastDay) {
        if (expect.route().equals("data") && actual.route().equals("data")) {
            return planDifference(PlanMeaning.of(expect.plans(), firstDay, lastDay),
                    PlanMeaning.of(actual.plans(), firstDay, lastDay));
        }
        return new String[]{describe(expect, firstDay, lastDay), describe(actual, firstDay, lastDay)};
    }

    static String[] planDifference(ArrayNode expected, ArrayNode actual) {
        if (expected.size() != actual.size()) {
            return new String[]{"data " + Json.toString(expected), "data " + Json.toString(actual)};
        }
        StringBuilder e = new StringBuilder("data");
        StringBuilder a = new StringBuilder("data");
        for (int i = 0; i < expected.size(); i++) {
            JsonNode ep = expected.get(i);
            JsonNode ap = actual.get(i);
            if (ep.equals(ap)) {
                continue;
            }
            ObjectNode eDiff = Json.object();
            ObjectNode aDiff = Json.object();
            Set<String> names = new TreeSet<>();
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
            String op = ep.path("operation").asText();
            e.append(" s").append(i + 1).append(' ').append(op).append(' ').append(Json.toString(eDiff));
            a.append(" s").append(i + 1).append(' ').append(Json.toString(aDiff));
        }
        return new String[]{e.toString(), a.toString()};
    }

    private static String describe(Catalogue.Expect expect, LocalDate firstDay, LocalDate lastDay) {
        StringBuilder out = new StringBuilder(describe(expect.route(), expect.ask(), expect.plans().isEmpty() ? null
                : PlanMeaning.of(expect.plans(), firstDay, lastDay), null));
        for (Catalogue.Expect also : expect.also()) {
            out.append(" or ").append(describe(also.route(), also.ask(), also.plans().isEmpty() ? null
                    : PlanMeaning.of(also.plans(), firstDay, lastDay), null));
        }
        return out.toString();
    }

    private static String describe(ConversationRunner.Turn actual, LocalDate firstDay, LocalDate lastDay) {
        return describe(actual.route(), Catalogue.askOf(actual.field()), actual.plans().isEmpty() ? null
                        : PlanMeaning.of(actual.plans(), firstDay, lastDay),
                actual.route().equals("error") || actual.route().equals("unsupported") ? actual.reply() : null);
    }

    private static String describe(String route, String ask, ArrayNode plans, String message) {
        if (route.equals("data")) {
            return "data " + (plans == null ? "[]" : Json.toString(plans));
        }
        if (route.equals("clarify")) {
            return ask == null ? "clarify" : "clarify(" + ask + ")";
        }
        return message == null ? route : route + ": " + message.replace('\n', ' ');
    }
}
