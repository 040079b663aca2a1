package barb.core;

import org.junit.jupiter.api.Test;

import java.time.Duration;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class BackoffTest {
    private final Backoff backoff = new Backoff(Duration.ofMillis(200), Duration.ofSeconds(2));

    @Test
    void theWaitDoublesPerFailedAttemptUpToTheMaximum() {
        assertThat(backoff.after(1, 1.0)).isEqualTo(Duration.ofMillis(200));
        assertThat(backoff.after(2, 1.0)).isEqualTo(Duration.ofMillis(400));
        assertThat(backoff.after(3, 1.0)).isEqualTo(Duration.ofMillis(800));
        assertThat(backoff.after(5, 1.0)).isEqualTo(Duration.ofSeconds(2));
        assertThat(backoff.after(1_000, 1.0)).as("no overflow").isEqualTo(Duration.ofSeconds(2));
    }

    @Test
    void jitterKeepsAtLeastHalfTheWait() {
        assertThat(backoff.after(2, 0.0)).isEqualTo(Duration.ofMillis(200));
        assertThat(backoff.after(2, 0.5)).isEqualTo(Duration.ofMillis(300));
        for (int i = 0; i < 100; i++) {
            assertThat(backoff.after(3)).isBetween(Duration.ofMillis(400), Duration.ofMillis(800));
        }
    }

    @Test
    void aMaximumBelowTheBaseIsRefused() {
        assertThatThrownBy(() -> new Backoff(Duration.ofSeconds(1), Duration.ofMillis(10)))
                .isInstanceOf(IllegalArgumentException.class);
    }
}
