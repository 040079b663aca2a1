package barb.launcher;

import barb.embedded.SharedInfra;
import barb.tracesink.TraceSink;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/**
 * Issue 13 §5: a stop with requests in flight goes gateway → stages → trace-sink → database → broker, and the
 * trace-sink never writes into a database that is already gone. The stop's duration is measured with
 * {@code barb up} (BENCHMARKS.md), not asserted here.
 */
class ShutdownOrderTest {
    private static final int IN_FLIGHT = 20;

    @Test
    void aStopUnderLoadGoesInOrderAndNoTraceWriteFails() throws Exception {
        Map<String, String> env = new HashMap<>();
        // Embedded broker and database of its own: their place in the order is what this test is about.
        env.put("BARB_DATA_DIR", SharedInfra.tempDir("barb-stop").toString());
        env.put("BARB_KAFKA_PORT", "0");
        env.put("BARB_DATA_FROM", "2023-11-01");
        env.put("BARB_DATA_TO", "2024-12-31");
        env.put("BARB_HTTP_PORT", "0");
        env.put("BARB_TOPIC_PARTITIONS", "3");
        BarbStack stack = BarbStack.start(LauncherConfig.fromEnv(env), env, EnumSet.allOf(BarbStack.Part.class),
                BarbStack.agentStages());
        int port = stack.httpPort();
        TraceSink sink = stack.traceSink();

        AtomicBoolean stopping = new AtomicBoolean();
        AtomicInteger answered = new AtomicInteger();
        try (ExecutorService clients = Executors.newVirtualThreadPerTaskExecutor()) {
            for (int i = 0; i < IN_FLIGHT; i++) {
                clients.submit(() -> {
                    while (!stopping.get()) {
                        try {
                            SseCapture.Stream s = SseCapture.ask(port, "how many green days in 2024", null);
                            if (s.names().contains("done")) {
                                answered.incrementAndGet();
                            }
                        } catch (Exception e) {
                            // The stop cuts streams off; that is what this test does.
                        }
                    }
                    return null;
                });
            }
            await().atMost(Duration.ofSeconds(120)).until(() -> answered.get() >= IN_FLIGHT
                    && sink.stats().recordsWritten() > 0);

            stack.close();
            stopping.set(true);
            clients.shutdownNow();
        }

        List<String> order = stack.stopOrder();
        int gateway = order.indexOf(BarbStack.GATEWAY);
        int traceSink = order.indexOf(BarbStack.TRACE_SINK);
        int postgres = order.indexOf(BarbStack.POSTGRES);
        int kafka = order.indexOf(BarbStack.KAFKA);
        List<Integer> stages = new ArrayList<>();
        for (int i = 0; i < order.size(); i++) {
            if (order.get(i).startsWith(BarbStack.STAGE_PREFIX)) {
                stages.add(i);
            }
        }
        assertThat(gateway).as("stop order %s", order).isZero();
        assertThat(stages).as("stop order %s", order).hasSize(BarbStack.agentStages().size() + 1)
                .allSatisfy(i -> assertThat(i).isBetween(gateway + 1, traceSink - 1));
        assertThat(postgres).as("stop order %s", order).isGreaterThan(traceSink);
        assertThat(kafka).as("stop order %s", order).isGreaterThan(traceSink).isEqualTo(order.size() - 2);
        TraceSink.Stats stats = sink.stats();
        assertThat(stats.writeRetries()).as("failed trace writes").isZero();
        assertThat(stats.lastError()).isNull();
        assertThat(stats.deadLettered()).isZero();
    }
}
