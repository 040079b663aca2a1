package barb.lag;

import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import org.junit.jupiter.api.Test;

import java.time.Instant;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

class LagMetricsTest {
    private static LagSnapshot snapshot(LagStatus status, PartitionLag... partitions) {
        long sum = 0;
        for (PartitionLag p : partitions) {
            sum += p.lag();
        }
        return new LagSnapshot(Instant.EPOCH, 7, 4, 1, List.of(new GroupLag("g", List.of("t"), "STABLE", 1, status, sum,
                sum, 3.5, List.of(partitions))));
    }

    @Test
    void aGroupOnTwoTopicsHasEachPartitionUnderItsOwnTopicAndASumPerTopic() {
        SimpleMeterRegistry registry = new SimpleMeterRegistry();
        new LagMetrics(registry).accept(new LagSnapshot(Instant.EPOCH, 7, 4, 1, List.of(new GroupLag("f",
                List.of("events", "dlq"), "STABLE", 1, LagStatus.OK, 5, 4, 1.0, List.of(
                new PartitionLag("events", 0, 10L, 14, 4, 1.0, LagStatus.OK, "c"),
                new PartitionLag("dlq", 0, 2L, 3, 1, 0.5, LagStatus.OK, "c"))))));

        assertThat(registry.get("kafka.consumergroup.group.lag").tag("group", "f").tag("topic", "events")
                .tag("partition", "0").gauge().value()).isEqualTo(4);
        assertThat(registry.get("kafka.consumergroup.group.lag").tag("group", "f").tag("topic", "dlq")
                .tag("partition", "0").gauge().value()).isEqualTo(1);
        assertThat(registry.get("kafka.consumergroup.group.topic.sum.lag").tag("topic", "events").gauge().value())
                .isEqualTo(4);
        assertThat(registry.get("kafka.consumergroup.group.topic.sum.lag").tag("topic", "dlq").gauge().value())
                .isEqualTo(1);
        assertThat(registry.get("kafka.consumergroup.group.sum.lag").tag("group", "f").gauge().value()).isEqualTo(5);
    }

    @Test
    void publishesEverySeriesUnderKafkaLagExporterNamesAndDropsWhatIsGone() {
        SimpleMeterRegistry registry = new SimpleMeterRegistry();
        LagMetrics metrics = new LagMetrics(registry);
        metrics.accept(snapshot(LagStatus.WARN,
                new PartitionLag("t", 0, 5L, 12, 7, 3.5, LagStatus.WARN, "c1"),
                new PartitionLag("t", 1, null, 0, 0, 0.0, LagStatus.OK, null)));

        assertThat(registry.get("kafka.consumergroup.group.lag").tag("group", "g").tag("topic", "t")
                .tag("partition", "0").tag("cluster_name", "barb").gauge().value()).isEqualTo(7);
        assertThat(registry.get("kafka.consumergroup.group.lag.seconds").tag("partition", "0").gauge().value())
                .isEqualTo(3.5);
        assertThat(registry.get("kafka.consumergroup.group.offset").gauges()).hasSize(1);
        assertThat(registry.get("kafka.consumergroup.group.sum.lag").tag("group", "g").gauge().value()).isEqualTo(7);
        assertThat(registry.get("kafka.consumergroup.group.max.lag").tag("group", "g").gauge().value()).isEqualTo(7);
        assertThat(registry.get("kafka.consumergroup.group.max.lag.seconds").gauge().value()).isEqualTo(3.5);
        assertThat(registry.get("kafka.consumergroup.group.topic.sum.lag").tag("topic", "t").gauge().value())
                .isEqualTo(7);
        assertThat(registry.get("kafka.partition.latest.offset").tag("partition", "0").gauge().value()).isEqualTo(12);
        assertThat(registry.get("barb.consumergroup.status").tag("status", "WARN").gauge().value()).isEqualTo(2);
        assertThat(registry.get("barb.consumergroup.partition.status").tag("partition", "0").gauge().value())
                .isEqualTo(2);
        assertThat(registry.get("barb.lag.monitor.admin.calls").counter().count()).isEqualTo(4);

        // the group recovers and partition 1 goes away: old status rows and the partition's rows disappear
        metrics.accept(snapshot(LagStatus.OK, new PartitionLag("t", 0, 12L, 12, 0, 0.0, LagStatus.OK, "c1")));
        assertThat(registry.find("barb.consumergroup.status").tag("status", "WARN").gauge()).isNull();
        assertThat(registry.get("barb.consumergroup.status").tag("status", "OK").gauge().value()).isEqualTo(1);
        assertThat(registry.find("kafka.consumergroup.group.lag").tag("partition", "1").gauge()).isNull();
        assertThat(registry.get("kafka.consumergroup.group.lag").tag("partition", "0").gauge().value()).isZero();
        assertThat(registry.get("barb.lag.monitor.admin.calls").counter().count()).isEqualTo(8);
    }
}
