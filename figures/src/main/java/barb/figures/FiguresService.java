package barb.figures;

import barb.core.ConsumerGroups;
import barb.core.KafkaSettings;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.common.serialization.Serdes;
import org.apache.kafka.streams.CloseOptions;
import org.apache.kafka.streams.KafkaStreams;
import org.apache.kafka.streams.StoreQueryParameters;
import org.apache.kafka.streams.StreamsConfig;
import org.apache.kafka.streams.errors.InvalidStateStoreException;
import org.apache.kafka.streams.state.QueryableStoreTypes;
import org.apache.kafka.streams.state.ReadOnlyKeyValueStore;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Properties;

/**
 * Runs {@link FiguresTopology} against a Kafka cluster and reads the figures through interactive queries on its
 * global store. Start-up does not wait for the topology: until it runs, {@link #lastMinutes} says it is not ready.
 *
 * <p>Every gateway runs one instance, all with the same application id ({@link Settings#DEFAULT_APPLICATION_ID}):
 * one consumer group, which shares the counting by partition and which the lag monitor watches like any other.
 * An interactive query on the counting's window store would answer only for the partitions this instance holds
 * (the rest would need a call to the instance holding them); instead every instance mirrors the counted minutes
 * from the output topic into a global store and answers from that, for all partitions. Both stores are in
 * memory: the window store is backed by its changelog, the global one by the output topic, so a restart
 * restores the last hour from Kafka and no RocksDB files are written (see docs/operations.md, "The ops page").
 */
public final class FiguresService implements AutoCloseable {
    private static final Logger log = LoggerFactory.getLogger(FiguresService.class);
    /** The most minutes one query may ask for: the store keeps an hour. */
    public static final int MAX_MINUTES = (int) FiguresTopology.RETENTION.toMinutes();

    /**
     * @param applicationId the Streams application id: its consumer group and the prefix of its internal topics
     * @param stateDir      where Streams keeps its lock and checkpoint files
     */
    public record Settings(String applicationId, Path stateDir) {
        /** The one application id of every gateway's figures: the consumer group the lag monitor watches. */
        public static final String DEFAULT_APPLICATION_ID = ConsumerGroups.FIGURES;

        public Settings {
            if (applicationId == null || !applicationId.matches("[A-Za-z0-9._-]{1,200}")) {
                throw new IllegalArgumentException("the figures application id must be 1-200 of A-Z a-z 0-9 . _ -");
            }
            if (stateDir == null) {
                throw new IllegalArgumentException("the figures need a state directory");
            }
        }

        public static Settings defaults(Path stateDir) {
            return new Settings(DEFAULT_APPLICATION_ID, stateDir);
        }
    }

    private final KafkaStreams streams;

    private FiguresService(KafkaStreams streams) {
        this.streams = streams;
    }

    public static FiguresService start(String bootstrap, Settings settings) {
        KafkaStreams streams = new KafkaStreams(FiguresTopology.build(), properties(bootstrap, settings));
        streams.setUncaughtExceptionHandler(e -> {
            log.error("ops figures: the topology failed; replacing its thread", e);
            return org.apache.kafka.streams.errors.StreamsUncaughtExceptionHandler.StreamThreadExceptionResponse
                    .REPLACE_THREAD;
        });
        streams.start();
        log.info("ops figures: topology {} started over {}", settings.applicationId(), bootstrap);
        return new FiguresService(streams);
    }

    /** The longest the topology's fetches wait for a batch to fill. */
    static final Duration FETCH_WAIT = Duration.ofMillis(200);

    private static Properties properties(String bootstrap, Settings settings) {
        Properties p = new Properties();
        p.put(StreamsConfig.APPLICATION_ID_CONFIG, settings.applicationId());
        p.put(StreamsConfig.BOOTSTRAP_SERVERS_CONFIG, bootstrap);
        p.put(StreamsConfig.STATE_DIR_CONFIG, settings.stateDir().toAbsolutePath().toString());
        p.put(StreamsConfig.DEFAULT_KEY_SERDE_CLASS_CONFIG, Serdes.StringSerde.class.getName());
        p.put(StreamsConfig.DEFAULT_VALUE_SERDE_CLASS_CONFIG, Serdes.ByteArraySerde.class.getName());
        p.put(StreamsConfig.NUM_STREAM_THREADS_CONFIG, 1);
        p.put(StreamsConfig.PROCESSING_EXCEPTION_HANDLER_GLOBAL_ENABLED_CONFIG, true);
        // The record cache sends a minute's tally to the output topic at each commit: every second keeps the global
        // store (what the page reads) a second or two behind the events, with at most one update per figure and
        // second.
        p.put(StreamsConfig.COMMIT_INTERVAL_MS_CONFIG, 1_000);
        // A new application starts from the oldest event: the windows of the last hour fill at once and older
        // records are dropped as expired.
        p.put(StreamsConfig.consumerPrefix(ConsumerConfig.AUTO_OFFSET_RESET_CONFIG), "earliest");
        // The figures are a second behind anyway: the events and the repartitioned observations are fetched in
        // batches rather than one fetch per event (KafkaSettings.batching).
        KafkaSettings.batching(p, StreamsConfig.MAIN_CONSUMER_PREFIX, FETCH_WAIT);
        return p;
    }

    /**
     * True once the topology runs, also while it rebalances: the global store is complete from the start and
     * stays readable while the counting moves between instances.
     */
    public boolean running() {
        KafkaStreams.State state = streams.state();
        return state == KafkaStreams.State.RUNNING || state == KafkaStreams.State.REBALANCING;
    }

    /**
     * The last {@code minutes} minutes up to the one holding {@code now}, oldest first.
     *
     * @throws FiguresNotReadyException while the topology starts, rebalances or restores
     */
    public OpsFigures lastMinutes(int minutes, Instant now) {
        if (minutes < 1 || minutes > MAX_MINUTES) {
            throw new IllegalArgumentException("minutes must be between 1 and " + MAX_MINUTES);
        }
        if (!running()) {
            throw new FiguresNotReadyException("the figures topology is " + streams.state().name().toLowerCase()
                    + ", not running yet");
        }
        long toMs = now.toEpochMilli();
        long fromMs = FiguresReport.minuteOf(toMs) - (minutes - 1) * FiguresTopology.WINDOW.toMillis();
        List<WindowRow> rows;
        try {
            ReadOnlyKeyValueStore<String, Tally> store = streams.store(StoreQueryParameters.fromNameAndType(
                    FiguresTopology.ALL_MINUTES_STORE, QueryableStoreTypes.keyValueStore()));
            rows = StoreRows.between(store, fromMs, toMs);
        } catch (InvalidStateStoreException e) {
            throw new FiguresNotReadyException("the figures store is not queryable right now: " + e.getMessage());
        }
        return new OpsFigures(now, FiguresTopology.WINDOW.toSeconds(), FiguresReport.minutes(rows, fromMs, toMs));
    }

    @Override
    public void close() {
        // Leaving the group hands the partitions to the next instance at once instead of after the session timeout.
        boolean closed = streams.close(CloseOptions.groupMembershipOperation(
                CloseOptions.GroupMembershipOperation.LEAVE_GROUP).withTimeout(Duration.ofSeconds(15)));
        if (!closed) {
            log.warn("ops figures: the topology did not stop within 15 s");
        }
    }
}
