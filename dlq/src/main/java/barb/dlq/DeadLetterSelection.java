package barb.dlq;

/**
 * Which dead letters a command means. A null field matches everything.
 *
 * @param stage     agent name or {@code trace-sink}
 * @param reason    reason class
 * @param requestId the record's key
 */
public record DeadLetterSelection(String stage, String reason, String requestId) {
    public static final DeadLetterSelection EVERYTHING = new DeadLetterSelection(null, null, null);

    public boolean matches(DeadLetter d) {
        return (stage == null || stage.equals(d.stage()))
                && (reason == null || reason.equals(d.reason()))
                && (requestId == null || requestId.equals(d.requestId()));
    }

    public boolean selectsAll() {
        return stage == null && reason == null && requestId == null;
    }
}
