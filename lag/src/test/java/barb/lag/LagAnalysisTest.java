package barb.lag;

import org.junit.jupiter.api.Test;

import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

class LagAnalysisTest {
    private static final String G = "barb-stage-parser";
    private static final String T = "barb.stage.parser.v1";

    private static LagReading reading(long at, PartitionReading... partitions) {
        return new LagReading(at, 12, 4, 1, List.of(new GroupReading(G, List.of(T), "STABLE", 1)), List.of(partitions));
    }

    private static PartitionReading partition(int p, Long committed, long end, String owner, Long oldestAt) {
        return new PartitionReading(G, T, p, committed, 0, end, owner, oldestAt);
    }

    @Test
    void lagIsTheDistanceFromTheCommitToTheEndAndTimeLagTheAgeOfTheNextRecord() {
        LagSnapshot s = LagAnalysis.analyse(reading(100_000,
                partition(0, 40L, 50, "c1", 97_500L),
                partition(1, 7L, 7, "c1", null)), new OffsetWindows(5));

        GroupLag g = s.group(G).orElseThrow();
        assertThat(g.partitions()).extracting(PartitionLag::lag).containsExactly(10L, 0L);
        assertThat(g.partitions().get(0).lagSeconds()).isCloseTo(2.5, within(1e-9));
        assertThat(g.partitions().get(1).lagSeconds()).isZero();
        assertThat(g.sumLag()).isEqualTo(10);
        assertThat(g.maxLag()).isEqualTo(10);
        assertThat(g.maxLagSeconds()).isCloseTo(2.5, within(1e-9));
        assertThat(g.state()).isEqualTo("STABLE");
        assertThat(s.readMs()).isEqualTo(12);
        assertThat(s.adminCalls()).isEqualTo(4);
    }

    @Test
    void aGroupWithoutACommitStartsAtTheBeginningOfTheLog() {
        PartitionReading p = new PartitionReading(G, T, 0, null, 30, 45, null, 1_000L);
        LagSnapshot s = LagAnalysis.analyse(reading(5_000, p), new OffsetWindows(5));
        PartitionLag lag = s.group(G).orElseThrow().partitions().getFirst();
        assertThat(lag.currentOffset()).isNull();
        assertThat(lag.lag()).isEqualTo(15);
        assertThat(lag.lagSeconds()).isEqualTo(4.0);
    }

    @Test
    void aCommitAheadOfTheEndReadEarlierIsNoLag() {
        LagSnapshot s = LagAnalysis.analyse(reading(1_000, partition(0, 12L, 10, "c1", null)),
                new OffsetWindows(5));
        assertThat(s.group(G).orElseThrow().partitions().getFirst().lag()).isZero();
    }

    @Test
    void anUnreadTimestampLeavesTheTimeLagUnknownRatherThanZero() {
        LagSnapshot s = LagAnalysis.analyse(reading(1_000, partition(0, 1L, 10, "c1", null)), new OffsetWindows(5));
        GroupLag g = s.group(G).orElseThrow();
        assertThat(g.partitions().getFirst().lagSeconds()).isNull();
        assertThat(g.maxLagSeconds()).isNull();
    }

    @Test
    void statusesFollowTheWindowAcrossRefreshes() {
        OffsetWindows windows = new OffsetWindows(4);
        // a live consumer falling behind: the offset moves, the lag grows at every refresh
        LagSnapshot s = null;
        for (int i = 0; i < 4; i++) {
            s = LagAnalysis.analyse(reading(i * 1_000L, partition(0, 10L + i, 20L + 5 * i, "c1", 0L)), windows);
        }
        assertThat(s.group(G).orElseThrow().status()).isEqualTo(LagStatus.WARN);
        assertThat(s.group(G).orElseThrow().partitions().getFirst().status()).isEqualTo(LagStatus.WARN);

        // it stops moving while it still owns the partition: stuck
        for (int i = 4; i < 8; i++) {
            s = LagAnalysis.analyse(reading(i * 1_000L, partition(0, 13L, 40L, "c1", 0L)), windows);
        }
        assertThat(s.group(G).orElseThrow().partitions().getFirst().status()).isEqualTo(LagStatus.STALL);
        assertThat(s.group(G).orElseThrow().status()).isEqualTo(LagStatus.ERR);

        // it catches up: one refresh at lag zero is enough
        s = LagAnalysis.analyse(reading(9_000, partition(0, 40L, 40L, "c1", null)), windows);
        assertThat(s.group(G).orElseThrow().status()).isEqualTo(LagStatus.OK);
    }

    @Test
    void aPartitionNobodyOwnsWithLagStopsOnceTheSilenceOutlastsTheWindow() {
        OffsetWindows windows = new OffsetWindows(4);
        LagAnalysis.analyse(reading(0, partition(0, 10L, 15, "c1", 0L)), windows);
        LagAnalysis.analyse(reading(1_000, partition(0, 12L, 18, "c1", 0L)), windows);
        LagSnapshot justAfter = LagAnalysis.analyse(reading(1_500, partition(0, 12L, 19, null, 0L)), windows);
        assertThat(justAfter.group(G).orElseThrow().partitions().getFirst().status()).isEqualTo(LagStatus.WARN);
        LagSnapshot later = LagAnalysis.analyse(reading(2_500, partition(0, 12L, 22, null, 0L)), windows);
        assertThat(later.group(G).orElseThrow().partitions().getFirst().status()).isEqualTo(LagStatus.STOP);
    }

    @Test
    void aGroupOnSeveralTopicsListsEachTopicsPartitionsInTheOrderOfItsTopicsAndSumsThemAll() {
        String events = "barb.events.v1";
        String dlq = "barb.dlq.v1";
        String figures = "barb-ops-figures";
        LagReading reading = new LagReading(10_000, 5, 4, 1, List.of(new GroupReading(figures, List.of(events, dlq),
                "STABLE", 1)), List.of(
                new PartitionReading(figures, dlq, 0, 3L, 0, 5, "f1", 4_000L),
                new PartitionReading(figures, events, 1, 10L, 0, 10, "f1", null),
                new PartitionReading(figures, events, 0, 20L, 0, 27, "f1", 9_000L)));

        GroupLag g = LagAnalysis.analyse(reading, new OffsetWindows(3)).group(figures).orElseThrow();

        assertThat(g.topics()).containsExactly(events, dlq);
        assertThat(g.partitions()).extracting(p -> p.topic() + "/" + p.partition())
                .containsExactly(events + "/0", events + "/1", dlq + "/0");
        assertThat(g.sumLag()).isEqualTo(9);
        assertThat(g.sumLag(events)).isEqualTo(7);
        assertThat(g.sumLag(dlq)).isEqualTo(2);
        assertThat(g.maxLagSeconds()).isEqualTo(6.0);
    }

    @Test
    void aGroupWithNoPartitionsIsListedWithNothingBehind() {
        LagSnapshot s = LagAnalysis.analyse(new LagReading(0, 1, 4, 0,
                List.of(new GroupReading(G, List.of(T), "UNKNOWN", 0)), List.of()), new OffsetWindows(3));
        GroupLag g = s.group(G).orElseThrow();
        assertThat(g.partitions()).isEmpty();
        assertThat(g.status()).isEqualTo(LagStatus.OK);
        assertThat(g.sumLag()).isZero();
        assertThat(g.maxLagSeconds()).isNull();
    }
}
