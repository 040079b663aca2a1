package barb.launcher;

import barb.core.BarbEvent;
import barb.core.ContractException;
import barb.core.EventType;
import barb.core.Json;
import barb.core.KafkaSettings;
import barb.core.Topics;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.errors.WakeupException;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * Collects the events of the replays as they run: a consumer with no group, on every partition of
 * {@link Topics#EVENTS}, positioned at the end before the first replay is published (as the gateway's relay does),
 * so no event of a replay can be missed. Only the ids {@link #expect expected} and not yet {@link #forget forgotten}
 * are kept, so what it holds is bounded by the replays in flight, not by the size of the replay.
 */
final class ReplayWatcher implements AutoCloseable {
    private static final Logger log = LoggerFactory.getLogger(ReplayWatcher.class);

    private final KafkaConsumer<String, byte[]> consumer;
    private final Map<String, List<BarbEvent>> events = new ConcurrentHashMap<>();
    private final Set<String> finished = ConcurrentHashMap.newKeySet();
    private final AtomicInteger finishedCount = new AtomicInteger();
    private final Thread pollThread;
    private volatile boolean running = true;
    private volatile RuntimeException failure;

    private ReplayWatcher(KafkaConsumer<String, byte[]> consumer) {
        this.consumer = consumer;
        this.pollThread = Thread.ofPlatform().name("barb-replay-watcher").daemon().unstarted(this::pollLoop);
    }

    /** Returns once the consumer holds a position at the end of every partition. */
    static ReplayWatcher start(KafkaSettings kafka, Duration timeout) {
        Properties props = kafka.consumer(null, "barb-replay-watcher-" + ProcessHandle.current().pid());
        // It reads every event of the pipeline, of live users too, to find the replays' few: the default 50 MB
        // fetch would be most of a small heap while the pipeline is busy.
        props.put(ConsumerConfig.FETCH_MAX_BYTES_CONFIG, 4 * 1024 * 1024);
        props.put(ConsumerConfig.MAX_PARTITION_FETCH_BYTES_CONFIG, 512 * 1024);
        KafkaConsumer<String, byte[]> consumer = new KafkaConsumer<>(props);
        try {
            List<TopicPartition> partitions = new TopicScan(consumer, timeout).partitions(Topics.EVENTS);
            consumer.assign(partitions);
            consumer.seekToEnd(partitions);
            for (TopicPartition tp : partitions) {
                consumer.position(tp, timeout);
            }
        } catch (RuntimeException e) {
            consumer.close(Duration.ofSeconds(1));
            throw e;
        }
        ReplayWatcher watcher = new ReplayWatcher(consumer);
        watcher.pollThread.start();
        return watcher;
    }

    /** Starts keeping the events of a replay; call before publishing it. */
    void expect(String requestId) {
        events.putIfAbsent(requestId, Collections.synchronizedList(new ArrayList<>()));
    }

    boolean isFinished(String requestId) {
        return finished.contains(requestId);
    }

    /** Runs finished since the start, forgotten ones included. */
    int finishedCount() {
        return finishedCount.get();
    }

    /** Drops what was kept of a run once it was compared; later events of it are ignored. */
    void forget(String requestId) {
        events.remove(requestId);
        finished.remove(requestId);
    }

    /** The run of a replay as far as its events arrived (unfinished without its done event); null if not expected. */
    RunRecord run(String requestId) {
        List<BarbEvent> list = events.get(requestId);
        if (list == null) {
            return null;
        }
        synchronized (list) {
            return RunRecord.of(requestId, List.copyOf(list));
        }
    }

    /** @throws ReplayException when the poll loop died */
    void checkHealthy() {
        if (failure != null) {
            throw new ReplayException("reading " + Topics.EVENTS + " failed: " + failure.getMessage(), failure);
        }
    }

    private void pollLoop() {
        try {
            while (running) {
                for (ConsumerRecord<String, byte[]> rec : consumer.poll(Duration.ofMillis(200))) {
                    keep(rec);
                }
            }
        } catch (WakeupException e) {
            if (running) {
                failure = e;
            }
        } catch (RuntimeException e) {
            log.error("replay watcher stopped", e);
            failure = e;
        } finally {
            consumer.close(Duration.ofSeconds(2));
        }
    }

    private void keep(ConsumerRecord<String, byte[]> rec) {
        List<BarbEvent> list = rec.key() == null ? null : events.get(rec.key());
        if (list == null) {
            return;
        }
        try {
            BarbEvent e = RunRecord.slimmed(Json.fromBytes(rec.value(), BarbEvent.class).validated());
            if (e == null) {
                return;
            }
            list.add(e);
            if (e.type() == EventType.DONE && finished.add(e.requestId())) {
                finishedCount.incrementAndGet();
            }
        } catch (ContractException e) {
            log.warn("replay watcher: skipping a bad event of {}: {}", rec.key(), e.getMessage());
        }
    }

    @Override
    public void close() {
        running = false;
        consumer.wakeup();
        try {
            pollThread.join(5_000);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
