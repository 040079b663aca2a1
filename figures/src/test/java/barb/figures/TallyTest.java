package barb.figures;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class TallyTest {
    @Test
    void percentilesAreNearestRankOverTheCountedDurations() {
        Tally t = Tally.EMPTY;
        for (long ms = 1; ms <= 200; ms++) {
            t = t.timed(ms);
        }
        assertThat(t.count()).isEqualTo(200);
        assertThat(t.percentileMs(50)).isEqualTo(100);
        assertThat(t.percentileMs(99)).isEqualTo(198);
        assertThat(t.percentileMs(100)).isEqualTo(200);
    }

    @Test
    void aTallyWithoutDurationsHasNoPercentile() {
        assertThat(Tally.EMPTY.counted().counted().count()).isEqualTo(2);
        assertThat(Tally.EMPTY.counted().percentileMs(50)).isNull();
    }

    @Test
    void talliesOfTheSameMinuteAddUp() {
        Tally a = Tally.EMPTY.timed(5).timed(7);
        Tally b = Tally.EMPTY.timed(7).counted();
        Tally sum = a.plus(b);
        assertThat(sum.count()).isEqualTo(4);
        assertThat(sum.durationsMs()).containsEntry(5L, 1L).containsEntry(7L, 2L);
    }

    @Test
    void durationsKeepThreeSignificantDigits() {
        assertThat(DurationBuckets.round(-3)).isZero();
        assertThat(DurationBuckets.round(999)).isEqualTo(999);
        assertThat(DurationBuckets.round(1_004)).isEqualTo(1_000);
        assertThat(DurationBuckets.round(1_005)).isEqualTo(1_010);
        assertThat(DurationBuckets.round(12_345)).isEqualTo(12_300);
        assertThat(DurationBuckets.round(123_456)).isEqualTo(123_000);
    }

    @Test
    void survivesTheStoresBytes() {
        Tally t = Tally.EMPTY.timed(1_234).timed(3).timed(3).counted();
        assertThat(TallySerde.fromBytes(TallySerde.toBytes(t))).isEqualTo(t);
        assertThat(TallySerde.fromBytes(TallySerde.toBytes(Tally.EMPTY))).isEqualTo(Tally.EMPTY);
    }

    @Test
    void aTallyAnOlderVersionWroteAsJsonIsStillRead() {
        Tally t = Tally.EMPTY.timed(1_234).timed(3);
        assertThat(TallySerde.fromBytes(barb.core.Json.toBytes(t))).isEqualTo(t);
    }

    @Test
    void aDamagedTallyIsAContractErrorNotACrash() {
        byte[] whole = TallySerde.toBytes(Tally.EMPTY.timed(5).timed(700));
        assertThatThrownBy(() -> TallySerde.fromBytes(java.util.Arrays.copyOf(whole, whole.length - 3)))
                .isInstanceOf(barb.core.ContractException.class);
        byte[] tooMany = whole.clone();
        tooMany[12] = 99;
        assertThatThrownBy(() -> TallySerde.fromBytes(tooMany)).isInstanceOf(barb.core.ContractException.class)
                .hasMessageContaining("do not fit");
        assertThatThrownBy(() -> TallySerde.fromBytes(new byte[] {7})).isInstanceOf(barb.core.ContractException.class)
                .hasMessageContaining("version");
    }
}
