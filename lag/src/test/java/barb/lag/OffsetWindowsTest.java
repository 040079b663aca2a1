package barb.lag;

import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Set;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class OffsetWindowsTest {
    private static final PartitionKey P0 = new PartitionKey("g", "t", 0);
    private static final PartitionKey P1 = new PartitionKey("g", "t", 1);

    @Test
    void theFirstReadingIsAlwaysASample() {
        OffsetWindows w = new OffsetWindows(5);
        assertThat(w.observe(P0, 10, 3, false, 1_000)).containsExactly(new OffsetSample(10, 3, 1_000));
    }

    @Test
    void aMovedOffsetIsACommitEvenWithoutAnOwner() {
        OffsetWindows w = new OffsetWindows(5);
        w.observe(P0, 10, 3, false, 1_000);
        assertThat(w.observe(P0, 12, 4, false, 2_000)).extracting(OffsetSample::offset).containsExactly(10L, 12L);
    }

    @Test
    void anOwnedPartitionWhoseOffsetDidNotMoveStillGetsASample() {
        OffsetWindows w = new OffsetWindows(5);
        w.observe(P0, 10, 3, true, 1_000);
        List<OffsetSample> window = w.observe(P0, 10, 5, true, 2_000);
        assertThat(window).containsExactly(new OffsetSample(10, 3, 1_000), new OffsetSample(10, 5, 2_000));
        assertThat(LagStatusEvaluator.partitionStatus(window, 5, 2_000)).isEqualTo(LagStatus.STALL);
    }

    @Test
    void anUnownedPartitionWhoseOffsetDidNotMoveKeepsItsLastCommitTime() {
        OffsetWindows w = new OffsetWindows(5);
        w.observe(P0, 10, 3, true, 1_000);
        w.observe(P0, 11, 3, true, 2_000);
        List<OffsetSample> window = w.observe(P0, 11, 9, false, 5_000);
        assertThat(window).extracting(OffsetSample::timestampMs).containsExactly(1_000L, 2_000L);
        assertThat(LagStatusEvaluator.partitionStatus(window, 9, 5_000)).isEqualTo(LagStatus.STOP);
    }

    @Test
    void theWindowKeepsOnlyTheNewestSamples() {
        OffsetWindows w = new OffsetWindows(3);
        for (int i = 0; i < 6; i++) {
            w.observe(P0, i, 1, true, i * 1_000L);
        }
        assertThat(w.observe(P0, 6, 1, true, 6_000)).extracting(OffsetSample::offset).containsExactly(4L, 5L, 6L);
    }

    @Test
    void aNegativeLagIsStoredAsZero() {
        OffsetWindows w = new OffsetWindows(3);
        assertThat(w.observe(P0, 10, -2, true, 0).getFirst().lag()).isZero();
    }

    @Test
    void partitionsHaveWindowsOfTheirOwnAndForgottenOnesStartAfresh() {
        OffsetWindows w = new OffsetWindows(3);
        w.observe(P0, 10, 1, true, 0);
        w.observe(P1, 50, 1, true, 0);
        w.retainOnly(Set.of(P1));
        assertThat(w.observe(P0, 10, 1, true, 1_000)).hasSize(1);
        assertThat(w.observe(P1, 50, 1, true, 1_000)).hasSize(2);
    }

    @Test
    void aWindowNeedsTwoSamples() {
        assertThatThrownBy(() -> new OffsetWindows(1)).isInstanceOf(IllegalArgumentException.class);
    }
}
