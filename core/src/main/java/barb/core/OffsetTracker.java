package barb.core;

import org.apache.kafka.clients.consumer.OffsetAndMetadata;
import org.apache.kafka.common.TopicPartition;

import java.util.Collection;
import java.util.HashMap;
import java.util.Map;
import java.util.TreeSet;

/**
 * Tracks records being worked on concurrently so that only offsets below the lowest unfinished record are
 * committed: a crash then redelivers unfinished work and never skips it.
 */
public final class OffsetTracker {
    private final Map<TopicPartition, TreeSet<Long>> inFlight = new HashMap<>();
    private final Map<TopicPartition, Long> nextAfterSeen = new HashMap<>();
    private final Map<TopicPartition, Long> committed = new HashMap<>();

    public synchronized void started(TopicPartition tp, long offset) {
        inFlight.computeIfAbsent(tp, k -> new TreeSet<>()).add(offset);
        nextAfterSeen.merge(tp, offset + 1, Math::max);
    }

    public synchronized void finished(TopicPartition tp, long offset) {
        TreeSet<Long> set = inFlight.get(tp);
        if (set != null) {
            set.remove(offset);
        }
    }

    public synchronized int inFlightCount(Collection<TopicPartition> partitions) {
        int n = 0;
        for (TopicPartition tp : partitions) {
            TreeSet<Long> set = inFlight.get(tp);
            n += set == null ? 0 : set.size();
        }
        return n;
    }

    /** Offsets that may be committed now and were not committed before. */
    public synchronized Map<TopicPartition, OffsetAndMetadata> committable() {
        Map<TopicPartition, OffsetAndMetadata> out = new HashMap<>();
        for (Map.Entry<TopicPartition, Long> e : nextAfterSeen.entrySet()) {
            TopicPartition tp = e.getKey();
            TreeSet<Long> set = inFlight.get(tp);
            long safe = set == null || set.isEmpty() ? e.getValue() : set.first();
            Long last = committed.get(tp);
            if (last == null || safe > last) {
                out.put(tp, new OffsetAndMetadata(safe));
            }
        }
        return out;
    }

    public synchronized void markCommitted(Map<TopicPartition, OffsetAndMetadata> offsets) {
        offsets.forEach((tp, om) -> committed.merge(tp, om.offset(), Math::max));
    }

    public synchronized void forget(Collection<TopicPartition> partitions) {
        for (TopicPartition tp : partitions) {
            inFlight.remove(tp);
            nextAfterSeen.remove(tp);
            committed.remove(tp);
        }
    }
}
