package barb.dlq;

import barb.core.KafkaSettings;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.clients.producer.RecordMetadata;

import java.time.Duration;
import java.util.Properties;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

/**
 * Sends one record at a time and returns only once the broker took it: a re-drive or a discard writes its marker
 * only after what it stands for is done, and reports a refusal as one sentence.
 */
final class AckedSender implements AutoCloseable {
    private final KafkaProducer<String, byte[]> producer;
    private final String bootstrap;
    private final Duration timeout;

    AckedSender(String bootstrap, Duration timeout, String clientId) {
        this.bootstrap = bootstrap;
        this.timeout = timeout;
        Properties p = KafkaSettings.of(bootstrap).producer(clientId);
        p.put(ProducerConfig.MAX_BLOCK_MS_CONFIG, (int) timeout.toMillis());
        p.put(ProducerConfig.REQUEST_TIMEOUT_MS_CONFIG, (int) timeout.toMillis());
        p.put(ProducerConfig.DELIVERY_TIMEOUT_MS_CONFIG, (int) timeout.toMillis() + 1);
        this.producer = new KafkaProducer<>(p);
    }

    /** @throws DeadLetterReadException when Kafka does not take the record within the timeout */
    RecordMetadata send(ProducerRecord<String, byte[]> record) {
        try {
            return producer.send(record).get(timeout.toMillis() + 1_000, TimeUnit.MILLISECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new DeadLetterReadException("interrupted while writing to " + record.topic(), e);
        } catch (TimeoutException e) {
            throw new DeadLetterReadException("Kafka at " + bootstrap + " did not take the record to "
                    + record.topic() + " within " + timeout.toSeconds() + " s", e);
        } catch (ExecutionException e) {
            Throwable cause = e.getCause() == null ? e : e.getCause();
            throw new DeadLetterReadException("Kafka at " + bootstrap + " refused the record to " + record.topic()
                    + ": " + cause.getMessage(), cause);
        } catch (org.apache.kafka.common.KafkaException e) {
            throw new DeadLetterReadException("Kafka at " + bootstrap + " refused the record to " + record.topic()
                    + ": " + e.getMessage(), e);
        }
    }

    @Override
    public void close() {
        producer.close(Duration.ofSeconds(2));
    }
}
