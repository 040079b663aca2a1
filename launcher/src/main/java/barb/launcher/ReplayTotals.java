package barb.launcher;

import barb.core.Json;
import com.fasterxml.jackson.databind.node.ObjectNode;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.EnumMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * The totals of a replay, added up request by request as they finish, so the report needs none of the requests
 * kept: counts per verdict and per changed aspect, and the latencies old and new (two longs a request) for the
 * percentiles.
 */
final class ReplayTotals {
    private final String mode;
    private final int noiseRuns;
    private final Map<RunComparison.Verdict, Integer> verdicts = new EnumMap<>(RunComparison.Verdict.class);
    private final Map<RunComparison.Aspect, Integer> aspects = new EnumMap<>(RunComparison.Aspect.class);
    private int requests;
    private int wordingDiffers;
    private long[] latencyWas = new long[64];
    private long[] latencyNow = new long[64];
    private int answeredBoth;

    /**
     * @param mode      shadow or into_chat
     * @param noiseRuns extra runs per request used to tell noise from change
     */
    ReplayTotals(String mode, int noiseRuns) {
        this.mode = mode;
        this.noiseRuns = noiseRuns;
    }

    void add(ReplayedRequest r) {
        requests++;
        RunComparison c = r.comparison();
        verdicts.merge(c.verdict(), 1, Integer::sum);
        if (c.wordingDiffers()) {
            wordingDiffers++;
        }
        c.changed().forEach(a -> aspects.merge(a, 1, Integer::sum));
        if (r.original() != null && r.original().finished() && r.current() != null && r.current().finished()) {
            if (answeredBoth == latencyWas.length) {
                latencyWas = Arrays.copyOf(latencyWas, answeredBoth * 2);
                latencyNow = Arrays.copyOf(latencyNow, answeredBoth * 2);
            }
            latencyWas[answeredBoth] = r.original().durationMs();
            latencyNow[answeredBoth] = r.current().durationMs();
            answeredBoth++;
        }
    }

    int requests() {
        return requests;
    }

    int count(RunComparison.Verdict verdict) {
        return verdicts.getOrDefault(verdict, 0);
    }

    /** True when a release check should fail: a change, or a replay that gave no answer. */
    boolean anyChangeOrMissingAnswer() {
        return count(RunComparison.Verdict.CHANGED) > 0 || count(RunComparison.Verdict.NO_ANSWER) > 0;
    }

    /**
     * "Total: 12 requests (shadow): 9 same (1 wording differs), 2 changed (plan 1, numbers 2), …", the latency
     * line, and the replays left out of the selection.
     */
    String text(int replaysLeftOut) {
        List<String> parts = new ArrayList<>();
        parts.add(count(RunComparison.Verdict.SAME) + " same"
                + (wordingDiffers > 0 ? " (" + wordingDiffers + " wording differs)" : ""));
        String changedAspects = String.join(", ", aspects.entrySet().stream()
                .map(e -> e.getKey().words() + " " + e.getValue()).toList());
        parts.add(count(RunComparison.Verdict.CHANGED) + " changed"
                + (changedAspects.isEmpty() ? "" : " (" + changedAspects + ")"));
        for (RunComparison.Verdict v : List.of(RunComparison.Verdict.NO_ORIGINAL, RunComparison.Verdict.NO_ANSWER,
                RunComparison.Verdict.NOT_FOUND)) {
            parts.add(count(v) + " " + v.words());
        }
        StringBuilder out = new StringBuilder();
        out.append("Total: ").append(requests).append(" requests (").append(mode);
        if (noiseRuns > 0) {
            out.append(", ").append(noiseRuns).append(" noise run").append(noiseRuns == 1 ? "" : "s").append(" each");
        }
        out.append("): ").append(String.join(", ", parts)).append('\n');
        if (answeredBoth > 0) {
            long[] was = Arrays.copyOf(latencyWas, answeredBoth);
            long[] now = Arrays.copyOf(latencyNow, answeredBoth);
            out.append("Latency: p50 ").append(percentile(was, 50)).append(" ms → ").append(percentile(now, 50))
                    .append(" ms, p95 ").append(percentile(was, 95)).append(" ms → ").append(percentile(now, 95))
                    .append(" ms (").append(answeredBoth).append(" requests answered both times)\n");
        }
        if (replaysLeftOut > 0) {
            out.append(replaysLeftOut).append(" earlier replay").append(replaysLeftOut == 1 ? " was" : "s were")
                    .append(" in the selection and left out (name one with --request to replay it)\n");
        }
        return out.toString().stripTrailing();
    }

    /** The "total" object of the JSON report. */
    ObjectNode json(int replaysLeftOut) {
        ObjectNode total = Json.object();
        total.put("requests", requests);
        for (RunComparison.Verdict v : RunComparison.Verdict.values()) {
            total.put(v.name().toLowerCase(Locale.ROOT), count(v));
        }
        total.put("wording_differs", wordingDiffers);
        total.put("replays_left_out", replaysLeftOut);
        return total;
    }

    /** Nearest-rank percentile; -1 for no values. Sorts {@code values}. */
    static long percentile(long[] values, int p) {
        if (values.length == 0) {
            return -1;
        }
        Arrays.sort(values);
        int index = (int) Math.ceil(p / 100.0 * values.length) - 1;
        return values[Math.max(0, Math.min(values.length - 1, index))];
    }
}
