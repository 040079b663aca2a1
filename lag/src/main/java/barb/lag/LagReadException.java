package barb.lag;

/** The lag could not be read: Kafka unreachable, timed out or refused. The message says which, for a person. */
public final class LagReadException extends RuntimeException {
    public LagReadException(String message, Throwable cause) {
        super(message, cause);
    }
}
