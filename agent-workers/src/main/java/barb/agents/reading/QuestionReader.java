package barb.agents.reading;

import barb.agents.periods.PeriodPhrases;
import barb.agents.steps.FilterText;
import barb.agents.text.TextNormalizer;
import barb.core.Plan;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.util.ArrayList;
import java.util.BitSet;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Reads a trader's question (English or Russian, typos and slang included) into one parsed step, following
 * docs/understanding.md. Deterministic: the {@link Lexicon} rules find what the question names (metrics,
 * sessions, periods, filters, operations), every other word must be filler, and what is left decides the step.
 * A word it does not know is never dropped: it becomes a clarification ("term:&lt;word&gt;"), and things Barb has
 * no data for (indicators, other instruments, news, live prices, predictions, signals) an out-of-scope answer.
 */
public final class QuestionReader {
    private static final Logger LOG = LoggerFactory.getLogger(QuestionReader.class);
    private static final Pattern WHERE = Pattern.compile("(?<![\\p{L}])where (.+?)(?=\\s*(?<!\\d):(?!\\d)\\s?|\\s+vs\\s|$)");
    private static final Pattern TOKEN = Pattern.compile("[^\\s,:()]+");

    private QuestionReader() {
    }

    /** Reads any text; never throws. */
    public static Reading read(String question) {
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
    public static List<Lexicon.Finding> findings(String question) {
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
}
