package barb.dlq;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * One record of the dead-letter topic, read back from its headers ({@link barb.core.DeadLetters} writes them).
 *
 * @param offset         its offset in the dead-letter topic (one partition), which names it
 * @param writtenAtMs    when it was dead-lettered (the record's timestamp)
 * @param requestId      the record's key: the request id for every stage and event record
 * @param stage          the agent name, or {@code trace-sink}
 * @param reason         the reason class ({@link barb.core.DeadLetterReason#wire()})
 * @param message        the failure's message
 * @param error          the exception's class name, or null
 * @param topic          the topic the record failed on, where a re-drive sends it
 * @param partition      its partition there, -1 when unknown
 * @param sourceOffset   its offset there, -1 when unknown
 * @param attempts       failures so far: 1 the first time, one more for each re-drive that failed
 * @param maxAttempts    failures after which it is parked
 * @param firstFailureMs when it failed the first time
 * @param lastFailureMs  when it failed the last time
 * @param redrivenTo     {@code topic/partition/offset} it was re-driven to, or null while it waits
 * @param discarded      why, by whom and when an operator discarded it, or null
 * @param headers        every header, the original record's and the dead letter's (last value of each name);
 *                       empty when the reader was asked for counts only
 * @param payload        the record's value as it failed; null when the reader was asked for counts only
 */
public record DeadLetter(long offset, long writtenAtMs, String requestId, String stage, String reason, String message,
                         String error, String topic, int partition, long sourceOffset, int attempts,
                         int maxAttempts, long firstFailureMs, long lastFailureMs, String redrivenTo,
                         DiscardMarker discarded, Map<String, String> headers, byte[] payload) {

    /** Waiting and parked ones are open (an operator still has to deal with them); the others are dealt with. */
    public enum State { WAITING, PARKED, REDRIVEN, DISCARDED }

    public DeadLetter {
        // in the order the record carried them: the original headers first, then the dead letter's
        headers = headers == null ? Map.of() : Collections.unmodifiableMap(new LinkedHashMap<>(headers));
    }

    public State state() {
        if (redrivenTo != null) {
            return State.REDRIVEN;
        }
        if (discarded != null) {
            return State.DISCARDED;
        }
        return attempts >= maxAttempts ? State.PARKED : State.WAITING;
    }

    /** Still in the topic for an operator: waiting for a re-drive, or parked. */
    public boolean open() {
        return redrivenTo == null && discarded == null;
    }

    public long ageMs(long nowMs) {
        return Math.max(0, nowMs - writtenAtMs);
    }

    /** Where it failed, as {@code topic/partition/offset}. */
    public String source() {
        return topic + "/" + partition + "/" + sourceOffset;
    }

    DeadLetter redriven(String to) {
        return new DeadLetter(offset, writtenAtMs, requestId, stage, reason, message, error, topic, partition,
                sourceOffset, attempts, maxAttempts, firstFailureMs, lastFailureMs, to, discarded, headers, payload);
    }

    DeadLetter discarded(DiscardMarker marker) {
        return new DeadLetter(offset, writtenAtMs, requestId, stage, reason, message, error, topic, partition,
                sourceOffset, attempts, maxAttempts, firstFailureMs, lastFailureMs, redrivenTo, marker, headers,
                payload);
    }
}
