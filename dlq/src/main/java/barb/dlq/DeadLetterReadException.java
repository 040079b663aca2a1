package barb.dlq;

/** The dead-letter topic could not be read or written; the message is one sentence for the operator. */
public final class DeadLetterReadException extends RuntimeException {
    public DeadLetterReadException(String message, Throwable cause) {
        super(message, cause);
    }

    public DeadLetterReadException(String message) {
        super(message);
    }
}
