package barb.tracesink;

import barb.core.BarbEvent;
import barb.core.ContractException;
import barb.core.EventType;
import com.fasterxml.jackson.databind.JsonNode;

import java.util.UUID;

/** Which events the sink writes, and the checks they must pass before they reach the database. */
final class TraceEvents {
    static final String SHADOW = "shadow";

    /**
     * What a request_started event says about a replay.
     *
     * @param of   the replayed request, null for a user's own request
     * @param mode shadow | into_chat, null for a user's own request
     */
    record Replay(UUID of, String mode) {
        static final Replay NONE = new Replay(null, null);

        boolean shadow() {
            return SHADOW.equals(mode);
        }
    }

    private TraceEvents() {
    }

    /** The replay marks of a checked request_started event. */
    static Replay replay(BarbEvent e) {
        JsonNode of = e.payload().get("replay_of");
        if (of == null || of.isNull()) {
            return Replay.NONE;
        }
        JsonNode mode = e.payload().get("replay_mode");
        return new Replay(UUID.fromString(of.asText().trim()), mode == null ? null : mode.asText());
    }

    static boolean isTraced(EventType type) {
        return type == EventType.REQUEST_STARTED || type == EventType.STEP_END || type == EventType.DONE;
    }

    /** Throws {@link ContractException} naming the first field the database could not take. */
    static void check(BarbEvent e) {
        String type = e.type().wire();
        uuid(e.requestId(), type + ": request_id");
        uuid(e.chatId(), type + ": chat_id");
        if (e.userId() != null) {
            uuid(e.userId(), type + ": user_id");
        }
        switch (e.type()) {
            case REQUEST_STARTED -> {
                JsonNode q = e.payload().get("question");
                if (q == null || !q.isTextual()) {
                    throw new ContractException("request_started: payload.question missing");
                }
                checkReplay(e.payload());
            }
            case STEP_END -> {
                if (e.step() < 1) {
                    throw new ContractException("step_end: step must be >= 1, got " + e.step());
                }
                if (e.agent() == null || e.agent().isBlank()) {
                    throw new ContractException("step_end: agent missing");
                }
                JsonNode d = e.payload().get("duration_ms");
                if (d != null && !d.isNull() && !d.isNumber()) {
                    throw new ContractException("step_end: payload.duration_ms is not a number");
                }
            }
            case DONE -> e.completion();
            default -> {
            }
        }
    }

    /** A replay names a request by UUID and says how it ran; a user's own request names neither. */
    private static void checkReplay(JsonNode payload) {
        JsonNode of = payload.get("replay_of");
        JsonNode mode = payload.get("replay_mode");
        boolean hasOf = of != null && !of.isNull();
        if (!hasOf) {
            if (mode != null && !mode.isNull()) {
                throw new ContractException("request_started: payload.replay_mode without replay_of");
            }
            return;
        }
        uuid(of.asText(), "request_started: payload.replay_of");
        // A replay written before replay_mode existed ran into the chat: nothing hid it then.
        if (mode != null && !mode.isNull() && !SHADOW.equals(mode.asText()) && !"into_chat".equals(mode.asText())) {
            throw new ContractException("request_started: payload.replay_mode must be shadow or into_chat, got '"
                    + mode.asText() + "'");
        }
    }

    /** The id as a UUID; every id column of the schema is one. */
    static UUID uuid(String value, String field) {
        if (value == null || value.isBlank()) {
            throw new ContractException(field + " missing");
        }
        try {
            return UUID.fromString(value.trim());
        } catch (IllegalArgumentException e) {
            throw new ContractException(field + " is not a UUID: '" + value + "'");
        }
    }

    static UUID uuidOrNull(String value) {
        return value == null ? null : UUID.fromString(value.trim());
    }
}
