package barb.gateway;

import barb.core.BarbEvent;
import barb.core.ChatState;
import barb.core.ClarificationState;
import barb.core.EventType;
import barb.core.Json;
import barb.core.Memory;
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
import java.util.Optional;
import java.util.UUID;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

/**
 * {@code POST /chat/stream}: checks the message, takes the chat's lock, puts the request on Kafka and relays
 * the request's events to the client as SSE until its done event (or the deadline plus grace).
 */
final class ChatStream {
    private static final Logger log = LoggerFactory.getLogger(ChatStream.class);
    private static final long KEEP_ALIVE_MS = 15_000;
    private static final long PRODUCE_TIMEOUT_MS = 15_000;
    /** The least time given to the chat state to arrive after done, however late done came. */
    private static final long MIN_STATE_WAIT_MS = 2_000;

    private final GatewayConfig config;
    private final EventRelay relay;
    private final ChatStateView states;
    private final ChatLocks locks;
    private final ChatStore store;
    private final Producer<String, byte[]> producer;
    private final GatewayMetrics metrics;
    private final UserLimits limits;

    ChatStream(GatewayConfig config, EventRelay relay, ChatStateView states, ChatLocks locks, ChatStore store,
               Producer<String, byte[]> producer, GatewayMetrics metrics, UserLimits limits) {
        this.config = config;
        this.relay = relay;
        this.states = states;
        this.locks = locks;
        this.store = store;
        this.producer = producer;
        this.metrics = metrics;
        this.limits = limits;
    }

    /** @param userId the signed-in user (or the dev user), already checked */
    void handle(ServerRequest req, ServerResponse res, String userId) throws SQLException {
        ChatRequest body = ChatRequest.parse(HttpJson.readBody(req), config.maxMessageChars());
        boolean newChat = body.chatId() == null;
        String chatId = newChat ? UUID.randomUUID().toString() : body.chatId();
        ChatState state = newChat ? ChatState.fresh(chatId, userId) : existingChat(chatId, userId);
        boolean needsTitle = newChat || state.title() == null;

        String requestId = UUID.randomUUID().toString();
        long now = System.currentTimeMillis();
        long deadline = now + config.requestTimeout().toMillis();
        long giveUpAt = deadline + config.grace().toMillis();
        // admitted before the chat's lock is taken: a refused request holds nothing
        UserLimits.Admission admitted = limits.admit(userId);
        if (!locks.tryAcquire(chatId, requestId, giveUpAt)) {
            admitted.close();
            throw new HttpError(409, "chat_busy", "chat_id: the previous message in this chat is still being "
                    + "answered; send this one when it has finished");
        }
        try (EventRelay.Subscription events = relay.subscribe(requestId)) {
            RequestEnvelope env = RequestEnvelope.start(requestId, chatId, userId, body.message(), now, deadline,
                    needsTitle, state);
            publish(env, newChat, now);
            log.info("request {} started in {} chat {}", requestId, newChat ? "new" : "existing", chatId);
            metrics.streamOpened();
            String outcome = "failed";
            try (SseWriter sse = SseWriter.open(res, requestId)) {
                outcome = stream(events, sse, chatId, userId, requestId, giveUpAt);
            } finally {
                metrics.streamClosed();
                metrics.requestEnded(outcome, System.currentTimeMillis() - now);
            }
        } finally {
            locks.release(chatId, requestId);
            admitted.close();
        }
    }

    /** The chat's state, if the chat is the user's: first from the state topic, else from Postgres. */
    private ChatState existingChat(String chatId, String userId) throws SQLException {
        Optional<ChatState> known = states.get(chatId);
        if (known.isPresent()) {
            if (!userId.equals(known.get().userId())) {
                throw HttpError.notFound("chat_id: no such chat");
            }
            return known.get();
        }
        ChatStore.ChatRow row = store.activeChat(chatId, userId)
                .orElseThrow(() -> HttpError.notFound("chat_id: no such chat"));
        // Known to Postgres but not to the state topic (e.g. older than the topic): start its memory afresh.
        return new ChatState(chatId, userId, row.title(), Memory.empty(), ClarificationState.none(), null, 0);
    }

    /** The replay record, the started event and the first stage's envelope, all acknowledged by the broker. */
    private void publish(RequestEnvelope env, boolean newChat, long now) {
        byte[] envelope = Json.toBytes(env);
        List<ProducerRecord<String, byte[]>> records = List.of(
                new ProducerRecord<>(Topics.REQUESTS, env.requestId(), envelope),
                new ProducerRecord<>(Topics.EVENTS, env.requestId(),
                        Json.toBytes(BarbEvent.requestStarted(env, newChat, now))),
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
     * Relays until done. On done it first waits for the chat state that request wrote and releases the chat,
     * then sends done: a client that sends its next message as soon as the stream ends is never refused.
     */
    /** @return how the stream ended: done, timeout or failed */
    private String stream(EventRelay.Subscription events, SseWriter sse, String chatId, String userId,
                          String requestId, long giveUpAt) {
        try {
            while (true) {
                long left = giveUpAt - System.currentTimeMillis();
                if (left <= 0) {
                    log.warn("request {}: no done event by the deadline plus grace; ending the stream", requestId);
                    sse.send(new ClientEvents.ClientEvent("error", ClientEvents.error("timeout",
                            "No answer arrived in time. Please try again.")));
                    return "timeout";
                }
                BarbEvent event = events.next(Duration.ofMillis(Math.min(left, KEEP_ALIVE_MS)));
                if (event == null) {
                    if (System.currentTimeMillis() < giveUpAt) {
                        sse.keepAlive();
                    }
                    continue;
                }
                if (event.type() == EventType.DONE) {
                    finish(event, sse, chatId, userId, requestId, giveUpAt);
                    return "done";
                }
                ClientEvents.ClientEvent client = ClientEvents.of(event);
                if (client != null) {
                    sse.send(client);
                }
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            log.warn("request {}: stream interrupted", requestId);
            return "failed";
        } catch (RuntimeException e) {
            log.error("request {}: relaying failed", requestId, e);
            sse.send(new ClientEvents.ClientEvent("error", ClientEvents.error("internal",
                    "The answer could not be delivered. Please try again.")));
            return "failed";
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
        String title = states.get(chatId).map(ChatState::title)
                .orElse(completion != null && completion.chatState() != null ? completion.chatState().title() : null);
        sse.send(ClientEvents.chat(chatId, title));
        log.info("request {} done, client {}", requestId, sse.isOpen() ? "received it" : "had gone");
    }
}
