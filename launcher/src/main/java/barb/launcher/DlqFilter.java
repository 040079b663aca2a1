package barb.launcher;

import barb.core.DeadLetterReason;
import barb.core.Stage;
import barb.dlq.DeadLetterSelection;
import picocli.CommandLine.Option;

import java.util.ArrayList;
import java.util.List;

/** The selection options of {@code barb dlq list} and {@code redrive}, checked before Kafka is asked anything. */
final class DlqFilter {
    @Option(names = "--stage", paramLabel = "STAGE",
            description = "Only dead letters of this stage (an agent name such as parser, or trace-sink).")
    String stage;

    @Option(names = "--reason", paramLabel = "REASON",
            description = "Only this reason: bad_record, retries_exhausted, unexpected_error, database_refused, "
                    + "unclassified.")
    String reason;

    @Option(names = "--request", paramLabel = "REQUEST-ID", description = "Only the dead letters of this request.")
    String requestId;

    /** @throws IllegalArgumentException naming the option that is wrong and what it accepts */
    DeadLetterSelection selection() {
        if (stage != null && !stageNames().contains(stage)) {
            throw new IllegalArgumentException("unknown stage '" + stage + "'; one of " + String.join(", ",
                    stageNames()));
        }
        if (reason != null) {
            DeadLetterReason.fromWire(reason);
        }
        if (requestId != null && (requestId.isBlank() || requestId.length() > 200
                || requestId.chars().anyMatch(Character::isWhitespace))) {
            throw new IllegalArgumentException("--request must be a request id without spaces");
        }
        return new DeadLetterSelection(stage, reason, requestId);
    }

    static List<String> stageNames() {
        List<String> names = new ArrayList<>();
        for (Stage s : Stage.values()) {
            names.add(s.agentName());
        }
        names.add("trace-sink");
        return names;
    }
}
