package barb.executor;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The table of operation gap_fill: one row per gap size, by abs(gap_pct), then the row of all gaps. Every size is
 * listed, an empty one with 0 days, so the table always reads the same way. Pure.
 */
final class GapFillTable {
    /**
     * A gap size: abs(gap_pct) from {@code fromPct} (inclusive) to {@code toPct} (exclusive; null = no upper end).
     */
    record Bucket(String label, double fromPct, Double toPct) {
    }

    static final List<Bucket> BUCKETS = List.of(
            new Bucket("0–0.25%", 0, 0.25),
            new Bucket("0.25–0.5%", 0.25, 0.5),
            new Bucket("0.5–1%", 0.5, 1.0),
            new Bucket("1%+", 1, null));

    static final String ALL = "all";

    static final List<String> COLUMNS = List.of("gap_size", "gap_from_pct", "gap_to_pct", "days", "filled",
            "filled_pct", "median_minutes", "mean_minutes");

    private GapFillTable() {
    }

    /**
     * @param byBucket rows {bucket, days, filled, filled_pct, median_minutes, mean_minutes} of the buckets that
     *                 have days (bucket = index into {@link #BUCKETS})
     * @param all      the one row of the same numbers over every gap day
     */
    static List<Map<String, Object>> rows(List<Map<String, Object>> byBucket, List<Map<String, Object>> all) {
        List<Map<String, Object>> out = new ArrayList<>();
        for (int i = 0; i < BUCKETS.size(); i++) {
            Bucket b = BUCKETS.get(i);
            Map<String, Object> found = null;
            for (Map<String, Object> row : byBucket) {
                if (((Number) row.get("bucket")).intValue() == i) {
                    found = row;
                }
            }
            out.add(row(b.label(), b.fromPct(), b.toPct(), found));
        }
        out.add(row(ALL, 0.0, null, all.isEmpty() ? null : all.getFirst()));
        return out;
    }

    private static Map<String, Object> row(String label, double from, Double to, Map<String, Object> numbers) {
        Map<String, Object> row = new LinkedHashMap<>();
        row.put("gap_size", label);
        row.put("gap_from_pct", from);
        row.put("gap_to_pct", to);
        long days = numbers == null || numbers.get("days") == null ? 0 : ((Number) numbers.get("days")).longValue();
        row.put("days", days);
        row.put("filled", days == 0 ? 0L : numbers.get("filled"));
        for (String column : List.of("filled_pct", "median_minutes", "mean_minutes")) {
            row.put(column, days == 0 ? null : numbers.get(column));
        }
        return row;
    }
}
