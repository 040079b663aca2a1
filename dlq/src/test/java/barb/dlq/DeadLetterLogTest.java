package barb.dlq;

import barb.core.DeadLetterReason;
import barb.core.DeadLetters;
import barb.core.Topics;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.header.internals.RecordHeaders;
import org.apache.kafka.common.record.TimestampType;
import org.junit.jupiter.api.Test;

import java.nio.charset.StandardCharsets;
import java.util.Optional;

import static org.assertj.core.api.Assertions.assertThat;

/** The dead-letter topic folded into waiting, parked and re-driven dead letters. */
class DeadLetterLogTest {

    /** The record at {@code dlqOffset} as a worker writes it after {@code previousAttempts} failed re-drives. */
    private static ConsumerRecord<String, byte[]> deadLetter(long dlqOffset, String requestId, int previousAttempts) {
        RecordHeaders in = new RecordHeaders();
        if (previousAttempts > 0) {
            in.add(DeadLetters.REDRIVE_ATTEMPTS, DeadLetters.bytes(Integer.toString(previousAttempts)));
            in.add(DeadLetters.REDRIVE_FIRST_FAILURE_MS, DeadLetters.bytes("100"));
        }
        ConsumerRecord<String, byte[]> failed = new ConsumerRecord<>("barb.stage.parser.v1", 1, 40L, 50L,
                TimestampType.CREATE_TIME, 0, 0, requestId, "{\"a\":1}".getBytes(StandardCharsets.UTF_8), in,
                Optional.empty());
        ProducerRecord<String, byte[]> dlq = DeadLetters.of(failed, new DeadLetters.Failure("parser",
                DeadLetterReason.UNEXPECTED_ERROR, "boom", "java.lang.IllegalStateException"), 1_000L + dlqOffset);
        return new ConsumerRecord<>(Topics.DLQ, 0, dlqOffset, 1_000L + dlqOffset, TimestampType.CREATE_TIME, 0, 0,
                dlq.key(), dlq.value(), dlq.headers(), Optional.empty());
    }

    private static ConsumerRecord<String, byte[]> marker(long dlqOffset, long redrivenOffset) {
        RecordHeaders h = new RecordHeaders();
        h.add(DeadLetters.REDRIVEN_OFFSET, DeadLetters.bytes(Long.toString(redrivenOffset)));
        return new ConsumerRecord<>(Topics.DLQ, 0, dlqOffset, 5_000L, TimestampType.CREATE_TIME, 0, 0, "r",
                "{\"to\":\"barb.stage.parser.v1/1/77\"}".getBytes(StandardCharsets.UTF_8), h, Optional.empty());
    }

    @Test
    void readsEveryFieldBackFromTheHeaders() {
        DeadLetterLog log = new DeadLetterLog(true);
        log.add(deadLetter(0, "r1", 1));

        DeadLetter d = log.all().getFirst();
        assertThat(d.offset()).isZero();
        assertThat(d.requestId()).isEqualTo("r1");
        assertThat(d.stage()).isEqualTo("parser");
        assertThat(d.reason()).isEqualTo("unexpected_error");
        assertThat(d.message()).isEqualTo("boom");
        assertThat(d.error()).isEqualTo("java.lang.IllegalStateException");
        assertThat(d.source()).isEqualTo("barb.stage.parser.v1/1/40");
        assertThat(d.attempts()).isEqualTo(2);
        assertThat(d.maxAttempts()).isEqualTo(DeadLetters.MAX_ATTEMPTS);
        assertThat(d.firstFailureMs()).isEqualTo(100);
        assertThat(d.lastFailureMs()).isEqualTo(1_000);
        assertThat(d.state()).isEqualTo(DeadLetter.State.WAITING);
        assertThat(new String(d.payload(), StandardCharsets.UTF_8)).isEqualTo("{\"a\":1}");
    }

    @Test
    void aMarkerSetsItsDeadLetterReDrivenAndAFailedReDriveComesBackAsANewOne() {
        DeadLetterLog log = new DeadLetterLog(false);
        log.add(deadLetter(0, "r1", 0));
        log.add(marker(1, 0));
        log.add(deadLetter(2, "r1", 1));

        assertThat(log.all()).extracting(DeadLetter::state)
                .containsExactly(DeadLetter.State.REDRIVEN, DeadLetter.State.WAITING);
        assertThat(log.all().getFirst().redrivenTo()).isEqualTo("barb.stage.parser.v1/1/77");
        assertThat(log.open()).extracting(DeadLetter::offset).containsExactly(2L);
        assertThat(log.open().getFirst().payload()).isNull();
        assertThat(log.open().getFirst().headers()).isEmpty();
    }

    private static ConsumerRecord<String, byte[]> discardMarker(long dlqOffset, long discardedOffset, String body) {
        RecordHeaders h = new RecordHeaders();
        h.add(DeadLetters.DISCARDED_OFFSET, DeadLetters.bytes(Long.toString(discardedOffset)));
        return new ConsumerRecord<>(Topics.DLQ, 0, dlqOffset, 6_000L, TimestampType.CREATE_TIME, 0, 0, "r",
                body.getBytes(StandardCharsets.UTF_8), h, Optional.empty());
    }

    @Test
    void aDiscardMarkerListsItsDeadLetterAsDiscardedWithWhyAndByWhomAndNoLongerOpen() {
        DeadLetterLog log = new DeadLetterLog(true);
        log.add(deadLetter(0, "r1", DeadLetters.MAX_ATTEMPTS - 1));
        log.add(deadLetter(1, "r2", DeadLetters.MAX_ATTEMPTS - 1));
        log.add(discardMarker(2, 0, "{\"reason\":\"poison from a test client\",\"by\":\"ana\","
                + "\"audit\":\"host:/var/barb/dlq-discarded.jsonl\"}"));

        assertThat(log.all()).extracting(DeadLetter::state)
                .containsExactly(DeadLetter.State.DISCARDED, DeadLetter.State.PARKED);
        assertThat(log.open()).extracting(DeadLetter::offset).containsExactly(1L);
        DeadLetter discarded = log.discarded().getFirst();
        assertThat(discarded.offset()).isZero();
        assertThat(discarded.discarded().reason()).isEqualTo("poison from a test client");
        assertThat(discarded.discarded().by()).isEqualTo("ana");
        assertThat(discarded.discarded().atMs()).isEqualTo(6_000L);
        assertThat(discarded.discarded().audit()).isEqualTo("host:/var/barb/dlq-discarded.jsonl");
        assertThat(new String(discarded.payload(), StandardCharsets.UTF_8)).as("still readable").isEqualTo("{\"a\":1}");
    }

    @Test
    void aDiscardMarkerWithAnUnreadableBodyStillDiscardsAndAReDrivenOneStaysReDriven() {
        DeadLetterLog log = new DeadLetterLog(false);
        log.add(deadLetter(0, "r1", DeadLetters.MAX_ATTEMPTS - 1));
        log.add(deadLetter(1, "r2", 0));
        log.add(marker(2, 1));
        log.add(discardMarker(3, 0, "{not json"));
        log.add(discardMarker(4, 1, "{}"));

        assertThat(log.all()).extracting(DeadLetter::state)
                .containsExactly(DeadLetter.State.DISCARDED, DeadLetter.State.REDRIVEN);
        assertThat(log.all().getFirst().discarded().reason()).isEqualTo("(marker body unreadable)");
        assertThat(log.open()).isEmpty();
    }

    @Test
    void aDeadLetterWhoseAttemptsAreUsedUpIsParked() {
        DeadLetterLog log = new DeadLetterLog(true);
        log.add(deadLetter(0, "r1", DeadLetters.MAX_ATTEMPTS - 1));

        assertThat(log.open().getFirst().attempts()).isEqualTo(DeadLetters.MAX_ATTEMPTS);
        assertThat(log.open().getFirst().state()).isEqualTo(DeadLetter.State.PARKED);
    }

    @Test
    void readsTheFirstFormatAsFarAsItGoes() {
        RecordHeaders h = new RecordHeaders();
        h.add(DeadLetters.MESSAGE, DeadLetters.bytes("not a valid BarbEvent"));
        h.add(DeadLetters.STAGE, DeadLetters.bytes("trace-sink"));
        h.add(DeadLetters.SOURCE, DeadLetters.bytes("barb.events.v1-3@12"));
        DeadLetterLog log = new DeadLetterLog(true);
        log.add(new ConsumerRecord<>(Topics.DLQ, 0, 9L, 777L, TimestampType.CREATE_TIME, 0, 0, "k",
                new byte[]{1}, h, Optional.empty()));

        DeadLetter d = log.all().getFirst();
        assertThat(d.source()).isEqualTo("barb.events.v1/3/12");
        assertThat(d.reason()).isEqualTo("unclassified");
        assertThat(d.attempts()).isEqualTo(1);
        assertThat(d.firstFailureMs()).isEqualTo(777);
        assertThat(d.state()).isEqualTo(DeadLetter.State.WAITING);
    }

    @Test
    void forgetsWhatRetentionDeleted() {
        DeadLetterLog log = new DeadLetterLog(false);
        log.add(deadLetter(0, "r1", 0));
        log.add(deadLetter(1, "r2", 0));
        log.forgetBefore(1);

        assertThat(log.all()).extracting(DeadLetter::requestId).containsExactly("r2");
    }

    @Test
    void selectsByStageReasonAndRequest() {
        DeadLetterLog log = new DeadLetterLog(false);
        log.add(deadLetter(0, "r1", 0));
        DeadLetter d = log.all().getFirst();

        assertThat(DeadLetterSelection.EVERYTHING.matches(d)).isTrue();
        assertThat(new DeadLetterSelection("parser", "unexpected_error", "r1").matches(d)).isTrue();
        assertThat(new DeadLetterSelection("planner", null, null).matches(d)).isFalse();
        assertThat(new DeadLetterSelection(null, "bad_record", null).matches(d)).isFalse();
        assertThat(new DeadLetterSelection(null, null, "r2").matches(d)).isFalse();
    }
}
