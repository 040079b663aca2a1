package barb.gemini;

import java.time.Duration;

/** Waits between attempts; tests pass one that records the wait instead of waiting. */
@FunctionalInterface
public interface Sleeper {
    void sleep(Duration duration) throws InterruptedException;

    static Sleeper real() {
        return duration -> Thread.sleep(duration.toMillis());
    }
}
