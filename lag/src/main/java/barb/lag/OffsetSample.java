package barb.lag;

/**
 * One entry of a partition's window: the group's committed offset, the lag at that moment, and when the commit
 * was seen (see {@link OffsetWindows} for what "seen" means without reading {@code __consumer_offsets}).
 */
public record OffsetSample(long offset, long lag, long timestampMs) {
}
