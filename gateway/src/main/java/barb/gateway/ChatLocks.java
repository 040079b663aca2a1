package barb.gateway;

import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.LongSupplier;

/**
 * One running request per chat. A message in a chat whose previous request still runs is refused (HTTP 409)
 * rather than queued: the client sees at once that it must wait, and a queued message would be answered with a
 * memory that does not hold the answer the user has not seen yet.
 *
 * <p>A lock ends when its holder releases it or when it expires (the request's deadline plus grace), so a
 * stream that died without releasing cannot block its chat for good. The locks live in this gateway instance:
 * with several instances, messages of one chat must reach the same instance (sticky routing by chat id).
 */
final class ChatLocks {
    private record Holder(String requestId, long expiresAtMs) {
    }

    private final Map<String, Holder> held = new ConcurrentHashMap<>();
    private final LongSupplier clockMs;

    ChatLocks(LongSupplier clockMs) {
        this.clockMs = clockMs;
    }

    ChatLocks() {
        this(System::currentTimeMillis);
    }

    /** True when {@code requestId} now holds the chat; false when another unexpired request holds it. */
    boolean tryAcquire(String chatId, String requestId, long expiresAtMs) {
        long now = clockMs.getAsLong();
        Holder mine = new Holder(requestId, expiresAtMs);
        Holder result = held.compute(chatId, (id, current) ->
                current == null || current.expiresAtMs() <= now ? mine : current);
        return result == mine;
    }

    /** Releases the chat if {@code requestId} still holds it. */
    void release(String chatId, String requestId) {
        held.computeIfPresent(chatId, (id, current) -> current.requestId().equals(requestId) ? null : current);
    }

    /** The request that holds the chat now, if any. */
    Optional<String> holder(String chatId) {
        Holder h = held.get(chatId);
        return h != null && h.expiresAtMs() > clockMs.getAsLong() ? Optional.of(h.requestId()) : Optional.empty();
    }

    boolean isBusy(String chatId) {
        Holder h = held.get(chatId);
        return h != null && h.expiresAtMs() > clockMs.getAsLong();
    }
}
