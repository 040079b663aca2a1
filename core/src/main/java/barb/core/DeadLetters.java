package barb.core;

import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.header.Header;
import org.apache.kafka.common.header.Headers;

import java.nio.charset.StandardCharsets;
import java.util.OptionalLong;

/**
 * The format of a record in {@link Topics#DLQ}: the failed record's key, value and headers unchanged, plus the
 * {@code barb.dlq.*} headers below saying where it failed, why, and how often. Every service that dead-letters
 * (the stage workers, the trace-sink) writes it through {@link #of}, and {@code barb dlq} reads it back.
 *
 * <p>A dead letter is re-driven by publishing its key and value to the topic it failed on, with the
 * {@code barb.redrive.*} headers: they carry the attempt count and the first failure's time, so a re-driven record
 * that fails again comes back with its count raised. Once the count reaches {@link #MAX_ATTEMPTS} the record is
 * parked: it stays in the topic and is not re-driven again, so a record that always fails cannot loop.
 */
public final class DeadLetters {
    /** Failures (the first one and each failed re-drive) after which a dead letter is parked. */
    public static final int MAX_ATTEMPTS = 3;

    /** The failure's message; named "reason" since the first format, which had nothing else. */
    public static final String MESSAGE = "barb.dlq.reason";
    public static final String STAGE = "barb.dlq.stage";
    /** {@code topic-partition@offset} of the failed record (the first format; kept for readers of it). */
    public static final String SOURCE = "barb.dlq.source";
    public static final String TOPIC = "barb.dlq.topic";
    public static final String PARTITION = "barb.dlq.partition";
    public static final String OFFSET = "barb.dlq.offset";
    /** {@link DeadLetterReason#wire()}. */
    public static final String REASON_CLASS = "barb.dlq.reason-class";
    /** The exception's class name. */
    public static final String ERROR = "barb.dlq.error";
    public static final String ATTEMPTS = "barb.dlq.attempts";
    public static final String MAX_ATTEMPTS_HEADER = "barb.dlq.max-attempts";
    public static final String FIRST_FAILURE_MS = "barb.dlq.first-failure-ms";
    public static final String LAST_FAILURE_MS = "barb.dlq.last-failure-ms";

    /** On a marker record in the DLQ: the offset of the dead letter that was re-driven. */
    public static final String REDRIVEN_OFFSET = "barb.dlq.redriven-offset";
    /**
     * On a marker record in the DLQ: the offset of the dead letter an operator discarded; the marker's value says
     * why, who and where the audit copy of the record is.
     */
    public static final String DISCARDED_OFFSET = "barb.dlq.discarded-offset";

    /** On a re-driven record: {@code topic/partition/offset} of the dead letter it came from. */
    public static final String REDRIVE_FROM = "barb.redrive.from";
    /** On a re-driven record: the failures so far. */
    public static final String REDRIVE_ATTEMPTS = "barb.redrive.attempts";
    public static final String REDRIVE_FIRST_FAILURE_MS = "barb.redrive.first-failure-ms";
    /** On a re-driven stage record: the new deadline of its request (the original one has long passed). */
    public static final String REDRIVE_DEADLINE_MS = "barb.redrive.deadline-ms";

    private static final String DLQ_PREFIX = "barb.dlq.";
    private static final String REDRIVE_PREFIX = "barb.redrive.";

    /**
     * One failure to file.
     *
     * @param stage      the agent name, or {@code trace-sink}
     * @param errorClass the exception's class name; null when the failure was not an exception
     */
    public record Failure(String stage, DeadLetterReason reason, String message, String errorClass) {
        public static Failure of(String stage, Throwable cause) {
            String message = cause.getMessage() == null ? cause.toString() : cause.getMessage();
            return new Failure(stage, FailureClassifier.reason(cause), message, cause.getClass().getName());
        }
    }

    private DeadLetters() {
    }

    /** The dead letter of {@code failed}; a re-driven record's attempt count goes up by one. */
    public static ProducerRecord<String, byte[]> of(ConsumerRecord<String, byte[]> failed, Failure failure,
                                                    long nowMs) {
        ProducerRecord<String, byte[]> dlq = new ProducerRecord<>(Topics.DLQ, failed.key(), failed.value());
        for (Header h : failed.headers()) {
            if (!isDeadLetterHeader(h.key())) {
                dlq.headers().add(h);
            }
        }
        long previousAttempts = longHeader(failed.headers(), REDRIVE_ATTEMPTS).orElse(0);
        long firstFailure = longHeader(failed.headers(), REDRIVE_FIRST_FAILURE_MS).orElse(nowMs);
        Headers h = dlq.headers();
        h.add(MESSAGE, bytes(failure.message() == null ? "unknown" : failure.message()));
        h.add(STAGE, bytes(failure.stage()));
        h.add(SOURCE, bytes(failed.topic() + "-" + failed.partition() + "@" + failed.offset()));
        h.add(TOPIC, bytes(failed.topic()));
        h.add(PARTITION, bytes(Integer.toString(failed.partition())));
        h.add(OFFSET, bytes(Long.toString(failed.offset())));
        h.add(REASON_CLASS, bytes(failure.reason().wire()));
        if (failure.errorClass() != null) {
            h.add(ERROR, bytes(failure.errorClass()));
        }
        h.add(ATTEMPTS, bytes(Long.toString(previousAttempts + 1)));
        h.add(MAX_ATTEMPTS_HEADER, bytes(Integer.toString(MAX_ATTEMPTS)));
        h.add(FIRST_FAILURE_MS, bytes(Long.toString(firstFailure)));
        h.add(LAST_FAILURE_MS, bytes(Long.toString(nowMs)));
        String from = header(failed.headers(), REDRIVE_FROM);
        if (from != null) {
            h.add(REDRIVE_FROM, bytes(from));
        }
        return dlq;
    }

    /**
     * True for the headers this class writes ({@code barb.dlq.*}, {@code barb.redrive.*}); the others are the
     * record's own and travel with it through dead-lettering and re-driving.
     */
    public static boolean isDeadLetterHeader(String name) {
        return name.startsWith(DLQ_PREFIX) || name.startsWith(REDRIVE_PREFIX);
    }

    /** The new deadline a re-drive gave the record, if it was re-driven. */
    public static OptionalLong redriveDeadline(Headers headers) {
        return longHeader(headers, REDRIVE_DEADLINE_MS);
    }

    /** Where the record was re-driven from, or null when it was not re-driven. */
    public static String redrivenFrom(Headers headers) {
        return header(headers, REDRIVE_FROM);
    }

    /** The last value of a header as text, or null when it is absent. */
    public static String header(Headers headers, String name) {
        Header h = headers.lastHeader(name);
        return h == null || h.value() == null ? null : new String(h.value(), StandardCharsets.UTF_8);
    }

    /** A numeric header; absent or not a number counts as absent (a hand-made record must not stop a worker). */
    public static OptionalLong longHeader(Headers headers, String name) {
        String text = header(headers, name);
        if (text == null) {
            return OptionalLong.empty();
        }
        try {
            return OptionalLong.of(Long.parseLong(text.strip()));
        } catch (NumberFormatException e) {
            return OptionalLong.empty();
        }
    }

    public static byte[] bytes(String s) {
        return s.getBytes(StandardCharsets.UTF_8);
    }
}
