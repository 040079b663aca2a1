package barb.lag;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.time.Duration;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;

/**
 * Watches the lag of a fixed set of consumer groups: every {@code interval} it reads the offsets
 * ({@link KafkaLagReader}), judges them ({@link LagAnalysis}) and hands the snapshot to its listeners (the
 * Prometheus gauges). {@link #latest()} is the last snapshot; {@link #refresh()} reads one now.
 */
public final class LagMonitor implements AutoCloseable {
    private static final Logger log = LoggerFactory.getLogger(LagMonitor.class);

    /**
     * @param interval   time between two readings; also the spacing of the window's samples
     * @param windowSize samples per partition window (Burrow's default is 10)
     * @param timeout    longest wait for Kafka in one reading
     * @param groups     group id → the topics it consumes, in the order reports list them
     */
    public record Settings(Duration interval, int windowSize, Duration timeout, Map<String, List<String>> groups) {
        public Settings {
            if (interval == null || interval.toMillis() < 100) {
                throw new IllegalArgumentException("the lag interval must be at least 100 ms");
            }
            if (windowSize < 2) {
                throw new IllegalArgumentException("the lag window must hold at least 2 samples");
            }
            if (timeout == null || timeout.toMillis() < 100) {
                throw new IllegalArgumentException("the lag timeout must be at least 100 ms");
            }
            if (groups == null || groups.isEmpty()) {
                throw new IllegalArgumentException("the lag monitor needs at least one group");
            }
            Map<String, List<String>> copy = new LinkedHashMap<>();
            groups.forEach((group, topics) -> {
                if (topics == null || topics.isEmpty()) {
                    throw new IllegalArgumentException("the lag monitor needs the topics of group " + group);
                }
                copy.put(group, List.copyOf(topics));
            });
            groups = Collections.unmodifiableMap(copy);
        }

        /** Every 5 s over a window of 10 samples (50 s), 10 s to answer: see docs/operations.md. */
        public static Settings defaults(Map<String, List<String>> groups) {
            return new Settings(Duration.ofSeconds(5), 10, Duration.ofSeconds(10), groups);
        }

        public Settings withInterval(Duration newInterval) {
            return new Settings(newInterval, windowSize, timeout, groups);
        }
    }

    private final Settings settings;
    private final KafkaLagReader reader;
    private final OffsetWindows windows;
    private final List<Consumer<LagSnapshot>> listeners = new CopyOnWriteArrayList<>();
    private final Object refreshing = new Object();
    private volatile LagSnapshot latest;
    private ScheduledExecutorService schedule;

    private LagMonitor(String bootstrap, Settings settings) {
        this.settings = settings;
        this.reader = new KafkaLagReader(bootstrap, settings.timeout());
        this.windows = new OffsetWindows(settings.windowSize());
    }

    /**
     * A monitor that has read nothing yet; {@link #refresh()} or {@link #startPolling()} next. Connecting is lazy:
     * an unreachable Kafka shows at the first reading.
     *
     * @throws IllegalArgumentException when {@code bootstrap} is not a host:port list
     */
    public static LagMonitor create(String bootstrap, Settings settings) {
        return new LagMonitor(BootstrapAddress.check(bootstrap), settings);
    }

    public Settings settings() {
        return settings;
    }

    /** Called with every new snapshot, on the monitor's thread. */
    public void onSnapshot(Consumer<LagSnapshot> listener) {
        listeners.add(listener);
    }

    /** Reads the lag now. @throws LagReadException when Kafka cannot be read */
    public LagSnapshot refresh() {
        synchronized (refreshing) {
            LagReading reading = reader.read(settings.groups());
            LagSnapshot snapshot = LagAnalysis.analyse(reading, windows);
            latest = snapshot;
            for (Consumer<LagSnapshot> l : listeners) {
                l.accept(snapshot);
            }
            return snapshot;
        }
    }

    /** The last snapshot; null before the first reading. */
    public LagSnapshot latest() {
        return latest;
    }

    /** Reads every {@code interval} on a thread of its own until closed; a failed reading is logged and retried. */
    public LagMonitor startPolling() {
        schedule = Executors.newSingleThreadScheduledExecutor(r -> Thread.ofPlatform().name("barb-lag-monitor")
                .daemon().unstarted(r));
        schedule.scheduleWithFixedDelay(this::refreshQuietly, 0, settings.interval().toMillis(),
                TimeUnit.MILLISECONDS);
        return this;
    }

    private void refreshQuietly() {
        try {
            refresh();
        } catch (LagReadException e) {
            log.warn("lag monitor: {}", e.getMessage());
        } catch (RuntimeException e) {
            log.error("lag monitor: reading failed", e);
        }
    }

    @Override
    public void close() {
        if (schedule != null) {
            schedule.shutdownNow();
            try {
                schedule.awaitTermination(settings.timeout().toMillis() + 2_000, TimeUnit.MILLISECONDS);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }
        synchronized (refreshing) {
            reader.close();
        }
    }
}
