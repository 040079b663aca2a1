package barb.executor;

import barb.core.QueryResult;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The compact summary (seed 001) the text-writing agents see instead of the table: enough numbers to describe
 * the result (count, min/max/mean, first/last, best/worst), never the raw rows. Pure.
 */
final class ResultSummaries {
    private ResultSummaries() {
    }

    /**
     * @param rows      every row of the answer (before the row cap)
     * @param tableRows rows actually in the result's table
     */
    static QueryResult.Summary summarise(PlanCompiler.Checked p, List<Map<String, Object>> rows, int tableRows) {
        return switch (p.operation()) {
            case LIST -> list(p, rows, tableRows);
            case COUNT -> {
                Double count = number(rows.getFirst().get("count"));
                yield new QueryResult.Summary("scalar", tableRows, "count", count, Map.of("count", count), null,
                        null, null, null, null, null);
            }
            case AGGREGATE -> {
                Map<String, Object> row = rows.getFirst();
                Double value = number(row.get(p.valueName()));
                Map<String, Double> values = new LinkedHashMap<>();
                values.put(p.valueName(), value);
                values.put("count", number(row.get("count")));
                yield new QueryResult.Summary("scalar", tableRows, p.valueName(), value, values, null, null,
                        null, null, null, null);
            }
            case GROUP -> grouped(rows, tableRows, p.groupBy(), p.valueName());
            case FORMATION -> grouped(rows, tableRows, "hour", "count");
        };
    }

    private static QueryResult.Summary list(PlanCompiler.Checked p, List<Map<String, Object>> rows, int tableRows) {
        String key = p.metric() == null ? "close" : p.metric();
        Map<String, QueryResult.ColumnStats> stats = stats(rows, key);
        Map<String, Object> first = rows.isEmpty() ? null : pick(rows.getFirst(), key);
        Map<String, Object> last = rows.isEmpty() ? null : pick(rows.getLast(), key);
        Map<String, Object> best = p.metric() == null ? null : extreme(rows, key, true, true);
        Map<String, Object> worst = p.metric() == null ? null : extreme(rows, key, false, true);
        return new QueryResult.Summary("table", tableRows, null, null, null, null, stats, first, last, best, worst);
    }

    private static QueryResult.Summary grouped(List<Map<String, Object>> rows, int tableRows, String by,
                                               String valueName) {
        return new QueryResult.Summary("grouped", tableRows, valueName, null, null, by, stats(rows, valueName),
                null, null, extreme(rows, valueName, true, false), extreme(rows, valueName, false, false));
    }

    /** min/max/mean of one column over the rows that have it; empty when none do. */
    private static Map<String, QueryResult.ColumnStats> stats(List<Map<String, Object>> rows, String column) {
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

    /** The row with the highest (or lowest) value of {@code column}; the earliest such row on a tie. */
    private static Map<String, Object> extreme(List<Map<String, Object>> rows, String column, boolean highest,
                                               boolean dayOnly) {
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
        return dayOnly ? pick(found, column) : found;
    }

    private static Map<String, Object> pick(Map<String, Object> row, String column) {
        Map<String, Object> out = new LinkedHashMap<>();
        out.put("trade_date", row.get("trade_date"));
        out.put(column, row.get(column));
        return out;
    }

    private static Double number(Object value) {
        return value instanceof Number n ? n.doubleValue() : null;
    }
}
