package barb.agents.text;

import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * A small number for each word met in texts, the same for every pattern, so that what a {@link FirstCharacters}
 * learnt about a word is found at an index instead of by a look-up per pattern. Only the first {@link #CAPACITY}
 * words of at most {@link #LONGEST} characters get a number: the memory stays bounded whatever people type, and a
 * word without a number is simply tried each time.
 */
public final class WordNumbers {
    public static final int CAPACITY = 1 << 14;
    static final int LONGEST = 32;
    private static final Map<String, Integer> NUMBERS = new ConcurrentHashMap<>();
    private static final AtomicInteger NEXT = new AtomicInteger();

    private WordNumbers() {
    }

    /** The word's number, or -1 when it has none. */
    public static int of(String word) {
        Integer known = NUMBERS.get(word);
        if (known != null) {
            return known;
        }
        if (word.isEmpty() || word.length() > LONGEST || NEXT.get() >= CAPACITY) {
            return -1;
        }
        Integer given = NUMBERS.computeIfAbsent(word, w -> {
            int n = NEXT.getAndIncrement();
            return n < CAPACITY ? n : null;
        });
        return given == null ? -1 : given;
    }
}
