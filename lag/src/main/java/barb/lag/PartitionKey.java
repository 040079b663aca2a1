package barb.lag;

/** One partition as one group consumes it. */
public record PartitionKey(String group, String topic, int partition) {
}
