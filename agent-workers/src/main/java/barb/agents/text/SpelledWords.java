package barb.agents.text;

import org.apache.lucene.analysis.hunspell.Dictionary;
import org.apache.lucene.analysis.hunspell.Hunspell;
import org.apache.lucene.store.ByteBuffersDirectory;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;

/**
 * Whether a token is a correctly spelled English or Russian word, by the Hunspell dictionaries shipped in
 * {@code resources/hunspell} (their README says where they come from) and Lucene's Hunspell spell checker.
 *
 * <p>Why: a word the reader does not know may be a typo of one it knows ("rnage" → "range"), or a real word that is
 * merely one letter away from one ("hunch" is not "lunch", "poss" not "loss"). Only the first is corrected.
 *
 * <p>Each dictionary is loaded once per process (about a second each on a 2-core machine, 8 MB of heap for both), by
 * {@link #load()} or the first time a word of its script is asked about; a check then takes a few microseconds, and
 * a {@link Hunspell} is safe to share between threads.
 */
public final class SpelledWords {
    private SpelledWords() {
    }

    /** True when the lower-case token is a word of English (Latin letters) or Russian (Cyrillic letters). */
    public static boolean isWord(String token) {
        if (token == null || token.isEmpty() || token.length() > 40) {
            return false;
        }
        if (token.codePoints().allMatch(c -> c >= 'a' && c <= 'z' || c == '\'')) {
            return English.CHECKER.spell(token);
        }
        if (token.codePoints().allMatch(c -> Character.UnicodeScript.of(c) == Character.UnicodeScript.CYRILLIC)) {
            return Russian.CHECKER.spell(token.replace('ё', 'е')) || Russian.CHECKER.spell(token);
        }
        return false;
    }

    /** Loads both dictionaries now (a worker does it when its handlers are built); later calls do nothing. */
    public static void load() {
        isWord("a");
        isWord("а");
    }

    private static final class English {
        static final Hunspell CHECKER = load("en_US");
    }

    private static final class Russian {
        static final Hunspell CHECKER = load("ru_RU");
    }

    private static Hunspell load(String name) {
        String base = "/hunspell/" + name;
        try (InputStream affix = SpelledWords.class.getResourceAsStream(base + ".aff");
             InputStream words = SpelledWords.class.getResourceAsStream(base + ".dic")) {
            if (affix == null || words == null) {
                throw new IllegalStateException("the spelling dictionary " + base + " is missing from the jar");
            }
            return new Hunspell(new Dictionary(new ByteBuffersDirectory(), name, affix, words));
        } catch (IOException | java.text.ParseException e) {
            throw new UncheckedIOException(new IOException("cannot read the spelling dictionary " + base, e));
        }
    }
}
