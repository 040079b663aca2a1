package barb.agents.steps;

import barb.core.Json;
import barb.core.ValidatorChange;
import com.fasterxml.jackson.databind.JsonNode;
import org.junit.jupiter.api.Test;

import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

/** Every validator: what it fixes, the change record it leaves, and what it refuses. */
class StepValidatorTest {

    private static StepValidator.Validated validate(String steps) {
        return StepValidator.validate(Json.parse(steps));
    }

    private static ValidatorChange only(StepValidator.Validated v, String validator) {
        List<ValidatorChange> found = v.changes().stream().filter(c -> c.validator().equals(validator)).toList();
        assertThat(found).as(validator + " in " + v.changes()).hasSize(1);
        return found.get(0);
    }

    @Test
    void aCleanStepPassesUnchanged() {
        StepValidator.Validated v = validate("""
                [{"id": "s1", "operation": "list", "atoms": [{"when": "2024", "what": "range",
                  "filter": "session = RTH", "timeframe": "1D"}], "params": {"n": 5, "sort": "desc"}}]""");
        assertThat(v.errors()).isEmpty();
        assertThat(v.changes()).isEmpty();
        assertThat(v.steps()).hasSize(1);
    }

    @Test
    void everyFixIsRecordedWithPathOldAndNewValue() {
        StepValidator.Validated v = validate("""
                [{"operation": "AVG", "atoms": [{"when": "the year 2024", "what": "volatility",
                  "filter": "pattern in (inside_bar, narrow_range_7)", "timeframe": "daily"}], "params": {}}]""");
        assertThat(v.errors()).isEmpty();

        ValidatorChange id = only(v, "assign_step_ids");
        assertThat(id.path()).isEqualTo("steps[0].id");
        assertThat(id.oldValue()).isNull();
        assertThat(id.newValue().asText()).isEqualTo("s1");

        ValidatorChange op = only(v, "normalize_operation");
        assertThat(op.oldValue().asText()).isEqualTo("AVG");
        assertThat(op.newValue().asText()).isEqualTo("aggregate");

        ValidatorChange metric = only(v, "fix_invalid_metric");
        assertThat(metric.path()).isEqualTo("steps[0].atoms[0].what");
        assertThat(metric.newValue().asText()).isEqualTo("range");

        ValidatorChange when = only(v, "normalize_period");
        assertThat(when.oldValue().asText()).isEqualTo("the year 2024");
        assertThat(when.newValue().asText()).isEqualTo("2024");

        ValidatorChange patterns = only(v, "normalize_pattern_aliases");
        assertThat(patterns.field()).isEqualTo("filter");
        assertThat(patterns.newValue().asText()).isEqualTo("pattern in (inside_day, nr7)");

        ValidatorChange tf = only(v, "fix_timeframe");
        assertThat(tf.oldValue().asText()).isEqualTo("daily");
        assertThat(tf.newValue().asText()).isEqualTo("1D");

        ValidatorChange aggregate = only(v, "set_default_params");
        assertThat(aggregate.path()).isEqualTo("steps[0].params.aggregate");
        assertThat(aggregate.newValue().asText()).isEqualTo("mean");

        JsonNode step = Json.tree(v.steps().get(0));
        assertThat(step.path("operation").asText()).isEqualTo("aggregate");
        assertThat(step.at("/params/aggregate").asText()).isEqualTo("mean");
        assertThat(Json.toString(v.changes().get(0))).contains("\"validator\"", "\"field\"", "\"path\"",
                "\"old_value\"", "\"new_value\"", "\"reason\"");
    }

    @Test
    void aGroupOfDaysGetsNoAggregateAndAGroupOfAMeasureTheMean() {
        StepValidator.Validated days = validate("""
                [{"id": "s1", "operation": "group", "atoms": [{"when": "2024", "what": "days", "filter": "is_red = 1",
                  "timeframe": "1D"}], "params": {"group_by": "month"}}]""");
        assertThat(Json.tree(days.steps().get(0)).at("/params/aggregate").isMissingNode()).isTrue();
        StepValidator.Validated range = validate("""
                [{"id": "s1", "operation": "group", "atoms": [{"when": "2024", "what": "range", "filter": "",
                  "timeframe": "1D"}], "params": {"group_by": "month"}}]""");
        assertThat(Json.tree(range.steps().get(0)).at("/params/aggregate").asText()).isEqualTo("mean");
    }

    @Test
    void timeframesFollowTheOperation() {
        StepValidator.Validated formation = validate("""
                [{"id": "s1", "operation": "formation", "atoms": [{"when": "all", "what": "high",
                  "filter": "session = RTH", "timeframe": "1h"}], "params": {}}]""");
        assertThat(only(formation, "fix_timeframe_for_operation").newValue().asText()).isEqualTo("1D");
        assertThat(only(formation, "set_default_params").newValue().asText()).isEqualTo("high");

        StepValidator.Validated byHour = validate("""
                [{"id": "s1", "operation": "group", "atoms": [{"when": "2024", "what": "range",
                  "filter": "session = RTH", "timeframe": "1D"}], "params": {"group_by": "hour", "aggregate": "mean"}}]""");
        assertThat(only(byHour, "fix_timeframe_for_group_by").newValue().asText()).isEqualTo("1h");

        StepValidator.Validated minutes = validate("""
                [{"id": "s1", "operation": "count", "atoms": [{"when": "2024", "what": "days",
                  "filter": "pattern = doji", "timeframe": "1m"}], "params": {}}]""");
        assertThat(only(minutes, "fix_timeframe").reason()).contains("not a plan timeframe");
    }

    @Test
    void rankingsGetTheSeedDefaultsAndSeveralAggregatesBecomeAComparison() {
        StepValidator.Validated top = validate("""
                [{"id": "s1", "operation": "top_n", "atoms": [{"when": "2024", "what": "range", "filter": null,
                  "timeframe": "1D"}], "params": {"group_by": "month"}}]""");
        assertThat(only(top, "set_default_params").newValue().asInt()).isEqualTo(10);

        StepValidator.Validated two = validate("""
                [{"id": "s1", "operation": "aggregate", "atoms": [
                  {"when": "2023", "what": "range", "filter": "session = RTH", "timeframe": "1D"},
                  {"when": "2024", "what": "range", "filter": "session = RTH", "timeframe": "1D"}],
                  "params": {"aggregate": "mean"}}]""");
        assertThat(only(two, "fix_multi_atom_operation").newValue().asText()).isEqualTo("compare");
    }

    @Test
    void aListPickedByTheMeasureItIsSortedByShowsEveryDay() {
        StepValidator.Validated picked = validate("""
                [{"id": "s1", "operation": "list", "atoms": [{"when": "2024", "what": "range",
                  "filter": "session = RTH, range > 2 x avg 20d", "timeframe": "1D"}], "params": {"sort": "desc"}}]""");
        assertThat(picked.steps().get(0).params().has("n")).isFalse();

        StepValidator.Validated ranked = validate("""
                [{"id": "s1", "operation": "list", "atoms": [{"when": "2024", "what": "range",
                  "filter": "session = RTH, weekday = friday", "timeframe": "1D"}], "params": {"sort": "desc"}}]""");
        assertThat(only(ranked, "set_default_params").newValue().asInt()).isEqualTo(10);
    }

    @Test
    void whatCannotBeFixedIsAnErrorNamingTheStepAndField() {
        assertThat(validate("""
                [{"id": "s1", "operation": "teleport", "atoms": [{"when": "2024", "what": "range"}]}]""").errors())
                .singleElement().asString().startsWith("steps[0].operation 'teleport'");
        assertThat(validate("""
                [{"id": "s1", "operation": "list", "atoms": [{"when": "2024", "what": "rsi"}]}]""").errors())
                .singleElement().asString().contains("steps[0].atoms[0].what 'rsi'");
        assertThat(validate("""
                [{"id": "s1", "operation": "count", "atoms": [{"when": "someday", "what": "days"}]}]""").errors())
                .singleElement().asString().contains("steps[0].atoms[0].when 'someday'");
        assertThat(validate("""
                [{"id": "s1", "operation": "count", "atoms": [{"when": "2024", "what": "days",
                  "filter": "moon = full"}]}]""").errors())
                .singleElement().asString().startsWith("steps[0].atoms[0].filter:");
        assertThat(validate("""
                [{"id": "s1", "operation": "compare", "atoms": [{"when": "2024", "what": "range"}]}]""").errors())
                .singleElement().asString().contains("compare needs at least two atoms");
        assertThat(validate("""
                [{"id": "s1", "operation": "list", "atoms": [{"when": "2024", "what": "range"},
                  {"when": "2023", "what": "range"}]}]""").errors())
                .singleElement().asString().contains("list takes one atom");
        assertThat(validate("[{\"id\": \"s1\", \"operation\": \"list\"}]").errors())
                .singleElement().asString().contains("steps[0].atoms");
        assertThat(validate("{\"steps\": 1}").errors()).containsExactly("steps: not a list");
    }
}
