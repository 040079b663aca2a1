package barb.agents.steps;

import barb.agents.periods.DateResolver;
import barb.agents.reading.QuestionReader;
import barb.agents.reading.QuestionReaderTest;
import barb.core.Json;
import barb.core.ParsedStep;
import barb.core.Plan;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import java.time.LocalDate;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class StepPlannerTest {
    private static final DateResolver DATES = new DateResolver(LocalDate.of(2008, 1, 2), LocalDate.of(2026, 1, 7));

    private static ParsedStep step(String json) {
        return Json.fromString(json.replace('\'', '"'), ParsedStep.class);
    }

    private static Plan plan(String json) {
        return Json.fromString(json.replace('\'', '"'), Plan.class);
    }

    private static Plan planOf(String stepJson) {
        return StepPlanner.plan(step(stepJson), DATES);
    }

    @Test
    void listWithSessionConditionLimitAndSort() {
        assertThat(planOf("{'id': 's1', 'operation': 'list', 'atoms': [{'when': '2024', 'what': 'range', "
                + "'filter': 'session = RTH, change_pct < -2', 'timeframe': '1D'}], 'params': {'n': 5, 'sort': 'desc'}}"))
                .isEqualTo(plan("{'id': 's1', 'operation': 'list', 'period': {'from': '2024-01-01', 'to': '2024-12-31'}, "
                        + "'session': 'RTH', 'timeframe': '1D', 'metric': 'range', "
                        + "'filters': [{'metric': 'change_pct', 'op': '<', 'value': -2}], 'sort': 'desc', 'limit': 5, "
                        + "'label': '2024', 'mode': 'single'}"));
    }

    @Test
    void aGroupOfDaysWithNoMeasureCountsThemAndAGroupOfAMeasureAveragesIt() {
        Plan days = planOf("{'id': 's1', 'operation': 'group', 'atoms': [{'when': '2024', 'what': 'days', "
                + "'filter': 'is_red = 1', 'timeframe': '1D'}], 'params': {'group_by': 'month', 'sort': 'desc'}}");
        // the executor counts each group's days; an aggregate without a metric is refused there
        assertThat(days.metric()).isNull();
        assertThat(days.aggregate()).isNull();
        Plan range = planOf("{'id': 's1', 'operation': 'group', 'atoms': [{'when': '2024', 'what': 'range', "
                + "'filter': '', 'timeframe': '1D'}], 'params': {'group_by': 'month'}}");
        assertThat(range.aggregate()).isEqualTo("mean");
    }

    @Test
    void aDayWithoutAYearIsLabelledAsTheDayItResolvedTo() {
        Plan one = planOf("{'id': 's1', 'operation': 'snapshot', 'atoms': [{'when': '--11-28', 'what': 'days', "
                + "'filter': '', 'timeframe': '1D'}]}");
        assertThat(one.period()).isEqualTo(new Plan.Period(LocalDate.of(2025, 11, 28), LocalDate.of(2025, 11, 28)));
        assertThat(one.label()).isEqualTo("2025-11-28");
        assertThat(planOf("{'id': 's1', 'operation': 'snapshot', 'atoms': [{'when': '--12-29..--01-02', "
                + "'what': 'days', 'filter': '', 'timeframe': '1D'}]}").label()).isEqualTo("2025-12-29–2026-01-02");
    }

    @Test
    void countOfDaysDefaultsToEthAndTheWholeData() {
        assertThat(planOf("{'id': 's1', 'operation': 'count', 'atoms': [{'when': 'all', 'what': 'days', "
                + "'filter': 'pattern in (doji, hammer), event = fomc, weekday = monday, month = march, gap = up, "
                + "consecutive red = 3, time = 10:00-11:00', 'timeframe': '1D'}]}"))
                .isEqualTo(plan("{'id': 's1', 'operation': 'count', 'period': {'from': '2008-01-02', 'to': '2026-01-07'}, "
                        + "'session': 'ETH', 'timeframe': '1D', 'patterns': ['doji', 'hammer'], 'events': ['fomc'], "
                        + "'weekdays': ['monday'], 'months': ['march'], 'gap': 'up', "
                        + "'consecutive': {'color': 'red', 'length': 3, 'mode': 'exactly'}, "
                        + "'time': {'from': '10:00', 'to': '11:00'}, 'label': 'all data', 'mode': 'single'}"));
    }

    @Test
    void aggregateAndGroupDefaultToTheMean() {
        assertThat(planOf("{'id': 's1', 'operation': 'aggregate', 'atoms': [{'when': '2024-q1', 'what': 'range', "
                + "'filter': 'session = RTH, range > 1.5 x avg 20d', 'timeframe': '1D'}]}"))
                .isEqualTo(plan("{'id': 's1', 'operation': 'aggregate', 'period': {'from': '2024-01-01', 'to': '2024-03-31'}, "
                        + "'session': 'RTH', 'timeframe': '1D', 'metric': 'range', 'aggregate': 'mean', "
                        + "'filters': [{'metric': 'range', 'op': '>', 'value': 1.5, 'ref': 'avg', 'days': 20}], "
                        + "'label': '2024-q1', 'mode': 'single'}"));
        assertThat(planOf("{'id': 's2', 'operation': 'group', 'atoms': [{'when': 'all', 'what': 'range', "
                + "'filter': 'session = RTH', 'timeframe': '1D'}], 'params': {'group_by': 'hour', 'aggregate': 'median'}}"))
                .isEqualTo(plan("{'id': 's2', 'operation': 'group', 'period': {'from': '2008-01-02', 'to': '2026-01-07'}, "
                        + "'session': 'RTH', 'timeframe': '1h', 'metric': 'range', 'aggregate': 'median', "
                        + "'group_by': 'hour', 'label': 'all data', 'mode': 'single'}"));
    }

    @Test
    void everyOperationParameterBecomesItsPlanField() {
        assertThat(planOf("{'id': 's1', 'operation': 'distribution', 'atoms': [{'when': '2024', 'what': 'change_pct', "
                + "'filter': '', 'timeframe': '1D'}], 'params': {'bins': 20, 'percentiles': [5.0, 50.0, 95.0]}}"))
                .isEqualTo(plan("{'id': 's1', 'operation': 'distribution', 'period': {'from': '2024-01-01', "
                        + "'to': '2024-12-31'}, 'session': 'ETH', 'timeframe': '1D', 'metric': 'change_pct', 'bins': 20, "
                        + "'percentiles': [5.0, 50.0, 95.0], 'label': '2024', 'mode': 'single'}"));
        assertThat(planOf("{'id': 's1', 'operation': 'probability', 'atoms': [{'when': 'all', 'what': 'change_pct', "
                + "'filter': 'session = RTH, gap = up, weekday = monday', 'timeframe': '1D'}], "
                + "'params': {'outcome': 'change_pct > 0', 'offset': 1}}"))
                .isEqualTo(plan("{'id': 's1', 'operation': 'probability', 'period': {'from': '2008-01-02', "
                        + "'to': '2026-01-07'}, 'session': 'RTH', 'timeframe': '1D', 'metric': 'change_pct', "
                        + "'weekdays': ['monday'], 'gap': 'up', 'outcome': {'metric': 'change_pct', 'op': '>', 'value': 0}, "
                        + "'offset': 1, 'label': 'all data', 'mode': 'single'}"));
        assertThat(planOf("{'id': 's1', 'operation': 'around', 'atoms': [{'when': 'all', 'what': 'change_pct', "
                + "'filter': 'consecutive red >= 3', 'timeframe': '1D'}], 'params': {'offsets': [1, 2, 5]}}"))
                .isEqualTo(plan("{'id': 's1', 'operation': 'around', 'period': {'from': '2008-01-02', "
                        + "'to': '2026-01-07'}, 'session': 'ETH', 'timeframe': '1D', 'metric': 'change_pct', "
                        + "'consecutive': {'color': 'red', 'length': 3}, 'offsets': [1, 2, 5], 'label': 'all data', "
                        + "'mode': 'single'}"));
        assertThat(planOf("{'id': 's1', 'operation': 'streak', 'atoms': [{'when': 'last year', 'what': 'days', "
                + "'filter': 'session = RTH, gap = down', 'timeframe': '1D'}], 'params': {'min_length': 3}}"))
                .isEqualTo(plan("{'id': 's1', 'operation': 'streak', 'period': {'from': '2025-01-01', "
                        + "'to': '2025-12-31'}, 'session': 'RTH', 'timeframe': '1D', 'gap': 'down', 'min_length': 3, "
                        + "'label': 'last year', 'mode': 'single'}"));
        assertThat(planOf("{'id': 's1', 'operation': 'formation', 'atoms': [{'when': 'all', 'what': 'high', "
                + "'filter': 'session = RTH', 'timeframe': '1D'}], 'params': {'extreme': 'high', 'bucket': '15m'}}"))
                .isEqualTo(plan("{'id': 's1', 'operation': 'formation', 'period': {'from': '2008-01-02', "
                        + "'to': '2026-01-07'}, 'session': 'RTH', 'timeframe': '1D', 'extreme': 'high', "
                        + "'bucket': '15m', 'label': 'all data', 'mode': 'single'}"));
        assertThat(planOf("{'id': 's1', 'operation': 'top_n', 'atoms': [{'when': '2024', 'what': 'range', "
                + "'filter': '', 'timeframe': '1D'}], 'params': {'n': 3, 'sort': 'desc', 'group_by': 'month'}}"))
                .isEqualTo(plan("{'id': 's1', 'operation': 'top_n', 'period': {'from': '2024-01-01', "
                        + "'to': '2024-12-31'}, 'session': 'ETH', 'timeframe': '1D', 'metric': 'range', "
                        + "'group_by': 'month', 'sort': 'desc', 'limit': 3, 'label': '2024', 'mode': 'single'}"));
    }

    @Test
    void aCorrelationOfTwoMetricsIsMultiMetric() {
        assertThat(planOf("{'id': 's1', 'operation': 'correlation', 'atoms': ["
                + "{'when': '2024', 'what': 'gap_pct', 'filter': 'session = RTH', 'timeframe': '1D'}, "
                + "{'when': '2024', 'what': 'change_pct', 'filter': 'session = RTH', 'timeframe': '1D'}], "
                + "'params': {'offset': 1}}"))
                .isEqualTo(plan("{'id': 's1', 'operation': 'correlation', 'period': {'from': '2024-01-01', "
                        + "'to': '2024-12-31'}, 'session': 'RTH', 'timeframe': '1D', 'metric': 'gap_pct', "
                        + "'metric2': 'change_pct', 'offset': 1, 'label': 'gap_pct vs change_pct', "
                        + "'mode': 'multi_metric'}"));
    }

    @Test
    void comparingPeriodsIsMultiPeriodWithOneVariantPerPeriod() {
        assertThat(planOf("{'id': 's1', 'operation': 'compare', 'atoms': ["
                + "{'when': '2023', 'what': 'range', 'filter': 'session = RTH', 'timeframe': '1D'}, "
                + "{'when': '2024', 'what': 'range', 'filter': 'session = RTH', 'timeframe': '1D'}], "
                + "'params': {'aggregate': 'mean'}}"))
                .isEqualTo(plan("{'id': 's1', 'operation': 'compare', 'period': {'from': '2008-01-02', "
                        + "'to': '2026-01-07'}, 'session': 'RTH', 'timeframe': '1D', "
                        + "'metric': 'range', 'aggregate': 'mean', 'label': '2023 vs 2024', 'mode': 'multi_period', "
                        + "'variants': [{'period': {'from': '2023-01-01', 'to': '2023-12-31'}, 'label': '2023'}, "
                        + "{'period': {'from': '2024-01-01', 'to': '2024-12-31'}, 'label': '2024'}]}"));
    }

    @Test
    void comparingFiltersIsMultiFilterAndVariantsCarryOnlyWhatDiffers() {
        assertThat(planOf("{'id': 's1', 'operation': 'compare', 'atoms': ["
                + "{'when': '2024', 'what': 'range', 'filter': 'session = RTH', 'timeframe': '1D'}, "
                + "{'when': '2024', 'what': 'range', 'filter': 'session = ETH', 'timeframe': '1D'}], "
                + "'params': {'aggregate': 'mean'}}"))
                .isEqualTo(plan("{'id': 's1', 'operation': 'compare', 'period': {'from': '2024-01-01', "
                        + "'to': '2024-12-31'}, 'session': 'ETH', 'timeframe': '1D', 'metric': 'range', "
                        + "'aggregate': 'mean', 'label': 'RTH vs ETH', 'mode': 'multi_filter', "
                        + "'variants': [{'session': 'RTH', 'label': 'RTH'}, {'session': 'ETH', 'label': 'ETH'}]}"));
        assertThat(planOf("{'id': 's1', 'operation': 'compare', 'atoms': ["
                + "{'when': 'all', 'what': 'change_pct', 'filter': 'change_pct < 5, event = fomc', 'timeframe': '1D'}, "
                + "{'when': 'all', 'what': 'change_pct', 'filter': 'change_pct < 5, is_fomc = 0', 'timeframe': '1D'}], "
                + "'params': {'aggregate': 'mean'}}"))
                .isEqualTo(plan("{'id': 's1', 'operation': 'compare', 'period': {'from': '2008-01-02', "
                        + "'to': '2026-01-07'}, 'session': 'ETH', 'timeframe': '1D', 'metric': 'change_pct', "
                        + "'aggregate': 'mean', 'filters': [{'metric': 'change_pct', 'op': '<', 'value': 5}], "
                        + "'label': 'fomc vs is_fomc = 0', 'mode': 'multi_filter', "
                        + "'variants': [{'events': ['fomc'], 'label': 'fomc'}, "
                        + "{'filters': [{'metric': 'is_fomc', 'op': '=', 'value': 0}], 'label': 'is_fomc = 0'}]}"));
    }

    @Test
    void comparingMetricsIsMultiMetricAndCountingDaysNeedsNoMetric() {
        assertThat(planOf("{'id': 's1', 'operation': 'compare', 'atoms': ["
                + "{'when': '2024', 'what': 'range', 'filter': 'session = RTH', 'timeframe': '1D'}, "
                + "{'when': '2024', 'what': 'volume', 'filter': 'session = RTH', 'timeframe': '1D'}], "
                + "'params': {'aggregate': 'mean'}}"))
                .isEqualTo(plan("{'id': 's1', 'operation': 'compare', 'period': {'from': '2024-01-01', "
                        + "'to': '2024-12-31'}, 'session': 'RTH', 'timeframe': '1D', 'aggregate': 'mean', "
                        + "'label': 'range vs volume', 'mode': 'multi_metric', "
                        + "'variants': [{'metric': 'range', 'label': 'range'}, {'metric': 'volume', 'label': 'volume'}]}"));
        Plan days = planOf("{'id': 's1', 'operation': 'compare', 'atoms': ["
                + "{'when': '2023', 'what': 'days', 'filter': 'is_green = 1', 'timeframe': '1D'}, "
                + "{'when': '2024', 'what': 'days', 'filter': 'is_green = 1', 'timeframe': '1D'}]}");
        assertThat(days.metric()).isNull();
        assertThat(days.aggregate()).isNull();
        assertThat(days.filters()).containsExactly(new Plan.Condition("is_green", "=", 1));
        assertThat(days.variants()).extracting(Plan::label).containsExactly("2023", "2024");
        assertThat(days.mode()).isEqualTo("multi_period");
    }

    @Test
    void everyStepTheReaderProducesPlans() {
        QuestionReaderTest.cases().forEach(c -> {
            ParsedStep step = QuestionReader.read(c.question()).step();
            if (step.atoms().size() > 1 && !step.operation().equals("compare")
                    && !step.operation().equals("correlation")) {
                return;
            }
            if (c.clarify().contains("compare_groups")) {
                return;
            }
            Plan plan = StepPlanner.plan(step, DATES);
            assertThat(plan.id()).isEqualTo("s1");
            assertThat(plan.operation()).isEqualTo(step.operation());
            assertThat(plan.session()).isNotNull();
            assertThat(Plan.MODES).contains(plan.mode());
        });
    }

    @ParameterizedTest
    @CsvSource(delimiter = '|', value = {
            "{'id': '', 'operation': 'list', 'atoms': [{'when': 'all', 'what': 'days'}]} | id",
            "{'id': 's1', 'operation': 'dance', 'atoms': [{'when': 'all', 'what': 'days'}]} | operation 'dance'",
            "{'id': 's1', 'operation': 'list', 'atoms': []} | atoms",
            "{'id': 's1', 'operation': 'list', 'atoms': [{'when': 'someday', 'what': 'days'}]} | atoms[0].when",
            "{'id': 's1', 'operation': 'list', 'atoms': [{'when': 'all', 'what': 'days', 'filter': 'rsi > 70'}]} | atoms[0].filter",
            "{'id': 's1', 'operation': 'list', 'atoms': [{'when': 'all', 'what': 'vix'}]} | atoms[0].what 'vix'",
            "{'id': 's1', 'operation': 'list', 'atoms': [{'when': 'all', 'what': 'days', 'timeframe': '3m'}]} | atoms[0].timeframe",
            "{'id': 's1', 'operation': 'list', 'atoms': [{'when': 'all', 'what': 'days'}], 'params': {'n': 0}} | params.n",
            "{'id': 's1', 'operation': 'list', 'atoms': [{'when': 'all', 'what': 'days'}], 'params': {'sort': 'up'}} | params.sort",
            "{'id': 's1', 'operation': 'list', 'atoms': [{'when': 'all', 'what': 'days'}], 'params': {'colour': 'red'}} | params.colour",
            "{'id': 's1', 'operation': 'aggregate', 'atoms': [{'when': 'all', 'what': 'range'}], 'params': {'aggregate': 'mode'}} | params.aggregate",
            "{'id': 's1', 'operation': 'aggregate', 'atoms': [{'when': 'all', 'what': 'days'}]} | atoms[0].what",
            "{'id': 's1', 'operation': 'group', 'atoms': [{'when': 'all', 'what': 'range'}]} | params.group_by",
            "{'id': 's1', 'operation': 'group', 'atoms': [{'when': 'all', 'what': 'range'}], 'params': {'group_by': 'decade'}} | params.group_by",
            "{'id': 's1', 'operation': 'formation', 'atoms': [{'when': 'all', 'what': 'days'}]} | params.extreme",
            "{'id': 's1', 'operation': 'formation', 'atoms': [{'when': 'all', 'what': 'high'}], 'params': {'bucket': '7m'}} | params.bucket",
            "{'id': 's1', 'operation': 'probability', 'atoms': [{'when': 'all', 'what': 'days'}]} | params.outcome",
            "{'id': 's1', 'operation': 'probability', 'atoms': [{'when': 'all', 'what': 'days'}], 'params': {'outcome': 'green'}} | params.outcome",
            "{'id': 's1', 'operation': 'probability', 'atoms': [{'when': 'all', 'what': 'days'}], 'params': {'outcome': 'is_green = 1', 'offset': 900}} | params.offset",
            "{'id': 's1', 'operation': 'around', 'atoms': [{'when': 'all', 'what': 'days'}], 'params': {'offsets': [1, 'x']}} | params.offsets",
            "{'id': 's1', 'operation': 'distribution', 'atoms': [{'when': 'all', 'what': 'range'}], 'params': {'bins': 500}} | params.bins",
            "{'id': 's1', 'operation': 'distribution', 'atoms': [{'when': 'all', 'what': 'range'}], 'params': {'percentiles': [50, 150]}} | params.percentiles",
            "{'id': 's1', 'operation': 'streak', 'atoms': [{'when': 'all', 'what': 'days'}], 'params': {'min_length': 0}} | params.min_length",
            "{'id': 's1', 'operation': 'list', 'atoms': [{'when': '2023', 'what': 'days'}, {'when': '2024', 'what': 'days'}]} | atoms: operation 'list' takes one atom",
            "{'id': 's1', 'operation': 'compare', 'atoms': [{'when': '2023', 'what': 'days'}]} | atoms: compare needs at least two atoms",
            "{'id': 's1', 'operation': 'compare', 'atoms': [{'when': '2023', 'what': 'days'}, {'when': '2023', 'what': 'days'}]} | atoms: the atoms of a compare are all the same",
            "{'id': 's1', 'operation': 'correlation', 'atoms': [{'when': '2023', 'what': 'range'}]} | atoms: correlation takes two atoms",
            "{'id': 's1', 'operation': 'correlation', 'atoms': [{'when': '2023', 'what': 'range'}, {'when': '2024', 'what': 'volume'}]} | atoms[1].when",
            "{'id': 's1', 'operation': 'correlation', 'atoms': [{'when': '2023', 'what': 'range'}, {'when': '2023', 'what': 'volume', 'filter': 'gap = up'}]} | atoms[1].filter",
            "{'id': 's1', 'operation': 'top_n', 'atoms': [{'when': 'all', 'what': 'days'}], 'params': {'group_by': 'month'}} | atoms[0].what",
            "{'id': 's1', 'operation': 'count', 'atoms': [{'when': 'all', 'what': 'days'}], 'params': {'group_by': 'month'}} | params.group_by"
    })
    void anErrorNamesTheField(String stepJson, String field) {
        assertThatThrownBy(() -> planOf(stepJson))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining(field);
    }

    @Test
    void aMissingStepOrAtomWhenIsHandled() {
        assertThatThrownBy(() -> StepPlanner.plan(null, DATES)).isInstanceOf(IllegalArgumentException.class);
        Plan plan = planOf("{'id': 's1', 'operation': 'count', 'atoms': [{'what': 'days'}]}");
        assertThat(plan.period()).isEqualTo(new Plan.Period(LocalDate.of(2008, 1, 2), LocalDate.of(2026, 1, 7)));
        assertThat(plan.timeframe()).isEqualTo("1D");
        assertThat(plan.session()).isEqualTo("ETH");
    }
}
