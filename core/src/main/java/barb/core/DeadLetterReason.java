package barb.core;

/**
 * Why a record is in the dead-letter topic, as the operator filters on it ({@code barb dlq list --reason}).
 * Written to the {@code barb.dlq.reason-class} header under {@link #wire()}.
 */
public enum DeadLetterReason {
    /** The record does not match its contract (not JSON, a required field missing): no retry can help. */
    BAD_RECORD("bad_record"),
    /** A transient failure (I/O, a timeout, a busy service) outlasted the stage's retries. */
    RETRIES_EXHAUSTED("retries_exhausted"),
    /** A failure the handler did not describe: a bug, to be re-driven once the fix is deployed. */
    UNEXPECTED_ERROR("unexpected_error"),
    /** The trace-sink's database refused the event (a constraint, a value out of range). */
    DATABASE_REFUSED("database_refused"),
    /** Written before dead letters carried a reason class. */
    UNCLASSIFIED("unclassified");

    private final String wire;

    DeadLetterReason(String wire) {
        this.wire = wire;
    }

    public String wire() {
        return wire;
    }

    /** @throws IllegalArgumentException listing the known reasons */
    public static DeadLetterReason fromWire(String text) {
        for (DeadLetterReason r : values()) {
            if (r.wire.equals(text)) {
                return r;
            }
        }
        throw new IllegalArgumentException("unknown reason '" + text + "'; one of " + wireNames());
    }

    public static String wireNames() {
        StringBuilder s = new StringBuilder();
        for (DeadLetterReason r : values()) {
            if (!s.isEmpty()) {
                s.append(", ");
            }
            s.append(r.wire);
        }
        return s.toString();
    }
}
