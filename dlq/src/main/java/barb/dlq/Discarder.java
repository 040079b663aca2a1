package barb.dlq;

import barb.core.DeadLetters;
import barb.core.Json;
import barb.core.Topics;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.clients.producer.RecordMetadata;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Discards dead letters an operator decided not to re-drive: for each, first the whole record goes to the audit
 * file ({@link DiscardAudit}, forced to disk), then a marker naming it — why, by whom, where the audit copy is —
 * goes to the dead-letter topic, which makes readers list it as discarded instead of parked. Nothing is deleted:
 * the dead letter stays in the topic until retention, and in the audit file after that.
 *
 * <p>Only parked dead letters are discarded unless waiting ones are asked for too: a waiting one may still work
 * after a fix, and discarding it should be a decision, not a side effect of a broad selection.
 */
public final class Discarder implements AutoCloseable {
    private static final Logger log = LoggerFactory.getLogger(Discarder.class);
    private static final int MAX_REASON_CHARS = 500;
    private static final int MAX_NAME_CHARS = 100;

    /** What happened to one dead letter. */
    public enum Action { DISCARDED, WOULD_DISCARD, WAITING_KEPT, ALREADY_DISCARDED, ALREADY_REDRIVEN }

    /** @param marker {@code topic/partition/offset} of the marker written, or null */
    public record Outcome(DeadLetter letter, Action action, String marker) {
    }

    /**
     * What the operator asked for.
     *
     * @param reason         why, in the operator's words (required: the audit must say why)
     * @param by             who
     * @param includeWaiting discard waiting dead letters too, not only parked ones
     * @param dryRun         decide and report, write nothing
     */
    public record Request(String reason, String by, boolean includeWaiting, boolean dryRun) {
        /** @throws IllegalArgumentException naming what is wrong with the reason or the name */
        public Request {
            reason = checked(reason, "--reason", MAX_REASON_CHARS);
            if (reason.length() < 3) {
                throw new IllegalArgumentException("--reason must say why, in at least 3 characters");
            }
            by = checked(by, "--by", MAX_NAME_CHARS);
        }

        private static String checked(String value, String option, int maxChars) {
            if (value == null || value.isBlank()) {
                throw new IllegalArgumentException(option + " is required");
            }
            String text = value.strip();
            if (text.length() > maxChars) {
                throw new IllegalArgumentException(option + " must be at most " + maxChars + " characters");
            }
            if (text.chars().anyMatch(Character::isISOControl)) {
                throw new IllegalArgumentException(option + " must be one line without control characters");
            }
            return text;
        }
    }

    private final AckedSender sender;

    public Discarder(String bootstrap, Duration timeout) {
        this.sender = new AckedSender(bootstrap, timeout, "barb-dlq-discard-" + ProcessHandle.current().pid());
    }

    /**
     * @param letters the dead letters to discard, read whole (the audit keeps their headers and payload)
     * @param audit   where the audit lines go; may be null for a dry run
     * @throws DeadLetterReadException when Kafka does not take a marker (the ones before it are done; this one's
     *                                 audit line is on file, so running the discard again marks it)
     * @throws UncheckedIOException    when the audit file cannot be written (then nothing is marked for it)
     */
    public List<Outcome> discard(List<DeadLetter> letters, Request request, DiscardAudit audit) {
        List<Outcome> outcomes = new ArrayList<>();
        for (DeadLetter d : letters) {
            outcomes.add(discardOne(d, request, audit));
        }
        return outcomes;
    }

    private Outcome discardOne(DeadLetter d, Request request, DiscardAudit audit) {
        switch (d.state()) {
            case DISCARDED -> {
                return new Outcome(d, Action.ALREADY_DISCARDED, null);
            }
            case REDRIVEN -> {
                return new Outcome(d, Action.ALREADY_REDRIVEN, null);
            }
            case WAITING -> {
                if (!request.includeWaiting()) {
                    return new Outcome(d, Action.WAITING_KEPT, null);
                }
            }
            case PARKED -> {
                // discarded below
            }
        }
        if (request.dryRun()) {
            return new Outcome(d, Action.WOULD_DISCARD, null);
        }
        if (d.payload() == null) {
            throw new IllegalArgumentException("dead letter " + d.offset() + " was read without its payload");
        }
        long now = System.currentTimeMillis();
        try {
            audit.write(DiscardAudit.line(d, request.reason(), request.by(), now));
        } catch (IOException e) {
            throw new UncheckedIOException("cannot write the audit line to " + audit.file() + ": " + e.getMessage()
                    + "; dead letter " + d.offset() + " was not discarded", e);
        }
        Map<String, Object> body = new LinkedHashMap<>();
        body.put("discarded_offset", d.offset());
        body.put("reason", request.reason());
        body.put("by", request.by());
        body.put("at_ms", now);
        body.put("payload_sha256", DiscardAudit.sha256(d.payload()));
        body.put("audit", audit.where());
        ProducerRecord<String, byte[]> marker = new ProducerRecord<>(Topics.DLQ, d.requestId(), Json.toBytes(body));
        marker.headers().add(DeadLetters.DISCARDED_OFFSET, DeadLetters.bytes(Long.toString(d.offset())));
        RecordMetadata sent = sender.send(marker);
        String at = sent.topic() + "/" + sent.partition() + "/" + sent.offset();
        log.info("dead letter {} (request {}, {}, {}) discarded by {}: {}; marker {}, audit {}", d.offset(),
                d.requestId(), d.stage(), d.state(), request.by(), request.reason(), at, audit.where());
        return new Outcome(d, Action.DISCARDED, at);
    }

    @Override
    public void close() {
        sender.close();
    }
}
