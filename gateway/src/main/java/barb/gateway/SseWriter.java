package barb.gateway;

import barb.core.Json;
import io.helidon.http.HeaderNames;
import io.helidon.http.sse.SseEvent;
import io.helidon.webserver.http.ServerResponse;
import io.helidon.webserver.sse.SseSink;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * A blocking SSE stream over Helidon's {@link SseSink}: each event gets {@code event:}, {@code id:} and one
 * {@code data:} line of JSON. A client that went away turns every later write into a no-op instead of an
 * exception, so the request's own work (releasing the chat, draining its events) carries on.
 */
final class SseWriter implements AutoCloseable {
    private static final Logger log = LoggerFactory.getLogger(SseWriter.class);

    private final SseSink sink;
    private final String requestId;
    private int seq;
    private volatile boolean open = true;

    private SseWriter(SseSink sink, String requestId) {
        this.sink = sink;
        this.requestId = requestId;
    }

    /** Sends the response headers; from here on the status is 200 and only events can follow. */
    static SseWriter open(ServerResponse res, String requestId) {
        // The sink sets Content-Type: text/event-stream and Cache-Control: no-cache itself.
        res.header(HeaderNames.create("X-Accel-Buffering"), "no");
        return new SseWriter(res.sink(SseSink.TYPE), requestId);
    }

    /** Writes one event with id {@code <request_id>:<seq>}; false when the client is gone. */
    boolean send(ClientEvents.ClientEvent event) {
        if (!open) {
            return false;
        }
        seq++;
        SseEvent sse = SseEvent.builder()
                .name(event.name())
                .id(requestId + ":" + seq)
                .data(Json.toString(event.data()))
                .build();
        try {
            sink.emit(sse);
            return true;
        } catch (RuntimeException e) {
            clientGone(e);
            return false;
        }
    }

    /** A comment line: keeps proxies from closing an idle stream and notices a vanished client. */
    boolean keepAlive() {
        if (!open) {
            return false;
        }
        try {
            sink.emit(SseEvent.builder().comment("keep-alive").build());
            return true;
        } catch (RuntimeException e) {
            clientGone(e);
            return false;
        }
    }

    boolean isOpen() {
        return open;
    }

    private void clientGone(RuntimeException e) {
        open = false;
        log.info("request {}: client disconnected from the stream ({}); the request carries on", requestId,
                e.toString());
    }

    @Override
    public void close() {
        try {
            sink.close();
        } catch (RuntimeException e) {
            log.debug("request {}: closing the stream failed: {}", requestId, e.toString());
        }
    }
}
