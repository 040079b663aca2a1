package barb.core;

import java.time.Duration;
import java.util.concurrent.ThreadLocalRandom;

/**
 * Barb's one retry timing, shared by the stage workers (a failed handler), the trace-sink (a failed batch write)
 * and the Gemini client (a failed call): the wait after the n-th failed attempt is base·2^(n−1), never more than
 * max, with "equal jitter" — somewhere in the upper half of that — so processes that failed together do not retry
 * together but still wait. What is retried at all stays with each caller (FailureClassifier, HTTP statuses).
 */
public record Backoff(Duration base, Duration max) {
    /** Between failed polls of a consumer (e.g. fenced from its group): soon at first, at most every 5 s. */
    public static final Backoff POLL = new Backoff(Duration.ofMillis(100), Duration.ofSeconds(5));
    public Backoff {
        if (base == null || max == null || base.isNegative() || max.compareTo(base) < 0) {
            throw new IllegalArgumentException("backoff must be 0 <= base <= max, got base " + base + " max " + max);
        }
    }

    /** The wait after {@code failedAttempt} (1-based) failed, jittered by a random draw. */
    public Duration after(int failedAttempt) {
        return after(failedAttempt, ThreadLocalRandom.current().nextDouble());
    }

    /** @param jitter a draw in [0, 1): 0 waits half the exponential delay, 1 all of it */
    public Duration after(int failedAttempt, double jitter) {
        long baseMs = base.toMillis();
        long maxMs = max.toMillis();
        int doublings = Math.min(Math.max(failedAttempt - 1, 0), 30);
        long exponential = Math.min(maxMs, baseMs << doublings);
        long half = exponential / 2;
        return Duration.ofMillis(half + Math.round(Math.min(Math.max(jitter, 0), 1) * (exponential - half)));
    }
}
