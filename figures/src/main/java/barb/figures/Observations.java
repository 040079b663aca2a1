package barb.figures;

import barb.core.BarbEvent;
import barb.core.ContractException;
import barb.core.EventType;
import barb.core.Json;
import barb.core.RequestCompletion;
import com.fasterxml.jackson.databind.JsonNode;
import org.apache.kafka.streams.KeyValue;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

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
