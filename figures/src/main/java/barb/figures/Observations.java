package barb.figures;

import barb.core.BarbEvent;
import barb.core.ContractException;
import barb.core.EventType;
import barb.core.Json;
import barb.core.RequestCompletion;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.databind.JsonNode;
import org.apache.kafka.streams.KeyValue;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.io.IOException;
import java.util.List;

/**
 * What one record of {@code barb.events.v1} counts towards, as (figure key, duration in ms; 0 for a key that only
 * counts). A {@code done} event is a finished request (under {@code requests}, its route, and {@code failed} when it
 * did not end well); a {@code step_end} is one step of its agent with its measured duration. Other events count
 * nothing (and are not even parsed when their record's type header says what they are); a record that is not an event
 * is skipped with a warning, never a crash.
 */
final class Observations {
    private static final Logger log = LoggerFactory.getLogger(Observations.class);

    private Observations() {
    }

    static List<KeyValue<String, Long>> ofEvent(byte[] value) {
        return ofEvent(null, value);
    }

    /**
     * @param type the type its record's header names, or null when it names none; a type that counts nothing is
     *             not parsed at all
     */
    static List<KeyValue<String, Long>> ofEvent(EventType type, byte[] value) {
        if (type != null && type != EventType.DONE && type != EventType.STEP_END) {
            return List.of();
        }
        if (type == EventType.STEP_END) {
            // The executor's step_end carries the whole result (tens of KB): read only the agent and the duration.
            return ofStepEnd(value);
        }
        BarbEvent event;
        try {
            event = Json.fromBytes(value, BarbEvent.class).validated();
        } catch (ContractException e) {
            log.warn("ops figures: skipped a record of the events topic that is not an event: {}", e.getMessage());
            return List.of();
        }
        if (event.type() == EventType.DONE) {
            return ofDone(event);
        }
        if (event.type() == EventType.STEP_END) {
            return ofStepEnd(event);
        }
        return List.of();
    }

    private static List<KeyValue<String, Long>> ofDone(BarbEvent event) {
        RequestCompletion completion;
        try {
            completion = event.completion();
        } catch (ContractException e) {
            log.warn("ops figures: done event of request {} without a readable completion: {}", event.requestId(),
                    e.getMessage());
            return List.of();
        }
        KeyValue<String, Long> request = KeyValue.pair(FigureKeys.REQUESTS, 0L);
        KeyValue<String, Long> route = KeyValue.pair(FigureKeys.route(completion.route()), 0L);
        if (completion.ok()) {
            return List.of(request, route);
        }
        return List.of(request, route, KeyValue.pair(FigureKeys.FAILED, 0L));
    }

    /** A step_end read field by field, skipping its input and output; the same figures as parsing it whole. */
    private static List<KeyValue<String, Long>> ofStepEnd(byte[] value) {
        String requestId = null;
        String agent = null;
        int step = 0;
        JsonNode duration = null;
        try (JsonParser p = Json.MAPPER.createParser(value)) {
            if (p.nextToken() != JsonToken.START_OBJECT) {
                throw new IOException("not an object");
            }
            while (p.nextToken() == JsonToken.FIELD_NAME) {
                String field = p.currentName();
                JsonToken t = p.nextToken();
                switch (field) {
                    case "request_id" -> requestId = t == JsonToken.VALUE_NULL ? null : p.getValueAsString();
                    case "agent" -> agent = t == JsonToken.VALUE_NULL ? null : p.getValueAsString();
                    case "step" -> step = p.getValueAsInt();
                    case "payload" -> duration = durationIn(p);
                    default -> p.skipChildren();
                }
            }
        } catch (IOException | RuntimeException e) {
            log.warn("ops figures: skipped a record of the events topic that is not an event: {}", e.getMessage());
            return List.of();
        }
        if (requestId == null || requestId.isBlank()) {
            log.warn("ops figures: skipped a record of the events topic that is not an event: request_id missing");
            return List.of();
        }
        if (duration == null || !duration.canConvertToLong() || duration.asLong() < 0) {
            log.warn("ops figures: step_end of request {} step {} without a duration", requestId, step);
            return List.of();
        }
        return List.of(KeyValue.pair(FigureKeys.stage(agent), duration.asLong()));
    }

    /** The payload's duration_ms, its other fields skipped; the parser is left at the payload's end. */
    private static JsonNode durationIn(JsonParser p) throws IOException {
        if (p.currentToken() != JsonToken.START_OBJECT) {
            p.skipChildren();
            return null;
        }
        JsonNode duration = null;
        while (p.nextToken() == JsonToken.FIELD_NAME) {
            String field = p.currentName();
            p.nextToken();
            if (field.equals("duration_ms")) {
                duration = p.readValueAsTree();
            } else {
                p.skipChildren();
            }
        }
        return duration;
    }

    private static List<KeyValue<String, Long>> ofStepEnd(BarbEvent event) {
        JsonNode duration = event.payload().get("duration_ms");
        if (duration == null || !duration.canConvertToLong() || duration.asLong() < 0) {
            log.warn("ops figures: step_end of request {} step {} without a duration", event.requestId(),
                    event.step());
            return List.of();
        }
        return List.of(KeyValue.pair(FigureKeys.stage(event.agent()), duration.asLong()));
    }
}
