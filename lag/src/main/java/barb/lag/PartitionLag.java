package barb.lag;

/**
 * One partition's lag as the monitor reports it.
 *
 * @param currentOffset the committed offset; null when the group never committed on the partition
 * @param lagSeconds    how old the oldest unconsumed record is; 0 without lag; null when it could not be read
 * @param owner         the client id of the member holding the partition; null when no live member does
 */
public record PartitionLag(String topic, int partition, Long currentOffset, long logEndOffset, long lag, Double lagSeconds,
                           LagStatus status, String owner) {
}
