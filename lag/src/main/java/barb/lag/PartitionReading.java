package barb.lag;

/**
 * What one refresh read about one partition of one group. I/O fills it; {@link LagAnalysis} judges it.
 *
 * @param committedOffset         the group's committed offset; null when the group never committed on it
 * @param logStartOffset          the first offset still in the log (where a group without a commit starts, as
 *                                Barb's consumers reset to the earliest record)
 * @param logEndOffset            the offset the next record will get
 * @param owner                   the client id of the live group member that holds the partition; null if none
 * @param oldestUnconsumedAtMs    the timestamp of the first record the group has not consumed; null when there
 *                                is none or it could not be read
 */
public record PartitionReading(String group, String topic, int partition, Long committedOffset,
                               long logStartOffset, long logEndOffset, String owner, Long oldestUnconsumedAtMs) {

    public PartitionKey key() {
        return new PartitionKey(group, topic, partition);
    }

    /** Where the group is: its commit, or the start of the log when it has none. */
    public long currentOffset() {
        return committedOffset != null ? committedOffset : logStartOffset;
    }

    /**
     * Records behind the end of the log. Never negative: the end offsets are read after the commits, and a commit
     * can still land between the two reads (Burrow stores such a lag as zero too).
     */
    public long lag() {
        return Math.max(0, logEndOffset - currentOffset());
    }
}
