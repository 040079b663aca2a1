package barb.dlq;

import barb.core.Topics;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.common.KafkaException;
import org.apache.kafka.common.PartitionInfo;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.serialization.ByteArrayDeserializer;
import org.apache.kafka.common.serialization.StringDeserializer;

import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Properties;

/**
 * Reads the dead-letter topic into a {@link DeadLetterLog}. The first {@link #read()} reads it from the start, each
 * later one only what was added since, so reading it every few seconds costs one fetch of the new records. The
 * consumer has no group: it commits nothing and shows up nowhere.
 */
public final class DeadLetterReader implements AutoCloseable {
    private final String bootstrap;
    private final Duration timeout;
    private final KafkaConsumer<String, byte[]> consumer;
    private final DeadLetterLog log;
    private List<TopicPartition> partitions;

    /**
     * @param bootstrap    a checked host:port list
     * @param timeout      longest wait for Kafka in one read
     * @param whole     whether the dead letters keep their headers and payload (show and redrive need them)
     */
    public DeadLetterReader(String bootstrap, Duration timeout, boolean whole) {
        this.bootstrap = bootstrap;
        this.timeout = timeout;
        this.log = new DeadLetterLog(whole);
        Properties p = new Properties();
        p.put(ConsumerConfig.BOOTSTRAP_SERVERS_CONFIG, bootstrap);
        p.put(ConsumerConfig.CLIENT_ID_CONFIG, "barb-dlq-reader-" + ProcessHandle.current().pid());
        p.put(ConsumerConfig.ENABLE_AUTO_COMMIT_CONFIG, false);
        p.put(ConsumerConfig.ALLOW_AUTO_CREATE_TOPICS_CONFIG, false);
        p.put(ConsumerConfig.AUTO_OFFSET_RESET_CONFIG, "earliest");
        // The broker answers a connection's requests in order: a fetch left waiting for new records would hold the
        // next read's offset queries for its whole wait.
        p.put(ConsumerConfig.FETCH_MAX_WAIT_MS_CONFIG, 100);
        p.put(ConsumerConfig.DEFAULT_API_TIMEOUT_MS_CONFIG, (int) timeout.toMillis());
        p.put(ConsumerConfig.REQUEST_TIMEOUT_MS_CONFIG, (int) timeout.toMillis());
        p.put(ConsumerConfig.KEY_DESERIALIZER_CLASS_CONFIG, StringDeserializer.class.getName());
        p.put(ConsumerConfig.VALUE_DESERIALIZER_CLASS_CONFIG, ByteArrayDeserializer.class.getName());
        this.consumer = new KafkaConsumer<>(p);
    }

    /**
     * Reads up to the end the topic has now and returns the state.
     *
     * @throws DeadLetterReadException when Kafka does not answer, or has no dead-letter topic
     */
    public DeadLetterLog read() {
        try {
            if (partitions == null) {
                partitions = assign();
            }
            Map<TopicPartition, Long> begin = consumer.beginningOffsets(partitions, timeout);
            Map<TopicPartition, Long> end = consumer.endOffsets(partitions, timeout);
            for (TopicPartition tp : partitions) {
                log.forgetBefore(begin.get(tp));
            }
            long until = System.nanoTime() + timeout.toNanos();
            while (behind(end)) {
                if (System.nanoTime() > until) {
                    throw new DeadLetterReadException("Kafka at " + bootstrap + " did not deliver the dead-letter "
                            + "topic within " + timeout.toSeconds() + " s");
                }
                for (ConsumerRecord<String, byte[]> rec : consumer.poll(Duration.ofMillis(200))) {
                    log.add(rec);
                }
            }
            return log;
        } catch (org.apache.kafka.common.errors.TimeoutException e) {
            throw new DeadLetterReadException("cannot reach Kafka at " + bootstrap + " (no answer within "
                    + timeout.toSeconds() + " s)", e);
        } catch (KafkaException e) {
            throw new DeadLetterReadException("Kafka at " + bootstrap + " refused to give the dead-letter topic: "
                    + e.getMessage(), e);
        }
    }

    private List<TopicPartition> assign() {
        List<PartitionInfo> infos = consumer.partitionsFor(Topics.DLQ, timeout);
        if (infos == null || infos.isEmpty()) {
            throw new DeadLetterReadException("Kafka at " + bootstrap + " has no topic " + Topics.DLQ
                    + " (is this Barb's Kafka? the services create it at start)");
        }
        if (infos.size() != 1) {
            // Dead letters are named by their offset, which is only unique in a topic of one partition.
            throw new DeadLetterReadException(Topics.DLQ + " at " + bootstrap + " has " + infos.size()
                    + " partitions; Barb creates it with one and names dead letters by offset");
        }
        List<TopicPartition> parts = List.of(new TopicPartition(Topics.DLQ, infos.getFirst().partition()));
        consumer.assign(parts);
        consumer.seekToBeginning(parts);
        return parts;
    }

    private boolean behind(Map<TopicPartition, Long> end) {
        for (TopicPartition tp : partitions) {
            if (consumer.position(tp, timeout) < end.get(tp)) {
                return true;
            }
        }
        return false;
    }

    @Override
    public void close() {
        consumer.close(Duration.ofSeconds(2));
    }
}
