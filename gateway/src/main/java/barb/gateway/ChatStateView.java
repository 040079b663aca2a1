package barb.gateway;

import barb.core.ChatState;
import barb.core.ContractException;
import barb.core.Json;
import barb.core.KafkaSettings;
import barb.core.Topics;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.errors.WakeupException;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Consumer;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

/**
 * The latest {@link ChatState} of every chat, read from the compacted {@link Topics#CHAT_STATE} into memory.
 * No consumer group: every gateway instance reads every partition from the beginning, which the compaction
 * keeps to one record per chat. A plain consumer and a map are enough here; a Kafka Streams GlobalKTable would
 * add a RocksDB store for the same lookups.
 */
final class ChatStateView implements AutoCloseable {
    private static final Logger log = LoggerFactory.getLogger(ChatStateView.class);

    private final KafkaConsumer<String, byte[]> consumer;
    private final Map<String, ChatState> states = new ConcurrentHashMap<>();
    private final List<Consumer<ChatState>> listeners = new CopyOnWriteArrayList<>();
    private final Map<TopicPartition, Long> endAtStart;
    private final CountDownLatch caughtUp = new CountDownLatch(1);
    private final Object changed = new Object();
    private final Thread pollThread;
    private volatile boolean running = true;
    private volatile long lastPollMs = System.currentTimeMillis();

    private ChatStateView(KafkaConsumer<String, byte[]> consumer, Map<TopicPartition, Long> endAtStart) {
        this.consumer = consumer;
        this.endAtStart = endAtStart;
        this.pollThread = Thread.ofPlatform().name("barb-gateway-chat-state").daemon().unstarted(this::pollLoop);
    }

    /** Returns once every state written before the call has been read. */
    static ChatStateView start(KafkaSettings kafka, Duration catchUpLimit) {
        String clientId = "barb-gateway-chat-state-" + ProcessHandle.current().pid() + "-" + System.nanoTime();
        KafkaConsumer<String, byte[]> consumer = new KafkaConsumer<>(kafka.consumer(null, clientId));
        ChatStateView view;
        try {
            List<TopicPartition> partitions = EventRelay.partitionsOf(consumer, Topics.CHAT_STATE);
            consumer.assign(partitions);
            consumer.seekToBeginning(partitions);
            view = new ChatStateView(consumer, consumer.endOffsets(partitions, Duration.ofSeconds(30)));
        } catch (RuntimeException e) {
            consumer.close(Duration.ofSeconds(1));
            throw e;
        }
        view.pollThread.start();
        try {
            if (!view.caughtUp.await(catchUpLimit.toMillis(), TimeUnit.MILLISECONDS)) {
                view.close();
                throw new IllegalStateException("chat state view did not catch up with " + Topics.CHAT_STATE
                        + " within " + catchUpLimit);
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            view.close();
            throw new IllegalStateException("interrupted while reading " + Topics.CHAT_STATE, e);
        }
        log.info("chat state view caught up: {} chats", view.states.size());
        return view;
    }

    Optional<ChatState> get(String chatId) {
        return Optional.ofNullable(states.get(chatId));
    }

    /** Calls {@code listener} with every state read from now on, on the view's own thread: it must be quick. */
    void onState(Consumer<ChatState> listener) {
        listeners.add(listener);
    }

    /** Waits until the chat's state was written by {@code requestId}; false when that did not happen in time. */
    boolean awaitRequest(String chatId, String requestId, Duration limit) throws InterruptedException {
        long until = System.nanoTime() + limit.toNanos();
        synchronized (changed) {
            while (true) {
                ChatState s = states.get(chatId);
                if (s != null && requestId.equals(s.lastRequestId())) {
                    return true;
                }
                long leftMs = TimeUnit.NANOSECONDS.toMillis(until - System.nanoTime());
                if (leftMs <= 0) {
                    return false;
                }
                changed.wait(leftMs);
            }
        }
    }

    boolean healthy() {
        return running && pollThread.isAlive() && System.currentTimeMillis() - lastPollMs < 30_000;
    }

    private void pollLoop() {
        try {
            checkCaughtUp();
            while (running) {
                boolean any = false;
                for (ConsumerRecord<String, byte[]> rec : consumer.poll(Duration.ofMillis(200))) {
                    apply(rec);
                    any = true;
                }
                lastPollMs = System.currentTimeMillis();
                if (any) {
                    synchronized (changed) {
                        changed.notifyAll();
                    }
                }
                if (caughtUp.getCount() > 0) {
                    checkCaughtUp();
                }
            }
        } catch (WakeupException e) {
            if (running) {
                log.error("chat state view woken up while running", e);
            }
        } catch (RuntimeException e) {
            log.error("chat state view stopped: chat state is no longer updated", e);
        } finally {
            consumer.close(Duration.ofSeconds(5));
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

    private void apply(ConsumerRecord<String, byte[]> rec) {
        if (rec.key() == null) {
            return;
        }
        if (rec.value() == null) {
            states.remove(rec.key());
            return;
        }
        try {
            ChatState state = Json.fromBytes(rec.value(), ChatState.class);
            states.put(rec.key(), state);
            listeners.forEach(l -> l.accept(state));
        } catch (ContractException e) {
            log.warn("chat state view: skipping bad record {}-{}@{}: {}", rec.topic(), rec.partition(), rec.offset(),
                    e.getMessage());
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
}
