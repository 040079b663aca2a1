package barb.agents.text;

import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Whether a pattern can match a text that begins with a given character, learnt as characters are met: the pattern
 * is tried on the character alone, and only a failure that did not want more text ({@link Matcher#hitEnd()}) rules
 * the character out — then no text beginning with it can match, whatever follows. Lets a scanner skip most places
 * without running the pattern there. Characters from U+0500 on (beyond Latin and Cyrillic) are never ruled out.
 */
public final class FirstCharacters {
    private static final int KEPT = 0x500;
    private static final byte MAY = 1;
    private static final byte NEVER = 2;

    private final Pattern pattern;
    /** 0 unknown, else MAY or NEVER; filled as characters are met (a race only computes the same answer twice). */
    private final byte[] known = new byte[KEPT];

    public FirstCharacters(Pattern pattern) {
        this.pattern = pattern;
    }

    /** False only when no text beginning with {@code c} can match. */
    public boolean mayBeginWith(char c) {
        if (c >= KEPT) {
            return true;
        }
        byte answer = known[c];
        if (answer == 0) {
            Matcher alone = pattern.matcher(String.valueOf(c));
            answer = alone.lookingAt() || alone.hitEnd() ? MAY : NEVER;
            known[c] = answer;
        }
        return answer == MAY;
    }
}
