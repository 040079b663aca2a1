package barb.agents.text;

import org.apache.lucene.analysis.CharArraySet;
import org.apache.lucene.analysis.WordlistLoader;
import org.apache.lucene.analysis.snowball.SnowballFilter;
import org.apache.lucene.util.IOUtils;
import org.tartarus.snowball.SnowballStemmer;
import org.tartarus.snowball.ext.EnglishStemmer;
import org.tartarus.snowball.ext.RussianStemmer;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;

/**
 * Word forms of English and Russian, from Lucene's analysis modules: the Snowball stem of a word ("averages",
 * "averaged" → "averag"; "волатильностью" → "волатильн") and the Snowball stop-word lists (words that carry no
 * meaning of their own in a question: "the", "which", "который"). A word written in Cyrillic is Russian.
 */
public final class WordForms {
    private static final CharArraySet STOP_WORDS = stopWords();
    // Snowball stemmers keep state between calls: one per thread
    private static final ThreadLocal<SnowballStemmer> ENGLISH = ThreadLocal.withInitial(EnglishStemmer::new);
    private static final ThreadLocal<SnowballStemmer> RUSSIAN = ThreadLocal.withInitial(RussianStemmer::new);

    private WordForms() {
    }

    /** The Snowball stem of a lower-case word; the word itself when it has no letters. */
    public static String stem(String word) {
        if (word.isEmpty() || !Character.isLetter(word.charAt(0))) {
            return word;
        }
        SnowballStemmer stemmer = isCyrillic(word) ? RUSSIAN.get() : ENGLISH.get();
        stemmer.setCurrent(word);
        stemmer.stem();
        return stemmer.getCurrent();
    }

    /** True for a lower-case English or Russian stop word. */
    public static boolean isStopWord(String word) {
        return STOP_WORDS.contains(word);
    }

    public static boolean isCyrillic(String word) {
        for (int i = 0; i < word.length(); i++) {
            if (Character.UnicodeScript.of(word.charAt(i)) == Character.UnicodeScript.CYRILLIC) {
                return true;
            }
        }
        return false;
    }

    private static CharArraySet stopWords() {
        CharArraySet set = new CharArraySet(400, false);
        for (String list : new String[]{"english_stop.txt", "russian_stop.txt"}) {
            try (InputStream in = SnowballFilter.class.getResourceAsStream(list)) {
                if (in == null) {
                    throw new IllegalStateException("Lucene's " + list + " is missing from the classpath");
                }
                set.addAll(WordlistLoader.getSnowballWordSet(IOUtils.getDecodingReader(in, StandardCharsets.UTF_8)));
            } catch (IOException e) {
                throw new UncheckedIOException("cannot read Lucene's " + list, e);
            }
        }
        // the lists spell ё as е only partly; the reader has already folded ё to е
        return CharArraySet.unmodifiableSet(set);
    }
}
