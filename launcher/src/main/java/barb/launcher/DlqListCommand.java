package barb.launcher;

import barb.core.Json;
import barb.dlq.DeadLetter;
import barb.dlq.DeadLetterReadException;
import barb.dlq.DeadLetterReader;
import barb.dlq.DeadLetterSelection;
import com.fasterxml.jackson.databind.node.ArrayNode;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

import java.io.PrintWriter;
import java.util.List;
import java.util.concurrent.Callable;

/**
 * {@code barb dlq list}: the dead letters waiting for a re-drive or parked, oldest first, and how many were
 * discarded; {@code --discarded} lists those, {@code --all} everything still in the topic.
 */
@Command(name = "list", description = "List the dead letters: stage, reason, request id, age, attempts, state.")
final class DlqListCommand implements Callable<Integer> {
    @Spec
    CommandSpec spec;

    @Mixin
    DlqKafka kafka = new DlqKafka();

    @Mixin
    DlqFilter filter = new DlqFilter();

    @Option(names = "--all", description = "Also list the dead letters already re-driven or discarded.")
    boolean includeDealtWith;

    @Option(names = "--discarded", description = "List only the discarded dead letters, with why and by whom.")
    boolean onlyDiscarded;

    @Option(names = "--json", description = "Print a JSON array, one object per dead letter.")
    boolean json;

    @Override
    public Integer call() {
        PrintWriter out = spec.commandLine().getOut();
        PrintWriter err = spec.commandLine().getErr();
        RunningKafka found;
        DeadLetterSelection selection;
        try {
            if (includeDealtWith && onlyDiscarded) {
                throw new IllegalArgumentException("--all and --discarded do not go together: --all lists the "
                        + "discarded ones too");
            }
            selection = filter.selection();
            found = kafka.find();
        } catch (IllegalArgumentException e) {
            err.println("barb dlq list: " + e.getMessage());
            return 2;
        }
        List<DeadLetter> letters;
        long discarded;
        try (DeadLetterReader reader = new DeadLetterReader(found.bootstrap(), kafka.timeout(), false)) {
            var log = reader.read();
            List<DeadLetter> pool = onlyDiscarded ? log.discarded() : includeDealtWith ? log.all() : log.open();
            letters = pool.stream().filter(selection::matches).toList();
            discarded = log.discarded().stream().filter(selection::matches).count();
        } catch (DeadLetterReadException e) {
            err.println("barb dlq list: " + e.getMessage() + " — Kafka from " + found.origin());
            return 1;
        }
        long now = System.currentTimeMillis();
        if (json) {
            ArrayNode array = Json.MAPPER.createArrayNode();
            letters.forEach(d -> array.add(DlqView.summary(d, now)));
            out.println(Json.toString(array));
            out.flush();
            return 0;
        }
        if (letters.isEmpty()) {
            out.println((onlyDiscarded ? "no discarded dead letters" : "no dead letters")
                    + (selection.selectsAll() ? "" : " match")
                    + (!onlyDiscarded && discarded > 0
                    ? "; " + discarded + " discarded (barb dlq list --discarded)" : ""));
            out.flush();
            return 0;
        }
        out.print(DlqTable.render(letters, now));
        if (onlyDiscarded) {
            out.printf("%n%d discarded; barb dlq show OFFSET names where each one's audit copy is%n", discarded);
            out.flush();
            return 0;
        }
        long parked = letters.stream().filter(d -> d.state() == DeadLetter.State.PARKED).count();
        long waiting = letters.stream().filter(d -> d.state() == DeadLetter.State.WAITING).count();
        out.printf("%n%d waiting, %d parked%s%s%n", waiting, parked,
                parked > 0 ? " (parked: failed " + barb.core.DeadLetters.MAX_ATTEMPTS
                        + " times; redrive leaves them alone, discard retires them)" : "",
                discarded > 0 ? "; " + discarded + " discarded"
                        + (includeDealtWith ? "" : " (barb dlq list --discarded)") : "");
        out.flush();
        return 0;
    }
}
