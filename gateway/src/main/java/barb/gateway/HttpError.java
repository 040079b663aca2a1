package barb.gateway;

/** A request the gateway refuses: the status, a stable error code and a message naming what was wrong. */
final class HttpError extends RuntimeException {
    private final int status;
    private final String code;

    HttpError(int status, String code, String message) {
        super(message, null, false, false);
        this.status = status;
        this.code = code;
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
