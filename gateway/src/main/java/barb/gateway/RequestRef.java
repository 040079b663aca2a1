package barb.gateway;

/**
 * What the gateway knows of a request wherever it learned it (this instance's streams, Postgres or the events
 * topic): enough to tell whose it is, where to read its events from and whether it is over.
 *
 * @param createdAtMs when the gateway accepted it (none of its events is older)
 * @param finished    its done event was seen, its chat log completed, or its time is up
 */
record RequestRef(String requestId, String userId, String chatId, long createdAtMs, boolean finished) {
    RequestRef asFinished() {
        return new RequestRef(requestId, userId, chatId, createdAtMs, true);
    }
}
