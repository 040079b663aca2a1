package barb.core;

/**
 * A failure a handler knows how to describe. {@code retriable} failures are tried again; the others end the
 * request with {@code userMessage} shown to the client.
 */
public class StageException extends RuntimeException {
    private final String code;
    private final boolean retriable;

    public StageException(String code, String userMessage, boolean retriable) {
        super(userMessage);
        this.code = code;
        this.retriable = retriable;
    }

    public StageException(String code, String userMessage, boolean retriable, Throwable cause) {
        super(userMessage, cause);
        this.code = code;
        this.retriable = retriable;
    }

    public String code() {
        return code;
    }

    public boolean retriable() {
        return retriable;
    }
}
