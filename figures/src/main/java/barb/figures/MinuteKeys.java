package barb.figures;

/**
 * The keys of the figures' output topic and global store: {@code <minute>|<figure>}, the minute's start as
 * zero-padded epoch milliseconds, so the keys sort by minute (the store's range queries and its pruning rely on
 * that) and the figure names (see {@link FigureKeys}) follow.
 */
final class MinuteKeys {
    private static final char SEPARATOR = '|';
    private static final int DIGITS = 15;

    private MinuteKeys() {
    }

    static String of(long minuteMs, String figure) {
        if (minuteMs < 0) {
            throw new IllegalArgumentException("a minute before 1970: " + minuteMs);
        }
        return String.format("%0" + DIGITS + "d%c%s", minuteMs, SEPARATOR, figure);
    }

    /** The minute of a key; -1 for a key that is not one of these. */
    static long minuteOf(String key) {
        if (key == null || key.length() <= DIGITS || key.charAt(DIGITS) != SEPARATOR) {
            return -1;
        }
        try {
            return Long.parseLong(key.substring(0, DIGITS));
        } catch (NumberFormatException e) {
            return -1;
        }
    }

    /** The figure of a key made by {@link #of}. */
    static String figureOf(String key) {
        return key.substring(DIGITS + 1);
    }
}
