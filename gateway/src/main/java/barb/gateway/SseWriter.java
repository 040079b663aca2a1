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
 * exception, and {@link #isOpen()} says so, so the caller can stop and free what the stream holds.
 *
 * <p>Ids are {@code <request_id>:<n>}, n counting the request's client events from 1 in the order the events
 * topic holds them. A resumed stream counts the same way and skips the events its client already has.
 */
final class SseWriter implements AutoCloseable {
    private static final Logger log = LoggerFactory.getLogger(SseWriter.class);
    /** The comment an idle stream gets; {@code : heartbeat} on the wire. */
    static final String HEARTBEAT = " heartbeat";

    private final SseSink sink;
    private final String requestId;
    private final int resumeAfter;
    private int seq;
    private volatile boolean open = true;

    private SseWriter(SseSink sink, String requestId, int resumeAfter) {
        this.sink = sink;
        this.requestId = requestId;
        this.resumeAfter = resumeAfter;
    }

    /** Sends the response headers; from here on the status is 200 and only events can follow. */
    static SseWriter open(ServerResponse res, String requestId) {
        return open(res, requestId, 0);
    }

    /** As {@link #open(ServerResponse, String)}, for a client that already has events 1..{@code resumeAfter}. */
    static SseWriter open(ServerResponse res, String requestId, int resumeAfter) {
        // The sink sets Content-Type: text/event-stream and Cache-Control: no-cache itself.
        res.header(HeaderNames.create("X-Accel-Buffering"), "no");
        return new SseWriter(res.sink(SseSink.TYPE), requestId, resumeAfter);
    }

    /**
     * Writes the request's next event with id {@code <request_id>:<n>}, unless the client already has it; false
     * when the client is gone.
     */
    boolean send(ClientEvents.ClientEvent event) {
        if (!open) {
            return false;
        }
        seq++;
        if (seq <= resumeAfter) {
            return true;
        }
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
    boolean heartbeat() {
        if (!open) {
            return false;
        }
        try {
            sink.emit(SseEvent.builder().comment(HEARTBEAT).build());
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
        log.info("request {}: client disconnected from the stream ({})", requestId, e.toString());
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
