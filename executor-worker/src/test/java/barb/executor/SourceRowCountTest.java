package barb.executor;

import barb.core.Json;
import barb.core.Plan;
import barb.core.QueryResult;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The executor takes the true number of source rows from the answer when the answer already counted them
 * (count, aggregate, group, formation, distribution, probability, correlation, streak) and counts them with a
 * statement of their own otherwise. Either way it must be the number of evidence rows (under the cap).
 */
class SourceRowCountTest {
    private static PlanExecutor executor;

    @BeforeAll
    static void data() {
        executor = new PlanExecutor(TestMarketData.store());
    }

    @ParameterizedTest
    @ValueSource(strings = {
            """
            {"operation": "count", "period": {"from": "2023-01-01", "to": "2023-12-31"}, "filters": [{"metric": "is_green", "op": "=", "value": 1}]}""",
            """
            {"operation": "aggregate", "aggregate": "median", "metric": "change_pct", "period": {"from": "2023-01-01", "to": "2023-12-31"}}""",
            """
            {"operation": "group", "aggregate": "mean", "metric": "range", "group_by": "weekday", "session": "RTH", "period": {"from": "2024-01-01", "to": "2024-06-30"}}""",
            """
            {"operation": "group", "aggregate": "mean", "metric": "range", "group_by": "month", "limit": 2, "period": {"from": "2024-01-01", "to": "2024-06-30"}}""",
            """
            {"operation": "formation", "extreme": "high", "session": "RTH", "period": {"from": "2024-01-01", "to": "2024-03-31"}}""",
            """
            {"operation": "distribution", "metric": "change_pct", "bins": 5, "period": {"from": "2023-01-01", "to": "2023-12-31"}}""",
            """
            {"operation": "probability", "gap": "up", "offset": 1, "outcome": {"metric": "change_pct", "op": ">", "value": 0}, "period": {"from": "2023-01-01", "to": "2023-12-31"}}""",
            """
            {"operation": "correlation", "metric": "gap_pct", "metric2": "change_pct", "offset": 1, "period": {"from": "2023-01-01", "to": "2023-12-31"}}""",
            """
            {"operation": "streak", "filters": [{"metric": "is_green", "op": "=", "value": 1}], "min_length": 2, "period": {"from": "2023-01-01", "to": "2023-12-31"}}""",
            """
            {"operation": "streak", "filters": [{"metric": "is_green", "op": "=", "value": 1}], "min_length": 2, "limit": 3, "period": {"from": "2023-01-01", "to": "2023-12-31"}}""",
            """
            {"operation": "around", "patterns": ["inside_day"], "metric": "change_pct", "offsets": [1, 2], "period": {"from": "2023-01-01", "to": "2023-12-31"}}"""
    })
    void theTrueCountIsTheNumberOfEvidenceRows(String json) throws Exception {
        QueryResult r = executor.execute(Json.MAPPER.readValue(json, Plan.class));

        assertThat(r.sourceRows()).isNotEmpty().hasSizeLessThan(QueryResult.SOURCE_ROW_CAP);
        assertThat(r.sourceRowCount()).isEqualTo(r.sourceRows().size());
        assertThat(r.sourceRows().getFirst().get("trade_date")).asString().matches("\\d{4}-\\d{2}-\\d{2}");
    }
}
