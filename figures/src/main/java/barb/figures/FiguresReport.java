package barb.figures;

import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * Turns rows of the window store into figures per minute. Pure. A key can appear several times for one minute
 * (one row per store partition), so rows are added up first. Every minute of the range is reported, an empty one
 * with zeros, so a chart has no holes.
 */
public final class FiguresReport {
    private static final long MINUTE_MS = FiguresTopology.WINDOW.toMillis();

    private FiguresReport() {
    }

    /** The minutes from the one holding {@code fromMs} to the one holding {@code toMs}, oldest first. */
    public static List<MinuteFigures> minutes(List<WindowRow> rows, long fromMs, long toMs) {
        Map<Long, Map<String, Tally>> byMinute = new HashMap<>();
        for (WindowRow row : rows) {
            byMinute.computeIfAbsent(row.windowStartMs(), m -> new HashMap<>())
                    .merge(row.key(), row.tally(), Tally::plus);
        }
        List<MinuteFigures> out = new ArrayList<>();
        for (long minute = minuteOf(fromMs); minute <= minuteOf(toMs); minute += MINUTE_MS) {
            out.add(figures(minute, byMinute.getOrDefault(minute, Map.of())));
        }
        return out;
    }

    public static long minuteOf(long timeMs) {
        return Math.floorDiv(timeMs, MINUTE_MS) * MINUTE_MS;
    }

    private static MinuteFigures figures(long minute, Map<String, Tally> tallies) {
        long requests = count(tallies, FigureKeys.REQUESTS);
        long failed = count(tallies, FigureKeys.FAILED);
        long deadLetters = count(tallies, FigureKeys.DEAD_LETTERS);
        Map<String, Long> byRoute = new TreeMap<>();
        Map<String, StageFigures> stages = new TreeMap<>();
        for (Map.Entry<String, Tally> e : tallies.entrySet()) {
            String key = e.getKey();
            Tally tally = e.getValue();
            if (key.startsWith(FigureKeys.ROUTE_PREFIX)) {
                byRoute.put(key.substring(FigureKeys.ROUTE_PREFIX.length()), tally.count());
            } else if (key.startsWith(FigureKeys.STAGE_PREFIX) && tally.count() > 0) {
                stages.put(key.substring(FigureKeys.STAGE_PREFIX.length()),
                        new StageFigures(tally.count(), tally.percentileMs(50), tally.percentileMs(99)));
            }
        }
        long clarifications = byRoute.getOrDefault("clarify", 0L);
        return new MinuteFigures(Instant.ofEpochMilli(minute), requests, byRoute, failed,
                rate(failed, requests), rate(clarifications, requests), deadLetters, rate(deadLetters, requests),
                stages);
    }

    private static long count(Map<String, Tally> tallies, String key) {
        Tally t = tallies.get(key);
        return t == null ? 0 : t.count();
    }

    private static Double rate(long part, long requests) {
        return requests == 0 ? null : (double) part / requests;
    }
}
