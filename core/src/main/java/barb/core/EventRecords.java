package barb.core;

import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.header.Header;
import org.apache.kafka.common.header.Headers;

import java.nio.charset.StandardCharsets;

/**
 * How a {@link BarbEvent} travels on {@link Topics#EVENTS}: keyed by its request, its JSON as the value, and its type
 * in the header {@link #TYPE_HEADER} as well, so a reader that wants only some types (the trace-sink, the ops
 * figures) skips the others without parsing them. A record without the header (written before it existed) is
 * parsed as before.
 */
public final class EventRecords {
    /** The event's type in its wire name, e.g. {@code step_end}. */
    public static final String TYPE_HEADER = "barb-event-type";

    private EventRecords() {
    }

    public static ProducerRecord<String, byte[]> of(BarbEvent event) {
        ProducerRecord<String, byte[]> rec = new ProducerRecord<>(Topics.EVENTS, event.requestId(),
                Json.toBytes(event));
        rec.headers().add(TYPE_HEADER, event.type().wire().getBytes(StandardCharsets.UTF_8));
        return rec;
    }

    /** The type the record's header names; null when it has none or names no known type (then parse the value). */
    public static EventType typeOf(Headers headers) {
        Header h = headers == null ? null : headers.lastHeader(TYPE_HEADER);
        if (h == null || h.value() == null) {
            return null;
        }
        String wire = new String(h.value(), StandardCharsets.UTF_8);
        for (EventType t : EventType.values()) {
            if (t.wire().equals(wire)) {
                return t;
            }
        }
        return null;
    }
}
