package barb.core;

import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.common.serialization.ByteArrayDeserializer;
import org.apache.kafka.common.serialization.ByteArraySerializer;
import org.apache.kafka.common.serialization.StringDeserializer;
import org.apache.kafka.common.serialization.StringSerializer;

import java.time.Duration;
import java.util.Map;
import java.util.Properties;

/**
 * How every service talks to Kafka. Environment: BARB_KAFKA_BOOTSTRAP (no default: unset means the launcher
 * starts an embedded broker), BARB_TOPIC_PARTITIONS (12), BARB_TOPIC_RETENTION_HOURS (168),
 * BARB_TOPIC_REPLICATION (1; 3 on a three-broker cluster, whose min.insync.replicas 2 then lets one broker be down
 * without losing an acknowledged record).
 */
public record KafkaSettings(String bootstrap, int partitions, Duration retention, short replication) {

    public static KafkaSettings fromEnv(Map<String, String> env, String bootstrapOverride) {
        String bootstrap = bootstrapOverride != null ? bootstrapOverride : env.get("BARB_KAFKA_BOOTSTRAP");
        if (bootstrap == null || bootstrap.isBlank()) {
            throw new IllegalArgumentException("BARB_KAFKA_BOOTSTRAP is not set");
        }
        int partitions = Config.intValue(env, "BARB_TOPIC_PARTITIONS", 12, 1, 1000);
        int hours = Config.intValue(env, "BARB_TOPIC_RETENTION_HOURS", 168, 1, 24 * 365 * 10);
        int replication = Config.intValue(env, "BARB_TOPIC_REPLICATION", 1, 1, 7);
        return new KafkaSettings(bootstrap, partitions, Duration.ofHours(hours), (short) replication);
    }

    public static KafkaSettings of(String bootstrap) {
        return new KafkaSettings(bootstrap, 12, Duration.ofDays(7), (short) 1);
    }

    /** Idempotent, acks=all producer with a short linger: latency matters more than batching here. */
    public Properties producer(String clientId) {
        Properties p = new Properties();
        p.put(ProducerConfig.BOOTSTRAP_SERVERS_CONFIG, bootstrap);
        p.put(ProducerConfig.CLIENT_ID_CONFIG, clientId);
        p.put(ProducerConfig.ACKS_CONFIG, "all");
        p.put(ProducerConfig.ENABLE_IDEMPOTENCE_CONFIG, true);
        p.put(ProducerConfig.LINGER_MS_CONFIG, 1);
        p.put(ProducerConfig.DELIVERY_TIMEOUT_MS_CONFIG, 120_000);
        p.put(ProducerConfig.KEY_SERIALIZER_CLASS_CONFIG, StringSerializer.class.getName());
        p.put(ProducerConfig.VALUE_SERIALIZER_CLASS_CONFIG, ByteArraySerializer.class.getName());
        return p;
    }

    /** Bytes a batching reader's fetch waits for ({@link #batching}). */
    public static final int BATCH_FETCH_MIN_BYTES = 64 * 1024;

    /**
     * Makes a consumer that is not on any request's path (the trace-sink, the ops figures) fetch in batches: the
     * broker answers its fetch once {@link #BATCH_FETCH_MIN_BYTES} are there or {@code wait} passed, instead of at
     * every new record. Under load that is one fetch (and one wake-up of the reader) per many events instead of per
     * event, for the broker and the reader alike; when idle, records reach the reader at most {@code wait} late.
     *
     * @param prefix the configuration prefix: "" for a plain consumer, a Kafka Streams consumer prefix otherwise
     */
    public static Properties batching(Properties p, String prefix, Duration wait) {
        p.put(prefix + ConsumerConfig.FETCH_MIN_BYTES_CONFIG, BATCH_FETCH_MIN_BYTES);
        p.put(prefix + ConsumerConfig.FETCH_MAX_WAIT_MS_CONFIG, (int) Math.max(1, wait.toMillis()));
        return p;
    }

    /** A group consumer that commits by hand, after the work is done. */
    public Properties consumer(String groupId, String clientId) {
        Properties p = new Properties();
        p.put(ConsumerConfig.BOOTSTRAP_SERVERS_CONFIG, bootstrap);
        p.put(ConsumerConfig.CLIENT_ID_CONFIG, clientId);
        if (groupId != null) {
            p.put(ConsumerConfig.GROUP_ID_CONFIG, groupId);
            p.put(ConsumerConfig.GROUP_PROTOCOL_CONFIG, "consumer");
        }
        p.put(ConsumerConfig.ENABLE_AUTO_COMMIT_CONFIG, false);
        p.put(ConsumerConfig.AUTO_OFFSET_RESET_CONFIG, "earliest");
        p.put(ConsumerConfig.MAX_POLL_RECORDS_CONFIG, 200);
        p.put(ConsumerConfig.MAX_POLL_INTERVAL_MS_CONFIG, 600_000);
        p.put(ConsumerConfig.KEY_DESERIALIZER_CLASS_CONFIG, StringDeserializer.class.getName());
        p.put(ConsumerConfig.VALUE_DESERIALIZER_CLASS_CONFIG, ByteArrayDeserializer.class.getName());
        return p;
    }
}
