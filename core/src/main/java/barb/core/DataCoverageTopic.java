package barb.core;

import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.errors.WakeupException;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.time.Duration;
import java.util.List;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.Supplier;

/**
 * The loaded data's span, shared through the compacted topic {@link Topics#DATA_COVERAGE}: the process that
 * owns the market data publishes it at start, and agent processes elsewhere follow it, so the planner resolves
 * "yesterday" against the data's last day without opening the data file.
 */
public final class DataCoverageTopic implements Supplier<DataCoverage>, AutoCloseable {
    private static final Logger log = LoggerFactory.getLogger(DataCoverageTopic.class);
    static final String KEY = "NQ";

    private final KafkaConsumer<String, byte[]> consumer;
    private final AtomicReference<DataCoverage> latest = new AtomicReference<>();
    private final Thread thread;
    private volatile boolean running = true;

    private DataCoverageTopic(KafkaSettings kafka) {
        consumer = new KafkaConsumer<>(kafka.consumer(null, "barb-data-coverage-follower"));
        TopicPartition p = new TopicPartition(Topics.DATA_COVERAGE, 0);
        consumer.assign(List.of(p));
        consumer.seekToBeginning(List.of(p));
        thread = Thread.ofVirtual().name("data-coverage-follower").start(this::run);
    }

    /** Writes the coverage and waits until the broker has it. */
    public static void publish(KafkaSettings kafka, DataCoverage coverage) {
        try (KafkaProducer<String, byte[]> producer = new KafkaProducer<>(kafka.producer("barb-data-coverage"))) {
            producer.send(new ProducerRecord<>(Topics.DATA_COVERAGE, KEY, Json.toBytes(coverage)))
                    .get(60, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while publishing the data coverage", e);
        } catch (ExecutionException | TimeoutException e) {
            throw new IllegalStateException("could not publish the data coverage: " + e.getMessage(), e);
        }
    }

    /** Starts following the topic; {@link #get()} is null until the first record arrives. */
    public static DataCoverageTopic follow(KafkaSettings kafka) {
        return new DataCoverageTopic(kafka);
    }

    @Override
    public DataCoverage get() {
        return latest.get();
    }

    private void run() {
        try {
            while (running) {
                for (ConsumerRecord<String, byte[]> r : consumer.poll(Duration.ofMillis(500))) {
                    read(r);
                }
            }
        } catch (WakeupException e) {
            // closing
        } finally {
            consumer.close();
        }
    }

    private void read(ConsumerRecord<String, byte[]> r) {
        if (!KEY.equals(r.key()) || r.value() == null) {
            return;
        }
        try {
            latest.set(Json.fromBytes(r.value(), DataCoverage.class));
        } catch (RuntimeException e) {
            // a bad record must not stop the follower; the previous coverage stays
            log.warn("ignoring a data coverage record at offset {}: {}", r.offset(), e.getMessage());
        }
    }

    @Override
    public void close() {
        running = false;
        consumer.wakeup();
        try {
            thread.join(Duration.ofSeconds(10));
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
