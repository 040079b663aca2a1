package barb.agents;

import barb.core.Plan;
import barb.core.QueryResult;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * Writes the presenter's answer for one executor result. Every number in the text is copied from the result
 * (value, table cells, best/worst, counts); the only other numbers are the question's own (years, N,
 * thresholds), written by {@link Wording}. Nothing is computed here that the result does not state.
 */
final class AnswerWriter {
    /** @param type no_data | single | inline | large_data (seed 000 §2.8) */
    record Answer(String text, String type, int rowCount, String title) {
    }

    static final int INLINE_ROWS = 5;
    static final int GROUP_TABLE_ROWS = 12;
    private static final List<String> DATE_COLUMNS = List.of("trade_date", "date", "trading_day", "day", "session_date",
            "timestamp");

    private AnswerWriter() {
    }

    static Answer write(QueryResult result, Plan plan, String lang) {
        String operation = result.operation() != null ? result.operation() : plan == null ? "" : plan.operation();
        QueryResult.Summary summary = result.summary();
        String summaryType = summary == null || summary.type() == null ? "" : summary.type();
        if ("formation".equals(operation)) {
            return formation(result, plan, lang);
        }
        if ("grouped".equals(summaryType) || "group".equals(operation)) {
            return grouped(result, plan, lang);
        }
        if ("scalar".equals(summaryType) || "dict".equals(summaryType) || "count".equals(operation)
                || "aggregate".equals(operation)) {
            return scalar(result, plan, lang);
        }
        return list(result, plan, lang);
    }

    private static Answer scalar(QueryResult result, Plan plan, String lang) {
        boolean ru = Wording.ru(lang);
        QueryResult.Summary s = result.summary();
        String heading = heading(plan, lang);
        String synthetic = synthetic(result, lang);
        if (s != null && s.value() == null && s.values() != null && !s.values().isEmpty()) {
            List<String> parts = new ArrayList<>();
            for (Map.Entry<String, Double> e : s.values().entrySet()) {
                parts.add(e.getKey() + " " + Numbers.format(e.getValue()));
            }
            return new Answer(heading + ": " + String.join(", ", parts) + synthetic + ".", "single", 1,
                    null);
        }
        if (s == null || s.value() == null) {
            return new Answer(heading + (ru ? ": результат пустой — данных за этот период нет" + synthetic + "."
                    : ": the result is empty — there is no data for this period" + synthetic + "."),
                    "no_data", 0, null);
        }
        String value = Numbers.format(s.value());
        if (plan != null && "count".equals(plan.operation()) || "count".equals(result.operation())) {
            return new Answer(heading + ": " + value + synthetic + ".", "single", 1, null);
        }
        String metric = plan == null ? null : plan.metric();
        StringBuilder text = new StringBuilder(heading).append(": ").append(value)
                .append(Wording.unit(metric, lang));
        if (result.sourceRowCount() > 0) {
            text.append(ru ? ", дней в расчёте: " : ", over ").append(result.sourceRowCount())
                    .append(ru ? "" : " trading days");
        }
        text.append(synthetic).append('.');
        return new Answer(text.toString(), "single", 1, null);
    }

    private static Answer list(QueryResult result, Plan plan, String lang) {
        boolean ru = Wording.ru(lang);
        List<Map<String, Object>> rows = rows(result);
        String heading = heading(plan, lang);
        String synthetic = synthetic(result, lang);
        int n = rows.size();
        if (n == 0) {
            return new Answer(heading + (ru ? ": подходящих дней нет" : ": no days matched") + synthetic + ".",
                    "no_data", 0, null);
        }
        List<String> columns = listColumns(result, plan, rows);
        if (n <= INLINE_ROWS) {
            String text = heading + synthetic + ":\n\n" + table(columns, rows);
            return new Answer(text, n == 1 ? "single" : "inline", n, null);
        }
        Map<String, Object> first = result.summary() != null && result.summary().first() != null
                ? result.summary().first() : rows.get(0);
        Map<String, Object> last = result.summary() != null && result.summary().last() != null
                ? result.summary().last() : rows.get(n - 1);
        String text = heading + (ru ? " — найдено дней: " : ": ") + n + (ru ? "" : " days") + synthetic + ". "
                + (ru ? "Первый в списке: " : "First in the list: ") + describeRow(first, columns)
                + (ru ? ", последний: " : ", last: ") + describeRow(last, columns)
                + (ru ? ". Полная таблица — в блоке данных." : ". The full table is in the data block.");
        return new Answer(text, "large_data", n, title(plan, lang));
    }

    private static Answer grouped(QueryResult result, Plan plan, String lang) {
        boolean ru = Wording.ru(lang);
        List<Map<String, Object>> rows = rows(result);
        String heading = heading(plan, lang);
        String synthetic = synthetic(result, lang);
        if (rows.isEmpty()) {
            return new Answer(heading + (ru ? ": данных нет" : ": no data") + synthetic + ".", "no_data", 0, null);
        }
        QueryResult.Summary s = result.summary();
        String by = s != null && s.by() != null ? s.by() : plan != null ? plan.groupBy() : null;
        if (by == null || !rows.get(0).containsKey(by)) {
            by = rows.get(0).keySet().iterator().next();
        }
        String valueColumn = valueColumn(rows.get(0), by, plan, s);
        Map<String, Object> best = s != null && s.best() != null && s.best().containsKey(valueColumn) ? s.best()
                : extremeRow(rows, valueColumn, true);
        Map<String, Object> worst = s != null && s.worst() != null && s.worst().containsKey(valueColumn) ? s.worst()
                : extremeRow(rows, valueColumn, false);
        String unit = Wording.unit(plan == null ? null : plan.metric(), lang);
        // weekday 1 and month 3 mean nothing to a reader: show the name column the executor adds beside them
        String label = rows.get(0).containsKey(by + "_name") ? by + "_name" : by;
        StringBuilder text = new StringBuilder(heading).append(synthetic).append(": ");
        if (best != null && worst != null) {
            text.append(ru ? "больше всего — " : "highest: ").append(groupName(best, by, label, lang))
                    .append(" (").append(Numbers.format(best.get(valueColumn))).append(unit).append(")")
                    .append(ru ? ", меньше всего — " : ", lowest: ").append(groupName(worst, by, label, lang))
                    .append(" (").append(Numbers.format(worst.get(valueColumn))).append(unit).append(").");
        } else {
            text.append(ru ? "групп: " : "groups: ").append(rows.size()).append('.');
        }
        if (rows.size() <= GROUP_TABLE_ROWS) {
            List<Map<String, Object>> shown = new ArrayList<>();
            for (Map<String, Object> row : rows) {
                Map<String, Object> copy = new LinkedHashMap<>(row);
                copy.put(label, groupName(row, by, label, lang));
                shown.add(copy);
            }
            text.append("\n\n").append(table(List.of(label, valueColumn), shown));
        }
        int n = rows.size();
        String type = n == 1 ? "single" : n <= INLINE_ROWS ? "inline" : "large_data";
        return new Answer(text.toString(), type, n, "large_data".equals(type) ? title(plan, lang) : null);
    }

    /** The group's name as the reader knows it; the executor's names are English, Russian gets its own. */
    private static String groupName(Map<String, Object> row, String by, String label, String lang) {
        Object name = row.get(label);
        if (name == null) {
            name = row.get(by);
        }
        String text = Numbers.format(name);
        return Wording.ru(lang) ? Wording.russianName(text) : text;
    }

    private static Answer formation(QueryResult result, Plan plan, String lang) {
        boolean ru = Wording.ru(lang);
        List<Map<String, Object>> rows = rows(result);
        String heading = heading(plan, lang);
        String synthetic = synthetic(result, lang);
        if (rows.isEmpty()) {
            return new Answer(heading + (ru ? ": данных нет" : ": no data") + synthetic + ".", "no_data", 0, null);
        }
        Map<String, Object> sample = rows.get(0);
        String hourColumn = column(sample, "hour");
        String shareColumn = column(sample, "pct", "percent", "share");
        String countColumn = column(sample, "days", "count", "frequency");
        QueryResult.Summary s = result.summary();
        Map<String, Object> peak = s != null && s.best() != null && hourColumn != null && s.best().containsKey(hourColumn)
                ? s.best()
                : extremeRow(rows, countColumn != null ? countColumn : shareColumn, true);
        if (peak == null || hourColumn == null) {
            return new Answer(heading + synthetic + (ru ? ": в результате нет разбивки по часам."
                    : ": the result has no breakdown by hour."), "no_data", 0, null);
        }
        StringBuilder text = new StringBuilder(heading).append(synthetic)
                .append(ru ? ": чаще всего в час, начинающийся в " : ": most often in the hour starting ")
                .append(hour(peak.get(hourColumn))).append(" ET");
        List<String> parts = new ArrayList<>();
        if (shareColumn != null && peak.get(shareColumn) instanceof Number share) {
            parts.add(percent(shareColumn, share.doubleValue()) + (ru ? " дней" : " of days"));
        }
        if (countColumn != null && peak.get(countColumn) != null) {
            parts.add((ru ? "дней: " : "days: ") + Numbers.format(peak.get(countColumn)));
        }
        if (!parts.isEmpty()) {
            text.append(" — ").append(String.join(", ", parts));
        }
        text.append('.');
        int n = rows.size();
        String type = n == 1 ? "single" : n <= INLINE_ROWS ? "inline" : "large_data";
        return new Answer(text.toString(), type, n, "large_data".equals(type) ? title(plan, lang) : null);
    }

    /** The share as a percentage: a *_pct column already is one; a share column holds a fraction. */
    private static String percent(String column, double value) {
        boolean fraction = column.contains("share") && value <= 1.0;
        return Numbers.format(fraction ? value * 100 : value) + "%";
    }

    private static String hour(Object value) {
        if (value instanceof Number n && n.doubleValue() == Math.floor(n.doubleValue())) {
            return String.format(Locale.ROOT, "%02d:00", n.intValue());
        }
        return Numbers.format(value);
    }

    private static String heading(Plan plan, String lang) {
        if (plan == null) {
            return Wording.ru(lang) ? "Результат" : "Result";
        }
        return Wording.capitalized(Wording.full(QuestionSpec.fromPlan(plan), lang));
    }

    private static String title(Plan plan, String lang) {
        return plan == null ? null : Wording.title(QuestionSpec.fromPlan(plan), lang);
    }

    static String synthetic(QueryResult result, String lang) {
        if (result.metadata() != null && "synthetic".equals(result.metadata().dataSource())) {
            return Wording.ru(lang) ? " (синтетические данные)" : " (synthetic data)";
        }
        return "";
    }

    private static List<Map<String, Object>> rows(QueryResult result) {
        return result.table() == null ? List.of() : result.table();
    }

    private static List<String> listColumns(QueryResult result, Plan plan, List<Map<String, Object>> rows) {
        List<String> available = result.columns() != null && !result.columns().isEmpty() ? result.columns()
                : new ArrayList<>(rows.get(0).keySet());
        List<String> chosen = new ArrayList<>();
        for (String d : DATE_COLUMNS) {
            if (available.contains(d)) {
                chosen.add(d);
                break;
            }
        }
        if (plan != null && plan.metric() != null && available.contains(plan.metric())) {
            chosen.add(plan.metric());
        }
        if (plan != null) {
            for (Plan.Condition c : plan.filters()) {
                if (!c.metric().equals("is_green") && available.contains(c.metric()) && !chosen.contains(c.metric())) {
                    chosen.add(c.metric());
                }
            }
        }
        if (chosen.size() < 2) {
            chosen = new ArrayList<>(available.subList(0, Math.min(4, available.size())));
        }
        return chosen;
    }

    private static String table(List<String> columns, List<Map<String, Object>> rows) {
        StringBuilder sb = new StringBuilder("| ").append(String.join(" | ", columns)).append(" |\n|");
        sb.append("---|".repeat(columns.size()));
        for (Map<String, Object> row : rows) {
            sb.append("\n|");
            for (String c : columns) {
                sb.append(' ').append(Numbers.format(row.get(c))).append(" |");
            }
        }
        return sb.toString();
    }

    private static String describeRow(Map<String, Object> row, List<String> columns) {
        Map<String, Object> shown = new LinkedHashMap<>();
        for (String c : columns) {
            if (row.containsKey(c)) {
                shown.put(c, row.get(c));
            }
        }
        if (shown.isEmpty()) {
            shown.putAll(row);
        }
        List<String> parts = new ArrayList<>();
        boolean firstValue = true;
        for (Map.Entry<String, Object> e : shown.entrySet()) {
            if (firstValue && DATE_COLUMNS.contains(e.getKey())) {
                parts.add(Numbers.format(e.getValue()));
            } else {
                parts.add(e.getKey() + " " + Numbers.format(e.getValue()));
            }
            firstValue = false;
        }
        if (parts.size() == 1) {
            return parts.get(0);
        }
        return parts.get(0) + " (" + String.join(", ", parts.subList(1, parts.size())) + ")";
    }

    private static String valueColumn(Map<String, Object> row, String by, Plan plan, QueryResult.Summary s) {
        if (plan != null && plan.metric() != null && row.containsKey(plan.metric())) {
            return plan.metric();
        }
        if (s != null && s.valueName() != null && row.containsKey(s.valueName())) {
            return s.valueName();
        }
        for (Map.Entry<String, Object> e : row.entrySet()) {
            if (!e.getKey().equals(by) && e.getValue() instanceof Number) {
                return e.getKey();
            }
        }
        return by;
    }

    private static String column(Map<String, Object> row, String... fragments) {
        for (String fragment : fragments) {
            for (String key : row.keySet()) {
                if (key.toLowerCase(Locale.ROOT).contains(fragment)) {
                    return key;
                }
            }
        }
        return null;
    }

    /** The row with the largest (or smallest) value in a column: picked from the result, not computed. */
    private static Map<String, Object> extremeRow(List<Map<String, Object>> rows, String column, boolean max) {
        if (column == null) {
            return null;
        }
        Map<String, Object> found = null;
        double foundValue = 0;
        for (Map<String, Object> row : rows) {
            if (row.get(column) instanceof Number n) {
                double v = n.doubleValue();
                if (found == null || (max ? v > foundValue : v < foundValue)) {
                    found = row;
                    foundValue = v;
                }
            }
        }
        return found;
    }
}
