package barb.gateway;

/**
 * The client closed the connection before its request was read (a dropped upload, a closed tab). Nothing went
 * wrong on our side, so it is one log line, not an error with a stack trace.
 */
final class ClientGone extends RuntimeException {
    ClientGone(String message, Throwable cause) {
        super(message + " (" + cause.getClass().getSimpleName() + ")", null, false, false);
    }
}
