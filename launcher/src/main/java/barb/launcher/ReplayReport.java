package barb.launcher;

import barb.core.Json;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;

import java.io.PrintWriter;
import java.util.Objects;

/**
 * The report of {@code barb replay}, written as the requests finish: a block per request (verdict, route, latency
 * old and new, what differs), then the totals — as text for people, or as one JSON object for scripts whose
 * {@code requests} array is written element by element. Nothing of a request is kept once its block is written
 * except what the totals count ({@link ReplayTotals}).
 */
final class ReplayReport {
    private static final int QUESTION_CHARS = 70;
    /** Carriage return and "erase the line": a progress bar drawn on the same terminal does not run into a block. */
    private static final String CLEAR_LINE = "\r\u001b[2K";

    private final PrintWriter out;
    private final boolean json;
    private final ReplayTotals totals;
    private final String mode;
    private final int noiseRuns;
    private final boolean clearLine;
    private boolean started;

    /**
     * @param json      one JSON object instead of text
     * @param mode      shadow or into_chat
     * @param noiseRuns extra runs per request used to tell noise from change
     * @param clearLine start each text block by erasing the terminal line (where a progress bar is drawn)
     */
    ReplayReport(PrintWriter out, boolean json, String mode, int noiseRuns, boolean clearLine) {
        this.out = out;
        this.json = json;
        this.mode = mode;
        this.noiseRuns = noiseRuns;
        this.totals = new ReplayTotals(mode, noiseRuns);
        this.clearLine = clearLine && !json;
    }

    /** Writes one request's block (or JSON element) now and counts it. */
    void add(ReplayedRequest r) {
        totals.add(r);
        if (json) {
            out.print(started ? "," : header());
            out.print(Json.toString(json(r)));
        } else {
            out.print((clearLine ? CLEAR_LINE : "") + block(r));
        }
        started = true;
        out.flush();
    }

    /** Writes the totals (and closes the JSON object); the report is complete after this. */
    ReplayTotals finish(int replaysLeftOut) {
        if (json) {
            out.print(started ? "" : header());
            out.println("],\"total\":" + Json.toString(totals.json(replaysLeftOut)) + "}");
        } else {
            out.print((clearLine ? CLEAR_LINE : "") + "\n" + totals.text(replaysLeftOut) + "\n");
        }
        out.flush();
        return totals;
    }

    private String header() {
        ObjectNode head = Json.object();
        head.put("mode", mode);
        head.put("noise_runs", noiseRuns);
        String text = Json.toString(head);
        // the same object as the finished report, opened: {"mode":…,"noise_runs":…,"requests":[
        return text.substring(0, text.length() - 1) + ",\"requests\":[";
    }

    static String block(ReplayedRequest r) {
        StringBuilder out = new StringBuilder();
        RunComparison c = r.comparison();
        out.append(label(c.verdict())).append("  ").append(r.originalId()).append("  ").append(c.headline());
        if (r.question() != null) {
            out.append("  \"").append(shortened(r.question())).append('"');
        }
        out.append('\n');
        if (r.original() != null && r.current() != null && r.original().finished() && r.current().finished()) {
            String routes = Objects.equals(r.original().route(), r.current().route()) ? r.current().route()
                    : r.original().route() + " → " + r.current().route();
            out.append("      route ").append(routes).append(", latency ").append(r.original().durationMs())
                    .append(" ms → ").append(r.current().durationMs()).append(" ms, replay ")
                    .append(r.replayId()).append('\n');
        }
        if (!c.noisy().isEmpty()) {
            out.append("      noise (differs between current runs): ")
                    .append(String.join(", ", c.noisy().stream().map(RunComparison.Aspect::words).toList()))
                    .append('\n');
        }
        for (RunComparison.Difference d : c.differences()) {
            if (d.aspect() == RunComparison.Aspect.TEXT) {
                continue;
            }
            out.append("      ").append(d.aspect().words()).append("  ")
                    .append(d.path().isEmpty() ? "" : d.path() + ": ").append(d.was()).append(" → ").append(d.now())
                    .append('\n');
        }
        if (!c.textDiff().isEmpty()) {
            out.append("      text  ").append(c.textDiff()).append('\n');
        }
        return out.toString();
    }

    private static String label(RunComparison.Verdict v) {
        return switch (v) {
            case SAME -> "SAME     ";
            case CHANGED -> "CHANGED  ";
            default -> "MISSING  ";
        };
    }

    private static String shortened(String question) {
        String oneLine = question.replaceAll("\\s+", " ").strip();
        return oneLine.length() <= QUESTION_CHARS ? oneLine : oneLine.substring(0, QUESTION_CHARS - 1) + "…";
    }

    static ObjectNode json(ReplayedRequest r) {
        ObjectNode n = Json.object();
        RunComparison c = r.comparison();
        n.put("request_id", r.originalId());
        n.put("replay_request_id", r.replayId());
        n.put("chat_id", r.chatId());
        n.put("question", r.question());
        n.put("verdict", c.verdict().words());
        n.put("headline", c.headline());
        n.set("changed", Json.tree(c.changed().stream().map(RunComparison.Aspect::words).toList()));
        n.set("noisy", Json.tree(c.noisy().stream().map(RunComparison.Aspect::words).toList()));
        n.set("original", run(r.original()));
        n.set("replay", run(r.current()));
        ArrayNode diffs = n.putArray("differences");
        for (RunComparison.Difference d : c.differences()) {
            diffs.addObject().put("aspect", d.aspect().words()).put("path", d.path()).put("was", d.was())
                    .put("now", d.now());
        }
        n.put("text_diff", c.textDiff());
        return n;
    }

    private static ObjectNode run(RunRecord run) {
        if (run == null) {
            return null;
        }
        ObjectNode n = Json.object();
        n.put("request_id", run.requestId());
        n.put("finished", run.finished());
        n.put("route", run.route());
        n.put("duration_ms", run.durationMs());
        n.put("answer", run.answer());
        return n;
    }
}
