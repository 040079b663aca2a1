package barb.launcher;

import org.apache.kafka.clients.consumer.Consumer;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.OffsetAndTimestamp;
import org.apache.kafka.common.PartitionInfo;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.utils.Utils;

import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Predicate;

/**
 * Reads ranges of offsets from partitions with a consumer that has no group (nothing is committed, no group is
 * joined), and finds those ranges: by time through {@code offsetsForTimes}, and the partition a key was written to
 * by the default partitioner's hash, so a lookup by request or chat id reads one partition instead of all.
 */
final class TopicScan {
    /** Offsets {@code from} (inclusive) to {@code until} (exclusive) of one partition. */
    record Range(long from, long until) {
        boolean isEmpty() {
            return from >= until;
        }
    }

    private final Consumer<String, byte[]> consumer;
    private final Duration timeout;

    TopicScan(Consumer<String, byte[]> consumer, Duration timeout) {
        this.consumer = consumer;
        this.timeout = timeout;
    }

    /** @throws ReplayException when the topic does not exist */
    List<TopicPartition> partitions(String topic) {
        List<PartitionInfo> infos = consumer.partitionsFor(topic, timeout);
        if (infos == null || infos.isEmpty()) {
            throw new ReplayException("topic " + topic + " does not exist on this Kafka; has Barb run there?");
        }
        return infos.stream().map(pi -> new TopicPartition(pi.topic(), pi.partition()))
                .sorted(java.util.Comparator.comparingInt(TopicPartition::partition)).toList();
    }

    /** The partition the producer's default partitioner put a record with this key in. */
    static TopicPartition partitionOf(String topic, String key, int partitionCount) {
        byte[] bytes = key.getBytes(StandardCharsets.UTF_8);
        return new TopicPartition(topic, Utils.toPositive(Utils.murmur2(bytes)) % partitionCount);
    }

    /** The first offset of each partition written at or after {@code timestampMs}; the log end when none was. */
    Map<TopicPartition, Long> offsetsAt(Collection<TopicPartition> partitions, long timestampMs) {
        Map<TopicPartition, Long> times = new HashMap<>();
        partitions.forEach(tp -> times.put(tp, timestampMs));
        return offsetsAt(times);
    }

    /**
     * For each partition, the first offset written at or after its own time; the log end when none was. Two calls
     * to the broker whatever the number of partitions.
     */
    Map<TopicPartition, Long> offsetsAt(Map<TopicPartition, Long> timestampsMs) {
        Map<TopicPartition, Long> query = new HashMap<>();
        timestampsMs.forEach((tp, ms) -> query.put(tp, Math.max(0, ms)));
        Map<TopicPartition, OffsetAndTimestamp> found = consumer.offsetsForTimes(query, timeout);
        Map<TopicPartition, Long> ends = consumer.endOffsets(query.keySet(), timeout);
        Map<TopicPartition, Long> out = new HashMap<>();
        for (TopicPartition tp : query.keySet()) {
            OffsetAndTimestamp at = found.get(tp);
            out.put(tp, at == null ? ends.get(tp) : at.offset());
        }
        return out;
    }

    Map<TopicPartition, Long> beginnings(Collection<TopicPartition> partitions) {
        return consumer.beginningOffsets(partitions, timeout);
    }

    Map<TopicPartition, Long> ends(Collection<TopicPartition> partitions) {
        return consumer.endOffsets(partitions, timeout);
    }

    /**
     * Hands every record of the ranges to {@code sink}, partition by partition in offset order.
     *
     * @param readTimeout the longest the whole read may take
     * @throws ReplayException when the records do not arrive within {@code readTimeout}
     */
    void read(Map<TopicPartition, Range> ranges, Duration readTimeout,
              java.util.function.Consumer<ConsumerRecord<String, byte[]>> sink) {
        readWhile(ranges, readTimeout, rec -> {
            sink.accept(rec);
            return true;
        });
    }

    /**
     * As {@link #read}, but a partition is left as soon as {@code sink} answers false for one of its records: the
     * caller found there what it was looking for, and the rest of the range need not be fetched.
     */
    void readWhile(Map<TopicPartition, Range> ranges, Duration readTimeout,
                   Predicate<ConsumerRecord<String, byte[]>> sink) {
        Map<TopicPartition, Range> wanted = new HashMap<>();
        ranges.forEach((tp, r) -> {
            if (!r.isEmpty()) {
                wanted.put(tp, r);
            }
        });
        if (wanted.isEmpty()) {
            return;
        }
        consumer.assign(new ArrayList<>(wanted.keySet()));
        wanted.forEach((tp, r) -> consumer.seek(tp, r.from()));
        long giveUpAt = System.nanoTime() + readTimeout.toNanos();
        while (!wanted.isEmpty()) {
            if (System.nanoTime() > giveUpAt) {
                throw new ReplayException("reading " + wanted.keySet() + " took longer than "
                        + readTimeout.toSeconds() + " s");
            }
            for (ConsumerRecord<String, byte[]> rec : consumer.poll(Duration.ofMillis(200))) {
                TopicPartition tp = new TopicPartition(rec.topic(), rec.partition());
                Range r = wanted.get(tp);
                if (r != null && rec.offset() < r.until() && !sink.test(rec)) {
                    wanted.remove(tp);
                }
            }
            // Positions move past compacted gaps and transaction markers too, so "position reached the end" is
            // the reliable test, not "the last record seen".
            for (TopicPartition tp : new ArrayList<>(wanted.keySet())) {
                if (consumer.position(tp, timeout) >= wanted.get(tp).until()) {
                    wanted.remove(tp);
                }
            }
            consumer.pause(consumer.assignment().stream().filter(tp -> !wanted.containsKey(tp)).toList());
        }
        consumer.assign(List.of());
    }
}
