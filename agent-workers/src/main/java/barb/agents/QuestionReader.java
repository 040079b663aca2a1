package barb.agents;

import barb.core.Atom;
import barb.core.Json;
import barb.core.ParsedStep;
import barb.core.Plan;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.util.ArrayList;
import java.util.BitSet;
import java.util.Comparator;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Reads a trader's question (English or Russian, typos and slang included) into one parsed step, following
 * docs/understanding.md. Deterministic: the {@link Lexicon} rules find what the question names (metrics,
 * sessions, periods, filters, operations), every other word must be filler, and what is left decides the step.
 * A word it does not know is never dropped: it becomes a clarification ("term:&lt;word&gt;"), and things Barb has
 * no data for (indicators, other instruments, news, live prices, predictions, signals) an out-of-scope answer.
 */
final class QuestionReader {
    private static final Logger LOG = LoggerFactory.getLogger(QuestionReader.class);
    private static final Pattern WHERE = Pattern.compile("(?<![\\p{L}])where (.+?)(?=\\s*(?<!\\d):(?!\\d)\\s?|\\s+vs\\s|$)");
    private static final Pattern TOKEN = Pattern.compile("[^\\s,:()]+");
    private static final Set<String> SIDE_KINDS = Set.of("when", "metric", "session", "cond", "color", "dir",
            "pattern", "event", "weekday", "month", "gap", "consec", "time");
    private static final Set<String> NEGATABLE = Set.of("event", "pattern", "weekday", "color", "gap");

    private QuestionReader() {
    }

    /** Reads any text; never throws. */
    static Reading read(String question) {
        if (question == null || question.isBlank()) {
            return new Reading(null, List.of(), null, List.of(), null);
        }
        try {
            return new Read(normalize(question)).run();
        } catch (RuntimeException e) {
            LOG.warn("question reader failed on a question of {} characters", question.length(), e);
            return new Reading(null, List.of(), null, List.of(), null);
        }
    }

    /** What the lexicon found in a question, in order (kind, value, span): which parts of a step a text names. */
    static List<Lexicon.Finding> findings(String question) {
        if (question == null || question.isBlank()) {
            return List.of();
        }
        Read read = new Read(normalize(question));
        read.run();
        return List.copyOf(read.found);
    }

    /** Lower case, ё→е, punctuation that carries nothing removed, misspellings and number words repaired. */
    static String normalize(String question) {
        String s = question.toLowerCase(Locale.ROOT)
                .replace('ё', 'е')
                .replace('’', '\'')
                .replace('–', '-')
                .replace('—', '-')
                .replace("×", " x ");
        s = s.replaceAll("!(?!=)", " ");
        s = s.replaceAll("[?;\"«»“”]", " ");
        s = s.replaceAll("(\\d),(\\d)", "$1.$2");
        s = s.replaceAll("(\\d)[xх](?![\\p{L}\\d])", "$1 x");
        // "tomorrow's change" next to today's is the next day's change in the history, not a forecast
        s = s.replaceAll("tomorrow'?s (?=\\p{L})", "next day's ")
                .replaceAll("завтрашн\\p{L}* (\\p{L}+)", "$1 следующего дня");
        s = s.replaceAll("(?<![\\p{L}])i'm(?![\\p{L}])", "i am").replaceAll("(?<![\\p{L}])i've(?![\\p{L}])", "i have")
                .replaceAll("(?<![\\p{L}])i'd(?![\\p{L}])", "i would");
        s = s.replaceAll("(\\d)(?=%)", "$1");
        s = s.replaceAll("today'?s (?=\\p{L})", "").replaceAll("сегодняшн\\p{L}* (?=\\p{L})", "");
        s = s.replace("n't", " not").replaceAll("'s(?![\\p{L}])", "");
        s = s.replaceAll("(?<=\\p{L})-(?=\\p{L})", " ");
        s = s.replaceAll("\\s+", " ").strip();
        StringBuilder out = new StringBuilder();
        for (String token : s.split(" ")) {
            if (!out.isEmpty()) {
                out.append(' ');
            }
            out.append(repair(token));
        }
        String result = out.toString().strip();
        // a sentence's last full stop goes, an open period's dots ("2020..") stay
        return result.replaceAll("(?:(?<!\\.)\\.|[,:])+$", "").strip();
    }

    private static String repair(String token) {
        Matcher m = Pattern.compile("^([(]*)(.*?)([.,:)]*)$").matcher(token);
        if (!m.matches() || m.group(2).isEmpty()) {
            return token;
        }
        String word = m.group(2);
        String fixed = Lexicon.MISSPELLINGS.get(word);
        if (fixed == null) {
            fixed = Lexicon.numberWord(word);
        }
        if (fixed == null && word.matches("[a-z]{5,}") && !Lexicon.VOCABULARY.contains(word)
                && !Lexicon.FILLER.contains(word)) {
            fixed = TextNormalizer.correct(word, Lexicon.VOCABULARY);
        }
        return fixed == null ? token : m.group(1) + fixed + m.group(3);
    }

    /** One reading in progress. */
    private static final class Read {
        private final String text;
        private final BitSet taken = new BitSet();
        private final List<Lexicon.Finding> found = new ArrayList<>();
        private final List<String> unknown = new ArrayList<>();
        private int seq;
        private int colon = -1;

        Read(String text) {
            this.text = text;
        }

        Reading run() {
            readWhereClauses();
            for (Lexicon.Rule rule : Lexicon.EARLY) {
                apply(rule);
            }
            for (PeriodPhrases.Found p : PeriodPhrases.findAll(text)) {
                if (free(p.start(), p.end())) {
                    add("when", p.when(), p.start(), p.end());
                    taken.set(p.start(), p.end());
                }
            }
            for (Lexicon.Rule rule : Lexicon.RULES) {
                apply(rule);
            }
            Matcher colonMatcher = Pattern.compile("(?<!\\d):(?!\\d)").matcher(text);
            while (colonMatcher.find()) {
                if (free(colonMatcher.start(), colonMatcher.end())) {
                    colon = colonMatcher.start();
                    taken.set(colon);
                    break;
                }
            }
            leftovers();
            found.sort(Comparator.comparingInt(Lexicon.Finding::start).thenComparingInt(Lexicon.Finding::seq));
            return new StepBuilder(found, unknown, colon).build();
        }

        private void readWhereClauses() {
            Matcher m = WHERE.matcher(text);
            while (m.find()) {
                FilterText.Filters filters;
                try {
                    filters = FilterText.parse(m.group(1));
                } catch (IllegalArgumentException e) {
                    continue;
                }
                int start = m.start();
                int end = m.end(1);
                if (filters.session() != null) {
                    add("session", filters.session(), start, end);
                }
                for (Plan.Condition c : filters.conditions()) {
                    add("cond", FilterText.formatCondition(c), start, end);
                }
                filters.patterns().forEach(v -> add("pattern", v, start, end));
                filters.events().forEach(v -> add("event", v, start, end));
                filters.weekdays().forEach(v -> add("weekday", v, start, end));
                filters.months().forEach(v -> add("month", v, start, end));
                if (filters.gap() != null) {
                    add("gap", filters.gap(), start, end);
                }
                if (filters.consecutive() != null) {
                    Plan.Consecutive c = filters.consecutive();
                    add("consec", c.color() + ("exactly".equals(c.mode()) ? " = " : " >= ") + c.length(), start, end);
                }
                if (filters.time() != null) {
                    add("time", filters.time().from() + "-" + filters.time().to(), start, end);
                }
                taken.set(start, end);
            }
        }

        private void apply(Lexicon.Rule rule) {
            Matcher m = rule.pattern().matcher(text);
            int from = 0;
            while (from <= text.length() && m.find(from)) {
                int start = m.start();
                int end = m.end();
                if (end == start) {
                    from = start + 1;
                    continue;
                }
                if (!free(start, end)) {
                    // the longest alternative ran into words another rule took: try a shorter one that stops there
                    int limit = taken.nextSetBit(start);
                    boolean shorter = false;
                    if (limit > start) {
                        m.region(start, limit);
                        shorter = m.lookingAt() && m.end() > start;
                    }
                    if (!shorter) {
                        from = start + 1;
                        continue;
                    }
                    end = m.end();
                }
                List<String[]> meaning = rule.meaning().apply(m);
                if (meaning == null || meaning.isEmpty()) {
                    from = start + 1;
                    continue;
                }
                for (String[] kv : meaning) {
                    if (kv[0].equals("end")) {
                        end = Integer.parseInt(kv[1]);
                    }
                }
                for (String[] kv : meaning) {
                    if (!kv[0].equals("end")) {
                        add(kv[0], kv[1], start, end);
                    }
                }
                taken.set(start, end);
                from = end;
            }
        }

        private boolean free(int start, int end) {
            int next = taken.nextSetBit(start);
            return next < 0 || next >= end;
        }

        private void add(String kind, String value, int start, int end) {
            found.add(new Lexicon.Finding(kind, value, start, end, seq++));
        }

        private void leftovers() {
            Matcher m = TOKEN.matcher(text);
            while (m.find()) {
                if (!free(m.start(), m.end())) {
                    continue;
                }
                String bare = m.group().replaceAll("^[.\\-']+|[.\\-']+$", "");
                if (!bare.isEmpty() && !Lexicon.FILLER.contains(bare) && bare.matches(".*[\\p{L}\\p{N}].*")) {
                    unknown.add(bare);
                }
            }
        }
    }

    /** Turns the findings into a step, clarifications and a goal. */
    private static final class StepBuilder {
        private final List<Lexicon.Finding> found;
        private final List<String> unknown;
        private final int colon;

        StepBuilder(List<Lexicon.Finding> found, List<String> unknown, int colon) {
            this.found = found;
            this.unknown = unknown;
            this.colon = colon;
        }

        private boolean has(String kind) {
            return found.stream().anyMatch(f -> f.kind().equals(kind));
        }

        private boolean has(String kind, String value) {
            return found.stream().anyMatch(f -> f.kind().equals(kind) && f.value().equals(value));
        }

        private List<Lexicon.Finding> all(String kind) {
            return found.stream().filter(f -> f.kind().equals(kind)).toList();
        }

        private String first(String kind) {
            return found.stream().filter(f -> f.kind().equals(kind)).map(Lexicon.Finding::value).findFirst()
                    .orElse(null);
        }

        Reading build() {
            for (Lexicon.Finding f : found) {
                if (f.kind().equals("out")) {
                    return outOfScope(f.value());
                }
            }
            yearForYearlessPeriods();
            resolveSoftWords();
            List<String> clarify = new ArrayList<>();
            boolean dataLike = found.stream().anyMatch(f -> !Set.of("filler", "connector", "or", "vs", "goal",
                    "after", "whenword", "complement").contains(f.kind()));
            if (!dataLike) {
                if (has("goal")) {
                    clarify.add("goal");
                    unknown.forEach(w -> clarify.add("term:" + w));
                }
                return new Reading(null, clarify, null, List.of(), null);
            }

            // what the question asks
            boolean ranking = has("rank");
            boolean explicitN = has("n");
            boolean formation = has("extreme") && !has("agg") && !ranking && !has("op", "probability");
            String operation;
            if (has("op", "correlation")) {
                operation = "correlation";
            } else if (formation) {
                operation = "formation";
            } else if (has("op", "probability")) {
                operation = "probability";
            } else if (has("around") || has("offsets")) {
                operation = "around";
            } else if (has("after") && has("op", "count") && hasOutcome()) {
                operation = "probability";
            } else if (has("op", "streak")) {
                operation = "streak";
            } else if (has("op", "distribution") && !has("agg") && !ranking && !has("op", "count")) {
                operation = "distribution";
            } else if (has("each") && ranking || has("group") && ranking && explicitN) {
                operation = "top_n";
            } else if (has("group")) {
                operation = "group";
            } else if (has("op", "compare") || has("vs") || sideCount() >= 2) {
                operation = "compare";
            } else if (ranking) {
                operation = "list";
            } else if (has("op", "count")) {
                operation = "count";
            } else if (has("agg")) {
                operation = "aggregate";
            } else if (has("op", "list")) {
                operation = "list";
            } else if (has("after") || has("later")) {
                operation = "around";
            } else if (has("op", "distribution")) {
                operation = "distribution";
            } else if (has("metric")) {
                operation = all("when").stream().anyMatch(f -> isOneDay(f.value())) ? "list" : "aggregate";
            } else {
                operation = "list";
            }

            // probability outcome
            Lexicon.Finding outcome = operation.equals("probability") ? outcomeFinding() : null;
            // ranking by direction: "biggest drops"
            List<Lexicon.Finding> metrics = all("metric");
            boolean rankByDirection = ranking && metrics.isEmpty() && has("dir")
                    && (operation.equals("list") || operation.equals("top_n"));
            List<Lexicon.Finding> ignored = new ArrayList<>();
            if (outcome != null) {
                ignored.add(outcome);
            }
            if (rankByDirection) {
                ignored.add(all("dir").get(0));
            }
            // "how much does NQ fall on average": the verb names the measured change, not a filter
            boolean measureByDirection = metrics.isEmpty() && !ranking && all("dir").size() == 1
                    && (operation.equals("aggregate") || operation.equals("distribution"));
            if (measureByDirection) {
                ignored.add(all("dir").get(0));
            }

            // sides (several atoms)
            List<List<Lexicon.Finding>> sides = new ArrayList<>();
            List<Lexicon.Finding> common = new ArrayList<>();
            splitSides(operation, ignored, common, sides);
            if (operation.equals("compare") && sides.size() < 2) {
                clarify.add("compare_groups");
            }

            // what each atom measures
            String unit = first("unit");
            List<String> whats = new ArrayList<>();
            String defaultWhat = defaultWhat(operation, rankByDirection);
            if (operation.equals("correlation")) {
                List<String> names = metrics.stream().map(f -> withUnit(f.value(), unit)).toList();
                if (offset() == null || names.size() > 2) {
                    names = names.stream().distinct().toList();
                }
                if (names.size() < 2) {
                    clarify.add("metric");
                    names = names.isEmpty() ? List.of("change_pct") : names;
                }
                whats.addAll(names.subList(0, Math.min(2, names.size())));
            }

            ObjectNode params = Json.object();
            List<Atom> atoms = new ArrayList<>();
            String timeframe = first("tf") != null ? first("tf") : "1D";
            if (has("group", "hour") && operation.equals("group") && timeframe.equals("1D")) {
                timeframe = "1h";
            }
            if (operation.equals("correlation")) {
                Atom base = atom(common, List.of(), whats.get(0), timeframe, ignored);
                atoms.add(base);
                if (whats.size() > 1) {
                    atoms.add(new Atom(base.when(), whats.get(1), base.filter(), base.timeframe()));
                }
            } else if (sides.isEmpty()) {
                String what = whatOf(common, operation, defaultWhat, unit);
                atoms.add(atom(common, List.of(), what, timeframe, ignored));
            } else {
                for (List<Lexicon.Finding> side : sides) {
                    List<Lexicon.Finding> both = new ArrayList<>(common);
                    both.addAll(side);
                    String what = whatOf(both, operation, defaultWhat, unit);
                    atoms.add(atom(common, side, what, timeframe, ignored));
                }
            }
            gapSession(atoms);

            // params
            String sortWord = first("sort");
            String rankSort = rankSort(rankByDirection, operation);
            switch (operation) {
                case "list" -> {
                    if (ranking) {
                        params.put("n", rankN(10));
                    }
                    String sort = sortWord != null ? sortWord : rankSort;
                    if (sort != null) {
                        params.put("sort", sort);
                    }
                }
                case "top_n" -> {
                    params.put("n", rankN(10));
                    params.put("sort", sortWord != null ? sortWord : rankSort);
                    params.put("group_by", has("each") ? first("each") : first("group"));
                }
                case "aggregate" -> params.put("aggregate", first("agg") != null ? first("agg") : "mean");
                case "group" -> {
                    params.put("aggregate", first("agg") != null ? first("agg") : "mean");
                    params.put("group_by", first("group"));
                    String sort = sortWord != null ? sortWord : rankSort;
                    if (sort != null) {
                        params.put("sort", sort);
                    }
                }
                case "distribution" -> {
                    if (first("bins") != null) {
                        params.put("bins", Integer.parseInt(first("bins")));
                    }
                    if (first("percentiles") != null) {
                        ArrayNode list = params.putArray("percentiles");
                        for (String p : first("percentiles").split(",")) {
                            list.add(Double.parseDouble(p));
                        }
                    }
                }
                case "probability" -> {
                    if (outcome == null) {
                        clarify.add("outcome");
                    } else {
                        params.put("outcome", outcomeText(outcome));
                    }
                    Integer offset = offset();
                    params.put("offset", offset == null ? 0 : offset);
                }
                case "correlation" -> {
                    Integer offset = offset();
                    if (offset != null) {
                        params.put("offset", offset);
                    }
                }
                case "streak" -> {
                    if (first("minlen") != null) {
                        params.put("min_length", Integer.parseInt(first("minlen")));
                    }
                    boolean longest = ranking || has("agg", "max");
                    if (longest) {
                        params.put("n", rankN(1));
                    }
                    String sort = sortWord != null ? sortWord : longest ? (rankSort == null ? "desc" : rankSort) : null;
                    if (sort != null) {
                        params.put("sort", sort);
                    }
                }
                case "formation" -> {
                    params.put("extreme", first("extreme"));
                    if (first("bucket") != null) {
                        params.put("bucket", first("bucket"));
                    }
                }
                case "around" -> {
                    java.util.TreeSet<Integer> offsets = new java.util.TreeSet<>();
                    for (Lexicon.Finding f : all("offsets")) {
                        for (String o : f.value().split(",")) {
                            offsets.add(Integer.parseInt(o));
                        }
                    }
                    // "the day before and the day after": with other offsets named, "the day after" is one of them
                    if (!offsets.isEmpty()) {
                        all("later").forEach(f -> offsets.add(Integer.parseInt(f.value())));
                    }
                    // a metric named in the condition ("after days when the range …") is not the one measured
                    for (Lexicon.Finding f : metrics) {
                        if (f.start() > aroundCut()) {
                            unknown.add(f.value());
                        }
                    }
                    if (!offsets.isEmpty()) {
                        ArrayNode list = params.putArray("offsets");
                        offsets.forEach(list::add);
                    }
                }
                case "compare" -> {
                    boolean metricAtoms = atoms.stream().anyMatch(a -> !a.what().equals("days"));
                    if (metricAtoms) {
                        params.put("aggregate", first("agg") != null ? first("agg") : "mean");
                    }
                }
                default -> {
                }
            }

            // words no rule used
            if (has("extreme") && !operation.equals("formation")) {
                unknown.add(0, first("extreme"));
            }
            // "days when NQ fell 3% and the next day was green": a list cannot look a day ahead, so ask
            if (has("later", "1") && !Set.of("probability", "correlation", "around").contains(operation)) {
                unknown.add("next day");
            }
            if (has("bucket") && !operation.equals("formation")) {
                unknown.add("bucket " + first("bucket"));
            }
            if (sessionMatters(operation, atoms)) {
                clarify.add(0, "session");
            }
            if (has("goal")) {
                clarify.add("goal");
            }
            for (String word : new LinkedHashSet<>(unknown)) {
                clarify.add("term:" + word);
            }
            ParsedStep step = new ParsedStep("s1", operation, atoms, params);
            return new Reading(step, clarify, null, List.of(), goal(operation, ranking, atoms));
        }

        /**
         * Words whose meaning depends on the rest: "посчитай" / "calculate" asks for a count only when nothing
         * else is asked ("посчитай средний объём" is an average); "seasonality" is a by-month grouping unless a
         * grouping is named.
         */
        private void resolveSoftWords() {
            boolean asksSomethingElse = has("agg") || has("group") || has("metric") || has("op") || has("rank")
                    || has("around") || has("each");
            for (int i = 0; i < found.size(); i++) {
                Lexicon.Finding f = found.get(i);
                String kind = null;
                String value = "";
                if (f.kind().equals("countverb")) {
                    kind = asksSomethingElse ? "filler" : "op";
                    value = asksSomethingElse ? "" : "count";
                } else if (f.kind().equals("seasonal")) {
                    kind = has("group") ? "filler" : "group";
                    value = has("group") ? "" : "month";
                }
                if (kind != null) {
                    found.set(i, new Lexicon.Finding(kind, value, f.start(), f.end(), f.seq()));
                }
            }
        }

        /** "January and February 2025": the year named once belongs to every side. */
        private void yearForYearlessPeriods() {
            List<Lexicon.Finding> whens = all("when");
            if (whens.size() < 2) {
                return;
            }
            Set<String> years = new LinkedHashSet<>();
            for (Lexicon.Finding f : whens) {
                Matcher m = Pattern.compile("^(\\d{4})-(?:\\d{2}|q[1-4])$").matcher(f.value());
                if (m.matches()) {
                    years.add(m.group(1));
                }
            }
            if (years.size() != 1) {
                return;
            }
            String year = years.iterator().next();
            for (int i = 0; i < found.size(); i++) {
                Lexicon.Finding f = found.get(i);
                if (!f.kind().equals("when")) {
                    continue;
                }
                String value = null;
                int month = FilterText.MONTHS.indexOf(f.value());
                if (month >= 0) {
                    value = String.format(Locale.ROOT, "%s-%02d", year, month + 1);
                } else if (f.value().matches("q[1-4]")) {
                    value = year + "-" + f.value();
                }
                if (value != null) {
                    found.set(i, new Lexicon.Finding("when", value, f.start(), f.end(), f.seq()));
                }
            }
        }

        private int rankN(int fallback) {
            String n = first("n") != null ? first("n") : first("ndefault");
            return n == null ? fallback : Integer.parseInt(n);
        }

        private String rankSort(boolean byDirection, String operation) {
            String sort = first("rank");
            if (sort == null) {
                return null;
            }
            // "biggest drops", "biggest gap downs": the biggest move down is the lowest value
            boolean down = byDirection && first("dir").equals("down")
                    || "down".equals(first("gap")) && !operation.equals("streak") && !has("metric", "range") && !has("metric", "volume")
                    && (all("metric").isEmpty() || all("metric").stream().allMatch(f -> f.value().startsWith("gap")));
            if (down) {
                return sort.equals("desc") ? "asc" : "desc";
            }
            return sort;
        }

        private String defaultWhat(String operation, boolean rankByDirection) {
            return switch (operation) {
                case "count", "streak", "probability" -> "days";
                case "list" -> rankByDirection || has("rank") ? (has("gap") ? "gap" : "change_pct") : "days";
                case "formation" -> first("extreme");
                case "compare" -> has("op", "count") ? "days" : has("gap") ? "gap" : "change_pct";
                case "correlation", "around" -> "change_pct";
                default -> has("gap") ? "gap" : "change_pct";
            };
        }

        private String whatOf(List<Lexicon.Finding> findings, String operation, String fallback, String unit) {
            if (operation.equals("formation")) {
                return first("extreme");
            }
            for (Lexicon.Finding f : findings) {
                if (f.kind().equals("metric") && !(operation.equals("around") && f.start() > aroundCut())) {
                    return withUnit(f.value(), unit);
                }
            }
            if (unit != null && !fallback.equals("days")) {
                return withUnit(fallback, unit);
            }
            return fallback;
        }

        private static String withUnit(String metric, String unit) {
            if (unit == null) {
                return metric;
            }
            if (unit.equals("pct")) {
                return switch (metric) {
                    case "range" -> "range_pct";
                    case "gap" -> "gap_pct";
                    case "body" -> "body_pct";
                    case "change" -> "change_pct";
                    default -> metric;
                };
            }
            return switch (metric) {
                case "range_pct" -> "range";
                case "gap_pct" -> "gap";
                case "body_pct" -> "body";
                case "change_pct" -> "change";
                default -> metric;
            };
        }

        /** Where the condition of a "what happens after …" question starts: what it names is not measured. */
        private int aroundCut() {
            return found.stream().filter(f -> f.kind().equals("after") || f.kind().equals("connector"))
                    .mapToInt(Lexicon.Finding::start).min().orElse(Integer.MAX_VALUE);
        }

        private boolean hasOutcome() {
            return has("color") || has("dir");
        }

        /**
         * The outcome of a probability question: the first colour, direction, gap or condition after the
         * probability words and before the condition words ("after", "when", "if"); else, when the condition words
         * come first and two candidates follow them, the later one; else the first one.
         */
        private Lexicon.Finding outcomeFinding() {
            int cue = found.stream().filter(f -> f.kind().equals("op")
                            && (f.value().equals("probability") || f.value().equals("count")))
                    .mapToInt(Lexicon.Finding::start).min().orElse(0);
            int connector = found.stream().filter(f -> (f.kind().equals("connector") || f.kind().equals("after"))
                            && f.start() > cue)
                    .mapToInt(Lexicon.Finding::start).min().orElse(Integer.MAX_VALUE);
            List<Lexicon.Finding> candidates = found.stream().filter(f -> f.kind().equals("color")
                    || f.kind().equals("dir") || f.kind().equals("gap")
                    || f.kind().equals("cond") && !f.value().contains(" x ")).toList();
            if (candidates.isEmpty()) {
                return null;
            }
            for (Lexicon.Finding f : candidates) {
                if (f.start() > cue && f.start() < connector) {
                    return f;
                }
            }
            // "chance that after a gap up the day closes red": the connector's own object is the condition,
            // what follows it is the outcome
            List<Lexicon.Finding> afterConnector = candidates.stream().filter(f -> f.start() > connector).toList();
            if (connector != Integer.MAX_VALUE && afterConnector.size() >= 2) {
                return afterConnector.get(afterConnector.size() - 1);
            }
            boolean connectorFirst = found.stream().anyMatch(f -> (f.kind().equals("connector")
                    || f.kind().equals("after")) && f.start() < cue);
            return connectorFirst ? candidates.get(candidates.size() - 1) : candidates.get(0);
        }

        private static String outcomeText(Lexicon.Finding f) {
            return switch (f.kind()) {
                case "color" -> "is_" + f.value() + " = 1";
                case "dir" -> f.value().equals("up") ? "change_pct > 0" : "change_pct < 0";
                case "gap" -> f.value().equals("up") ? "gap > 0" : "gap < 0";
                default -> f.value();
            };
        }

        private Integer offset() {
            if (first("later") != null) {
                return Integer.parseInt(first("later"));
            }
            if (first("offsets") != null && !first("offsets").contains(",")) {
                return Integer.parseInt(first("offsets"));
            }
            return null;
        }

        private int sideCount() {
            if (has("vs") || orIsSeparator()) {
                return 2;
            }
            if (all("when").size() >= 2 || all("session").size() >= 2) {
                return 2;
            }
            long freeMetrics = all("metric").stream().map(Lexicon.Finding::value).distinct().count();
            return freeMetrics >= 2 ? 2 : 1;
        }

        private boolean orIsSeparator() {
            for (Lexicon.Finding or : all("or")) {
                if (has("op", "compare")) {
                    return true;
                }
                Lexicon.Finding before = null;
                Lexicon.Finding after = null;
                for (Lexicon.Finding f : found) {
                    if (f.end() <= or.start()) {
                        before = f;
                    } else if (f.start() >= or.end() && after == null) {
                        after = f;
                    }
                }
                if (before != null && after != null && before.kind().equals(after.kind())
                        && (before.kind().equals("when") || before.kind().equals("session")
                        || has("agg") && Set.of("gap", "event", "weekday", "month", "color", "dir")
                        .contains(before.kind()))) {
                    return true;
                }
            }
            return false;
        }

        /** Fills common (shared by every atom) and sides (one list per atom) from the findings. */
        private void splitSides(String operation, List<Lexicon.Finding> ignored, List<Lexicon.Finding> common,
                                List<List<Lexicon.Finding>> sides) {
            List<Lexicon.Finding> usable = found.stream().filter(f -> !ignored.contains(f)).toList();
            if (operation.equals("correlation")) {
                common.addAll(usable.stream().filter(f -> !f.kind().equals("metric")).toList());
                return;
            }
            List<Integer> separators = new ArrayList<>();
            for (Lexicon.Finding f : usable) {
                if (f.kind().equals("vs") || f.kind().equals("or") && orIsSeparator()) {
                    separators.add(f.start());
                }
            }
            if (!separators.isEmpty()) {
                int segments = separators.size() + 1;
                List<List<Lexicon.Finding>> bySegment = new ArrayList<>();
                for (int i = 0; i < segments; i++) {
                    bySegment.add(new ArrayList<>());
                }
                for (Lexicon.Finding f : usable) {
                    int segment = 0;
                    for (int s : separators) {
                        if (f.start() > s) {
                            segment++;
                        }
                    }
                    bySegment.get(segment).add(f);
                }
                if (colon >= 0 && colon < separators.get(0)) {
                    List<Lexicon.Finding> first = new ArrayList<>();
                    for (Lexicon.Finding f : bySegment.get(0)) {
                        if (f.start() > colon && SIDE_KINDS.contains(f.kind())) {
                            first.add(f);
                        } else {
                            common.add(f);
                        }
                    }
                    sides.add(first);
                    for (int i = 1; i < segments; i++) {
                        List<Lexicon.Finding> side = new ArrayList<>();
                        for (Lexicon.Finding f : bySegment.get(i)) {
                            (SIDE_KINDS.contains(f.kind()) ? side : common).add(f);
                        }
                        sides.add(side);
                    }
                    return;
                }
                Set<String> perSide = new LinkedHashSet<>();
                for (String kind : SIDE_KINDS) {
                    int segmentsWithKind = 0;
                    for (List<Lexicon.Finding> seg : bySegment) {
                        if (seg.stream().anyMatch(f -> family(f).equals(family(kind)))) {
                            segmentsWithKind++;
                        }
                    }
                    if (segmentsWithKind >= 2) {
                        perSide.add(family(kind));
                    }
                }
                boolean complement = usable.stream().anyMatch(f -> f.kind().equals("complement"));
                for (int i = 0; i < segments; i++) {
                    List<Lexicon.Finding> side = new ArrayList<>();
                    boolean complementSide = bySegment.get(i).stream().anyMatch(f -> f.kind().equals("complement"));
                    for (Lexicon.Finding f : bySegment.get(i)) {
                        boolean negatable = complement && i == 0 && NEGATABLE.contains(f.kind());
                        if (SIDE_KINDS.contains(f.kind()) && (perSide.contains(family(f)) || negatable)) {
                            side.add(f);
                        } else if (!f.kind().equals("complement")) {
                            common.add(f);
                        }
                    }
                    if (complementSide && i > 0) {
                        side.addAll(negations(bySegment.get(0).stream()
                                .filter(f -> NEGATABLE.contains(f.kind())).toList()));
                    }
                    sides.add(side);
                }
                return;
            }
            String splitKind = null;
            if (all("when").size() >= 2) {
                splitKind = "when";
            } else if (all("session").size() >= 2) {
                splitKind = "session";
            } else if (all("metric").stream().map(Lexicon.Finding::value).distinct().count() >= 2) {
                splitKind = "metric";
            } else if (operation.equals("compare")) {
                for (String kind : List.of("weekday", "month", "event", "pattern", "gap", "color", "dir", "cond")) {
                    if (all(kind).size() >= 2) {
                        splitKind = kind;
                        break;
                    }
                }
            }
            if (splitKind != null) {
                for (Lexicon.Finding f : usable) {
                    if (f.kind().equals(splitKind)) {
                        sides.add(new ArrayList<>(List.of(f)));
                    } else {
                        common.add(f);
                    }
                }
                return;
            }
            if (operation.equals("compare") && has("complement")) {
                List<Lexicon.Finding> negatable = usable.stream().filter(f -> NEGATABLE.contains(f.kind())).toList();
                if (!negatable.isEmpty()) {
                    for (Lexicon.Finding f : usable) {
                        if (!negatable.contains(f) && !f.kind().equals("complement")) {
                            common.add(f);
                        }
                    }
                    sides.add(new ArrayList<>(negatable));
                    sides.add(negations(negatable));
                    return;
                }
            }
            common.addAll(usable);
        }

        private static String family(Lexicon.Finding f) {
            return family(f.kind());
        }

        private static String family(String kind) {
            return switch (kind) {
                case "cond", "color", "dir" -> "cond";
                default -> kind;
            };
        }

        private static List<Lexicon.Finding> negations(List<Lexicon.Finding> findings) {
            List<Lexicon.Finding> out = new ArrayList<>();
            for (Lexicon.Finding f : findings) {
                String cond = switch (f.kind()) {
                    case "event", "pattern" -> "is_" + f.value() + " = 0";
                    case "weekday" -> "weekday != " + (FilterText.WEEKDAYS.indexOf(f.value()) + 1);
                    case "color" -> "is_" + f.value() + " = 0";
                    case "gap" -> f.value().equals("up") ? "gap <= 0" : "gap >= 0";
                    default -> null;
                };
                if (cond != null) {
                    out.add(new Lexicon.Finding("cond", cond, f.start(), f.end(), f.seq()));
                }
            }
            return out;
        }

        private Atom atom(List<Lexicon.Finding> common, List<Lexicon.Finding> side, String what, String timeframe,
                          List<Lexicon.Finding> ignored) {
            List<Lexicon.Finding> all = new ArrayList<>(common);
            all.addAll(side);
            all.sort(Comparator.comparingInt(Lexicon.Finding::start).thenComparingInt(Lexicon.Finding::seq));
            String when = "all";
            String session = null;
            List<Plan.Condition> conditions = new ArrayList<>();
            List<String> patterns = new ArrayList<>();
            List<String> events = new ArrayList<>();
            List<String> weekdays = new ArrayList<>();
            List<String> months = new ArrayList<>();
            String gap = null;
            Plan.Consecutive consecutive = null;
            Plan.TimeWindow time = null;
            String tf = timeframe;
            for (Lexicon.Finding f : all) {
                if (ignored.contains(f)) {
                    continue;
                }
                switch (f.kind()) {
                    case "when" -> when = f.value();
                    case "session" -> session = f.value();
                    case "cond" -> addCondition(conditions, FilterText.parseCondition(f.value()));
                    case "color" -> addCondition(conditions, new Plan.Condition("is_" + f.value(), "=", 1));
                    case "dir" -> addCondition(conditions, new Plan.Condition("change_pct",
                            f.value().equals("up") ? ">" : "<", 0));
                    case "pattern" -> addOnce(patterns, f.value());
                    case "event" -> addOnce(events, f.value());
                    case "weekday" -> addOnce(weekdays, f.value());
                    case "month" -> addOnce(months, f.value());
                    case "gap" -> gap = f.value();
                    case "consec" -> {
                        String[] parts = f.value().split(" ");
                        consecutive = new Plan.Consecutive(parts[0], Integer.parseInt(parts[2]),
                                parts[1].equals("=") ? "exactly" : null);
                    }
                    case "time" -> {
                        String[] parts = f.value().split("-");
                        time = new Plan.TimeWindow(parts[0], parts[1]);
                    }
                    case "tf" -> tf = f.value();
                    default -> {
                    }
                }
            }
            FilterText.Filters filters = new FilterText.Filters(session, conditions, patterns, events, weekdays,
                    months, gap, consecutive, time);
            return new Atom(when, what, FilterText.format(filters), tf);
        }

        private static void addCondition(List<Plan.Condition> conditions, Plan.Condition c) {
            if (!conditions.contains(c)) {
                conditions.add(c);
            }
        }

        private static void addOnce(List<String> list, String value) {
            if (!list.contains(value)) {
                list.add(value);
            }
        }

        /** Gap questions use RTH unless a session is named (docs: Sessions rule 2). */
        private void gapSession(List<Atom> atoms) {
            boolean gapQuestion = false;
            for (Atom a : atoms) {
                FilterText.Filters f = FilterText.parse(a.filter());
                gapQuestion |= a.what().startsWith("gap") || f.gap() != null
                        || f.conditions().stream().anyMatch(c -> c.metric().startsWith("gap"));
            }
            if (!gapQuestion || has("session")) {
                return;
            }
            for (int i = 0; i < atoms.size(); i++) {
                Atom a = atoms.get(i);
                FilterText.Filters f = FilterText.parse(a.filter());
                if (f.session() == null) {
                    FilterText.Filters withSession = new FilterText.Filters("RTH", f.conditions(), f.patterns(),
                            f.events(), f.weekdays(), f.months(), f.gap(), f.consecutive(), f.time());
                    atoms.set(i, new Atom(a.when(), a.what(), FilterText.format(withSession), a.timeframe()));
                }
            }
        }

        /** Sessions rule 3: the range and the daily extreme's time depend on the session. */
        private boolean sessionMatters(String operation, List<Atom> atoms) {
            if (has("session")) {
                return false;
            }
            for (Atom a : atoms) {
                FilterText.Filters f = FilterText.parse(a.filter());
                if (f.session() != null || f.time() != null || isOneDay(a.when())) {
                    continue;
                }
                boolean rangeMetric = a.what().equals("range") || a.what().equals("range_pct");
                boolean rangeOperation = Set.of("aggregate", "distribution", "list", "top_n", "group", "compare",
                        "correlation").contains(operation);
                if (operation.equals("formation") || rangeMetric && rangeOperation) {
                    return true;
                }
            }
            return false;
        }

        private static boolean isOneDay(String when) {
            return when.matches("\\d{4}-\\d{2}-\\d{2}") || when.equals("today") || when.equals("yesterday");
        }

        private String goal(String operation, boolean ranking, List<Atom> atoms) {
            return switch (operation) {
                case "list" -> ranking ? "find extreme days" : "find days";
                case "top_n" -> "find extreme days";
                case "count" -> atoms.get(0).filter().isEmpty() || atoms.get(0).filter().startsWith("event")
                        ? "check calendar" : "count days";
                case "aggregate", "distribution" -> "measure typical value";
                case "group", "compare" -> "compare groups";
                case "formation" -> "time of the daily extreme";
                case "correlation" -> "check relationship";
                default -> "check pattern";
            };
        }

        private static Reading outOfScope(String what) {
            String kind = what.contains(":") ? what.substring(0, what.indexOf(':')) : what;
            String name = what.contains(":") ? what.substring(what.indexOf(':') + 1).toUpperCase(Locale.ROOT) : "";
            return switch (kind) {
                case "realtime" -> new Reading(null, List.of(), "Barb answers from the loaded NQ history and has "
                        + "no live prices", List.of("the latest trading day in the data",
                        "how NQ moved over the last days"), null);
                case "prediction" -> new Reading(null, List.of(), "Barb does not predict prices; it describes "
                        + "what happened in the history", List.of("how often NQ rose after similar days (probability)",
                        "what NQ did in the days after similar events"), null);
                case "signal" -> new Reading(null, List.of(), "Barb does not give trading advice or buy/sell "
                        + "signals", List.of("the historical probability of a green day after similar conditions",
                        "what NQ did after similar days"), null);
                case "indicator" -> new Reading(null, List.of(), "Barb has no " + name + " data; it computes "
                        + "range, change, gap, volume, candle patterns and calendar events from NQ prices",
                        List.of("days whose range was more than 1.5 times the 20-day average",
                                "streaks of green or red days", "candle patterns such as inside days or NR7"), null);
                case "levels" -> new Reading(null, List.of(), "Barb has no support or resistance levels",
                        List.of("breakouts above the 20-day high or below the 20-day low",
                                "higher highs and lower lows"), null);
                case "news" -> new Reading(null, List.of(), "Barb has no news or earnings data",
                        List.of("days of scheduled events: FOMC, CPI, NFP, opex"), null);
                case "options" -> new Reading(null, List.of(), "Barb has no options data",
                        List.of("monthly options expiration (opex) and quad witching days"), null);
                default -> new Reading(null, List.of(), "Barb only has NQ (Nasdaq-100 futures) data, not " + name,
                        List.of("the same question for NQ"), null);
            };
        }
    }
}
