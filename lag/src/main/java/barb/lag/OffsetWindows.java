package barb.lag;

import java.util.ArrayDeque;
import java.util.Deque;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The sliding window of committed-offset samples of every watched partition, {@code size} samples long (Burrow's
 * "intervals"). Pure and not thread-safe: the monitor refreshes one at a time.
 *
 * <p>Burrow reads every commit from {@code __consumer_offsets}, with its time. The monitor polls committed offsets
 * through the AdminClient instead, which shows neither the commit time nor a commit that repeated the same offset.
 * So a sample is added when a commit can be inferred:
 * <ul>
 *   <li>the committed offset changed since the last refresh (a commit happened; its time is taken as now), or</li>
 *   <li>a live member of the group owns the partition: a live consumer keeps committing (Barb's stage workers
 *       commit whenever they finish records), so an owned partition whose offset does not move is a stuck
 *       consumer, STALL in Burrow's terms, not a stopped one;</li>
 *   <li>the first time a partition is seen.</li>
 * </ul>
 * With no owner and no change nothing was committed: the window keeps its last sample's time, and once the
 * silence is longer than the window spans the partition is STOP.
 */
public final class OffsetWindows {
    private final int size;
    private final Map<PartitionKey, Deque<OffsetSample>> windows = new HashMap<>();

    public OffsetWindows(int size) {
        if (size < 2) {
            throw new IllegalArgumentException("a window needs at least 2 samples, got " + size);
        }
        this.size = size;
    }

    /** Adds what a refresh saw (when it shows a commit, see above) and returns the window, oldest first. */
    public List<OffsetSample> observe(PartitionKey key, long committedOffset, long lag, boolean owned, long nowMs) {
        Deque<OffsetSample> window = windows.computeIfAbsent(key, k -> new ArrayDeque<>());
        OffsetSample last = window.peekLast();
        boolean committed = last == null || last.offset() != committedOffset || owned;
        if (committed) {
            window.addLast(new OffsetSample(committedOffset, Math.max(0, lag), nowMs));
            while (window.size() > size) {
                window.removeFirst();
            }
        }
        return List.copyOf(window);
    }

    /** Forgets the partitions that are no longer watched (a group or a partition went away). */
    public void retainOnly(Set<PartitionKey> keys) {
        windows.keySet().retainAll(keys);
    }

    public int size() {
        return size;
    }
}
