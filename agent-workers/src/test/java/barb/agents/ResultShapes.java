package barb.agents;

import barb.core.Json;
import barb.core.Plan;
import barb.core.QueryResult;
import com.fasterxml.jackson.databind.node.ObjectNode;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Executor results of every operation and shape of docs/plan-schema.md, with the plans they answer, built the way
 * barb.executor.PlanExecutor and ResultSummaries build them (same columns, summary types, values and labels).
 * Used by the presenter's wording tests and its grounding property test.
 */
final class ResultShapes {
    /** One plan and the executor's result for it. */
    record Shape(String name, Plan plan, QueryResult result) {
    }

    static final QueryResult.Metadata META = new QueryResult.Metadata("2024-01-02", "2024-12-31", "ETH", "1D", 251,
            "synthetic", "SELECT 1", List.of(), 3);
    static final QueryResult.Metadata IMPORTED = new QueryResult.Metadata("2024-01-02", "2024-12-31", "ETH", "1D",
            251, "imported", "SELECT 1", List.of(), 3);
    static final Map<String, String> NONE = Map.of("note", "no such days");

    private ResultShapes() {
    }

    static Plan plan(String json) {
        return Json.convert(Json.parse(json), Plan.class);
    }

    /** The plan with some fields replaced (JSON), for variations of one shape. */
    static Plan with(Plan plan, String json) {
        ObjectNode node = (ObjectNode) Json.tree(plan);
        node.setAll((ObjectNode) Json.parse(json));
        return Json.convert(node, Plan.class);
    }

    static Map<String, Object> row(Object... kv) {
        Map<String, Object> m = new LinkedHashMap<>();
        for (int i = 0; i < kv.length; i += 2) {
            m.put((String) kv[i], kv[i + 1]);
        }
        return m;
    }

    static Map<String, Double> values(Object... kv) {
        Map<String, Double> m = new LinkedHashMap<>();
        for (int i = 0; i < kv.length; i += 2) {
            m.put((String) kv[i], kv[i + 1] == null ? null : ((Number) kv[i + 1]).doubleValue());
        }
        return m;
    }

    static Map<String, String> labels(String... kv) {
        Map<String, String> m = new LinkedHashMap<>();
        for (int i = 0; i < kv.length; i += 2) {
            m.put(kv[i], kv[i + 1]);
        }
        return m;
    }

    static QueryResult.Summary scalar(String name, Double value, Map<String, Double> values,
                                      Map<String, String> labels) {
        return new QueryResult.Summary("scalar", 1, name, value, values, null, null, null, null, null, null, labels);
    }

    static QueryResult.Summary grouped(List<Map<String, Object>> rows, String by, String valueName,
                                       Map<String, Object> best, Map<String, Object> worst, Map<String, String> labels) {
        return new QueryResult.Summary("grouped", rows.size(), valueName, null, null, by, null, null, null, best, worst,
                labels);
    }

    // ---- count and aggregate ----

    static Shape count(long n) {
        Plan p = plan("""
                {"id": "s1", "operation": "count", "period": {"from": "2023-01-01", "to": "2023-12-31"},
                 "filters": [{"metric": "is_green", "op": "=", "value": 1}]}""");
        return new Shape("count " + n, p, new QueryResult("s1", "count", scalar("count", (double) n,
                values("count", n), n == 0 ? NONE : null), List.of("count"), List.of(row("count", n)), List.of(), n,
                META));
    }

    static Shape aggregate() {
        Plan p = plan("""
                {"id": "s1", "operation": "aggregate", "metric": "range", "aggregate": "mean", "session": "RTH",
                 "period": {"from": "2024-01-01", "to": "2024-12-31"}}""");
        return new Shape("aggregate", p, new QueryResult("s1", "aggregate", scalar("mean_range", 245.31,
                values("mean_range", 245.31, "count", 252), null), List.of("mean_range", "count"),
                List.of(row("mean_range", 245.31, "count", 252L)), List.of(), 252, META));
    }

    static Shape aggregateOf(String metric, String aggregate, double value, long days) {
        Plan p = plan("""
                {"id": "s1", "operation": "aggregate", "metric": "%s", "aggregate": "%s", "session": "RTH"}"""
                .formatted(metric, aggregate));
        String name = aggregate + "_" + metric;
        return new Shape("aggregate " + name, p, new QueryResult("s1", "aggregate", scalar(name, value,
                values(name, value, "count", days), null), List.of(name, "count"),
                List.of(row(name, value, "count", days)), List.of(), days, META));
    }

    static Shape aggregateEmpty() {
        Plan p = plan("""
                {"id": "s1", "operation": "aggregate", "metric": "range", "aggregate": "mean", "patterns": ["nr7"],
                 "period": {"from": "2030-01-01", "to": "2030-12-31"}}""");
        return new Shape("aggregate empty", p, new QueryResult("s1", "aggregate", scalar("mean_range", null,
                values("mean_range", null, "count", 0), NONE), List.of("mean_range", "count"),
                List.of(row("mean_range", null, "count", 0L)), List.of(), 0, META));
    }

    // ---- group ----

    static Shape groupByWeekday() {
        Plan p = plan("""
                {"id": "s1", "operation": "group", "group_by": "weekday", "metric": "range", "aggregate": "mean",
                 "session": "ETH"}""");
        String[] names = {"Monday", "Tuesday", "Wednesday", "Thursday", "Friday"};
        double[] v = {320.12, 342.9, 331.5, 325.25, 301.4};
        List<Map<String, Object>> rows = new ArrayList<>();
        for (int i = 0; i < 5; i++) {
            rows.add(row("weekday", (long) i + 1, "weekday_name", names[i], "count", 104L + i, "mean_range", v[i]));
        }
        return new Shape("group weekday", p, new QueryResult("s1", "group", grouped(rows, "weekday", "mean_range",
                rows.get(1), rows.get(4), null), List.of("weekday", "weekday_name", "count", "mean_range"), rows,
                List.of(), 537, META));
    }

    static Shape groupByMonth() {
        Plan p = plan("""
                {"id": "s1", "operation": "group", "group_by": "month", "metric": "change_pct", "aggregate": "median",
                 "period": {"from": "2015-01-01"}}""");
        String[] names = {"January", "February", "March", "April", "May", "June", "July", "August", "September",
                "October", "November", "December"};
        List<Map<String, Object>> rows = new ArrayList<>();
        for (int i = 0; i < 12; i++) {
            rows.add(row("month", (long) i + 1, "month_name", names[i], "count", 200L + i, "median_change_pct",
                    -0.3 + i * 0.07));
        }
        return new Shape("group month", p, new QueryResult("s1", "group", grouped(rows, "month", "median_change_pct",
                rows.get(11), rows.get(0), null), List.of("month", "month_name", "count", "median_change_pct"), rows,
                List.of(), 2460, META));
    }

    static Shape groupByQuarter() {
        Plan p = plan("""
                {"id": "s1", "operation": "group", "group_by": "quarter", "metric": "volume", "aggregate": "sum",
                 "session": "RTH"}""");
        List<Map<String, Object>> rows = new ArrayList<>();
        for (int q = 1; q <= 4; q++) {
            rows.add(row("quarter", (long) q, "quarter_name", "Q" + q, "count", 1100L + q, "sum_volume",
                    123_456_789L * q));
        }
        return new Shape("group quarter", p, new QueryResult("s1", "group", grouped(rows, "quarter", "sum_volume",
                rows.get(3), rows.get(0), null), List.of("quarter", "quarter_name", "count", "sum_volume"), rows,
                List.of(), 4410, META));
    }

    static Shape groupByYearCounts() {
        Plan p = plan("""
                {"id": "s1", "operation": "group", "group_by": "year",
                 "filters": [{"metric": "change_pct", "op": "<", "value": -2}]}""");
        List<Map<String, Object>> rows = new ArrayList<>();
        for (int y = 2020; y <= 2024; y++) {
            rows.add(row("year", (long) y, "count", (long) (y - 2010)));
        }
        return new Shape("group year counts", p, new QueryResult("s1", "group", grouped(rows, "year", "count",
                rows.get(4), rows.get(0), null), List.of("year", "count"), rows, List.of(), 60, META));
    }

    static Shape groupByHour() {
        Plan p = plan("""
                {"id": "s1", "operation": "group", "group_by": "hour", "metric": "range", "aggregate": "mean",
                 "session": "RTH", "timeframe": "1h", "period": {"from": "2024-01-01", "to": "2024-12-31"}}""");
        List<Map<String, Object>> rows = new ArrayList<>();
        for (int h = 9; h <= 16; h++) {
            rows.add(row("hour", (long) h, "count", 250L, "mean_range", 40.5 + h));
        }
        return new Shape("group hour", p, new QueryResult("s1", "group", grouped(rows, "hour", "mean_range",
                rows.get(7), rows.get(0), null), List.of("hour", "count", "mean_range"), rows, List.of(), 2000, META));
    }

    static Shape groupEmpty() {
        Plan p = plan("""
                {"id": "s1", "operation": "group", "group_by": "weekday", "gap": "up"}""");
        return new Shape("group empty", p, new QueryResult("s1", "group", new QueryResult.Summary("grouped", 0,
                "count", null, null, "weekday", Map.of(), null, null, null, null, NONE),
                List.of("weekday", "weekday_name", "count"), List.of(), List.of(), 0, META));
    }

    // ---- list and top_n ----

    static Shape listShort() {
        Plan p = plan("""
                {"id": "s1", "operation": "list", "metric": "range", "sort": "desc", "limit": 3, "session": "RTH",
                 "period": {"from": "2024-01-01", "to": "2024-12-31"}}""");
        List<Map<String, Object>> rows = List.of(
                row("trade_date", "2024-08-05", "weekday_name", "Monday", "open", 18011.5, "range", 812.25),
                row("trade_date", "2024-04-19", "weekday_name", "Friday", "open", 17420.0, "range", 640.5),
                row("trade_date", "2024-07-24", "weekday_name", "Wednesday", "open", 19700.25, "range", 603.75));
        return new Shape("list short", p, new QueryResult("s1", "list", listSummary(rows, "range"),
                List.of("trade_date", "weekday_name", "open", "range"), rows, List.of(), 3, META));
    }

    static QueryResult.Summary listSummary(List<Map<String, Object>> rows, String metric) {
        return new QueryResult.Summary("table", rows.size(), null, null, null, null, null, rows.get(0),
                rows.get(rows.size() - 1), null, null, null);
    }

    static Shape listLong() {
        Plan p = plan("""
                {"id": "s1", "operation": "list", "metric": "change_pct", "sort": "asc",
                 "period": {"from": "2022-01-01", "to": "2022-12-31"},
                 "filters": [{"metric": "change_pct", "op": "<", "value": -2}]}""");
        List<Map<String, Object>> rows = new ArrayList<>();
        double[] changes = {-5.06, -4.8, -4.1, -3.9, -3.3, -3.2, -2.9, -2.51};
        for (int i = 0; i < changes.length; i++) {
            rows.add(row("trade_date", "2022-0" + (i + 1) + "-1" + i, "weekday_name", "Tuesday", "close",
                    11000.25 + i, "change_pct", changes[i]));
        }
        return new Shape("list long", p, new QueryResult("s1", "list", listSummary(rows, "change_pct"),
                List.of("trade_date", "weekday_name", "close", "change_pct"), rows, List.of(), 8, META));
    }

    static Shape listCapped() {
        Shape s = listLong();
        return new Shape("list capped", s.plan(), new QueryResult("s1", "list", s.result().summary(),
                s.result().columns(), s.result().table(), List.of(), 1234, META));
    }

    static Shape listEmpty() {
        Plan p = listLong().plan();
        return new Shape("list empty", p, new QueryResult("s1", "list", new QueryResult.Summary("table", 0, null,
                null, null, null, null, null, null, null, null, NONE), List.of("trade_date", "change_pct"), List.of(),
                List.of(), 0, META));
    }

    static Shape listMonths() {
        Plan p = plan("""
                {"id": "s1", "operation": "list", "metric": "change_pct", "timeframe": "1M",
                 "period": {"from": "2024-01-01", "to": "2024-12-31"},
                 "filters": [{"metric": "is_green", "op": "=", "value": 1}]}""");
        String[] names = {"January", "March", "May", "July", "August", "November"};
        List<Map<String, Object>> rows = new ArrayList<>();
        for (int i = 0; i < names.length; i++) {
            rows.add(row("trade_date", "2024-%02d-01".formatted(2 * i + 1), "month_name", names[i], "days", 21L,
                    "change_pct", 1.25 + i));
        }
        return new Shape("list months", p, new QueryResult("s1", "list", listSummary(rows, "change_pct"),
                List.of("trade_date", "month_name", "days", "change_pct"), rows, List.of(), 6, META));
    }

    static Shape listBars() {
        Plan p = plan("""
                {"id": "s1", "operation": "list", "metric": "range", "sort": "desc", "limit": 2, "timeframe": "5m",
                 "session": "RTH_OPEN", "period": {"from": "2024-08-05", "to": "2024-08-05"}}""");
        List<Map<String, Object>> rows = List.of(
                row("trade_date", "2024-08-05", "bar_time", "2024-08-05 09:30", "hour", 9L, "range", 120.5),
                row("trade_date", "2024-08-05", "bar_time", "2024-08-05 09:45", "hour", 9L, "range", 98.25));
        return new Shape("list bars", p, new QueryResult("s1", "list", listSummary(rows, "range"),
                List.of("trade_date", "bar_time", "hour", "range"), rows, List.of(), 2, META));
    }

    static Shape topNPerMonth() {
        Plan p = plan("""
                {"id": "s1", "operation": "top_n", "metric": "range", "limit": 2, "group_by": "month",
                 "session": "RTH", "period": {"from": "2024-01-01", "to": "2024-12-31"}}""");
        List<Map<String, Object>> rows = new ArrayList<>();
        String[] months = {"January", "February", "March"};
        double[] ranges = {412.5, 390.25, 455.0, 301.75, 520.5, 480.0};
        for (int i = 0; i < 6; i++) {
            rows.add(row("trade_date", "2024-0" + (i / 2 + 1) + "-1" + i, "month", (long) (i / 2 + 1),
                    "month_name", months[i / 2], "range", ranges[i], "rank", (long) (i % 2 + 1)));
        }
        List<String> pick = List.of("trade_date", "month_name", "range");
        QueryResult.Summary s = new QueryResult.Summary("table", 6, null, null, null, null,
                Map.of("range", new QueryResult.ColumnStats(301.75, 520.5, 426.67)), pick(rows.get(0), pick),
                pick(rows.get(5), pick), pick(rows.get(4), pick), pick(rows.get(3), pick), null);
        return new Shape("top_n per month", p, new QueryResult("s1", "top_n", s, List.of("trade_date", "month",
                "month_name", "range", "rank"), rows, List.of(), 6, META));
    }

    static Map<String, Object> pick(Map<String, Object> row, List<String> keys) {
        Map<String, Object> out = new LinkedHashMap<>();
        keys.forEach(k -> out.put(k, row.get(k)));
        return out;
    }

    // ---- distribution ----

    static final Plan DISTRIBUTION = plan("""
            {"id": "s1", "operation": "distribution", "metric": "change_pct",
             "period": {"from": "2024-01-01", "to": "2024-12-31"}}""");

    static Shape distribution() {
        List<Map<String, Object>> bins = List.of(
                row("bin", 1L, "bin_from", -3.12, "bin_to", -1.7, "count", 9L, "pct", 3.59),
                row("bin", 2L, "bin_from", -1.7, "bin_to", -0.28, "count", 61L, "pct", 24.3),
                row("bin", 3L, "bin_from", -0.28, "bin_to", 1.14, "count", 142L, "pct", 56.57),
                row("bin", 4L, "bin_from", 1.14, "bin_to", 2.56, "count", 39L, "pct", 15.54));
        QueryResult.Summary s = new QueryResult.Summary("dict", 4, "mean", 0.11,
                values("count", 251L, "mean", 0.11, "median", 0.16, "std", 1.07, "min", -3.12, "max", 2.56,
                        "p5", -1.83, "p25", -0.47, "p50", 0.16, "p75", 0.73, "p95", 1.64),
                "bin", null, null, null, bins.get(2), null, labels("metric", "change_pct"));
        return new Shape("distribution", DISTRIBUTION, new QueryResult("s1", "distribution", s,
                List.of("bin", "bin_from", "bin_to", "count", "pct"), bins,
                List.of(row("trade_date", "2024-01-02", "change_pct", -1.6)), 251, META));
    }

    static Shape distributionOfRange() {
        Plan p = plan("""
                {"id": "s1", "operation": "distribution", "metric": "range", "bins": 3, "session": "RTH"}""");
        List<Map<String, Object>> bins = List.of(
                row("bin", 1L, "bin_from", 80.25, "bin_to", 300.5, "count", 2900L, "pct", 65.2),
                row("bin", 2L, "bin_from", 300.5, "bin_to", 520.75, "count", 1400L, "pct", 31.47),
                row("bin", 3L, "bin_from", 520.75, "bin_to", 1741.0, "count", 148L, "pct", 3.33));
        QueryResult.Summary s = new QueryResult.Summary("dict", 3, "mean", 278.4,
                values("count", 4448L, "mean", 278.4, "median", 251.25, "std", 130.02, "min", 80.25, "max", 1741,
                        "p5", 120.5, "p95", 512.75),
                "bin", null, null, null, bins.get(0), null, labels("metric", "range"));
        return new Shape("distribution range", p, new QueryResult("s1", "distribution", s,
                List.of("bin", "bin_from", "bin_to", "count", "pct"), bins, List.of(), 4448, META));
    }

    static Shape distributionEmpty() {
        return new Shape("distribution empty", DISTRIBUTION, new QueryResult("s1", "distribution",
                new QueryResult.Summary("dict", 0, "mean", null, values("count", 0, "mean", null), "bin", null, null,
                        null, null, null, NONE), List.of("bin", "bin_from", "bin_to", "count", "pct"), List.of(),
                List.of(), 0, META));
    }

    // ---- probability ----

    static final Plan PROBABILITY = plan("""
            {"id": "s1", "operation": "probability", "gap": "up", "weekdays": ["monday"], "offset": 1,
             "outcome": {"metric": "change_pct", "op": ">", "value": 0}}""");

    static Shape probability(Plan plan, long matches, long total, Double p, String offsetLabel) {
        Map<String, Object> answer = row("probability", p, "matches", matches, "total", total,
                "base_probability", 53.2, "base_total", 788L);
        Plan.Condition o = plan.outcome();
        Map<String, String> words = labels("outcome", o.metric() + " " + o.op() + " " + (long) o.value(), "offset",
                offsetLabel);
        if (total == 0) {
            words.put("note", "no such days");
        }
        QueryResult.Summary s = new QueryResult.Summary("dict", 1, "probability", p == null ? 0.0 : p,
                values("probability", p == null ? 0.0 : p, "matches", matches, "total", total,
                        "base_probability", 53.2, "base_total", 788L),
                null, null, null, null, null, null, words);
        return new Shape("probability " + plan.outcome().metric() + " " + total, plan, new QueryResult("s1",
                "probability", s, List.of("probability", "matches", "total", "base_probability", "base_total"),
                List.of(answer), List.of(), total, META));
    }

    static Shape probabilityAugusts() {
        Plan p = plan("""
                {"id": "s1", "operation": "probability", "timeframe": "1M", "months": ["august"],
                 "period": {"from": "2015-01-01"}, "outcome": {"metric": "is_green", "op": "=", "value": 1}}""");
        QueryResult.Summary s = new QueryResult.Summary("dict", 1, "probability", 63.64,
                values("probability", 63.64, "matches", 7, "total", 11, "base_probability", 63.64, "base_total", 11),
                null, null, null, null, null, null, labels("outcome", "is_green = 1", "offset", "same month"));
        return new Shape("probability augusts", p, new QueryResult("s1", "probability", s,
                List.of("probability", "matches", "total", "base_probability", "base_total"),
                List.of(row("probability", 63.64, "matches", 7L, "total", 11L, "base_probability", 63.64,
                        "base_total", 11L)), List.of(), 11, META));
    }

    // ---- streak, correlation, around ----

    static final Plan STREAK = plan("""
            {"id": "s1", "operation": "streak", "gap": "down", "min_length": 3,
             "period": {"from": "2022-01-01", "to": "2024-12-31"}}""");

    static Shape streak() {
        List<Map<String, Object>> runs = List.of(
                row("start", "2022-05-02", "end", "2022-05-09", "length", 6L),
                row("start", "2023-02-13", "end", "2023-02-16", "length", 4L),
                row("start", "2022-09-12", "end", "2022-09-14", "length", 3L));
        QueryResult.Summary s = new QueryResult.Summary("table", 3, "length", null,
                values("runs", 3, "max_length", 6, "mean_length", 4.33, "days", 13), null, null, runs.get(0),
                runs.get(2), runs.get(0), runs.get(2), null);
        return new Shape("streak", STREAK, new QueryResult("s1", "streak", s, List.of("start", "end", "length"),
                runs, List.of(), 13, META));
    }

    static Shape streakNone() {
        QueryResult.Summary none = new QueryResult.Summary("table", 0, "length", null,
                values("runs", 0, "max_length", 0, "mean_length", 0.0, "days", 0), null, Map.of(), null, null, null,
                null, labels("note", "no such runs"));
        return new Shape("streak none", STREAK, new QueryResult("s1", "streak", none,
                List.of("start", "end", "length"), List.of(), List.of(), 0, META));
    }

    static final Plan CORRELATION = plan("""
            {"id": "s1", "operation": "correlation", "metric": "gap_pct", "metric2": "change_pct", "session": "RTH"}""");

    static Shape correlation(Double r, long n, Map<String, String> words) {
        QueryResult.Summary s = new QueryResult.Summary("dict", 1, "correlation", r,
                values("correlation", r, "n", n), null, null, null, null, null, null, words);
        return new Shape("correlation " + r + " " + n, CORRELATION, new QueryResult("s1", "correlation", s,
                List.of("correlation", "n"), List.of(row("correlation", r, "n", n)), List.of(), n, META));
    }

    static final Plan AROUND = plan("""
            {"id": "s1", "operation": "around", "events": ["fomc"], "offsets": [-1, 1, 5]}""");

    static Shape around() {
        List<Map<String, Object>> rows = List.of(
                row("day", -1L, "count", 25L, "mean", 0.08, "median", 0.1, "min", -1.9, "max", 2.2, "positive", 14L,
                        "negative", 11L, "positive_pct", 56.0),
                row("day", 1L, "count", 25L, "mean", -0.21, "median", -0.15, "min", -3.1, "max", 1.8, "positive", 10L,
                        "negative", 15L, "positive_pct", 40.0),
                row("day", 5L, "count", 0L, "mean", null, "median", null, "min", null, "max", null, "positive", 0L,
                        "negative", 0L, "positive_pct", null));
        QueryResult.Summary s = new QueryResult.Summary("grouped", 3, "mean", null, null, "day", null, null, null,
                row("day", -1L, "count", 25L, "mean", 0.08), row("day", 1L, "count", 25L, "mean", -0.21),
                labels("metric", "change_pct"));
        return new Shape("around", AROUND, new QueryResult("s1", "around", s,
                List.of("day", "count", "mean", "median", "min", "max", "positive", "negative", "positive_pct"), rows,
                List.of(row("trade_date", "2024-01-31", "change_pct_next_1", 0.5)), 25, META));
    }

    static Shape aroundRange() {
        Plan p = plan("""
                {"id": "s1", "operation": "around", "metric": "range", "session": "RTH",
                 "consecutive": {"color": "red", "length": 3}, "offsets": [0, 2]}""");
        List<Map<String, Object>> rows = List.of(
                row("day", 0L, "count", 40L, "mean", 310.5, "positive", 40L, "negative", 0L, "positive_pct", 100.0),
                row("day", 2L, "count", 39L, "mean", 298.25, "positive", 39L, "negative", 0L, "positive_pct", 100.0));
        return new Shape("around range", p, new QueryResult("s1", "around", new QueryResult.Summary("grouped", 2,
                "mean", null, null, "day", null, null, null, rows.get(0), rows.get(1), labels("metric", "range")),
                List.of("day", "count", "mean", "positive", "negative", "positive_pct"), rows, List.of(), 40, META));
    }

    // ---- compare ----

    static final Plan COMPARE = plan("""
            {"id": "s1", "operation": "compare", "metric": "change_pct",
             "variants": [{"events": ["fomc"], "label": "FOMC"},
                          {"filters": [{"metric": "is_fomc", "op": "=", "value": 0}], "label": "other days"}]}""");

    static Shape compare() {
        List<Map<String, Object>> rows = List.of(
                row("variant", "FOMC", "session", "ETH", "period_from", "2021-11-01", "period_to", "2024-12-31",
                        "metric", "change_pct", "count", 25L, "mean_change_pct", 0.31),
                row("variant", "other days", "session", "ETH", "period_from", "2021-11-01", "period_to", "2024-12-31",
                        "metric", "change_pct", "count", 763L, "mean_change_pct", 0.04));
        return new Shape("compare", COMPARE, new QueryResult("s1", "compare", grouped(rows, "variant",
                "mean_change_pct", rows.get(0), rows.get(1), null), List.of("variant", "session", "period_from",
                "period_to", "metric", "count", "mean_change_pct"), rows, List.of(), 788, META));
    }

    static Shape compareMetrics() {
        Plan p = plan("""
                {"id": "s1", "operation": "compare", "session": "RTH", "aggregate": "max",
                 "variants": [{"metric": "range"}, {"metric": "change_pct"}]}""");
        List<Map<String, Object>> rows = List.of(
                row("variant", "range", "session", "RTH", "metric", "range", "count", 20L, "value", 15.0),
                row("variant", "change_pct", "session", "RTH", "metric", "change_pct", "count", 20L, "value", 1.0));
        return new Shape("compare metrics", p, new QueryResult("s1", "compare", grouped(rows, "variant", "value",
                rows.get(0), rows.get(1), null), List.of("variant", "session", "metric", "count", "value"), rows,
                List.of(), 40, META));
    }

    static Shape compareYears() {
        Plan p = plan("""
                {"id": "s1", "operation": "compare", "metric": "range", "aggregate": "mean", "session": "RTH",
                 "mode": "multi_period",
                 "variants": [{"period": {"from": "2023-01-01", "to": "2023-12-31"}},
                              {"period": {"from": "2024-01-01", "to": "2024-12-31"}}]}""");
        List<Map<String, Object>> rows = List.of(
                row("variant", "2023-01-01…2023-12-31", "session", "RTH", "period_from", "2023-01-03",
                        "period_to", "2023-12-29", "metric", "range", "count", 250L, "mean_range", 231.5),
                row("variant", "2024-01-01…2024-12-31", "session", "RTH", "period_from", "2024-01-02",
                        "period_to", "2024-12-31", "metric", "range", "count", 252L, "mean_range", 245.31));
        return new Shape("compare years", p, new QueryResult("s1", "compare", grouped(rows, "variant", "mean_range",
                rows.get(1), rows.get(0), null), List.of("variant", "session", "period_from", "period_to", "metric",
                "count", "mean_range"), rows, List.of(), 502, META));
    }

    static Shape compareSessionsAndWeekdays() {
        Plan p = plan("""
                {"id": "s1", "operation": "compare",
                 "variants": [{"session": "RTH_OPEN", "weekdays": ["monday"]}, {"session": "NY_CLOSE",
                               "weekdays": ["friday"]}]}""");
        List<Map<String, Object>> rows = List.of(row("variant", "RTH_OPEN, monday", "count", 4L),
                row("variant", "NY_CLOSE, friday", "count", 5L));
        return new Shape("compare sessions", p, new QueryResult("s1", "compare", grouped(rows, "variant", "count",
                rows.get(1), rows.get(0), null), List.of("variant", "count"), rows, List.of(), 9, META));
    }

    static Shape compareEmpty() {
        return new Shape("compare empty", COMPARE, new QueryResult("s1", "compare", new QueryResult.Summary("grouped",
                2, "mean_change_pct", null, null, "variant", Map.of(), null, null, null, null, NONE),
                List.of("variant", "count", "mean_change_pct"),
                List.of(row("variant", "FOMC", "count", 0L, "mean_change_pct", null)), List.of(), 0, META));
    }

    // ---- formation ----

    static Shape formationHour() {
        Plan p = plan("""
                {"id": "s1", "operation": "formation", "extreme": "high", "session": "RTH"}""");
        List<Map<String, Object>> rows = List.of(
                row("hour", "09:00", "count", 301L, "pct", 26.5), row("hour", "10:00", "count", 312L, "pct", 27.4),
                row("hour", "11:00", "count", 101L, "pct", 8.9), row("hour", "15:00", "count", 250L, "pct", 22.0));
        return new Shape("formation hour", p, new QueryResult("s1", "formation", grouped(rows, "hour", "count",
                rows.get(1), rows.get(2), null), List.of("hour", "count", "pct"), rows, List.of(), 964, META));
    }

    static Shape formation(String extreme, String bucket, String column) {
        Plan p = plan("""
                {"id": "s1", "operation": "formation", "extreme": "%s", "session": "RTH", "bucket": "%s"}"""
                .formatted(extreme, bucket));
        List<Map<String, Object>> rows = List.of(row(column, "09:30", "count", 120L, "pct", 15.2),
                row(column, "09:45", "count", 64L, "pct", 8.11), row(column, "15:45", "count", 131L, "pct", 16.6));
        return new Shape("formation " + extreme + " " + bucket, p, new QueryResult("s1", "formation",
                grouped(rows, column, "count", rows.get(2), rows.get(1), null), List.of(column, "count", "pct"), rows,
                List.of(row("trade_date", "2024-01-02", "overnight_high_break_time", "09:47", "overnight_high",
                        17200.25)), 789, META));
    }

    static Shape formationEmpty() {
        Plan p = formationHour().plan();
        return new Shape("formation empty", p, new QueryResult("s1", "formation", new QueryResult.Summary("grouped",
                0, "count", null, null, "hour", Map.of(), null, null, null, null, NONE), List.of("hour", "count", "pct"),
                List.of(), List.of(), 0, META));
    }

    // ---- snapshot ----

    static Map<String, Object> snapshotRow(String date, String weekday, String session, double open, double high,
                                           double low, double close, double change, double changePct, double gap,
                                           double gapPct, long volume, Double rangeVsAvg, Double volumeVsAvg) {
        double range = high - low;
        return row("trade_date", date, "weekday_name", weekday, "session", session, "open", open, "high", high, "low",
                low, "close", close, "range", range, "change", change, "change_pct", changePct, "gap", gap, "gap_pct",
                gapPct, "volume", volume, "high_time", "09:41", "low_time", "13:05", "avg_20d_range",
                rangeVsAvg == null ? null : 452.11, "range_vs_avg", rangeVsAvg, "avg_20d_volume",
                volumeVsAvg == null ? null : 412_345.5, "volume_vs_avg", volumeVsAvg);
    }

    static final List<String> SNAPSHOT_COLUMNS = List.of("trade_date", "weekday_name", "session", "open", "high",
            "low", "close", "range", "change", "change_pct", "gap", "gap_pct", "volume", "high_time", "low_time",
            "avg_20d_range", "range_vs_avg", "avg_20d_volume", "volume_vs_avg");

    static QueryResult.Summary snapshotSummary(List<Map<String, Object>> rows, String note) {
        Map<String, Double> v = new LinkedHashMap<>();
        Map<String, String> words = new LinkedHashMap<>();
        if (!rows.isEmpty()) {
            rows.get(0).forEach((k, val) -> {
                if (val instanceof Number n) {
                    v.put(k, n.doubleValue());
                } else if (val != null) {
                    words.put(k, val.toString());
                }
            });
        }
        if (note != null) {
            words.put("note", note);
        }
        return new QueryResult.Summary("dict", rows.size(), "close", v.get("close"), v, null, null, null, null, null,
                null, words);
    }

    static Shape snapshotDay() {
        Plan p = plan("""
                {"id": "s1", "operation": "snapshot", "session": "ETH",
                 "period": {"from": "2024-08-05", "to": "2024-08-05"}}""");
        List<Map<String, Object>> rows = List.of(
                snapshotRow("2024-08-05", "Monday", "ETH", 18360.25, 18401.5, 17200.25, 17800.25, -560.0, -3.05,
                        -4.5, -0.02, 912_345L, 1.82, 1.41),
                snapshotRow("2024-08-05", "Monday", "RTH", 18011.5, 18230.0, 17420.0, 17800.25, -560.0, -3.05,
                        -348.75, -1.9, 612_345L, 1.79, 0.65));
        return new Shape("snapshot day", p, new QueryResult("s1", "snapshot", snapshotSummary(rows, null),
                SNAPSHOT_COLUMNS, rows, rows, 2, META));
    }

    static Shape snapshotDays(int days, String note) {
        Plan p = plan("""
                {"id": "s1", "operation": "snapshot", "period": {"from": "2024-12-20", "to": "2024-12-31"}}""");
        String[] dates = {"2024-12-20", "2024-12-23", "2024-12-24", "2024-12-26", "2024-12-27", "2024-12-30",
                "2024-12-31"};
        String[] weekdays = {"Friday", "Monday", "Tuesday", "Thursday", "Friday", "Monday", "Tuesday"};
        List<Map<String, Object>> rows = new ArrayList<>();
        for (int i = 0; i < days; i++) {
            double pct = i % 2 == 0 ? 0.5 + i : -0.25 - i;
            rows.add(snapshotRow(dates[i], weekdays[i], "ETH", 21000 + i, 21100.5 + i, 20900.25 + i, 21050 + i,
                    50.5 + i, pct, 2.25, 0.01, 300_000L + i, null, null));
            rows.add(snapshotRow(dates[i], weekdays[i], "RTH", 21010 + i, 21090.5 + i, 20950.25 + i, 21040 + i,
                    40.5 + i, pct, i == 2 ? 0.0 : 10.25, i == 2 ? 0.0 : 0.05, 200_000L + i, i == 1 ? null : 0.6 + i * 0.2,
                    0.9));
        }
        return new Shape("snapshot " + days + " days", p, new QueryResult("s1", "snapshot",
                snapshotSummary(rows, note), SNAPSHOT_COLUMNS, rows, rows, rows.size(), META));
    }

    static Shape snapshotEmpty() {
        Plan p = plan("""
                {"id": "s1", "operation": "snapshot", "period": {"from": "2024-12-25", "to": "2024-12-25"}}""");
        return new Shape("snapshot empty", p, new QueryResult("s1", "snapshot", snapshotSummary(List.of(),
                "no such days; no trading on 2024-12-25 (Christmas)"), SNAPSHOT_COLUMNS, List.of(), List.of(), 0, META));
    }

    // ---- gap fill ----

    static Map<String, Object> gapRow(String size, double from, Double to, long days, long filled, Double pct,
                                      Double median, Double mean) {
        return row("gap_size", size, "gap_from_pct", from, "gap_to_pct", to, "days", days, "filled", filled,
                "filled_pct", pct, "median_minutes", median, "mean_minutes", mean);
    }

    static Shape gapFill() {
        Plan p = plan("""
                {"id": "s1", "operation": "gap_fill", "session": "RTH", "gap": "up", "period": {"from": "2020-01-01"}}""");
        List<Map<String, Object>> rows = List.of(
                gapRow("0–0.25%", 0, 0.25, 600, 552, 92.0, 6.0, 21.5),
                gapRow("0.25–0.5%", 0.25, 0.5, 300, 210, 70.0, 25.0, 48.25),
                gapRow("0.5–1%", 0.5, 1.0, 150, 60, 40.0, 71.0, 95.5),
                gapRow("1%+", 1, null, 0, 0, null, null, null),
                gapRow("all", 0, null, 1050, 822, 78.29, 11.0, 35.12));
        Map<String, Double> v = values("days", 1050, "filled", 822, "filled_pct", 78.29, "median_minutes", 11,
                "mean_minutes", 35.12);
        return new Shape("gap_fill", p, new QueryResult("s1", "gap_fill", new QueryResult.Summary("dict", 5,
                "filled_pct", 78.29, v, "gap_size", null, null, null, null, null, null),
                List.of("gap_size", "gap_from_pct", "gap_to_pct", "days", "filled", "filled_pct", "median_minutes",
                        "mean_minutes"), rows, List.of(row("trade_date", "2024-01-02", "gap", 12.5, "gap_pct", 0.07,
                "gap_filled", 1L, "gap_fill_minutes", 3L, "gap_fill_time", "09:33")), 1050, META));
    }

    static Shape gapFillNone() {
        Plan p = gapFill().plan();
        List<Map<String, Object>> rows = List.of(
                gapRow("0–0.25%", 0, 0.25, 0, 0, null, null, null), gapRow("0.25–0.5%", 0.25, 0.5, 0, 0, null, null, null),
                gapRow("0.5–1%", 0.5, 1.0, 0, 0, null, null, null), gapRow("1%+", 1, null, 0, 0, null, null, null),
                gapRow("all", 0, null, 0, 0, null, null, null));
        return new Shape("gap_fill none", p, new QueryResult("s1", "gap_fill", new QueryResult.Summary("dict", 5,
                "filled_pct", null, values("days", 0, "filled", 0, "filled_pct", null, "median_minutes", null,
                "mean_minutes", null), "gap_size", null, null, null, null, null, labels("note", "no gap days")),
                List.of("gap_size", "gap_from_pct", "gap_to_pct", "days", "filled", "filled_pct", "median_minutes",
                        "mean_minutes"), rows, List.of(), 0, META));
    }

    /** One shape of every operation and every kind of result: values, tables, empty answers. */
    static List<Shape> all() {
        List<Shape> out = new ArrayList<>(List.of(count(132), count(0), aggregate(),
                aggregateOf("change_pct", "std", 1.07, 251), aggregateOf("volume", "sum", 123_456_789, 251),
                aggregateOf("overnight_high_break_minutes", "median", 34.5, 180),
                aggregateOf("upper_wick", "max", 212.75, 251), aggregateEmpty(),
                groupByWeekday(), groupByMonth(), groupByQuarter(), groupByYearCounts(), groupByHour(), groupEmpty(),
                listShort(), listLong(), listCapped(), listEmpty(), listMonths(), listBars(), topNPerMonth(),
                distribution(), distributionOfRange(), distributionEmpty(),
                probability(PROBABILITY, 50, 86, 58.14, "1 trading day(s) later"),
                probability(PROBABILITY, 0, 0, null, "1 trading day(s) later"),
                probability(plan("""
                        {"id": "s1", "operation": "probability", "session": "RTH",
                         "outcome": {"metric": "broke_overnight_high", "op": "=", "value": 1}}"""), 2200, 4400, 50.0,
                        "same day"),
                probability(plan("""
                        {"id": "s1", "operation": "probability", "timeframe": "1W", "offset": 1,
                         "consecutive": {"color": "red", "length": 2},
                         "outcome": {"metric": "is_green", "op": "=", "value": 1}}"""), 61, 110, 55.45,
                        "1 week(s) later"),
                probability(plan("""
                        {"id": "s1", "operation": "probability", "offset": 5,
                         "filters": [{"metric": "range", "op": ">", "value": 1.5, "ref": "avg", "days": 20}],
                         "outcome": {"metric": "change_pct", "op": "<", "value": -1}}"""), 30, 120, 25.0,
                        "5 trading day(s) later"),
                probabilityAugusts(),
                streak(), streakNone(),
                correlation(-0.43, 788, labels("metric", "gap_pct", "metric2", "change_pct", "strength", "moderate",
                        "direction", "negative")),
                correlation(0.05, 788, labels("strength", "none", "direction", "positive")),
                correlation(0.85, 400, labels("strength", "very strong", "direction", "positive")),
                correlation(null, 2, labels("note", "fewer than 3 days with both values")),
                correlation(null, 0, NONE),
                around(), aroundRange(),
                compare(), compareMetrics(), compareYears(), compareSessionsAndWeekdays(), compareEmpty(),
                formationHour(), formation("high", "15m", "time"), formation("low", "2h", "time"),
                formation("overnight_high_break", "30m", "time"), formation("overnight_low_break", "5m", "time"),
                formationEmpty(),
                snapshotDay(), snapshotDays(3, "no trading on 2024-12-21 (weekend), 2024-12-22 (weekend)"),
                snapshotDays(7, "no trading on 2024-12-25 (Christmas); no data for 2024-12-31"), snapshotEmpty(),
                gapFill(), gapFillNone()));
        return out;
    }
}
