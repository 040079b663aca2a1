package barb.tracesink;

import barb.core.BarbEvent;
import barb.core.ContractException;
import barb.core.EventType;
import com.fasterxml.jackson.databind.JsonNode;

import java.util.UUID;

/** Which events the sink writes, and the checks they must pass before they reach the database. */
final class TraceEvents {
    private TraceEvents() {
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
