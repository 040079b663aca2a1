package barb.gateway;

import barb.core.BarbEvent;
import barb.core.ContractException;
import barb.core.Json;
import barb.core.KafkaSettings;
import barb.core.Topics;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.common.PartitionInfo;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.errors.WakeupException;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.time.Duration;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;

/**
 * Hands the records of {@link Topics#EVENTS} to the SSE streams this gateway holds.
 *
 * <p>The consumer has no group: it is assigned every partition and starts at the end, so every gateway instance
 * sees every event and keeps only those of the requests it holds. That is the simple choice of ARCHITECTURE §9;
 * its cost is read amplification that grows with the number of instances (each reads the whole topic). Routing
 * client events to a reply topic per instance would scale further and can replace this class alone.
 * Partitions added to the topic after start are not picked up until a restart.
 */
final class EventRelay implements AutoCloseable {
    private static final Logger log = LoggerFactory.getLogger(EventRelay.class);
    /** Events one request can have waiting for its stream; a request has a few dozen at most. */
    static final int QUEUE_CAPACITY = 1024;

    private final KafkaConsumer<String, byte[]> consumer;
    private final Map<String, Subscription> subscriptions = new ConcurrentHashMap<>();
    private final Thread pollThread;
    private volatile boolean running = true;
    private volatile long lastPollMs = System.currentTimeMillis();

    private EventRelay(KafkaConsumer<String, byte[]> consumer) {
        this.consumer = consumer;
        this.pollThread = Thread.ofPlatform().name("barb-gateway-relay").daemon().unstarted(this::pollLoop);
    }

    /** Returns once the consumer holds a position at the end of every partition, so no later event is missed. */
    static EventRelay start(KafkaSettings kafka) {
        String clientId = "barb-gateway-relay-" + ProcessHandle.current().pid() + "-" + System.nanoTime();
        KafkaConsumer<String, byte[]> consumer = new KafkaConsumer<>(kafka.consumer(null, clientId));
        try {
            List<TopicPartition> partitions = partitionsOf(consumer, Topics.EVENTS);
            consumer.assign(partitions);
            consumer.seekToEnd(partitions);
            for (TopicPartition tp : partitions) {
                // seekToEnd is lazy; position() resolves it now, before any request is accepted.
                consumer.position(tp, Duration.ofSeconds(30));
            }
            log.info("event relay assigned to {} partitions of {}", partitions.size(), Topics.EVENTS);
        } catch (RuntimeException e) {
            consumer.close(Duration.ofSeconds(1));
            throw e;
        }
        EventRelay relay = new EventRelay(consumer);
        relay.pollThread.start();
        return relay;
    }

    static List<TopicPartition> partitionsOf(KafkaConsumer<?, ?> consumer, String topic) {
        List<PartitionInfo> infos = consumer.partitionsFor(topic, Duration.ofSeconds(30));
        if (infos == null || infos.isEmpty()) {
            throw new IllegalStateException("topic " + topic + " does not exist; create the topics first");
        }
        return infos.stream().map(pi -> new TopicPartition(pi.topic(), pi.partition())).toList();
    }

    /** Starts holding a request; register before producing it so its first event cannot be missed. */
    Subscription subscribe(String requestId) {
        Subscription s = new Subscription(requestId);
        if (subscriptions.putIfAbsent(requestId, s) != null) {
            throw new IllegalStateException("request " + requestId + " is already subscribed");
        }
        return s;
    }

    int subscriptionCount() {
        return subscriptions.size();
    }

    /** True while the poll loop runs and polled within the last 30 s. */
    boolean healthy() {
        return running && pollThread.isAlive() && System.currentTimeMillis() - lastPollMs < 30_000;
    }

    private void pollLoop() {
        try {
            while (running) {
                for (ConsumerRecord<String, byte[]> rec : consumer.poll(Duration.ofMillis(200))) {
                    deliver(rec);
                }
                lastPollMs = System.currentTimeMillis();
            }
        } catch (WakeupException e) {
            if (running) {
                log.error("event relay woken up while running", e);
            }
        } catch (RuntimeException e) {
            log.error("event relay stopped: no more events reach the SSE streams", e);
        } finally {
            consumer.close(Duration.ofSeconds(5));
        }
    }

    /**
     * Hands the record to the stream of its request unparsed: the stream's own thread parses it, so this one thread,
     * which serves every stream of the instance, only looks at keys.
     */
    private void deliver(ConsumerRecord<String, byte[]> rec) {
        // Cheap check on the key first: most events belong to requests other instances hold.
        if (rec.key() != null) {
            Subscription s = subscriptions.get(rec.key());
            if (s != null) {
                s.offer(rec.value());
            }
            return;
        }
        BarbEvent event = parse(rec.value());
        Subscription s = event == null ? null : subscriptions.get(event.requestId());
        if (s != null) {
            s.offer(rec.value());
        }
    }

    private static BarbEvent parse(byte[] value) {
        try {
            return Json.fromBytes(value, BarbEvent.class).validated();
        } catch (ContractException e) {
            log.warn("event relay: skipping a record that is not an event: {}", e.getMessage());
            return null;
        }
    }

    @Override
    public void close() {
        running = false;
        consumer.wakeup();
        try {
            pollThread.join(10_000);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    /** The events of one request, each (type, step) once, in the order they were read. */
    final class Subscription implements AutoCloseable {
        private final String requestId;
        private final BlockingQueue<byte[]> queue = new ArrayBlockingQueue<>(QUEUE_CAPACITY);
        /** Read by the stream's thread only ({@link #next}). */
        private final Set<String> seen = new HashSet<>();

        private Subscription(String requestId) {
            this.requestId = requestId;
        }

        String requestId() {
            return requestId;
        }

        /** Called by the poll thread. */
        private void offer(byte[] value) {
            if (!queue.offer(value)) {
                log.warn("event relay: queue of request {} is full, dropping an event", requestId);
            }
        }

        /**
         * The next event, or null when none arrived within {@code wait}. Parsed here, on the stream's thread;
         * records that are not events of this request and duplicates (by type, step and index) are skipped.
         */
        BarbEvent next(Duration wait) throws InterruptedException {
            long until = System.nanoTime() + Math.max(0, wait.toNanos());
            while (true) {
                byte[] value = queue.poll(Math.max(0, until - System.nanoTime()), TimeUnit.NANOSECONDS);
                if (value == null) {
                    return null;
                }
                BarbEvent event = parse(value);
                if (event == null || !requestId.equals(event.requestId())) {
                    continue;
                }
                if (!seen.add(event.dedupKey())) {
                    log.debug("event relay: dropping duplicate {} of request {}", event.dedupKey(), requestId);
                    continue;
                }
                return event;
            }
        }

        @Override
        public void close() {
            subscriptions.remove(requestId, this);
        }
    }
}
