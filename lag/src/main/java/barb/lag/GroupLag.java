package barb.lag;

import java.util.List;

/**
 * One group's lag: the sums and maxima dashboards chart, Burrow's group status, and each partition.
 *
 * @param topics        the topics the group consumes (most groups one; the ops figures' application three)
 * @param maxLagSeconds the largest time lag of a partition; null when none could be read
 * @param partitions    every partition of every topic, topic by topic in the order of {@code topics}
 */
public record GroupLag(String group, List<String> topics, String state, int members, LagStatus status, long sumLag,
                       long maxLag, Double maxLagSeconds, List<PartitionLag> partitions) {
    public GroupLag {
        topics = List.copyOf(topics);
        partitions = List.copyOf(partitions);
    }

    /** The lag summed over the partitions of one of the group's topics. */
    public long sumLag(String topic) {
        return partitions.stream().filter(p -> p.topic().equals(topic)).mapToLong(PartitionLag::lag).sum();
    }
}
