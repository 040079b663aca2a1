package barb.agents;

import barb.core.Plan;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;

/**
 * Recognises the supported data questions in English text (natural phrasing or the controlled English of
 * {@link QuestionSpec#expandedQuery()}). Every word must be accounted for: recognised phrases are consumed
 * and what is left may only be filler. A word the rules do not know means the question is not recognised,
 * so Barb says it cannot answer instead of answering a different question.
 */
final class QuestionRecognizer {
    private static final Set<String> FILLER = words(
            "what", "is", "are", "was", "were", "be", "been", "the", "a", "an", "of", "in", "on", "for", "during",
            "over", "at", "to", "by", "with", "within", "there", "did", "does", "do", "has", "have", "had", "me",
            "show", "list", "give", "find", "get", "tell", "please", "nq", "nasdaq", "futures", "future", "day",
            "days", "daily", "trading", "session", "sessions", "data", "history", "historical", "it", "its", "i",
            "you", "can", "could", "would", "want", "know", "see", "like", "let", "us", "so", "just", "where",
            "when", "that", "which", "sorted", "and", "all", "each", "per", "dates", "date", "those", "these",
            "hey", "pls", "about", "did", "market", "times");
    private static final Set<String> FORMATION_WORDS = words(
            "set", "made", "make", "formed", "form", "forms", "forming", "occur", "occurs", "occurred", "happen",
            "happens", "happened", "reached", "reach", "printed", "print", "usually", "typically", "normally",
            "most", "often", "mostly", "likely", "distribution");
    private static final Set<String> DOWN_VERBS = words("fell", "fall", "falls", "dropped", "drop", "declined",
            "lost", "sank", "down", "decreased");
    private static final Set<String> UP_VERBS = words("rose", "rise", "rises", "gained", "gain", "rallied", "up",
            "climbed", "increased");
    private static final Set<String> AGGREGATE_WORDS = words("average", "avg", "mean", "typical", "typically",
            "usually", "usual", "normally", "median", "max", "maximum", "min", "minimum", "std");
    private static final Set<String> TOP_DESC = words("biggest", "largest", "highest", "widest", "best",
            "greatest", "strongest");
    private static final Set<String> TOP_ASC = words("smallest", "lowest", "narrowest", "quietest", "calmest",
            "worst", "weakest");
    private static final Set<String> RANGE_WORDS = words("range", "ranges", "volatility", "volatile");
    private static final Set<String> CHANGE_WORDS = words("change", "changes", "change_pct", "return", "returns");
    private static final Set<String> GAP_WORDS = words("gap", "gaps");
    private static final Set<String> DROP_NOUNS = words("drops", "declines", "losses", "selloffs", "decliners");
    private static final Set<String> GAIN_NOUNS = words("gains", "rallies", "advances");
    private static final Set<String> METRIC_NAMES = words("range", "change_pct", "gap", "is_green");
    private static final Set<String> OPERATORS = words("<", "<=", ">", ">=", "=", "!=");

    /** Every word the rules understand: the typo corrector maps misspellings onto these. */
    static final Set<String> VOCABULARY = vocabulary();

    private QuestionRecognizer() {
    }

    /** A set from a word list that may repeat a word. */
    private static Set<String> words(String... words) {
        return Set.copyOf(java.util.Arrays.asList(words));
    }

    static Optional<QuestionSpec> recognize(String english) {
        List<String> raw = TextNormalizer.tokens(TextNormalizer.normalize(english));
        List<String> corrected = new ArrayList<>(raw.size());
        for (String token : raw) {
            corrected.add(TextNormalizer.correct(token, VOCABULARY));
        }
        try {
            return Optional.ofNullable(new Parse(new Tokens(corrected)).run());
        } catch (NotRecognized e) {
            return Optional.empty();
        }
    }

    /** True when the text mentions anything about market data (used to tell data questions from small talk). */
    static boolean mentionsMarketData(String english) {
        Set<String> domain = words("nq", "nasdaq", "range", "ranges", "volatility", "volatile", "gap", "gaps",
                "day", "days", "session", "sessions", "rth", "eth", "high", "low", "open", "close", "closed",
                "volume", "price", "prices", "average", "mean", "median", "count", "top", "green", "red", "fell",
                "drop", "drops", "rose", "trading", "candle", "candles", "pattern", "patterns", "week", "weekday",
                "month", "quarter", "year", "change", "return", "returns", "percent", "%", "points", "futures", "market",
                "probability", "correlation", "streak", "fomc", "opex", "cpi", "nfp", "hour", "buy", "sell",
                "tomorrow", "today", "forecast", "predict", "many");
        for (String token : TextNormalizer.tokens(TextNormalizer.normalize(english))) {
            String t = TextNormalizer.correct(token, domain);
            if (domain.contains(t) || t.matches("(19|20)\\d\\d")) {
                return true;
            }
        }
        return false;
    }

    private static Set<String> vocabulary() {
        Set<String> v = new HashSet<>(FILLER);
        v.addAll(FORMATION_WORDS);
        v.addAll(DOWN_VERBS);
        v.addAll(UP_VERBS);
        v.addAll(AGGREGATE_WORDS);
        v.addAll(TOP_DESC);
        v.addAll(TOP_ASC);
        v.addAll(RANGE_WORDS);
        v.addAll(CHANGE_WORDS);
        v.addAll(GAP_WORDS);
        v.addAll(DROP_NOUNS);
        v.addAll(GAIN_NOUNS);
        v.addAll(METRIC_NAMES);
        v.addAll(words("how", "many", "often", "number", "count", "total", "green", "red", "gapped", "closed",
                "close", "high", "low", "hour", "time", "weekday", "weekdays", "week", "month", "months", "quarter",
                "quarters", "year",
                "years", "this", "last", "from", "through", "until", "between", "rth", "eth", "regular", "hours",
                "cash", "whole", "full", "entire", "extended", "electronic", "globex", "more", "than", "above",
                "below", "under", "greater", "less", "least", "percent", "points", "point", "pts", "ascending",
                "descending", "asc", "desc", "standard", "deviation", "ever", "time", "history", "ups", "downs",
                "overall", "days"));
        return Set.copyOf(v);
    }

    private static final class NotRecognized extends RuntimeException {
        NotRecognized() {
            super(null, null, false, false);
        }
    }

    private static NotRecognized reject() {
        return new NotRecognized();
    }

    /** The question's words; recognised phrases are removed as they are understood. */
    private static final class Tokens {
        private final List<String> list;

        Tokens(List<String> list) {
            this.list = new ArrayList<>(list);
        }

        int find(String... phrase) {
            outer:
            for (int i = 0; i + phrase.length <= list.size(); i++) {
                for (int j = 0; j < phrase.length; j++) {
                    if (!list.get(i + j).equals(phrase[j])) {
                        continue outer;
                    }
                }
                return i;
            }
            return -1;
        }

        boolean take(String... phrase) {
            int i = find(phrase);
            if (i < 0) {
                return false;
            }
            removeRange(i, phrase.length);
            return true;
        }

        /** Removes every occurrence; true when there was one. */
        boolean takeAll(String... phrase) {
            boolean any = false;
            while (take(phrase)) {
                any = true;
            }
            return any;
        }

        String takeAnyOf(Set<String> words) {
            for (int i = 0; i < list.size(); i++) {
                if (words.contains(list.get(i))) {
                    return list.remove(i);
                }
            }
            return null;
        }

        boolean contains(String word) {
            return list.contains(word);
        }

        int indexOfAny(Set<String> words) {
            for (int i = 0; i < list.size(); i++) {
                if (words.contains(list.get(i))) {
                    return i;
                }
            }
            return -1;
        }

        String at(int i) {
            return i >= 0 && i < list.size() ? list.get(i) : null;
        }

        void removeRange(int from, int count) {
            for (int k = 0; k < count; k++) {
                list.remove(from);
            }
        }

        List<String> remaining() {
            return list;
        }
    }

    /** A comparison like "more than 2 %": how many tokens it used, its operator and value and unit. */
    private record Threshold(int length, String op, double value, String unit) {
    }

    private static final class Parse {
        private final Tokens tk;
        private final List<Plan.Condition> filters = new ArrayList<>();

        Parse(Tokens tk) {
            this.tk = tk;
        }

        QuestionSpec run() {
            takeExplicitConditions();
            String when = takePeriod();
            String session = takeSession();
            takeGapConditions();
            takeColourConditions();
            String explicitSort = takeExplicitSort();

            String extreme = extremeWord();
            boolean timeWord = tk.find("hour") >= 0 || tk.find("time") >= 0 || tk.find("when") >= 0;
            if (extreme != null && timeWord) {
                return formation(when, session, extreme);
            }
            String groupBy = takeGroupBy();
            boolean count = tk.take("total", "number", "of") | tk.take("how", "many", "times")
                    | tk.take("how", "many") | tk.take("number", "of")
                    | tk.take("count") | tk.take("how", "often");
            TopWord top = takeTopWord();
            takeMoveConditions();
            takeRangeThreshold();
            String aggregate = takeAggregate();
            String metric = takeMetric(top);

            QuestionSpec spec;
            if (groupBy != null) {
                if (metric == null || count || top != null) {
                    throw reject();
                }
                spec = new QuestionSpec("group", metric, aggregate == null ? "mean" : aggregate, groupBy, filters,
                        null, null, session, when, null);
            } else if (count) {
                if (metric != null || aggregate != null || top != null || filters.isEmpty() && !mentionsDays()) {
                    throw reject();
                }
                spec = new QuestionSpec("count", null, null, null, filters, null, null, session, when, null);
            } else if (top != null) {
                if (aggregate != null) {
                    throw reject();
                }
                String m = metric != null ? metric : top.impliedMetric();
                if (m == null) {
                    throw reject();
                }
                String sort = explicitSort != null ? explicitSort : top.sort();
                spec = new QuestionSpec("list", m, null, null, filters, sort, top.limit(), session, when, null);
            } else if (aggregate != null) {
                if (metric == null) {
                    throw reject();
                }
                spec = new QuestionSpec("aggregate", metric, aggregate, null, filters, null, null, session, when,
                        null);
            } else if (!filters.isEmpty() && mentionsDays()) {
                String m = metric != null ? metric : metricOfFilters();
                String sort = explicitSort != null ? explicitSort : sortOfFilters();
                spec = new QuestionSpec("list", m, null, null, filters, sort, null, session, when, null);
            } else if (tk.find("trading", "days") >= 0 && metric == null && filters.isEmpty()) {
                spec = new QuestionSpec("count", null, null, null, filters, null, null, session, when, null);
            } else {
                throw reject();
            }
            requireOnlyFiller();
            return spec;
        }

        private QuestionSpec formation(String when, String session, String extreme) {
            tk.takeAll(extreme);
            tk.takeAll("time", "of", "day");
            tk.takeAll("hour");
            tk.takeAll("time");
            for (String w : FORMATION_WORDS) {
                tk.takeAll(w);
            }
            requireOnlyFiller();
            return new QuestionSpec("formation", null, null, null, filters, null, null, session, when, extreme);
        }

        private String extremeWord() {
            boolean high = tk.contains("high");
            boolean low = tk.contains("low");
            if (high && low) {
                throw reject();
            }
            return high ? "high" : low ? "low" : null;
        }

        private boolean mentionsDays() {
            return tk.contains("days") || tk.contains("day") || tk.contains("sessions");
        }

        private void requireOnlyFiller() {
            for (String t : tk.remaining()) {
                if (!FILLER.contains(t)) {
                    throw reject();
                }
            }
        }

        private void takeExplicitConditions() {
            List<String> list = tk.remaining();
            for (int i = 0; i + 2 < list.size(); ) {
                String metric = list.get(i);
                if (METRIC_NAMES.contains(metric) && OPERATORS.contains(list.get(i + 1))
                        && TextNormalizer.isNumber(list.get(i + 2))) {
                    filters.add(new Plan.Condition(metric, list.get(i + 1), Double.parseDouble(list.get(i + 2))));
                    tk.removeRange(i, 3);
                } else {
                    i++;
                }
            }
            if (tk.indexOfAny(OPERATORS) >= 0) {
                throw reject();
            }
        }

        private String takePeriod() {
            List<Integer> years = new ArrayList<>();
            List<String> list = tk.remaining();
            for (int i = 0; i < list.size(); i++) {
                if (list.get(i).matches("(19|20)\\d\\d")) {
                    years.add(i);
                }
            }
            if (years.size() > 2) {
                throw reject();
            }
            if (years.size() == 2) {
                int a = years.get(0);
                int b = years.get(1);
                String between = b - a == 2 ? list.get(a + 1) : null;
                boolean range = words("to", "through", "until", "and").contains(between);
                int y1 = Integer.parseInt(list.get(a));
                int y2 = Integer.parseInt(list.get(b));
                if (!range || y1 >= y2) {
                    throw reject();
                }
                tk.removeRange(a, 3);
                tk.take("from");
                tk.take("between");
                return y1 + ".." + y2;
            }
            if (years.size() == 1) {
                return list.remove((int) years.get(0));
            }
            if (tk.take("this", "year")) {
                return "this year";
            }
            if (tk.take("last", "year")) {
                return "last year";
            }
            if (tk.take("all", "time") | tk.take("all", "data") | tk.take("all", "history") | tk.take("ever")
                    | tk.take("overall")) {
                return "all";
            }
            return "all";
        }

        private String takeSession() {
            boolean rth = false;
            boolean eth = false;
            for (String[] p : List.of(new String[]{"regular", "trading", "hours"}, new String[]{"regular", "hours"},
                    new String[]{"regular", "session"}, new String[]{"cash", "session"}, new String[]{"rth"})) {
                rth |= tk.takeAll(p);
            }
            for (String[] p : List.of(new String[]{"whole", "trading", "day"}, new String[]{"full", "trading", "day"},
                    new String[]{"entire", "trading", "day"}, new String[]{"whole", "day"},
                    new String[]{"full", "day"}, new String[]{"entire", "day"}, new String[]{"whole", "session"},
                    new String[]{"full", "session"}, new String[]{"extended", "hours"},
                    new String[]{"electronic", "trading", "hours"}, new String[]{"globex"}, new String[]{"eth"})) {
                eth |= tk.takeAll(p);
            }
            if (rth && eth) {
                throw reject();
            }
            return rth ? "RTH" : eth ? "ETH" : null;
        }

        private void takeGapConditions() {
            boolean up = false;
            boolean down = false;
            for (String g : List.of("gap", "gapped", "gaps")) {
                up |= tk.takeAll(g, "up") | tk.takeAll("up", g);
                down |= tk.takeAll(g, "down") | tk.takeAll("down", g);
            }
            up |= tk.takeAll("gap", "ups");
            down |= tk.takeAll("gap", "downs");
            if (up && down) {
                throw reject();
            }
            if (up) {
                filters.add(new Plan.Condition("gap", ">", 0));
            }
            if (down) {
                filters.add(new Plan.Condition("gap", "<", 0));
            }
        }

        private void takeColourConditions() {
            boolean green = tk.takeAll("closed", "green") | tk.takeAll("close", "green") | tk.takeAll("green");
            boolean red = tk.takeAll("closed", "red") | tk.takeAll("close", "red") | tk.takeAll("red");
            if (green && red) {
                throw reject();
            }
            if (green) {
                filters.add(new Plan.Condition("is_green", "=", 1));
            }
            if (red) {
                filters.add(new Plan.Condition("is_green", "=", 0));
            }
        }

        private String takeExplicitSort() {
            String sort = null;
            for (String w : List.of("descending", "desc")) {
                if (tk.takeAll(w)) {
                    sort = "desc";
                }
            }
            for (String w : List.of("ascending", "asc")) {
                if (tk.takeAll(w)) {
                    if ("desc".equals(sort)) {
                        throw reject();
                    }
                    sort = "asc";
                }
            }
            return sort;
        }

        private String takeGroupBy() {
            String by = null;
            for (String[] p : List.of(new String[]{"by", "day", "of", "the", "week"}, new String[]{"by", "day", "of", "week"},
                    new String[]{"by", "weekday"}, new String[]{"by", "weekdays"}, new String[]{"per", "weekday"},
                    new String[]{"each", "weekday"}, new String[]{"day", "of", "the", "week"},
                    new String[]{"day", "of", "week"})) {
                if (tk.take(p)) {
                    by = "weekday";
                    break;
                }
            }
            for (String unit : List.of("month", "quarter", "year")) {
                for (String[] p : List.of(new String[]{"by", unit}, new String[]{"by", unit + "s"},
                        new String[]{"per", unit}, new String[]{"each", unit}, new String[]{"for", "each", unit})) {
                    if (tk.take(p)) {
                        if (by != null) {
                            throw reject();
                        }
                        by = unit;
                        break;
                    }
                }
            }
            return by;
        }

        /** A top-N word and what it implies; the number next to it (or 10) is the limit. */
        private record TopWord(String sort, Integer limit, String impliedMetric) {
        }

        private TopWord takeTopWord() {
            String sort = null;
            String implied = null;
            int position = -1;
            if ((position = tk.find("most", "volatile")) >= 0) {
                tk.removeRange(position, 2);
                sort = "desc";
                implied = "range";
            } else if ((position = tk.find("least", "volatile")) >= 0) {
                tk.removeRange(position, 2);
                sort = "asc";
                implied = "range";
            }
            // "top" only says a list is wanted; the other words also say which end of it
            boolean topWord = false;
            int wordPosition = -1;
            String word = null;
            int at;
            while ((at = tk.find("top")) >= 0) {
                topWord = true;
                wordPosition = at;
                tk.removeRange(at, 1);
                if (position > at) {
                    position--;
                }
            }
            String wordSort = null;
            while ((at = Math.max(tk.indexOfAny(TOP_DESC), tk.indexOfAny(TOP_ASC))) >= 0) {
                String w = tk.at(at);
                String s = TOP_DESC.contains(w) ? "desc" : "asc";
                if (wordSort != null && !wordSort.equals(s)) {
                    throw reject();
                }
                wordSort = s;
                word = w;
                if (!topWord) {
                    wordPosition = at;
                }
                tk.removeRange(at, 1);
                if (position > at) {
                    position--;
                }
            }
            if (wordSort != null) {
                if (sort != null && !sort.equals(wordSort)) {
                    throw reject();
                }
                sort = wordSort;
            } else if (topWord && sort == null) {
                sort = "desc";
            }
            if (sort == null) {
                return null;
            }
            int dropAt = tk.indexOfAny(DROP_NOUNS);
            int gainAt = tk.indexOfAny(GAIN_NOUNS);
            if (dropAt >= 0 && gainAt >= 0) {
                throw reject();
            }
            if (dropAt >= 0) {
                tk.takeAnyOf(DROP_NOUNS);
                implied = "change_pct";
                sort = "asc";
            } else if (gainAt >= 0) {
                tk.takeAnyOf(GAIN_NOUNS);
                implied = "change_pct";
                sort = "desc";
            } else if ("best".equals(word) || "strongest".equals(word)) {
                implied = "change_pct";
            } else if ("worst".equals(word) || "weakest".equals(word)) {
                implied = "change_pct";
            }
            Integer limit = takeLimit(wordPosition, position);
            return new TopWord(sort, limit, implied);
        }

        /**
         * The number right after or right before a top word ("top 5", "5 most volatile"), else 10.
         * Positions are where the removed words were, so the token there is the one that followed.
         */
        private Integer takeLimit(int wordPosition, int phrasePosition) {
            for (int i : new int[]{wordPosition, wordPosition - 1, phrasePosition, phrasePosition - 1}) {
                if (i < 0) {
                    continue;
                }
                String t = tk.at(i);
                if (t != null && t.matches("\\d{1,3}")) {
                    int n = Integer.parseInt(t);
                    if (n < 1 || n > 500) {
                        throw reject();
                    }
                    tk.removeRange(i, 1);
                    return n;
                }
            }
            return 10;
        }

        /** "fell more than 2 %", "rose at least 1.5 percent", or a bare "fell" (any down day). */
        private void takeMoveConditions() {
            for (int i = 0; i < tk.remaining().size(); i++) {
                String word = tk.at(i);
                boolean down = DOWN_VERBS.contains(word);
                boolean up = UP_VERBS.contains(word);
                if (!down && !up) {
                    continue;
                }
                if (i > 0 && ("closed".equals(tk.at(i - 1)) || "close".equals(tk.at(i - 1)))) {
                    tk.removeRange(i - 1, 1);
                    i--;
                }
                Threshold th = threshold(i + 1);
                if (th == null) {
                    tk.removeRange(i, 1);
                    filters.add(new Plan.Condition("change_pct", down ? "<" : ">", 0));
                    return;
                }
                if (!"%".equals(th.unit()) || th.value() <= 0 || th.op().startsWith("<")) {
                    throw reject();
                }
                tk.removeRange(i, 1 + th.length());
                String op = down ? th.op().replace('>', '<') : th.op();
                filters.add(new Plan.Condition("change_pct", op, down ? -th.value() : th.value()));
                return;
            }
        }

        /** "range above 300 points", "range of more than 250". */
        private void takeRangeThreshold() {
            int i = tk.find("range");
            if (i < 0) {
                return;
            }
            int start = "of".equals(tk.at(i + 1)) ? i + 2 : i + 1;
            Threshold th = threshold(start);
            if (th == null) {
                return;
            }
            if ("%".equals(th.unit())) {
                throw reject();
            }
            tk.removeRange(i, start - i + th.length());
            filters.add(new Plan.Condition("range", th.op(), th.value()));
        }

        private Threshold threshold(int at) {
            String[][] more = {{"by", "more", "than"}, {"more", "than"}, {"greater", "than"}, {"by", "over"},
                    {"over"}, {"above"}};
            String[][] atLeast = {{"by", "at", "least"}, {"at", "least"}};
            String[][] less = {{"by", "less", "than"}, {"less", "than"}, {"under"}, {"below"}};
            for (String[] p : more) {
                Threshold t = thresholdAfter(at, p, ">");
                if (t != null) {
                    return t;
                }
            }
            for (String[] p : atLeast) {
                Threshold t = thresholdAfter(at, p, ">=");
                if (t != null) {
                    return t;
                }
            }
            for (String[] p : less) {
                Threshold t = thresholdAfter(at, p, "<");
                if (t != null) {
                    return t;
                }
            }
            // "dropped 2 % or more"
            String n = tk.at(at);
            if (n != null && TextNormalizer.isNumber(n)) {
                int len = 1;
                String unit = unitAt(at + 1);
                if (unit != null) {
                    len += unitLength(at + 1);
                }
                if ("or".equals(tk.at(at + len)) && "more".equals(tk.at(at + len + 1))) {
                    return new Threshold(len + 2, ">=", Double.parseDouble(n), unit);
                }
            }
            return null;
        }

        private Threshold thresholdAfter(int at, String[] phrase, String op) {
            for (int j = 0; j < phrase.length; j++) {
                if (!phrase[j].equals(tk.at(at + j))) {
                    return null;
                }
            }
            String n = tk.at(at + phrase.length);
            if (n == null || !TextNormalizer.isNumber(n)) {
                return null;
            }
            int unitAt = at + phrase.length + 1;
            String unit = unitAt(unitAt);
            int length = phrase.length + 1 + (unit == null ? 0 : unitLength(unitAt));
            return new Threshold(length, op, Double.parseDouble(n), unit);
        }

        private String unitAt(int i) {
            String t = tk.at(i);
            if ("%".equals(t) || "percent".equals(t)) {
                return "%";
            }
            if ("points".equals(t) || "point".equals(t) || "pts".equals(t)) {
                return "points";
            }
            return null;
        }

        private int unitLength(int i) {
            return unitAt(i) == null ? 0 : 1;
        }

        private String takeAggregate() {
            String found = null;
            if (tk.takeAll("standard", "deviation")) {
                found = "std";
            }
            String w;
            while ((w = tk.takeAnyOf(AGGREGATE_WORDS)) != null) {
                String agg = switch (w) {
                    case "median" -> "median";
                    case "max", "maximum" -> "max";
                    case "min", "minimum" -> "min";
                    case "std" -> "std";
                    default -> "mean";
                };
                if (found != null && !found.equals(agg)) {
                    throw reject();
                }
                found = agg;
            }
            return found;
        }

        private String takeMetric(TopWord top) {
            String metric = null;
            String w;
            while ((w = tk.takeAnyOf(RANGE_WORDS)) != null) {
                metric = same(metric, "range");
            }
            while ((w = tk.takeAnyOf(CHANGE_WORDS)) != null) {
                metric = same(metric, "change_pct");
            }
            while ((w = tk.takeAnyOf(GAP_WORDS)) != null) {
                metric = same(metric, "gap");
            }
            return metric;
        }

        private static String same(String current, String metric) {
            if (current != null && !current.equals(metric)) {
                throw reject();
            }
            return metric;
        }

        private String metricOfFilters() {
            for (Plan.Condition c : filters) {
                if (!"is_green".equals(c.metric())) {
                    return c.metric();
                }
            }
            return "change_pct";
        }

        private String sortOfFilters() {
            Plan.Condition c = filters.get(0);
            if ("is_green".equals(c.metric())) {
                return c.value() == 1 ? "desc" : "asc";
            }
            return c.op().startsWith("<") ? "asc" : "desc";
        }
    }
}
