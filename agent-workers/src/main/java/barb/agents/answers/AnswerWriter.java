package barb.agents.answers;

import barb.core.Operation;
import barb.core.Plan;
import barb.core.QueryResult;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Writes the presenter's answer for one executor result in the reader's language. Every number in the text is
 * copied from the result (value, values, table cells, best/worst, counts) or is the plan's own (years, N,
 * thresholds, offsets); nothing is computed that the result does not state (PresenterGroundingTest checks it).
 * Rows are only picked (the widest day, the peak bucket), never combined.
 */
public final class AnswerWriter {
    /** @param type no_data | single | inline | large_data (seed 000 §2.8) */
    public record Answer(String text, String type, int rowCount, String title) {
    }

    public static final int INLINE_ROWS = 5;
    static final int GROUP_TABLE_ROWS = 12;
    /** A snapshot of more days than this is summarised; the days themselves are in the data block. */
    static final int SNAPSHOT_DAYS_IN_TEXT = 3;
    private static final List<String> DATE_COLUMNS = List.of("trade_date", "bar_time", "week_start", "date",
            "trading_day", "day", "session_date", "timestamp");
    /** Metrics whose sign means something: their "positive" share is worth saying. */
    private static final Set<String> SIGNED = Set.of("change", "change_pct", "gap", "gap_pct", "body", "body_pct",
            "prev_change_pct");
    private static final String NO_SUCH_DAYS = "no such days";

    private AnswerWriter() {
    }

    /** What every part of one answer needs: the result, its plan, the language, the row kind and the heading. */
    private record Ctx(QueryResult result, Plan plan, Messages m, Wording.Unit unit, String head, String synthetic) {
        QueryResult.Summary summary() {
            return result.summary();
        }

        Map<String, Double> values() {
            QueryResult.Summary s = result.summary();
            return s == null || s.values() == null ? Map.of() : s.values();
        }

        String label(String key) {
            QueryResult.Summary s = result.summary();
            return s == null || s.labels() == null ? null : s.labels().get(key);
        }

        List<Map<String, Object>> rows() {
            return result.table() == null ? List.of() : result.table();
        }

        boolean noSuchDays() {
            return NO_SUCH_DAYS.equals(label("note"));
        }

        String metric() {
            return plan != null && plan.metric() != null ? plan.metric() : label("metric");
        }

        String text(String key, Object... args) {
            return m.get(key, args);
        }
    }

    public static Answer write(QueryResult result, Plan plan, String lang) {
        Messages m = Messages.of(lang);
        Operation operation = Operation.parse(result.operation() != null ? result.operation()
                : plan == null ? null : plan.operation()).orElse(null);
        String heading = plan == null ? m.get("heading.result") : Wording.heading(plan, m);
        boolean synthetic = result.metadata() != null && "synthetic".equals(result.metadata().dataSource());
        String head = heading + (synthetic ? " " + m.get("synthetic") : "");
        Ctx c = new Ctx(result, plan, m, Wording.unit(plan), head, synthetic ? " " + m.get("synthetic") : "");
        QueryResult.Summary summary = result.summary();
        String summaryType = summary == null || summary.type() == null ? "" : summary.type();
        switch (operation) {
            case DISTRIBUTION -> {
                return distribution(c);
            }
            case PROBABILITY -> {
                return probability(c);
            }
            case STREAK -> {
                return streak(c);
            }
            case CORRELATION -> {
                return correlation(c);
            }
            case AROUND -> {
                return around(c);
            }
            case COMPARE -> {
                return compare(c);
            }
            case SNAPSHOT -> {
                return snapshot(c);
            }
            case GAP_FILL -> {
                return gapFill(c);
            }
            case TOP_N, LIST -> {
                return list(c);
            }
            case null, default -> {
            }
        }
        if (c.noSuchDays()) {
            return operation == Operation.COUNT ? noData(c.text("answer.count.none", "head", head, "units",
                    c.unit().manyOf(m))) : empty(c);
        }
        if (operation == Operation.FORMATION) {
            return formation(c);
        }
        if ("grouped".equals(summaryType) || operation == Operation.GROUP) {
            return grouped(c);
        }
        if ("scalar".equals(summaryType) || "dict".equals(summaryType) || operation == Operation.COUNT
                || operation == Operation.AGGREGATE) {
            return scalar(c, operation);
        }
        return list(c);
    }

    private static Answer noData(String text) {
        return new Answer(text, "no_data", 0, null);
    }

    private static Answer empty(Ctx c) {
        return noData(c.text("answer.empty", "head", c.head(), "units", c.unit().manyOf(c.m())));
    }

    private static Answer single(String text) {
        return new Answer(text, "single", 1, null);
    }

    /** single, inline or large_data by the number of rows; a large answer gets a chat title. */
    private static Answer sized(Ctx c, String text, int n) {
        String type = n <= 1 ? "single" : n <= INLINE_ROWS ? "inline" : "large_data";
        return new Answer(text, type, n, "large_data".equals(type) ? title(c) : null);
    }

    private static String title(Ctx c) {
        return c.plan() == null ? null : Wording.title(c.plan(), c.m());
    }

    // ---- count, aggregate and other single numbers ----

    private static Answer scalar(Ctx c, Operation operation) {
        Messages m = c.m();
        QueryResult.Summary s = c.summary();
        if (s != null && s.value() == null && s.values() != null && !s.values().isEmpty()) {
            List<String> parts = new ArrayList<>();
            for (Map.Entry<String, Double> e : s.values().entrySet()) {
                if (e.getValue() != null) {
                    parts.add(lowerFirst(Columns.header(e.getKey(), m)) + " " + Wording.value(e.getValue(),
                            e.getKey(), m));
                }
            }
            if (parts.isEmpty()) {
                return empty(c);
            }
            return single(c.text("answer.values", "head", c.head(), "values", String.join(", ", parts)));
        }
        if (s == null || s.value() == null) {
            return noData(c.text("answer.nodata", "head", c.head()));
        }
        boolean count = operation == Operation.COUNT || c.plan() != null && Operation.COUNT.is(c.plan().operation());
        if (count) {
            if (s.value() == 0) {
                return noData(c.text("answer.count.none", "head", c.head(), "units", c.unit().manyOf(m)));
            }
            return single(c.text("answer.count", "head", c.head(), "n", s.value()));
        }
        String aggregate = c.plan() == null ? null : c.plan().aggregate();
        String value = "count".equalsIgnoreCase(aggregate) ? Numbers.format(s.value(), m)
                : Wording.value(s.value(), c.metric(), m);
        Double days = c.values().get("count");
        long n = days != null ? days.longValue() : c.result().sourceRowCount();
        if (n <= 0) {
            return single(c.text("answer.value", "head", c.head(), "value", value));
        }
        return single(c.text("answer.aggregate", "head", c.head(), "value", value, "count", c.unit().count(n, m),
                "countOver", c.unit().countOver(n, m)));
    }

    // ---- lists ----

    private static Answer list(Ctx c) {
        Messages m = c.m();
        List<Map<String, Object>> rows = c.rows();
        int n = rows.size();
        if (n == 0) {
            return noData(c.text("answer.list.none", "head", c.head(), "units", c.unit().manyOf(m)));
        }
        List<String> columns = listColumns(c, rows);
        if (n <= INLINE_ROWS) {
            String text = c.text("answer.list.inline", "head", c.head()) + "\n\n" + table(columns, rows, m);
            return new Answer(text, n == 1 ? "single" : "inline", n, null);
        }
        QueryResult.Summary s = c.summary();
        Map<String, Object> first = s != null && s.first() != null ? s.first() : rows.get(0);
        Map<String, Object> last = s != null && s.last() != null ? s.last() : rows.get(n - 1);
        long total = Math.max(n, c.result().sourceRowCount());
        StringBuilder text = new StringBuilder(c.text("answer.list.long", "head", c.head(), "count",
                c.unit().count(total, m), "first", describeRow(first, columns, c), "last",
                describeRow(last, columns, c)));
        if (total > n) {
            text.append(' ').append(c.text("answer.list.capped", "shown", n));
        }
        return new Answer(text.toString(), "large_data", n, title(c));
    }

    /** The date, the group's or row's name, the metric and the filtered metrics; else the first four columns. */
    private static List<String> listColumns(Ctx c, List<Map<String, Object>> rows) {
        QueryResult result = c.result();
        Plan plan = c.plan();
        List<String> available = result.columns() != null && !result.columns().isEmpty() ? result.columns()
                : new ArrayList<>(rows.get(0).keySet());
        List<String> chosen = new ArrayList<>();
        if (c.unit().kind().equals("bar") && available.contains("bar_time")) {
            chosen.add("bar_time");
        }
        for (String d : chosen.isEmpty() ? DATE_COLUMNS : List.<String>of()) {
            if (available.contains(d)) {
                chosen.add(d);
                break;
            }
        }
        if (plan != null && plan.groupBy() != null) {
            String group = plan.groupBy().toLowerCase(Locale.ROOT);
            String name = group.equals("year") || group.equals("hour") ? group : group + "_name";
            if (available.contains(name) && !chosen.contains(name)) {
                chosen.add(name);
            }
        }
        if (c.unit().kind().equals("month") && available.contains("month_name") && !chosen.contains("month_name")) {
            chosen.add("month_name");
        }
        if (plan != null && plan.metric() != null && available.contains(plan.metric())) {
            chosen.add(plan.metric());
        }
        if (plan != null) {
            for (Plan.Condition cond : plan.filters()) {
                String metric = cond.metric();
                if (!metric.startsWith("is_") && available.contains(metric) && !chosen.contains(metric)) {
                    chosen.add(metric);
                }
            }
        }
        if (chosen.size() < 2) {
            chosen = new ArrayList<>(available.subList(0, Math.min(4, available.size())));
        }
        return chosen;
    }

    /** "Jan 10, 2024 (January, range 412.5 points)" / "10 января 2024 г. (январь, диапазон 412,5 пункта)". */
    private static String describeRow(Map<String, Object> row, List<String> columns, Ctx c) {
        Messages m = c.m();
        String date = null;
        List<String> parts = new ArrayList<>();
        for (String col : columns.isEmpty() ? new ArrayList<>(row.keySet()) : columns) {
            if (!row.containsKey(col)) {
                continue;
            }
            Object v = row.get(col);
            if (date == null && DATE_COLUMNS.contains(col)) {
                date = Numbers.date(v, m);
            } else if (Columns.NAME_COLUMNS.contains(col)) {
                parts.add(Columns.cell(col, v, m));
            } else {
                parts.add(lowerFirst(Columns.header(col, m)) + " " + (v instanceof Number && !Columns.isPlain(col)
                        ? Wording.value(v, col, m) : Columns.cell(col, v, m)));
            }
        }
        if (date == null) {
            return String.join(", ", parts);
        }
        return parts.isEmpty() ? date : date + " (" + String.join(", ", parts) + ")";
    }

    // ---- groups ----

    private static Answer grouped(Ctx c) {
        Messages m = c.m();
        List<Map<String, Object>> rows = c.rows();
        if (rows.isEmpty()) {
            return empty(c);
        }
        QueryResult.Summary s = c.summary();
        Plan plan = c.plan();
        String by = s != null && s.by() != null ? s.by() : plan != null ? plan.groupBy() : null;
        if (by == null || !rows.get(0).containsKey(by)) {
            by = rows.get(0).keySet().iterator().next();
        }
        String valueColumn = valueColumn(rows.get(0), by, plan, s);
        Map<String, Object> best = s != null && s.best() != null && s.best().containsKey(valueColumn) ? s.best()
                : extremeRow(rows, valueColumn, true);
        Map<String, Object> worst = s != null && s.worst() != null && s.worst().containsKey(valueColumn)
                ? s.worst() : extremeRow(rows, valueColumn, false);
        boolean counts = valueColumn.equals("count") || plan != null && plan.metric() == null;
        String text;
        if (best != null && worst != null) {
            text = c.text("answer.group", "head", c.head(), "best", groupName(best, by, m), "bestValue",
                    groupValue(best.get(valueColumn), counts, c), "worst", groupName(worst, by, m), "worstValue",
                    groupValue(worst.get(valueColumn), counts, c));
        } else {
            text = c.text("answer.group.plain", "head", c.head(), "n", rows.size());
        }
        if (rows.size() <= GROUP_TABLE_ROWS) {
            List<Map<String, Object>> shown = new ArrayList<>();
            for (Map<String, Object> row : rows) {
                Map<String, Object> copy = new LinkedHashMap<>();
                copy.put("group", groupName(row, by, m));
                copy.put("value", row.get(valueColumn));
                shown.add(copy);
            }
            String valueHeader = counts ? m.get("column.count") : plan != null && plan.metric() != null
                    ? Wording.capitalized(Wording.aggregateName(plan.aggregate(), plan.metric(), m))
                    : Columns.header(valueColumn, m);
            text += "\n\n" + table(List.of(groupHeader(by, m), valueHeader), List.of("group", "value"), shown, m);
        }
        return sized(c, text, rows.size());
    }

    private static String groupValue(Object value, boolean counts, Ctx c) {
        return counts && value instanceof Number n ? c.unit().count(n.longValue(), c.m())
                : Wording.value(value, c.metric(), c.m());
    }

    private static String groupHeader(String by, Messages m) {
        return m.get("group.column", "by", Wording.groupKey(by));
    }

    /** The group's name as the reader knows it: weekday, month and quarter names in their language, years plain. */
    private static String groupName(Map<String, Object> row, String by, Messages m) {
        Object name = row.get(by + "_name");
        if (name instanceof String s) {
            return Columns.name(s, m);
        }
        Object key = row.get(by);
        if (key instanceof String s) {
            return Columns.name(s, m);
        }
        if (key instanceof Number n) {
            int i = n.intValue();
            return switch (by) {
                case "weekday" -> i >= 1 && i <= 7 ? m.get("weekday." + i) : Numbers.plain(n);
                case "month" -> i >= 1 && i <= 12 ? m.get("month." + i) : Numbers.plain(n);
                case "quarter" -> m.get("quarter", "q", i);
                case "hour" -> String.format(Locale.ROOT, "%02d:00", i);
                default -> Numbers.plain(n);
            };
        }
        return Numbers.format(key, m);
    }

    // ---- distribution ----

    /** count, mean, median, std, the percentiles, min and max, the fullest bin; the histogram stays in the block. */
    private static Answer distribution(Ctx c) {
        Messages m = c.m();
        Map<String, Double> v = c.values();
        Double count = v.get("count");
        if (c.noSuchDays() || count == null || count == 0) {
            return empty(c);
        }
        String metric = c.metric();
        boolean points = Wording.measure(metric) == Wording.Measure.POINTS;
        StringBuilder text = new StringBuilder(c.text("dist.head", "head", c.head(), "count",
                c.unit().count(count.longValue(), m), "points", points ? "yes" : "no"));
        List<String> centre = new ArrayList<>();
        for (String name : List.of("mean", "median", "std")) {
            if (v.get(name) != null) {
                centre.add(c.text("dist." + name, "v", shown(v.get(name), metric, m)));
            }
        }
        if (!centre.isEmpty()) {
            text.append("; ").append(String.join(", ", centre));
        }
        List<String> percentiles = new ArrayList<>();
        for (Map.Entry<String, Double> e : v.entrySet()) {
            Matcher p = Pattern.compile("p(\\d+)(?:_(\\d+))?").matcher(e.getKey());
            if (p.matches() && !e.getKey().equals("p50") && e.getValue() != null) {
                double rank = Double.parseDouble(p.group(1) + (p.group(2) == null ? "" : "." + p.group(2)));
                percentiles.add(c.text("dist.percentile", "p", rank, "v", shown(e.getValue(), metric, m)));
            }
        }
        if (!percentiles.isEmpty()) {
            text.append("; ").append(c.text("dist.percentiles", "list", String.join(", ", percentiles)));
        }
        if (v.get("min") != null && v.get("max") != null) {
            text.append("; ").append(c.text("dist.range", "min", shown(v.get("min"), metric, m), "max",
                    shown(v.get("max"), metric, m)));
        }
        text.append('.');
        Map<String, Object> peak = c.summary().best();
        if (peak != null && peak.get("pct") != null && peak.get("bin_from") != null && peak.get("bin_to") != null) {
            text.append(' ').append(c.text("dist.peak", "from", shown(peak.get("bin_from"), metric, m), "to",
                    shown(peak.get("bin_to"), metric, m), "pct", peak.get("pct"), "units", c.unit().manyOf(m)));
        }
        int bins = c.rows().size();
        if (bins > 0) {
            text.append(' ').append(c.text("dist.histogram", "bins", bins));
        }
        return single(text.toString());
    }

    /** A distribution's number: with "%" for percentages; points are said once, in the head. */
    private static String shown(Object value, String metric, Messages m) {
        return Wording.measure(metric) == Wording.Measure.PERCENT ? Wording.value(value, metric, m)
                : Numbers.format(value, m);
    }

    // ---- probability ----

    /** P(outcome | rows) as a percentage with matches of total, and the period's base rate beside it. */
    private static Answer probability(Ctx c) {
        Messages m = c.m();
        Map<String, Double> v = c.values();
        Double total = v.get("total");
        if (total == null || total == 0) {
            return empty(c);
        }
        Double p = c.summary().value() != null ? c.summary().value() : v.get("probability");
        Double matches = v.get("matches");
        boolean years = c.plan() != null && Wording.singleMonthSubject(c.plan(), c.unit());
        String of = years ? m.get("count.years.of", "n", total.longValue()) : c.unit().countOf(total.longValue(), m);
        StringBuilder text = new StringBuilder(c.text("answer.probability", "head", c.head(), "p", p, "matches",
                matches == null ? 0 : matches, "total", of));
        Double base = v.get("base_probability");
        Double baseTotal = v.get("base_total");
        if (base != null && baseTotal != null && !baseTotal.equals(total)) {
            text.append(' ').append(c.text("answer.probability.base", "p", base, "count",
                    c.unit().count(baseTotal.longValue(), m), "countOver", c.unit().countOver(baseTotal.longValue(), m)));
        }
        return single(text.toString());
    }

    // ---- streak ----

    /** How many runs, the longest with its dates, the mean length; the runs themselves are in the data block. */
    private static Answer streak(Ctx c) {
        Messages m = c.m();
        Map<String, Double> v = c.values();
        Integer minLength = c.plan() == null ? null : c.plan().minLength();
        Double runs = v.get("runs");
        Map<String, Object> longest = c.summary() == null ? null : c.summary().best();
        if (runs == null || runs == 0 || longest == null) {
            return noData(minLength == null ? c.text("streak.none", "head", c.head())
                    : c.text("streak.noneAtLeast", "head", c.head(), "min", c.unit().countOf(minLength, m)));
        }
        String count = m.get("count.runs", "n", runs.longValue());
        StringBuilder text = new StringBuilder(c.text("streak.head", "head", c.head(), "runs", minLength == null
                ? count : c.text("streak.atLeast", "runs", count, "min", c.unit().countOf(minLength, m))));
        Object length = longest.get("length");
        text.append("; ").append(c.text("streak.longest", "length", length instanceof Number n
                        ? c.unit().count(n, m) : Numbers.format(length, m), "from", Numbers.date(longest.get("start"), m),
                "to", Numbers.date(longest.get("end"), m)));
        if (v.get("mean_length") != null) {
            text.append("; ").append(c.text("streak.mean", "length", c.unit().count(v.get("mean_length"), m)));
        }
        text.append('.');
        int n = c.rows().size();
        if (n > 1) {
            text.append(' ').append(c.text("streak.more"));
        }
        return sized(c, text.toString(), n);
    }

    // ---- correlation ----

    /** The coefficient, n and the executor's strength/direction words. */
    private static Answer correlation(Ctx c) {
        Messages m = c.m();
        Double n = c.values().get("n");
        Double r = c.summary() == null ? null : c.summary().value();
        if (n == null || n == 0) {
            return empty(c);
        }
        if (r == null) {
            return noData(c.text("correlation.tooFew", "head", c.head(), "units", c.unit().manyOf(m), "n", n));
        }
        String strength = c.label("strength");
        String direction = c.label("direction");
        String words = strength == null ? "" : "none".equals(strength) ? m.get("correlation.none")
                : m.get("correlation.words", "strength", strength.replace(' ', '_'), "direction",
                direction == null ? "none" : direction);
        return single(c.text(words.isEmpty() ? "correlation.plain" : "correlation.answer", "head", c.head(), "r", r,
                "count", c.unit().count(n.longValue(), m), "countOver", c.unit().countOver(n.longValue(), m),
                "words", words));
    }

    // ---- around ----

    /** One line per offset: the mean of the metric and, for signed metrics, how often it was positive. */
    private static Answer around(Ctx c) {
        Messages m = c.m();
        List<Map<String, Object>> rows = c.rows();
        if (rows.isEmpty() || c.noSuchDays()) {
            return empty(c);
        }
        String metric = c.metric() == null ? "change_pct" : c.metric();
        StringBuilder text = new StringBuilder(c.text("around.head", "head", c.head(), "count",
                c.unit().count(c.result().sourceRowCount(), m)));
        for (Map<String, Object> row : rows) {
            String day = offsetName(row.get("day"), c);
            Object count = row.get("count");
            text.append("\n- ");
            if (!(count instanceof Number k) || k.longValue() == 0) {
                text.append(c.text("around.noData", "day", day));
                continue;
            }
            String mean = Wording.value(row.get("mean"), metric, m);
            if (SIGNED.contains(metric.toLowerCase(Locale.ROOT)) && row.get("positive_pct") != null) {
                text.append(c.text("around.line", "day", day, "mean", mean, "pct", row.get("positive_pct"), "of",
                        c.unit().countOf(k.longValue(), m)));
            } else {
                text.append(c.text("around.lineMean", "day", day, "mean", mean, "count",
                        c.unit().count(k.longValue(), m)));
            }
        }
        return sized(c, text.toString(), rows.size());
    }

    /** -1 → "the day before", 1 → "the next day", 5 → "5 days later" / "накануне", "через 5 дней". */
    private static String offsetName(Object day, Ctx c) {
        Messages m = c.m();
        if (!(day instanceof Number d)) {
            return Numbers.format(day, m);
        }
        int n = d.intValue();
        String unit = c.unit().kind();
        if (n == 0) {
            return m.get("around.same", "unit", unit);
        }
        if (Math.abs(n) == 1) {
            return m.get(n < 0 ? "around.before1" : "around.after1", "unit", unit);
        }
        return m.get(n < 0 ? "around.before" : "around.after", "count", c.unit().count(Math.abs(n), m));
    }

    // ---- compare ----

    /** One line per variant, named by what sets it apart, with its value and its number of rows. */
    private static Answer compare(Ctx c) {
        Messages m = c.m();
        List<Map<String, Object>> rows = c.rows();
        boolean anyRows = rows.stream().anyMatch(r -> r.get("count") instanceof Number n && n.longValue() > 0);
        if (rows.isEmpty() || c.noSuchDays() || !anyRows) {
            return empty(c);
        }
        QueryResult.Summary s = c.summary();
        String valueColumn = s != null && s.valueName() != null ? s.valueName() : "count";
        StringBuilder text = new StringBuilder(c.text("compare.head", "head", c.head()));
        List<Plan> variants = c.plan() == null ? List.of() : c.plan().variants();
        for (int i = 0; i < rows.size(); i++) {
            Map<String, Object> row = rows.get(i);
            Plan variant = variants.size() == rows.size() ? variants.get(i) : null;
            String name = variantName(row, variant, c);
            long count = row.get("count") instanceof Number n ? n.longValue() : 0;
            text.append("\n- ");
            if (count == 0) {
                text.append(c.text("compare.none", "name", name, "units", c.unit().manyOf(m)));
            } else if (valueColumn.equals("count") || row.get(valueColumn) == null) {
                text.append(c.text("compare.count", "name", name, "count", c.unit().count(count, m)));
            } else {
                String metric = row.get("metric") instanceof String r ? r : c.metric();
                text.append(c.text("compare.line", "name", name, "value", Wording.value(row.get(valueColumn),
                        metric, m), "count", c.unit().count(count, m)));
            }
        }
        return sized(c, text.toString(), rows.size());
    }

    /**
     * A variant as the reader would name it, from its own fields (period, session, metric, the rows it picks);
     * the executor's label when they say nothing.
     */
    private static String variantName(Map<String, Object> row, Plan v, Ctx c) {
        Messages m = c.m();
        List<String> parts = new ArrayList<>();
        if (v != null) {
            if (v.period() != null && (v.period().from() != null || v.period().to() != null)) {
                parts.add(Wording.period(v.period(), m));
            }
            if (v.session() != null) {
                parts.add(Wording.sessionName(v.session(), m));
            }
            if (v.metric() != null) {
                parts.add(Wording.metricName(v.metric(), m));
            }
            String days = Wording.daysPhrase(v, c.unit(), m);
            if (days != null) {
                parts.add(days);
            }
            parts.addAll(Wording.tail(v, c.unit(), m, true));
        }
        if (!parts.isEmpty()) {
            return String.join(", ", parts);
        }
        Object label = row.get("variant");
        if (label instanceof String s) {
            int weekday = Wording.weekdayNumber(s);
            int month = Wording.monthNumber(s);
            return s.length() >= 3 && weekday > 0 && !s.matches("\\d+") ? m.get("weekday." + weekday)
                    : s.length() >= 3 && month > 0 && !s.matches("\\d+") ? m.get("month." + month) : s;
        }
        return Numbers.format(label, m);
    }

    // ---- formation ----

    private static final Pattern BUCKET = Pattern.compile("(\\d+)\\s*(m|min|h)");

    private static Answer formation(Ctx c) {
        Messages m = c.m();
        List<Map<String, Object>> rows = c.rows();
        if (rows.isEmpty()) {
            return empty(c);
        }
        Map<String, Object> sample = rows.get(0);
        QueryResult.Summary s = c.summary();
        String timeColumn = s != null && s.by() != null && sample.containsKey(s.by()) ? s.by()
                : sample.containsKey("hour") ? "hour" : sample.containsKey("time") ? "time" : null;
        String countColumn = sample.containsKey("count") ? "count" : sample.containsKey("days") ? "days" : null;
        Map<String, Object> peak = s != null && s.best() != null && timeColumn != null && s.best().containsKey(timeColumn)
                ? s.best() : extremeRow(rows, countColumn != null ? countColumn : "pct", true);
        if (peak == null || timeColumn == null) {
            return noData(c.text("formation.noBuckets", "head", c.head()));
        }
        String time = peak.get(timeColumn) instanceof Number h ? String.format(Locale.ROOT, "%02d:00", h.intValue())
                : Numbers.format(peak.get(timeColumn), m);
        String bucket = c.plan() == null || c.plan().bucket() == null ? "60m"
                : c.plan().bucket().trim().toLowerCase(Locale.ROOT);
        Matcher b = BUCKET.matcher(bucket);
        String slot;
        if (!b.matches() || bucket.equals("60m") || bucket.equals("1h")) {
            slot = m.get("slot.hour", "time", time);
        } else if (b.group(2).startsWith("h")) {
            slot = m.get("slot.hours", "n", Integer.parseInt(b.group(1)), "time", time);
        } else {
            slot = m.get("slot.minutes", "n", Integer.parseInt(b.group(1)), "time", time);
        }
        Object days = countColumn == null ? null : peak.get(countColumn);
        Object pct = peak.get("pct");
        String text;
        if (days instanceof Number d && pct != null) {
            text = c.text("formation.answer", "head", c.head(), "slot", slot, "count", c.unit().count(d.longValue(), m),
                    "pct", pct);
        } else if (days instanceof Number d) {
            text = c.text("formation.count", "head", c.head(), "slot", slot, "count", c.unit().count(d.longValue(), m));
        } else {
            text = c.text("formation.slot", "head", c.head(), "slot", slot);
        }
        return sized(c, text, rows.size());
    }

    // ---- snapshot ----

    private static final Pattern AVERAGE = Pattern.compile("avg_(\\d+)d_(range|volume)");

    /** What happened on each day of a short period: prices, move, range and volume against their averages. */
    private static Answer snapshot(Ctx c) {
        Messages m = c.m();
        List<Map<String, Object>> rows = c.rows();
        // with days to show, weekends go without saying; a question about a weekend day still hears why
        String note = noTradingNote(c.label("note"), m, rows.isEmpty());
        if (rows.isEmpty()) {
            String text = c.text("snapshot.none", "head", c.head());
            return noData(note == null ? text : text + " " + note);
        }
        Map<String, List<Map<String, Object>>> byDay = new LinkedHashMap<>();
        for (Map<String, Object> row : rows) {
            byDay.computeIfAbsent(String.valueOf(row.get("trade_date")), k -> new ArrayList<>()).add(row);
        }
        StringBuilder text = new StringBuilder();
        if (byDay.size() == 1) {
            Map<String, Object> first = rows.get(0);
            text.append(Wording.capitalized(c.text("snapshot.day", "weekday", weekdayOf(first, m), "date",
                    Numbers.date(first.get("trade_date"), m)))).append(c.synthetic()).append(':');
            for (Map<String, Object> row : byDay.values().iterator().next()) {
                text.append("\n- ").append(sessionLine(row, m));
            }
        } else if (byDay.size() <= SNAPSHOT_DAYS_IN_TEXT) {
            text.append(c.head()).append(':');
            for (List<Map<String, Object>> day : byDay.values()) {
                Map<String, Object> first = day.get(0);
                text.append("\n\n").append(Wording.capitalized(c.text("snapshot.day", "weekday", weekdayOf(first, m),
                        "date", Numbers.date(first.get("trade_date"), m)))).append(':');
                for (Map<String, Object> row : day) {
                    text.append("\n- ").append(sessionLine(row, m));
                }
            }
        } else {
            text.append(c.text("snapshot.many", "head", c.head(), "count", c.unit().count(byDay.size(), m)));
            Map<String, Object> widest = null;
            Map<String, Object> biggest = null;
            for (Map<String, Object> row : rows) {
                if (!"RTH".equals(row.get("session"))) {
                    continue;
                }
                if (number(row, "range") != null && (widest == null || number(row, "range") > number(widest, "range"))) {
                    widest = row;
                }
                if (number(row, "change_pct") != null && (biggest == null
                        || Math.abs(number(row, "change_pct")) > Math.abs(number(biggest, "change_pct")))) {
                    biggest = row;
                }
            }
            if (widest != null) {
                text.append(' ').append(c.text("snapshot.widest", "date",
                        Numbers.date(widest.get("trade_date"), m), "range", m.get("value.points", "v",
                                widest.get("range")), "vs", versusAverage(widest, "range", m)));
            }
            if (biggest != null) {
                text.append(' ').append(c.text("snapshot.biggest", "date",
                        Numbers.date(biggest.get("trade_date"), m), "move", move(biggest, m)));
            }
            text.append(' ').append(m.get("snapshot.more"));
        }
        if (note != null) {
            text.append(byDay.size() <= SNAPSHOT_DAYS_IN_TEXT ? "\n\n" : " ").append(note);
        }
        return sized(c, text.toString(), byDay.size() <= SNAPSHOT_DAYS_IN_TEXT ? Math.min(rows.size(), INLINE_ROWS)
                : rows.size());
    }

    private static String weekdayOf(Map<String, Object> row, Messages m) {
        Object name = row.get("weekday_name");
        return name instanceof String s ? Columns.name(s, m) : "";
    }

    /** "RTH: open …, high … at 09:41, …, close …; down 3.05% (560 points). Range … Volume …". */
    private static String sessionLine(Map<String, Object> row, Messages m) {
        StringBuilder line = new StringBuilder(Wording.capitalized(Wording.sessionName(String.valueOf(
                row.get("session")), m))).append(": ");
        line.append(m.get("snap.prices", "open", Numbers.format(row.get("open"), m), "high",
                Numbers.format(row.get("high"), m), "highAt", at(row.get("high_time"), m), "low",
                Numbers.format(row.get("low"), m), "lowAt", at(row.get("low_time"), m), "close",
                Numbers.format(row.get("close"), m)));
        if (number(row, "change_pct") != null) {
            line.append("; ").append(move(row, m));
        }
        line.append('.');
        if (row.get("range") != null) {
            line.append(' ').append(m.get("snap.range", "range", m.get("value.points", "v", row.get("range")), "vs",
                    versusAverage(row, "range", m)));
        }
        Double gap = number(row, "gap_pct");
        if (gap != null && gap != 0 && row.get("gap") instanceof Number g) {
            line.append(' ').append(m.get("snap.gap", "dir", gap > 0 ? "up" : "down", "pct", Math.abs(gap),
                    "points", m.get("value.points", "v", Math.abs(g.doubleValue()))));
        }
        if (row.get("volume") != null) {
            line.append(' ').append(m.get("snap.volume", "volume", Numbers.format(row.get("volume"), m), "vs",
                    versusAverage(row, "volume", m)));
        }
        return line.toString();
    }

    private static String at(Object time, Messages m) {
        return time == null ? "" : " " + m.get("snap.at", "time", time.toString());
    }

    /** "up 1.2% (210.5 points)" / "рост на 1,2% (210,5 пункта)": the result's numbers without their sign. */
    private static String move(Map<String, Object> row, Messages m) {
        double pct = number(row, "change_pct");
        Double points = number(row, "change");
        String dir = pct > 0 ? "up" : pct < 0 ? "down" : "flat";
        return m.get("snap.move", "dir", dir, "pct", Math.abs(pct), "points",
                points == null || dir.equals("flat") ? "" : " (" + m.get("value.points", "v", Math.abs(points)) + ")");
    }

    /**
     * ", 1.8× its 20-day average: a wide day" from the row's range_vs_avg (volume_vs_avg) and the look-back the
     * executor names in its avg_20d_range column; empty when the row has no average.
     */
    private static String versusAverage(Map<String, Object> row, String what, Messages m) {
        Double ratio = number(row, what + "_vs_avg");
        Integer days = null;
        for (String key : row.keySet()) {
            Matcher a = AVERAGE.matcher(key);
            if (a.matches() && a.group(2).equals(what)) {
                days = Integer.parseInt(a.group(1));
            }
        }
        if (ratio == null || days == null) {
            return "";
        }
        String kind = ratio >= 1.3 ? "high" : ratio <= 0.7 ? "low" : "normal";
        return m.get("snap.vsAvg", "ratio", ratio, "days", days, "what", what, "kind", kind);
    }

    /**
     * The executor's note on the days without trading ("no trading on 2024-12-25 (Christmas), 2024-12-28
     * (weekend); no data for 2030-01-02") in the reader's language, weekends only when asked for; null without
     * one.
     */
    static String noTradingNote(String note, Messages m, boolean withWeekends) {
        if (note == null) {
            return null;
        }
        List<String> sentences = new ArrayList<>();
        for (String part : note.split(";\\s*")) {
            String p = part.strip();
            if (p.startsWith("no trading on ")) {
                List<String> days = new ArrayList<>();
                for (String item : p.substring("no trading on ".length()).split(",\\s*(?=\\d{4}-)")) {
                    Matcher d = Pattern.compile("(\\d{4}-\\d{2}-\\d{2})\\s*(?:\\((.*)\\))?").matcher(item.strip());
                    if (d.matches() && (withWeekends || !"weekend".equals(d.group(2)))) {
                        String why = d.group(2) == null ? "" : " (" + holiday(d.group(2), m) + ")";
                        days.add(Numbers.date(d.group(1), m) + why);
                    }
                }
                if (!days.isEmpty()) {
                    sentences.add(m.get("snapshot.noTrading", "days", String.join(", ", days)));
                }
            } else if (p.startsWith("no data for ")) {
                List<String> days = new ArrayList<>();
                for (String item : p.substring("no data for ".length()).split(",\\s*")) {
                    days.add(Numbers.date(item.strip(), m));
                }
                sentences.add(m.get("snapshot.noData", "days", String.join(", ", days)));
            }
        }
        return sentences.isEmpty() ? null : String.join(" ", sentences);
    }

    private static String holiday(String name, Messages m) {
        String key = switch (name) {
            case "weekend" -> "holiday.weekend";
            case "Christmas" -> "holiday.christmas";
            case "New Year's Day" -> "holiday.newYear";
            case "Good Friday" -> "holiday.goodFriday";
            default -> null;
        };
        return key == null ? name : m.get(key);
    }

    // ---- gap fill ----

    /** How many gaps filled and how fast, then the table by gap size. */
    private static Answer gapFill(Ctx c) {
        Messages m = c.m();
        List<Map<String, Object>> rows = c.rows();
        Map<String, Object> all = null;
        for (Map<String, Object> row : rows) {
            if ("all".equals(row.get("gap_size"))) {
                all = row;
            }
        }
        Map<String, Double> v = c.values();
        Double days = all != null && all.get("days") instanceof Number d ? Double.valueOf(d.doubleValue()) : v.get("days");
        if (days == null || days == 0) {
            return noData(c.text("gapFill.none", "head", c.head()));
        }
        Object filled = all != null ? all.get("filled") : v.get("filled");
        Object pct = all != null ? all.get("filled_pct") : v.get("filled_pct");
        StringBuilder text = new StringBuilder(c.text("gapFill.answer", "head", c.head(), "filled",
                filled == null ? 0 : filled, "gaps", m.get("count.gaps.of", "n", days.longValue()), "pct",
                pct == null ? 0 : pct));
        Object median = all != null ? all.get("median_minutes") : v.get("median_minutes");
        Object mean = all != null ? all.get("mean_minutes") : v.get("mean_minutes");
        if (median instanceof Number md) {
            text.append(' ').append(c.text("gapFill.time", "median", m.get("value.minutes", "v", md), "mean",
                    mean instanceof Number mn ? m.get("value.minutes", "v", mn) : "", "withMean",
                    mean instanceof Number ? "yes" : "no"));
        }
        List<Map<String, Object>> shown = new ArrayList<>();
        for (Map<String, Object> row : rows) {
            Map<String, Object> r = new LinkedHashMap<>();
            r.put("size", gapSize(row, m));
            r.put("days", row.get("days"));
            r.put("filled_pct", row.get("filled_pct"));
            r.put("median_minutes", row.get("median_minutes"));
            shown.add(r);
        }
        text.append("\n\n").append(table(List.of(m.get("gapFill.col.size"), m.get("gapFill.col.days"),
                m.get("gapFill.col.filled"), m.get("gapFill.col.median")), List.of("size", "days", "filled_pct",
                "median_minutes"), shown, m));
        return sized(c, text.toString(), rows.size());
    }

    /** "0–0.25%", "1%+", "all gaps" / "0–0,25%", "1% и больше", "все гэпы": from the row's own numbers. */
    static String gapSize(Map<String, Object> row, Messages m) {
        if ("all".equals(row.get("gap_size"))) {
            return m.get("gapFill.sizeAll");
        }
        Object from = row.get("gap_from_pct");
        Object to = row.get("gap_to_pct");
        if (!(from instanceof Number f)) {
            return Numbers.format(row.get("gap_size"), m);
        }
        return to instanceof Number t ? m.get("gapFill.size", "from", f, "to", t) : m.get("gapFill.sizeOpen", "from", f);
    }

    // ---- tables and small helpers ----

    private static String table(List<String> columns, List<Map<String, Object>> rows, Messages m) {
        List<String> headers = columns.stream().map(col -> Columns.header(col, m)).toList();
        return table(headers, columns, rows, m);
    }

    /** A markdown table: the headers in words, each cell in the reader's language. */
    private static String table(List<String> headers, List<String> columns, List<Map<String, Object>> rows,
                                Messages m) {
        StringBuilder sb = new StringBuilder("| ").append(String.join(" | ", headers)).append(" |\n|");
        sb.append("---|".repeat(columns.size()));
        for (Map<String, Object> row : rows) {
            sb.append("\n|");
            for (String col : columns) {
                Object v = row.get(col);
                sb.append(' ').append(v instanceof String s ? s : Columns.cell(col, v, m)).append(" |");
            }
        }
        return sb.toString();
    }

    private static String valueColumn(Map<String, Object> row, String by, Plan plan, QueryResult.Summary s) {
        if (s != null && s.valueName() != null && row.containsKey(s.valueName())) {
            return s.valueName();
        }
        if (plan != null && plan.metric() != null && row.containsKey(plan.metric())) {
            return plan.metric();
        }
        for (Map.Entry<String, Object> e : row.entrySet()) {
            if (!e.getKey().equals(by) && !e.getKey().equals(by + "_name") && e.getValue() instanceof Number) {
                return e.getKey();
            }
        }
        return by;
    }

    private static Double number(Map<String, Object> row, String column) {
        return row.get(column) instanceof Number n ? n.doubleValue() : null;
    }

    private static String lowerFirst(String s) {
        return s.isEmpty() ? s : Character.toLowerCase(s.charAt(0)) + s.substring(1);
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
