package barb.core;

/**
 * A user's request to stop a running request, on {@link Topics#CANCELS} keyed by the request id. Every stage
 * worker follows the topic ({@link CancelledRequests}) and stops working on a cancelled request.
 */
public record CancelRequest(int schemaVersion, String requestId, String userId, long requestedAtMs) {
    public static final int SCHEMA_VERSION = 1;

    public static CancelRequest of(String requestId, String userId, long nowMs) {
        return new CancelRequest(SCHEMA_VERSION, requestId, userId, nowMs);
    }

    public CancelRequest validated() {
        if (requestId == null || requestId.isBlank()) {
            throw new ContractException("cancel: request_id missing");
        }
        return this;
    }
}
