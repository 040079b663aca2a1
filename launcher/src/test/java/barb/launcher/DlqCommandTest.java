package barb.launcher;

import barb.core.TopicCreator;
import barb.core.Topics;
import barb.embedded.FreePorts;
import barb.embedded.SharedInfra;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;

import static org.assertj.core.api.Assertions.assertThat;

/** Every way {@code barb dlq} can be pointed or asked wrong: one sentence, no stack trace, a non-zero exit. */
class DlqCommandTest {
    @TempDir
    Path dir;

    @BeforeAll
    static void topics() {
        TopicCreator.ensure(SharedInfra.kafka().bootstrap(), Topics.all(3, 86_400_000L), (short) 1);
    }

    private static String kafka() {
        return SharedInfra.kafka().bootstrap();
    }

    @Test
    void aBadBootstrapIsExitTwo() {
        DlqCli.Run run = DlqCli.list(dir, "--bootstrap", "localhost");

        assertThat(run.code()).isEqualTo(2);
        assertThat(run.err()).contains("barb dlq list: 'localhost' is not host:port").doesNotContain("\tat ");
    }

    @Test
    void anUnreachableKafkaIsOneSentenceAndExitOne() {
        String nowhere = "127.0.0.1:" + FreePorts.pick();
        DlqCli.Run run = DlqCli.list(dir, "--bootstrap", nowhere, "--timeout", "2");

        assertThat(run.code()).isEqualTo(1);
        assertThat(run.err()).contains("cannot reach Kafka at " + nowhere).contains("--bootstrap")
                .doesNotContain("\tat ");
        assertThat(run.err().strip().lines()).hasSize(1);
    }

    @Test
    void withNoKafkaAnywhereItSaysHowToNameOne() {
        DlqCli.Run run = DlqCli.show(dir, "some-request");

        assertThat(run.code()).isEqualTo(2);
        assertThat(run.err()).contains("no Kafka to read: give --bootstrap host:port");
    }

    @Test
    void unknownStagesAndReasonsAreNamedWithWhatIsKnown() {
        DlqCli.Run stage = DlqCli.list(dir, "--bootstrap", kafka(), "--stage", "parsr");
        DlqCli.Run reason = DlqCli.redrive(dir, "--bootstrap", kafka(), "--reason", "oops");

        assertThat(stage.code()).isEqualTo(2);
        assertThat(stage.err()).contains("unknown stage 'parsr'; one of intent, understander").contains("trace-sink");
        assertThat(reason.code()).isEqualTo(2);
        assertThat(reason.err()).contains("unknown reason 'oops'; one of bad_record, retries_exhausted");
    }

    @Test
    void badPlacesAreRefusedBeforeKafkaIsAsked() {
        DlqCli.Run parts = DlqCli.show(dir, "--bootstrap", kafka(), "barb.dlq.v1/0");
        DlqCli.Run letters = DlqCli.show(dir, "--bootstrap", kafka(), "barb.dlq.v1/x/1");
        DlqCli.Run negative = DlqCli.show(dir, "--bootstrap", kafka(), "barb.dlq.v1/0/-4");

        assertThat(parts.code()).isEqualTo(2);
        assertThat(parts.err()).contains("'barb.dlq.v1/0' is not TOPIC/PARTITION/OFFSET");
        assertThat(letters.code()).isEqualTo(2);
        assertThat(letters.err()).contains("must be numbers");
        assertThat(negative.code()).isEqualTo(2);
        assertThat(negative.err()).contains("cannot be negative");
    }

    @Test
    void anUnknownRequestIsExitOne() {
        DlqCli.Run run = DlqCli.show(dir, "--bootstrap", kafka(), "no-such-request");

        assertThat(run.code()).isEqualTo(1);
        assertThat(run.err()).contains("no dead letter for no-such-request in barb.dlq.v1");
    }

    @Test
    void aDiscardMustSayWhyAndNamesWhatIsNotThereWithoutDiscardingAnything() {
        DlqCli.Run noReason = DlqCli.discard(dir, "--bootstrap", kafka(), "some-request");
        DlqCli.Run twoLines = DlqCli.discard(dir, "--bootstrap", kafka(), "some-request", "--reason", "a\nb");
        DlqCli.Run unknown = DlqCli.discard(dir, "--bootstrap", kafka(), "no-such-request", "--reason", "poison");

        assertThat(noReason.code()).isEqualTo(2);
        assertThat(noReason.err().strip()).isEqualTo("barb dlq discard: --reason is required");
        assertThat(twoLines.code()).isEqualTo(2);
        assertThat(twoLines.err()).contains("--reason must be one line");
        assertThat(unknown.code()).isEqualTo(1);
        assertThat(unknown.err()).contains("no dead letter for no-such-request in barb.dlq.v1; nothing was discarded");
        assertThat(dir.resolve(DlqDiscardCommand.DEFAULT_AUDIT_FILE)).doesNotExist();
    }

    @Test
    void redriveWantsASelection() {
        DlqCli.Run run = DlqCli.redrive(dir, "--bootstrap", kafka());

        assertThat(run.code()).isEqualTo(2);
        assertThat(run.err()).contains("say which dead letters: --stage, --reason, --request, or --all");
    }
}
