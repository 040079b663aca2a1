package barb.agents.text;

import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Whether a pattern can match a text that begins with a given character, learnt as characters are met: the pattern
 * is tried on the character alone, and only a failure that did not want more text ({@link Matcher#hitEnd()}) rules
 * the character out — then no text beginning with it can match, whatever follows. Lets a scanner skip most places
 * without running the pattern there. Characters from U+0500 on (beyond Latin and Cyrillic) are never ruled out.
 *
 * <p>The pattern is tried without its look-behinds and word boundaries: on one character alone they would see no
 * text before it and fail where the whole text could match. Without them the pattern matches wherever the whole
 * one does (and more), so what it rules out the whole pattern cannot match either.
 *
 * <p>The same holds for a whole word: the pattern tried on the word alone and failing before its end cannot match
 * any text that begins with that word. Most rules fail on most words, so a reader asks this before running a rule at
 * a word start; what was learnt is kept by the word's number ({@link WordNumbers}).
 */
public final class FirstCharacters {
    private static final int KEPT = 0x500;
    private static final byte MAY = 1;
    private static final byte NEVER = 2;

    private final Pattern pattern;
    /** 0 unknown, else MAY or NEVER; filled as characters are met (a race only computes the same answer twice). */
    private final byte[] known = new byte[KEPT];
    /** The same per word, at its {@link WordNumbers number}. */
    private final byte[] knownWords = new byte[WordNumbers.CAPACITY];

    public FirstCharacters(Pattern pattern) {
        this.pattern = Pattern.compile(withoutLookBehinds(pattern.pattern()), pattern.flags());
    }

    /** The regular expression with every look-behind group and every {@code \b}, {@code \B}, {@code \G} taken out. */
    static String withoutLookBehinds(String regex) {
        StringBuilder out = new StringBuilder(regex.length());
        int i = 0;
        while (i < regex.length()) {
            char c = regex.charAt(i);
            if (c == '\\' && i + 1 < regex.length()) {
                char escaped = regex.charAt(i + 1);
                if (escaped != 'b' && escaped != 'B' && escaped != 'G') {
                    out.append(c).append(escaped);
                }
                i += 2;
            } else if (c == '[') {
                int end = classEnd(regex, i);
                out.append(regex, i, end);
                i = end;
            } else if (regex.startsWith("(?<=", i) || regex.startsWith("(?<!", i)) {
                i = groupEnd(regex, i);
            } else {
                out.append(c);
                i++;
            }
        }
        return out.toString();
    }

    /** Just after the character class that opens at {@code i} (classes nest: [a-z&&[^q]]). */
    private static int classEnd(String regex, int i) {
        int depth = 0;
        while (i < regex.length()) {
            char c = regex.charAt(i);
            if (c == '\\') {
                i += 2;
                continue;
            }
            if (c == '[') {
                depth++;
            } else if (c == ']' && --depth == 0) {
                return i + 1;
            }
            i++;
        }
        throw new IllegalArgumentException("unclosed character class in " + regex);
    }

    /** Just after the group that opens at {@code i}. */
    private static int groupEnd(String regex, int i) {
        int depth = 0;
        while (i < regex.length()) {
            char c = regex.charAt(i);
            if (c == '\\') {
                i += 2;
                continue;
            }
            if (c == '[') {
                i = classEnd(regex, i);
                continue;
            }
            if (c == '(') {
                depth++;
            } else if (c == ')' && --depth == 0) {
                return i + 1;
            }
            i++;
        }
        throw new IllegalArgumentException("unclosed group in " + regex);
    }

    /** False only when no text beginning with {@code c} can match. */
    public boolean mayBeginWith(char c) {
        if (c >= KEPT) {
            return true;
        }
        byte answer = known[c];
        if (answer == 0) {
            answer = triedAlone(String.valueOf(c));
            known[c] = answer;
        }
        return answer == MAY;
    }

    /**
     * False only when no text beginning with {@code word} can match; {@code number} is the word's
     * {@link WordNumbers#of number} (-1: none, then only the first character is asked).
     */
    public boolean mayBeginWith(String word, int number) {
        if (word.isEmpty()) {
            return true;
        }
        if (!mayBeginWith(word.charAt(0))) {
            return false;
        }
        if (number < 0) {
            return true;
        }
        byte answer = knownWords[number];
        if (answer == 0) {
            answer = triedAlone(word);
            knownWords[number] = answer;
        }
        return answer == MAY;
    }

    private byte triedAlone(String text) {
        Matcher alone = pattern.matcher(text);
        return alone.lookingAt() || alone.hitEnd() ? MAY : NEVER;
    }
}
