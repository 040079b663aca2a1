package barb.core;

/** One topic: a compacted topic keeps the latest value per key forever (retentionMs is ignored). */
public record TopicSpec(String name, int partitions, boolean compacted, long retentionMs) {
}
