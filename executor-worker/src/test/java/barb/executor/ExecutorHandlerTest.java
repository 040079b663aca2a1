package barb.executor;

import barb.core.ChatState;
import barb.core.EventType;
import barb.core.Json;
import barb.core.RequestEnvelope;
import barb.core.Stage;
import barb.core.StageException;
import barb.core.StageOutcome;
import com.fasterxml.jackson.databind.JsonNode;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class ExecutorHandlerTest {
    private static ExecutorHandler handler;

    @BeforeAll
    static void data() {
        handler = new ExecutorHandler(TestMarketData.store());
    }

    private static RequestEnvelope envelope(String plansJson) {
        RequestEnvelope start = RequestEnvelope.start("r1", "c1", "u1", "average range by weekday", 1_000,
                60_000, false, ChatState.fresh("c1", "u1"));
        return start.withPlans(plansJson == null ? null : Json.parse(plansJson));
    }

    @Test
    void runsEveryPlanAndHandsTheResultsToThePresenter() {
        String plans = """
                [{"id": "s1", "operation": "group", "metric": "range", "aggregate": "mean", "group_by": "weekday",
                  "period": {"from": "2024-01-01", "to": "2024-12-31"}, "label": "2024"},
                 {"id": "s2", "operation": "count", "session": "RTH", "period": {"from": "2023-01-01", "to": "2023-12-31"},
                  "filters": [{"metric": "is_green", "op": "=", "value": 1}]}]""";
        RequestEnvelope in = envelope(plans);
        StageOutcome out = handler.handle(in);

        assertThat(handler.stage()).isEqualTo(Stage.EXECUTOR);
        assertThat(out.next()).isEqualTo(Stage.PRESENTER);
        assertThat(out.finish()).isNull();
        JsonNode results = out.envelope().results();
        assertThat(results.isArray()).isTrue();
        assertThat(results).hasSize(2);
        assertThat(results.get(0).get("plan_id").asText()).isEqualTo("s1");
        assertThat(results.get(0).get("summary").get("type").asText()).isEqualTo("grouped");
        assertThat(results.get(0).get("table")).hasSize(5);
        assertThat(results.get(1).get("summary").get("value_name").asText()).isEqualTo("count");
        assertThat(results.get(1).get("metadata").get("data_source").asText()).isEqualTo("synthetic");
        assertThat(results.get(1).get("metadata").get("session").asText()).isEqualTo("RTH");
        assertThat(out.envelope().plans()).isEqualTo(in.plans());
        assertThat(out.input().get("execution_plan")).isEqualTo(in.plans());
        assertThat(out.output().get("results")).isEqualTo(results);

        assertThat(out.messages()).hasSize(2);
        assertThat(out.messages()).allSatisfy(m -> {
            assertThat(m.type()).isEqualTo(EventType.DATA_BLOCK);
            assertThat(m.payload().has("plan_id")).isTrue();
            assertThat(m.payload().has("operation")).isTrue();
            assertThat(m.payload().has("columns")).isTrue();
            assertThat(m.payload().has("table")).isTrue();
            assertThat(m.payload().has("source_rows")).isTrue();
            assertThat(m.payload().has("source_row_count")).isTrue();
            assertThat(m.payload().has("summary")).isTrue();
            assertThat(m.payload().has("metadata")).isTrue();
        });
        assertThat(out.messages().get(1).payload().get("source_row_count").asLong())
                .isEqualTo(results.get(1).get("summary").get("value").asLong());
    }

    @Test
    void missingEmptyOrMalformedPlansEndTheRequestClearly() {
        assertBad(null, "plans: missing");
        assertBad("[]", "plans: empty");
        assertBad("{\"id\": \"s1\"}", "plans: expected a JSON array");
        assertBad("[42]", "plans[0]: expected an object");
        assertBad("[{\"id\": \"s1\", \"operation\": \"list\", \"limit\": \"many\"}]", "plans[0]: not a valid Plan");
        assertBad("[{\"id\": \"s1\", \"operation\": \"count\"}, {\"id\": \"s2\", \"operation\": \"aggregate\", "
                + "\"metric\": \"volatility\", \"aggregate\": \"mean\"}]", "plan s2: unknown metric 'volatility'");
    }

    private static void assertBad(String plans, String message) {
        assertThatThrownBy(() -> handler.handle(envelope(plans)))
                .isInstanceOfSatisfying(StageException.class, e -> {
                    assertThat(e.code()).isEqualTo("bad_plan");
                    assertThat(e.retriable()).isFalse();
                })
                .hasMessageContaining(message);
    }
}
