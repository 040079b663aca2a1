package barb.gateway;

/** A request the gateway refuses: the status, a stable error code and a message naming what was wrong. */
final class HttpError extends RuntimeException {
    private final int status;
    private final String code;
    private final long retryAfterSeconds;

    HttpError(int status, String code, String message) {
        this(status, code, message, 0);
    }

    private HttpError(int status, String code, String message, long retryAfterSeconds) {
        super(message, null, false, false);
        this.status = status;
        this.code = code;
        this.retryAfterSeconds = retryAfterSeconds;
    }

    /** This error telling the client when to try again (a Retry-After header), for 429 and 503. */
    HttpError retryAfter(long seconds) {
        return new HttpError(status, code, getMessage(), seconds);
    }

    /** Seconds to wait before trying again, or 0 when the error says nothing about it. */
    long retryAfterSeconds() {
        return retryAfterSeconds;
    }

    static HttpError badRequest(String message) {
        return new HttpError(400, "invalid_request", message);
    }

    static HttpError notFound(String message) {
        return new HttpError(404, "not_found", message);
    }

    int status() {
        return status;
    }

    String code() {
        return code;
    }
}
