package barb.lag;

import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;

import static barb.lag.LagStatus.ERR;
import static barb.lag.LagStatus.OK;
import static barb.lag.LagStatus.REWIND;
import static barb.lag.LagStatus.STALL;
import static barb.lag.LagStatus.STOP;
import static barb.lag.LagStatus.WARN;
import static org.assertj.core.api.Assertions.assertThat;

/** Burrow's rules, one by one, and the order in which they apply. Samples are 10 s apart unless said otherwise. */
class LagStatusEvaluatorTest {

    /** Samples at 0, 10 s, 20 s … from pairs of (offset, lag). */
    private static List<OffsetSample> window(long... offsetLagPairs) {
        List<OffsetSample> out = new ArrayList<>();
        for (int i = 0; i < offsetLagPairs.length; i += 2) {
            out.add(new OffsetSample(offsetLagPairs[i], offsetLagPairs[i + 1], i / 2 * 10_000L));
        }
        return out;
    }

    /** The time of the last sample of a window built by {@link #window}. */
    private static long lastTime(List<OffsetSample> w) {
        return w.getLast().timestampMs();
    }

    private static LagStatus status(List<OffsetSample> w, long currentLag) {
        return LagStatusEvaluator.partitionStatus(w, currentLag, lastTime(w));
    }

    @Nested
    class RuleOneLagZero {
        @Test
        void noLagNowIsOkWhateverTheWindowShows() {
            // the offset never moved and the lag grew, which would be STALL or WARN, but there is no lag now
            assertThat(status(window(5, 1, 5, 2, 5, 3), 0)).isEqualTo(OK);
        }

        @Test
        void aZeroLagAnywhereInTheWindowIsOk() {
            assertThat(status(window(10, 5, 20, 0, 25, 7, 30, 9), 9)).isEqualTo(OK);
        }

        @Test
        void aZeroLagAtTheStartOfTheWindowIsEnough() {
            assertThat(status(window(10, 0, 10, 4, 10, 8), 8)).isEqualTo(OK);
        }

        @Test
        void zeroLagBeatsEvenARewind() {
            assertThat(status(window(50, 0, 10, 40), 40)).isEqualTo(OK);
        }

        @Test
        void anEmptyWindowSaysNothingSoOk() {
            assertThat(LagStatusEvaluator.partitionStatus(List.of(), 100, 1_000)).isEqualTo(OK);
        }
    }

    @Nested
    class RuleTwoRewind {
        @Test
        void anOffsetLowerThanTheOneBeforeIsRewind() {
            assertThat(status(window(100, 5, 120, 8, 40, 90, 60, 75), 75)).isEqualTo(REWIND);
        }

        @Test
        void aRewindIsReportedBeforeAStop() {
            List<OffsetSample> w = window(100, 5, 40, 70);
            long longAfter = lastTime(w) + 60_000;
            assertThat(LagStatusEvaluator.partitionStatus(w, 70, longAfter)).isEqualTo(REWIND);
        }
    }

    @Nested
    class RuleThreeStop {
        @Test
        void noCommitForLongerThanTheWindowSpansIsStop() {
            List<OffsetSample> w = window(10, 5, 20, 6, 30, 7); // spans 20 s
            assertThat(LagStatusEvaluator.partitionStatus(w, 9, lastTime(w) + 20_001)).isEqualTo(STOP);
        }

        @Test
        void aSilenceAsLongAsTheWindowIsNotYetStop() {
            List<OffsetSample> w = window(10, 5, 20, 6, 30, 4); // spans 20 s, lag went down: catching up
            assertThat(LagStatusEvaluator.partitionStatus(w, 9, lastTime(w) + 20_000)).isEqualTo(OK);
        }

        @Test
        void aSingleOldSampleWithLagIsStop() {
            List<OffsetSample> w = List.of(new OffsetSample(10, 5, 1_000));
            assertThat(LagStatusEvaluator.partitionStatus(w, 5, 1_001)).isEqualTo(STOP);
        }

        @Test
        void noLagMeansAStoppedConsumerIsFine() {
            List<OffsetSample> w = window(10, 5, 20, 6, 30, 7);
            assertThat(LagStatusEvaluator.partitionStatus(w, 0, lastTime(w) + 600_000)).isEqualTo(OK);
        }

        @Test
        void aConsumerThatCaughtUpAndThenStoppedIsStopWhenRecordsArrive() {
            // The worker died while idle (lag 0 at its last commits); a record arrived after that.
            List<OffsetSample> w = window(10, 0, 12, 0, 14, 0); // spans 20 s
            assertThat(LagStatusEvaluator.partitionStatus(w, 1, lastTime(w) + 20_001)).isEqualTo(STOP);
            assertThat(LagStatusEvaluator.partitionStatus(w, 1, lastTime(w) + 20_000)).isEqualTo(OK);
        }

        @Test
        void stopIsReportedBeforeStall() {
            List<OffsetSample> w = window(10, 5, 10, 6, 10, 7);
            assertThat(LagStatusEvaluator.partitionStatus(w, 7, lastTime(w) + 30_000)).isEqualTo(STOP);
        }
    }

    @Nested
    class RuleFourStall {
        @Test
        void anOffsetThatNeverMovesWithLagIsStall() {
            assertThat(status(window(10, 5, 10, 5, 10, 5, 10, 5), 5)).isEqualTo(STALL);
        }

        @Test
        void stallEvenWhenTheLagGrows() {
            assertThat(status(window(10, 5, 10, 8, 10, 12), 12)).isEqualTo(STALL);
        }

        @Test
        void stallIsReportedBeforeWarn() {
            // the lag never went down, which alone is WARN; the offset not moving is worse
            assertThat(status(window(10, 5, 10, 5), 5)).isEqualTo(STALL);
        }

        @Test
        void aSingleSampleShowsNoMovementEitherWay() {
            List<OffsetSample> w = List.of(new OffsetSample(10, 5, 1_000));
            assertThat(LagStatusEvaluator.partitionStatus(w, 5, 1_000)).isEqualTo(OK);
        }
    }

    @Nested
    class RuleFiveWarn {
        @Test
        void lagGrowingAtEverySampleWhileConsumingIsWarn() {
            assertThat(status(window(10, 5, 20, 9, 30, 14, 40, 20), 20)).isEqualTo(WARN);
        }

        @Test
        void lagThatNeverGoesDownIsWarnEvenWhenFlatForAWhile() {
            assertThat(status(window(10, 5, 20, 5, 30, 7, 40, 7), 7)).isEqualTo(WARN);
        }

        @Test
        void oneDecreaseAnywhereMeansCatchingUpSoOk() {
            assertThat(status(window(10, 5, 20, 9, 40, 8, 50, 12), 12)).isEqualTo(OK);
        }

        @Test
        void lagGoingDownWhileConsumingIsOk() {
            assertThat(status(window(10, 50, 30, 40, 50, 30, 70, 20), 20)).isEqualTo(OK);
        }
    }

    @Nested
    class GroupStatus {
        @Test
        void noPartitionsIsOk() {
            assertThat(LagStatusEvaluator.groupStatus(List.of())).isEqualTo(OK);
        }

        @Test
        void allOkIsOk() {
            assertThat(LagStatusEvaluator.groupStatus(List.of(OK, OK))).isEqualTo(OK);
        }

        @Test
        void aWarningPartitionMakesTheGroupWarn() {
            assertThat(LagStatusEvaluator.groupStatus(List.of(OK, WARN, OK))).isEqualTo(WARN);
        }

        @Test
        void stopStallAndRewindMakeTheGroupErr() {
            assertThat(LagStatusEvaluator.groupStatus(List.of(OK, STOP))).isEqualTo(ERR);
            assertThat(LagStatusEvaluator.groupStatus(List.of(WARN, STALL))).isEqualTo(ERR);
            assertThat(LagStatusEvaluator.groupStatus(List.of(REWIND, OK))).isEqualTo(ERR);
        }

        @Test
        void anErrorOutranksAWarningWhateverTheOrder() {
            assertThat(LagStatusEvaluator.groupStatus(List.of(STALL, WARN))).isEqualTo(ERR);
        }
    }

    @Test
    void codesAreBurrows() {
        assertThat(List.of(OK, WARN, ERR, STOP, STALL, REWIND)).extracting(LagStatus::code)
                .containsExactly(1, 2, 3, 4, 5, 6);
    }
}
