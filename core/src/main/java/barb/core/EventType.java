package barb.core;

import com.fasterxml.jackson.annotation.JsonCreator;
import com.fasterxml.jackson.annotation.JsonValue;

/** Kinds of record on {@link Topics#EVENTS}; the wire name is also the SSE event name. */
public enum EventType {
    REQUEST_STARTED("request_started"),
    STEP_START("step_start"),
    STEP_END("step_end"),
    ACKNOWLEDGE("acknowledge"),
    DATA_BLOCK("data_block"),
    ANSWER("answer"),
    ERROR("error"),
    /** The user cancelled the request; a done event with route {@code cancelled} follows. */
    CANCELLED("cancelled"),
    DONE("done");

    private final String wire;

    EventType(String wire) {
        this.wire = wire;
    }

    @JsonValue
    public String wire() {
        return wire;
    }

    @JsonCreator
    public static EventType fromWire(String value) {
        for (EventType t : values()) {
            if (t.wire.equals(value)) {
                return t;
            }
        }
        throw new ContractException("unknown event type: " + value);
    }
}
