package barb.dlq;

import barb.core.DeadLetterReason;
import barb.core.DeadLetters;
import barb.core.Json;
import barb.core.KafkaSettings;
import barb.core.TopicCreator;
import barb.core.Topics;
import barb.embedded.SharedInfra;
import com.fasterxml.jackson.databind.JsonNode;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.common.header.internals.RecordHeaders;
import org.apache.kafka.common.record.TimestampType;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Base64;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.UUID;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** Discarding against a real broker: audit line first, then the marker; nothing deleted, nothing lost. */
class DiscarderTest {
    private static final Duration TIMEOUT = Duration.ofSeconds(10);
    private static KafkaSettings kafka;

    @BeforeAll
    static void topics() {
        kafka = KafkaSettings.of(SharedInfra.kafka().bootstrap());
        TopicCreator.ensure(kafka.bootstrap(), Topics.all(3, 86_400_000L), (short) 1);
    }

    /** A parser dead letter of {@code requestId} after {@code previousAttempts} failed re-drives. */
    private static void deadLetter(String requestId, int previousAttempts, byte[] payload) throws Exception {
        RecordHeaders in = new RecordHeaders();
        in.add("traceparent", DeadLetters.bytes("00-abc-def-01"));
        if (previousAttempts > 0) {
            in.add(DeadLetters.REDRIVE_ATTEMPTS, DeadLetters.bytes(Integer.toString(previousAttempts)));
        }
        ConsumerRecord<String, byte[]> failed = new ConsumerRecord<>("barb.stage.parser.v1", 2, 345L, 0L,
                TimestampType.CREATE_TIME, 0, 0, requestId, payload, in, Optional.empty());
        try (KafkaProducer<String, byte[]> producer = new KafkaProducer<>(kafka.producer("discard-test"))) {
            producer.send(DeadLetters.of(failed, new DeadLetters.Failure("parser", DeadLetterReason.UNEXPECTED_ERROR,
                    "boom", "java.lang.IllegalStateException"), System.currentTimeMillis())).get();
        }
    }

    private static List<DeadLetter> read(Set<String> requestIds) {
        try (DeadLetterReader reader = new DeadLetterReader(kafka.bootstrap(), TIMEOUT, true)) {
            return reader.read().all().stream().filter(d -> requestIds.contains(d.requestId())).toList();
        }
    }

    @Test
    void aParkedDeadLetterIsDiscardedWithAnAuditCopyAndAWaitingOneIsKeptUnlessAskedFor(@TempDir Path dir)
            throws Exception {
        String parked = UUID.randomUUID().toString();
        String waiting = UUID.randomUUID().toString();
        byte[] payload = {'{', 'x', 0, (byte) 0xff, '}'};
        deadLetter(parked, DeadLetters.MAX_ATTEMPTS - 1, payload);
        deadLetter(waiting, 0, "{\"a\":1}".getBytes(StandardCharsets.UTF_8));
        Path auditFile = dir.resolve("audit/dlq-discarded.jsonl");
        Discarder.Request request = new Discarder.Request("  poison from the load test  ", "ana", false, false);

        List<Discarder.Outcome> outcomes;
        try (Discarder discarder = new Discarder(kafka.bootstrap(), TIMEOUT);
             DiscardAudit audit = DiscardAudit.open(auditFile)) {
            outcomes = discarder.discard(read(Set.of(parked, waiting)), request, audit);
        }

        assertThat(outcomes).extracting(o -> o.letter().requestId() + " " + o.action())
                .containsExactlyInAnyOrder(parked + " DISCARDED", waiting + " WAITING_KEPT");
        assertThat(outcomes).filteredOn(o -> o.action() == Discarder.Action.DISCARDED).singleElement()
                .satisfies(o -> assertThat(o.marker()).startsWith(Topics.DLQ + "/0/"));

        // A fresh reader sees it discarded, with why and by whom, and still has the record.
        List<DeadLetter> after = read(Set.of(parked, waiting));
        DeadLetter discarded = after.stream().filter(d -> d.requestId().equals(parked)).findFirst().orElseThrow();
        assertThat(discarded.state()).isEqualTo(DeadLetter.State.DISCARDED);
        assertThat(discarded.open()).isFalse();
        assertThat(discarded.discarded().reason()).isEqualTo("poison from the load test");
        assertThat(discarded.discarded().by()).isEqualTo("ana");
        assertThat(discarded.discarded().audit()).endsWith(":" + auditFile.toAbsolutePath());
        assertThat(discarded.payload()).isEqualTo(payload);
        assertThat(after.stream().filter(d -> d.requestId().equals(waiting)).findFirst().orElseThrow().state())
                .isEqualTo(DeadLetter.State.WAITING);

        // The audit line holds the whole record, exactly.
        List<String> lines = Files.readAllLines(auditFile);
        assertThat(lines).hasSize(1);
        JsonNode line = Json.parse(lines.getFirst());
        assertThat(line.path("dlq_offset").asLong()).isEqualTo(discarded.offset());
        assertThat(line.path("request_id").asText()).isEqualTo(parked);
        assertThat(line.path("reason").asText()).isEqualTo("poison from the load test");
        assertThat(line.path("by").asText()).isEqualTo("ana");
        assertThat(line.path("state_before").asText()).isEqualTo("PARKED");
        assertThat(line.path("failed_on").asText()).isEqualTo("barb.stage.parser.v1/2/345");
        assertThat(line.path("headers").path("traceparent").asText()).isEqualTo("00-abc-def-01");
        assertThat(line.path("headers").path(DeadLetters.STAGE).asText()).isEqualTo("parser");
        assertThat(Base64.getDecoder().decode(line.path("payload_base64").asText())).isEqualTo(payload);
        assertThat(line.path("payload_sha256").asText()).isEqualTo(DiscardAudit.sha256(payload));

        // Again: already discarded, nothing more written; the waiting one only when asked for.
        try (Discarder discarder = new Discarder(kafka.bootstrap(), TIMEOUT);
             DiscardAudit audit = DiscardAudit.open(auditFile)) {
            List<Discarder.Outcome> again = discarder.discard(read(Set.of(parked, waiting)),
                    new Discarder.Request("bad test data", "ana", true, false), audit);
            assertThat(again).extracting(o -> o.letter().requestId() + " " + o.action())
                    .containsExactlyInAnyOrder(parked + " ALREADY_DISCARDED", waiting + " DISCARDED");
        }
        assertThat(Files.readAllLines(auditFile)).hasSize(2);
        assertThat(read(Set.of(parked, waiting))).allMatch(d -> d.state() == DeadLetter.State.DISCARDED);
    }

    @Test
    void aDryRunWritesNothing(@TempDir Path dir) throws Exception {
        String parked = UUID.randomUUID().toString();
        deadLetter(parked, DeadLetters.MAX_ATTEMPTS - 1, "{}".getBytes(StandardCharsets.UTF_8));
        try (Discarder discarder = new Discarder(kafka.bootstrap(), TIMEOUT)) {
            List<Discarder.Outcome> outcomes = discarder.discard(read(Set.of(parked)),
                    new Discarder.Request("just looking", "ana", false, true), null);
            assertThat(outcomes).extracting(Discarder.Outcome::action).containsExactly(Discarder.Action.WOULD_DISCARD);
        }
        assertThat(read(Set.of(parked))).extracting(DeadLetter::state).containsExactly(DeadLetter.State.PARKED);
        assertThat(dir).isEmptyDirectory();
    }

    @Test
    void aDiscardMustSayWhyAndWhoOnOneLine() {
        assertThatThrownBy(() -> new Discarder.Request(" ", "ana", false, false))
                .hasMessage("--reason is required");
        assertThatThrownBy(() -> new Discarder.Request("ok", "ana", false, false))
                .hasMessage("--reason must say why, in at least 3 characters");
        assertThatThrownBy(() -> new Discarder.Request("two\nlines", "ana", false, false))
                .hasMessage("--reason must be one line without control characters");
        assertThatThrownBy(() -> new Discarder.Request("x".repeat(501), "ana", false, false))
                .hasMessage("--reason must be at most 500 characters");
        assertThatThrownBy(() -> new Discarder.Request("poison", null, false, false))
                .hasMessage("--by is required");
    }
}
