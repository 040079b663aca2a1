package barb.lag;

import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.ConsumerRecords;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.serialization.ByteArrayDeserializer;

import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.Set;

/**
 * Reads the timestamp of the record at an offset with a consumer that has no group (it commits nothing and joins
 * nothing, so it never shows up as a group of its own).
 *
 * <p>Why read the record rather than interpolate: kafka-lag-exporter estimates a committed offset's time from a
 * table of (log-end offset, time) samples it keeps; that table is empty when the monitor starts and coarse
 * between samples, so the first minutes of a monitor — and any lag older than its table — are guesses. Reading
 * the one record the group must consume next gives its true write time from the first refresh. The cost stays
 * small: only partitions with lag are read, all of them in one fetch per broker, and a partition whose committed
 * offset did not move since the last refresh is answered from the cache without a fetch.
 */
final class RecordTimestamps implements AutoCloseable {
    /** A record's place: a partition and an offset in it. */
    record Position(TopicPartition partition, long offset) {
    }

    private final KafkaConsumer<byte[], byte[]> consumer;
    private final Map<Position, Long> cache = new HashMap<>();

    RecordTimestamps(String bootstrap, String clientId, Duration timeout) {
        Properties p = new Properties();
        p.put(ConsumerConfig.BOOTSTRAP_SERVERS_CONFIG, bootstrap);
        p.put(ConsumerConfig.CLIENT_ID_CONFIG, clientId);
        p.put(ConsumerConfig.ENABLE_AUTO_COMMIT_CONFIG, false);
        // An offset already deleted by retention resets to the oldest record left: the oldest one unconsumed.
        p.put(ConsumerConfig.AUTO_OFFSET_RESET_CONFIG, "earliest");
        p.put(ConsumerConfig.MAX_PARTITION_FETCH_BYTES_CONFIG, 64 * 1024);
        p.put(ConsumerConfig.FETCH_MAX_WAIT_MS_CONFIG, 100);
        p.put(ConsumerConfig.DEFAULT_API_TIMEOUT_MS_CONFIG, (int) timeout.toMillis());
        p.put(ConsumerConfig.REQUEST_TIMEOUT_MS_CONFIG, (int) timeout.toMillis());
        p.put(ConsumerConfig.KEY_DESERIALIZER_CLASS_CONFIG, ByteArrayDeserializer.class.getName());
        p.put(ConsumerConfig.VALUE_DESERIALIZER_CLASS_CONFIG, ByteArrayDeserializer.class.getName());
        this.consumer = new KafkaConsumer<>(p);
    }

    /** The answer and how many polls it took. */
    record Result(Map<Position, Long> timestamps, int polls) {
    }

    /**
     * The timestamp of the first record at or after each position. A position whose record did not arrive within
     * {@code timeout} is missing from the answer. Two groups on one topic (the trace-sink and the ops figures both
     * read the events) can ask for two offsets of one partition: those are read in rounds, one offset of each
     * partition per round, so no round reads the records between them.
     */
    Result at(Set<Position> positions, Duration timeout) {
        cache.keySet().retainAll(positions);
        Map<Position, Long> found = new HashMap<>();
        Map<TopicPartition, List<Position>> wanted = new HashMap<>();
        for (Position at : positions) {
            Long known = cache.get(at);
            if (known != null) {
                found.put(at, known);
            } else {
                wanted.computeIfAbsent(at.partition(), tp -> new ArrayList<>()).add(at);
            }
        }
        long until = System.nanoTime() + timeout.toNanos();
        int polls = 0;
        while (!wanted.isEmpty() && System.nanoTime() < until) {
            Map<TopicPartition, Long> round = new HashMap<>();
            for (Iterator<Map.Entry<TopicPartition, List<Position>>> it = wanted.entrySet().iterator(); it.hasNext(); ) {
                Map.Entry<TopicPartition, List<Position>> e = it.next();
                round.put(e.getKey(), e.getValue().removeLast().offset());
                if (e.getValue().isEmpty()) {
                    it.remove();
                }
            }
            polls += readRound(round, until, found);
        }
        consumer.assign(List.of());
        return new Result(found, polls);
    }

    /** Reads the first record at or after one offset per partition; adds what arrived to {@code found}. */
    private int readRound(Map<TopicPartition, Long> offsets, long untilNanos, Map<Position, Long> found) {
        consumer.assign(offsets.keySet());
        // a partition paused in the last round stays paused when it is assigned again
        consumer.resume(offsets.keySet());
        offsets.forEach(consumer::seek);
        Set<TopicPartition> missing = new HashSet<>(offsets.keySet());
        int polls = 0;
        while (!missing.isEmpty() && System.nanoTime() < untilNanos) {
            ConsumerRecords<byte[], byte[]> records = consumer.poll(Duration.ofMillis(200));
            polls++;
            for (TopicPartition tp : records.partitions()) {
                List<ConsumerRecord<byte[], byte[]>> recs = records.records(tp);
                if (recs.isEmpty() || !missing.remove(tp)) {
                    continue;
                }
                long ts = recs.getFirst().timestamp();
                Position at = new Position(tp, offsets.get(tp));
                found.put(at, ts);
                cache.put(at, ts);
                consumer.pause(List.of(tp));
            }
        }
        return polls;
    }

    @Override
    public void close() {
        consumer.close(Duration.ofSeconds(2));
    }
}
