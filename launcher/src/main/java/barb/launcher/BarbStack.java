package barb.launcher;

import barb.agents.RulesAgents;
import barb.core.CancelledRequests;
import barb.core.ConsumerGroups;
import barb.core.DataCoverage;
import barb.core.DataCoverageTopic;
import barb.core.KafkaSettings;
import barb.core.PipelineMetrics;
import barb.core.Stage;
import barb.core.StageHandler;
import barb.core.StageWorker;
import barb.core.TopicCreator;
import barb.core.Topics;
import barb.embedded.EmbeddedKafka;
import barb.embedded.EmbeddedPostgresServer;
import barb.executor.DataInfo;
import barb.executor.ExecutorHandler;
import barb.executor.MarketDataStore;
import barb.executor.SyntheticHistory;
import barb.figures.FiguresService;
import barb.gemini.GeminiAgents;
import barb.gemini.GeminiClient;
import barb.gemini.GeminiSettings;
import barb.dlq.DeadLetterGauges;
import barb.gateway.Gateway;
import barb.gateway.GatewayConfig;
import barb.gateway.ProcessMetrics;
import barb.lag.LagMonitor;
import barb.tracesink.Migrations;
import barb.tracesink.PgSettings;
import barb.tracesink.TraceSink;
import com.zaxxer.hikari.HikariDataSource;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.time.Duration;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.EnumSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Starts Barb's services in order — Kafka, PostgreSQL, topics, migrations, market data, stage workers,
 * trace-sink, gateway — and stops them in the order that loses nothing: the gateway first (no new requests,
 * streams closed), then the stage workers (they finish what they hold and produce its events), then the
 * trace-sink (it writes those events), then the rest in reverse order of start, the database and the broker last.
 * Kafka and PostgreSQL are embedded unless the configuration names external ones.
 */
final class BarbStack implements AutoCloseable {
    private static final Logger log = LoggerFactory.getLogger(BarbStack.class);

    /** What to run in this process. */
    enum Part { EXECUTOR, AGENTS, TRACE_SINK, GATEWAY }

    /** A started service and the name its stop is recorded under. */
    private record Running(String name, AutoCloseable service) {
    }

    private final Deque<Running> started = new ArrayDeque<>();
    /** Names of the services in the order they were stopped, for the test of that order. */
    private final List<String> stopOrder = new java.util.concurrent.CopyOnWriteArrayList<>();
    private final List<StageWorker> workers = new ArrayList<>();
    /** What this process's stage workers send with; null when it runs none. */
    private KafkaProducer<String, byte[]> stageProducer;
    private String bootstrap;
    private String jdbcUrl;
    private Gateway gateway;
    private TraceSink traceSink;
    private MarketDataStore store;
    private volatile DataCoverage coverage;
    private DataCoverageTopic coverageFollower;
    private KafkaSettings kafka;
    private StageWorker.Settings workerSettings;
    private CancelledRequests cancels;
    /** Which stages of this process run chained (BARB_STAGE_CHAIN). */
    private StageChain chain = StageChain.OFF;
    /** The handlers of this process that its workers run chained. */
    private List<StageHandler> chained = List.of();
    /** Stages of this process whose handler calls a model (Gemini, or the benchmarks' simulated latency). */
    private final Set<Stage> modelStages = EnumSet.noneOf(Stage.class);
    /** Every meter of this process; the gateway serves them at /metrics when it runs here. */
    private ProcessMetrics metrics;
    private PipelineMetrics pipelineMetrics;

    static final String GATEWAY = "gateway";
    static final String STAGE_PREFIX = "stage ";
    static final String TRACE_SINK = "trace-sink";
    static final String POSTGRES = "postgres";
    static final String KAFKA = "kafka";

    private BarbStack() {
    }

    /**
     * @param stages the agent stages to run when {@link Part#AGENTS} is included (all of them for {@code up})
     */
    static BarbStack start(LauncherConfig config, Map<String, String> env, Set<Part> parts, Set<Stage> stages)
            throws Exception {
        BarbStack stack = new BarbStack();
        try {
            stack.startAll(config, env, parts, stages);
            return stack;
        } catch (Exception | Error e) {
            stack.close();
            throw e;
        }
    }

    static Set<Stage> agentStages() {
        Set<Stage> s = EnumSet.allOf(Stage.class);
        s.remove(Stage.EXECUTOR);
        return s;
    }

    private void startAll(LauncherConfig config, Map<String, String> env, Set<Part> parts, Set<Stage> stages)
            throws Exception {
        long t0 = System.nanoTime();
        metrics = new ProcessMetrics();
        started.push(new Running("metrics", metrics));
        pipelineMetrics = new PipelineMetrics(metrics.registry());
        if (config.kafkaBootstrap() == null) {
            EmbeddedKafka kafka = EmbeddedKafka.start(config.dataDir().resolve("kafka"), config.kafkaPort());
            started.push(new Running(KAFKA, kafka));
            bootstrap = kafka.bootstrap();
            log.info("[1/7] Kafka: embedded KRaft broker at {} ({} ms)", bootstrap, ms(t0));
        } else {
            bootstrap = config.kafkaBootstrap();
            log.info("[1/7] Kafka: external cluster at {}", bootstrap);
        }
        KafkaSettings kafka = KafkaSettings.fromEnv(env, bootstrap);

        boolean needsDb = parts.contains(Part.TRACE_SINK) || parts.contains(Part.GATEWAY);
        HikariDataSource db = null;
        if (needsDb) {
            PgSettings pg;
            if (config.pgUrl() == null) {
                EmbeddedPostgresServer server = EmbeddedPostgresServer.start(config.dataDir().resolve("postgres"), 0);
                started.push(new Running(POSTGRES, server));
                pg = PgSettings.fromEnv(env, server.jdbcUrl());
                log.info("[2/7] PostgreSQL: embedded server at {} ({} ms)", server.jdbcUrl(), ms(t0));
            } else {
                pg = PgSettings.fromEnv(env, null);
                log.info("[2/7] PostgreSQL: external database {}", pg.url());
            }
            jdbcUrl = pg.url();
            // the migrations run as the login (they need the tables' owner), in a pool closed right after
            if ("off".equalsIgnoreCase(env.getOrDefault("BARB_PG_MIGRATE", "on").trim())) {
                log.info("[2/7] Migrations: not run by this process (BARB_PG_MIGRATE=off)");
            } else {
                try (HikariDataSource admin = pg.adminDataSource()) {
                    int applied = Migrations.apply(admin);
                    log.info("[2/7] Migrations: {} applied ({} ms)", applied, ms(t0));
                }
            }
            db = pg.dataSource();
            started.push(new Running("database pool", db));
            checkServiceRole(db, pg);
        } else {
            log.info("[2/7] PostgreSQL: not needed by this process");
        }

        List<String> created = TopicCreator.ensure(bootstrap,
                Topics.all(kafka.partitions(), kafka.retention().toMillis()), kafka.replication());
        log.info("[3/7] Topics: {} created, {} in all ({} ms)", created.size(),
                Topics.all(1, 1).size(), ms(t0));
        // The trace-sink's group too: a dead sink's events should not wait either.
        barb.core.GroupTimeouts.fromEnv(env).apply(bootstrap,
                ConsumerGroups.pipeline(TraceSink.Settings.fromEnv(env).groupId()).keySet());

        if (parts.contains(Part.EXECUTOR)) {
            store = DataSetup.openOrGenerate(config);
            started.push(new Running("market data", store));
            DataInfo info = store.info();
            coverage = new DataCoverage(info.firstTradingDay(), info.lastTradingDay(), info.source());
            log.info("[4/7] Market data: {} ({} ms)", info, ms(t0));
        } else {
            log.info("[4/7] Market data: not needed by this process");
        }

        if (coverage != null) {
            DataCoverageTopic.publish(kafka, coverage);
        } else if (parts.contains(Part.AGENTS)) {
            coverageFollower = DataCoverageTopic.follow(kafka);
            started.push(new Running("data coverage", coverageFollower));
        }

        StageWorker.Settings workerSettings = new StageWorker.Settings(config.stageMaxInFlight(), 3,
                Duration.ofMillis(200), Duration.ofSeconds(60));
        List<StageHandler> handlers = new ArrayList<>();
        if (parts.contains(Part.EXECUTOR)) {
            handlers.add(new ExecutorHandler(store));
        }
        if (parts.contains(Part.AGENTS)) {
            handlers.addAll(agentHandlers(env, stages));
        }
        this.kafka = kafka;
        this.workerSettings = workerSettings;
        if (!handlers.isEmpty()) {
            // One follower of the cancellations for all of this process's workers; stopped after them.
            cancels = CancelledRequests.follow(kafka);
            started.push(new Running("cancellations", cancels));
            // One producer for all of them, stopped after them: what the stages send goes in fewer requests.
            KafkaProducer<String, byte[]> producer = new KafkaProducer<>(kafka.producer(
                    "barb-stages-" + ProcessHandle.current().pid()));
            stageProducer = producer;
            started.push(new Running("producer of the stages", () -> producer.close(Duration.ofSeconds(5))));
        }
        chain = StageChain.fromEnv(env);
        chained = handlers.stream().filter(h -> chains(h.stage())).toList();
        for (StageHandler h : handlers) {
            StageWorker w = new StageWorker(h, kafka, workerSettings, pipelineMetrics, cancels, stageProducer)
                    .chaining(chained)
                    .start();
            workers.add(w);
            started.push(new Running(STAGE_PREFIX + w.agent(), w));
        }
        awaitAssigned(workers.stream().map(w -> (java.util.function.BooleanSupplier) w::isAssigned).toList(),
                "stage workers");
        log.info("[5/7] Stages: {} running ({} ms); chained in one thread ({}={}): {}",
                workers.stream().map(StageWorker::agent).toList(), ms(t0), StageChain.VARIABLE, chain.value(),
                chained.stream().map(h -> h.stage().agentName()).toList());

        if (parts.contains(Part.TRACE_SINK)) {
            traceSink = TraceSink.start(kafka, db, TraceSink.Settings.fromEnv(env), metrics.registry());
            started.push(new Running(TRACE_SINK, traceSink));
            awaitAssigned(List.of(traceSink::isAssigned), "trace-sink");
            log.info("[6/7] Trace-sink: writing {} into PostgreSQL ({} ms)", Topics.EVENTS, ms(t0));
        } else {
            log.info("[6/7] Trace-sink: not in this process");
        }

        if (parts.contains(Part.GATEWAY)) {
            // The lag monitor watches the groups of every service, wherever they run, with this deployment's
            // trace-sink group.
            String sinkGroup = TraceSink.Settings.fromEnv(env).groupId();
            gateway = Gateway.start(GatewayConfig.fromEnv(env), kafka, db, metrics,
                    LagMonitor.Settings.defaults(ConsumerGroups.all(sinkGroup)),
                    FiguresService.Settings.defaults(config.dataDir().resolve("ops-figures")));
            started.push(new Running(GATEWAY, gateway));
            // The dead-letter gauges go where /metrics is served: the process that runs the gateway.
            started.push(new Running("dead-letter gauges",
                    DeadLetterGauges.start(bootstrap, Duration.ofSeconds(5), metrics.registry())));
            log.info("[7/7] Gateway: listening on port {} ({} ms)", gateway.port(), ms(t0));
        } else {
            log.info("[7/7] Gateway: not in this process");
        }
    }

    /** The rules handlers, with the Gemini ones in place of those BARB_LLM / BARB_LLM_<AGENT> select. */
    private List<StageHandler> agentHandlers(Map<String, String> env, Set<Stage> stages) {
        GeminiSettings gemini = GeminiSettings.fromEnv(env);
        AgentSelection selection = AgentSelection.fromEnv(env, gemini.hasApiKey());
        Map<Stage, StageHandler> byStage = new java.util.EnumMap<>(Stage.class);
        for (StageHandler h : RulesAgents.handlers(this::coverage)) {
            byStage.put(h.stage(), h);
        }
        if (selection.anyGemini()) {
            GeminiClient client = new GeminiClient(gemini);
            started.push(new Running("gemini client", client));
            for (StageHandler h : GeminiAgents.handlers(client, this::coverage)) {
                if (selection.gemini(h.stage())) {
                    byStage.put(h.stage(), h);
                }
            }
        }
        log.info("Language agents: {}", selection.choices());
        SimulatedModelLatency latency = SimulatedModelLatency.fromEnv(env);
        if (latency != null) {
            log.warn("{} is set: the language stages wait a simulated model call before they run (for benchmarks)",
                    SimulatedModelLatency.VARIABLE);
        }
        List<StageHandler> chosen = new ArrayList<>();
        for (StageHandler h : byStage.values()) {
            if (stages.contains(h.stage())) {
                StageHandler run = latency == null ? h : latency.around(h);
                chosen.add(run);
                if (selection.gemini(h.stage()) || run != h) {
                    modelStages.add(h.stage());
                }
            }
        }
        return chosen;
    }

    private void rechain(List<StageHandler> handlers) {
        chained = List.copyOf(handlers);
        workers.forEach(w -> w.chaining(chained));
    }

    /** Whether a stage of this process runs chained: never one that calls a model. */
    private boolean chains(Stage stage) {
        if (chain == StageChain.OFF || modelStages.contains(stage)) {
            return false;
        }
        return stage != Stage.EXECUTOR || chain == StageChain.RULES_AND_EXECUTOR;
    }

    private static void awaitAssigned(List<java.util.function.BooleanSupplier> checks, String what)
            throws InterruptedException {
        long until = System.nanoTime() + Duration.ofSeconds(120).toNanos();
        while (!checks.stream().allMatch(java.util.function.BooleanSupplier::getAsBoolean)) {
            if (System.nanoTime() > until) {
                throw new IllegalStateException(what + " did not get their Kafka partitions within 120 s");
            }
            Thread.sleep(20);
        }
    }

    /**
     * The services' pool acts as {@link PgSettings#role()}; a login that may not take that role would fail at
     * the first query of a request, so it is tried once here and the fix is named.
     */
    private static void checkServiceRole(javax.sql.DataSource db, PgSettings pg) {
        if (pg.role() == null) {
            log.warn("services act as the database login {} itself (BARB_PG_ROLE is empty): they can change the "
                    + "schema and, as its owner, are only held by forced row-level security", pg.user());
            return;
        }
        try (java.sql.Connection c = db.getConnection()) {
            log.info("[2/7] PostgreSQL: services act as role {} (login {})", pg.role(), pg.user());
        } catch (java.sql.SQLException e) {
            throw new IllegalStateException("the database login " + pg.user() + " cannot act as role " + pg.role()
                    + " (" + e.getMessage() + "): grant it with `grant " + pg.role() + " to " + pg.user()
                    + ";`, or set BARB_PG_ROLE= to run the services as the login itself", e);
        }
    }

    private static long ms(long t0) {
        return (System.nanoTime() - t0) / 1_000_000;
    }

    String bootstrap() {
        return bootstrap;
    }

    String jdbcUrl() {
        return jdbcUrl;
    }

    int httpPort() {
        return gateway.port();
    }

    /**
     * The loaded data's span, for the planner's relative periods: this process's own data, else what the
     * executor published on {@link Topics#DATA_COVERAGE}; before anything was published, the synthetic history's
     * first day up to today (the executor publishes at its start, so this lasts seconds at most).
     */
    DataCoverage coverage() {
        DataCoverage c = coverage;
        if (c == null && coverageFollower != null) {
            c = coverageFollower.get();
        }
        if (c != null) {
            return c;
        }
        log.warn("no data coverage published yet: relative dates resolve against today");
        return new DataCoverage(SyntheticHistory.DEFAULT_FROM, java.time.LocalDate.now(java.time.ZoneOffset.UTC),
                "unknown");
    }

    /** The trace-sink of this process, or null when it runs elsewhere. */
    TraceSink traceSink() {
        return traceSink;
    }

    ProcessMetrics metrics() {
        return metrics;
    }

    MarketDataStore store() {
        return store;
    }

    List<StageWorker> workers() {
        return workers;
    }

    /** Kills one stage's worker as a crash would (used to show that a restarted worker loses nothing). */
    StageWorker killWorker(Stage stage) {
        for (StageWorker w : workers) {
            if (w.agent().equals(stage.agentName())) {
                w.kill();
                workers.remove(w);
                started.removeIf(r -> r.service() == w);
                // The stage no longer runs in this process, chained or not: its requests wait on its topic.
                rechain(chained.stream().filter(h -> h.stage() != stage).toList());
                return w;
            }
        }
        throw new IllegalArgumentException("no worker for " + stage);
    }

    /**
     * Starts one more stage worker and waits until it has partitions; a stage that runs chained runs this
     * handler from now on in every worker of the process.
     */
    StageWorker startWorker(StageHandler handler) throws InterruptedException {
        if (chains(handler.stage())) {
            List<StageHandler> next = new ArrayList<>(chained.stream().filter(h -> h.stage() != handler.stage())
                    .toList());
            next.add(handler);
            rechain(next);
        }
        StageWorker w = new StageWorker(handler, kafka, workerSettings, pipelineMetrics, cancels, stageProducer)
                .chaining(chained)
                .start();
        workers.add(w);
        started.push(new Running(STAGE_PREFIX + w.agent(), w));
        awaitAssigned(List.of(w::isAssigned), handler.stage().agentName() + " worker");
        return w;
    }

    /** The names of the services in the order {@link #close()} stopped them. */
    List<String> stopOrder() {
        return List.copyOf(stopOrder);
    }

    /**
     * Stops everything, each service once, in the order of the class comment. Started in reverse, the
     * trace-sink would stop before the stages that still produce events, and the database could go while it writes.
     */
    @Override
    public synchronized void close() {
        stopWhere(r -> r.name().equals(GATEWAY));
        stopWhere(r -> r.name().startsWith(STAGE_PREFIX));
        stopWhere(r -> r.name().equals(TRACE_SINK));
        while (!started.isEmpty()) {
            stop(started.pop());
        }
    }

    /** Stops the matching services, newest first, and forgets them. */
    private void stopWhere(java.util.function.Predicate<Running> which) {
        List<Running> matching = started.stream().filter(which).toList();
        started.removeAll(matching);
        matching.forEach(this::stop);
    }

    private void stop(Running r) {
        long t0 = System.nanoTime();
        try {
            r.service().close();
        } catch (Exception e) {
            log.warn("stopping {} failed: {}", r.name(), e.toString());
        }
        stopOrder.add(r.name());
        log.info("stopped {} ({} ms)", r.name(), ms(t0));
    }
}
