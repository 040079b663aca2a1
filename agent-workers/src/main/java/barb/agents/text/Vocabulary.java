package barb.agents.text;

import org.apache.lucene.util.automaton.Automata;
import org.apache.lucene.util.automaton.Automaton;
import org.apache.lucene.util.automaton.CharacterRunAutomaton;
import org.apache.lucene.util.automaton.LevenshteinAutomata;
import org.apache.lucene.util.automaton.Operations;

import java.util.ArrayList;
import java.util.Collection;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The words a reader knows, matched the way people type them. A known entry is a whole word ("average") or a
 * word start that takes any ending ("волатильност" of "волатильность", "волатильностью"). An unknown token is
 * read as a known word when it has the same Snowball stem ("averaged" → "average") or is a typo of exactly one
 * known word: one edit (insert, delete, substitute, swap of neighbours) for 4 letters and more, two when the token
 * has 6 letters or more and the known word 8 or more, found with Lucene's Levenshtein automata. Shorter tokens are
 * never corrected: too many words are that close.
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

    private final Set<String> words;
    private final List<String> starts;
    private final Map<String, String> byStem = new HashMap<>();
    private final List<Entry> entries = new ArrayList<>();
    private final Map<String, Optional<Match>> cache = new ConcurrentHashMap<>();

    /** One entry with the automaton that accepts its typos (a word start: followed by any ending). */
    private record Entry(String text, boolean start, CharacterRunAutomaton oneEdit, CharacterRunAutomaton twoEdits) {
    }

    /**
     * @param words  whole words
     * @param starts word starts that take any ending
     */
    public Vocabulary(Collection<String> words, Collection<String> starts) {
        this.words = Set.copyOf(words);
        this.starts = List.copyOf(new TreeSet<>(starts));
        for (String w : new TreeSet<>(words)) {
            byStem.putIfAbsent(WordForms.stem(w), w);
        }
        for (String w : this.words) {
            if (w.length() >= MIN_TYPO_LENGTH) {
                entries.add(entry(w, false));
            }
        }
        for (String s : this.starts) {
            if (s.length() >= MIN_TYPO_LENGTH) {
                entries.add(entry(s, true));
            }
        }
    }

    private static Entry entry(String text, boolean start) {
        return new Entry(text, start, automaton(text, 1, start), text.length() >= 8 ? automaton(text, 2, start) : null);
    }

    private static CharacterRunAutomaton automaton(String text, int edits, boolean start) {
        Automaton a = new LevenshteinAutomata(text, true).toAutomaton(edits);
        if (start) {
            a = Operations.concatenate(a, Automata.makeAnyString());
        }
        return new CharacterRunAutomaton(Operations.determinize(a, Operations.DEFAULT_DETERMINIZE_WORK_LIMIT));
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
        if (knows(token)) {
            return Optional.of(new Match(token, Kind.KNOWN));
        }
        return cache.computeIfAbsent(token, this::lookUp);
    }

    private Optional<Match> lookUp(String token) {
        if (token.isEmpty() || !Character.isLetter(token.charAt(0))) {
            return Optional.empty();
        }
        String sameStem = byStem.get(WordForms.stem(token));
        if (sameStem != null) {
            return Optional.of(new Match(sameStem, Kind.STEM));
        }
        if (token.length() < MIN_TYPO_LENGTH) {
            return Optional.empty();
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

    /** The one entry the token is a typo of at one (or two) edits, {@link #AMBIGUOUS}, or null when none is. */
    private Match typo(String token, boolean twoEdits) {
        Entry found = null;
        for (Entry e : entries) {
            CharacterRunAutomaton a = twoEdits ? e.twoEdits() : e.oneEdit();
            if (a == null || (!e.start() && Math.abs(e.text().length() - token.length()) > (twoEdits ? 2 : 1))) {
                continue;
            }
            if (a.run(token)) {
                if (found != null && !sameWord(found, e)) {
                    return AMBIGUOUS;
                }
                if (found == null || (!e.start() && found.start())) {
                    found = e;
                }
            }
        }
        return found == null ? null : new Match(found.text(), Kind.TYPO);
    }

    /** A word and a word start that stands for the same word ("volatility", "volatil") are one reading. */
    private static boolean sameWord(Entry a, Entry b) {
        return a.text().startsWith(b.text()) || b.text().startsWith(a.text());
    }
}
