package barb.lag;

import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Turns a {@link LagReading} into a {@link LagSnapshot}: lag in records and seconds per partition, the windows
 * moved on by one refresh, Burrow's status per partition and group, and the per-group sums and maxima. No I/O.
 */
public final class LagAnalysis {
    private LagAnalysis() {
    }

    public static LagSnapshot analyse(LagReading reading, OffsetWindows windows) {
        long now = reading.sampledAtMs();
        Map<String, List<PartitionLag>> byGroup = new LinkedHashMap<>();
        for (GroupReading g : reading.groups()) {
            byGroup.put(g.group(), new ArrayList<>());
        }
        Set<PartitionKey> seen = new HashSet<>();
        for (PartitionReading p : reading.partitions()) {
            seen.add(p.key());
            long lag = p.lag();
            List<OffsetSample> window = windows.observe(p.key(), p.currentOffset(), lag, p.owner() != null, now);
            LagStatus status = LagStatusEvaluator.partitionStatus(window, lag, now);
            byGroup.computeIfAbsent(p.group(), k -> new ArrayList<>()).add(new PartitionLag(p.topic(), p.partition(),
                    p.committedOffset(), p.logEndOffset(), lag, lagSeconds(lag, p.oldestUnconsumedAtMs(), now),
                    status, p.owner()));
        }
        windows.retainOnly(seen);

        List<GroupLag> groups = new ArrayList<>();
        for (GroupReading g : reading.groups()) {
            groups.add(group(g, byGroup.get(g.group())));
        }
        return new LagSnapshot(Instant.ofEpochMilli(now), reading.readMs(), reading.adminCalls(),
                reading.recordFetches(), groups);
    }

    /**
     * The age of the oldest unconsumed record, as kafka-lag-exporter and klag report it: how long ago the record
     * the group must read next was written. Zero without lag; null when that record's time is unknown.
     */
    static Double lagSeconds(long lag, Long oldestUnconsumedAtMs, long nowMs) {
        if (lag == 0) {
            return 0.0;
        }
        if (oldestUnconsumedAtMs == null) {
            return null;
        }
        return Math.max(0, nowMs - oldestUnconsumedAtMs) / 1000.0;
    }

    private static GroupLag group(GroupReading g, List<PartitionLag> partitions) {
        partitions.sort(Comparator.comparingInt((PartitionLag p) -> g.topics().indexOf(p.topic()))
                .thenComparingInt(PartitionLag::partition));
        long sum = 0;
        long max = 0;
        Double maxSeconds = null;
        List<LagStatus> statuses = new ArrayList<>();
        for (PartitionLag p : partitions) {
            sum += p.lag();
            max = Math.max(max, p.lag());
            if (p.lagSeconds() != null && (maxSeconds == null || p.lagSeconds() > maxSeconds)) {
                maxSeconds = p.lagSeconds();
            }
            statuses.add(p.status());
        }
        return new GroupLag(g.group(), g.topics(), g.state(), g.members(), LagStatusEvaluator.groupStatus(statuses),
                sum, max, maxSeconds, partitions);
    }
}
