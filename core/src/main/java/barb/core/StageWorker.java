package barb.core;

import org.apache.kafka.clients.consumer.ConsumerRebalanceListener;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.ConsumerRecords;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.clients.consumer.OffsetAndMetadata;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.Producer;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.clients.producer.RecordMetadata;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.errors.WakeupException;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.time.Duration;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.OptionalLong;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.Semaphore;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicLong;

/**
 * Runs one {@link StageHandler}: consume → handle → produce the next envelope and the step events → commit.
 *
 * <p>Records are handled concurrently on virtual threads, at most {@code maxInFlight} at a time, so a slow
 * LLM call does not hold up its partition. Offsets are committed only below the lowest unfinished record,
 * and only after everything the record caused was acknowledged by the broker: a worker killed at any
 * moment loses nothing, and what it redoes is dropped downstream by (request_id, step).
 *
 * <p>A request its user cancelled ({@link CancelledRequests}) is not handled: the worker that holds it sends a
 * {@code cancelled} event and a done with route {@code cancelled} instead of the next stage's envelope, so later
 * stages never see it. A handler already running for it is interrupted.
 */
public final class StageWorker implements AutoCloseable {
    private static final Logger log = LoggerFactory.getLogger(StageWorker.class);

    /**
     * @param maxInFlight   records handled at once by this worker
     * @param maxAttempts   tries of a retriable failure before the request fails and the record is dead-lettered
     * @param stageTimeout  the longest one handler call may take (the request deadline may cut it shorter)
     */
    public record Settings(int maxInFlight, int maxAttempts, Duration retryBackoff, Duration stageTimeout) {
        public static Settings defaults() {
            return new Settings(64, 3, Duration.ofMillis(200), Duration.ofSeconds(60));
        }
    }

    /** The chat_logs.route of a request its user cancelled. */
    public static final String ROUTE_CANCELLED = "cancelled";

    private final StageHandler handler;
    private final KafkaSettings kafka;
    private final Settings settings;
    private final String agent;
    private final StageMetrics metrics;
    private final PipelineMetrics pipelineMetrics;
    /** This worker's own stage. */
    private final Link own;
    /** Stages run in this worker's threads when a step hands a request over to them (see {@link #chaining}). */
    private volatile Map<Stage, Link> chain = Map.of();
    /** More steps than stages in one chain means a loop: the request goes on through the next stage's topic. */
    private static final int MAX_CHAIN = Stage.values().length;
    private CancelledRequests cancels;
    private final boolean ownsCancels;
    private final OffsetTracker tracker = new OffsetTracker();
    private final Semaphore permits;
    /** Between a handler's retried attempts. */
    private final Backoff handlerBackoff;
    private final ExecutorService workers = Executors.newVirtualThreadPerTaskExecutor();
    private final AtomicLong handled = new AtomicLong();
    /** The longest a finished record's offset waits to be committed while the worker runs. */
    static final long COMMIT_EVERY_MS = 100;
    /** Poll thread only. */
    private long lastCommitNanos = System.nanoTime();
    private volatile boolean running = true;
    private volatile boolean killed;
    private volatile boolean assigned;
    private org.apache.kafka.clients.consumer.Consumer<String, byte[]> consumer;
    /** Makes the consumer; tests put a MockConsumer here to make polling fail. */
    java.util.function.Function<java.util.Properties, org.apache.kafka.clients.consumer.Consumer<String, byte[]>>
            consumers = KafkaConsumer::new;

    /** This process's stage producer when several workers share one, null when this worker makes its own. */
    private final Producer<String, byte[]> sharedProducer;
    private Producer<String, byte[]> producer;
    private Thread pollThread;

    /** A worker whose meters nobody reads (tests, tools). */
    public StageWorker(StageHandler handler, KafkaSettings kafka, Settings settings) {
        this(handler, kafka, settings, PipelineMetrics.unexposed());
    }

    /**
     * A worker that follows the cancellations itself.
     *
     * @param metrics the process's meters; this worker counts into its stage's share of them
     */
    public StageWorker(StageHandler handler, KafkaSettings kafka, Settings settings, PipelineMetrics metrics) {
        this(handler, kafka, settings, metrics, null);
    }

    /**
     * @param cancels the process's follower of {@link Topics#CANCELS}, shared by its workers and closed by the
     *                caller; null: the worker follows the topic itself
     */
    public StageWorker(StageHandler handler, KafkaSettings kafka, Settings settings, PipelineMetrics metrics,
                       CancelledRequests cancels) {
        this(handler, kafka, settings, metrics, cancels, null);
    }

    /**
     * @param sharedProducer the process's producer for its stage workers ({@link KafkaSettings#producer}), made and
     *                       closed by the caller after its workers: one producer batches what every stage sends
     *                       into fewer requests to the broker, and runs one network thread instead of one per stage;
     *                       null: the worker makes its own
     */
    public StageWorker(StageHandler handler, KafkaSettings kafka, Settings settings, PipelineMetrics metrics,
                       CancelledRequests cancels, Producer<String, byte[]> sharedProducer) {
        this.sharedProducer = sharedProducer;
        this.cancels = cancels;
        this.ownsCancels = cancels == null;
        this.handler = handler;
        this.kafka = kafka;
        this.settings = settings;
        this.agent = handler.stage().agentName();
        this.metrics = metrics.stage(agent);
        this.pipelineMetrics = metrics;
        this.own = new Link(handler, agent, this.metrics);
        this.permits = new Semaphore(settings.maxInFlight());
        this.handlerBackoff = new Backoff(settings.retryBackoff(), settings.retryBackoff().multipliedBy(8));
    }

    /**
     * Stages whose handlers this worker runs itself, in the same thread, when a step hands a request over to them,
     * as Kafka Streams runs the processors of a sub-topology or Flink chains operators: the request skips their
     * topics (no envelope written, sent, fetched and read again per hop, no wait for the broker in between), while
     * every step keeps its step_start and step_end, its meters, retries, deadline and cancellation checks. A step
     * whose next stage is not among these sends its envelope to that stage's topic as before. What the chain caused
     * is committed as one: a crash redoes the chain from its first record, and its repeated steps are dropped
     * downstream by (request_id, step) like any redone record. Called again while the worker runs, it takes
     * effect at the next step that ends.
     */
    public StageWorker chaining(Collection<StageHandler> handlers) {
        Map<Stage, Link> links = new java.util.EnumMap<>(Stage.class);
        for (StageHandler h : handlers) {
            if (h.stage() != handler.stage()) {
                String name = h.stage().agentName();
                links.put(h.stage(), new Link(h, name, pipelineMetrics.stage(name)));
            }
        }
        this.chain = links;
        return this;
    }

    public StageWorker start() {
        if (ownsCancels) {
            cancels = CancelledRequests.follow(kafka);
        }
        String clientId = "barb-" + agent + "-" + ProcessHandle.current().pid() + "-" + System.identityHashCode(this);
        producer = sharedProducer != null ? sharedProducer : new KafkaProducer<>(kafka.producer(clientId));
        consumer = consumers.apply(kafka.consumer(handler.stage().groupId(), clientId));
        pollThread = Thread.ofPlatform().name("stage-" + agent).start(this::pollLoop);
        return this;
    }

    public String agent() {
        return agent;
    }

    /** True once the group gave this worker its partitions. */
    public boolean isAssigned() {
        return assigned;
    }

    public long handledCount() {
        return handled.get();
    }

    private void pollLoop() {
        consumer.subscribe(List.of(handler.stage().topic()), new ConsumerRebalanceListener() {
            @Override
            public void onPartitionsRevoked(Collection<TopicPartition> partitions) {
                drain(partitions, Duration.ofSeconds(30));
            }

            @Override
            public void onPartitionsAssigned(Collection<TopicPartition> partitions) {
                assigned = true;
            }

            @Override
            public void onPartitionsLost(Collection<TopicPartition> partitions) {
                tracker.forget(partitions);
            }
        });
        int failedPolls = 0;
        try {
            while (running) {
                ConsumerRecords<String, byte[]> records;
                try {
                    records = consumer.poll(Duration.ofMillis(100));
                    failedPolls = 0;
                } catch (WakeupException | org.apache.kafka.common.errors.InterruptException e) {
                    throw e;
                } catch (org.apache.kafka.common.KafkaException e) {
                    // e.g. fenced from the group after missed heartbeats on a starved machine: the consumer joins
                    // again on its next poll, so the worker waits and polls on instead of dying
                    failedPolls++;
                    log.warn("stage {}: polling failed ({} in a row), polling again: {}", agent, failedPolls,
                            e.toString());
                    metrics.pollFailed();
                    sleep(Backoff.POLL.after(failedPolls).toMillis());
                    continue;
                }
                for (ConsumerRecord<String, byte[]> rec : records) {
                    if (!acquirePermit()) {
                        return;
                    }
                    TopicPartition tp = new TopicPartition(rec.topic(), rec.partition());
                    tracker.started(tp, rec.offset());
                    metrics.started();
                    workers.submit(() -> {
                        boolean finished = false;
                        try {
                            finished = process(rec);
                        } catch (RuntimeException e) {
                            log.error("stage {}: unexpected failure on {}-{}@{}", agent, rec.topic(), rec.partition(),
                                    rec.offset(), e);
                        } finally {
                            permits.release();
                            metrics.ended();
                            if (finished) {
                                tracker.finished(tp, rec.offset());
                                handled.incrementAndGet();
                                metrics.handled();
                            }
                        }
                    });
                }
                commitIfDue();
            }
        } catch (WakeupException e) {
            if (running) {
                throw e;
            }
        } finally {
            try {
                if (!killed) {
                    drain(consumer.assignment(), Duration.ofSeconds(10));
                }
            } finally {
                consumer.close(killed ? Duration.ZERO : Duration.ofSeconds(5));
            }
        }
    }

    /** Waits for a free slot while keeping commits flowing; false when the worker is stopping. */
    private boolean acquirePermit() {
        try {
            while (!permits.tryAcquire(50, TimeUnit.MILLISECONDS)) {
                commitIfDue();
                if (!running) {
                    return false;
                }
            }
            return true;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return false;
        }
    }

    /**
     * Commits what is ready without waiting for the broker, at most every {@link #COMMIT_EVERY_MS}: a commit per
     * poll cost a round trip on the poll thread (no fetching meanwhile) and a write to the offsets topic per
     * record. Only offsets whose records are durably done are committed either way, so a crash redoes at most
     * that much more, which is dropped downstream as before.
     */
    private void commitIfDue() {
        long now = System.nanoTime();
        if (now - lastCommitNanos < TimeUnit.MILLISECONDS.toNanos(COMMIT_EVERY_MS)) {
            return;
        }
        lastCommitNanos = now;
        Map<TopicPartition, OffsetAndMetadata> offsets = tracker.committable();
        if (offsets.isEmpty()) {
            return;
        }
        consumer.commitAsync(offsets, (committed, e) -> {
            if (e == null) {
                tracker.markCommitted(offsets);
            } else {
                log.warn("stage {}: offset commit failed, will retry: {}", agent, e.toString());
            }
        });
    }

    /** Commits what is ready and waits for the broker: before partitions go elsewhere and at a clean stop. */
    private void commitReady() {
        Map<TopicPartition, OffsetAndMetadata> offsets = tracker.committable();
        if (offsets.isEmpty()) {
            return;
        }
        try {
            consumer.commitSync(offsets);
            tracker.markCommitted(offsets);
        } catch (RuntimeException e) {
            log.warn("stage {}: offset commit failed, will retry: {}", agent, e.toString());
        }
    }

    /** Lets the work on these partitions finish and commits it before they go to another worker. */
    private void drain(Collection<TopicPartition> partitions, Duration limit) {
        long until = System.nanoTime() + limit.toNanos();
        while (tracker.inFlightCount(partitions) > 0 && System.nanoTime() < until) {
            try {
                Thread.sleep(10);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                break;
            }
        }
        commitReady();
        tracker.forget(partitions);
    }

    /** Handles one record; true when everything it caused is durably in Kafka. */
    boolean process(ConsumerRecord<String, byte[]> rec) {
        RequestEnvelope env;
        try {
            env = Json.fromBytes(rec.value(), RequestEnvelope.class).validated();
        } catch (ContractException e) {
            log.warn("stage {}: bad record {}-{}@{} sent to the DLQ: {}", agent, rec.topic(), rec.partition(),
                    rec.offset(), e.getMessage());
            return counted(sendAll(List.of(deadLetter(agent, rec, e))), metrics::deadLettered);
        }
        String redrivenFrom = DeadLetters.redrivenFrom(rec.headers());
        OptionalLong redriveDeadline = DeadLetters.redriveDeadline(rec.headers());
        if (redriveDeadline.isPresent() && redriveDeadline.getAsLong() > env.deadlineMs()) {
            env = env.withDeadlineMs(redriveDeadline.getAsLong());
        }
        Outbox outbox = new Outbox();
        Link link = own;
        for (int hop = 0; ; hop++) {
            long now = System.currentTimeMillis();
            if (now >= env.deadlineMs()) {
                outbox.send(failure(link.agent(), env, "deadline_exceeded",
                        "The request ran out of time before the " + link.agent() + " step could start.", 0, null,
                        redrivenFrom), link.metrics()::failed);
                return outbox.flush();
            }
            if (cancels.isCancelled(env.requestId())) {
                log.info("stage {}: request {} was cancelled; not handling it", link.agent(), env.requestId());
                outbox.send(cancelled(link.agent(), env, redrivenFrom, now), link.metrics()::cancelled);
                return outbox.flush();
            }
            // The step_start is not waited for before the handler runs (a round trip per hop): the step's end is
            // sent after it on the same key, and everything is sent again in order when any of it failed.
            outbox.send(List.of(event(BarbEvent.stepStart(env, link.agent(), now))), null);
            Step step = runStep(link, env, rec, redrivenFrom, hop);
            if (step == null) {
                return false;
            }
            outbox.send(step.records(), step.count());
            if (step.chainedTo() == null) {
                return outbox.flush();
            }
            env = step.advanced();
            link = step.chainedTo();
        }
    }

    /**
     * Runs one step with its retries.
     *
     * @return what the step caused, and the stage this thread runs next when it is chained; null when the thread
     * was interrupted (the worker stops; the record is redone elsewhere)
     */
    private Step runStep(Link link, RequestEnvelope env, ConsumerRecord<String, byte[]> rec, String redrivenFrom,
                         int hop) {
        String stepAgent = link.agent();
        StageMetrics m = link.metrics();
        // The first stage's records are counted as handled by the poll loop; a chained one counts its own here.
        Runnable handled = link == own ? null : m::handled;
        long started = System.nanoTime();
        if (link != own) {
            m.started();
        }
        try {
            for (int attempt = 1; ; attempt++) {
                try {
                    StageOutcome outcome = runHandler(link, env);
                    long durationMs = (System.nanoTime() - started) / 1_000_000;
                    if (cancels.isCancelled(env.requestId())) {
                        // Cancelled while the handler ran: its outcome goes nowhere.
                        return Step.ended(cancelledDuringStep(stepAgent, env, durationMs, redrivenFrom),
                                both(handled, m::cancelled));
                    }
                    return afterOutcome(link, env, outcome, durationMs, redrivenFrom, hop, handled);
                } catch (RequestCancelled e) {
                    long durationMs = (System.nanoTime() - started) / 1_000_000;
                    log.info("stage {}: request {} was cancelled while being handled; handler stopped", stepAgent,
                            env.requestId());
                    return Step.ended(cancelledDuringStep(stepAgent, env, durationMs, redrivenFrom),
                            both(handled, m::cancelled));
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                    return null;
                } catch (TimeoutException e) {
                    long durationMs = (System.nanoTime() - started) / 1_000_000;
                    return Step.ended(failure(stepAgent, env, "timeout",
                            "The " + stepAgent + " step took too long and was stopped.", durationMs, null,
                            redrivenFrom), both(handled, m::failed));
                } catch (Exception e) {
                    Throwable cause = e instanceof ExecutionException && e.getCause() != null ? e.getCause() : e;
                    FailureClassifier.Kind kind = FailureClassifier.afterAttempt(cause, attempt,
                            settings.maxAttempts());
                    long durationMs = (System.nanoTime() - started) / 1_000_000;
                    if (kind == FailureClassifier.Kind.RETRY && cancels.isCancelled(env.requestId())) {
                        return Step.ended(cancelledDuringStep(stepAgent, env, durationMs, redrivenFrom),
                                both(handled, m::cancelled));
                    }
                    if (kind == FailureClassifier.Kind.RETRY) {
                        log.info("stage {}: attempt {} for request {} failed, retrying: {}", stepAgent, attempt,
                                env.requestId(), cause.toString());
                        m.retried();
                        sleep(handlerBackoff.after(attempt).toMillis());
                        continue;
                    }
                    log.warn("stage {}: request {} failed: {}", stepAgent, env.requestId(), cause.toString(), cause);
                    List<ProducerRecord<String, byte[]>> out = new ArrayList<>();
                    Runnable count = both(handled, m::failed);
                    if (kind == FailureClassifier.Kind.DEAD_LETTER) {
                        // A chained stage's dead letter holds the record the chain started from: re-driving it
                        // runs the chain again from there.
                        out.add(deadLetter(stepAgent, rec, cause));
                        count = both(count, m::deadLettered);
                    }
                    out.addAll(failure(stepAgent, env, FailureClassifier.code(cause),
                            FailureClassifier.userMessage(cause, stepAgent), durationMs, cause.toString(),
                            redrivenFrom));
                    return Step.ended(out, count);
                }
            }
        } finally {
            if (link != own) {
                m.ended();
            }
        }
    }

    private static Runnable both(Runnable first, Runnable second) {
        if (first == null) {
            return second;
        }
        return () -> {
            first.run();
            second.run();
        };
    }

    private StageOutcome runHandler(Link link, RequestEnvelope env) throws Exception {
        long remaining = Math.min(settings.stageTimeout().toMillis(), env.deadlineMs() - System.currentTimeMillis());
        if (remaining <= 0) {
            throw new TimeoutException("deadline");
        }
        long started = System.nanoTime();
        Future<StageOutcome> f = workers.submit(() -> link.handler().handle(env));
        try {
            return awaitHandler(f, remaining, env.requestId());
        } finally {
            link.metrics().handlerCall(System.nanoTime() - started);
        }
    }

    /**
     * Waits for the handler until it ends or the time is up; a cancellation that arrives meanwhile stops it at once
     * (an LLM call takes seconds; nobody should pay for an answer no one will read). The follower of the
     * cancellations interrupts the handler itself, so the wait needs no slices (each slice that ran out threw a
     * TimeoutException, hundreds a second under load).
     */
    private StageOutcome awaitHandler(Future<StageOutcome> f, long remainingMs, String requestId) throws Exception {
        try (CancelledRequests.Watch ignored = cancels.whenCancelled(requestId, () -> f.cancel(true))) {
            return f.get(remainingMs, TimeUnit.MILLISECONDS);
        } catch (java.util.concurrent.CancellationException e) {
            throw new RequestCancelled();
        } catch (TimeoutException e) {
            f.cancel(true);
            throw new TimeoutException("stage timeout");
        } catch (InterruptedException e) {
            f.cancel(true);
            Thread.currentThread().interrupt();
            throw e;
        }
    }

    /** The request was cancelled while its handler ran. */
    private static final class RequestCancelled extends Exception {
        RequestCancelled() {
            super("cancelled", null, false, false);
        }
    }

    /**
     * The records of a step that ended with an outcome: its step_end and client messages, then the next stage's
     * envelope or the request's end; when the next stage is chained to this worker, nothing more: that stage runs
     * next in this thread.
     *
     * @param redrivenFrom the dead letter this request's record was re-driven from, or null
     */
    private Step afterOutcome(Link link, RequestEnvelope env, StageOutcome outcome, long durationMs,
                              String redrivenFrom, int hop, Runnable handled) {
        long now = System.currentTimeMillis();
        RequestEnvelope state = outcome.envelope();
        List<ProducerRecord<String, byte[]>> out = new ArrayList<>();
        out.add(event(BarbEvent.stepEnd(state, link.agent(), outcome.input(), outcome.output(), outcome.usage(),
                durationMs, now)));
        Map<EventType, Integer> perType = new java.util.EnumMap<>(EventType.class);
        for (StageOutcome.ClientMessage m : outcome.messages()) {
            int index = perType.merge(m.type(), 1, Integer::sum) - 1;
            out.add(event(new BarbEvent(BarbEvent.SCHEMA_VERSION, m.type(), env.requestId(), env.chatId(),
                    env.userId(), env.step(), link.agent(), now, m.payload(), index)));
        }
        RequestEnvelope advanced = state.advanced(link.agent(), outcome.usage());
        if (outcome.next() == null) {
            out.addAll(completion(advanced, outcome.finish(), true, now, redrivenFrom));
            return Step.ended(out, handled);
        }
        Link chained = hop < MAX_CHAIN ? chain.get(outcome.next()) : null;
        if (chained != null) {
            return new Step(out, handled, advanced, chained);
        }
        ProducerRecord<String, byte[]> next = new ProducerRecord<>(outcome.next().topic(), env.requestId(),
                Json.toBytes(advanced));
        if (redrivenFrom != null) {
            // The next stages must know too: the completion of a re-driven request leaves the chat alone.
            next.headers().add(DeadLetters.REDRIVE_FROM, DeadLetters.bytes(redrivenFrom));
        }
        out.add(next);
        return Step.ended(out, handled);
    }

    /**
     * The records that end a request: the chat's new state first, then the done event. A shadow replay writes no
     * chat state (the user's memory and clarification dialogue must not learn of it), nor does a re-driven
     * request: its envelope holds the chat as it was when it first ran, and writing it would roll back a
     * conversation that has gone on since.
     */
    private List<ProducerRecord<String, byte[]>> completion(RequestEnvelope env, StageOutcome.Finish finish,
                                                           boolean ok, long now, String redrivenFrom) {
        ChatState before = env.chatStateOrFresh();
        String suggested = ChatState.suggestedTitle(env);
        ChatState after = ChatState.afterRequest(env, finish.response(), finish.clarification(), finish.keyFacts(),
                now);
        Map<String, Usage> usage = new java.util.LinkedHashMap<>(env.usage());
        usage.put("total", env.totalUsage());
        RequestCompletion completion = new RequestCompletion(finish.route(), finish.response(), env.agentsUsed(),
                usage, now - env.createdAtMs(), before.title() == null ? suggested : null, after, ok);
        List<ProducerRecord<String, byte[]>> out = new ArrayList<>();
        if (!env.isShadowReplay() && redrivenFrom == null) {
            out.add(new ProducerRecord<>(Topics.CHAT_STATE, env.chatId(), Json.toBytes(after)));
        }
        out.add(event(BarbEvent.done(env, completion, now)));
        return out;
    }

    /** A cancelled request that this stage did not start: the cancelled event, the chat state and done. */
    private List<ProducerRecord<String, byte[]>> cancelled(String agent, RequestEnvelope env, String redrivenFrom,
                                                          long now) {
        List<ProducerRecord<String, byte[]>> out = new ArrayList<>();
        out.add(event(BarbEvent.cancelled(env, agent, now)));
        out.addAll(cancelledCompletion(env, now, redrivenFrom));
        return out;
    }

    /** A step that was stopped (or whose outcome was dropped) still gets its trace row, then as above. */
    private List<ProducerRecord<String, byte[]>> cancelledDuringStep(String agent, RequestEnvelope env,
                                                                    long durationMs, String redrivenFrom) {
        long now = System.currentTimeMillis();
        List<ProducerRecord<String, byte[]>> out = new ArrayList<>();
        out.add(event(BarbEvent.stepEnd(env, agent, Json.object(), Json.object().put("cancelled", true), null,
                durationMs, now)));
        out.add(event(BarbEvent.cancelled(env, agent, now)));
        out.addAll(cancelledCompletion(env.advanced(agent, null), now, redrivenFrom));
        return out;
    }

    /**
     * The end of a cancelled request: route {@code cancelled}, no response, the usage spent until then, and the
     * chat's memory and clarification as they were (the user saw no answer).
     */
    private List<ProducerRecord<String, byte[]>> cancelledCompletion(RequestEnvelope env, long now,
                                                                    String redrivenFrom) {
        ChatState after = ChatState.afterCancel(env, now);
        Map<String, Usage> usage = new java.util.LinkedHashMap<>(env.usage());
        usage.put("total", env.totalUsage());
        RequestCompletion completion = new RequestCompletion(ROUTE_CANCELLED, null, env.agentsUsed(), usage,
                now - env.createdAtMs(), null, after, true);
        List<ProducerRecord<String, byte[]>> out = new ArrayList<>();
        if (!env.isShadowReplay() && redrivenFrom == null) {
            out.add(new ProducerRecord<>(Topics.CHAT_STATE, env.chatId(), Json.toBytes(after)));
        }
        out.add(event(BarbEvent.done(env, completion, now)));
        return out;
    }

    /** A failed step still gets its trace row, an error the client sees and a completed chat log. */
    private List<ProducerRecord<String, byte[]>> failure(String agent, RequestEnvelope env, String code,
                                                        String userMessage, long durationMs, String detail,
                                                        String redrivenFrom) {
        long now = System.currentTimeMillis();
        List<ProducerRecord<String, byte[]>> out = new ArrayList<>();
        var output = Json.object().put("error", code).put("message", userMessage);
        if (detail != null) {
            output.put("detail", detail);
        }
        out.add(event(BarbEvent.stepEnd(env, agent, Json.object(), output, null, durationMs, now)));
        out.add(event(BarbEvent.error(env, agent, code, userMessage, now)));
        RequestEnvelope advanced = env.advanced(agent, null);
        out.addAll(completion(advanced, new StageOutcome.Finish("error", userMessage, ClarificationState.none()),
                false, now, redrivenFrom));
        return out;
    }

    private ProducerRecord<String, byte[]> event(BarbEvent e) {
        return EventRecords.of(e);
    }

    private static ProducerRecord<String, byte[]> deadLetter(String agent, ConsumerRecord<String, byte[]> rec,
                                                             Throwable cause) {
        return DeadLetters.of(rec, DeadLetters.Failure.of(agent, cause), System.currentTimeMillis());
    }

    /** Counts what a record caused once it is durably in Kafka (a record that is redone is counted then). */
    private static boolean counted(boolean sent, Runnable count) {
        if (sent) {
            count.run();
        }
        return sent;
    }

    /** One step's records, and the stage to run next in this thread when the step handed over to a chained one. */
    private record Step(List<ProducerRecord<String, byte[]>> records, Runnable count, RequestEnvelope advanced,
                        Link chainedTo) {
        static Step ended(List<ProducerRecord<String, byte[]>> records, Runnable count) {
            return new Step(records, count, null, null);
        }
    }

    /** A stage this worker runs: its own, or one chained to it. */
    private record Link(StageHandler handler, String agent, StageMetrics metrics) {
    }

    /**
     * What one record causes, sent as it is made without waiting (a chained step's events reach the client as the
     * step ends), then acknowledged together: {@link #flush} waits for every acknowledgement and, when any send
     * failed, sends everything again in order (what arrives twice is dropped downstream by request and step).
     * Meters are counted only once everything is in Kafka (a record that is redone is counted then).
     */
    private final class Outbox {
        private final List<ProducerRecord<String, byte[]>> records = new ArrayList<>();
        private final List<Future<RecordMetadata>> acks = new ArrayList<>();
        private final List<Runnable> counts = new ArrayList<>();
        private boolean sendFailed;

        void send(List<ProducerRecord<String, byte[]>> more, Runnable count) {
            for (ProducerRecord<String, byte[]> r : more) {
                records.add(r);
                if (sendFailed) {
                    continue;
                }
                try {
                    acks.add(producer.send(r));
                } catch (RuntimeException e) {
                    // Nothing after it is sent either, so the order on the key holds when flush sends it all again.
                    sendFailed = true;
                }
            }
            if (count != null) {
                counts.add(count);
            }
        }

        /** True when everything is durably in Kafka; false when the worker stops first (the record is redone). */
        boolean flush() {
            boolean acked = !sendFailed;
            for (int i = 0; acked && i < acks.size(); i++) {
                try {
                    acks.get(i).get();
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                    return false;
                } catch (ExecutionException | RuntimeException e) {
                    log.warn("stage {}: produce failed, retrying: {}", agent, e.toString());
                    acked = false;
                }
            }
            if (!acked && !sendAll(records)) {
                return false;
            }
            counts.forEach(Runnable::run);
            return true;
        }
    }

    /**
     * Sends in order and waits for every acknowledgement. On a broker outage it keeps trying until the worker
     * stops; false means the record stays uncommitted and will be redone.
     */
    private boolean sendAll(List<ProducerRecord<String, byte[]>> records) {
        while (true) {
            if (killed) {
                return false;
            }
            try {
                List<Future<RecordMetadata>> acks = new ArrayList<>(records.size());
                for (ProducerRecord<String, byte[]> r : records) {
                    acks.add(producer.send(r));
                }
                for (Future<RecordMetadata> f : acks) {
                    f.get();
                }
                return true;
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return false;
            } catch (ExecutionException | RuntimeException e) {
                if (!running) {
                    return false;
                }
                log.warn("stage {}: produce failed, retrying: {}", agent, e.toString());
                sleep(500);
            }
        }
    }

    private static void sleep(long ms) {
        try {
            Thread.sleep(ms);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    /**
     * Stops like a crash: no draining, no further commits, work in flight abandoned. Whatever was not
     * committed is redelivered to the next worker of the group.
     */
    public void kill() {
        killed = true;
        running = false;
        workers.shutdownNow();
        stopPolling();
        if (producer != null && sharedProducer == null) {
            producer.close(Duration.ZERO);
        }
        closeOwnedCancels();
    }

    private void closeOwnedCancels() {
        if (ownsCancels && cancels != null) {
            cancels.close();
        }
    }

    private void stopPolling() {
        if (consumer != null) {
            consumer.wakeup();
        }
        if (pollThread != null) {
            try {
                pollThread.join(30_000);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }
    }

    @Override
    public void close() {
        if (killed) {
            return;
        }
        running = false;
        stopPolling();
        workers.shutdown();
        try {
            workers.awaitTermination(10, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        if (producer != null && sharedProducer == null) {
            producer.close(Duration.ofSeconds(5));
        }
        closeOwnedCancels();
    }
}
