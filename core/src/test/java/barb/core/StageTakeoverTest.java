package barb.core;

import barb.embedded.SharedInfra;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.junit.jupiter.api.Test;

import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.UUID;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/**
 * Issue 13 §5: one of two members of a stage group is killed (SIGKILL, so it never leaves the group) while it
 * holds a request; the other member answers that request before its deadline. The takeover time is printed
 * for BENCHMARKS.md, not asserted.
 */
class StageTakeoverTest {
    private static final long DEADLINE_MS = 60_000;

    @Test
    void aKilledMembersRequestIsAnsweredByTheOtherMemberBeforeItsDeadline() throws Exception {
        KafkaSettings kafka = KafkaSettings.of(SharedInfra.kafka().bootstrap());
        TopicCreator.ensure(kafka.bootstrap(), Topics.all(3, 86_400_000L), (short) 1);
        assertThat(GroupTimeouts.defaults().apply(kafka.bootstrap(), List.of(Stage.CLARIFY_CONTINUE.groupId())))
                .as("the broker took the group's time-outs").isTrue();

        Process child = startChild(kafka.bootstrap());
        BlockingQueue<String> childSays = follow(child);
        try (StageWorker survivor = new StageWorker(answering(), kafka, StageWorker.Settings.defaults()).start()) {
            assertThat(childSays.poll(120, TimeUnit.SECONDS)).isEqualTo(StuckStageInChild.ASSIGNED);
            await().atMost(Duration.ofSeconds(60)).until(survivor::isAssigned);

            // Requests go to both members by key; send until one is stuck with the child.
            String stuck = null;
            for (int i = 0; i < 50 && stuck == null; i++) {
                send(kafka, envelope());
                String line = childSays.poll(2, TimeUnit.SECONDS);
                if (line != null && line.startsWith(StuckStageInChild.GOT)) {
                    stuck = line.substring(StuckStageInChild.GOT.length()).strip();
                }
            }
            assertThat(stuck).as("a request reached the member that will be killed").isNotNull();

            long killedAt = System.currentTimeMillis();
            child.destroyForcibly();
            assertThat(child.waitFor(30, TimeUnit.SECONDS)).isTrue();

            String requestId = stuck;
            BarbEvent done = await().atMost(Duration.ofSeconds(DEADLINE_MS / 1000 + 30))
                    .pollInterval(Duration.ofMillis(100))
                    .until(() -> doneOf(kafka, requestId), Optional::isPresent).orElseThrow();
            System.out.printf("stage takeover after SIGKILL: %d ms (group session time-out %d ms)%n",
                    done.timestampMs() - killedAt, GroupTimeouts.defaults().session().toMillis());
            assertThat(done.completion().ok()).isTrue();
            assertThat(done.timestampMs()).as("answered before the deadline")
                    .isLessThan(createdAt(done) + DEADLINE_MS);
        } finally {
            child.destroyForcibly();
        }
    }

    private static long createdAt(BarbEvent done) {
        return done.timestampMs() - done.completion().durationMs();
    }

    private static RequestEnvelope envelope() {
        long now = System.currentTimeMillis();
        return RequestEnvelope.start(UUID.randomUUID().toString(), UUID.randomUUID().toString(),
                UUID.randomUUID().toString(), "hi", now, now + DEADLINE_MS, true, null);
    }

    private static void send(KafkaSettings kafka, RequestEnvelope env) throws Exception {
        try (KafkaProducer<String, byte[]> p = new KafkaProducer<>(kafka.producer("takeover-producer"))) {
            p.send(new ProducerRecord<>(Stage.CLARIFY_CONTINUE.topic(), env.requestId(), Json.toBytes(env))).get();
        }
    }

    private static StageHandler answering() {
        return new StageHandler() {
            @Override
            public Stage stage() {
                return Stage.CLARIFY_CONTINUE;
            }

            @Override
            public StageOutcome handle(RequestEnvelope env) {
                return StageOutcome.finish(env, new StageOutcome.Finish("chitchat", "hello", null), Json.object(),
                        Json.object(), Usage.ZERO);
            }
        };
    }

    private static Optional<BarbEvent> doneOf(KafkaSettings kafka, String requestId) {
        return TopicRecords.withKey(kafka, Topics.EVENTS, requestId).stream()
                .map(r -> Json.fromBytes(r.value(), BarbEvent.class))
                .filter(e -> e.type() == EventType.DONE).findFirst();
    }

    private static Process startChild(String bootstrap) throws Exception {
        List<String> cmd = new ArrayList<>();
        cmd.add(ProcessHandle.current().info().command().orElseThrow());
        cmd.add("-cp");
        cmd.add(System.getProperty("java.class.path"));
        cmd.add(StuckStageInChild.class.getName());
        cmd.add(bootstrap);
        return new ProcessBuilder(cmd).redirectErrorStream(true).start();
    }

    /** The child's lines that matter to the test, as they come; its log lines are dropped. */
    private static BlockingQueue<String> follow(Process child) {
        BlockingQueue<String> lines = new LinkedBlockingQueue<>();
        Thread.ofVirtual().start(() -> {
            try (BufferedReader r = new BufferedReader(new InputStreamReader(child.getInputStream(),
                    StandardCharsets.UTF_8))) {
                String line;
                while ((line = r.readLine()) != null) {
                    if (line.equals(StuckStageInChild.ASSIGNED) || line.startsWith(StuckStageInChild.GOT)) {
                        lines.add(line);
                    }
                }
            } catch (java.io.IOException e) {
                // the child was killed
            }
        });
        return lines;
    }
}
