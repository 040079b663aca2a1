package barb.figures;

/**
 * Rounds a duration to three significant digits (exact below 1 s, to 10 ms below 10 s, to 100 ms below 100 s, to
 * 1 s above), so a minute's histogram holds at most a few thousand distinct values however busy the minute is,
 * and a percentile read from it is within 1 % of the exact one.
 */
public final class DurationBuckets {
    private DurationBuckets() {
    }

    public static long round(long durationMs) {
        if (durationMs < 0) {
            return 0;
        }
        if (durationMs < 1_000) {
            return durationMs;
        }
        long step = durationMs < 10_000 ? 10 : durationMs < 100_000 ? 100 : 1_000;
        return (durationMs + step / 2) / step * step;
    }
}
