package barb.gateway;

import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.LongSupplier;

/**
 * The requests this gateway instance accepted recently. They are known here before the trace-sink stores them, so
 * a user can cancel or resume a request the moment it starts. Entries are kept a while after the request's
 * deadline (a late cancel must still learn that the request is over), then forgotten.
 */
final class LiveRequests {
    /** How long an entry outlives the request's give-up time. */
    static final long KEEP_AFTER_MS = 5 * 60_000;

    private record Entry(RequestRef ref, long forgetAtMs) {
    }

    private final Map<String, Entry> entries = new ConcurrentHashMap<>();
    private final LongSupplier clockMs;

    LiveRequests(LongSupplier clockMs) {
        this.clockMs = clockMs;
    }

    LiveRequests() {
        this(System::currentTimeMillis);
    }

    void started(String requestId, String userId, String chatId, long createdAtMs, long giveUpAtMs) {
        forgetOld();
        entries.put(requestId, new Entry(new RequestRef(requestId, userId, chatId, createdAtMs, false),
                giveUpAtMs + KEEP_AFTER_MS));
    }

    /** The request is over: its done event or the chat state it wrote was seen, or its stream gave up. */
    void finished(String requestId) {
        entries.computeIfPresent(requestId, (id, e) -> new Entry(e.ref().asFinished(), e.forgetAtMs()));
    }

    Optional<RequestRef> get(String requestId) {
        Entry e = entries.get(requestId);
        return e == null || e.forgetAtMs() < clockMs.getAsLong() ? Optional.empty() : Optional.of(e.ref());
    }

    int size() {
        return entries.size();
    }

    private void forgetOld() {
        long now = clockMs.getAsLong();
        entries.values().removeIf(e -> e.forgetAtMs() < now);
    }
}
