package barb.core;

import com.fasterxml.jackson.annotation.JsonCreator;
import com.fasterxml.jackson.annotation.JsonValue;

/**
 * How a replayed request ({@link RequestEnvelope#replayOf()}) runs.
 *
 * <p>{@link #SHADOW}: through the whole pipeline, but the user never sees it: no chat state is written, the
 * trace-sink stores its traces marked as a shadow replay and leaves the chat's messages, statistics, title and
 * memory alone, and no gateway relays it (no stream is subscribed to its new request id).
 * {@link #INTO_CHAT}: an explicit re-run into the original chat, stored and counted like a message of the user.
 */
public enum ReplayMode {
    SHADOW("shadow"),
    INTO_CHAT("into_chat");

    private final String wire;

    ReplayMode(String wire) {
        this.wire = wire;
    }

    @JsonValue
    public String wire() {
        return wire;
    }

    @JsonCreator
    public static ReplayMode fromWire(String value) {
        for (ReplayMode m : values()) {
            if (m.wire.equals(value)) {
                return m;
            }
        }
        throw new ContractException("unknown replay_mode: " + value);
    }
}
