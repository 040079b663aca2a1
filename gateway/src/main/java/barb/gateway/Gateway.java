package barb.gateway;

import barb.core.ConsumerGroups;
import barb.core.Json;
import barb.core.KafkaSettings;
import barb.figures.FiguresService;
import barb.lag.LagMetrics;
import barb.lag.LagMonitor;
import barb.lag.LagSnapshot;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.helidon.http.HeaderNames;
import io.helidon.webserver.WebServer;
import io.helidon.webserver.http.Handler;
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
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.sql.SQLException;
import java.time.Duration;
import java.util.List;
import java.util.Properties;
import java.util.concurrent.TimeUnit;
import java.util.regex.Pattern;

/**
 * The HTTP face of Barb: the chat page ({@code GET /}, {@code /assets/*}, {@code /config.json}; {@link ChatPage}),
 * {@code POST /chat/stream} (SSE), {@code GET /chats}, {@code GET /chats/{id}/messages}, {@code GET /healthz}, and
 * for operators {@code GET /metrics} (Prometheus text: consumer lag, the process's stage
 * meters, JVM), {@code GET /lag} (the lag monitor's last snapshot as JSON) and the ops page under {@code /ops}
 * ({@link OpsRoutes}), on Helidon SE's virtual-thread web server.
 *
 * <p>Every API route needs a Supabase access token ({@link Authenticator}) unless the gateway runs in dev mode,
 * which only a loopback listen address allows; operator routes follow {@link OperatorAccess}; state-changing
 * requests must come from an allowed origin ({@link OriginCheck}). Unknown paths answer a JSON 404, known paths
 * with another method a JSON 405 with {@code Allow}.
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
    private final ProcessMetrics metrics;
    private final boolean ownsMetrics;
    private final Authenticator auth;
    private final OperatorAccess operators;
    private final ChatPage chatPage;
    private volatile OriginCheck origins;
    private LagMonitor lag;
    private FiguresService figures;
    private OpsRoutes ops;
    private WebServer server;

    private Gateway(GatewayConfig config, KafkaSettings kafka, DataSource db, EventRelay relay, ChatStateView states,
                    ProcessMetrics metrics, boolean ownsMetrics) {
        this.config = config;
        this.relay = relay;
        this.states = states;
        this.metrics = metrics;
        this.ownsMetrics = ownsMetrics;
        String clientId = "barb-gateway-" + ProcessHandle.current().pid() + "-" + System.nanoTime();
        this.producer = new KafkaProducer<>(kafka.producer(clientId));
        Properties adminProps = new Properties();
        adminProps.put(AdminClientConfig.BOOTSTRAP_SERVERS_CONFIG, kafka.bootstrap());
        adminProps.put(AdminClientConfig.CLIENT_ID_CONFIG, clientId + "-admin");
        this.admin = Admin.create(adminProps);
        this.store = new ChatStore(db);
        this.auth = new Authenticator(config.auth(), config.devUserId());
        this.operators = new OperatorAccess(config.operatorToken());
        this.chatPage = new ChatPage(config.auth());
        this.origins = OriginCheck.of(config.allowedOrigins(), config.host(), config.port());
        this.stream = new ChatStream(config, relay, states, new ChatLocks(), store, producer,
                new GatewayMetrics(metrics.registry()));
    }

    /**
     * A gateway with meters of its own (JVM and lag only) and the lag monitor's defaults over every Barb group.
     * See {@link #start(GatewayConfig, KafkaSettings, DataSource, ProcessMetrics, LagMonitor.Settings)}.
     */
    public static Gateway start(GatewayConfig config, KafkaSettings kafka, DataSource db) {
        return start(config, kafka, db, new ProcessMetrics(), true,
                LagMonitor.Settings.defaults(ConsumerGroups.all(ConsumerGroups.TRACE_SINK)), figuresInTempDir());
    }

    /**
     * Starts the event relay and the chat state view, and only then the HTTP server, so no request is accepted
     * before the gateway can see its events. The topics must exist. The caller keeps owning {@code db} and
     * {@code metrics}; the gateway runs (and stops) the lag monitor, which publishes into {@code metrics}.
     */
    public static Gateway start(GatewayConfig config, KafkaSettings kafka, DataSource db, ProcessMetrics metrics,
                                LagMonitor.Settings lagSettings) {
        return start(config, kafka, db, metrics, false, lagSettings, figuresInTempDir());
    }

    /**
     * As above, with the ops figures' Streams application id and state directory; the gateway runs (and stops) the
     * figures topology.
     */
    public static Gateway start(GatewayConfig config, KafkaSettings kafka, DataSource db, ProcessMetrics metrics,
                                LagMonitor.Settings lagSettings, FiguresService.Settings figuresSettings) {
        return start(config, kafka, db, metrics, false, lagSettings, figuresSettings);
    }

    /** The figures' default application id, with its state in a fresh temporary folder (the store is in memory). */
    private static FiguresService.Settings figuresInTempDir() {
        try {
            return FiguresService.Settings.defaults(Files.createTempDirectory("barb-ops-figures-"));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static Gateway start(GatewayConfig config, KafkaSettings kafka, DataSource db, ProcessMetrics metrics,
                                 boolean ownsMetrics, LagMonitor.Settings lagSettings,
                                 FiguresService.Settings figuresSettings) {
        logAuthMode(config);
        EventRelay relay;
        ChatStateView states;
        try {
            relay = EventRelay.start(kafka);
            try {
                states = ChatStateView.start(kafka, CHAT_STATE_CATCH_UP);
            } catch (RuntimeException e) {
                relay.close();
                throw e;
            }
        } catch (RuntimeException e) {
            if (ownsMetrics) {
                metrics.close();
            }
            throw e;
        }
        Gateway gateway = new Gateway(config, kafka, db, relay, states, metrics, ownsMetrics);
        try {
            gateway.lag = LagMonitor.create(kafka.bootstrap(), lagSettings);
            gateway.lag.onSnapshot(new LagMetrics(metrics.registry()));
            LagHistory lagHistory = new LagHistory();
            gateway.lag.onSnapshot(lagHistory);
            gateway.lag.startPolling();
            gateway.figures = FiguresService.start(kafka.bootstrap(), figuresSettings);
            gateway.ops = new OpsRoutes(gateway.figures, lagHistory, new OpsStore(db));
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
        // With port 0 the own origin is known only now.
        gateway.origins = OriginCheck.of(config.allowedOrigins(), config.host(), gateway.port());
        log.info("gateway listening on http://{}:{}; browsers may post from {}", config.host(), gateway.port(),
                gateway.origins.allowed());
        return gateway;
    }

    private static void logAuthMode(GatewayConfig config) {
        AuthMode mode = config.auth();
        if (mode.isDev()) {
            String banner = "*".repeat(78);
            log.warn(banner);
            log.warn("DEV MODE{}: no sign-in, every request is user {}; served on {} only",
                    mode.explicit() ? " (BARB_AUTH=dev)" : " (no BARB_SUPABASE_JWT_SECRET or BARB_SUPABASE_URL set)",
                    config.devUserId(), config.host());
            log.warn(banner);
            logOperatorAccess(config);
            return;
        }
        if (mode.jwtSecret() != null) {
            log.info("sign-in: Supabase access tokens signed with the JWT secret (HS256)");
        }
        if (mode.supabaseUrl() != null) {
            log.info("sign-in: Supabase access tokens signed with the keys at {} (ES256/RS256), issuer {}",
                    JwtVerifier.jwksUrl(mode.supabaseUrl()), JwtVerifier.issuer(mode.supabaseUrl()));
        }
        if (mode.supabaseUrl() == null || mode.anonKey() == null) {
            // API clients with their own tokens still work; only the page's own sign-in form cannot.
            log.warn("the chat page cannot sign people in: it needs BARB_SUPABASE_URL and BARB_SUPABASE_ANON_KEY");
        }
        logOperatorAccess(config);
    }

    private static void logOperatorAccess(GatewayConfig config) {
        log.info("operator endpoints (/metrics, /lag, /ops): {}", config.operatorToken() == null
                ? "local clients only" : "bearer BARB_OPERATOR_TOKEN");
    }

    public int port() {
        return server.port();
    }

    /** A route handler that receives the checked user. */
    @FunctionalInterface
    private interface UserHandler {
        void handle(ServerRequest req, ServerResponse res, String userId) throws Exception;
    }

    /** A path pattern and the methods it answers; what the JSON 404/405 are decided from. */
    private record KnownPath(Pattern path, String allow) {
    }

    private static final List<KnownPath> KNOWN_PATHS = List.of(
            new KnownPath(Pattern.compile("/"), "GET"),
            new KnownPath(Pattern.compile("/config\\.json"), "GET"),
            new KnownPath(Pattern.compile("/assets/[^/]+"), "GET"),
            new KnownPath(Pattern.compile("/chat/stream"), "POST"),
            new KnownPath(Pattern.compile("/chats"), "GET"),
            new KnownPath(Pattern.compile("/chats/[^/]+/messages"), "GET"),
            new KnownPath(Pattern.compile("/healthz"), "GET"),
            new KnownPath(Pattern.compile("/metrics"), "GET"),
            new KnownPath(Pattern.compile("/lag"), "GET"),
            new KnownPath(Pattern.compile("/ops(/.*)?"), "GET"));

    private void routes(HttpRouting.Builder r) {
        r.addFilter(new RequestGuard(operators, () -> origins))
                .get("/", chatPage::index)
                .get("/config.json", chatPage::config)
                .get("/assets/{name}", chatPage::asset)
                .post("/chat/stream", user(stream::handle))
                .get("/chats", user(this::chats))
                .get("/chats/{id}/messages", user(this::messages))
                .get("/healthz", this::health)
                .get("/metrics", this::metrics)
                .get("/lag", this::lag)
                .register("/ops", ops)
                .any(this::noRoute)
                .error(HttpError.class, (req, res, e) -> HttpJson.error(res, e))
                .error(Exception.class, this::unexpected);
    }

    /** Authenticates first: a request without a valid token runs nothing of the handler. */
    private Handler user(UserHandler handler) {
        return (req, res) -> {
            String userId = auth.userId(req);
            handler.handle(req, res, userId);
        };
    }

    private void noRoute(ServerRequest req, ServerResponse res) {
        String path = req.path().path();
        String method = req.prologue().method().text();
        for (KnownPath known : KNOWN_PATHS) {
            if (known.path().matcher(path).matches() && !List.of(known.allow().split(", ")).contains(method)) {
                res.header(HeaderNames.ALLOW, known.allow());
                throw new HttpError(405, "method_not_allowed", method + " " + path + ": allowed " + known.allow());
            }
        }
        throw HttpError.notFound("no such route: " + method + " " + path);
    }

    private void chats(ServerRequest req, ServerResponse res, String userId) throws SQLException {
        HttpJson.send(res, 200, store.chats(userId));
    }

    private void messages(ServerRequest req, ServerResponse res, String userId) throws SQLException {
        String chatId = ChatRequest.parseUuid(req.path().pathParameters().get("id"), "id");
        int limit = limit(req.query().first("limit").orElse(null));
        // Someone else's chat is "no such chat", exactly like a chat that does not exist: ids do not leak.
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

    private void metrics(ServerRequest req, ServerResponse res) {
        res.header(HeaderNames.CONTENT_TYPE, "text/plain; version=0.0.4; charset=utf-8");
        res.send(metrics.scrape());
    }

    private void lag(ServerRequest req, ServerResponse res) {
        LagSnapshot snapshot = lag.latest();
        if (snapshot == null) {
            throw new HttpError(503, "lag_not_ready", "the lag monitor has not read Kafka yet; try again in a moment");
        }
        HttpJson.send(res, 200, Json.tree(snapshot));
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
        if (lag != null) {
            lag.close();
        }
        if (figures != null) {
            figures.close();
        }
        if (ownsMetrics) {
            metrics.close();
        }
        producer.close(Duration.ofSeconds(5));
        admin.close(Duration.ofSeconds(5));
        states.close();
        relay.close();
    }
}
