package barb.agents.reading;

import barb.agents.periods.PeriodPhrases;
import barb.agents.text.SpelledWords;
import barb.agents.text.Vocabulary;

import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The words the reader's rules know, learnt from the rules themselves: every literal word of the lexicon's and
 * the period phrases' regular expressions ("days?" gives "day" and "days"; "волатильност\p{L}*" the word start
 * "волатильност"). Built once; a new rule's words are matched with typos and other word
 * forms without a list to keep in step by hand.
 */
final class LexiconWords {
    /** Escapes and group openers whose letters are not words: \p{L}, \d, (?:, (?<name>, {1,3}. */
    private static final Pattern NOT_WORDS = Pattern.compile(
            "\\\\[pP]\\{[^}]*}|\\\\[a-zA-Z]|\\(\\?<[a-zA-Z]\\w*>|\\(\\?[:=!<]*|\\{\\d+(?:,\\d*)?}");
    private static final Pattern LETTERS = Pattern.compile("\\p{L}+");
    private static final int MIN_START = 3;
    /**
     * An alternative of a group that takes any ending is a word start from this length: a shorter one ("дик" of
     * "самый (дик|бешен)\\p{L}*") would make every word it begins known and so never corrected ("дикабре").
     */
    private static final int MIN_GROUP_START = 5;

    /** The vocabulary of every rule the reader applies. */
    static final Vocabulary VOCABULARY = build();

    private LexiconWords() {
    }

    private static Vocabulary build() {
        List<String> sources = new ArrayList<>();
        Lexicon.EARLY.forEach(r -> sources.add(r.pattern().pattern()));
        Lexicon.RULES.forEach(r -> sources.add(r.pattern().pattern()));
        sources.addAll(PeriodPhrases.patternSources());
        // filler words are never a correction's target: "trend" is not a typo of "tend"
        Set<String> words = new LinkedHashSet<>();
        Set<String> starts = new LinkedHashSet<>();
        for (String source : sources) {
            collect(source, words, starts);
        }
        return new Vocabulary(words, starts, SpelledWords::isWord);
    }

    /** The literal words and word starts of one regular expression. */
    static void collect(String regex, Set<String> words, Set<String> starts) {
        // blank out what is not a word, keeping positions so a word's next characters can be read
        StringBuilder text = new StringBuilder(regex);
        Matcher skip = NOT_WORDS.matcher(regex);
        while (skip.find()) {
            String found = skip.group();
            boolean anyEnding = found.startsWith("\\p{L}") || found.startsWith("\\P{L}");
            for (int i = skip.start(); i < skip.end(); i++) {
                text.setCharAt(i, anyEnding && i == skip.start() ? '\u0001' : ' ');
            }
        }
        Matcher m = LETTERS.matcher(text);
        while (m.find()) {
            String word = m.group();
            int after = m.end();
            char next = after < text.length() ? text.charAt(after) : ' ';
            char afterNext = after + 1 < text.length() ? text.charAt(after + 1) : ' ';
            if (next == '\u0001') {
                // "волатильност\p{L}*": any ending
                if (word.length() >= MIN_START) {
                    starts.add(word);
                }
            } else if (next == '[') {
                // "раст[её]т": a word with a choice inside; its start is all that is certain
                if (word.length() >= MIN_START) {
                    starts.add(word);
                }
            } else if (next == '?' && afterNext != ':') {
                // "days?": the last letter is optional
                words.add(word);
                if (word.length() > 1) {
                    words.add(word.substring(0, word.length() - 1));
                }
            } else if ((next == '|' || next == ')') && word.length() >= MIN_GROUP_START
                    && groupTakesAnyEnding(text, after)) {
                // "(?:пробива|пробил)\p{L}*": every alternative of the group takes any ending
                starts.add(word);
            } else {
                words.add(word);
            }
        }
    }

    /** True when the group the position is in closes with "\p{L}*" after it. */
    private static boolean groupTakesAnyEnding(CharSequence text, int from) {
        int depth = 0;
        for (int i = from; i < text.length(); i++) {
            char c = text.charAt(i);
            if (c == '(') {
                depth++;
            } else if (c == ')') {
                if (depth == 0) {
                    return i + 1 < text.length() && text.charAt(i + 1) == '\u0001';
                }
                depth--;
            }
        }
        return false;
    }
}
