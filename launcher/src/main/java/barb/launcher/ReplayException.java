package barb.launcher;

/** Kafka could not be read or written during a replay; the message is the one sentence the user sees. */
final class ReplayException extends RuntimeException {
    ReplayException(String message) {
        super(message);
    }

    ReplayException(String message, Throwable cause) {
        super(message, cause);
    }
}
