package barb.agents;

import barb.core.ChatMessage;
import barb.core.ChatState;
import barb.core.ClarificationState;
import barb.core.Json;
import barb.core.Memory;
import barb.core.MemorySummary;
import barb.core.Plan;
import barb.core.QueryResult;
import barb.core.RequestEnvelope;
import barb.core.StageException;
import barb.core.StageOutcome;
import com.fasterxml.jackson.databind.JsonNode;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** Presenter answers are made of the result's numbers (and the question's own years, N and thresholds) only. */
class PresenterTest {
    private static final Plan.Period Y2024 = new Plan.Period(java.time.LocalDate.of(2024, 1, 1),
            java.time.LocalDate.of(2024, 12, 31));
    private static final Plan.Period Y2023 = new Plan.Period(java.time.LocalDate.of(2023, 1, 1),
            java.time.LocalDate.of(2023, 12, 31));
    private static final Plan.Period Y2022 = new Plan.Period(java.time.LocalDate.of(2022, 1, 1),
            java.time.LocalDate.of(2022, 12, 31));
    private static final Plan.Period ALL = new Plan.Period(null, null);
    static final Plan AVG_RANGE_2024_RTH = new Plan("s1", "aggregate", Y2024, "RTH", "1D", "range", "mean", null,
            List.of(), null, null, null, "2024");
    static final Plan TOP5_RANGE_2024 = new Plan("s1", "list", Y2024, "ETH", "1D", "range", null, null, List.of(),
            "desc", 5, null, "2024");
    static final Plan GREEN_2023 = new Plan("s1", "count", Y2023, null, "1D", null, null, null,
            List.of(new Plan.Condition("is_green", "=", 1)), null, null, null, "2023");
    static final Plan RANGE_BY_WEEKDAY = new Plan("s1", "group", ALL, "ETH", "1D", "range", "mean", "weekday",
            List.of(), null, null, null, "all");
    static final Plan DROPS_2022 = new Plan("s1", "list", Y2022, null, "1D", "change_pct", null, null,
            List.of(new Plan.Condition("change_pct", "<", -2)), "asc", null, null, "2022");
    static final Plan RTH_HIGH_HOUR = new Plan("s1", "formation", ALL, "RTH", "1D", null, null, null, List.of(),
            null, null, "high", "all");
    static final Plan TRADING_DAYS_2024 = new Plan("s1", "count", Y2024, null, "1D", null, null, null, List.of(),
            null, null, null, "2024");

    private static final QueryResult.Metadata SYNTHETIC = new QueryResult.Metadata("2024-01-01", "2024-12-31", "RTH",
            "1D", 98_765, "synthetic", "SELECT 1", List.of(), 12);
    private static final QueryResult.Metadata IMPORTED = new QueryResult.Metadata("2024-01-01", "2024-12-31", null,
            "1D", 98_765, "imported", "SELECT 1", List.of(), 12);

    private static QueryResult.Summary scalarSummary(String name, double value) {
        return new QueryResult.Summary("scalar", 1, name, value, null, null, null, null, null, null, null);
    }

    private static Map<String, Object> row(Object... kv) {
        Map<String, Object> m = new LinkedHashMap<>();
        for (int i = 0; i < kv.length; i += 2) {
            m.put((String) kv[i], kv[i + 1]);
        }
        return m;
    }

    private static StageOutcome present(Plan plan, QueryResult result, String lang) {
        return present(plan, result, lang, null);
    }

    private static StageOutcome present(Plan plan, QueryResult result, String lang, ChatState state) {
        RequestEnvelope env = Pipeline.envelope("q", state, false)
                .withIntent("data", lang, "q")
                .withParsedQuery(Json.parse("[{\"id\":\"s1\"}]"))
                .withPlans(Json.tree(List.of(plan)))
                .withResults(Json.tree(List.of(result)));
        return new PresenterHandler().handle(env);
    }

    /** Every number of the text is the result's, the plan's or the question's. */
    private static void assertGrounded(String text, Plan plan, QueryResult result) {
        PresenterShapesTest.assertGrounded(text, plan, result);
    }

    private static Set<String> fields(JsonNode node) {
        Set<String> names = new HashSet<>();
        node.fieldNames().forEachRemaining(names::add);
        return names;
    }

    @Test
    void scalarAggregateStatesValueAndDaysCovered() {
        QueryResult r = new QueryResult("s1", "aggregate", scalarSummary("mean_range", 245.31), List.of("mean_range"),
                List.of(row("mean_range", 245.31)), List.of(), 252, SYNTHETIC);

        StageOutcome o = present(AVG_RANGE_2024_RTH, r, "en");

        String text = o.finish().response();
        assertThat(text).isEqualTo(
                "Average range in 2024 during RTH (synthetic data): 245.31 points over 252 days.");
        assertGrounded(text, AVG_RANGE_2024_RTH, r);
        assertThat(o.finish().route()).isEqualTo("data");
        assertThat(o.finish().clarification()).isEqualTo(ClarificationState.none());
        assertThat(fields(o.output())).containsExactlyInAnyOrder("acknowledge", "title", "summary", "type",
                "row_count");
        assertThat(fields(o.input())).containsExactlyInAnyOrder("rows", "summary", "row_count", "question", "lang",
                "context_compacted");
        assertThat(o.output().get("type").asText()).isEqualTo("single");
        assertThat(o.output().get("summary").asText()).isEqualTo(text);

        String ru = present(AVG_RANGE_2024_RTH, r, "ru").finish().response();
        assertThat(ru).isEqualTo("Средний диапазон за 2024 год в основную сессию (RTH) (синтетические данные): "
                + "245,31 пункта по 252 дням.");
        assertGrounded(ru, AVG_RANGE_2024_RTH, r);
    }

    @Test
    void countStatesTheCountAndOnlyMentionsSyntheticDataWhenItIs() {
        QueryResult r = new QueryResult("s1", "count", scalarSummary("count", 132), List.of("count"),
                List.of(row("count", 132)), List.of(), 132, IMPORTED);
        String text = present(GREEN_2023, r, "en").finish().response();
        assertThat(text).isEqualTo("Green days in 2023: 132.");
        assertThat(present(GREEN_2023, r, "ru").finish().response()).isEqualTo("Зелёные дни за 2023 год: 132.");
        assertGrounded(text, GREEN_2023, r);
    }

    @Test
    void shortListGetsAMarkdownTable() {
        List<Map<String, Object>> rows = List.of(
                row("date", "2024-08-05", "open", 18011.5, "range", 812.25),
                row("date", "2024-04-19", "open", 17420.0, "range", 640.5),
                row("date", "2024-07-24", "open", 19700.25, "range", 603.75),
                row("date", "2024-03-21", "open", 18390.0, "range", 575.0),
                row("date", "2024-12-18", "open", 21900.5, "range", 560.25));
        QueryResult r = new QueryResult("s1", "list", new QueryResult.Summary("table", 5, null, null, null, null,
                null, rows.get(0), rows.get(4), null, null), List.of("date", "open", "range"), rows, rows, 5,
                SYNTHETIC);

        StageOutcome o = present(TOP5_RANGE_2024, r, "en");

        String text = o.finish().response();
        assertThat(text).startsWith("Top 5 days by range in 2024 for the whole trading day (ETH) (synthetic data):"
                + "\n\n| Date | Range |\n|---|---|\n| 2024-08-05 | 812.25 |");
        assertThat(text).contains("| 2024-12-18 | 560.25 |").doesNotContain("18,011.5");
        assertGrounded(text, TOP5_RANGE_2024, r);
        assertThat(present(TOP5_RANGE_2024, r, "ru").finish().response()).startsWith("5 дней с наибольшим "
                + "диапазоном за 2024 год за весь торговый день (ETH) (синтетические данные):\n\n| Дата | Диапазон |")
                .contains("| 2024-12-18 | 560,25 |");
        assertThat(o.output().get("type").asText()).isEqualTo("inline");
        // the days shown, in order, so that "the second one" can name one of them
        assertThat(o.finish().keyFacts()).contains(barb.agents.reading.FollowUps.LAST_DAYS
                + ": 2024-08-05,2024-04-19,2024-07-24,2024-03-21,2024-12-18");
        assertThat(o.output().get("row_count").asInt()).isEqualTo(5);
        assertThat(o.output().get("title").isNull()).isTrue();
        assertThat(o.input().get("rows")).hasSize(5);
    }

    @Test
    void longListGivesCountFirstAndLast() {
        List<Map<String, Object>> rows = new ArrayList<>();
        double[] changes = {-5.06, -4.8, -4.1, -3.9, -3.3, -3.2, -2.9, -2.51};
        for (int i = 0; i < changes.length; i++) {
            rows.add(row("date", "2022-0" + (i + 1) + "-1" + i, "change_pct", changes[i]));
        }
        QueryResult r = new QueryResult("s1", "list", new QueryResult.Summary("table", 8, null, null, null, null,
                null, rows.get(0), rows.get(7), null, null), List.of("date", "change_pct"), rows, rows, 8, SYNTHETIC);

        StageOutcome o = present(DROPS_2022, r, "en");

        String text = o.finish().response();
        assertThat(text).startsWith("Days when NQ fell more than 2% in 2022 (synthetic data): 8 days. "
                + "First in the list: Jan 10, 2022 (% change -5.06%); last: Aug 17, 2022 (% change -2.51%).");
        assertGrounded(text, DROPS_2022, r);
        assertThat(o.output().get("type").asText()).isEqualTo("large_data");
        assertThat(o.output().get("title").asText()).isEqualTo("Big drops 2022");
        assertThat(o.input().get("rows")).isEmpty();

        String ru = present(DROPS_2022, r, "ru").finish().response();
        assertThat(ru).startsWith("Дни с падением больше чем на 2% за 2022 год (синтетические данные): 8 дней. "
                + "Первый в списке — 10 января 2022\u202fг. (изменение в % -5,06%)");
        assertGrounded(ru, DROPS_2022, r);
    }

    @Test
    void groupedNamesBestAndWorstWithASmallTable() {
        List<Map<String, Object>> rows = List.of(
                row("weekday", "Monday", "range", 231.4), row("weekday", "Tuesday", "range", 250.1),
                row("weekday", "Wednesday", "range", 244.0), row("weekday", "Thursday", "range", 248.6),
                row("weekday", "Friday", "range", 229.9));
        QueryResult r = new QueryResult("s1", "group", new QueryResult.Summary("grouped", 5, "range", null, null,
                "weekday", null, null, null, rows.get(1), rows.get(4)), List.of("weekday", "range"), rows,
                List.of(), 1260, SYNTHETIC);

        String text = present(RANGE_BY_WEEKDAY, r, "en").finish().response();

        assertThat(text).startsWith("Average range by weekday over all data for the whole trading day (ETH) "
                + "(synthetic data): highest: Tuesday (250.1 points), lowest: Friday (229.9 points).\n\n"
                + "| Weekday | Average range |");
        assertThat(text).contains("| Wednesday | 244 |");
        assertGrounded(text, RANGE_BY_WEEKDAY, r);
        String ru = present(RANGE_BY_WEEKDAY, r, "ru").finish().response();
        assertThat(ru).contains("больше всего — вторник (250,1 пункта), меньше всего — пятница (229,9 пункта)")
                .contains("| День недели | Средний диапазон |").contains("| среда | 244 |");
    }

    @Test
    void groupsAreNamedByTheNameColumnBesideTheirNumber() {
        List<Map<String, Object>> rows = List.of(
                row("weekday", 1, "weekday_name", "Monday", "count", 930, "mean_range", 162.5),
                row("weekday", 3, "weekday_name", "Wednesday", "count", 935, "mean_range", 149.2));
        QueryResult r = new QueryResult("s1", "group", new QueryResult.Summary("grouped", 2, "mean_range", null,
                null, "weekday", null, null, null, rows.get(0), rows.get(1)),
                List.of("weekday", "weekday_name", "count", "mean_range"), rows, List.of(), 1865, SYNTHETIC);

        String text = present(RANGE_BY_WEEKDAY, r, "en").finish().response();

        assertThat(text).contains("highest: Monday (162.5 points), lowest: Wednesday (149.2 points)")
                .contains("| Weekday | Average range |").contains("| Monday | 162.5 |");
        assertThat(present(RANGE_BY_WEEKDAY, r, "ru").finish().response())
                .contains("больше всего — понедельник (162,5 пункта), меньше всего — среда (149,2 пункта)")
                .contains("| понедельник | 162,5 |");
    }

    @Test
    void formationGivesPeakHourAndShare() {
        List<Map<String, Object>> rows = List.of(
                row("hour", 9, "days", 301, "pct", 26.5), row("hour", 10, "days", 312, "pct", 27.4),
                row("hour", 11, "days", 101, "pct", 8.9), row("hour", 15, "days", 250, "pct", 22.0));
        QueryResult r = new QueryResult("s1", "formation", new QueryResult.Summary("table", 4, null, null, null,
                "hour", null, null, null, rows.get(1), rows.get(2)), List.of("hour", "days", "pct"), rows, List.of(),
                964, SYNTHETIC);

        String text = present(RTH_HIGH_HOUR, r, "en").finish().response();

        assertThat(text).isEqualTo("When the high of the day is set over all data during RTH (synthetic data): "
                + "most often in the hour from 10:00 ET, on 312 days (27.4%).");
        assertGrounded(text, RTH_HIGH_HOUR, r);
        String ru = present(RTH_HIGH_HOUR, r, "ru").finish().response();
        assertThat(ru).contains("чаще всего в час с 10:00 ET — 312 дней (27,4%)");
    }

    @Test
    void emptyResultsAreExplainedHonestly() {
        QueryResult empty = new QueryResult("s1", "list", new QueryResult.Summary("table", 0, null, null, null, null,
                null, null, null, null, null), List.of("date", "change_pct"), List.of(), List.of(), 0, SYNTHETIC);
        StageOutcome none = present(DROPS_2022, empty, "en");
        assertThat(none.finish().response())
                .isEqualTo("Days when NQ fell more than 2% in 2022 (synthetic data): no days matched.");
        assertThat(none.output().get("type").asText()).isEqualTo("no_data");
        assertThat(none.output().get("row_count").asInt()).isZero();

        RequestEnvelope noSteps = Pipeline.envelope("q", null, false).withIntent("data", "en", "q")
                .withParsedQuery(Json.parse("[]"));
        StageOutcome parsedNothing = new PresenterHandler().handle(noSteps);
        assertThat(parsedNothing.finish().response()).startsWith("I couldn't turn this question into a query")
                .doesNotContainPattern("\\d");
        assertThat(parsedNothing.finish().route()).isEqualTo("data");
        assertThat(parsedNothing.output().get("type").asText()).isEqualTo("no_data");

        RequestEnvelope noPlans = noSteps.withParsedQuery(Json.parse("[{\"id\":\"s1\"}]")).withPlans(Json.parse("[]"))
                .withIntent("data", "ru", "q");
        assertThat(new PresenterHandler().handle(noPlans).finish().response())
                .startsWith("Я не смог построить план запроса");
    }

    @Test
    void compactedMemoryAddsANote() {
        QueryResult r = new QueryResult("s1", "count", scalarSummary("count", 251), List.of("count"),
                List.of(row("count", 251)), List.of(), 251, IMPORTED);
        Memory compacted = new Memory(List.of(ChatMessage.user("x")), List.of(new MemorySummary("asked: y")), List.of());
        ChatState state = new ChatState("chat-1", "user-1", "t", compacted, ClarificationState.none(), null, 0);
        StageOutcome o = present(TRADING_DAYS_2024, r, "en", state);
        assertThat(o.finish().response()).startsWith("Trading days in 2024: 251.")
                .contains("Earlier messages of this chat were summarised");
        assertThat(o.input().get("context_compacted").asBoolean()).isTrue();
    }

    @Test
    void malformedResultsFailTheRequestWithAClearMessage() {
        RequestEnvelope env = Pipeline.envelope("q", null, false).withResults(Json.parse("[{\"table\": 5}]"));
        assertThatThrownBy(() -> new PresenterHandler().handle(env))
                .isInstanceOf(StageException.class)
                .hasMessageContaining("results[0]")
                .satisfies(e -> assertThat(((StageException) e).retriable()).isFalse());
        RequestEnvelope notList = Pipeline.envelope("q", null, false).withResults(Json.parse("{\"a\":1}"));
        assertThatThrownBy(() -> new PresenterHandler().handle(notList)).hasMessageContaining("results must be a list");
    }
}
