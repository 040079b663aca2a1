package barb.dlq;

import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.MultiGauge;
import io.micrometer.core.instrument.Tags;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;

/**
 * The dead-letter topic as Prometheus gauges, read every {@code interval} by a {@link DeadLetterReader} (which
 * fetches only what was added since the last read):
 * {@code barb_dlq_records{stage, reason, state}} (dead letters waiting for a re-drive or parked) and
 * {@code barb_dlq_oldest_age_seconds{state}} (how long the oldest of them has been there; 0 when there is none).
 * These count the topic, whoever wrote to it; {@code barb_stage_records_dead_lettered_total} counts what this
 * process's workers sent.
 */
public final class DeadLetterGauges implements AutoCloseable {
    private static final Logger log = LoggerFactory.getLogger(DeadLetterGauges.class);
    private static final List<DeadLetter.State> OPEN_STATES =
            List.of(DeadLetter.State.WAITING, DeadLetter.State.PARKED);

    private record Key(String stage, String reason, DeadLetter.State state) {
    }

    private final DeadLetterReader reader;
    private final MultiGauge records;
    private final Map<DeadLetter.State, Double> oldestAgeSeconds = new java.util.concurrent.ConcurrentHashMap<>();
    private final ScheduledExecutorService schedule;
    private volatile boolean failing;

    private DeadLetterGauges(String bootstrap, Duration interval, MeterRegistry registry) {
        this.reader = new DeadLetterReader(bootstrap, Duration.ofSeconds(10), false);
        this.records = MultiGauge.builder("barb.dlq.records")
                .description("Dead letters in the topic waiting for a re-drive or parked").register(registry);
        for (DeadLetter.State state : OPEN_STATES) {
            oldestAgeSeconds.put(state, 0.0);
            Gauge.builder("barb.dlq.oldest.age.seconds", oldestAgeSeconds, m -> m.get(state))
                    .tag("state", state.name().toLowerCase(java.util.Locale.ROOT))
                    .description("Age of the oldest dead letter in this state; 0 when there is none")
                    .register(registry);
        }
        this.schedule = Executors.newSingleThreadScheduledExecutor(r -> Thread.ofPlatform().daemon()
                .name("dlq-gauges").unstarted(r));
        schedule.scheduleWithFixedDelay(this::refresh, 0, interval.toMillis(), TimeUnit.MILLISECONDS);
    }

    /** Starts reading at once and every {@code interval} after. */
    public static DeadLetterGauges start(String bootstrap, Duration interval, MeterRegistry registry) {
        return new DeadLetterGauges(bootstrap, interval, registry);
    }

    private void refresh() {
        List<DeadLetter> open;
        try {
            open = reader.read().open();
        } catch (RuntimeException e) {
            if (!failing) {
                log.warn("dead-letter gauges: reading {} failed, keeping the last values: {}",
                        barb.core.Topics.DLQ, e.getMessage());
            }
            failing = true;
            return;
        }
        if (failing) {
            log.info("dead-letter gauges: reading the dead-letter topic again");
        }
        failing = false;
        publish(open, System.currentTimeMillis());
    }

    private void publish(List<DeadLetter> open, long nowMs) {
        Map<Key, Integer> counts = new HashMap<>();
        Map<DeadLetter.State, Long> oldest = new HashMap<>();
        for (DeadLetter d : open) {
            counts.merge(new Key(d.stage(), d.reason(), d.state()), 1, Integer::sum);
            oldest.merge(d.state(), d.ageMs(nowMs), Math::max);
        }
        List<MultiGauge.Row<?>> rows = new ArrayList<>();
        counts.forEach((k, n) -> rows.add(MultiGauge.Row.of(Tags.of("stage", k.stage(), "reason", k.reason(),
                "state", k.state().name().toLowerCase(java.util.Locale.ROOT)), n)));
        records.register(rows, true);
        for (DeadLetter.State state : OPEN_STATES) {
            oldestAgeSeconds.put(state, oldest.getOrDefault(state, 0L) / 1000.0);
        }
    }

    @Override
    public void close() {
        schedule.shutdownNow();
        try {
            schedule.awaitTermination(15, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        reader.close();
    }
}
