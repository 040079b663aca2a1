package barb.tracesink;

import barb.core.Backoff;
import barb.core.BarbEvent;
import barb.core.Config;
import barb.core.ContractException;
import barb.core.DeadLetterReason;
import barb.core.DeadLetters;
import barb.core.EventRecords;
import barb.core.EventType;
import barb.core.Json;
import barb.core.KafkaSettings;
import barb.core.Topics;
import io.micrometer.core.instrument.DistributionSummary;
import io.micrometer.core.instrument.FunctionCounter;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.Timer;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.consumer.ConsumerRebalanceListener;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.ConsumerRecords;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.clients.consumer.OffsetAndMetadata;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.clients.producer.RecordMetadata;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.errors.WakeupException;
import org.apache.kafka.common.header.Header;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import javax.sql.DataSource;
import java.nio.charset.StandardCharsets;
import java.sql.SQLException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.AtomicLong;

/**
 * Consumes {@link Topics#EVENTS} and writes the trace into PostgreSQL through {@link TraceBatchWriter}.
 *
 * <p>Records are gathered into batches bounded by count and time; each batch is one database transaction, and
 * the Kafka offsets are committed only after that transaction committed. While the database is unreachable the
 * same batch is retried with growing back-off and the partitions are paused, so the consumer stays in its
 * group and nothing is skipped. A record that is not a valid event, or that the database refuses, goes to
 * {@link Topics#DLQ} with the reason; the rest of its batch is written.
 */
public final class TraceSink implements AutoCloseable {
    private static final Logger log = LoggerFactory.getLogger(TraceSink.class);

    public static final String GROUP_ID = barb.core.ConsumerGroups.TRACE_SINK;

    /**
     * @param groupId         consumer group; a second sink writing to another database needs its own
     * @param maxBatchRecords a batch is written once it holds this many records …
     * @param maxBatchWait    … or once its first record waited this long
     * @param retryBackoff    first pause after a failed write; doubled up to {@code maxRetryBackoff}
     */
    public record Settings(String groupId, int maxBatchRecords, Duration maxBatchWait, Duration retryBackoff,
                           Duration maxRetryBackoff) {
        public Settings {
            if (groupId == null || groupId.isBlank()) {
                throw new IllegalArgumentException("trace-sink group id missing");
            }
            if (maxBatchRecords < 1) {
                throw new IllegalArgumentException("maxBatchRecords must be at least 1, got " + maxBatchRecords);
            }
        }

        public static Settings defaults() {
            return new Settings(GROUP_ID, 500, Duration.ofMillis(100), Duration.ofMillis(200), Duration.ofSeconds(10));
        }

        /** BARB_SINK_BATCH_SIZE (500), BARB_SINK_BATCH_WAIT_MS (100). */
        public static Settings fromEnv(Map<String, String> env) {
            int size = Config.intValue(env, "BARB_SINK_BATCH_SIZE", 500, 1, 10_000);
            int waitMs = Config.intValue(env, "BARB_SINK_BATCH_WAIT_MS", 100, 1, 60_000);
            return new Settings(GROUP_ID, size, Duration.ofMillis(waitMs), Duration.ofMillis(200),
                    Duration.ofSeconds(10));
        }
    }

    /**
     * Counters for /metrics.
     *
     * @param recordsWritten events stored (request_started, step_end, done), counting redelivered ones
     * @param recordsIgnored events the sink does not store (step_start, answer, …)
     * @param batches        batches committed
     * @param deadLettered   records sent to the DLQ
     * @param writeRetries   failed attempts to write a batch that were retried
     * @param lastError      the latest failure, or null
     */
    public record Stats(long recordsWritten, long recordsIgnored, long batches, long deadLettered, long writeRetries,
                        String lastError) {
    }

    private final KafkaSettings kafka;
    private final Settings settings;
    private final TraceBatchWriter writer;
    private final DistributionSummary batchSize;
    private final Timer writeTime;
    private final List<ConsumerRecord<String, byte[]>> pending = new ArrayList<>();
    private final AtomicLong written = new AtomicLong();
    private final AtomicLong ignored = new AtomicLong();
    private final AtomicLong batches = new AtomicLong();
    private final AtomicLong deadLettered = new AtomicLong();
    private final AtomicLong retries = new AtomicLong();
    private final AtomicLong pollFailures = new AtomicLong();
    private volatile String lastError;
    private volatile boolean running = true;
    private volatile boolean assigned;
    private long firstPendingAtNanos;
    private KafkaConsumer<String, byte[]> consumer;
    private KafkaProducer<String, byte[]> producer;
    private Thread pollThread;

    private TraceSink(KafkaSettings kafka, DataSource ds, Settings settings, MeterRegistry registry) {
        this.kafka = kafka;
        this.settings = settings;
        this.writer = new TraceBatchWriter(ds);
        this.batchSize = DistributionSummary.builder("barb.tracesink.batch.records")
                .description("Records in one batch written to PostgreSQL").publishPercentileHistogram()
                .minimumExpectedValue(1.0).maximumExpectedValue((double) settings.maxBatchRecords())
                .register(registry);
        this.writeTime = Timer.builder("barb.tracesink.batch.write")
                .description("Time to write one batch in one transaction").publishPercentileHistogram()
                .minimumExpectedValue(Duration.ofMillis(1)).maximumExpectedValue(Duration.ofSeconds(30))
                .register(registry);
        FunctionCounter.builder("barb.tracesink.records.written", written, AtomicLong::get)
                .description("Events stored, redelivered ones included").register(registry);
        FunctionCounter.builder("barb.tracesink.records.dead.lettered", deadLettered, AtomicLong::get)
                .description("Events the sink sent to the DLQ").register(registry);
        FunctionCounter.builder("barb.tracesink.write.retries", retries, AtomicLong::get)
                .description("Failed batch writes that were retried").register(registry);
        FunctionCounter.builder("barb.tracesink.poll.failures", pollFailures, AtomicLong::get)
                .description("Polls that failed (e.g. fenced from the group); the sink polls on").register(registry);
    }

    /** A sink whose meters nobody reads (tests). */
    public static TraceSink start(KafkaSettings kafka, DataSource ds, Settings settings) {
        return start(kafka, ds, settings, new SimpleMeterRegistry());
    }

    /** @param registry the process's meters: batch size and write latency, records written, dead letters, retries */
    public static TraceSink start(KafkaSettings kafka, DataSource ds, Settings settings, MeterRegistry registry) {
        TraceSink sink = new TraceSink(kafka, ds, settings, registry);
        String clientId = "barb-trace-sink-" + ProcessHandle.current().pid() + "-" + System.identityHashCode(sink);
        Properties consumerProps = kafka.consumer(settings.groupId(), clientId);
        consumerProps.put(ConsumerConfig.MAX_POLL_RECORDS_CONFIG, settings.maxBatchRecords());
        // It writes in batches of up to maxBatchWait anyway: fetching in batches as well costs no more delay.
        KafkaSettings.batching(consumerProps, "", settings.maxBatchWait());
        sink.producer = new KafkaProducer<>(kafka.producer(clientId));
        sink.consumer = new KafkaConsumer<>(consumerProps);
        sink.pollThread = Thread.ofPlatform().name("trace-sink").start(sink::pollLoop);
        return sink;
    }

    /** True once the group gave this sink its partitions. */
    public boolean isAssigned() {
        return assigned;
    }

    public Stats stats() {
        return new Stats(written.get(), ignored.get(), batches.get(), deadLettered.get(), retries.get(), lastError);
    }

    private void pollLoop() {
        consumer.subscribe(List.of(Topics.EVENTS), new ConsumerRebalanceListener() {
            @Override
            public void onPartitionsRevoked(Collection<TopicPartition> partitions) {
                dropPending(partitions);
            }

            @Override
            public void onPartitionsAssigned(Collection<TopicPartition> partitions) {
                assigned = true;
            }

            @Override
            public void onPartitionsLost(Collection<TopicPartition> partitions) {
                dropPending(partitions);
            }
        });
        int failedPolls = 0;
        try {
            while (running) {
                ConsumerRecords<String, byte[]> records;
                try {
                    records = consumer.poll(Duration.ofMillis(pollWaitMs()));
                    failedPolls = 0;
                } catch (WakeupException | org.apache.kafka.common.errors.InterruptException e) {
                    throw e;
                } catch (org.apache.kafka.common.KafkaException e) {
                    // e.g. fenced from the group after missed heartbeats: the consumer joins again on its next poll,
                    // so the sink waits and polls on instead of stopping for good
                    failedPolls++;
                    lastError = e.toString();
                    log.warn("trace-sink: polling failed ({} in a row), polling again: {}", failedPolls, e.toString());
                    pollFailures.incrementAndGet();
                    Thread.sleep(Backoff.POLL.after(failedPolls).toMillis());
                    continue;
                }
                addPending(records);
                if (batchReady()) {
                    writeWithRetry();
                }
            }
        } catch (WakeupException e) {
            if (running) {
                log.error("trace-sink: unexpected wakeup", e);
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        } catch (RuntimeException e) {
            lastError = e.toString();
            log.error("trace-sink: poll loop stopped", e);
        } finally {
            finishOnClose();
        }
    }

    private long pollWaitMs() {
        if (pending.isEmpty()) {
            return 100;
        }
        long waitedMs = (System.nanoTime() - firstPendingAtNanos) / 1_000_000;
        return Math.max(1, settings.maxBatchWait().toMillis() - waitedMs);
    }

    private void addPending(ConsumerRecords<String, byte[]> records) {
        if (records.isEmpty()) {
            return;
        }
        if (pending.isEmpty()) {
            firstPendingAtNanos = System.nanoTime();
        }
        records.forEach(pending::add);
    }

    private boolean batchReady() {
        if (pending.isEmpty()) {
            return false;
        }
        return pending.size() >= settings.maxBatchRecords()
                || System.nanoTime() - firstPendingAtNanos >= settings.maxBatchWait().toNanos();
    }

    /** Records of partitions this sink no longer owns are left to their new owner, uncommitted. */
    private void dropPending(Collection<TopicPartition> partitions) {
        pending.removeIf(r -> partitions.contains(new TopicPartition(r.topic(), r.partition())));
    }

    /**
     * Writes the pending batch until it succeeds or the sink stops. Between attempts the partitions are paused
     * and polled, which keeps the group membership without fetching more.
     */
    private void writeWithRetry() {
        Backoff backoff = new Backoff(settings.retryBackoff(), settings.maxRetryBackoff());
        int failed = 0;
        while (running) {
            try {
                writeBatch();
                consumer.resume(consumer.paused());
                return;
            } catch (SQLException | ExecutionException | RuntimeException e) {
                if (e instanceof WakeupException w) {
                    throw w;
                }
                retries.incrementAndGet();
                lastError = e.toString();
                failed++;
                log.warn("trace-sink: writing a batch of {} records failed (attempt {}), retrying: {}", pending.size(),
                        failed, e.toString());
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return;
            }
            consumer.pause(consumer.assignment());
            addPending(consumer.poll(backoff.after(failed)));
            if (pending.isEmpty()) {
                // Every pending record belonged to partitions that were taken away meanwhile.
                consumer.resume(consumer.paused());
                return;
            }
        }
    }

    /** One attempt: parse, write in one transaction, dead-letter what was refused, then commit the offsets. */
    private void writeBatch() throws SQLException, ExecutionException, InterruptedException {
        List<ConsumerRecord<String, byte[]>> batch = List.copyOf(pending);
        List<BarbEvent> events = new ArrayList<>(batch.size());
        List<ConsumerRecord<String, byte[]>> eventRecords = new ArrayList<>(batch.size());
        List<ProducerRecord<String, byte[]>> deadLetters = new ArrayList<>();
        int unparsed = 0;
        for (ConsumerRecord<String, byte[]> rec : batch) {
            EventType type = EventRecords.typeOf(rec.headers());
            if (type != null && !TraceEvents.isTraced(type)) {
                // Its header says the sink does not store it: not even parsed (data blocks are the largest events).
                unparsed++;
                continue;
            }
            try {
                events.add(Json.fromBytes(rec.value(), BarbEvent.class).validated());
                eventRecords.add(rec);
            } catch (ContractException e) {
                deadLetters.add(deadLetter(rec, DeadLetterReason.BAD_RECORD, e.getMessage()));
            }
        }
        long started = System.nanoTime();
        TraceBatchWriter.Result result = writer.write(events);
        writeTime.record(Duration.ofNanos(System.nanoTime() - started));
        for (Map.Entry<Integer, String> r : result.rejected().entrySet()) {
            deadLetters.add(deadLetter(eventRecords.get(r.getKey()), DeadLetterReason.DATABASE_REFUSED, r.getValue()));
        }
        sendAll(deadLetters);
        commitOffsets(batch);
        pending.clear();
        written.addAndGet(result.written());
        ignored.addAndGet(result.ignored() + unparsed);
        deadLettered.addAndGet(deadLetters.size());
        batches.incrementAndGet();
        batchSize.record(batch.size());
    }

    private void sendAll(List<ProducerRecord<String, byte[]>> records)
            throws ExecutionException, InterruptedException {
        if (records.isEmpty()) {
            return;
        }
        List<Future<RecordMetadata>> acks = new ArrayList<>(records.size());
        for (ProducerRecord<String, byte[]> r : records) {
            acks.add(producer.send(r));
        }
        for (Future<RecordMetadata> f : acks) {
            f.get();
        }
        for (ProducerRecord<String, byte[]> r : records) {
            log.warn("trace-sink: record {} sent to the DLQ: {}", header(r, DeadLetters.SOURCE),
                    header(r, DeadLetters.MESSAGE));
        }
    }

    /**
     * The database already holds the batch, so a failed commit only means the batch comes again after a
     * rebalance, and writing it again changes nothing.
     */
    private void commitOffsets(List<ConsumerRecord<String, byte[]>> batch) {
        Map<TopicPartition, OffsetAndMetadata> offsets = new HashMap<>();
        for (ConsumerRecord<String, byte[]> rec : batch) {
            offsets.merge(new TopicPartition(rec.topic(), rec.partition()), new OffsetAndMetadata(rec.offset() + 1),
                    (a, b) -> a.offset() >= b.offset() ? a : b);
        }
        try {
            consumer.commitSync(offsets);
        } catch (WakeupException e) {
            throw e;
        } catch (RuntimeException e) {
            log.warn("trace-sink: offset commit failed; the batch will be delivered again: {}", e.toString());
        }
    }

    private static ProducerRecord<String, byte[]> deadLetter(ConsumerRecord<String, byte[]> rec,
                                                             DeadLetterReason reason, String message) {
        return DeadLetters.of(rec, new DeadLetters.Failure("trace-sink", reason, message, null),
                System.currentTimeMillis());
    }

    private static String header(ProducerRecord<String, byte[]> r, String name) {
        Header h = r.headers().lastHeader(name);
        return h == null ? "" : new String(h.value(), StandardCharsets.UTF_8);
    }

    /** One last attempt for what is pending; anything not written stays uncommitted for the next start. */
    private void finishOnClose() {
        try {
            if (!pending.isEmpty()) {
                writeBatch();
            }
        } catch (Exception e) {
            log.info("trace-sink: {} pending records left for the next start: {}", pending.size(), e.toString());
        } finally {
            try {
                consumer.close(Duration.ofSeconds(5));
            } finally {
                producer.close(Duration.ofSeconds(5));
            }
        }
    }

    @Override
    public void close() {
        running = false;
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
}
