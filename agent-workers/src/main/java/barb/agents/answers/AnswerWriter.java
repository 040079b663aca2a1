package barb.agents.answers;

import barb.core.Operation;
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
public final class AnswerWriter {
    /** @param type no_data | single | inline | large_data (seed 000 §2.8) */
    public record Answer(String text, String type, int rowCount, String title) {
    }

    public static final int INLINE_ROWS = 5;
    static final int GROUP_TABLE_ROWS = 12;
    private static final List<String> DATE_COLUMNS = List.of("trade_date", "date", "trading_day", "day", "session_date",
            "timestamp");

    private AnswerWriter() {
    }

    public static Answer write(QueryResult result, Plan plan, String lang) {
        Operation operation = Operation.parse(result.operation() != null ? result.operation()
                : plan == null ? null : plan.operation()).orElse(null);
        QueryResult.Summary summary = result.summary();
        String summaryType = summary == null || summary.type() == null ? "" : summary.type();
        switch (operation) {
            case DISTRIBUTION -> {
                return distribution(result, plan, lang);
            }
            case PROBABILITY -> {
                return probability(result, plan, lang);
            }
            case STREAK -> {
                return streak(result, plan, lang);
            }
            case CORRELATION -> {
                return correlation(result, plan, lang);
            }
            case AROUND -> {
                return around(result, plan, lang);
            }
            case COMPARE -> {
                return compare(result, plan, lang);
            }
            case TOP_N, LIST -> {
                return list(result, plan, lang);
            }
            case null, default -> {
            }
        }
        if (noSuchDays(result)) {
            return operation == Operation.COUNT ? emptyCount(result, plan, lang) : empty(result, plan, lang);
        }
        if (operation == Operation.FORMATION) {
            return formation(result, plan, lang);
        }
        if ("grouped".equals(summaryType) || operation == Operation.GROUP) {
            return grouped(result, plan, lang);
        }
        if ("scalar".equals(summaryType) || "dict".equals(summaryType) || operation == Operation.COUNT
                || operation == Operation.AGGREGATE) {
            return scalar(result, plan, lang);
        }
        return list(result, plan, lang);
    }

    /** The executor's word for "nothing matched" (summary.labels.note). */
    private static boolean noSuchDays(QueryResult result) {
        QueryResult.Summary s = result.summary();
        return s != null && s.labels() != null && NO_SUCH_DAYS.equals(s.labels().get("note"));
    }

    private static final String NO_SUCH_DAYS = "no such days";

    private static Answer empty(QueryResult result, Plan plan, String lang) {
        boolean ru = Wording.ru(lang);
        return new Answer(heading(plan, lang) + (ru ? ": таких дней нет" : ": no such days")
                + synthetic(result, lang) + ".", "no_data", 0, null);
    }

    private static Answer emptyCount(QueryResult result, Plan plan, String lang) {
        boolean ru = Wording.ru(lang);
        return new Answer(heading(plan, lang) + ": 0" + (ru ? " — таких дней нет" : " — no such days")
                + synthetic(result, lang) + ".", "no_data", 0, null);
    }

    private static Map<String, Double> values(QueryResult result) {
        QueryResult.Summary s = result.summary();
        return s == null || s.values() == null ? Map.of() : s.values();
    }

    private static String labelOf(QueryResult result, String key) {
        QueryResult.Summary s = result.summary();
        return s == null || s.labels() == null ? null : s.labels().get(key);
    }

    /** count, mean, median, std, the percentiles, min and max, the fullest bin; the histogram stays in the block. */
    private static Answer distribution(QueryResult result, Plan plan, String lang) {
        boolean ru = Wording.ru(lang);
        Map<String, Double> v = values(result);
        Double count = v.get("count");
        if (noSuchDays(result) || count == null || count == 0) {
            return empty(result, plan, lang);
        }
        String metric = plan != null && plan.metric() != null ? plan.metric() : labelOf(result, "metric");
        String u = Wording.unit(metric, lang);
        StringBuilder text = new StringBuilder(heading(plan, lang)).append(synthetic(result, lang)).append(": ");
        text.append(ru ? "дней — " + Numbers.format(count) : Numbers.format(count) + " days");
        List<String> centre = new ArrayList<>();
        addValue(centre, ru ? "среднее" : "mean", v.get("mean"), u);
        addValue(centre, ru ? "медиана" : "median", v.get("median"), u);
        addValue(centre, ru ? "ст. отклонение" : "std", v.get("std"), u);
        if (!centre.isEmpty()) {
            text.append("; ").append(String.join(", ", centre));
        }
        List<String> percentiles = new ArrayList<>();
        for (Map.Entry<String, Double> e : v.entrySet()) {
            if (e.getKey().matches("p\\d+(_\\d+)?") && !e.getKey().equals("p50")) {
                addValue(percentiles, e.getKey().replace('_', '.'), e.getValue(), u);
            }
        }
        if (!percentiles.isEmpty()) {
            text.append("; ").append(String.join(", ", percentiles));
        }
        List<String> ends = new ArrayList<>();
        addValue(ends, ru ? "мин." : "min", v.get("min"), u);
        addValue(ends, ru ? "макс." : "max", v.get("max"), u);
        if (!ends.isEmpty()) {
            text.append("; ").append(String.join(", ", ends));
        }
        text.append('.');
        Map<String, Object> peak = result.summary().best();
        if (peak != null && peak.get("pct") != null && peak.get("bin_from") != null && peak.get("bin_to") != null) {
            text.append(ru ? " Чаще всего (" + Numbers.format(peak.get("pct")) + "% дней) — от "
                    : " Most often (" + Numbers.format(peak.get("pct")) + "% of days) between ")
                    .append(Numbers.format(peak.get("bin_from"))).append(ru ? " до " : " and ")
                    .append(Numbers.format(peak.get("bin_to"))).append(u).append('.');
        }
        int bins = rows(result).size();
        text.append(ru ? " Гистограмма (интервалов: " + bins + ") — в блоке данных."
                : " The histogram (" + bins + " bins) is in the data block.");
        return new Answer(text.toString(), "single", 1, null);
    }

    private static void addValue(List<String> parts, String name, Double value, String unit) {
        if (value != null) {
            parts.add(name + " " + Numbers.format(value) + unit);
        }
    }

    /** P(outcome | days) as a percentage with matches/total, and the period's base rate beside it. */
    private static Answer probability(QueryResult result, Plan plan, String lang) {
        boolean ru = Wording.ru(lang);
        Map<String, Double> v = values(result);
        Double total = v.get("total");
        if (total == null || total == 0) {
            return empty(result, plan, lang);
        }
        Double p = result.summary().value() != null ? result.summary().value() : v.get("probability");
        Double matches = v.get("matches");
        StringBuilder text = new StringBuilder(heading(plan, lang)).append(synthetic(result, lang)).append(": ")
                .append(Numbers.format(p)).append("% (").append(Numbers.format(matches))
                .append(ru ? " из " : " of ").append(Numbers.format(total)).append(ru ? " дней)." : " days).");
        Double base = v.get("base_probability");
        Double baseTotal = v.get("base_total");
        boolean sameDays = baseTotal != null && baseTotal.equals(total);
        if (base != null && baseTotal != null && !sameDays) {
            text.append(ru ? " Для сравнения, по всем дням периода (" + Numbers.format(baseTotal) + "): "
                            : " For comparison, over all " + Numbers.format(baseTotal) + " days of the period: ")
                    .append(Numbers.format(base)).append("%.");
        }
        return new Answer(text.toString(), "single", 1, null);
    }

    /** How many runs, the longest with its dates, the mean length; the runs themselves are in the data block. */
    private static Answer streak(QueryResult result, Plan plan, String lang) {
        boolean ru = Wording.ru(lang);
        Map<String, Double> v = values(result);
        Integer minLength = plan == null ? null : plan.minLength();
        String atLeast = minLength == null ? "" : ru ? " (не короче " + minLength + " дн.)"
                : " of at least " + minLength + " days";
        Double runs = v.get("runs");
        Map<String, Object> longest = result.summary() == null ? null : result.summary().best();
        if (runs == null || runs == 0 || longest == null) {
            return new Answer(heading(plan, lang) + synthetic(result, lang) + (ru ? ": серий" + atLeast + " нет."
                    : ": no runs" + atLeast + "."), "no_data", 0, null);
        }
        StringBuilder text = new StringBuilder(heading(plan, lang)).append(synthetic(result, lang)).append(": ");
        text.append(ru ? "серий" + atLeast + " — " + Numbers.format(runs)
                : Numbers.format(runs) + (runs == 1 ? " run" : " runs") + atLeast);
        text.append(ru ? "; самая длинная — " + Numbers.format(longest.get("length")) + " дн., с "
                        + Numbers.format(longest.get("start")) + " по " + Numbers.format(longest.get("end"))
                : "; the longest lasted " + Numbers.format(longest.get("length")) + " days, from "
                        + Numbers.format(longest.get("start")) + " to " + Numbers.format(longest.get("end")));
        if (v.get("mean_length") != null) {
            text.append(ru ? "; средняя длина — " + Numbers.format(v.get("mean_length")) + " дн."
                    : "; mean length " + Numbers.format(v.get("mean_length")) + " days");
        }
        text.append('.');
        int n = rows(result).size();
        if (n > 1) {
            text.append(ru ? " Все серии — в блоке данных." : " Every run is in the data block.");
        }
        String type = n == 1 ? "single" : n <= INLINE_ROWS ? "inline" : "large_data";
        return new Answer(text.toString(), type, n, "large_data".equals(type) ? title(plan, lang) : null);
    }

    /** The coefficient, n and the executor's strength/direction words. */
    private static Answer correlation(QueryResult result, Plan plan, String lang) {
        boolean ru = Wording.ru(lang);
        Map<String, Double> v = values(result);
        Double n = v.get("n");
        Double r = result.summary() == null ? null : result.summary().value();
        if (n == null || n == 0) {
            return empty(result, plan, lang);
        }
        String heading = heading(plan, lang) + synthetic(result, lang);
        if (r == null) {
            return new Answer(heading + (ru ? ": слишком мало дней с обоими значениями (" + Numbers.format(n)
                    + "), чтобы её посчитать." : ": too few days with both values (" + Numbers.format(n)
                    + ") to compute it."), "no_data", 0, null);
        }
        String strength = labelOf(result, "strength");
        String direction = labelOf(result, "direction");
        StringBuilder text = new StringBuilder(heading).append(": r = ").append(Numbers.format(r))
                .append(ru ? " по " + Numbers.format(n) + " дням" : " over " + Numbers.format(n) + " days");
        if (strength != null) {
            text.append(" — ").append(strengthWords(strength, direction, ru));
        }
        text.append('.');
        return new Answer(text.toString(), "single", 1, null);
    }

    private static String strengthWords(String strength, String direction, boolean ru) {
        if ("none".equals(strength)) {
            return ru ? "линейной связи практически нет" : "practically no linear relationship";
        }
        if (!ru) {
            return strength + (direction == null || "none".equals(direction) ? "" : " " + direction)
                    + " relationship";
        }
        String s = switch (strength) {
            case "weak" -> "слабая";
            case "moderate" -> "умеренная";
            case "strong" -> "сильная";
            case "very strong" -> "очень сильная";
            default -> strength;
        };
        String d = direction == null ? "" : switch (direction) {
            case "positive" -> " положительная";
            case "negative" -> " отрицательная";
            default -> "";
        };
        return s + d + " связь";
    }

    /** One line per offset: the mean of the metric and how often it was positive. */
    private static Answer around(QueryResult result, Plan plan, String lang) {
        boolean ru = Wording.ru(lang);
        List<Map<String, Object>> rows = rows(result);
        if (rows.isEmpty() || noSuchDays(result)) {
            return empty(result, plan, lang);
        }
        String metric = plan != null && plan.metric() != null ? plan.metric() : labelOf(result, "metric");
        String u = Wording.unit(metric == null ? "change_pct" : metric, lang);
        StringBuilder text = new StringBuilder(heading(plan, lang)).append(synthetic(result, lang))
                .append(ru ? " (выбранных дней: " : " (").append(result.sourceRowCount())
                .append(ru ? "):" : " days matched):");
        for (Map<String, Object> row : rows) {
            text.append("\n- ").append(dayName(row.get("day"), ru)).append(": ");
            Object count = row.get("count");
            if (!(count instanceof Number c) || c.longValue() == 0) {
                text.append(ru ? "нет данных" : "no data");
                continue;
            }
            text.append(ru ? "в среднем " : "mean ").append(Numbers.format(row.get("mean"))).append(u);
            if (row.get("positive_pct") != null) {
                text.append(ru ? ", больше нуля в " : ", positive on ").append(Numbers.format(row.get("positive_pct")))
                        .append(ru ? "% из " : "% of ").append(Numbers.format(count)).append(ru ? " дней" : " days");
            }
        }
        int n = rows.size();
        String type = n == 1 ? "single" : n <= INLINE_ROWS ? "inline" : "large_data";
        return new Answer(text.toString(), type, n, "large_data".equals(type) ? title(plan, lang) : null);
    }

    private static String dayName(Object day, boolean ru) {
        if (day instanceof Number d) {
            long k = d.longValue();
            if (k == 0) {
                return ru ? "сам день" : "the day itself";
            }
            return (ru ? "день " : "day ") + (k > 0 ? "+" : "") + k;
        }
        return Numbers.format(day);
    }

    /** One line per variant: its value (or its day count) and how many days it covers. */
    private static Answer compare(QueryResult result, Plan plan, String lang) {
        boolean ru = Wording.ru(lang);
        List<Map<String, Object>> rows = rows(result);
        if (rows.isEmpty() || noSuchDays(result)) {
            return empty(result, plan, lang);
        }
        QueryResult.Summary s = result.summary();
        String valueName = s != null && s.valueName() != null ? s.valueName() : "count";
        StringBuilder text = new StringBuilder(heading(plan, lang)).append(synthetic(result, lang)).append(':');
        for (Map<String, Object> row : rows) {
            text.append("\n- ").append(Numbers.format(row.get("variant"))).append(": ");
            Object count = row.get("count");
            long days = count instanceof Number c ? c.longValue() : 0;
            if ("count".equals(valueName)) {
                text.append(ru ? "дней — " + days : days + " days");
                continue;
            }
            Object value = row.get(valueName);
            if (days == 0 || value == null) {
                text.append(ru ? "таких дней нет" : "no such days");
                continue;
            }
            String metric = row.get("metric") instanceof String m ? m : plan == null ? null : plan.metric();
            if ("value".equals(valueName) && metric != null) {
                text.append(Wording.metricName(metric, ru)).append(' ');
            }
            text.append(Numbers.format(value)).append(Wording.unit(metric, lang))
                    .append(ru ? " (дней: " + days + ")" : " (" + days + " days)");
        }
        int n = rows.size();
        String type = n == 1 ? "single" : n <= INLINE_ROWS ? "inline" : "large_data";
        return new Answer(text.toString(), type, n, "large_data".equals(type) ? title(plan, lang) : null);
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
        if (plan != null && Operation.COUNT.is(plan.operation()) || Operation.COUNT.is(result.operation())) {
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
        QueryResult.Summary s = result.summary();
        // 60-minute buckets are named "hour", 15/30-minute ones "time" ("HH:MM")
        String hourColumn = s != null && s.by() != null && sample.containsKey(s.by()) ? s.by()
                : column(sample, "hour", "time");
        String shareColumn = column(sample, "pct", "percent", "share");
        String countColumn = column(sample, "days", "count", "frequency");
        Map<String, Object> peak = s != null && s.best() != null && hourColumn != null && s.best().containsKey(hourColumn)
                ? s.best()
                : extremeRow(rows, countColumn != null ? countColumn : shareColumn, true);
        if (peak == null || hourColumn == null) {
            return new Answer(heading + synthetic + (ru ? ": в результате нет разбивки по часам."
                    : ": the result has no breakdown by hour."), "no_data", 0, null);
        }
        String bucket = plan == null || plan.bucket() == null ? "60m" : plan.bucket().trim().toLowerCase(Locale.ROOT);
        String slot = bucket.equals("60m") ? (ru ? "в час, начинающийся в " : "in the hour starting ")
                : bucket.matches("\\d+m") ? (ru ? "в " + bucket.replace("m", "-минутный интервал, начинающийся в ")
                : "in the " + bucket.replace("m", "-minute slot starting "))
                : (ru ? "в интервал, начинающийся в " : "in the slot starting ");
        StringBuilder text = new StringBuilder(heading).append(synthetic)
                .append(ru ? ": чаще всего " : ": most often ").append(slot)
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
        return Wording.heading(plan, lang);
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
        if (plan != null && plan.groupBy() != null) {
            String group = plan.groupBy().toLowerCase(Locale.ROOT);
            String name = group.equals("year") ? "year" : group + "_name";
            if (available.contains(name)) {
                chosen.add(name);
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
