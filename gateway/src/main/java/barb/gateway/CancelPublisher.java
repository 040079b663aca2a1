package barb.gateway;

import barb.core.CancelRequest;
import barb.core.Json;
import barb.core.Topics;
import org.apache.kafka.clients.producer.Producer;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

/** Puts a user's cancellation of a request on {@link Topics#CANCELS}, where every stage worker reads it. */
final class CancelPublisher {
    private static final Logger log = LoggerFactory.getLogger(CancelPublisher.class);
    private static final long PRODUCE_TIMEOUT_MS = 15_000;

    private final Producer<String, byte[]> producer;

    CancelPublisher(Producer<String, byte[]> producer) {
        this.producer = producer;
    }

    /** Returns once the broker has the cancellation; a 503 when it could not be written. */
    void cancel(String requestId, String userId) {
        CancelRequest cancel = CancelRequest.of(requestId, userId, System.currentTimeMillis());
        try {
            producer.send(new ProducerRecord<>(Topics.CANCELS, requestId, Json.toBytes(cancel)))
                    .get(PRODUCE_TIMEOUT_MS, TimeUnit.MILLISECONDS);
            log.info("request {} cancelled by its user", requestId);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw unavailable(requestId, e);
        } catch (ExecutionException | TimeoutException | RuntimeException e) {
            throw unavailable(requestId, e);
        }
    }

    private static HttpError unavailable(String requestId, Exception e) {
        log.error("request {}: the cancellation could not be put on Kafka: {}", requestId, e.toString());
        return new HttpError(503, "unavailable", "the cancellation could not be sent; try again shortly");
    }
}
