package barb.core;

import barb.embedded.SharedInfra;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/** Stages chained to a worker run in its thread: their topics are skipped, their steps and meters are not. */
class StageWorkerChainTest {
    private static KafkaSettings kafka;
    private final List<StageWorker> workers = new ArrayList<>();
    private final SimpleMeterRegistry registry = new SimpleMeterRegistry();
    private final PipelineMetrics metrics = new PipelineMetrics(registry);

    @BeforeAll
    static void topics() {
        kafka = KafkaSettings.of(SharedInfra.kafka().bootstrap());
        TopicCreator.ensure(kafka.bootstrap(), Topics.all(3, 86_400_000L), (short) 1);
    }

    @AfterEach
    void stopWorkers() {
        workers.forEach(StageWorker::close);
    }

    /** A handler that passes the request on to {@code next}, or answers when next is null. */
    private static StageHandler passing(Stage stage, Stage next) {
        return new StageHandler() {
            @Override
            public Stage stage() {
                return stage;
            }

            @Override
            public StageOutcome handle(RequestEnvelope env) {
                var output = Json.object().put("by", stage.agentName());
                if (next != null) {
                    return StageOutcome.next(env, next, Json.object(), output, Usage.ZERO);
                }
                return StageOutcome.finish(env, new StageOutcome.Finish("data", "42", null), Json.object(), output,
                        Usage.ZERO).withAnswer("42");
            }
        };
    }

    /** A handler that fails as a bug would: the record is dead-lettered. */
    private static StageHandler broken(Stage stage) {
        return new StageHandler() {
            @Override
            public Stage stage() {
                return stage;
            }

            @Override
            public StageOutcome handle(RequestEnvelope env) {
                throw new IllegalStateException("a bug in " + stage.agentName());
            }
        };
    }

    private void run(StageHandler first, List<StageHandler> chained) {
        StageWorker w = new StageWorker(first, kafka, new StageWorker.Settings(8, 2, Duration.ofMillis(10),
                Duration.ofSeconds(30)), metrics).chaining(chained).start();
        workers.add(w);
        await().atMost(Duration.ofSeconds(60)).until(w::isAssigned);
    }

    private static RequestEnvelope envelope() {
        long now = System.currentTimeMillis();
        return RequestEnvelope.start(UUID.randomUUID().toString(), UUID.randomUUID().toString(),
                UUID.randomUUID().toString(), "avg range 2024", now, now + 30_000, false, null);
    }

    private static void send(String topic, RequestEnvelope env) throws Exception {
        try (KafkaProducer<String, byte[]> p = new KafkaProducer<>(kafka.producer("test-producer"))) {
            p.send(new ProducerRecord<>(topic, env.requestId(), Json.toBytes(env))).get();
        }
    }

    private static List<ConsumerRecord<String, byte[]>> recordsOf(String topic, String key) {
        return TopicRecords.withKey(kafka, topic, key);
    }

    private static List<String> steps(String requestId) {
        return recordsOf(Topics.EVENTS, requestId).stream()
                .map(r -> Json.fromBytes(r.value(), BarbEvent.class))
                .map(e -> e.type().wire() + ":" + e.step() + (e.agent() == null ? "" : ":" + e.agent()))
                .toList();
    }

    private double handled(Stage stage) {
        return registry.get("barb.stage.records.handled").tag("stage", stage.agentName()).counter().count();
    }

    @Test
    void chainedStagesRunInTheWorkersThreadWithTheirOwnStepsAndSkipTheirTopics() throws Exception {
        run(passing(Stage.PARSER, Stage.PLANNER),
                List.of(passing(Stage.PLANNER, Stage.PRESENTER), passing(Stage.PRESENTER, null)));
        RequestEnvelope env = envelope();
        send(Stage.PARSER.topic(), env);

        await().atMost(Duration.ofSeconds(60)).until(() -> steps(env.requestId()).contains("done:4"));
        assertThat(steps(env.requestId())).containsExactly(
                "step_start:1:parser", "step_end:1:parser",
                "step_start:2:planner", "step_end:2:planner",
                "step_start:3:presenter", "step_end:3:presenter", "answer:3:presenter",
                "done:4");
        assertThat(recordsOf(Stage.PLANNER.topic(), env.requestId())).isEmpty();
        assertThat(recordsOf(Stage.PRESENTER.topic(), env.requestId())).isEmpty();
        BarbEvent done = recordsOf(Topics.EVENTS, env.requestId()).stream()
                .map(r -> Json.fromBytes(r.value(), BarbEvent.class))
                .filter(e -> e.type() == EventType.DONE).findFirst().orElseThrow();
        assertThat(done.completion().agentsUsed()).containsExactly("parser", "planner", "presenter");
        await().atMost(Duration.ofSeconds(30)).until(() -> handled(Stage.PARSER) == 1);
        assertThat(handled(Stage.PLANNER)).isEqualTo(1);
        assertThat(handled(Stage.PRESENTER)).isEqualTo(1);
        assertThat(registry.get("barb.stage.handler.duration").tag("stage", "planner").timer().count())
                .isEqualTo(1);
    }

    @Test
    void aNextStageThatIsNotChainedGetsItsEnvelopeOnItsTopic() throws Exception {
        StageHandler presenter = passing(Stage.PRESENTER, null);
        run(passing(Stage.PARSER, Stage.PLANNER), List.of(presenter));
        run(passing(Stage.PLANNER, Stage.PRESENTER), List.of(presenter));
        RequestEnvelope env = envelope();
        send(Stage.PARSER.topic(), env);

        await().atMost(Duration.ofSeconds(60)).until(() -> steps(env.requestId()).contains("done:4"));
        List<ConsumerRecord<String, byte[]>> handedOver = recordsOf(Stage.PLANNER.topic(), env.requestId());
        assertThat(handedOver).hasSize(1);
        RequestEnvelope passed = Json.fromBytes(handedOver.getFirst().value(), RequestEnvelope.class);
        assertThat(passed.step()).isEqualTo(2);
        assertThat(passed.agentsUsed()).containsExactly("parser");
        assertThat(recordsOf(Stage.PRESENTER.topic(), env.requestId())).isEmpty();
        assertThat(steps(env.requestId())).containsExactly(
                "step_start:1:parser", "step_end:1:parser",
                "step_start:2:planner", "step_end:2:planner",
                "step_start:3:presenter", "step_end:3:presenter", "answer:3:presenter",
                "done:4");
    }

    @Test
    void aChainedStageThatFailsEndsTheRequestAndDeadLettersTheRecordTheChainStartedFrom() throws Exception {
        run(passing(Stage.PARSER, Stage.PLANNER), List.of(broken(Stage.PLANNER), passing(Stage.PRESENTER, null)));
        RequestEnvelope env = envelope();
        send(Stage.PARSER.topic(), env);

        await().atMost(Duration.ofSeconds(60)).until(() -> steps(env.requestId()).contains("done:3"));
        assertThat(steps(env.requestId())).containsExactly(
                "step_start:1:parser", "step_end:1:parser",
                "step_start:2:planner", "step_end:2:planner", "error:2:planner",
                "done:3");
        List<ConsumerRecord<String, byte[]>> dead = recordsOf(Topics.DLQ, env.requestId());
        assertThat(dead).hasSize(1);
        assertThat(DeadLetters.header(dead.getFirst().headers(), DeadLetters.STAGE)).isEqualTo("planner");
        // re-driving it runs the chain again from its first stage
        assertThat(DeadLetters.header(dead.getFirst().headers(), DeadLetters.TOPIC)).isEqualTo(Stage.PARSER.topic());
        assertThat(Json.fromBytes(dead.getFirst().value(), RequestEnvelope.class).step()).isEqualTo(1);
        await().atMost(Duration.ofSeconds(30)).until(() -> handled(Stage.PARSER) == 1);
        assertThat(registry.get("barb.stage.records.dead.lettered").tag("stage", "planner").counter().count())
                .isEqualTo(1);
        assertThat(registry.get("barb.stage.records.failed").tag("stage", "planner").counter().count()).isEqualTo(1);
        assertThat(handled(Stage.PRESENTER)).isZero();
    }
}
