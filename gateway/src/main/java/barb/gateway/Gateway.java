package barb.gateway;

import barb.core.Json;
import barb.core.KafkaSettings;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.helidon.webserver.WebServer;
import io.helidon.webserver.http.HttpRouting;
import io.helidon.webserver.http.ServerRequest;
import io.helidon.webserver.http.ServerResponse;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.AdminClientConfig;
import org.apache.kafka.clients.admin.DescribeClusterOptions;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import javax.sql.DataSource;
import java.sql.SQLException;
import java.time.Duration;
import java.util.Properties;
import java.util.concurrent.TimeUnit;

/**
 * The HTTP face of Barb: {@code POST /chat/stream} (SSE), {@code GET /chats}, {@code GET /chats/{id}/messages}
 * and {@code GET /healthz}, on Helidon SE's virtual-thread web server.
 *
 * <p>Authentication does not exist yet: every request is the configured dev user, and start-up says so loudly.
 */
public final class Gateway implements AutoCloseable {
    private static final Logger log = LoggerFactory.getLogger(Gateway.class);
    /** Hard cap enforced by the server itself; our own 64 KiB check answers with JSON below it. */
    private static final long SERVER_MAX_PAYLOAD = 1024 * 1024;
    private static final Duration CHAT_STATE_CATCH_UP = Duration.ofSeconds(120);
    private static final int DEFAULT_MESSAGE_LIMIT = 100;
    private static final int MAX_MESSAGE_LIMIT = 1000;

    private final GatewayConfig config;
    private final EventRelay relay;
    private final ChatStateView states;
    private final KafkaProducer<String, byte[]> producer;
    private final Admin admin;
    private final ChatStore store;
    private final ChatStream stream;
    private WebServer server;

    private Gateway(GatewayConfig config, KafkaSettings kafka, DataSource db, EventRelay relay, ChatStateView states) {
        this.config = config;
        this.relay = relay;
        this.states = states;
        String clientId = "barb-gateway-" + ProcessHandle.current().pid() + "-" + System.nanoTime();
        this.producer = new KafkaProducer<>(kafka.producer(clientId));
        Properties adminProps = new Properties();
        adminProps.put(AdminClientConfig.BOOTSTRAP_SERVERS_CONFIG, kafka.bootstrap());
        adminProps.put(AdminClientConfig.CLIENT_ID_CONFIG, clientId + "-admin");
        this.admin = Admin.create(adminProps);
        this.store = new ChatStore(db);
        this.stream = new ChatStream(config, relay, states, new ChatLocks(), store, producer);
    }

    /**
     * Starts the event relay and the chat state view, and only then the HTTP server, so no request is accepted
     * before the gateway can see its events. The topics must exist. The caller keeps owning {@code db}.
     */
    public static Gateway start(GatewayConfig config, KafkaSettings kafka, DataSource db) {
        log.warn("DEV MODE: no authentication, every request is user {}", config.devUserId());
        EventRelay relay = EventRelay.start(kafka);
        ChatStateView states;
        try {
            states = ChatStateView.start(kafka, CHAT_STATE_CATCH_UP);
        } catch (RuntimeException e) {
            relay.close();
            throw e;
        }
        Gateway gateway = new Gateway(config, kafka, db, relay, states);
        try {
            gateway.server = WebServer.builder()
                    .host(config.host())
                    .port(config.port())
                    .maxPayloadSize(SERVER_MAX_PAYLOAD)
                    .shutdownHook(false)
                    .routing(gateway::routes)
                    .build()
                    .start();
        } catch (RuntimeException e) {
            gateway.close();
            throw e;
        }
        log.info("gateway listening on http://{}:{}", config.host(), gateway.port());
        return gateway;
    }

    public int port() {
        return server.port();
    }

    private void routes(HttpRouting.Builder r) {
        r.post("/chat/stream", stream::handle)
                .get("/chats", this::chats)
                .get("/chats/{id}/messages", this::messages)
                .get("/healthz", this::health)
                .error(HttpError.class, (req, res, e) -> HttpJson.error(res, e))
                .error(Exception.class, this::unexpected);
    }

    private void chats(ServerRequest req, ServerResponse res) throws SQLException {
        HttpJson.send(res, 200, store.chats(config.devUserId()));
    }

    private void messages(ServerRequest req, ServerResponse res) throws SQLException {
        String chatId = ChatRequest.parseUuid(req.path().pathParameters().get("id"), "id");
        int limit = limit(req.query().first("limit").orElse(null));
        String userId = config.devUserId();
        if (store.activeChat(chatId, userId).isEmpty()) {
            throw HttpError.notFound("id: no such chat");
        }
        HttpJson.send(res, 200, store.messages(chatId, userId, limit));
    }

    private static int limit(String raw) {
        if (raw == null || raw.isBlank()) {
            return DEFAULT_MESSAGE_LIMIT;
        }
        try {
            int v = Integer.parseInt(raw.trim());
            if (v >= 1 && v <= MAX_MESSAGE_LIMIT) {
                return v;
            }
        } catch (NumberFormatException e) {
            // falls through to the error below
        }
        throw HttpError.badRequest("limit: must be a whole number between 1 and " + MAX_MESSAGE_LIMIT);
    }

    private void health(ServerRequest req, ServerResponse res) {
        boolean kafkaOk = relay.healthy() && states.healthy() && kafkaReachable();
        boolean postgresOk = store.reachable();
        boolean ok = kafkaOk && postgresOk;
        ObjectNode body = Json.object()
                .put("status", ok ? "ok" : "unavailable")
                .put("kafka", kafkaOk ? "ok" : "unavailable")
                .put("postgres", postgresOk ? "ok" : "unavailable");
        HttpJson.send(res, ok ? 200 : 503, body);
    }

    private boolean kafkaReachable() {
        try {
            admin.describeCluster(new DescribeClusterOptions().timeoutMs(2_000)).nodes().get(3, TimeUnit.SECONDS);
            return true;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return false;
        } catch (Exception e) {
            return false;
        }
    }

    private void unexpected(ServerRequest req, ServerResponse res, Exception e) {
        log.error("{} {} failed", req.prologue().method().text(), req.path().path(), e);
        if (res.isSent()) {
            return;
        }
        HttpJson.send(res, 500, Json.object().put("error", "internal").put("message", "internal error"));
    }

    @Override
    public void close() {
        if (server != null) {
            server.stop();
        }
        producer.close(Duration.ofSeconds(5));
        admin.close(Duration.ofSeconds(5));
        states.close();
        relay.close();
    }
}
