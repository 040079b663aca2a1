package barb.gateway;

import barb.core.BarbEvent;
import barb.core.ChatState;
import barb.core.ClarificationState;
import barb.core.Json;
import barb.core.KafkaSettings;
import barb.core.RequestCompletion;
import barb.core.RequestEnvelope;
import barb.core.Stage;
import barb.core.Topics;
import barb.core.Usage;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.errors.WakeupException;

import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;

/**
 * Plays the whole pipeline in one step for the gateway tests. The question decides what happens:
 * "hang …" never answers; a question passed to {@link #hold} answers once {@link #release} is called with it (a held
 * "halfway …" question sends its step_start first, then waits); "dup …" produces some events twice; anything else
 * answers at once. Each answer is step_start, step_end (with a 50-item array in its input),
 * acknowledge, answer, then the chat state and done, like the stage runtime.
 */
final class FakePipeline implements AutoCloseable {
    final Map<String, RequestEnvelope> received = new ConcurrentHashMap<>();
    private final Map<String, CountDownLatch> gates = new ConcurrentHashMap<>();
    private final KafkaConsumer<String, byte[]> consumer;
    private final KafkaProducer<String, byte[]> producer;
    private final ExecutorService workers = Executors.newVirtualThreadPerTaskExecutor();
    private final Thread pollThread;
    private volatile boolean running = true;

    FakePipeline(KafkaSettings kafka) {
        consumer = new KafkaConsumer<>(kafka.consumer(null, "fake-pipeline-" + System.nanoTime()));
        producer = new KafkaProducer<>(kafka.producer("fake-pipeline-" + System.nanoTime()));
        List<TopicPartition> parts = consumer.partitionsFor(Stage.INTENT.topic()).stream()
                .map(pi -> new TopicPartition(pi.topic(), pi.partition())).toList();
        consumer.assign(parts);
        consumer.seekToEnd(parts);
        parts.forEach(consumer::position);
        pollThread = Thread.ofPlatform().name("fake-pipeline").start(this::poll);
    }

    void hold(String question) {
        gates.put(question, new CountDownLatch(1));
    }

    void release(String question) {
        gates.get(question).countDown();
    }

    /** The envelope the pipeline received for {@code question}, or null. */
    RequestEnvelope receivedFor(String question) {
        return received.values().stream().filter(e -> e.question().equals(question)).findFirst().orElse(null);
    }

    private void poll() {
        try {
            while (running) {
                for (ConsumerRecord<String, byte[]> rec : consumer.poll(Duration.ofMillis(100))) {
                    RequestEnvelope env = Json.fromBytes(rec.value(), RequestEnvelope.class);
                    received.put(env.requestId(), env);
                    workers.submit(() -> {
                        answer(env);
                        return null;
                    });
                }
            }
        } catch (WakeupException e) {
            // closing
        } finally {
            consumer.close();
        }
    }

    private void answer(RequestEnvelope env) throws Exception {
        String q = env.question();
        if (q.startsWith("hang")) {
            return;
        }
        long now = System.currentTimeMillis();
        BarbEvent stepStart = BarbEvent.stepStart(env, "intent", now);
        boolean halfway = q.startsWith("halfway");
        if (halfway) {
            send(Topics.EVENTS, env.requestId(), stepStart);
        }
        CountDownLatch gate = gates.get(q);
        if (gate != null && !gate.await(120, TimeUnit.SECONDS)) {
            return;
        }
        ObjectNode input = Json.object().put("question", q);
        ArrayNode rows = input.putArray("rows");
        for (int i = 0; i < 50; i++) {
            rows.add(i);
        }
        Usage usage = new Usage(10, 5, 0, 0, 0.001);
        BarbEvent stepEnd = BarbEvent.stepEnd(env, "intent", input, Json.object().put("intent", "chitchat"), usage,
                7, now);
        BarbEvent ack = BarbEvent.acknowledge(env, "intent", "On it", now);
        BarbEvent answer = BarbEvent.answer(env, "intent", "Hello back", now);
        if (!halfway) {
            send(Topics.EVENTS, env.requestId(), stepStart);
        }
        if (q.startsWith("dup")) {
            send(Topics.EVENTS, env.requestId(), stepStart);
        }
        send(Topics.EVENTS, env.requestId(), stepEnd);
        send(Topics.EVENTS, env.requestId(), ack);
        if (q.startsWith("dup")) {
            send(Topics.EVENTS, env.requestId(), ack);
        }
        send(Topics.EVENTS, env.requestId(), answer);

        RequestEnvelope advanced = env.advanced("intent", usage);
        ChatState before = env.chatStateOrFresh();
        String suggested = env.needsTitle() ? "Chat about " + q : null;
        ChatState after = new ChatState(env.chatId(), env.userId(), before.title() != null ? before.title() : suggested,
                before.memory().withExchange(q, "Hello back"), ClarificationState.none(), env.requestId(), now);
        Map<String, Usage> u = new LinkedHashMap<>(advanced.usage());
        u.put("total", advanced.totalUsage());
        RequestCompletion completion = new RequestCompletion("chitchat", "Hello back", advanced.agentsUsed(), u,
                now - env.createdAtMs(), before.title() == null ? suggested : null, after, true);
        send(Topics.CHAT_STATE, env.chatId(), after);
        send(Topics.EVENTS, env.requestId(), BarbEvent.done(advanced, completion, now));
    }

    private void send(String topic, String key, Object value) throws Exception {
        producer.send(new ProducerRecord<>(topic, key, Json.toBytes(value))).get();
    }

    @Override
    public void close() {
        running = false;
        gates.values().forEach(CountDownLatch::countDown);
        consumer.wakeup();
        try {
            pollThread.join(10_000);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        workers.shutdownNow();
        producer.close();
    }
}
