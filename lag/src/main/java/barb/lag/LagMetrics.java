package barb.lag;

import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.MultiGauge;
import io.micrometer.core.instrument.Tags;
import io.micrometer.core.instrument.Timer;

import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;

/**
 * Publishes each {@link LagSnapshot} as gauges under kafka-lag-exporter's names, so its Grafana dashboards and
 * alerts work unchanged, plus Burrow's status as a number:
 * <ul>
 *   <li>{@code kafka_consumergroup_group_lag}, {@code kafka_consumergroup_group_lag_seconds},
 *       {@code kafka_consumergroup_group_offset} — labels cluster_name, group, topic, partition;</li>
 *   <li>{@code kafka_consumergroup_group_max_lag}, {@code kafka_consumergroup_group_max_lag_seconds},
 *       {@code kafka_consumergroup_group_sum_lag} — labels cluster_name, group;</li>
 *   <li>{@code kafka_consumergroup_group_topic_sum_lag} — labels cluster_name, group, topic;</li>
 *   <li>{@code kafka_partition_latest_offset} — labels cluster_name, topic, partition;</li>
 *   <li>{@code barb_consumergroup_status} (labels cluster_name, group, status) and
 *       {@code barb_consumergroup_partition_status} (plus topic, partition): Burrow's code, OK = 1 … REWIND = 6;</li>
 *   <li>{@code barb_lag_monitor_read_seconds}, {@code barb_lag_monitor_admin_calls_total},
 *       {@code barb_lag_monitor_record_fetches_total}: what the monitor itself costs.</li>
 * </ul>
 * Rows of groups or partitions that are gone disappear with the next snapshot.
 */
public final class LagMetrics implements Consumer<LagSnapshot> {
    /** kafka-lag-exporter labels every series with its cluster's name; dashboards filter on it. */
    public static final String CLUSTER_NAME = "barb";

    private final MultiGauge lag;
    private final MultiGauge lagSeconds;
    private final MultiGauge offset;
    private final MultiGauge maxLag;
    private final MultiGauge maxLagSeconds;
    private final MultiGauge sumLag;
    private final MultiGauge topicSumLag;
    private final MultiGauge latestOffset;
    private final MultiGauge groupStatus;
    private final MultiGauge partitionStatus;
    private final Timer readTime;
    private final Counter adminCalls;
    private final Counter recordFetches;

    public LagMetrics(MeterRegistry registry) {
        lag = gauge(registry, "kafka.consumergroup.group.lag", "Records the group is behind the end of the partition");
        lagSeconds = gauge(registry, "kafka.consumergroup.group.lag.seconds",
                "Age of the oldest record the group has not consumed");
        offset = gauge(registry, "kafka.consumergroup.group.offset", "The group's committed offset");
        maxLag = gauge(registry, "kafka.consumergroup.group.max.lag", "Largest lag of a partition of the group");
        maxLagSeconds = gauge(registry, "kafka.consumergroup.group.max.lag.seconds",
                "Largest time lag of a partition of the group");
        sumLag = gauge(registry, "kafka.consumergroup.group.sum.lag", "Lag of the group over all its partitions");
        topicSumLag = gauge(registry, "kafka.consumergroup.group.topic.sum.lag", "Lag of the group on one topic");
        latestOffset = gauge(registry, "kafka.partition.latest.offset", "The partition's log-end offset");
        groupStatus = gauge(registry, "barb.consumergroup.status",
                "Burrow status of the group: 1 OK, 2 WARN, 3 ERR (label status names it)");
        partitionStatus = gauge(registry, "barb.consumergroup.partition.status",
                "Burrow status of the partition: 1 OK, 2 WARN, 4 STOP, 5 STALL, 6 REWIND (label status names it)");
        readTime = Timer.builder("barb.lag.monitor.read").description("Time of one lag reading")
                .register(registry);
        adminCalls = Counter.builder("barb.lag.monitor.admin.calls")
                .description("AdminClient calls made by the lag monitor").register(registry);
        recordFetches = Counter.builder("barb.lag.monitor.record.fetches")
                .description("Polls of the lag monitor's timestamp consumer").register(registry);
    }

    private static MultiGauge gauge(MeterRegistry registry, String name, String description) {
        return MultiGauge.builder(name).description(description).register(registry);
    }

    @Override
    public void accept(LagSnapshot snapshot) {
        List<MultiGauge.Row<?>> lagRows = new ArrayList<>();
        List<MultiGauge.Row<?>> secondsRows = new ArrayList<>();
        List<MultiGauge.Row<?>> offsetRows = new ArrayList<>();
        List<MultiGauge.Row<?>> maxRows = new ArrayList<>();
        List<MultiGauge.Row<?>> maxSecondsRows = new ArrayList<>();
        List<MultiGauge.Row<?>> sumRows = new ArrayList<>();
        List<MultiGauge.Row<?>> topicSumRows = new ArrayList<>();
        List<MultiGauge.Row<?>> groupStatusRows = new ArrayList<>();
        List<MultiGauge.Row<?>> partitionStatusRows = new ArrayList<>();
        Map<Tags, Long> latest = new LinkedHashMap<>();
        for (GroupLag g : snapshot.groups()) {
            Tags group = Tags.of("cluster_name", CLUSTER_NAME, "group", g.group());
            for (PartitionLag p : g.partitions()) {
                Tags partition = group.and("topic", p.topic(), "partition", Integer.toString(p.partition()));
                lagRows.add(MultiGauge.Row.of(partition, p.lag()));
                if (p.lagSeconds() != null) {
                    secondsRows.add(MultiGauge.Row.of(partition, p.lagSeconds()));
                }
                if (p.currentOffset() != null) {
                    offsetRows.add(MultiGauge.Row.of(partition, p.currentOffset()));
                }
                partitionStatusRows.add(MultiGauge.Row.of(partition.and("status", p.status().name()),
                        p.status().code()));
                latest.put(Tags.of("cluster_name", CLUSTER_NAME, "topic", p.topic(), "partition",
                        Integer.toString(p.partition())), p.logEndOffset());
            }
            maxRows.add(MultiGauge.Row.of(group, g.maxLag()));
            if (g.maxLagSeconds() != null) {
                maxSecondsRows.add(MultiGauge.Row.of(group, g.maxLagSeconds()));
            }
            sumRows.add(MultiGauge.Row.of(group, g.sumLag()));
            for (String topic : g.topics()) {
                topicSumRows.add(MultiGauge.Row.of(group.and("topic", topic), g.sumLag(topic)));
            }
            groupStatusRows.add(MultiGauge.Row.of(group.and("status", g.status().name()), g.status().code()));
        }
        List<MultiGauge.Row<?>> latestRows = new ArrayList<>();
        latest.forEach((tags, value) -> latestRows.add(MultiGauge.Row.of(tags, value)));

        lag.register(lagRows, true);
        lagSeconds.register(secondsRows, true);
        offset.register(offsetRows, true);
        maxLag.register(maxRows, true);
        maxLagSeconds.register(maxSecondsRows, true);
        sumLag.register(sumRows, true);
        topicSumLag.register(topicSumRows, true);
        latestOffset.register(latestRows, true);
        groupStatus.register(groupStatusRows, true);
        partitionStatus.register(partitionStatusRows, true);
        readTime.record(Duration.ofMillis(snapshot.readMs()));
        adminCalls.increment(snapshot.adminCalls());
        recordFetches.increment(snapshot.recordFetches());
    }
}
