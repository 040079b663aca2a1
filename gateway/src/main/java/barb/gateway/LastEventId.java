package barb.gateway;

/**
 * The {@code Last-Event-ID} a reconnecting client sends: {@code <request_id>:<n>}, the id of the last event it got.
 * Absent means it has none yet (0).
 */
final class LastEventId {
    static final String HEADER = "Last-Event-ID";

    private LastEventId() {
    }

    /** The n of the client's last event of {@code requestId}; a 400 naming the header when it does not fit. */
    static int parse(String raw, String requestId) {
        if (raw == null || raw.isBlank()) {
            return 0;
        }
        String value = raw.trim();
        int colon = value.lastIndexOf(':');
        if (colon < 0) {
            throw HttpError.badRequest(HEADER + ": expected <request_id>:<n>");
        }
        String ofRequest = value.substring(0, colon);
        if (!ofRequest.equalsIgnoreCase(requestId)) {
            throw HttpError.badRequest(HEADER + ": is an event of another request");
        }
        try {
            int n = Integer.parseInt(value.substring(colon + 1));
            if (n >= 0) {
                return n;
            }
        } catch (NumberFormatException e) {
            // falls through to the error below
        }
        throw HttpError.badRequest(HEADER + ": n must be a whole number of at least 0");
    }
}
