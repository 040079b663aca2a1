package barb.core;

import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.header.internals.RecordHeaders;
import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.Optional;

import static org.assertj.core.api.Assertions.assertThat;

/** The dead-letter record format and the one place failures are classified. */
class DeadLettersTest {

    private static ConsumerRecord<String, byte[]> failed(RecordHeaders headers) {
        return new ConsumerRecord<>("barb.stage.parser.v1", 2, 345L, 1_000L,
                org.apache.kafka.common.record.TimestampType.CREATE_TIME, 0, 0, "req-1",
                "{}".getBytes(StandardCharsets.UTF_8), headers, Optional.empty());
    }

    private static String h(ProducerRecord<String, byte[]> r, String name) {
        return DeadLetters.header(r.headers(), name);
    }

    @Test
    void aFirstFailureCarriesWhereWhyAndWhen() {
        RecordHeaders headers = new RecordHeaders();
        headers.add("traceparent", "00-abc".getBytes(StandardCharsets.UTF_8));
        ProducerRecord<String, byte[]> dlq = DeadLetters.of(failed(headers),
                DeadLetters.Failure.of("parser", new IOException("model unreachable")), 5_000L);

        assertThat(dlq.topic()).isEqualTo(Topics.DLQ);
        assertThat(dlq.key()).isEqualTo("req-1");
        assertThat(new String(dlq.value(), StandardCharsets.UTF_8)).isEqualTo("{}");
        assertThat(h(dlq, "traceparent")).isEqualTo("00-abc");
        assertThat(h(dlq, DeadLetters.STAGE)).isEqualTo("parser");
        assertThat(h(dlq, DeadLetters.TOPIC)).isEqualTo("barb.stage.parser.v1");
        assertThat(h(dlq, DeadLetters.PARTITION)).isEqualTo("2");
        assertThat(h(dlq, DeadLetters.OFFSET)).isEqualTo("345");
        assertThat(h(dlq, DeadLetters.SOURCE)).isEqualTo("barb.stage.parser.v1-2@345");
        assertThat(h(dlq, DeadLetters.REASON_CLASS)).isEqualTo("retries_exhausted");
        assertThat(h(dlq, DeadLetters.MESSAGE)).isEqualTo("model unreachable");
        assertThat(h(dlq, DeadLetters.ERROR)).isEqualTo("java.io.IOException");
        assertThat(h(dlq, DeadLetters.ATTEMPTS)).isEqualTo("1");
        assertThat(h(dlq, DeadLetters.MAX_ATTEMPTS_HEADER)).isEqualTo(String.valueOf(DeadLetters.MAX_ATTEMPTS));
        assertThat(h(dlq, DeadLetters.FIRST_FAILURE_MS)).isEqualTo("5000");
        assertThat(h(dlq, DeadLetters.LAST_FAILURE_MS)).isEqualTo("5000");
        assertThat(h(dlq, DeadLetters.REDRIVE_FROM)).isNull();
    }

    @Test
    void aReDrivenRecordThatFailsAgainComesBackWithOneMoreAttemptAndItsFirstFailureTime() {
        RecordHeaders headers = new RecordHeaders();
        // what the record carried from its earlier dead-lettering and its re-drive
        headers.add(DeadLetters.ATTEMPTS, "1".getBytes(StandardCharsets.UTF_8));
        headers.add(DeadLetters.MESSAGE, "old message".getBytes(StandardCharsets.UTF_8));
        headers.add(DeadLetters.REDRIVE_ATTEMPTS, "2".getBytes(StandardCharsets.UTF_8));
        headers.add(DeadLetters.REDRIVE_FIRST_FAILURE_MS, "1234".getBytes(StandardCharsets.UTF_8));
        headers.add(DeadLetters.REDRIVE_FROM, "barb.dlq.v1/0/7".getBytes(StandardCharsets.UTF_8));
        headers.add(DeadLetters.REDRIVE_DEADLINE_MS, "99999".getBytes(StandardCharsets.UTF_8));

        ProducerRecord<String, byte[]> dlq = DeadLetters.of(failed(headers),
                DeadLetters.Failure.of("parser", new IllegalStateException("still broken")), 9_000L);

        assertThat(h(dlq, DeadLetters.ATTEMPTS)).isEqualTo("3");
        assertThat(dlq.headers().headers(DeadLetters.ATTEMPTS)).hasSize(1);
        assertThat(dlq.headers().headers(DeadLetters.MESSAGE)).hasSize(1);
        assertThat(h(dlq, DeadLetters.MESSAGE)).isEqualTo("still broken");
        assertThat(h(dlq, DeadLetters.REASON_CLASS)).isEqualTo("unexpected_error");
        assertThat(h(dlq, DeadLetters.FIRST_FAILURE_MS)).isEqualTo("1234");
        assertThat(h(dlq, DeadLetters.LAST_FAILURE_MS)).isEqualTo("9000");
        assertThat(h(dlq, DeadLetters.REDRIVE_FROM)).isEqualTo("barb.dlq.v1/0/7");
        assertThat(h(dlq, DeadLetters.REDRIVE_DEADLINE_MS)).isNull();
    }

    @Test
    void aNonNumericHeaderCountsAsAbsent() {
        RecordHeaders headers = new RecordHeaders();
        headers.add(DeadLetters.REDRIVE_ATTEMPTS, "many".getBytes(StandardCharsets.UTF_8));
        ProducerRecord<String, byte[]> dlq = DeadLetters.of(failed(headers),
                new DeadLetters.Failure("trace-sink", DeadLetterReason.DATABASE_REFUSED, null, null), 1L);

        assertThat(h(dlq, DeadLetters.ATTEMPTS)).isEqualTo("1");
        assertThat(h(dlq, DeadLetters.MESSAGE)).isEqualTo("unknown");
        assertThat(h(dlq, DeadLetters.ERROR)).isNull();
        assertThat(DeadLetters.redriveDeadline(headers)).isEmpty();
    }

    @Test
    void failuresAreClassifiedInOnePlace() {
        assertThat(FailureClassifier.classify(new ContractException("no"))).isEqualTo(FailureClassifier.Kind.DEAD_LETTER);
        assertThat(FailureClassifier.classify(new StageException("bad_plan", "no", false)))
                .isEqualTo(FailureClassifier.Kind.FAIL_REQUEST);
        assertThat(FailureClassifier.classify(new StageException("busy", "again", true)))
                .isEqualTo(FailureClassifier.Kind.RETRY);
        assertThat(FailureClassifier.classify(new NullPointerException())).isEqualTo(FailureClassifier.Kind.DEAD_LETTER);

        IOException io = new IOException("down");
        assertThat(FailureClassifier.afterAttempt(io, 2, 3)).isEqualTo(FailureClassifier.Kind.RETRY);
        assertThat(FailureClassifier.afterAttempt(io, 3, 3)).isEqualTo(FailureClassifier.Kind.DEAD_LETTER);
        assertThat(FailureClassifier.afterAttempt(new StageException("bad_plan", "no", false), 3, 3))
                .isEqualTo(FailureClassifier.Kind.FAIL_REQUEST);

        assertThat(FailureClassifier.reason(io)).isEqualTo(DeadLetterReason.RETRIES_EXHAUSTED);
        assertThat(FailureClassifier.reason(new ContractException("no"))).isEqualTo(DeadLetterReason.BAD_RECORD);
        assertThat(FailureClassifier.reason(new IllegalStateException())).isEqualTo(DeadLetterReason.UNEXPECTED_ERROR);
        assertThat(DeadLetterReason.fromWire("bad_record")).isEqualTo(DeadLetterReason.BAD_RECORD);
    }
}
