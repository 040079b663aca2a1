package barb.launcher;

import barb.core.Json;
import barb.core.Topics;
import barb.dlq.DeadLetter;
import barb.dlq.DeadLetterReadException;
import barb.dlq.DeadLetterReader;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import java.util.function.Predicate;

/**
 * {@code barb dlq show}: whole dead letters — headers, error, attempts and the payload pretty-printed — named by
 * request id (every dead letter of the request, re-driven ones included), by their place in the dead-letter topic
 * ({@code barb.dlq.v1/0/OFFSET}) or by the place they failed on ({@code barb.stage.parser.v1/2/345}).
 */
@Command(name = "show", description = "Show whole dead letters: headers, error, attempts, payload.")
final class DlqShowCommand implements Callable<Integer> {
    @Spec
    CommandSpec spec;

    @Mixin
    DlqKafka kafka = new DlqKafka();

    @Parameters(paramLabel = "REQUEST-ID|TOPIC/PARTITION/OFFSET",
            description = "A request id, or a record's place: in the dead-letter topic or where it failed.")
    String id;

    @Option(names = "--json", description = "Print a JSON array of the whole dead letters.")
    boolean json;

    @Override
    public Integer call() {
        PrintWriter out = spec.commandLine().getOut();
        PrintWriter err = spec.commandLine().getErr();
        RunningKafka found;
        Predicate<DeadLetter> wanted;
        try {
            wanted = wanted(id);
            found = kafka.find();
        } catch (IllegalArgumentException e) {
            err.println("barb dlq show: " + e.getMessage());
            return 2;
        }
        List<DeadLetter> letters;
        try (DeadLetterReader reader = new DeadLetterReader(found.bootstrap(), kafka.timeout(), true)) {
            letters = reader.read().all().stream().filter(wanted).toList();
        } catch (DeadLetterReadException e) {
            err.println("barb dlq show: " + e.getMessage() + " — Kafka from " + found.origin());
            return 1;
        }
        if (letters.isEmpty()) {
            err.println("barb dlq show: no dead letter for " + id + " in " + Topics.DLQ);
            return 1;
        }
        long now = System.currentTimeMillis();
        if (json) {
            ArrayNode array = Json.MAPPER.createArrayNode();
            letters.forEach(d -> array.add(DlqView.whole(d, now)));
            out.println(Json.toString(array));
        } else {
            for (DeadLetter d : letters) {
                out.print(text(d, now));
            }
        }
        out.flush();
        return 0;
    }

    /** @throws IllegalArgumentException when a place is not topic/partition/offset with numbers */
    static Predicate<DeadLetter> wanted(String id) {
        if (id == null || id.isBlank() || id.chars().anyMatch(Character::isWhitespace)) {
            throw new IllegalArgumentException("give a request id or TOPIC/PARTITION/OFFSET, without spaces");
        }
        if (!id.contains("/")) {
            return d -> id.equals(d.requestId());
        }
        String[] parts = id.split("/", -1);
        if (parts.length != 3 || parts[0].isEmpty()) {
            throw new IllegalArgumentException("'" + id + "' is not TOPIC/PARTITION/OFFSET");
        }
        int partition;
        long offset;
        try {
            partition = Integer.parseInt(parts[1]);
            offset = Long.parseLong(parts[2]);
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException("'" + id + "': the partition and the offset must be numbers");
        }
        if (partition < 0 || offset < 0) {
            throw new IllegalArgumentException("'" + id + "': the partition and the offset cannot be negative");
        }
        String topic = parts[0];
        if (topic.equals(Topics.DLQ)) {
            return d -> partition == 0 && d.offset() == offset;
        }
        return d -> topic.equals(d.topic()) && d.partition() == partition && d.sourceOffset() == offset;
    }

    private static String text(DeadLetter d, long now) {
        StringBuilder sb = new StringBuilder();
        sb.append("dead letter ").append(Topics.DLQ).append("/0/").append(d.offset()).append("  ")
                .append(DlqTable.state(d)).append('\n');
        line(sb, "request", d.requestId());
        line(sb, "stage", d.stage());
        line(sb, "reason", d.reason());
        line(sb, "error", d.error());
        line(sb, "message", d.message());
        line(sb, "failed on", d.source());
        line(sb, "attempts", d.attempts() + " of " + d.maxAttempts());
        if (d.discarded() != null) {
            line(sb, "discarded", Instant.ofEpochMilli(d.discarded().atMs()) + " by " + d.discarded().by());
            line(sb, "because", d.discarded().reason());
            line(sb, "audit copy", d.discarded().audit());
        }
        line(sb, "first failed", Instant.ofEpochMilli(d.firstFailureMs()) + "");
        line(sb, "last failed", Instant.ofEpochMilli(d.lastFailureMs()) + " ("
                + LagTable.duration(d.ageMs(now) / 1000.0) + " ago)");
        sb.append("headers\n");
        for (Map.Entry<String, String> h : d.headers().entrySet()) {
            sb.append("  ").append(h.getKey()).append(": ").append(h.getValue()).append('\n');
        }
        sb.append("payload\n");
        JsonNode payload = DlqView.payloadJson(d.payload());
        String body = payload != null ? payload.toPrettyString()
                : "(not JSON, " + d.payload().length + " bytes) " + new String(d.payload(), StandardCharsets.UTF_8);
        for (String l : body.split("\n")) {
            sb.append("  ").append(l).append('\n');
        }
        sb.append('\n');
        return sb.toString();
    }

    private static void line(StringBuilder sb, String name, String value) {
        sb.append(String.format("  %-13s%s%n", name, value == null ? "-" : value));
    }
}
