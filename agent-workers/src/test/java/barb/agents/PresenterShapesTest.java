package barb.agents;

import barb.core.Json;
import barb.core.Plan;
import barb.core.QueryResult;
import barb.core.RequestEnvelope;
import barb.core.StageOutcome;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The presenter's answer for every result shape of the schema-v2 executor, in English and Russian. The results
 * are built the way barb.executor.PlanExecutor and ResultSummaries build them (same columns, summary types,
 * values and labels); every number in the text must be one of the result's or the plan's.
 */
class PresenterShapesTest {
    private static final Pattern NUMBER = Pattern.compile("\\d{4}-\\d{2}-\\d{2}|\\d+(?:\\.\\d+)?");
    private static final QueryResult.Metadata META = new QueryResult.Metadata("2024-01-02", "2024-12-31", "ETH",
            "1D", 251, "synthetic", "SELECT 1", List.of(), 3);

    private static Plan plan(String json) {
        return Json.convert(Json.parse(json), Plan.class);
    }

    private static Map<String, Object> row(Object... kv) {
        Map<String, Object> m = new LinkedHashMap<>();
        for (int i = 0; i < kv.length; i += 2) {
            m.put((String) kv[i], kv[i + 1]);
        }
        return m;
    }

    private static Map<String, Double> values(Object... kv) {
        Map<String, Double> m = new LinkedHashMap<>();
        for (int i = 0; i < kv.length; i += 2) {
            m.put((String) kv[i], kv[i + 1] == null ? null : ((Number) kv[i + 1]).doubleValue());
        }
        return m;
    }

    private static Map<String, String> labels(String... kv) {
        Map<String, String> m = new LinkedHashMap<>();
        for (int i = 0; i < kv.length; i += 2) {
            m.put(kv[i], kv[i + 1]);
        }
        return m;
    }

    private static StageOutcome present(Plan plan, QueryResult result, String lang) {
        RequestEnvelope env = Pipeline.envelope("q", null, false)
                .withIntent("data", lang, "q")
                .withParsedQuery(Json.parse("[{\"id\":\"s1\"}]"))
                .withPlans(Json.tree(List.of(plan)))
                .withResults(Json.tree(List.of(result)));
        return new PresenterHandler().handle(env);
    }

    private static String text(Plan plan, QueryResult result, String lang) {
        return present(plan, result, lang).finish().response();
    }

    private static String type(Plan plan, QueryResult result, String lang) {
        return present(plan, result, lang).output().get("type").asText();
    }

    /** Every number in the text is one of the allowed ones (compared as absolute numbers; dates as text). */
    static void assertOnlyNumbers(String text, Object... allowed) {
        Set<String> dates = new HashSet<>();
        Set<Double> numbers = new HashSet<>();
        for (Object a : allowed) {
            if (a instanceof String s && s.matches("\\d{4}-\\d{2}-\\d{2}")) {
                dates.add(s);
            } else {
                numbers.add(Math.abs(Double.parseDouble(a.toString())));
            }
        }
        Matcher m = NUMBER.matcher(text.replaceAll("(\\d{2}):00", "$1"));
        List<String> unexpected = new ArrayList<>();
        while (m.find()) {
            String found = m.group();
            boolean ok = found.contains("-") ? dates.contains(found) : numbers.contains(Double.parseDouble(found));
            if (!ok) {
                unexpected.add(found);
            }
        }
        assertThat(unexpected).as("numbers not in the result or question: " + text).isEmpty();
    }

    // ---- distribution ----

    private static final Plan DISTRIBUTION = plan("""
            {"id": "s1", "operation": "distribution", "metric": "change_pct",
             "period": {"from": "2024-01-01", "to": "2024-12-31"}}""");

    private static QueryResult distribution() {
        List<Map<String, Object>> bins = List.of(
                row("bin", 1L, "bin_from", -3.12, "bin_to", -1.7, "count", 9L, "pct", 3.59),
                row("bin", 2L, "bin_from", -1.7, "bin_to", -0.28, "count", 61L, "pct", 24.3),
                row("bin", 3L, "bin_from", -0.28, "bin_to", 1.14, "count", 142L, "pct", 56.57),
                row("bin", 4L, "bin_from", 1.14, "bin_to", 2.56, "count", 39L, "pct", 15.54));
        QueryResult.Summary s = new QueryResult.Summary("dict", 4, "mean", 0.11,
                values("count", 251L, "mean", 0.11, "median", 0.16, "std", 1.07, "min", -3.12, "max", 2.56,
                        "p5", -1.83, "p25", -0.47, "p50", 0.16, "p75", 0.73, "p95", 1.64),
                "bin", null, null, null, bins.get(2), null, labels("metric", "change_pct"));
        return new QueryResult("s1", "distribution", s, List.of("bin", "bin_from", "bin_to", "count", "pct"), bins,
                List.of(row("trade_date", "2024-01-02", "change_pct", -1.6)), 251, META);
    }

    @Test
    void distributionGivesCentreSpreadPercentilesAndPointsToTheHistogram() {
        QueryResult r = distribution();
        String en = text(DISTRIBUTION, r, "en");
        assertThat(en).isEqualTo("Distribution of change (%) in 2024 (synthetic data): 251 days; mean 0.11%, "
                + "median 0.16%, std 1.07%; p5 -1.83%, p25 -0.47%, p75 0.73%, p95 1.64%; min -3.12%, max 2.56%. "
                + "Most often (56.57% of days) between -0.28 and 1.14%. The histogram (4 bins) is in the data block.");
        Object[] allowed = {2024, 251, 0.11, 0.16, 1.07, 5, -1.83, 25, -0.47, 75, 0.73, 95, 1.64, -3.12, 2.56, 56.57,
                -0.28, 1.14, 4};
        assertOnlyNumbers(en, allowed);
        String ru = text(DISTRIBUTION, r, "ru");
        assertThat(ru).startsWith("Распределение: изменение (%) за 2024 (синтетические данные): дней — 251; "
                + "среднее 0.11%, медиана 0.16%, ст. отклонение 1.07%; p5 -1.83%")
                .contains("Гистограмма (интервалов: 4) — в блоке данных.");
        assertOnlyNumbers(ru, allowed);
        assertThat(type(DISTRIBUTION, r, "en")).isEqualTo("single");
    }

    // ---- probability ----

    private static final Plan PROBABILITY = plan("""
            {"id": "s1", "operation": "probability", "gap": "up", "weekdays": ["monday"], "offset": 1,
             "outcome": {"metric": "change_pct", "op": ">", "value": 0}}""");

    private static QueryResult probability(long matches, long total, Double p, Map<String, String> note) {
        Map<String, Object> answer = row("probability", p, "matches", matches, "total", total,
                "base_probability", 53.2, "base_total", 788L);
        Map<String, String> words = labels("outcome", "change_pct > 0", "offset", "1 trading day(s) later");
        if (note != null) {
            words.putAll(note);
        }
        QueryResult.Summary s = new QueryResult.Summary("dict", 1, "probability", p == null ? 0.0 : p,
                values("probability", p == null ? 0.0 : p, "matches", matches, "total", total,
                        "base_probability", 53.2, "base_total", 788L),
                null, null, null, null, null, null, words);
        return new QueryResult("s1", "probability", s,
                List.of("probability", "matches", "total", "base_probability", "base_total"), List.of(answer),
                List.of(), total, META);
    }

    @Test
    void probabilityIsAPercentageWithMatchesAndTheBaseRate() {
        QueryResult r = probability(50, 86, 58.14, null);
        String en = text(PROBABILITY, r, "en");
        assertThat(en).isEqualTo("Probability that change (%) > 0 on the next trading day over all data — "
                + "Monday, gap-up days (synthetic data): 58.14% (50 of 86 days). For comparison, over all 788 days "
                + "of the period: 53.2%.");
        Object[] allowed = {0, 58.14, 50, 86, 788, 53.2};
        assertOnlyNumbers(en, allowed);
        String ru = text(PROBABILITY, r, "ru");
        assertThat(ru).isEqualTo("Вероятность, что изменение (%) > 0 на следующий торговый день за всю историю — "
                + "понедельник, дни с гэпом вверх (синтетические данные): 58.14% (50 из 86 дней). Для сравнения, "
                + "по всем дням периода (788): 53.2%.");
        assertOnlyNumbers(ru, allowed);
    }

    @Test
    void probabilityWithoutMatchingDaysIsNoData() {
        QueryResult r = probability(0, 0, null, labels("note", "no such days"));
        StageOutcome o = present(PROBABILITY, r, "en");
        assertThat(o.finish().response()).endsWith(": no such days (synthetic data).");
        assertThat(o.output().get("type").asText()).isEqualTo("no_data");
        assertThat(text(PROBABILITY, r, "ru")).endsWith(": таких дней нет (синтетические данные).");
    }

    // ---- streak ----

    private static final Plan STREAK = plan("""
            {"id": "s1", "operation": "streak", "gap": "down", "min_length": 3,
             "period": {"from": "2022-01-01", "to": "2024-12-31"}}""");

    @Test
    void streakGivesRunsLongestWithDatesAndMeanLength() {
        List<Map<String, Object>> runs = List.of(
                row("start", "2022-05-02", "end", "2022-05-09", "length", 6L),
                row("start", "2023-02-13", "end", "2023-02-16", "length", 4L),
                row("start", "2022-09-12", "end", "2022-09-14", "length", 3L));
        List<String> pick = List.of("start", "end", "length");
        QueryResult.Summary s = new QueryResult.Summary("table", 3, "length", null,
                values("runs", 3, "max_length", 6, "mean_length", 4.33, "days", 13), null, null, runs.get(0),
                runs.get(2), runs.get(0), runs.get(2), null);
        QueryResult r = new QueryResult("s1", "streak", s, pick, runs, List.of(), 13, META);

        String en = text(STREAK, r, "en");
        assertThat(en).isEqualTo("Runs of consecutive matching days in 2022–2024 — gap-down days (synthetic data): "
                + "3 runs of at least 3 days; the longest lasted 6 days, from 2022-05-02 to 2022-05-09; mean length "
                + "4.33 days. Every run is in the data block.");
        Object[] allowed = {2022, 2024, 3, 6, "2022-05-02", "2022-05-09", 4.33};
        assertOnlyNumbers(en, allowed);
        String ru = text(STREAK, r, "ru");
        assertThat(ru).contains("серий (не короче 3 дн.) — 3; самая длинная — 6 дн., с 2022-05-02 по 2022-05-09; "
                + "средняя длина — 4.33 дн.");
        assertOnlyNumbers(ru, allowed);
        assertThat(type(STREAK, r, "en")).isEqualTo("inline");

        QueryResult.Summary none = new QueryResult.Summary("table", 0, "length", null,
                values("runs", 0, "max_length", 0, "mean_length", 0.0, "days", 0), null, Map.of(), null, null, null,
                null, labels("note", "no such runs"));
        QueryResult noRuns = new QueryResult("s1", "streak", none, pick, List.of(), List.of(), 0, META);
        assertThat(text(STREAK, noRuns, "en")).endsWith(": no runs of at least 3 days.");
        assertThat(text(STREAK, noRuns, "ru")).endsWith(": серий (не короче 3 дн.) нет.");
        assertThat(type(STREAK, noRuns, "en")).isEqualTo("no_data");
    }

    // ---- correlation ----

    private static final Plan CORRELATION = plan("""
            {"id": "s1", "operation": "correlation", "metric": "gap_pct", "metric2": "change_pct", "session": "RTH"}""");

    private static QueryResult correlation(Double r, long n, Map<String, String> words) {
        QueryResult.Summary s = new QueryResult.Summary("dict", 1, "correlation", r,
                values("correlation", r, "n", n), null, null, null, null, null, null, words);
        return new QueryResult("s1", "correlation", s, List.of("correlation", "n"),
                List.of(row("correlation", r, "n", n)), List.of(), n, META);
    }

    @Test
    void correlationGivesCoefficientNAndTheExecutorsWords() {
        QueryResult r = correlation(-0.43, 788, labels("metric", "gap_pct", "metric2", "change_pct",
                "strength", "moderate", "direction", "negative"));
        String en = text(CORRELATION, r, "en");
        assertThat(en).isEqualTo("Correlation of gap (%) with change (%) over all data (RTH) (synthetic data): "
                + "r = -0.43 over 788 days — moderate negative relationship.");
        assertOnlyNumbers(en, -0.43, 788);
        String ru = text(CORRELATION, r, "ru");
        assertThat(ru).isEqualTo("Корреляция: гэп (%) и изменение (%) за всю историю (RTH) (синтетические данные): "
                + "r = -0.43 по 788 дням — умеренная отрицательная связь.");
        assertOnlyNumbers(ru, -0.43, 788);

        QueryResult none = correlation(0.05, 788, labels("strength", "none", "direction", "positive"));
        assertThat(text(CORRELATION, none, "en")).endsWith("r = 0.05 over 788 days — practically no linear relationship.");
        assertThat(text(CORRELATION, none, "ru")).endsWith("линейной связи практически нет.");

        QueryResult few = correlation(null, 2, labels("note", "fewer than 3 days with both values"));
        assertThat(text(CORRELATION, few, "en")).endsWith("too few days with both values (2) to compute it.");
        assertThat(type(CORRELATION, few, "en")).isEqualTo("no_data");
        QueryResult empty = correlation(null, 0, labels("note", "no such days"));
        assertThat(text(CORRELATION, empty, "ru")).endsWith("таких дней нет (синтетические данные).");
    }

    // ---- around ----

    private static final Plan AROUND = plan("""
            {"id": "s1", "operation": "around", "events": ["fomc"], "offsets": [-1, 1, 5]}""");

    @Test
    void aroundGivesOneLinePerOffsetWithMeanAndShareUp() {
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
        QueryResult r = new QueryResult("s1", "around", s,
                List.of("day", "count", "mean", "median", "min", "max", "positive", "negative", "positive_pct"), rows,
                List.of(), 25, META);

        String en = text(AROUND, r, "en");
        assertThat(en).isEqualTo("Change (%) on the trading days around the selected days over all data — FOMC days "
                + "(synthetic data) (25 days matched):\n- day -1: mean 0.08%, positive on 56% of 25 days\n"
                + "- day +1: mean -0.21%, positive on 40% of 25 days\n- day +5: no data");
        Object[] allowed = {25, 1, 0.08, 56, -0.21, 40, 5};
        assertOnlyNumbers(en, allowed);
        String ru = text(AROUND, r, "ru");
        assertThat(ru).contains("дни: FOMC").contains("(выбранных дней: 25)")
                .contains("- день +1: в среднем -0.21%, больше нуля в 40% из 25 дней").contains("- день +5: нет данных");
        assertOnlyNumbers(ru, allowed);
        assertThat(type(AROUND, r, "en")).isEqualTo("inline");
    }

    // ---- compare ----

    private static final Plan COMPARE = plan("""
            {"id": "s1", "operation": "compare", "metric": "change_pct",
             "variants": [{"events": ["fomc"], "label": "FOMC"},
                          {"filters": [{"metric": "is_fomc", "op": "=", "value": 0}], "label": "other days"}]}""");

    @Test
    void compareGivesOneLinePerVariant() {
        List<Map<String, Object>> rows = List.of(
                row("variant", "FOMC", "session", "ETH", "period_from", "2021-11-01", "period_to", "2024-12-31",
                        "metric", "change_pct", "count", 25L, "mean_change_pct", 0.31),
                row("variant", "other days", "session", "ETH", "period_from", "2021-11-01", "period_to", "2024-12-31",
                        "metric", "change_pct", "count", 763L, "mean_change_pct", 0.04));
        QueryResult.Summary s = new QueryResult.Summary("grouped", 2, "mean_change_pct", null, null, "variant", null,
                null, null, rows.get(0), rows.get(1), null);
        QueryResult r = new QueryResult("s1", "compare", s, List.of("variant", "session", "period_from", "period_to",
                "metric", "count", "mean_change_pct"), rows, List.of(), 788, META);

        String en = text(COMPARE, r, "en");
        assertThat(en).isEqualTo("Comparison of average change (%) over all data (synthetic data):\n"
                + "- FOMC: 0.31% (25 days)\n- other days: 0.04% (763 days)");
        assertOnlyNumbers(en, 0.31, 25, 0.04, 763);
        String ru = text(COMPARE, r, "ru");
        assertThat(ru).isEqualTo("Сравнение: среднее — изменение (%) за всю историю (синтетические данные):\n"
                + "- FOMC: 0.31% (дней: 25)\n- other days: 0.04% (дней: 763)");
        assertOnlyNumbers(ru, 0.31, 25, 0.04, 763);

        // different metrics per variant: the value column is "value" and each line names its metric
        Plan metrics = plan("""
                {"id": "s1", "operation": "compare", "session": "RTH", "aggregate": "max",
                 "variants": [{"metric": "range"}, {"metric": "change_pct"}]}""");
        List<Map<String, Object>> mixed = List.of(
                row("variant", "range", "session", "RTH", "metric", "range", "count", 20L, "value", 15.0),
                row("variant", "change_pct", "session", "RTH", "metric", "change_pct", "count", 20L, "value", 1.0));
        QueryResult m = new QueryResult("s1", "compare", new QueryResult.Summary("grouped", 2, "value", null, null,
                "variant", null, null, null, mixed.get(0), mixed.get(1), null),
                List.of("variant", "session", "metric", "count", "value"), mixed, List.of(), 40, META);
        String mixedText = text(metrics, m, "en");
        assertThat(mixedText).contains("- range: range 15 pts (20 days)").contains("- change_pct: change (%) 1% (20 days)");
        assertOnlyNumbers(mixedText, 15, 20, 1);

        // without a metric each variant counts days
        Plan counts = plan("""
                {"id": "s1", "operation": "compare", "session": "RTH",
                 "variants": [{"weekdays": ["monday"]}, {"weekdays": ["friday"]}]}""");
        List<Map<String, Object>> counted = List.of(row("variant", "monday", "count", 4L),
                row("variant", "friday", "count", 5L));
        QueryResult c = new QueryResult("s1", "compare", new QueryResult.Summary("grouped", 2, "count", null, null,
                "variant", null, null, null, counted.get(1), counted.get(0), null),
                List.of("variant", "count"), counted, List.of(), 9, META);
        assertThat(text(counts, c, "en")).endsWith("- monday: 4 days\n- friday: 5 days");
        assertThat(text(counts, c, "ru")).endsWith("- monday: дней — 4\n- friday: дней — 5");
    }

    // ---- top_n ----

    @Test
    void topNReadsLikeAList() {
        Plan top = plan("""
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
        QueryResult r = new QueryResult("s1", "top_n", s, List.of("trade_date", "month", "month_name", "range",
                "rank"), rows, List.of(), 6, META);

        StageOutcome o = present(top, r, "en");
        String en = o.finish().response();
        assertThat(en).startsWith("Top 2 days by range per month in 2024 (RTH): 6 days (synthetic data). "
                + "First in the list: 2024-01-10 (month_name January, range 412.5), last: 2024-03-15 "
                + "(month_name March, range 480).");
        List<Object> allowed = new ArrayList<>(List.of(2, 2024, 6));
        for (Map<String, Object> row : rows) {
            allowed.add(row.get("trade_date"));
            allowed.add(row.get("range"));
        }
        assertOnlyNumbers(en, allowed.toArray());
        assertThat(o.output().get("type").asText()).isEqualTo("large_data");
        String ru = text(top, r, "ru");
        assertThat(ru).startsWith("Наибольшие 2 дней: диапазон — по месяцам за 2024 (RTH) — найдено дней: 6");
        assertOnlyNumbers(ru, allowed.toArray());

        List<Map<String, Object>> three = rows.subList(0, 3);
        QueryResult shortList = new QueryResult("s1", "top_n", s, r.columns(), three, List.of(), 3, META);
        assertThat(text(top, shortList, "en")).contains("| trade_date | month_name | range |")
                .contains("| 2024-02-12 | February | 455 |");
    }

    private static Map<String, Object> pick(Map<String, Object> row, List<String> keys) {
        Map<String, Object> out = new LinkedHashMap<>();
        keys.forEach(k -> out.put(k, row.get(k)));
        return out;
    }

    // ---- formation in 15-minute buckets ----

    @Test
    void formationInQuarterHourBucketsNamesTheSlot() {
        Plan formation = plan("""
                {"id": "s1", "operation": "formation", "extreme": "high", "session": "RTH", "bucket": "15m"}""");
        List<Map<String, Object>> rows = List.of(row("time", "09:30", "count", 120L, "pct", 15.2),
                row("time", "09:45", "count", 64L, "pct", 8.11), row("time", "15:45", "count", 131L, "pct", 16.6));
        QueryResult r = new QueryResult("s1", "formation", new QueryResult.Summary("grouped", 3, "count", null, null,
                "time", null, null, null, rows.get(2), rows.get(1), null), List.of("time", "count", "pct"), rows,
                List.of(), 789, META);
        String en = text(formation, r, "en");
        assertThat(en).endsWith("most often in the 15-minute slot starting 15:45 ET — 16.6% of days, days: 131.");
        assertOnlyNumbers(en, 15, 45, 16.6, 131);
        assertThat(text(formation, r, "ru")).contains("чаще всего в 15-минутный интервал, начинающийся в 15:45 ET");
    }

    // ---- filters in the heading, and empty results of every kind ----

    @Test
    void theHeadingNamesEveryFilterOfThePlan() {
        Plan plan = plan("""
                {"id": "s1", "operation": "count", "session": "RTH", "patterns": ["doji", "hammer"],
                 "events": ["fomc", "opex"], "weekdays": ["mon", "5"], "months": [3],
                 "consecutive": {"color": "green", "length": 3}, "time": {"from": "10:00", "to": "11:30"},
                 "filters": [{"metric": "range", "op": ">", "value": 1.5, "ref": "avg", "days": 20}],
                 "period": {"from": "2024-01-01", "to": "2024-12-31"}}""");
        QueryResult r = new QueryResult("s1", "count", new QueryResult.Summary("scalar", 1, "count", 7.0,
                values("count", 7), null, null, null, null, null, null, null), List.of("count"),
                List.of(row("count", 7L)), List.of(), 7, META);
        String en = text(plan, r, "en");
        assertThat(en).isEqualTo("Days where range > 1.5 × avg of the previous 20 days in 2024 (RTH) — pattern doji "
                + "or hammer, FOMC or OPEX days, Monday or Friday, March, the day a run of green days in a row "
                + "reaches 3, only 10:00–11:30 ET: 7 (synthetic data).");
        assertOnlyNumbers(en, 1.5, 20, 2024, 3, 10, 11, 30, 7);
        String ru = text(plan, r, "ru");
        assertThat(ru).isEqualTo("Дни, где range > 1.5 × avg за 20 предыдущих дн. за 2024 (RTH) — паттерн doji или "
                + "hammer, дни: FOMC или OPEX, понедельник или пятница, март, день, когда серия зелёных дней подряд "
                + "достигает 3, только 10:00–11:30 ET: 7 (синтетические данные).");
        assertOnlyNumbers(ru, 1.5, 20, 2024, 3, 10, 11, 30, 7);
    }

    @Test
    void groupedDayCountsNameTheirFilter() {
        Plan group = plan("""
                {"id": "s1", "operation": "group", "group_by": "weekday",
                 "filters": [{"metric": "range", "op": ">", "value": 1.5, "ref": "avg", "days": 20}]}""");
        List<Map<String, Object>> rows = List.of(row("weekday", 1L, "weekday_name", "Monday", "count", 21L),
                row("weekday", 4L, "weekday_name", "Thursday", "count", 10L));
        QueryResult r = new QueryResult("s1", "group", new QueryResult.Summary("grouped", 2, "count", null, null,
                "weekday", null, null, null, rows.get(0), rows.get(1), null),
                List.of("weekday", "weekday_name", "count"), rows, List.of(), 31, META);
        String en = text(group, r, "en");
        assertThat(en).startsWith("Number of days where range > 1.5 × avg of the previous 20 days by weekday over all "
                + "data (synthetic data): highest: Monday (21), lowest: Thursday (10).");
        assertOnlyNumbers(en, 1.5, 20, 21, 10);
        assertThat(text(group, r, "ru")).startsWith("Число дней — дни, где range > 1.5 × avg за 20 предыдущих дн. "
                + "по дням недели за всю историю (синтетические данные): больше всего — понедельник (21)");

        Plan red = plan("""
                {"id": "s1", "operation": "count", "filters": [{"metric": "is_red", "op": "=", "value": 1}]}""");
        QueryResult n = new QueryResult("s1", "count", new QueryResult.Summary("scalar", 1, "count", 377.0,
                values("count", 377), null, null, null, null, null, null, null), List.of("count"),
                List.of(row("count", 377L)), List.of(), 377, META);
        assertThat(text(red, n, "en")).isEqualTo("Red days over all data: 377 (synthetic data).");
        assertThat(text(red, n, "ru")).isEqualTo("Красные дни за всю историю: 377 (синтетические данные).");
    }

    @Test
    void emptyResultsOfEveryShapeAreNoData() {
        Map<String, String> none = labels("note", "no such days");
        Plan count = plan("""
                {"id": "s1", "operation": "count", "events": ["quad_witching"], "weekdays": ["monday"]}""");
        QueryResult zero = new QueryResult("s1", "count", new QueryResult.Summary("scalar", 1, "count", 0.0,
                values("count", 0), null, null, null, null, null, null, none), List.of("count"),
                List.of(row("count", 0L)), List.of(), 0, META);
        StageOutcome o = present(count, zero, "en");
        assertThat(o.finish().response()).isEqualTo(
                "Trading days over all data — quad witching days, Monday: 0 — no such days (synthetic data).");
        assertThat(o.output().get("type").asText()).isEqualTo("no_data");
        assertThat(text(count, zero, "ru")).endsWith(": 0 — таких дней нет (синтетические данные).");

        Plan aggregate = plan("""
                {"id": "s1", "operation": "aggregate", "metric": "range", "aggregate": "mean", "patterns": ["nr7"],
                 "period": {"from": "2030-01-01", "to": "2030-12-31"}}""");
        QueryResult noValue = new QueryResult("s1", "aggregate", new QueryResult.Summary("scalar", 1, "mean_range",
                null, values("mean_range", null, "count", 0), null, null, null, null, null, null, none),
                List.of("mean_range", "count"), List.of(row("mean_range", null, "count", 0L)), List.of(), 0, META);
        String text = text(aggregate, noValue, "en");
        assertThat(text).isEqualTo("Average daily range in 2030 — pattern nr7: no such days (synthetic data).");
        assertThat(type(aggregate, noValue, "en")).isEqualTo("no_data");

        Plan group = plan("""
                {"id": "s1", "operation": "group", "group_by": "weekday", "gap": "up"}""");
        QueryResult noGroups = new QueryResult("s1", "group", new QueryResult.Summary("grouped", 0, "count", null,
                null, "weekday", Map.of(), null, null, null, null, none), List.of("weekday", "weekday_name", "count"),
                List.of(), List.of(), 0, META);
        assertThat(text(group, noGroups, "en")).isEqualTo(
                "Number of days by weekday over all data — gap-up days: no such days (synthetic data).");
        assertThat(text(group, noGroups, "ru")).isEqualTo(
                "Число дней по дням недели за всю историю — дни с гэпом вверх: таких дней нет (синтетические данные).");

        QueryResult noBins = new QueryResult("s1", "distribution", new QueryResult.Summary("dict", 0, "mean", null,
                values("count", 0, "mean", null), "bin", null, null, null, null, null, none),
                List.of("bin", "bin_from", "bin_to", "count", "pct"), List.of(), List.of(), 0, META);
        assertThat(text(DISTRIBUTION, noBins, "en")).endsWith(": no such days (synthetic data).");

        QueryResult noEvents = new QueryResult("s1", "around", new QueryResult.Summary("grouped", 1, "mean", null,
                null, "day", Map.of(), null, null, null, null, none), List.of("day", "count", "mean"),
                List.of(row("day", 1L, "count", 0L, "mean", null)), List.of(), 0, META);
        assertThat(text(AROUND, noEvents, "ru")).endsWith(": таких дней нет (синтетические данные).");
        QueryResult noVariants = new QueryResult("s1", "compare", new QueryResult.Summary("grouped", 2,
                "mean_change_pct", null, null, "variant", Map.of(), null, null, null, null, none),
                List.of("variant", "count", "mean_change_pct"),
                List.of(row("variant", "FOMC", "count", 0L, "mean_change_pct", null)), List.of(), 0, META);
        assertThat(type(COMPARE, noVariants, "en")).isEqualTo("no_data");
    }
}
