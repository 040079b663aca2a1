package barb.gateway;

import barb.core.BarbEvent;
import barb.core.ContractException;
import barb.core.EventType;
import barb.core.Json;
import barb.core.KafkaSettings;
import barb.core.Topics;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.clients.consumer.OffsetAndTimestamp;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.utils.Utils;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * One request's events read back from {@link Topics#EVENTS}, whichever gateway instance held its stream: what a
 * client resuming with {@code Last-Event-ID} gets, and how a request no one here knows is found.
 *
 * <p>Every event of a request is keyed by its id, so they all sit in one partition, in the order every reader sees
 * them: the partition is the one Kafka's default partitioner picks for the key (murmur2 of the key bytes modulo the
 * partition count), and reading starts at the request's start time ({@code offsetsForTimes}), not at the beginning.
 * Duplicates are dropped by (type, step, index) exactly as {@link EventRelay} does, so the n-th client event here is
 * the n-th the live stream sent.
 */
final class RequestEventLog {
    private static final Logger log = LoggerFactory.getLogger(RequestEventLog.class);
    private static final Duration KAFKA_TIMEOUT = Duration.ofSeconds(30);

    private final KafkaSettings kafka;

    RequestEventLog(KafkaSettings kafka) {
        this.kafka = kafka;
    }

    /** A reader of the request's events from the first record at or after {@code fromMs}, then live. */
    Reader open(String requestId, long fromMs) {
        String clientId = "barb-gateway-event-log-" + ProcessHandle.current().pid() + "-" + System.nanoTime();
        KafkaConsumer<String, byte[]> consumer = new KafkaConsumer<>(kafka.consumer(null, clientId));
        try {
            int partitions = consumer.partitionsFor(Topics.EVENTS, KAFKA_TIMEOUT).size();
            TopicPartition tp = new TopicPartition(Topics.EVENTS, partitionOf(requestId, partitions));
            consumer.assign(List.of(tp));
            OffsetAndTimestamp start = consumer.offsetsForTimes(Map.of(tp, Math.max(0, fromMs)), KAFKA_TIMEOUT).get(tp);
            long end = consumer.endOffsets(List.of(tp), KAFKA_TIMEOUT).get(tp);
            consumer.seek(tp, start == null ? end : start.offset());
            return new Reader(consumer, tp, requestId, end);
        } catch (RuntimeException e) {
            consumer.close(Duration.ofSeconds(1));
            throw e;
        }
    }

    /**
     * The request as its events since {@code sinceMs} tell it, read up to the end of its partition; empty when none
     * of them belongs to it.
     */
    Optional<RequestRef> find(String requestId, long sinceMs) {
        try (Reader reader = open(requestId, sinceMs)) {
            BarbEvent first = null;
            boolean done = false;
            boolean shadow = false;
            while (!reader.caughtUp() || reader.hasBuffered()) {
                BarbEvent e = reader.next(Duration.ofMillis(200));
                if (e == null) {
                    continue;
                }
                first = first == null ? e : first;
                done |= e.type() == EventType.DONE;
                shadow |= e.type() == EventType.REQUEST_STARTED
                        && "shadow".equals(e.payload().path("replay_mode").asText(null));
            }
            if (first == null || shadow) {
                // A shadow replay (barb replay) runs in a user's name but is never theirs to see.
                return Optional.empty();
            }
            long createdAt = first.type() == EventType.REQUEST_STARTED
                    ? first.payload().path("created_at_ms").asLong(first.timestampMs()) : first.timestampMs();
            return Optional.of(new RequestRef(requestId, first.userId(), first.chatId(), createdAt, done));
        }
    }

    /** The partition Kafka's default partitioner gives a record with this key. */
    static int partitionOf(String key, int partitions) {
        return Utils.toPositive(Utils.murmur2(key.getBytes(StandardCharsets.UTF_8))) % partitions;
    }

    /** Reads one request's events, each (type, step, index) once, in the partition's order. */
    static final class Reader implements AutoCloseable {
        private final KafkaConsumer<String, byte[]> consumer;
        private final TopicPartition partition;
        private final String requestId;
        private final long endAtOpen;
        private final Deque<BarbEvent> buffered = new ArrayDeque<>();
        private final Set<String> seen = new HashSet<>();

        private Reader(KafkaConsumer<String, byte[]> consumer, TopicPartition partition, String requestId,
                       long endAtOpen) {
            this.consumer = consumer;
            this.partition = partition;
            this.requestId = requestId;
            this.endAtOpen = endAtOpen;
        }

        /** The request's next event, or null when none came within {@code wait}. */
        BarbEvent next(Duration wait) {
            long until = System.nanoTime() + wait.toNanos();
            while (buffered.isEmpty()) {
                long leftMs = (until - System.nanoTime()) / 1_000_000;
                if (leftMs <= 0) {
                    return null;
                }
                for (ConsumerRecord<String, byte[]> rec : consumer.poll(Duration.ofMillis(leftMs))) {
                    keep(rec);
                }
            }
            return buffered.poll();
        }

        /** True once everything the partition held when the reader opened has been read. */
        boolean caughtUp() {
            return consumer.position(partition, KAFKA_TIMEOUT) >= endAtOpen;
        }

        private boolean hasBuffered() {
            return !buffered.isEmpty();
        }

        private void keep(ConsumerRecord<String, byte[]> rec) {
            if (!requestId.equals(rec.key())) {
                return;
            }
            BarbEvent event;
            try {
                event = Json.fromBytes(rec.value(), BarbEvent.class).validated();
            } catch (ContractException e) {
                log.warn("event log: skipping bad record {}-{}@{}: {}", rec.topic(), rec.partition(), rec.offset(),
                        e.getMessage());
                return;
            }
            if (requestId.equals(event.requestId()) && seen.add(event.dedupKey())) {
                buffered.add(event);
            }
        }

        @Override
        public void close() {
            consumer.close(Duration.ofSeconds(1));
        }
    }
}
