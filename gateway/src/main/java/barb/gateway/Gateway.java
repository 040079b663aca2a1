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
import io.helidon.http.Method;
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
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Properties;
import java.util.concurrent.TimeUnit;

/**
 * The HTTP face of Barb, on Helidon SE's virtual-thread web server: the chat page ({@code GET /},
 * {@code /assets/*}, {@code /config.json}; {@link ChatPage}), the chat API ({@code POST /chat/stream} with
 * SSE, the chats in {@link ChatRoutes}, a request's feedback, rows and cancellation in {@link RequestRoutes}, its
 * events resumed in {@link EventsStream}), {@code GET /openapi.json} describing all of it, {@code GET /healthz}, and
 * for operators {@code GET /metrics} (Prometheus text: consumer lag, the process's stage meters, JVM),
 * {@code GET /lag} (the lag monitor's last snapshot as JSON) and the ops page under {@code /ops}
 * ({@link OpsRoutes}). Every route is in one table, {@link #routeTable()}.
 *
 * <p>Every API route needs a Supabase access token ({@link Authenticator}) unless the gateway runs in dev mode,
 * which only a loopback listen address allows; operator routes follow {@link OperatorAccess}; state-changing
 * requests must come from an allowed origin ({@link OriginCheck}). Unknown paths answer a JSON 404, known paths
 * with another method a JSON 405 with {@code Allow}.
 */
public final class Gateway implements AutoCloseable {
    /** Longest a request's produce call may wait for the broker's metadata before the request is refused. */
    static final long MAX_BLOCK_MS = 5_000;

    private static final Logger log = LoggerFactory.getLogger(Gateway.class);
    /** Hard cap enforced by the server itself; our own 64 KiB check answers with JSON below it. */
    private static final long SERVER_MAX_PAYLOAD = 1024 * 1024;
    private static final Duration CHAT_STATE_CATCH_UP = Duration.ofSeconds(120);
    private static final String OPENAPI = "/barb/gateway/openapi.json";

    private final GatewayConfig config;
    private final EventRelay relay;
    private final ChatStateView states;
    private final KafkaProducer<String, byte[]> producer;
    private final Admin admin;
    private final ChatStore store;
    private final ChatStream stream;
    private final ChatRoutes chatRoutes;
    private final RequestRoutes requestRoutes;
    private final EventsStream events;
    private final LiveRequests live = new LiveRequests();
    private final ChatLocks locks = new ChatLocks();
    private final byte[] openApi = OpenApiDocument.load(OPENAPI);
    private final ProcessMetrics metrics;
    private final boolean ownsMetrics;
    private final Authenticator auth;
    private final OperatorAccess operators;
    private final ChatPage chatPage;
    private volatile OriginCheck origins;
    private LagMonitor lag;
    private FiguresService figures;
    private OpsRoutes ops;
    private List<ApiRoute> routeTable;
    private WebServer server;

    private Gateway(GatewayConfig config, KafkaSettings kafka, DataSource db, EventRelay relay, ChatStateView states,
                    ProcessMetrics metrics, boolean ownsMetrics) {
        this.config = config;
        this.relay = relay;
        this.states = states;
        this.metrics = metrics;
        this.ownsMetrics = ownsMetrics;
        String clientId = "barb-gateway-" + ProcessHandle.current().pid() + "-" + System.nanoTime();
        Properties producerProps = kafka.producer(clientId);
        // With the broker away, send() waits for metadata up to max.block.ms (60 s by default) for each topic of
        // a request: the client would hear nothing past the deadline. Bounded, it hears 503 within seconds.
        producerProps.put(org.apache.kafka.clients.producer.ProducerConfig.MAX_BLOCK_MS_CONFIG, MAX_BLOCK_MS);
        this.producer = new KafkaProducer<>(producerProps);
        Properties adminProps = new Properties();
        adminProps.put(AdminClientConfig.BOOTSTRAP_SERVERS_CONFIG, kafka.bootstrap());
        adminProps.put(AdminClientConfig.CLIENT_ID_CONFIG, clientId + "-admin");
        this.admin = Admin.create(adminProps);
        this.store = new ChatStore(db);
        this.auth = new Authenticator(config.auth(), config.devUserId());
        this.operators = new OperatorAccess(config.operatorToken());
        this.chatPage = new ChatPage(config.auth());
        this.origins = OriginCheck.of(config.allowedOrigins(), config.host(), config.port());
        GatewayMetrics gatewayMetrics = new GatewayMetrics(metrics.registry());
        CancelPublisher cancels = new CancelPublisher(producer);
        Chats chats = new Chats(store, states, locks, cancels);
        RequestStore requests = new RequestStore(db);
        RequestEventLog eventLog = new RequestEventLog(kafka);
        RequestLookup lookup = new RequestLookup(live, requests, store, eventLog,
                config.requestTimeout().plus(config.grace()));
        this.stream = new ChatStream(config, relay, states, locks, chats, live, producer, gatewayMetrics,
                new UserLimits(config.limits(), java.time.Clock.systemUTC()));
        this.chatRoutes = new ChatRoutes(chats, store);
        this.requestRoutes = new RequestRoutes(lookup, requests, cancels);
        this.events = new EventsStream(config, lookup, eventLog, states, gatewayMetrics);
        // A request is over once its chat state arrives: the chat is free again even when its stream's client left.
        states.onState(state -> {
            if (state.lastRequestId() != null) {
                locks.release(state.chatId(), state.lastRequestId());
                live.finished(state.lastRequestId());
            }
        });
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

    /** The SSE streams relaying events now (tests: a client that left must not hold one). */
    int relaySubscriptions() {
        return relay.subscriptionCount();
    }

    /** A route handler that receives the checked user. */
    @FunctionalInterface
    private interface UserHandler {
        void handle(ServerRequest req, ServerResponse res, String userId) throws Exception;
    }

    /** Every route of the gateway: what the server answers, the 405s and what openapi.json must describe. */
    List<ApiRoute> routeTable() {
        List<ApiRoute> table = new ArrayList<>(List.of(
                user(Method.POST, "/chat/stream", stream::handle),
                user(Method.GET, "/chats", chatRoutes::list),
                user(Method.POST, "/chats", chatRoutes::create),
                user(Method.PATCH, "/chats/{id}", chatRoutes::rename),
                user(Method.DELETE, "/chats/{id}", chatRoutes::delete),
                user(Method.GET, "/chats/{id}/messages", chatRoutes::messages),
                user(Method.GET, "/chats/{id}/usage", chatRoutes::usage),
                user(Method.POST, "/requests/{id}/feedback", requestRoutes::feedback),
                user(Method.GET, "/requests/{id}/rows", requestRoutes::rows),
                user(Method.POST, "/requests/{id}/cancel", requestRoutes::cancel),
                user(Method.GET, "/requests/{id}/events", events::handle),
                new ApiRoute(Method.GET, "/", ApiRoute.Access.PUBLIC, chatPage::index),
                new ApiRoute(Method.GET, "/assets/{name}", ApiRoute.Access.PUBLIC, chatPage::asset),
                new ApiRoute(Method.GET, "/config.json", ApiRoute.Access.PUBLIC, chatPage::config),
                new ApiRoute(Method.GET, "/openapi.json", ApiRoute.Access.PUBLIC, this::openApi),
                new ApiRoute(Method.GET, "/healthz", ApiRoute.Access.PUBLIC, this::health),
                new ApiRoute(Method.GET, "/metrics", ApiRoute.Access.OPERATOR, this::metrics),
                new ApiRoute(Method.GET, "/lag", ApiRoute.Access.OPERATOR, this::lag)));
        table.addAll(ops.routes());
        return List.copyOf(table);
    }

    private void routes(HttpRouting.Builder r) {
        routeTable = routeTable();
        r.addFilter(new RequestGuard(operators, () -> origins));
        for (ApiRoute route : routeTable) {
            r.route(route.method(), route.path(), route.handler());
        }
        r.any(this::noRoute)
                .error(HttpError.class, (req, res, e) -> HttpJson.error(res, e))
                .error(ClientGone.class, this::clientGone)
                .error(Exception.class, this::unexpected);
    }

    /** A user's route. It authenticates first: a request without a valid token runs nothing of the handler. */
    private ApiRoute user(Method method, String path, UserHandler handler) {
        return new ApiRoute(method, path, ApiRoute.Access.USER, (req, res) -> {
            String userId = auth.userId(req);
            handler.handle(req, res, userId);
        });
    }

    /** A known path with another method is a 405 naming the allowed ones; anything else a 404. */
    private void noRoute(ServerRequest req, ServerResponse res) {
        String path = req.path().path();
        String method = req.prologue().method().text();
        List<String> allowed = routeTable.stream().filter(r -> r.pattern().matcher(path).matches())
                .map(r -> r.method().text()).distinct().toList();
        if (!allowed.isEmpty() && !allowed.contains(method)) {
            String allow = String.join(", ", allowed);
            res.header(HeaderNames.ALLOW, allow);
            throw new HttpError(405, "method_not_allowed", method + " " + path + ": allowed " + allow);
        }
        throw HttpError.notFound("no such route: " + method + " " + path);
    }

    private void openApi(ServerRequest req, ServerResponse res) {
        res.header(HeaderNames.CONTENT_TYPE, "application/json");
        res.send(openApi);
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

    /**
     * One line, no stack trace: a client leaving is not our failure. A response is still sent (into a connection
     * that is most likely gone), since Helidon reports a request its error handler left unanswered as an internal
     * error with a stack trace of its own.
     */
    private void clientGone(ServerRequest req, ServerResponse res, ClientGone e) {
        log.info("{} {}: {}", req.prologue().method().text(), req.path().path(), e.getMessage());
        try {
            HttpJson.send(res, 400, Json.object().put("error", "incomplete_body")
                    .put("message", "body: the connection closed before the whole body arrived"));
        } catch (RuntimeException closed) {
            log.debug("{} {}: the answer could not be sent either: {}", req.prologue().method().text(),
                    req.path().path(), closed.toString());
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
