package barb.gateway;

import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.LongSupplier;

/**
 * The requests this gateway instance accepted recently. They are known here before the trace-sink stores them, so
 * a user can cancel or resume a request the moment it starts. Entries are kept a while after the request's
 * deadline (a late cancel must still learn that the request is over), then forgotten.
 */
final class LiveRequests {
    /** How long an entry outlives the request's give-up time. */
    static final long KEEP_AFTER_MS = 5 * 60_000;
    /**
     * How often the old entries are swept out. A sweep walks every entry (minutes of traffic: tens of thousands at
     * load), so doing it at every request start cost 5 % of the pipeline's CPU at 32 chats.
     */
    static final long SWEEP_EVERY_MS = 1_000;

    private record Entry(RequestRef ref, long forgetAtMs) {
    }

    private final Map<String, Entry> entries = new ConcurrentHashMap<>();
    private final LongSupplier clockMs;
    private final AtomicLong nextSweepAtMs = new AtomicLong();

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
        long due = nextSweepAtMs.get();
        if (now < due || !nextSweepAtMs.compareAndSet(due, now + SWEEP_EVERY_MS)) {
            return;
        }
        entries.values().removeIf(e -> e.forgetAtMs() < now);
    }
}
