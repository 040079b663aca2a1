package barb.gateway;

import barb.core.BarbEvent;
import barb.core.EventType;
import io.helidon.http.HeaderNames;
import io.helidon.webserver.http.ServerRequest;
import io.helidon.webserver.http.ServerResponse;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.sql.SQLException;
import java.time.Duration;

/**
 * {@code GET /requests/{id}/events}: a request's events as SSE, from the one after the client's
 * {@code Last-Event-ID} on, then live until done. They are read back from the events topic
 * ({@link RequestEventLog}), so this works on any gateway instance, also after the one that held the original
 * stream went away, and for a request that finished long ago (as long as the topic keeps it).
 */
final class EventsStream {
    private static final Logger log = LoggerFactory.getLogger(EventsStream.class);
    private static final Duration CATCH_UP_WAIT = Duration.ofMillis(200);

    private final GatewayConfig config;
    private final RequestLookup lookup;
    private final RequestEventLog eventLog;
    private final ChatStateView states;
    private final GatewayMetrics metrics;

    EventsStream(GatewayConfig config, RequestLookup lookup, RequestEventLog eventLog, ChatStateView states,
                 GatewayMetrics metrics) {
        this.config = config;
        this.lookup = lookup;
        this.eventLog = eventLog;
        this.states = states;
        this.metrics = metrics;
    }

    void handle(ServerRequest req, ServerResponse res, String userId) throws SQLException {
        String requestId = ChatRequest.parseUuid(req.path().pathParameters().get("id"), "id");
        int after = LastEventId.parse(req.headers().first(HeaderNames.create(LastEventId.HEADER)).orElse(null),
                requestId);
        RequestRef ref = lookup.owned(requestId, userId);
        long giveUpAt = ref.createdAtMs() + config.requestTimeout().toMillis() + config.grace().toMillis();
        log.info("request {}: events resumed after {}", requestId, after);
        metrics.streamOpened();
        try (RequestEventLog.Reader events = eventLog.open(requestId, ref.createdAtMs() - RequestLookup.CLOCK_SKEW_MS);
             SseWriter sse = SseWriter.open(res, requestId, after)) {
            relay(events, sse, ref, giveUpAt);
        } finally {
            metrics.streamClosed();
        }
    }

    /**
     * The same sequence the live stream sent: each client event in the topic's order, then done and the chat
     * event; or, when no done comes by the request's give-up time, the same timeout error.
     */
    private void relay(RequestEventLog.Reader events, SseWriter sse, RequestRef ref, long giveUpAt) {
        while (sse.isOpen()) {
            long left = giveUpAt - System.currentTimeMillis();
            // Past the give-up time only what the topic already holds matters: read it without long waits.
            Duration wait = left > 0 ? Duration.ofMillis(Math.min(left, config.heartbeat().toMillis())) : CATCH_UP_WAIT;
            BarbEvent event = events.next(wait);
            if (event == null) {
                if (System.currentTimeMillis() >= giveUpAt && events.caughtUp()) {
                    sse.send(ClientEvents.timeout());
                    return;
                }
                if (left > 0) {
                    sse.heartbeat();
                }
                continue;
            }
            if (event.type() == EventType.DONE) {
                sse.send(ClientEvents.of(event));
                sse.send(ClientEvents.chatAfter(event, states.get(ref.chatId())));
                return;
            }
            ClientEvents.ClientEvent client = ClientEvents.of(event);
            if (client != null) {
                sse.send(client);
            }
        }
        log.info("request {}: client gone from the resumed stream", ref.requestId());
    }
}
