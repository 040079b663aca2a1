package barb.executor;

import barb.core.Operation;
import barb.core.QueryResult;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The compact summary (seed 001) the text-writing agents see instead of the table: enough numbers to describe
 * the result (count, min/max/mean, first/last, best/worst), never the raw rows. Pure.
 */
final class ResultSummaries {
    static final String NO_SUCH_DAYS = "no such days";

    private ResultSummaries() {
    }

    /**
     * @param rows        every row of the answer (before the row cap)
     * @param tableRows   rows actually in the result's table
     * @param detail      the second answer statement's rows (distribution: the summary numbers), else empty
     * @param sourceCount how many session-days the answer was computed from
     */
    static QueryResult.Summary summarise(PlanChecker.Checked p, List<Map<String, Object>> rows, int tableRows,
                                         List<Map<String, Object>> detail, long sourceCount) {
        Map<String, String> labels = sourceCount == 0 ? Map.of("note", NO_SUCH_DAYS) : null;
        return switch (p.operation()) {
            case LIST, TOP_N -> list(p, rows, tableRows, labels);
            case COUNT -> {
                Double count = number(rows.getFirst().get("count"));
                yield new QueryResult.Summary("scalar", tableRows, "count", count, Map.of("count", count), null,
                        null, null, null, null, null, labels);
            }
            case AGGREGATE -> {
                Map<String, Object> row = rows.getFirst();
                Double value = number(row.get(p.valueName()));
                Map<String, Double> values = new LinkedHashMap<>();
                values.put(p.valueName(), value);
                values.put("count", number(row.get("count")));
                yield new QueryResult.Summary("scalar", tableRows, p.valueName(), value, values, null, null,
                        null, null, null, null, labels);
            }
            case GROUP -> grouped(rows, tableRows, p.groupBy(), p.valueName(), labels);
            case FORMATION -> grouped(rows, tableRows, PlanCompiler.formationLabel(p.bucket()), "count", labels);
            case DISTRIBUTION -> distribution(p, rows, tableRows, detail, labels);
            case PROBABILITY -> probability(p, rows, tableRows, labels);
            case CORRELATION -> correlation(p, rows, tableRows, labels);
            case STREAK -> streak(rows, tableRows);
            case AROUND -> {
                Map<String, String> words = with(labels, "metric", p.metric());
                yield new QueryResult.Summary("grouped", tableRows, "mean", null, null, "day",
                        stats(rows, "mean"), null, null, extreme(rows, "mean", true, List.of("day", "count", "mean")),
                        extreme(rows, "mean", false, List.of("day", "count", "mean")), words);
            }
            case COMPARE -> grouped(rows, tableRows, "variant", p.valueName(), labels);
            case GAP_FILL -> gapFill(rows, tableRows, labels);
            case SNAPSHOT -> throw new IllegalStateException("snapshot is summarised by snapshot()");
        };
    }

    private static QueryResult.Summary list(PlanChecker.Checked p, List<Map<String, Object>> rows, int tableRows,
                                            Map<String, String> labels) {
        String key = p.metric() == null ? "close" : p.metric();
        List<String> pick = new ArrayList<>(List.of("trade_date"));
        if (p.intraday()) {
            pick.add("bar_time");
        }
        if (p.calendar()) {
            pick.add(p.labelColumn());
        }
        if (p.groupBy() != null) {
            pick.add(List.of("year", "hour").contains(p.groupBy()) ? p.groupBy() : p.groupBy() + "_name");
        }
        pick.add(key);
        Map<String, QueryResult.ColumnStats> stats = stats(rows, key);
        Map<String, Object> first = rows.isEmpty() ? null : pick(rows.getFirst(), pick);
        Map<String, Object> last = rows.isEmpty() ? null : pick(rows.getLast(), pick);
        Map<String, Object> best = p.metric() == null ? null : extreme(rows, key, true, pick);
        Map<String, Object> worst = p.metric() == null ? null : extreme(rows, key, false, pick);
        return new QueryResult.Summary("table", tableRows, null, null, null, null, stats, first, last, best, worst,
                labels);
    }

    private static QueryResult.Summary grouped(List<Map<String, Object>> rows, int tableRows, String by,
                                               String valueName, Map<String, String> labels) {
        return new QueryResult.Summary("grouped", tableRows, valueName, null, null, by, stats(rows, valueName),
                null, null, extreme(rows, valueName, true, null), extreme(rows, valueName, false, null), labels);
    }

    private static QueryResult.Summary distribution(PlanChecker.Checked p, List<Map<String, Object>> bins,
                                                    int tableRows, List<Map<String, Object>> detail,
                                                    Map<String, String> labels) {
        Map<String, Double> values = new LinkedHashMap<>();
        if (!detail.isEmpty()) {
            detail.getFirst().forEach((k, v) -> values.put(k, number(v)));
        }
        Map<String, Object> peak = extreme(bins, "count", true, null);
        return new QueryResult.Summary("dict", tableRows, "mean", values.get("mean"), values, "bin", null, null,
                null, peak, null, with(labels, "metric", p.metric()));
    }

    private static QueryResult.Summary probability(PlanChecker.Checked p, List<Map<String, Object>> rows,
                                                   int tableRows, Map<String, String> labels) {
        Map<String, Double> values = new LinkedHashMap<>();
        rows.getFirst().forEach((k, v) -> values.put(k, number(v)));
        if (values.get("probability") == null) {
            values.put("probability", 0.0);
        }
        var o = p.outcome();
        Map<String, String> words = with(labels, "outcome", o.metric() + " " + o.op() + " " + plain(o.value()));
        words = with(words, "offset", p.offset() == 0 ? "same " + sameRow(p) : p.offset() + " " + p.rowName()
                + "(s) later");
        return new QueryResult.Summary("dict", tableRows, "probability", values.get("probability"), values, null,
                null, null, null, null, null, words);
    }

    private static QueryResult.Summary correlation(PlanChecker.Checked p, List<Map<String, Object>> rows,
                                                   int tableRows, Map<String, String> labels) {
        Map<String, Double> values = new LinkedHashMap<>();
        rows.getFirst().forEach((k, v) -> values.put(k, number(v)));
        Double r = values.get("correlation");
        Map<String, String> words = with(labels, "metric", p.metric());
        words = with(words, "metric2", p.metric2() + (p.offset() == 0 ? "" : " " + p.offset() + " day(s) later"));
        if (r != null) {
            double a = Math.abs(r);
            words = with(words, "strength", a < 0.2 ? "none" : a < 0.4 ? "weak" : a < 0.6 ? "moderate"
                    : a < 0.8 ? "strong" : "very strong");
            words = with(words, "direction", r > 0 ? "positive" : r < 0 ? "negative" : "none");
        } else if (labels == null) {
            words = with(words, "note", "fewer than 3 days with both values");
        }
        return new QueryResult.Summary("dict", tableRows, "correlation", r, values, null, null, null, null, null,
                null, words);
    }

    private static QueryResult.Summary streak(List<Map<String, Object>> rows, int tableRows) {
        Map<String, Double> values = new LinkedHashMap<>();
        long days = 0;
        long max = 0;
        for (Map<String, Object> row : rows) {
            long length = ((Number) row.get("length")).longValue();
            days += length;
            max = Math.max(max, length);
        }
        values.put("runs", (double) rows.size());
        values.put("max_length", (double) max);
        values.put("mean_length", rows.isEmpty() ? 0.0 : Numbers.round((double) days / rows.size()));
        values.put("days", (double) days);
        List<String> pick = List.of("start", "end", "length");
        // The days exist even when no run is long enough: say so rather than "no such days".
        Map<String, String> words = rows.isEmpty() ? Map.of("note", "no such runs") : null;
        return new QueryResult.Summary("table", tableRows, "length", null, values, null, stats(rows, "length"),
                rows.isEmpty() ? null : pick(rows.getFirst(), pick), rows.isEmpty() ? null : pick(rows.getLast(), pick),
                extreme(rows, "length", true, pick), extreme(rows, "length", false, pick), words);
    }

    private static String sameRow(PlanChecker.Checked p) {
        return p.calendar() ? p.rowName() : p.intraday() ? "bar" : "day";
    }

    /** gap_fill: the numbers of the "all" row (the last row of the table). */
    private static QueryResult.Summary gapFill(List<Map<String, Object>> rows, int tableRows,
                                               Map<String, String> labels) {
        Map<String, Object> all = rows.getLast();
        Map<String, Double> values = new LinkedHashMap<>();
        for (String column : List.of("days", "filled", "filled_pct", "median_minutes", "mean_minutes")) {
            values.put(column, number(all.get(column)));
        }
        Map<String, String> words = labels == null ? null : with(labels, "note", "no gap days");
        return new QueryResult.Summary("dict", tableRows, "filled_pct", values.get("filled_pct"), values,
                "gap_size", null, null, null, null, null, words);
    }

    /**
     * snapshot: the numbers of the first day's ETH row (the first row when there is none), with its date and
     * times as words, and the note on the days without trading.
     */
    static QueryResult.Summary snapshot(List<Map<String, Object>> rows, String note) {
        Map<String, Object> first = rows.stream().filter(r -> "ETH".equals(r.get("session"))).findFirst()
                .orElse(rows.isEmpty() ? null : rows.getFirst());
        Map<String, Double> values = new LinkedHashMap<>();
        Map<String, String> words = new LinkedHashMap<>();
        if (first != null) {
            first.forEach((k, v) -> {
                if (v instanceof Number n) {
                    values.put(k, n.doubleValue());
                } else if (v != null) {
                    words.put(k, v.toString());
                }
            });
        }
        if (rows.isEmpty()) {
            words.put("note", note == null ? NO_SUCH_DAYS : NO_SUCH_DAYS + "; " + note);
        } else if (note != null) {
            words.put("note", note);
        }
        return new QueryResult.Summary("dict", rows.size(), "close", values.get("close"), values, null, null,
                null, null, null, null, words);
    }

    private static Map<String, String> with(Map<String, String> labels, String key, String value) {
        Map<String, String> out = new LinkedHashMap<>();
        if (labels != null) {
            out.putAll(labels);
        }
        out.put(key, value);
        return out;
    }

    private static String plain(double value) {
        return value == Math.rint(value) && Math.abs(value) < 1e15 ? Long.toString((long) value)
                : Double.toString(value);
    }

    /** min/max/mean of one column over the rows that have it; empty when none do. */
    static Map<String, QueryResult.ColumnStats> stats(List<Map<String, Object>> rows, String column) {
        double min = Double.POSITIVE_INFINITY;
        double max = Double.NEGATIVE_INFINITY;
        double sum = 0;
        int n = 0;
        for (Map<String, Object> row : rows) {
            Double v = number(row.get(column));
            if (v == null) {
                continue;
            }
            min = Math.min(min, v);
            max = Math.max(max, v);
            sum += v;
            n++;
        }
        if (n == 0) {
            return Map.of();
        }
        return Map.of(column, new QueryResult.ColumnStats(Numbers.round(min), Numbers.round(max),
                Numbers.round(sum / n)));
    }

    /**
     * The row with the highest (or lowest) value of {@code column}; the earliest such row on a tie. With
     * {@code pick}, only those keys of it.
     */
    private static Map<String, Object> extreme(List<Map<String, Object>> rows, String column, boolean highest,
                                               List<String> pick) {
        Map<String, Object> found = null;
        Double foundValue = null;
        for (Map<String, Object> row : rows) {
            Double v = number(row.get(column));
            if (v == null) {
                continue;
            }
            if (foundValue == null || (highest ? v > foundValue : v < foundValue)) {
                found = row;
                foundValue = v;
            }
        }
        if (found == null) {
            return null;
        }
        return pick == null ? found : pick(found, pick);
    }

    private static Map<String, Object> pick(Map<String, Object> row, List<String> keys) {
        Map<String, Object> out = new LinkedHashMap<>();
        for (String k : keys) {
            if (row.containsKey(k)) {
                out.put(k, row.get(k));
            }
        }
        return out;
    }

    private static Double number(Object value) {
        return value instanceof Number n ? n.doubleValue() : null;
    }
}
