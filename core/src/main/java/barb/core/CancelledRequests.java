package barb.core;

import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.clients.consumer.OffsetAndTimestamp;
import org.apache.kafka.common.PartitionInfo;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.errors.WakeupException;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.time.Duration;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

/**
 * The requests users cancelled, read from {@link Topics#CANCELS}. Every stage worker asks it before (and while)
 * handling a record, so a cancelled request goes no further than the stage that holds it.
 *
 * <p>No consumer group: every process reads every partition, starting {@link #LOOKBACK} back, which is longer than
 * any request lives (the deadline is at most an hour), so a worker that starts while a request runs still knows
 * that it was cancelled. Older entries are forgotten for the same reason.
 */
public final class CancelledRequests implements AutoCloseable {
    private static final Logger log = LoggerFactory.getLogger(CancelledRequests.class);
    static final Duration LOOKBACK = Duration.ofHours(1);
    private static final Duration CATCH_UP_LIMIT = Duration.ofSeconds(30);
    private static final long PRUNE_EVERY_MS = 60_000;

    private final Map<String, Long> cancelledAtMs = new ConcurrentHashMap<>();
    /** What to do when a request is cancelled, for the requests someone is waiting on (a running handler). */
    private final Map<String, List<Runnable>> watchers = new ConcurrentHashMap<>();
    private final KafkaConsumer<String, byte[]> consumer;
    private final Map<TopicPartition, Long> endAtStart;
    private final CountDownLatch caughtUp = new CountDownLatch(1);
    private final Thread thread;
    private volatile boolean running = true;
    private long lastPruneMs = System.currentTimeMillis();

    private CancelledRequests(KafkaConsumer<String, byte[]> consumer, Map<TopicPartition, Long> endAtStart) {
        this.consumer = consumer;
        this.endAtStart = endAtStart;
        this.thread = Thread.ofPlatform().name("barb-cancels").daemon().unstarted(this::run);
    }

    /**
     * Starts following the topic and returns once the cancellations of the last hour are read (or after 30 s,
     * with a warning: a slow broker must not keep the stages from starting).
     */
    public static CancelledRequests follow(KafkaSettings kafka) {
        String clientId = "barb-cancels-" + ProcessHandle.current().pid() + "-" + System.nanoTime();
        KafkaConsumer<String, byte[]> consumer = new KafkaConsumer<>(kafka.consumer(null, clientId));
        CancelledRequests follower;
        try {
            List<PartitionInfo> infos = consumer.partitionsFor(Topics.CANCELS, Duration.ofSeconds(30));
            if (infos == null || infos.isEmpty()) {
                throw new IllegalStateException("topic " + Topics.CANCELS + " does not exist; create the topics first");
            }
            List<TopicPartition> partitions = infos.stream()
                    .map(pi -> new TopicPartition(pi.topic(), pi.partition())).toList();
            consumer.assign(partitions);
            seekToLookback(consumer, partitions);
            follower = new CancelledRequests(consumer, consumer.endOffsets(partitions, Duration.ofSeconds(30)));
        } catch (RuntimeException e) {
            consumer.close(Duration.ofSeconds(1));
            throw e;
        }
        follower.thread.start();
        try {
            if (!follower.caughtUp.await(CATCH_UP_LIMIT.toMillis(), TimeUnit.MILLISECONDS)) {
                log.warn("cancellations: not caught up with {} after {}; carrying on, later ones are read as they come",
                        Topics.CANCELS, CATCH_UP_LIMIT);
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        return follower;
    }

    private static void seekToLookback(KafkaConsumer<String, byte[]> consumer, List<TopicPartition> partitions) {
        long from = System.currentTimeMillis() - LOOKBACK.toMillis();
        Map<TopicPartition, Long> query = new HashMap<>();
        partitions.forEach(tp -> query.put(tp, from));
        Map<TopicPartition, OffsetAndTimestamp> found = consumer.offsetsForTimes(query, Duration.ofSeconds(30));
        for (TopicPartition tp : partitions) {
            OffsetAndTimestamp at = found.get(tp);
            if (at == null) {
                // Nothing that recent: only later records matter.
                consumer.seekToEnd(List.of(tp));
                consumer.position(tp, Duration.ofSeconds(30));
            } else {
                consumer.seek(tp, at.offset());
            }
        }
    }

    public boolean isCancelled(String requestId) {
        return requestId != null && cancelledAtMs.containsKey(requestId);
    }

    /**
     * Runs {@code action} once when {@code requestId} is cancelled: on the follower's thread when the cancellation is
     * read, or at once on the caller's thread when it was read before. Closing the returned watch before that
     * happens means the action never runs. Lets a worker wait for its handler without looking again and again.
     */
    public Watch whenCancelled(String requestId, Runnable action) {
        List<Runnable> mine = List.of(action);
        watchers.merge(requestId, mine, CancelledRequests::plus);
        Watch watch = () -> watchers.computeIfPresent(requestId, (id, list) -> minus(list, action));
        if (isCancelled(requestId) && removed(requestId, action)) {
            action.run();
        }
        return watch;
    }

    /** A registration of {@link #whenCancelled}; closing it is idempotent. */
    public interface Watch extends AutoCloseable {
        @Override
        void close();
    }

    /** True when this call took {@code action} out of the watchers, i.e. nobody else will run it. */
    private boolean removed(String requestId, Runnable action) {
        boolean[] found = new boolean[1];
        watchers.computeIfPresent(requestId, (id, list) -> {
            found[0] = list.contains(action);
            return minus(list, action);
        });
        return found[0];
    }

    private static List<Runnable> plus(List<Runnable> a, List<Runnable> b) {
        List<Runnable> out = new java.util.ArrayList<>(a);
        out.addAll(b);
        return List.copyOf(out);
    }

    private static List<Runnable> minus(List<Runnable> list, Runnable action) {
        if (!list.contains(action)) {
            return list;
        }
        List<Runnable> out = new java.util.ArrayList<>(list);
        out.remove(action);
        return out.isEmpty() ? null : List.copyOf(out);
    }

    private void run() {
        try {
            checkCaughtUp();
            while (running) {
                for (ConsumerRecord<String, byte[]> rec : consumer.poll(Duration.ofMillis(100))) {
                    read(rec);
                }
                if (caughtUp.getCount() > 0) {
                    checkCaughtUp();
                }
                prune();
            }
        } catch (WakeupException e) {
            if (running) {
                log.error("cancellations: follower woken up while running", e);
            }
        } catch (RuntimeException e) {
            log.error("cancellations: follower stopped; cancelled requests are no longer noticed", e);
        } finally {
            consumer.close(Duration.ofSeconds(5));
        }
    }

    private void read(ConsumerRecord<String, byte[]> rec) {
        try {
            CancelRequest cancel = Json.fromBytes(rec.value(), CancelRequest.class).validated();
            cancelledAtMs.put(cancel.requestId(), rec.timestamp());
            log.debug("request {} cancelled", cancel.requestId());
            List<Runnable> waiting = watchers.remove(cancel.requestId());
            if (waiting != null) {
                for (Runnable action : waiting) {
                    try {
                        action.run();
                    } catch (RuntimeException e) {
                        log.warn("cancellations: acting on the cancellation of {} failed", cancel.requestId(), e);
                    }
                }
            }
        } catch (ContractException e) {
            log.warn("cancellations: skipping bad record {}-{}@{}: {}", rec.topic(), rec.partition(), rec.offset(),
                    e.getMessage());
        }
    }

    private void checkCaughtUp() {
        for (Map.Entry<TopicPartition, Long> e : endAtStart.entrySet()) {
            if (consumer.position(e.getKey()) < e.getValue()) {
                return;
            }
        }
        caughtUp.countDown();
    }

    private void prune() {
        long now = System.currentTimeMillis();
        if (now - lastPruneMs < PRUNE_EVERY_MS) {
            return;
        }
        lastPruneMs = now;
        long oldest = now - LOOKBACK.toMillis();
        cancelledAtMs.values().removeIf(at -> at < oldest);
    }

    @Override
    public void close() {
        running = false;
        consumer.wakeup();
        try {
            thread.join(10_000);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
