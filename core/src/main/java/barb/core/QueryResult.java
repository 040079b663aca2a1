package barb.core;

import com.fasterxml.jackson.annotation.JsonCreator;

import java.util.List;
import java.util.Map;

/**
 * The executor's answer to one plan, in the shape of seed 001: a compact {@link Summary} for the agents that
 * write text, the full table for the user, and the source rows every aggregate was computed from.
 *
 * @param sourceRows     the rows that were counted or aggregated, at most {@link #SOURCE_ROW_CAP}
 * @param sourceRowCount how many there really were
 */
public record QueryResult(String planId, String operation, Summary summary, List<String> columns,
                          List<Map<String, Object>> table, List<Map<String, Object>> sourceRows, long sourceRowCount,
                          Metadata metadata) {

    public static final int SOURCE_ROW_CAP = 1000;

    /**
     * @param type   scalar | dict | table | grouped
     * @param rows   rows in {@link QueryResult#table()}
     * @param value  the number, for scalar results
     * @param values the numbers by name, for dict results
     * @param by     the grouping column, for grouped results
     * @param stats  min/max/mean of the key numeric columns
     * @param best   the group or row with the highest key value; worst the lowest
     * @param labels words that go with the numbers, e.g. {"strength": "weak", "outcome": "change_pct > 0"},
     *               and {"note": "no such days"} when nothing matched
     */
    public record Summary(String type, int rows, String valueName, Double value, Map<String, Double> values,
                          String by, Map<String, ColumnStats> stats, Map<String, Object> first,
                          Map<String, Object> last, Map<String, Object> best, Map<String, Object> worst,
                          Map<String, String> labels) {

        @JsonCreator
        public Summary {
        }

        public Summary(String type, int rows, String valueName, Double value, Map<String, Double> values,
                       String by, Map<String, ColumnStats> stats, Map<String, Object> first,
                       Map<String, Object> last, Map<String, Object> best, Map<String, Object> worst) {
            this(type, rows, valueName, value, values, by, stats, first, last, best, worst, null);
        }
    }

    public record ColumnStats(double min, double max, double mean) {
    }

    /**
     * @param dataSource "synthetic" or "imported": shown wherever the numbers are
     * @param sql        the statement that ran (parameters bound separately, listed in params); compare lists the
     *                   statement of every variant, separated by ";\n", and params then holds one list per variant
     */
    public record Metadata(String periodFrom, String periodTo, String session, String timeframe, long rowsScanned,
                           String dataSource, String sql, List<Object> params, long durationMs) {
    }
}
