package barb.core;

import java.util.Map;

/**
 * One topic. A compacted topic keeps the latest value per key; with a positive {@code retentionMs} it also drops
 * what is older than that (cleanup policy compact,delete), otherwise forever. {@code configs} are further topic
 * configs set at creation (e.g. how often a segment rolls, so compaction and retention can act on it).
 */
public record TopicSpec(String name, int partitions, boolean compacted, long retentionMs,
                        Map<String, String> configs) {
    public TopicSpec {
        configs = Map.copyOf(configs);
    }

    public TopicSpec(String name, int partitions, boolean compacted, long retentionMs) {
        this(name, partitions, compacted, retentionMs, Map.of());
    }
}
