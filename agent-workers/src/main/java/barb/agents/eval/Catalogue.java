package barb.agents.eval;

import barb.core.Json;
import barb.core.Plan;
import com.fasterxml.jackson.databind.JsonNode;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.LocalDate;
import java.time.format.DateTimeParseException;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The question catalogue (docs/understanding.md): trader questions, English and Russian, each with the route
 * and plans Barb is expected to reach. {@code barb eval} runs it through the agents ({@link CatalogueEval}).
 *
 * @param firstDay the first trading day the expected plans assume ("all" starts here)
 * @param lastDay  the last trading day: relative periods ("yesterday", "this year") resolve against it
 */
public record Catalogue(LocalDate firstDay, LocalDate lastDay, List<Case> cases) {
    /**
     * The question sets shipped in this jar, by name, in the order they were written (docs/evaluation.md says how
     * each was made). The fresh sets are frozen.
     */
    public static final Map<String, String> SETS = sets();

    private static Map<String, String> sets() {
        Map<String, String> sets = new java.util.LinkedHashMap<>();
        sets.put("questions", "catalogue/questions.json");
        sets.put("holdout", "catalogue/holdout.json");
        sets.put("holdout-2", "catalogue/holdout-2.json");
        sets.put("fresh-3", "catalogue/fresh-3.json");
        sets.put("fresh-4", "catalogue/fresh-4.json");
        sets.put("fresh-5", "catalogue/fresh-5.json");
        sets.put("fresh-6", "catalogue/fresh-6.json");
        sets.put("fresh-7", "catalogue/fresh-7.json");
        sets.put("fresh-8", "catalogue/fresh-8.json");
        sets.put("fresh-9", "catalogue/fresh-9.json");
        sets.put("fresh-10", "catalogue/fresh-10.json");
        sets.put("fresh-11", "catalogue/fresh-11.json");
        sets.put("fresh-12", "catalogue/fresh-12.json");
        sets.put("fresh-13", "catalogue/fresh-13.json");
        sets.put("fresh-14", "catalogue/fresh-14.json");
        sets.put("fresh-15", "catalogue/fresh-15.json");
        sets.put("fresh-16", "catalogue/fresh-16.json");
        sets.put("fresh-17", "catalogue/fresh-17.json");
        sets.put("fresh-18", "catalogue/fresh-18.json");
        sets.put("fresh-19", "catalogue/fresh-19.json");
        sets.put("fresh-20", "catalogue/fresh-20.json");
        sets.put("fresh-21", "catalogue/fresh-21.json");
        sets.put("fresh-22", "catalogue/fresh-22.json");
        sets.put("fresh-23", "catalogue/fresh-23.json");
        sets.put("fresh-24", "catalogue/fresh-24.json");
        sets.put("fresh-25", "catalogue/fresh-25.json");
        sets.put("fresh-26", "catalogue/fresh-26.json");
        sets.put("fresh-27", "catalogue/fresh-27.json");
        sets.put("fresh-28", "catalogue/fresh-28.json");
        sets.put("fresh-29", "catalogue/fresh-29.json");
        sets.put("fresh-30", "catalogue/fresh-30.json");
        sets.put("fresh-31", "catalogue/fresh-31.json");
        sets.put("fresh-32", "catalogue/fresh-32.json");
        sets.put("fresh-33", "catalogue/fresh-33.json");
        sets.put("fresh-34", "catalogue/fresh-34.json");
        sets.put("fresh-35", "catalogue/fresh-35.json");
        sets.put("fresh-36", "catalogue/fresh-36.json");
        sets.put("fresh-37", "catalogue/fresh-37.json");
        sets.put("fresh-38", "catalogue/fresh-38.json");
        sets.put("fresh-39", "catalogue/fresh-39.json");
        sets.put("fresh-40", "catalogue/fresh-40.json");
        return java.util.Collections.unmodifiableMap(sets);
    }

    /** The shipped sets that exist in this jar, by name. */
    public static Map<String, Catalogue> loadSets() {
        Map<String, Catalogue> out = new java.util.LinkedHashMap<>();
        for (Map.Entry<String, String> e : SETS.entrySet()) {
            if (Catalogue.class.getClassLoader().getResource(e.getValue()) != null) {
                out.put(e.getKey(), loadResource(e.getValue()));
            }
        }
        return out;
    }

    /** One shipped set by name (see {@link #SETS}). */
    public static Catalogue loadSet(String name) {
        String resource = SETS.get(name);
        if (resource == null || Catalogue.class.getClassLoader().getResource(resource) == null) {
            throw new IllegalArgumentException("no question set '" + name + "' (known: " + String.join(", ",
                    loadSets().keySet()) + ")");
        }
        return loadResource(resource);
    }

    private static Catalogue loadResource(String resource) {
        try (InputStream in = Catalogue.class.getClassLoader().getResourceAsStream(resource)) {
            if (in == null) {
                throw new IllegalStateException("catalogue resource " + resource + " is missing");
            }
            return parse(Json.MAPPER.readTree(in), resource);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read catalogue resource " + resource, e);
        }
    }

    public static final Set<String> ROUTES = Set.of("data", "clarify", "chitchat", "concept", "unsupported",
            "gave_up");

    /** The categories, in the order the eval reports them. */
    public static final List<String> CATEGORIES = List.of("list", "top_n", "count", "aggregate", "group",
            "distribution", "probability", "around", "streak", "correlation", "formation", "compare", "patterns",
            "events", "sessions", "periods", "intraday", "typos_slang", "follow_up", "clarification", "chitchat",
            "concept", "out_of_scope");

    public static final Set<String> LANGS = Set.of("en", "ru");

    public Catalogue {
        cases = List.copyOf(cases);
    }

    /** One question, or a dialogue of several turns in one chat. */
    public record Case(String id, String category, String lang, List<Turn> turns) {
        public Case {
            turns = List.copyOf(turns);
        }
    }

    /** What the user says and what Barb should do with it. */
    public record Turn(String user, Expect expect) {
    }

    /** What Barb may be asked about, as docs/evaluation.md names it. */
    public static final Set<String> ASKS = Set.of("session", "period", "metric", "threshold", "term", "compare",
            "goal");

    /**
     * @param route data | clarify | chitchat | concept | unsupported | gave_up
     * @param ask   clarify: what must be asked (one of {@link #ASKS}), null when any question will do
     * @param plans data: the plans the executor should receive, in order; empty otherwise
     * @param why   clarify, unsupported: the writer's reason (shown with a miss)
     * @param also  other outcomes that are equally right (docs/evaluation.md "also")
     */
    public record Expect(String route, String ask, List<Plan> plans, String why, List<Expect> also) {
        public Expect {
            plans = plans == null ? List.of() : List.copyOf(plans);
            also = also == null ? List.of() : List.copyOf(also);
        }

        public Expect(String route, String ask, List<Plan> plans) {
            this(route, ask, plans, null, List.of());
        }

        /** This outcome and the equally right ones. */
        public List<Expect> readings() {
            List<Expect> all = new ArrayList<>();
            all.add(this);
            all.addAll(also);
            return all;
        }
    }

    /**
     * The kind of question a clarification field asks (docs/evaluation.md): the agents' own field names and the
     * older catalogues' are mapped onto {@link #ASKS}.
     */
    public static String askOf(String field) {
        if (field == null) {
            return null;
        }
        String f = field.trim().toLowerCase(java.util.Locale.ROOT);
        // which time zone a clock time is in is what a word means
        if (f.startsWith("term") || f.equals("ambiguous_term") || f.equals("timezone")) {
            return "term";
        }
        if (f.startsWith("compare")) {
            return "compare";
        }
        if (f.equals("when") || f.equals("period")) {
            return "period";
        }
        return ASKS.contains(f) ? f : "goal";
    }

    /**
     * Whether a clarification with this field asks what a set expected. Which time zone a clock time is in is
     * expected as a word's meaning ({@code term}) by some writers and as which hours of the day ({@code session}) by
     * others; both are that question.
     */
    public static boolean asks(String expectedAsk, String field) {
        if (expectedAsk.equals(askOf(field))) {
            return true;
        }
        return "timezone".equalsIgnoreCase(field == null ? "" : field.strip()) && expectedAsk.equals("session");
    }

    /** The catalogue shipped in this jar. */
    public static Catalogue load() {
        return loadResource(SETS.get("questions"));
    }

    /** A catalogue file, e.g. one given to {@code barb eval --catalogue}. */
    public static Catalogue load(Path file) {
        try {
            return merge(List.of(parse(Json.MAPPER.readTree(Files.readAllBytes(file)), file.toString())));
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read catalogue " + file, e);
        }
    }

    /** The cases whose id or category contains {@code text}. */
    public Catalogue only(String text) {
        if (text == null || text.isBlank()) {
            return this;
        }
        List<Case> kept = new ArrayList<>();
        for (Case c : cases) {
            if (c.id().contains(text) || c.category().equals(text)) {
                kept.add(c);
            }
        }
        return new Catalogue(firstDay, lastDay, kept);
    }

    private static Catalogue merge(List<Catalogue> parts) {
        Catalogue first = parts.get(0);
        List<Case> all = new ArrayList<>();
        Set<String> ids = new HashSet<>();
        for (Catalogue part : parts) {
            if (!part.firstDay.equals(first.firstDay) || !part.lastDay.equals(first.lastDay)) {
                throw new IllegalArgumentException("catalogue parts disagree on data.first_day / data.last_day");
            }
            for (Case c : part.cases) {
                if (!ids.add(c.id())) {
                    throw new IllegalArgumentException("catalogue: case id '" + c.id() + "' is used twice");
                }
                all.add(c);
            }
        }
        return new Catalogue(first.firstDay, first.lastDay, all);
    }

    static Catalogue parse(JsonNode root, String source) {
        if (root == null || !root.isObject()) {
            throw new IllegalArgumentException(source + ": not a JSON object");
        }
        LocalDate firstDay = date(root.path("data").path("first_day"), source + ": data.first_day");
        LocalDate lastDay = date(root.path("data").path("last_day"), source + ": data.last_day");
        if (firstDay.isAfter(lastDay)) {
            throw new IllegalArgumentException(source + ": data.first_day is after data.last_day");
        }
        JsonNode cases = root.path("cases");
        if (!cases.isArray() || cases.isEmpty()) {
            throw new IllegalArgumentException(source + ": cases must be a non-empty list");
        }
        List<Case> out = new ArrayList<>();
        Set<String> ids = new HashSet<>();
        for (int i = 0; i < cases.size(); i++) {
            Case c = parseCase(cases.get(i), source + ": cases[" + i + "]");
            if (!ids.add(c.id())) {
                throw new IllegalArgumentException(source + ": case id '" + c.id() + "' is used twice");
            }
            out.add(c);
        }
        return new Catalogue(firstDay, lastDay, out);
    }

    private static Case parseCase(JsonNode node, String path) {
        String id = text(node, "id", path);
        String where = path + " (" + id + ")";
        String category = text(node, "category", where);
        if (!CATEGORIES.contains(category)) {
            throw new IllegalArgumentException(where + ": unknown category '" + category + "' (known: "
                    + String.join(", ", CATEGORIES) + ")");
        }
        String lang = text(node, "lang", where);
        if (!LANGS.contains(lang)) {
            throw new IllegalArgumentException(where + ": lang '" + lang + "' is not en or ru");
        }
        JsonNode turns = node.path("turns");
        if (!turns.isArray() || turns.isEmpty()) {
            throw new IllegalArgumentException(where + ": turns must be a non-empty list");
        }
        List<Turn> out = new ArrayList<>();
        for (int t = 0; t < turns.size(); t++) {
            out.add(parseTurn(turns.get(t), where + ": turns[" + t + "]"));
        }
        return new Case(id, category, lang, out);
    }

    private static Turn parseTurn(JsonNode node, String path) {
        String user = text(node, "user", path);
        JsonNode expect = node.path("expect");
        if (!expect.isObject()) {
            throw new IllegalArgumentException(path + ": expect is missing");
        }
        Expect parsed = parseExpect(expect, path + ".expect");
        for (int i = 0; i < expect.path("also").size(); i++) {
            if (expect.path("also").get(i).has("also")) {
                throw new IllegalArgumentException(path + ".expect.also[" + i + "]: no 'also' inside 'also'");
            }
        }
        return new Turn(user, parsed);
    }

    private static Expect parseExpect(JsonNode expect, String path) {
        String route = text(expect, "route", path);
        if (!ROUTES.contains(route)) {
            throw new IllegalArgumentException(path + ": unknown route '" + route + "'");
        }
        String ask = null;
        if (route.equals("clarify")) {
            // older catalogues name the agents' field, fresh sets what must be asked
            String written = expect.hasNonNull("ask") ? text(expect, "ask", path) : text(expect, "field", path);
            ask = askOf(written);
            if (expect.hasNonNull("ask") && !ASKS.contains(written)) {
                throw new IllegalArgumentException(path + ": ask '" + written + "' is not one of " + ASKS);
            }
        }
        List<Plan> plans = new ArrayList<>();
        JsonNode planNodes = expect.path("plans");
        if (route.equals("data")) {
            if (!planNodes.isArray() || planNodes.isEmpty()) {
                throw new IllegalArgumentException(path + ": route data needs a non-empty plans list");
            }
            for (int p = 0; p < planNodes.size(); p++) {
                plans.add(plan(planNodes.get(p), path + ".plans[" + p + "]"));
            }
        } else if (!planNodes.isMissingNode()) {
            throw new IllegalArgumentException(path + ": plans are only for route data");
        }
        List<Expect> also = new ArrayList<>();
        JsonNode alsoNodes = expect.path("also");
        for (int i = 0; i < alsoNodes.size(); i++) {
            also.add(parseExpect(alsoNodes.get(i), path + ".also[" + i + "]"));
        }
        String why = expect.path("why").isTextual() ? expect.path("why").asText() : null;
        return new Expect(route, ask, plans, why, also);
    }

    /** A plan as the writer wrote it; defaults may be left out (they are filled in before comparing). */
    private static Plan plan(JsonNode node, String path) {
        Plan plan = contractPlan(node, path);
        if (plan.period() != null && plan.period().from() != null && plan.period().to() != null
                && plan.period().from().isAfter(plan.period().to())) {
            throw new IllegalArgumentException(path + ": period.from is after period.to");
        }
        if (plan.mode() != null && !Plan.MODES.contains(plan.mode())) {
            throw new IllegalArgumentException(path + ": mode '" + plan.mode() + "' is not one of " + Plan.MODES);
        }
        return plan;
    }

    /** Reads a plan and refuses names the contract does not know (the mapper would silently drop them). */
    private static Plan contractPlan(JsonNode node, String path) {
        if (!node.isObject()) {
            throw new IllegalArgumentException(path + ": not an object");
        }
        Plan plan;
        try {
            plan = Json.convert(node, Plan.class);
        } catch (RuntimeException e) {
            throw new IllegalArgumentException(path + ": " + e.getMessage(), e);
        }
        JsonNode back = Json.tree(plan);
        for (Iterator<String> names = node.fieldNames(); names.hasNext(); ) {
            String name = names.next();
            if (!back.has(name) && !node.get(name).isNull() && !isEmptyList(node.get(name))) {
                throw new IllegalArgumentException(path + ": '" + name + "' is not a plan field");
            }
        }
        if (barb.core.Operation.parse(plan.operation()).isEmpty()) {
            throw new IllegalArgumentException(path + ": unknown operation '" + plan.operation() + "'");
        }
        JsonNode variants = node.path("variants");
        for (int v = 0; v < variants.size(); v++) {
            JsonNode variant = variants.get(v);
            JsonNode variantBack = back.path("variants").path(v);
            for (Iterator<String> names = variant.fieldNames(); names.hasNext(); ) {
                String name = names.next();
                if (!variantBack.has(name) && !isEmptyList(variant.get(name))) {
                    throw new IllegalArgumentException(path + ".variants[" + v + "]: '" + name
                            + "' is not a plan field");
                }
            }
        }
        return plan;
    }

    private static boolean isEmptyList(JsonNode node) {
        return node.isArray() && node.isEmpty();
    }

    private static String text(JsonNode node, String field, String path) {
        JsonNode value = node.get(field);
        if (value == null || !value.isTextual() || value.asText().isBlank()) {
            throw new IllegalArgumentException(path + ": " + field + " is missing or empty");
        }
        return value.asText();
    }

    private static LocalDate date(JsonNode node, String path) {
        if (!node.isTextual()) {
            throw new IllegalArgumentException(path + " is missing");
        }
        try {
            return LocalDate.parse(node.asText());
        } catch (DateTimeParseException e) {
            throw new IllegalArgumentException(path + " '" + node.asText() + "' is not a YYYY-MM-DD date", e);
        }
    }
}
