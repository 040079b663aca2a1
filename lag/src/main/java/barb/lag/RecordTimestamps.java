package barb.lag;

import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.ConsumerRecords;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.serialization.ByteArrayDeserializer;

import java.time.Duration;
import java.util.HashMap;
import java.util.HashSet;
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
    private record Known(long offset, long timestampMs) {
    }

    private final KafkaConsumer<byte[], byte[]> consumer;
    private final Map<TopicPartition, Known> cache = new HashMap<>();

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
    record Result(Map<TopicPartition, Long> timestamps, int polls) {
    }

    /**
     * The timestamp of the first record at or after each offset. A partition whose record did not arrive within
     * {@code timeout} is missing from the answer.
     */
    Result at(Map<TopicPartition, Long> offsets, Duration timeout) {
        cache.keySet().retainAll(offsets.keySet());
        Map<TopicPartition, Long> found = new HashMap<>();
        Map<TopicPartition, Long> wanted = new HashMap<>();
        for (Map.Entry<TopicPartition, Long> e : offsets.entrySet()) {
            Known known = cache.get(e.getKey());
            if (known != null && known.offset() == e.getValue()) {
                found.put(e.getKey(), known.timestampMs());
            } else {
                wanted.put(e.getKey(), e.getValue());
            }
        }
        if (wanted.isEmpty()) {
            return new Result(found, 0);
        }
        consumer.assign(wanted.keySet());
        wanted.forEach(consumer::seek);
        Set<TopicPartition> missing = new HashSet<>(wanted.keySet());
        long until = System.nanoTime() + timeout.toNanos();
        int polls = 0;
        while (!missing.isEmpty() && System.nanoTime() < until) {
            ConsumerRecords<byte[], byte[]> records = consumer.poll(Duration.ofMillis(200));
            polls++;
            for (TopicPartition tp : records.partitions()) {
                List<ConsumerRecord<byte[], byte[]>> recs = records.records(tp);
                if (recs.isEmpty() || !missing.remove(tp)) {
                    continue;
                }
                long ts = recs.getFirst().timestamp();
                found.put(tp, ts);
                cache.put(tp, new Known(wanted.get(tp), ts));
                consumer.pause(List.of(tp));
            }
        }
        consumer.assign(List.of());
        return new Result(found, polls);
    }

    @Override
    public void close() {
        consumer.close(Duration.ofSeconds(2));
    }
}
