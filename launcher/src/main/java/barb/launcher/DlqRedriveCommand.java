package barb.launcher;

import barb.core.Json;
import barb.dlq.DeadLetter;
import barb.dlq.DeadLetterReadException;
import barb.dlq.DeadLetterReader;
import barb.dlq.DeadLetterSelection;
import barb.dlq.Redriver;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

import java.io.PrintWriter;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.Callable;

/**
 * {@code barb dlq redrive}: re-publishes the selected dead letters to the topic each failed on. Parked ones (their
 * attempts used up) are reported and left alone, so running it again and again cannot loop a record that always
 * fails.
 */
@Command(name = "redrive", description = "Re-publish dead letters to the topic they failed on.")
final class DlqRedriveCommand implements Callable<Integer> {
    @Spec
    CommandSpec spec;

    @Mixin
    DlqKafka kafka = new DlqKafka();

    @Mixin
    DlqFilter filter = new DlqFilter();

    @Option(names = "--all", description = "Every waiting dead letter (without it, name a stage, reason or request).")
    boolean all;

    @Option(names = "--dry-run", description = "Show what would be re-driven; publish nothing.")
    boolean dryRun;

    @Option(names = "--deadline", paramLabel = "SECONDS",
            description = "Time a re-driven request has to finish, from now (default 60).")
    int deadlineSeconds = 60;

    @Option(names = "--json", description = "Print a JSON array: each dead letter with what happened to it.")
    boolean json;

    @Override
    public Integer call() {
        PrintWriter out = spec.commandLine().getOut();
        PrintWriter err = spec.commandLine().getErr();
        RunningKafka found;
        DeadLetterSelection selection;
        try {
            selection = filter.selection();
            if (selection.selectsAll() && !all) {
                throw new IllegalArgumentException("say which dead letters: --stage, --reason, --request, or --all");
            }
            if (deadlineSeconds < 1 || deadlineSeconds > 3600) {
                throw new IllegalArgumentException("--deadline must be between 1 and 3600 seconds");
            }
            found = kafka.find();
        } catch (IllegalArgumentException e) {
            err.println("barb dlq redrive: " + e.getMessage());
            return 2;
        }
        List<Redriver.Outcome> outcomes;
        try (DeadLetterReader reader = new DeadLetterReader(found.bootstrap(), kafka.timeout(), true);
             Redriver redriver = new Redriver(found.bootstrap(), kafka.timeout())) {
            List<DeadLetter> selected = reader.read().open().stream().filter(selection::matches).toList();
            outcomes = redriver.redrive(selected, dryRun, Duration.ofSeconds(deadlineSeconds));
        } catch (DeadLetterReadException e) {
            err.println("barb dlq redrive: " + e.getMessage() + " — Kafka from " + found.origin());
            return 1;
        }
        if (json) {
            ArrayNode array = Json.MAPPER.createArrayNode();
            long now = System.currentTimeMillis();
            for (Redriver.Outcome o : outcomes) {
                ObjectNode line = DlqView.summary(o.letter(), now);
                line.put("action", o.action().name());
                line.put("to", o.to());
                array.add(line);
            }
            out.println(Json.toString(array));
            out.flush();
            return 0;
        }
        if (outcomes.isEmpty()) {
            out.println("nothing to re-drive: no waiting or parked dead letter matches");
            out.flush();
            return 0;
        }
        for (Redriver.Outcome o : outcomes) {
            out.println(line(o));
        }
        out.printf("%n%d %s, %d parked (left alone)%n", count(outcomes, dryRun ? Redriver.Action.WOULD_REDRIVE
                : Redriver.Action.REDRIVEN), dryRun ? "would be re-driven (dry run)" : "re-driven",
                count(outcomes, Redriver.Action.PARKED));
        out.flush();
        return 0;
    }

    private static String line(Redriver.Outcome o) {
        DeadLetter d = o.letter();
        String what = d.offset() + " (request " + d.requestId() + ", " + d.stage() + ", " + d.reason() + ", attempt "
                + d.attempts() + " of " + d.maxAttempts() + ")";
        return switch (o.action()) {
            case REDRIVEN -> "re-driven  " + what + " -> " + o.to();
            case WOULD_REDRIVE -> "would re-drive  " + what + " -> " + o.to();
            case PARKED -> "parked     " + what + ": failed " + d.attempts() + " times, left in the dead-letter topic";
            case ALREADY_REDRIVEN -> "skipped    " + what + ": already re-driven to " + o.to();
            case DISCARDED -> "skipped    " + what + ": discarded by " + d.discarded().by() + " ("
                    + d.discarded().reason() + ")";
            case NO_TOPIC -> "skipped    " + what + ": the dead letter does not say which topic it failed on";
        };
    }

    private static long count(List<Redriver.Outcome> outcomes, Redriver.Action action) {
        return outcomes.stream().filter(o -> o.action() == action).count();
    }
}
