package barb.core;

import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.Timer;

import java.time.Duration;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * What one stage did in this process, as Micrometer meters tagged {@code stage}. Every worker of the stage in the
 * process shares one instance (see {@link PipelineMetrics}), so the counts are per process and stage.
 *
 * <p>Prometheus names: {@code barb_stage_records_handled_total} (records finished, whatever the outcome),
 * {@code barb_stage_records_retried_total} (handler attempts retried), {@code barb_stage_records_failed_total}
 * (records that ended the request with an error), {@code barb_stage_records_dead_lettered_total} (records sent to
 * the DLQ), {@code barb_stage_records_cancelled_total} (records of requests their user cancelled, stopped here),
 * {@code barb_stage_handler_duration_seconds} (one handler call, histogram),
 * {@code barb_stage_records_in_flight} and {@code barb_stage_poll_failures_total} (polls of the stage's consumer
 * that failed, e.g. fenced from its group; the worker polls on).
 */
public final class StageMetrics {
    private final Counter handled;
    private final Counter retried;
    private final Counter failed;
    private final Counter deadLettered;
    private final Counter cancelled;
    private final Counter pollFailures;
    private final Timer handlerDuration;
    private final AtomicInteger inFlight = new AtomicInteger();

    StageMetrics(MeterRegistry registry, String stage) {
        handled = Counter.builder("barb.stage.records.handled").tag("stage", stage)
                .description("Records the stage finished, whatever the outcome").register(registry);
        retried = Counter.builder("barb.stage.records.retried").tag("stage", stage)
                .description("Handler attempts that failed retriably and were tried again").register(registry);
        failed = Counter.builder("barb.stage.records.failed").tag("stage", stage)
                .description("Records whose request ended with an error at this stage").register(registry);
        deadLettered = Counter.builder("barb.stage.records.dead.lettered").tag("stage", stage)
                .description("Records sent to the dead-letter topic").register(registry);
        cancelled = Counter.builder("barb.stage.records.cancelled").tag("stage", stage)
                .description("Records of requests their user cancelled, stopped at this stage").register(registry);
        pollFailures = Counter.builder("barb.stage.poll.failures").tag("stage", stage)
                .description("Polls of the stage's consumer that failed; the worker polls on").register(registry);
        handlerDuration = Timer.builder("barb.stage.handler.duration").tag("stage", stage)
                .description("Time of one handler call")
                .publishPercentileHistogram()
                .minimumExpectedValue(Duration.ofMillis(1))
                .maximumExpectedValue(Duration.ofSeconds(60))
                .register(registry);
        Gauge.builder("barb.stage.records.in.flight", inFlight, AtomicInteger::get).tag("stage", stage)
                .description("Records being handled right now").strongReference(true).register(registry);
    }

    void handled() {
        handled.increment();
    }

    void retried() {
        retried.increment();
    }

    void failed() {
        failed.increment();
    }

    void deadLettered() {
        deadLettered.increment();
    }

    void cancelled() {
        cancelled.increment();
    }

    void pollFailed() {
        pollFailures.increment();
    }

    void handlerCall(long nanos) {
        handlerDuration.record(Duration.ofNanos(nanos));
    }

    void started() {
        inFlight.incrementAndGet();
    }

    void ended() {
        inFlight.decrementAndGet();
    }
}
