package barb.agents.text;

import org.apache.lucene.util.automaton.CharacterRunAutomaton;
import org.apache.lucene.util.automaton.LevenshteinAutomata;

import java.util.Collection;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Predicate;

/**
 * The words a reader knows, matched the way people type them. A known entry is a whole word ("average") or a
 * word start that takes any ending ("волатильност" of "волатильность", "волатильностью"). An unknown token is
 * read as a known word when it has the same Snowball stem ("averaged" → "average") or is a typo of exactly one
 * known word: one edit (insert, delete, substitute, swap of neighbours) for 4 letters and more (6 for a word
 * start), two when the token has 6 letters or more and the known word 8 or more, found with Lucene's Levenshtein
 * automata. Shorter tokens are never corrected: too many words are that close. A token that begins with a short
 * start but is one edit from one whole word is that word ("weekdy" → "weekday").
 */
public final class Vocabulary {
    /** How a token was recognised. */
    public enum Kind { KNOWN, STEM, TYPO }

    /**
     * @param word the known word (for a word start, the token with its start corrected)
     * @param kind how it was recognised
     */
    public record Match(String word, Kind kind) {
    }

    private static final int MIN_TYPO_LENGTH = 4;
    /**
     * A word start must be this long to be matched with a typo: a short start takes any ending, so one edit in
     * it matches unrelated words ("пробо" of "пробой" would read "побольше" and "продолжается").
     */
    private static final int MIN_TYPO_START_LENGTH = 6;
    /** A known word (or word start) must be this long to be two edits away from a token. */
    private static final int MIN_TWO_EDIT_LENGTH = 8;

    private final Set<String> words;
    private final Predicate<String> realWord;
    private final List<String> starts;
    private final Map<String, String> byStem = new HashMap<>();
    private final Map<String, Optional<Match>> cache = new ConcurrentHashMap<>();
    private static final int MAX_CACHED = 100_000;

    /**
     * @param words  whole words
     * @param starts word starts that take any ending
     */
    public Vocabulary(Collection<String> words, Collection<String> starts) {
        this(words, starts, token -> false);
    }

    /**
     * @param words    whole words
     * @param starts   word starts that take any ending
     * @param realWord whether a token is a correctly spelled word of its language: such a token is never read as a
     *                 typo of another word ("hunch" is not "lunch"), only as another form of one
     */
    public Vocabulary(Collection<String> words, Collection<String> starts, Predicate<String> realWord) {
        this.realWord = realWord;
        this.words = Set.copyOf(words);
        this.starts = List.copyOf(new TreeSet<>(starts));
        for (String w : new TreeSet<>(words)) {
            byStem.putIfAbsent(WordForms.stem(w), w);
        }
    }

    /** True when the token is a known word or starts with a known word start. */
    public boolean knows(String token) {
        if (words.contains(token)) {
            return true;
        }
        for (String s : starts) {
            if (token.startsWith(s)) {
                return true;
            }
        }
        return false;
    }

    /** How the token reads: a known word, or empty when it is none of the known words in any form. */
    public Optional<Match> match(String token) {
        // every token a worker ever read would be cached otherwise: a long-running worker starts over instead
        if (cache.size() > MAX_CACHED) {
            cache.clear();
        }
        if (words.contains(token)) {
            return Optional.of(new Match(token, Kind.KNOWN));
        }
        int start = longestStart(token);
        if (start > 0) {
            return start > MAX_SHORT_START || token.length() < MIN_TYPO_START_LENGTH
                    ? Optional.of(new Match(token, Kind.KNOWN))
                    : cache.computeIfAbsent(token, this::shortStartOrTypo);
        }
        return cache.computeIfAbsent(token, this::lookUp);
    }

    /** A start this short says little of the word: "week" begins "weekly" and also the typo "weekdy". */
    private static final int MAX_SHORT_START = 5;

    /** The length of the longest known start the token begins with, 0 when none. */
    private int longestStart(String token) {
        int longest = 0;
        for (String s : starts) {
            if (token.startsWith(s)) {
                longest = Math.max(longest, s.length());
            }
        }
        return longest;
    }

    /**
     * A token that begins with a short known start but is one edit from exactly one known whole word is that word
     * ("weekdy" → "weekday", not a form of "week…"); otherwise it is known by its start.
     */
    private Optional<Match> shortStartOrTypo(String token) {
        String found = null;
        CharacterRunAutomaton oneEdit = automaton(token, 1);
        for (String w : words) {
            if (w.length() < MIN_TYPO_START_LENGTH || Math.abs(w.length() - token.length()) > 1 || !oneEdit.run(w)) {
                continue;
            }
            if (found != null && !sameWord(found, w)) {
                return Optional.of(new Match(token, Kind.KNOWN));
            }
            found = found == null ? w : found;
        }
        return Optional.of(found == null ? new Match(token, Kind.KNOWN) : new Match(found, Kind.TYPO));
    }

    private Optional<Match> lookUp(String token) {
        if (token.isEmpty() || !Character.isLetter(token.charAt(0))) {
            return Optional.empty();
        }
        String sameStem = byStem.get(WordForms.stem(token));
        if (sameStem != null) {
            return Optional.of(new Match(sameStem, Kind.STEM));
        }
        if (token.length() < MIN_TYPO_LENGTH || realWord.test(token)) {
            return Optional.empty();
        }
        // "quad witchin", "gettin": the g people drop, before any typo ("witchin" is also one edit from "within")
        if (token.endsWith("in") && words.contains(token + "g")) {
            return Optional.of(new Match(token + "g", Kind.STEM));
        }
        Match found = typos(token);
        return found == null || found == AMBIGUOUS ? Optional.empty() : Optional.of(found);
    }

    /** A match, {@link #AMBIGUOUS} when several words are as close, or null when none is. */
    private Match typos(String token) {
        Match one = typo(token, false);
        if (one != null || token.length() < 6) {
            return one;
        }
        return typo(token, true);
    }

    /** Stands for "several words are this close": no correction, and no other try either. */
    private static final Match AMBIGUOUS = new Match("", Kind.TYPO);

    /**
     * The one known word the token is a typo of at one (or two) edits, {@link #AMBIGUOUS}, or null when none is.
     * The automata are built from the token (and its starts, for word starts: a start is a typo when some start of
     * the token is within the edits of it), only for tokens no rule read, so nothing is built at start-up.
     */
    private Match typo(String token, boolean twoEdits) {
        int edits = twoEdits ? 2 : 1;
        String found = null;
        boolean foundStart = false;
        CharacterRunAutomaton whole = automaton(token, edits);
        for (String w : words) {
            if (w.length() < (twoEdits ? MIN_TWO_EDIT_LENGTH : MIN_TYPO_LENGTH)
                    || Math.abs(w.length() - token.length()) > edits || !whole.run(w)) {
                continue;
            }
            if (found != null && !sameWord(found, w)) {
                return AMBIGUOUS;
            }
            if (found == null || foundStart) {
                found = w;
                foundStart = false;
            }
        }
        Map<Integer, CharacterRunAutomaton> byPrefix = new HashMap<>();
        for (String s : starts) {
            if (s.length() < (twoEdits ? MIN_TWO_EDIT_LENGTH : MIN_TYPO_START_LENGTH) || !startsWithTypoOf(token, s, edits,
                    byPrefix)) {
                continue;
            }
            if (found != null && !sameWord(found, s)) {
                return AMBIGUOUS;
            }
            if (found == null) {
                found = s;
                foundStart = true;
            }
        }
        return found == null ? null : new Match(found, Kind.TYPO);
    }

    /** True when some start of the token is within the edits of the word start. */
    private static boolean startsWithTypoOf(String token, String start, int edits,
                                            Map<Integer, CharacterRunAutomaton> byPrefix) {
        int from = Math.max(1, start.length() - edits);
        int to = Math.min(token.length(), start.length() + edits);
        for (int k = from; k <= to; k++) {
            int length = k;
            if (byPrefix.computeIfAbsent(length, l -> automaton(token.substring(0, l), edits)).run(start)) {
                return true;
            }
        }
        return false;
    }

    private static CharacterRunAutomaton automaton(String text, int edits) {
        return new CharacterRunAutomaton(new LevenshteinAutomata(text, true).toAutomaton(edits));
    }

    /** A word and a word start that stands for the same word ("volatility", "volatil") are one reading. */
    private static boolean sameWord(String a, String b) {
        return a.startsWith(b) || b.startsWith(a);
    }
}
