package barb.core;

/** A compacted stretch of older messages. */
public record MemorySummary(String content) {
}
