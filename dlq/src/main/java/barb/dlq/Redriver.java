package barb.dlq;

import barb.core.DeadLetters;
import barb.core.Json;
import barb.core.Topics;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.clients.producer.RecordMetadata;
import org.apache.kafka.common.header.Headers;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * Re-publishes dead letters to the topic they failed on, then marks each one re-driven in the dead-letter topic.
 *
 * <p>The record goes back as it failed: same key (so the same partition and, for a stage, the same request), same
 * value, the original headers, plus the {@code barb.redrive.*} headers that carry its attempt count, first failure
 * and a new deadline. A parked dead letter (its attempts used up) is never re-published. If the process dies
 * between the re-publish and the marker, the dead letter still looks waiting and a second re-drive runs it twice;
 * the stages and the trace-sink drop what they already did by (request id, step).
 */
public final class Redriver implements AutoCloseable {
    private static final Logger log = LoggerFactory.getLogger(Redriver.class);

    /** What happened to one dead letter. */
    public enum Action { REDRIVEN, WOULD_REDRIVE, PARKED, ALREADY_REDRIVEN, DISCARDED, NO_TOPIC }

    /**
     * @param to where the record went ({@code topic/partition/offset}), or would go (the topic), or null
     */
    public record Outcome(DeadLetter letter, Action action, String to) {
    }

    private final AckedSender sender;

    public Redriver(String bootstrap, Duration timeout) {
        this.sender = new AckedSender(bootstrap, timeout, "barb-dlq-redrive-" + ProcessHandle.current().pid());
    }

    /**
     * @param letters         the dead letters to re-drive, with their payloads
     * @param dryRun          decide and report, publish nothing
     * @param requestDeadline how long a re-driven request has to finish from now
     * @throws DeadLetterReadException when Kafka does not take a record; the outcomes so far are lost with it,
     *                                 but every dead letter re-driven so far is marked
     */
    public List<Outcome> redrive(List<DeadLetter> letters, boolean dryRun, Duration requestDeadline) {
        List<Outcome> outcomes = new ArrayList<>();
        for (DeadLetter d : letters) {
            outcomes.add(redriveOne(d, dryRun, requestDeadline));
        }
        return outcomes;
    }

    private Outcome redriveOne(DeadLetter d, boolean dryRun, Duration requestDeadline) {
        if (d.state() == DeadLetter.State.REDRIVEN) {
            return new Outcome(d, Action.ALREADY_REDRIVEN, d.redrivenTo());
        }
        if (d.state() == DeadLetter.State.DISCARDED) {
            return new Outcome(d, Action.DISCARDED, null);
        }
        if (d.state() == DeadLetter.State.PARKED) {
            return new Outcome(d, Action.PARKED, null);
        }
        if (d.topic() == null) {
            return new Outcome(d, Action.NO_TOPIC, null);
        }
        if (dryRun) {
            return new Outcome(d, Action.WOULD_REDRIVE, d.topic());
        }
        if (d.payload() == null) {
            throw new IllegalArgumentException("dead letter " + d.offset() + " was read without its payload");
        }
        long now = System.currentTimeMillis();
        String from = Topics.DLQ + "/0/" + d.offset();
        ProducerRecord<String, byte[]> again = new ProducerRecord<>(d.topic(), d.requestId(), d.payload());
        copyOriginalHeaders(d, again.headers());
        again.headers().add(DeadLetters.REDRIVE_FROM, DeadLetters.bytes(from));
        again.headers().add(DeadLetters.REDRIVE_ATTEMPTS, DeadLetters.bytes(Integer.toString(d.attempts())));
        again.headers().add(DeadLetters.REDRIVE_FIRST_FAILURE_MS,
                DeadLetters.bytes(Long.toString(d.firstFailureMs())));
        again.headers().add(DeadLetters.REDRIVE_DEADLINE_MS,
                DeadLetters.bytes(Long.toString(now + requestDeadline.toMillis())));
        RecordMetadata sent = sender.send(again);
        String to = sent.topic() + "/" + sent.partition() + "/" + sent.offset();

        ProducerRecord<String, byte[]> marker = new ProducerRecord<>(Topics.DLQ, d.requestId(),
                Json.toBytes(Map.of("redriven_offset", d.offset(), "to", to, "at_ms", now)));
        marker.headers().add(DeadLetters.REDRIVEN_OFFSET, DeadLetters.bytes(Long.toString(d.offset())));
        sender.send(marker);
        log.info("dead letter {} (request {}, {}) re-driven to {}", d.offset(), d.requestId(), d.stage(), to);
        return new Outcome(d, Action.REDRIVEN, to);
    }

    /** The headers the record had before it failed; the dead letter's own are left behind. */
    private static void copyOriginalHeaders(DeadLetter d, Headers into) {
        for (Map.Entry<String, String> h : d.headers().entrySet()) {
            if (!DeadLetters.isDeadLetterHeader(h.getKey())) {
                into.add(h.getKey(), DeadLetters.bytes(h.getValue()));
            }
        }
    }

    @Override
    public void close() {
        sender.close();
    }
}
