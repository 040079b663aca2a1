package barb.launcher;

/**
 * Spaces calls evenly at most {@code perSecond} a second (0: no limit), so a big replay enters the pipeline at a
 * pace live users' requests still fit beside. Evenly spaced rather than in bursts: a burst of hundreds of
 * requests would sit in front of every live request in the stage topics' partitions.
 */
final class RatePacer {
    interface Clock {
        long nanoTime();

        void sleepNanos(long nanos) throws InterruptedException;
    }

    static final Clock SYSTEM = new Clock() {
        @Override
        public long nanoTime() {
            return System.nanoTime();
        }

        @Override
        public void sleepNanos(long nanos) throws InterruptedException {
            Thread.sleep(nanos / 1_000_000, (int) (nanos % 1_000_000));
        }
    };

    private final long intervalNanos;
    private final Clock clock;
    private long next;
    private boolean started;

    RatePacer(double perSecond, Clock clock) {
        if (perSecond < 0) {
            throw new IllegalArgumentException("rate must be 0 (no limit) or more, got " + perSecond);
        }
        this.intervalNanos = perSecond == 0 ? 0 : Math.round(1e9 / perSecond);
        this.clock = clock;
    }

    /** Waits until the next call is due; the first call never waits. */
    void awaitTurn() throws InterruptedException {
        long now = clock.nanoTime();
        if (!started) {
            started = true;
            next = now + intervalNanos;
            return;
        }
        if (next > now) {
            clock.sleepNanos(next - now);
            now = next;
        }
        // A caller that fell behind (a slow send) does not earn a burst to catch up.
        next = Math.max(next, now) + intervalNanos;
    }
}
