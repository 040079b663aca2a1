package barb.gateway;

import java.sql.SQLException;
import java.time.Duration;
import java.util.Optional;

/**
 * Finds a request for the routes that name one (feedback, rows, cancel, events): first among this instance's
 * live requests, then in Postgres, then in the events topic, which knows a request before the trace-sink has
 * stored it and whether it is over before its completion is stored.
 */
final class RequestLookup {
    /** Clocks of the machines that stamp events may differ this much. */
    static final long CLOCK_SKEW_MS = 5_000;

    private final LiveRequests live;
    private final RequestStore requests;
    private final ChatStore chats;
    private final RequestEventLog events;
    private final long lifetimeMs;

    /** @param lifetime how long a request can run at most: its deadline plus the gateway's grace */
    RequestLookup(LiveRequests live, RequestStore requests, ChatStore chats, RequestEventLog events,
                  Duration lifetime) {
        this.live = live;
        this.requests = requests;
        this.chats = chats;
        this.events = events;
        this.lifetimeMs = lifetime.toMillis();
    }

    /**
     * The user's request; a 404 when there is no such request, it is another user's (exactly the same answer, so
     * ids reveal nothing) or its chat was deleted.
     */
    RequestRef owned(String requestId, String userId) throws SQLException {
        RequestRef ref = find(requestId).orElseThrow(RequestLookup::noSuchRequest);
        if (!userId.equals(ref.userId())) {
            throw noSuchRequest();
        }
        Optional<ChatStore.AnyChat> chat = chats.anyChat(ref.chatId());
        if (chat.isPresent() && !chat.get().active()) {
            throw noSuchRequest();
        }
        return ref;
    }

    Optional<RequestRef> find(String requestId) throws SQLException {
        Optional<RequestRef> here = live.get(requestId);
        if (here.isPresent()) {
            return here;
        }
        long now = System.currentTimeMillis();
        Optional<RequestRef> stored = requests.find(requestId);
        if (stored.isEmpty()) {
            return events.find(requestId, now - lifetimeMs - CLOCK_SKEW_MS);
        }
        RequestRef ref = stored.get();
        if (ref.finished() || ref.createdAtMs() + lifetimeMs < now) {
            return Optional.of(ref.asFinished());
        }
        // Still running as far as Postgres knows; its done event may simply not be stored yet.
        return Optional.of(events.find(requestId, ref.createdAtMs() - CLOCK_SKEW_MS).orElse(ref));
    }

    static HttpError noSuchRequest() {
        return HttpError.notFound("id: no such request");
    }
}
