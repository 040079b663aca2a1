package barb.gateway;

import barb.core.BarbEvent;
import barb.core.ChatState;
import barb.core.EventRecords;
import barb.core.EventType;
import barb.core.Json;
import barb.core.RequestCompletion;
import barb.core.RequestEnvelope;
import barb.core.Stage;
import barb.core.Topics;
import io.helidon.webserver.http.ServerRequest;
import io.helidon.webserver.http.ServerResponse;
import org.apache.kafka.clients.producer.Producer;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.clients.producer.RecordMetadata;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.sql.SQLException;
import java.time.Duration;
import java.util.List;
import java.util.UUID;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

/**
 * {@code POST /chat/stream}: checks the message, takes the chat's lock, puts the request on Kafka and relays
 * the request's events to the client as SSE until its done event (or the deadline plus grace).
 *
 * <p>A client that disconnects (noticed at the next event or heartbeat) stops the relaying at once, which frees the
 * stream's thread, connection and queue; the request itself runs on, and the client can pick its events up again
 * with {@code GET /requests/{id}/events}. The chat stays locked until the request's chat state arrives
 * ({@link Gateway} releases it then), so the chat's next message still sees the answer it follows.
 */
final class ChatStream {
    private static final Logger log = LoggerFactory.getLogger(ChatStream.class);
    private static final long PRODUCE_TIMEOUT_MS = 15_000;
    /** The least time given to the chat state to arrive after done, however late done came. */
    private static final long MIN_STATE_WAIT_MS = 2_000;

    /** How a stream ended, as the request-duration meter's {@code outcome}. */
    static final String DONE = "done";
    static final String TIMEOUT = "timeout";
    static final String FAILED = "failed";
    static final String CLIENT_GONE = "client_gone";

    private final GatewayConfig config;
    private final EventRelay relay;
    private final ChatStateView states;
    private final ChatLocks locks;
    private final Chats chats;
    private final LiveRequests live;
    private final Producer<String, byte[]> producer;
    private final GatewayMetrics metrics;
    private final UserLimits limits;

    ChatStream(GatewayConfig config, EventRelay relay, ChatStateView states, ChatLocks locks, Chats chats,
               LiveRequests live, Producer<String, byte[]> producer, GatewayMetrics metrics, UserLimits limits) {
        this.config = config;
        this.relay = relay;
        this.states = states;
        this.locks = locks;
        this.chats = chats;
        this.live = live;
        this.producer = producer;
        this.metrics = metrics;
        this.limits = limits;
    }

    /** @param userId the signed-in user (or the dev user), already checked */
    void handle(ServerRequest req, ServerResponse res, String userId) throws SQLException {
        ChatRequest body = ChatRequest.parse(HttpJson.readBody(req), config.maxMessageChars());
        boolean newChat = body.chatId() == null;
        String chatId = newChat ? UUID.randomUUID().toString() : body.chatId();
        ChatState state = newChat ? ChatState.fresh(chatId, userId) : chats.forMessage(chatId, userId, "chat_id");
        boolean needsTitle = newChat || state.title() == null;

        String requestId = UUID.randomUUID().toString();
        long now = System.currentTimeMillis();
        long deadline = now + config.requestTimeout().toMillis();
        long giveUpAt = deadline + config.grace().toMillis();
        // admitted before the chat's lock is taken: a refused request holds nothing. The admission ends with the
        // stream; a request whose client went away runs on outside the user's count of running requests.
        UserLimits.Admission admitted = limits.admit(userId);
        if (!locks.tryAcquire(chatId, requestId, giveUpAt)) {
            admitted.close();
            throw new HttpError(409, "chat_busy", "chat_id: the previous message in this chat is still being "
                    + "answered; send this one when it has finished");
        }
        boolean releaseChat = true;
        try (EventRelay.Subscription events = relay.subscribe(requestId)) {
            RequestEnvelope env = RequestEnvelope.start(requestId, chatId, userId, body.message(), now, deadline,
                    needsTitle, state);
            live.started(requestId, userId, chatId, now, giveUpAt);
            try {
                publish(env, newChat, now);
            } catch (HttpError e) {
                live.finished(requestId);
                throw e;
            }
            log.info("request {} started in {} chat {}", requestId, newChat ? "new" : "existing", chatId);
            metrics.streamOpened();
            String outcome = FAILED;
            try (SseWriter sse = SseWriter.open(res, requestId)) {
                outcome = stream(events, sse, chatId, userId, requestId, giveUpAt);
            } finally {
                metrics.streamClosed();
                metrics.requestEnded(outcome, System.currentTimeMillis() - now);
            }
            if (outcome.equals(CLIENT_GONE)) {
                // The request runs on: its chat state releases the chat (see Gateway), or the lock expires.
                releaseChat = false;
            } else {
                live.finished(requestId);
            }
        } finally {
            if (releaseChat) {
                locks.release(chatId, requestId);
            }
            admitted.close();
        }
    }

    /** The replay record, the started event and the first stage's envelope, all acknowledged by the broker. */
    private void publish(RequestEnvelope env, boolean newChat, long now) {
        byte[] envelope = Json.toBytes(env);
        List<ProducerRecord<String, byte[]>> records = List.of(
                new ProducerRecord<>(Topics.REQUESTS, env.requestId(), envelope),
                EventRecords.of(BarbEvent.requestStarted(env, newChat, now)),
                new ProducerRecord<>(Stage.INTENT.topic(), env.requestId(), envelope));
        try {
            List<Future<RecordMetadata>> acks = records.stream().map(producer::send).toList();
            for (Future<RecordMetadata> ack : acks) {
                ack.get(PRODUCE_TIMEOUT_MS, TimeUnit.MILLISECONDS);
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw unavailable(env, e);
        } catch (ExecutionException | TimeoutException | RuntimeException e) {
            throw unavailable(env, e);
        }
    }

    private static HttpError unavailable(RequestEnvelope env, Exception e) {
        log.error("request {}: could not be put on Kafka: {}", env.requestId(), e.toString());
        return new HttpError(503, "unavailable", "the request could not be queued; try again shortly");
    }

    /**
     * Relays until done, the give-up time or the client's going. On done it first waits for the chat state that
     * request wrote and releases the chat, then sends done: a client that sends its next message as soon as the
     * stream ends is never refused.
     *
     * @return how the stream ended: {@link #DONE}, {@link #TIMEOUT}, {@link #FAILED} or {@link #CLIENT_GONE}
     */
    private String stream(EventRelay.Subscription events, SseWriter sse, String chatId, String userId,
                          String requestId, long giveUpAt) {
        try {
            while (true) {
                if (!sse.isOpen()) {
                    log.info("request {}: client gone; stream closed, the request carries on", requestId);
                    return CLIENT_GONE;
                }
                long left = giveUpAt - System.currentTimeMillis();
                if (left <= 0) {
                    log.warn("request {}: no done event by the deadline plus grace; ending the stream", requestId);
                    sse.send(ClientEvents.timeout());
                    return TIMEOUT;
                }
                BarbEvent event = events.next(Duration.ofMillis(Math.min(left, config.heartbeat().toMillis())));
                if (event == null) {
                    if (System.currentTimeMillis() < giveUpAt) {
                        sse.heartbeat();
                    }
                    continue;
                }
                if (event.type() == EventType.DONE) {
                    finish(event, sse, chatId, userId, requestId, giveUpAt);
                    return DONE;
                }
                ClientEvents.ClientEvent client = ClientEvents.of(event);
                if (client != null) {
                    sse.send(client);
                }
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            log.warn("request {}: stream interrupted", requestId);
            return FAILED;
        } catch (RuntimeException e) {
            log.error("request {}: relaying failed", requestId, e);
            sse.send(new ClientEvents.ClientEvent("error", ClientEvents.error("internal",
                    "The answer could not be delivered. Please try again.")));
            return FAILED;
        }
    }

    private void finish(BarbEvent done, SseWriter sse, String chatId, String userId, String requestId, long giveUpAt)
            throws InterruptedException {
        long waitMs = Math.max(giveUpAt - System.currentTimeMillis(), MIN_STATE_WAIT_MS);
        if (!states.awaitRequest(chatId, requestId, Duration.ofMillis(waitMs))) {
            log.warn("request {}: chat state of chat {} not seen {} ms after done; releasing the chat anyway",
                    requestId, chatId, waitMs);
        }
        locks.release(chatId, requestId);
        RequestCompletion completion = ClientEvents.completionOrNull(done);
        if (completion == null) {
            log.warn("request {}: done event without a valid completion", requestId);
        } else if (completion.usage() != null) {
            limits.spent(userId, completion.usage().values().stream()
                    .mapToLong(u -> u.inputTokens() + u.outputTokens() + u.thinkingTokens()).sum());
        }
        sse.send(ClientEvents.of(done));
        sse.send(ClientEvents.chatAfter(done, states.get(chatId)));
        log.info("request {} done, client {}", requestId, sse.isOpen() ? "received it" : "had gone");
    }
}
