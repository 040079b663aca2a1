package barb.launcher;

import barb.core.BarbEvent;
import barb.core.EventRecords;
import barb.core.Json;
import barb.core.KafkaSettings;
import barb.core.RequestEnvelope;
import barb.core.Stage;
import barb.core.Topics;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.clients.producer.RecordMetadata;

import java.time.Duration;
import java.util.List;
import java.util.Properties;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

/**
 * Puts a replay into the pipeline exactly as the gateway puts a request: the request on {@link Topics#REQUESTS}
 * (every request that entered the pipeline is there, replays included), its request_started event, and the first
 * stage's envelope — each acknowledged by the broker.
 */
final class ReplayPublisher implements AutoCloseable {
    private final KafkaProducer<String, byte[]> producer;
    private final Duration timeout;

    ReplayPublisher(KafkaSettings kafka, Duration timeout) {
        Properties p = kafka.producer("barb-replay-" + ProcessHandle.current().pid());
        // Fail within the timeout when Kafka is not there, instead of blocking for a minute on metadata.
        p.put(ProducerConfig.MAX_BLOCK_MS_CONFIG, (int) timeout.toMillis());
        this.producer = new KafkaProducer<>(p);
        this.timeout = timeout;
    }

    void publish(RequestEnvelope replay) throws InterruptedException {
        byte[] envelope = Json.toBytes(replay);
        List<ProducerRecord<String, byte[]>> records = List.of(
                new ProducerRecord<>(Topics.REQUESTS, replay.requestId(), envelope),
                EventRecords.of(BarbEvent.requestStarted(replay, false, System.currentTimeMillis())),
                new ProducerRecord<>(Stage.INTENT.topic(), replay.requestId(), envelope));
        try {
            List<Future<RecordMetadata>> acks = records.stream().map(producer::send).toList();
            for (Future<RecordMetadata> ack : acks) {
                ack.get(timeout.toMillis(), TimeUnit.MILLISECONDS);
            }
        } catch (ExecutionException | TimeoutException | RuntimeException e) {
            throw new ReplayException("could not put replay " + replay.requestId() + " on Kafka: " + e.getMessage(), e);
        }
    }

    @Override
    public void close() {
        producer.close(Duration.ofSeconds(5));
    }
}
