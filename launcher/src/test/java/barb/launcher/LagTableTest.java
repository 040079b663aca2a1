package barb.launcher;

import barb.lag.GroupLag;
import barb.lag.LagSnapshot;
import barb.lag.LagStatus;
import barb.lag.PartitionLag;
import org.junit.jupiter.api.Test;

import java.time.Instant;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

class LagTableTest {
    @Test
    void rendersThePartitionsLikeKafkaConsumerGroupsAndAGroupSummary() {
        LagSnapshot s = new LagSnapshot(Instant.EPOCH, 9, 4, 1, List.of(new GroupLag("barb-stage-parser",
                List.of("barb.stage.parser.v1"), "STABLE", 1, LagStatus.WARN, 42, 40, 75.0, List.of(
                new PartitionLag("barb.stage.parser.v1", 0, 100L, 140, 40, 75.0, LagStatus.WARN, "barb-parser-1"),
                new PartitionLag("barb.stage.parser.v1", 1, null, 2, 2, null, LagStatus.OK, null)))));

        String text = LagTable.render(s, false);

        assertThat(text).startsWith("GROUP              TOPIC                 PARTITION  CURRENT-OFFSET  LOG-END-OFFSET"
                + "  LAG  TIME-LAG  STATUS  CLIENT-ID\n");
        assertThat(text).contains("\nbarb-stage-parser  barb.stage.parser.v1  0          100             140"
                + "             40   1m15s     WARN    barb-parser-1\n");
        assertThat(text).contains("\nbarb-stage-parser  barb.stage.parser.v1  1          -               2"
                + "               2    -         OK      -\n");
        assertThat(text).containsPattern("\\nbarb-stage-parser  WARN\\s+42\\s+40\\s+1m15s\\s+1\\s+STABLE\\n");
        assertThat(text).contains("in 9 ms (4 AdminClient calls, 1 record fetches)");
    }

    @Test
    void aGroupOnSeveralTopicsHasARowPerPartitionOfEachTopic() {
        LagSnapshot s = new LagSnapshot(Instant.EPOCH, 9, 4, 0, List.of(new GroupLag("barb-ops-figures",
                List.of("barb.events.v1", "barb.dlq.v1"), "STABLE", 1, LagStatus.OK, 4, 3, 0.5, List.of(
                new PartitionLag("barb.events.v1", 0, 10L, 13, 3, 0.5, LagStatus.OK, "f"),
                new PartitionLag("barb.dlq.v1", 0, 2L, 3, 1, 0.2, LagStatus.OK, "f")))));

        String text = LagTable.render(s, false);

        assertThat(text).containsPattern("\\nbarb-ops-figures\\s+barb.events.v1\\s+0\\s+10\\s+13\\s+3\\s")
                .containsPattern("\\nbarb-ops-figures\\s+barb.dlq.v1\\s+0\\s+2\\s+3\\s+1\\s")
                .containsPattern("\\nbarb-ops-figures\\s+OK\\s+4\\s+3\\s");
    }

    @Test
    void laggingOnlyLeavesOutThePartitionsThatAreCaughtUpButKeepsEveryGroup() {
        LagSnapshot s = new LagSnapshot(Instant.EPOCH, 9, 4, 0, List.of(new GroupLag("g", List.of("t"), "STABLE", 1,
                LagStatus.OK, 3, 3, 1.0, List.of(
                new PartitionLag("t", 0, 10L, 10, 0, 0.0, LagStatus.OK, "c"),
                new PartitionLag("t", 1, 7L, 10, 3, 1.0, LagStatus.OK, "c"),
                new PartitionLag("t", 2, 5L, 5, 0, 0.0, LagStatus.STALL, "c"))),
                new GroupLag("idle", List.of("u"), "EMPTY", 0, LagStatus.OK, 0, 0, 0.0, List.of(
                        new PartitionLag("u", 0, 1L, 1, 0, 0.0, LagStatus.OK, null)))));

        String text = LagTable.render(s, true);

        assertThat(text).containsPattern("\\ng\\s+t\\s+1\\s").containsPattern("\\ng\\s+t\\s+2\\s")
                .doesNotContainPattern("\\ng\\s+t\\s+0\\s").doesNotContainPattern("\\nidle\\s+u\\s");
        assertThat(text).containsPattern("\\nidle\\s+OK\\s+0");
    }

    @Test
    void durationsReadLikeATerminalTool() {
        assertThat(LagTable.duration(null)).isEqualTo("-");
        assertThat(LagTable.duration(0.0)).isEqualTo("0s");
        assertThat(LagTable.duration(4.25)).isEqualTo("4.3s");
        assertThat(LagTable.duration(59.0)).isEqualTo("59s");
        assertThat(LagTable.duration(185.0)).isEqualTo("3m05s");
        assertThat(LagTable.duration(7_620.0)).isEqualTo("2h07m");
    }
}
