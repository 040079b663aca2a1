package barb.lag;

import java.util.List;

/**
 * One group's lag: the sums and maxima dashboards chart, Burrow's group status, and each partition.
 *
 * @param maxLagSeconds the largest time lag of a partition; null when none could be read
 */
public record GroupLag(String group, String topic, String state, int members, LagStatus status, long sumLag,
                       long maxLag, Double maxLagSeconds, List<PartitionLag> partitions) {
    public GroupLag {
        partitions = List.copyOf(partitions);
    }
}
