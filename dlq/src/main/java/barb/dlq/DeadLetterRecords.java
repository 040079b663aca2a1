package barb.dlq;

import barb.core.DeadLetterReason;
import barb.core.DeadLetters;
import barb.core.Json;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.common.header.Header;
import org.apache.kafka.common.header.Headers;

import java.nio.charset.StandardCharsets;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * Reads a record of the dead-letter topic as a {@link DeadLetter}, a {@link RedriveMarker} or a
 * {@link DiscardMarker}.
 */
final class DeadLetterRecords {
    private DeadLetterRecords() {
    }

    static boolean isMarker(ConsumerRecord<String, byte[]> rec) {
        return isRedriveMarker(rec) || isDiscardMarker(rec);
    }

    static boolean isRedriveMarker(ConsumerRecord<String, byte[]> rec) {
        return rec.headers().lastHeader(DeadLetters.REDRIVEN_OFFSET) != null;
    }

    static boolean isDiscardMarker(ConsumerRecord<String, byte[]> rec) {
        return rec.headers().lastHeader(DeadLetters.DISCARDED_OFFSET) != null;
    }

    /**
     * Null when the marker's offset is not a number. A marker whose body cannot be read still discards its dead
     * letter (it was written on purpose), with the reason saying the body was unreadable.
     */
    static DiscardMarker discardMarker(ConsumerRecord<String, byte[]> rec) {
        var offset = DeadLetters.longHeader(rec.headers(), DeadLetters.DISCARDED_OFFSET);
        if (offset.isEmpty()) {
            return null;
        }
        String reason = "(marker body unreadable)";
        String by = "?";
        String audit = null;
        try {
            var body = Json.parse(new String(rec.value(), StandardCharsets.UTF_8));
            reason = body.path("reason").asText(reason);
            by = body.path("by").asText(by);
            audit = body.path("audit").asText(null);
        } catch (RuntimeException e) {
            // keep the defaults above
        }
        return new DiscardMarker(offset.getAsLong(), reason, by, rec.timestamp(), audit);
    }

    /** Null when the marker's offset is not a number (nothing to drop then). */
    static RedriveMarker marker(ConsumerRecord<String, byte[]> rec) {
        var offset = DeadLetters.longHeader(rec.headers(), DeadLetters.REDRIVEN_OFFSET);
        if (offset.isEmpty()) {
            return null;
        }
        String to = null;
        try {
            to = Json.parse(new String(rec.value(), StandardCharsets.UTF_8)).path("to").asText(null);
        } catch (RuntimeException e) {
            // a marker without a readable body still marks its dead letter as re-driven
        }
        return new RedriveMarker(offset.getAsLong(), to == null ? "?" : to, rec.timestamp());
    }

    /**
     * The dead letter in {@code rec}. Records written before dead letters carried every header (only reason, stage
     * and {@code topic-partition@offset}) are read as far as they go: one attempt, no reason class.
     *
     * @param whole keep the headers and the payload; without them a dead letter takes about a tenth of the memory
     */
    static DeadLetter deadLetter(ConsumerRecord<String, byte[]> rec, boolean whole) {
        Headers h = rec.headers();
        String topic = DeadLetters.header(h, DeadLetters.TOPIC);
        int partition = (int) DeadLetters.longHeader(h, DeadLetters.PARTITION).orElse(-1);
        long sourceOffset = DeadLetters.longHeader(h, DeadLetters.OFFSET).orElse(-1);
        if (topic == null) {
            Source old = Source.parse(DeadLetters.header(h, DeadLetters.SOURCE));
            topic = old.topic();
            partition = old.partition();
            sourceOffset = old.offset();
        }
        String reason = DeadLetters.header(h, DeadLetters.REASON_CLASS);
        String stage = DeadLetters.header(h, DeadLetters.STAGE);
        long first = DeadLetters.longHeader(h, DeadLetters.FIRST_FAILURE_MS).orElse(rec.timestamp());
        long last = DeadLetters.longHeader(h, DeadLetters.LAST_FAILURE_MS).orElse(rec.timestamp());
        int attempts = (int) DeadLetters.longHeader(h, DeadLetters.ATTEMPTS).orElse(1);
        int max = (int) DeadLetters.longHeader(h, DeadLetters.MAX_ATTEMPTS_HEADER).orElse(DeadLetters.MAX_ATTEMPTS);
        return new DeadLetter(rec.offset(), rec.timestamp(), rec.key(), stage == null ? "unknown" : stage,
                reason == null ? DeadLetterReason.UNCLASSIFIED.wire() : reason,
                DeadLetters.header(h, DeadLetters.MESSAGE), DeadLetters.header(h, DeadLetters.ERROR), topic,
                partition, sourceOffset, attempts, max, first, last, null, null, whole ? headerMap(h) : Map.of(),
                whole ? rec.value() : null);
    }

    private static Map<String, String> headerMap(Headers headers) {
        Map<String, String> out = new LinkedHashMap<>();
        for (Header h : headers) {
            out.put(h.key(), h.value() == null ? "" : new String(h.value(), StandardCharsets.UTF_8));
        }
        return out;
    }

    /** The first format's {@code topic-partition@offset}; topics may hold dashes, so the last one splits. */
    private record Source(String topic, int partition, long offset) {
        static Source parse(String text) {
            if (text == null) {
                return new Source(null, -1, -1);
            }
            int at = text.lastIndexOf('@');
            int dash = at < 0 ? -1 : text.lastIndexOf('-', at);
            if (dash <= 0) {
                return new Source(null, -1, -1);
            }
            try {
                return new Source(text.substring(0, dash), Integer.parseInt(text.substring(dash + 1, at)),
                        Long.parseLong(text.substring(at + 1)));
            } catch (NumberFormatException e) {
                return new Source(null, -1, -1);
            }
        }
    }
}
