package barb.launcher;

import barb.core.Json;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;

import java.util.ArrayList;
import java.util.Collections;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * The report of {@code barb replay}: a block per request (verdict, route, latency old and new, what differs) and
 * the totals, as text for people and as JSON for scripts.
 *
 * @param requests        every selected request, those not found included
 * @param replaysLeftOut  earlier replays that fell in the selected chat, user or time range and were not replayed
 * @param mode            shadow or into_chat
 * @param noiseRuns       extra runs per request used to tell noise from change
 */
record ReplayReport(List<ReplayedRequest> requests, int replaysLeftOut, String mode, int noiseRuns) {
    private static final int QUESTION_CHARS = 70;

    ReplayReport {
        requests = List.copyOf(requests);
    }

    int count(RunComparison.Verdict verdict) {
        return (int) requests.stream().filter(r -> r.comparison().verdict() == verdict).count();
    }

    /** True when a release check should fail: a change, or a replay that gave no answer. */
    boolean anyChangeOrMissingAnswer() {
        return count(RunComparison.Verdict.CHANGED) > 0 || count(RunComparison.Verdict.NO_ANSWER) > 0;
    }

    String text() {
        StringBuilder out = new StringBuilder();
        for (ReplayedRequest r : requests) {
            block(r, out);
        }
        out.append('\n').append(totals()).append('\n');
        return out.toString();
    }

    private static void block(ReplayedRequest r, StringBuilder out) {
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

    /** "12 requests (shadow): 9 same (1 wording differs), 2 changed (plan 1, numbers 2), …" and the latency line. */
    String totals() {
        List<String> parts = new ArrayList<>();
        int wording = (int) requests.stream().filter(r -> r.comparison().wordingDiffers()).count();
        parts.add(count(RunComparison.Verdict.SAME) + " same" + (wording > 0 ? " (" + wording + " wording differs)" : ""));
        Map<RunComparison.Aspect, Integer> byAspect = new EnumMap<>(RunComparison.Aspect.class);
        for (ReplayedRequest r : requests) {
            r.comparison().changed().forEach(a -> byAspect.merge(a, 1, Integer::sum));
        }
        String aspects = String.join(", ", byAspect.entrySet().stream()
                .map(e -> e.getKey().words() + " " + e.getValue()).toList());
        parts.add(count(RunComparison.Verdict.CHANGED) + " changed" + (aspects.isEmpty() ? "" : " (" + aspects + ")"));
        for (RunComparison.Verdict v : List.of(RunComparison.Verdict.NO_ORIGINAL, RunComparison.Verdict.NO_ANSWER,
                RunComparison.Verdict.NOT_FOUND)) {
            parts.add(count(v) + " " + v.words());
        }
        StringBuilder out = new StringBuilder();
        out.append("Total: ").append(requests.size()).append(" requests (").append(mode);
        if (noiseRuns > 0) {
            out.append(", ").append(noiseRuns).append(" noise run").append(noiseRuns == 1 ? "" : "s").append(" each");
        }
        out.append("): ").append(String.join(", ", parts)).append('\n');
        List<Long> was = new ArrayList<>();
        List<Long> now = new ArrayList<>();
        for (ReplayedRequest r : requests) {
            if (r.original() != null && r.original().finished() && r.current() != null && r.current().finished()) {
                was.add(r.original().durationMs());
                now.add(r.current().durationMs());
            }
        }
        if (!was.isEmpty()) {
            out.append("Latency: p50 ").append(percentile(was, 50)).append(" ms → ").append(percentile(now, 50))
                    .append(" ms, p95 ").append(percentile(was, 95)).append(" ms → ").append(percentile(now, 95))
                    .append(" ms (").append(was.size()).append(" requests answered both times)\n");
        }
        if (replaysLeftOut > 0) {
            out.append(replaysLeftOut).append(" earlier replay").append(replaysLeftOut == 1 ? " was" : "s were")
                    .append(" in the selection and left out (name one with --request to replay it)\n");
        }
        return out.toString().stripTrailing();
    }

    /** Nearest-rank percentile; -1 for no values. */
    static long percentile(List<Long> values, int p) {
        if (values.isEmpty()) {
            return -1;
        }
        List<Long> sorted = new ArrayList<>(values);
        Collections.sort(sorted);
        int index = (int) Math.ceil(p / 100.0 * sorted.size()) - 1;
        return sorted.get(Math.max(0, Math.min(sorted.size() - 1, index)));
    }

    ObjectNode json() {
        ObjectNode root = Json.object();
        root.put("mode", mode);
        root.put("noise_runs", noiseRuns);
        ArrayNode list = root.putArray("requests");
        for (ReplayedRequest r : requests) {
            ObjectNode n = list.addObject();
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
        }
        ObjectNode total = root.putObject("total");
        total.put("requests", requests.size());
        for (RunComparison.Verdict v : RunComparison.Verdict.values()) {
            total.put(v.name().toLowerCase(java.util.Locale.ROOT), count(v));
        }
        total.put("wording_differs", requests.stream().filter(r -> r.comparison().wordingDiffers()).count());
        total.put("replays_left_out", replaysLeftOut);
        return root;
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
