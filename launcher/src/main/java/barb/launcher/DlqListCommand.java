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

/** {@code barb dlq list}: the dead letters waiting for a re-drive or parked, oldest first. */
@Command(name = "list", description = "List the dead letters: stage, reason, request id, age, attempts, state.")
final class DlqListCommand implements Callable<Integer> {
    @Spec
    CommandSpec spec;

    @Mixin
    DlqKafka kafka = new DlqKafka();

    @Mixin
    DlqFilter filter = new DlqFilter();

    @Option(names = "--all", description = "Also list the dead letters already re-driven.")
    boolean includeRedriven;

    @Option(names = "--json", description = "Print a JSON array, one object per dead letter.")
    boolean json;

    @Override
    public Integer call() {
        PrintWriter out = spec.commandLine().getOut();
        PrintWriter err = spec.commandLine().getErr();
        RunningKafka found;
        DeadLetterSelection selection;
        try {
            selection = filter.selection();
            found = kafka.find();
        } catch (IllegalArgumentException e) {
            err.println("barb dlq list: " + e.getMessage());
            return 2;
        }
        List<DeadLetter> letters;
        try (DeadLetterReader reader = new DeadLetterReader(found.bootstrap(), kafka.timeout(), false)) {
            var log = reader.read();
            letters = (includeRedriven ? log.all() : log.open()).stream().filter(selection::matches).toList();
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
            out.println("no dead letters" + (selection.selectsAll() ? "" : " match"));
            out.flush();
            return 0;
        }
        out.print(DlqTable.render(letters, now));
        long parked = letters.stream().filter(d -> d.state() == DeadLetter.State.PARKED).count();
        long waiting = letters.stream().filter(d -> d.state() == DeadLetter.State.WAITING).count();
        out.printf("%n%d waiting, %d parked%s%n", waiting, parked,
                parked > 0 ? " (parked: failed " + barb.core.DeadLetters.MAX_ATTEMPTS
                        + " times; redrive leaves them alone)" : "");
        out.flush();
        return 0;
    }
}
