package barb.launcher;

import barb.core.Json;
import barb.core.Topics;
import barb.dlq.DeadLetter;
import barb.dlq.DeadLetterReadException;
import barb.dlq.DeadLetterReader;
import barb.dlq.DiscardAudit;
import barb.dlq.Discarder;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

import java.io.IOException;
import java.io.PrintWriter;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.Callable;
import java.util.function.Predicate;

/**
 * {@code barb dlq discard}: retires dead letters nobody will re-drive — parked ones, and waiting ones only when
 * asked. Each goes whole to an audit file first (headers, payload, who, why), then a marker in the dead-letter
 * topic makes {@code list} show it as discarded instead of parked. Nothing is deleted, and a named record that is
 * not there stops the command before anything is written.
 */
@Command(name = "discard",
        description = "Retire dead letters for good: an audit copy of each, then a marker; nothing is deleted.")
final class DlqDiscardCommand implements Callable<Integer> {
    static final String DEFAULT_AUDIT_FILE = "dlq-discarded.jsonl";

    @Spec
    CommandSpec spec;

    @Mixin
    DlqKafka kafka = new DlqKafka();

    @Parameters(arity = "1..*", paramLabel = "REQUEST-ID|TOPIC/PARTITION/OFFSET",
            description = "Dead letters to discard: a request id (all of its), or a record's place in the "
                    + "dead-letter topic (barb.dlq.v1/0/12) or where it failed.")
    List<String> ids = new ArrayList<>();

    @Option(names = "--reason", paramLabel = "TEXT", description = "Why (required; written to the audit and the marker).")
    String reason;

    @Option(names = "--by", paramLabel = "NAME", description = "Who discards (default: the user running the command).")
    String by;

    @Option(names = "--include-waiting",
            description = "Also discard dead letters still waiting for a re-drive (default: parked ones only).")
    boolean includeWaiting;

    @Option(names = "--audit-file", paramLabel = "FILE",
            description = "Where the audit copies are appended (default: " + DEFAULT_AUDIT_FILE + " in BARB_DATA_DIR).")
    Path auditFile;

    @Option(names = "--dry-run", description = "Show what would be discarded; write nothing.")
    boolean dryRun;

    @Option(names = "--json", description = "Print a JSON array: each dead letter with what happened to it.")
    boolean json;

    @Override
    public Integer call() {
        PrintWriter out = spec.commandLine().getOut();
        PrintWriter err = spec.commandLine().getErr();
        RunningKafka found;
        Discarder.Request request;
        Map<String, Predicate<DeadLetter>> wanted = new LinkedHashMap<>();
        Path audit;
        try {
            for (String id : ids) {
                wanted.put(id, DlqShowCommand.wanted(id));
            }
            request = new Discarder.Request(reason, by == null ? defaultOperator() : by, includeWaiting, dryRun);
            audit = auditFile != null ? auditFile
                    : LauncherConfig.fromEnv(kafka.env).dataDir().resolve(DEFAULT_AUDIT_FILE);
            found = kafka.find();
        } catch (IllegalArgumentException e) {
            err.println("barb dlq discard: " + e.getMessage());
            return 2;
        }
        List<Discarder.Outcome> outcomes;
        try (DeadLetterReader reader = new DeadLetterReader(found.bootstrap(), kafka.timeout(), true);
             Discarder discarder = new Discarder(found.bootstrap(), kafka.timeout())) {
            List<DeadLetter> all = reader.read().all();
            Map<Long, DeadLetter> selected = new TreeMap<>();
            for (Map.Entry<String, Predicate<DeadLetter>> w : wanted.entrySet()) {
                List<DeadLetter> matches = all.stream().filter(w.getValue()).toList();
                if (matches.isEmpty()) {
                    err.println("barb dlq discard: no dead letter for " + w.getKey() + " in " + Topics.DLQ
                            + "; nothing was discarded");
                    return 1;
                }
                matches.forEach(d -> selected.put(d.offset(), d));
            }
            outcomes = dryRun ? discarder.discard(List.copyOf(selected.values()), request, null)
                    : discardAudited(discarder, List.copyOf(selected.values()), request, audit);
        } catch (DeadLetterReadException e) {
            err.println("barb dlq discard: " + e.getMessage() + " — Kafka from " + found.origin()
                    + " (the audit lines written so far are in " + audit.toAbsolutePath() + ")");
            return 1;
        } catch (UncheckedIOException e) {
            err.println("barb dlq discard: " + e.getMessage());
            return 1;
        }
        print(out, outcomes, audit);
        return 0;
    }

    private static List<Discarder.Outcome> discardAudited(Discarder discarder, List<DeadLetter> letters,
                                                          Discarder.Request request, Path auditFile) {
        try (DiscardAudit audit = DiscardAudit.open(auditFile)) {
            return discarder.discard(letters, request, audit);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot use the audit file " + auditFile.toAbsolutePath() + " ("
                    + e.getMessage() + "); nothing more was discarded", e);
        }
    }

    private void print(PrintWriter out, List<Discarder.Outcome> outcomes, Path audit) {
        if (json) {
            ArrayNode array = Json.MAPPER.createArrayNode();
            long now = System.currentTimeMillis();
            for (Discarder.Outcome o : outcomes) {
                ObjectNode line = DlqView.summary(o.letter(), now);
                line.put("action", o.action().name());
                line.put("marker", o.marker());
                array.add(line);
            }
            out.println(Json.toString(array));
            out.flush();
            return;
        }
        for (Discarder.Outcome o : outcomes) {
            out.println(line(o));
        }
        long done = outcomes.stream().filter(o -> o.action() == Discarder.Action.DISCARDED).count();
        long would = outcomes.stream().filter(o -> o.action() == Discarder.Action.WOULD_DISCARD).count();
        long kept = outcomes.stream().filter(o -> o.action() == Discarder.Action.WAITING_KEPT).count();
        out.println();
        if (dryRun) {
            out.printf("%d would be discarded (dry run), %d waiting kept%n", would, kept);
        } else {
            out.printf("%d discarded, %d waiting kept%s%n", done, kept,
                    done > 0 ? "; audit copies in " + audit.toAbsolutePath() : "");
        }
        out.flush();
    }

    private static String line(Discarder.Outcome o) {
        DeadLetter d = o.letter();
        String what = d.offset() + " (request " + d.requestId() + ", " + d.stage() + ", " + d.reason() + ", attempt "
                + d.attempts() + " of " + d.maxAttempts() + ")";
        return switch (o.action()) {
            case DISCARDED -> "discarded  " + what + ", marker " + o.marker();
            case WOULD_DISCARD -> "would discard  " + what;
            case WAITING_KEPT -> "kept       " + what + ": still waiting for a re-drive (--include-waiting to discard)";
            case ALREADY_DISCARDED -> "skipped    " + what + ": already discarded by " + d.discarded().by();
            case ALREADY_REDRIVEN -> "skipped    " + what + ": already re-driven to " + d.redrivenTo();
        };
    }

    /** The user running the command, as the audit names them when --by is not given. */
    private String defaultOperator() {
        String user = kafka.env.get("USER");
        return user != null && !user.isBlank() ? user : System.getProperty("user.name");
    }
}
