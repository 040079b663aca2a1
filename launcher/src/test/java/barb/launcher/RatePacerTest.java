package barb.launcher;

import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class RatePacerTest {
    /** A clock that only moves when someone sleeps, or when the test moves it. */
    static final class FakeClock implements RatePacer.Clock {
        long now;
        final List<Long> sleeps = new ArrayList<>();

        @Override
        public long nanoTime() {
            return now;
        }

        @Override
        public void sleepNanos(long nanos) {
            sleeps.add(nanos);
            now += nanos;
        }
    }

    @Test
    void callsAreSpacedEvenly() throws InterruptedException {
        FakeClock clock = new FakeClock();
        RatePacer pacer = new RatePacer(4, clock);
        for (int i = 0; i < 5; i++) {
            pacer.awaitTurn();
        }
        assertThat(clock.sleeps).containsExactly(250_000_000L, 250_000_000L, 250_000_000L, 250_000_000L);
    }

    @Test
    void aSlowCallerEarnsNoBurst() throws InterruptedException {
        FakeClock clock = new FakeClock();
        RatePacer pacer = new RatePacer(10, clock);
        pacer.awaitTurn();
        clock.now += 1_000_000_000L;
        pacer.awaitTurn();
        pacer.awaitTurn();
        assertThat(clock.sleeps).containsExactly(100_000_000L);
    }

    @Test
    void zeroMeansNoLimitAndNegativeIsRefused() throws InterruptedException {
        FakeClock clock = new FakeClock();
        RatePacer pacer = new RatePacer(0, clock);
        for (int i = 0; i < 100; i++) {
            pacer.awaitTurn();
        }
        assertThat(clock.sleeps).isEmpty();
        assertThatThrownBy(() -> new RatePacer(-1, clock)).isInstanceOf(IllegalArgumentException.class);
    }
}
