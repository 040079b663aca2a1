package barb.launcher;

import barb.agents.RulesAgents;
import barb.core.BarbEvent;
import barb.core.ConsumerGroups;
import barb.core.EventType;
import barb.core.Json;
import barb.core.KafkaSettings;
import barb.core.RequestEnvelope;
import barb.core.Stage;
import barb.core.StageHandler;
import barb.core.StageOutcome;
import barb.core.StageWorker;
import barb.core.Topics;
import barb.embedded.SharedInfra;
import com.fasterxml.jackson.databind.JsonNode;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.TopicPartition;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.io.TempDir;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.UUID;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/**
 * The operator's tools on a whole running stack: a record that fails is dead-lettered, {@code barb dlq} lists,
 * shows and re-drives it, a record that always fails ends parked, and every metric the Grafana dashboard and the
 * alert rules use is on the gateway's {@code /metrics}.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class OperatorToolsEndToEndTest {
    /** Questions holding this fail at the intent stage however often they are re-driven. */
    private static final String ALWAYS_FAILS = "always fails";

    private final AtomicBoolean broken = new AtomicBoolean();
    private final Map<String, AtomicInteger> callsByRequest = new ConcurrentHashMap<>();
    private BarbStack stack;
    private KafkaSettings kafka;
    @TempDir
    Path dataDir;

    /** The rules intent agent, failing like a bug would while {@code broken} is set or the question says so. */
    private final class FaultyIntent implements StageHandler {
        private final StageHandler real;

        FaultyIntent(StageHandler real) {
            this.real = real;
        }

        @Override
        public Stage stage() {
            return Stage.INTENT;
        }

        @Override
        public StageOutcome handle(RequestEnvelope env) throws Exception {
            callsByRequest.computeIfAbsent(env.requestId(), id -> new AtomicInteger()).incrementAndGet();
            if (broken.get() || env.question().contains(ALWAYS_FAILS)) {
                throw new IllegalStateException("intent cannot read '" + env.question() + "'");
            }
            return real.handle(env);
        }
    }

    @BeforeAll
    void start() throws Exception {
        stack = TestStack.start("operator-tools");
        kafka = KafkaSettings.of(SharedInfra.kafka().bootstrap());
        StageWorker intent = stack.workers().stream().filter(w -> w.agent().equals(Stage.INTENT.agentName()))
                .findFirst().orElseThrow();
        stack.workers().remove(intent);
        intent.close();
        StageHandler real = RulesAgents.handlers(stack::coverage).stream()
                .filter(h -> h.stage() == Stage.INTENT).findFirst().orElseThrow();
        stack.startWorker(new FaultyIntent(real));
    }

    @AfterAll
    void stop() {
        if (stack != null) {
            stack.close();
        }
    }

    private String ask(String question) throws Exception {
        long now = System.currentTimeMillis();
        RequestEnvelope env = RequestEnvelope.start(UUID.randomUUID().toString(), UUID.randomUUID().toString(),
                UUID.randomUUID().toString(), question, now, now + 30_000, true, null);
        send(new ProducerRecord<>(Stage.INTENT.topic(), env.requestId(), Json.toBytes(env)));
        return env.requestId();
    }

    private void send(ProducerRecord<String, byte[]> record) throws Exception {
        try (KafkaProducer<String, byte[]> p = new KafkaProducer<>(kafka.producer("operator-tools-test"))) {
            p.send(record).get();
        }
    }

    private List<ConsumerRecord<String, byte[]>> recordsOf(String topic, String key) {
        List<ConsumerRecord<String, byte[]>> out = new ArrayList<>();
        try (KafkaConsumer<String, byte[]> c = new KafkaConsumer<>(kafka.consumer(null, "operator-tools-reader"))) {
            List<TopicPartition> parts = c.partitionsFor(topic).stream()
                    .map(pi -> new TopicPartition(pi.topic(), pi.partition())).toList();
            c.assign(parts);
            c.seekToBeginning(parts);
            var end = c.endOffsets(parts);
            while (parts.stream().anyMatch(tp -> c.position(tp) < end.get(tp))) {
                for (ConsumerRecord<String, byte[]> r : c.poll(Duration.ofMillis(200))) {
                    if (key.equals(r.key())) {
                        out.add(r);
                    }
                }
            }
        }
        return out;
    }

    private boolean answered(String requestId) {
        return recordsOf(Topics.EVENTS, requestId).stream().map(r -> Json.fromBytes(r.value(), BarbEvent.class))
                .anyMatch(e -> e.type() == EventType.DONE && e.completion().ok());
    }

    private JsonNode listJson(String... args) {
        List<String> all = new ArrayList<>(List.of("--bootstrap", kafka.bootstrap(), "--json"));
        all.addAll(List.of(args));
        DlqCli.Run run = DlqCli.list(dataDir, all.toArray(String[]::new));
        assertThat(run.code()).as(run.err()).isZero();
        return Json.parse(run.out());
    }

    private DlqCli.Run redrive(String... args) {
        List<String> all = new ArrayList<>(List.of("--bootstrap", kafka.bootstrap()));
        all.addAll(List.of(args));
        return DlqCli.redrive(dataDir, all.toArray(String[]::new));
    }

    private int calls(String requestId) {
        return callsByRequest.getOrDefault(requestId, new AtomicInteger()).get();
    }

    @Test
    void aFailedRecordIsListedShownAndReDrivenOnceTheFaultIsGone() throws Exception {
        broken.set(true);
        String id = ask("hi");
        await().atMost(Duration.ofSeconds(60)).until(() -> listJson("--request", id).size() == 1);
        broken.set(false);

        JsonNode listed = listJson("--request", id).get(0);
        assertThat(listed.path("stage").asText()).isEqualTo("intent");
        assertThat(listed.path("reason").asText()).isEqualTo("unexpected_error");
        assertThat(listed.path("state").asText()).isEqualTo("WAITING");
        assertThat(listed.path("topic").asText()).isEqualTo(Stage.INTENT.topic());
        assertThat(listed.path("attempts").asInt()).isEqualTo(1);
        assertThat(listed.path("message").asText()).contains("intent cannot read 'hi'");
        assertThat(listed.path("age_seconds").asDouble()).isGreaterThanOrEqualTo(0);

        DlqCli.Run shown = DlqCli.show(dataDir, "--bootstrap", kafka.bootstrap(), id);
        assertThat(shown.code()).as(shown.err()).isZero();
        assertThat(shown.out()).contains("java.lang.IllegalStateException").contains("attempts     1 of 3")
                .contains("failed on    " + Stage.INTENT.topic() + "/").contains("\"question\" : \"hi\"");
        String place = Stage.INTENT.topic() + "/" + listed.path("partition").asInt() + "/"
                + listed.path("offset").asLong();
        assertThat(DlqCli.show(dataDir, "--bootstrap", kafka.bootstrap(), place).out()).contains(id);

        DlqCli.Run dry = redrive("--request", id, "--dry-run");
        assertThat(dry.out()).contains("would re-drive").contains("1 would be re-driven (dry run)");
        assertThat(listJson("--request", id).get(0).path("state").asText()).isEqualTo("WAITING");

        DlqCli.Run run = redrive("--request", id);
        assertThat(run.code()).as(run.err()).isZero();
        assertThat(run.out()).contains("re-driven  ").contains("-> " + Stage.INTENT.topic() + "/");
        await().atMost(Duration.ofSeconds(60)).until(() -> answered(id));
        assertThat(calls(id)).isEqualTo(2);
        assertThat(listJson("--request", id)).isEmpty();
        JsonNode history = listJson("--request", id, "--all");
        assertThat(history).hasSize(1);
        assertThat(history.get(0).path("state").asText()).isEqualTo("REDRIVEN");
        assertThat(recordsOf(Topics.DLQ, id)).hasSize(2); // the dead letter and its re-drive marker, nothing more
    }

    @Test
    void aRecordThatKeepsFailingEndsParkedAndIsNotReDrivenAgain() throws Exception {
        String id = ask(ALWAYS_FAILS);
        for (int attempt = 1; attempt < barb.core.DeadLetters.MAX_ATTEMPTS; attempt++) {
            int failures = attempt;
            await().atMost(Duration.ofSeconds(60)).until(() -> {
                JsonNode open = listJson("--request", id);
                return open.size() == 1 && open.get(0).path("attempts").asInt() == failures;
            });
            DlqCli.Run run = redrive("--stage", "intent", "--request", id);
            assertThat(run.out()).as(run.err()).contains("1 re-driven");
        }
        await().atMost(Duration.ofSeconds(60)).until(() -> {
            JsonNode open = listJson("--request", id);
            return open.size() == 1 && open.get(0).path("state").asText().equals("PARKED");
        });
        assertThat(listJson("--request", id).get(0).path("attempts").asInt())
                .isEqualTo(barb.core.DeadLetters.MAX_ATTEMPTS);
        String firstFailure = listJson("--request", id, "--all").get(0).path("first_failure").asText();
        assertThat(listJson("--request", id).get(0).path("first_failure").asText()).isEqualTo(firstFailure);
        DlqCli.Run table = DlqCli.list(dataDir, "--bootstrap", kafka.bootstrap(), "--request", id);
        assertThat(table.out()).containsPattern("OFFSET\\s+STAGE\\s+REASON\\s+REQUEST\\s+AGE\\s+ATTEMPTS\\s+STATE")
                .contains("PARKED (attempts used up)").contains("0 waiting, 1 parked");

        DlqCli.Run again = redrive("--request", id);
        assertThat(again.code()).isZero();
        assertThat(again.out()).contains("parked     ").contains("0 re-driven, 1 parked");
        // The redrive returns once Kafka took what it sent: nothing more went to the stage's topic.
        assertThat(recordsOf(Stage.INTENT.topic(), id)).hasSize(barb.core.DeadLetters.MAX_ATTEMPTS);
        assertThat(calls(id)).isEqualTo(barb.core.DeadLetters.MAX_ATTEMPTS);
        assertThat(answered(id)).isFalse();

        // Parked for good: the operator discards it; it is listed apart, audited whole, and redrive has nothing.
        Path audit = dataDir.resolve("audit").resolve("discarded.jsonl");
        DlqCli.Run discard = DlqCli.discard(dataDir, "--bootstrap", kafka.bootstrap(), id, "--reason",
                "always fails: test poison", "--audit-file", audit.toString());
        assertThat(discard.code()).as(discard.err()).isZero();
        assertThat(discard.out()).contains("discarded  ").contains("1 discarded, 0 waiting kept");
        assertThat(listJson("--request", id)).isEmpty();
        assertThat(DlqCli.list(dataDir, "--bootstrap", kafka.bootstrap(), "--request", id).out())
                .contains("no dead letters match; 1 discarded (barb dlq list --discarded)");
        JsonNode discarded = listJson("--request", id, "--discarded");
        assertThat(discarded).hasSize(1);
        assertThat(discarded.get(0).path("state").asText()).isEqualTo("DISCARDED");
        assertThat(discarded.get(0).path("discarded").path("reason").asText()).isEqualTo("always fails: test poison");
        assertThat(discarded.get(0).path("discarded").path("by").asText()).isEqualTo("test-operator");
        assertThat(DlqCli.list(dataDir, "--bootstrap", kafka.bootstrap(), "--request", id, "--discarded").out())
                .contains("discarded by test-operator: always fails: test poison");
        List<String> auditLines = Files.readAllLines(audit);
        assertThat(auditLines).hasSize(1);
        assertThat(Json.parse(auditLines.getFirst()).path("request_id").asText()).isEqualTo(id);
        assertThat(redrive("--request", id).out()).contains("nothing to re-drive");
        DlqCli.Run twice = DlqCli.discard(dataDir, "--bootstrap", kafka.bootstrap(), id, "--reason", "again",
                "--audit-file", audit.toString());
        assertThat(twice.out()).contains("already discarded by test-operator").contains("0 discarded");
        assertThat(Files.readAllLines(audit)).hasSize(1);
    }

    @Test
    void everyMetricOfTheDashboardAndTheAlertRulesIsExported() throws Exception {
        // What makes the lazily registered meters appear: one answered request at the gateway, one dead letter.
        SseCapture.Stream s = SseCapture.ask(stack.httpPort(), "hi", null);
        assertThat(s.status()).isEqualTo(200);
        send(new ProducerRecord<>(Stage.INTENT.topic(), "poison-" + UUID.randomUUID(),
                "{not json".getBytes(StandardCharsets.UTF_8)));
        Set<String> used = new TreeSet<>(MonitoringFiles.dashboardMetrics(MonitoringFiles.dashboard()));
        used.addAll(MonitoringFiles.alertMetrics(MonitoringFiles.alerts()));
        assertThat(used).hasSizeGreaterThan(25);

        await().atMost(Duration.ofSeconds(90)).pollInterval(Duration.ofSeconds(1)).untilAsserted(() -> {
            Set<String> missing = new TreeSet<>(used);
            missing.removeAll(MonitoringFiles.exportedNames(scrape()));
            assertThat(missing).as("used by docs/grafana or docs/prometheus but not on /metrics").isEmpty();
        });
    }

    @Test
    void theOpsFiguresApplicationIsWatchedOnTheEventsAndTheDeadLetters() throws Exception {
        SseCapture.Stream s = SseCapture.ask(stack.httpPort(), "hi", null);
        assertThat(s.status()).isEqualTo(200);
        send(new ProducerRecord<>(Stage.INTENT.topic(), "poison-" + UUID.randomUUID(),
                "{not json".getBytes(StandardCharsets.UTF_8)));

        await().atMost(Duration.ofSeconds(90)).pollInterval(Duration.ofSeconds(1)).untilAsserted(() -> {
            JsonNode figures = null;
            for (JsonNode g : Json.parse(get("/lag")).path("groups")) {
                if (g.path("group").asText().equals(ConsumerGroups.FIGURES)) {
                    figures = g;
                }
            }
            assertThat(figures).as("the figures group on /lag").isNotNull();
            assertThat(figures.path("topics")).extracting(JsonNode::asText)
                    .containsExactly(Topics.EVENTS, Topics.DLQ, ConsumerGroups.FIGURES_REPARTITION);
            assertThat(figures.path("members").asInt()).isGreaterThanOrEqualTo(1);
            // It committed on the dead letters too: the poison record was counted.
            JsonNode dlq = null;
            for (JsonNode p : figures.path("partitions")) {
                if (p.path("topic").asText().equals(Topics.DLQ)) {
                    dlq = p;
                }
            }
            assertThat(dlq).isNotNull();
            assertThat(dlq.path("current_offset").asLong()).isPositive();
            assertThat(figures.path("partitions")).anyMatch(p -> p.path("topic").asText().equals(Topics.EVENTS)
                    && p.path("current_offset").asLong() > 0);
            assertThat(scrape()).containsPattern("kafka_consumergroup_group_lag\\{[^}]*group=\"" + ConsumerGroups.FIGURES
                    + "\"[^}]*topic=\"" + Topics.DLQ.replace(".", "\\.") + "\"");
        });
    }

    private String get(String path) throws Exception {
        HttpResponse<String> response = HttpClient.newHttpClient().send(HttpRequest.newBuilder(
                URI.create("http://127.0.0.1:" + stack.httpPort() + path)).build(),
                HttpResponse.BodyHandlers.ofString());
        assertThat(response.statusCode()).as(path).isEqualTo(200);
        return response.body();
    }

    private String scrape() throws Exception {
        HttpClient http = HttpClient.newHttpClient();
        HttpResponse<String> response = http.send(HttpRequest.newBuilder(
                URI.create("http://127.0.0.1:" + stack.httpPort() + "/metrics")).build(),
                HttpResponse.BodyHandlers.ofString());
        assertThat(response.statusCode()).isEqualTo(200);
        return response.body();
    }
}
