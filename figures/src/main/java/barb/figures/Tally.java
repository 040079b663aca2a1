package barb.figures;

import java.util.Collections;
import java.util.Map;
import java.util.SortedMap;
import java.util.TreeMap;

/**
 * What one key saw in one minute: how many records, and for a stage how many steps took each (rounded) duration.
 *
 * @param durationsMs rounded duration in ms → how many steps took it; empty for keys that only count
 */
public record Tally(long count, SortedMap<Long, Long> durationsMs) {
    public static final Tally EMPTY = new Tally(0, new TreeMap<>());

    public Tally {
        durationsMs = Collections.unmodifiableSortedMap(new TreeMap<>(durationsMs == null ? Map.of() : durationsMs));
    }

    /** One more record, without a duration. */
    public Tally counted() {
        return new Tally(count + 1, durationsMs);
    }

    /** One more step that took {@code durationMs}. */
    public Tally timed(long durationMs) {
        TreeMap<Long, Long> next = new TreeMap<>(durationsMs);
        next.merge(DurationBuckets.round(durationMs), 1L, Long::sum);
        return new Tally(count + 1, next);
    }

    /** Both tallies together (the same key and minute read from several store partitions). */
    public Tally plus(Tally other) {
        TreeMap<Long, Long> merged = new TreeMap<>(durationsMs);
        other.durationsMs.forEach((ms, n) -> merged.merge(ms, n, Long::sum));
        return new Tally(count + other.count, merged);
    }

    /**
     * The nearest-rank percentile: the smallest duration that at least {@code percent} % of the steps took no
     * longer than; null without durations.
     */
    public Long percentileMs(double percent) {
        long total = 0;
        for (long n : durationsMs.values()) {
            total += n;
        }
        if (total == 0) {
            return null;
        }
        long rank = Math.max(1, (long) Math.ceil(percent / 100.0 * total));
        long seen = 0;
        for (Map.Entry<Long, Long> e : durationsMs.entrySet()) {
            seen += e.getValue();
            if (seen >= rank) {
                return e.getKey();
            }
        }
        return durationsMs.lastKey();
    }
}
