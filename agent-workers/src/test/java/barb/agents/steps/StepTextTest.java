package barb.agents.steps;

import barb.agents.reading.QuestionReader;
import barb.agents.reading.QuestionReaderTest;
import barb.core.Atom;
import barb.core.Json;
import barb.core.ParsedStep;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import org.junit.jupiter.params.provider.ValueSource;

import java.util.List;
import java.util.stream.Stream;

import static org.assertj.core.api.Assertions.assertThat;

/** The controlled English of a step reads back into the same step. */
class StepTextTest {

    static Stream<String> questions() {
        return QuestionReaderTest.cases().map(QuestionReaderTest.Case::question);
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("questions")
    void everyStepTheReaderProducesRoundTrips(String question) {
        ParsedStep step = QuestionReader.read(question).step();

        String text = StepText.render(step);

        assertThat(QuestionReader.read(text).step()).as(text).isEqualTo(step);
        assertThat(QuestionReader.read(text).clarify()).as(text).doesNotContain("term:");
    }

    @Test
    void rendersTheDocumentedExample() {
        ParsedStep step = Json.fromString("{\"id\": \"s1\", \"operation\": \"list\", \"atoms\": [{\"when\": \"2024\", "
                + "\"what\": \"range\", \"filter\": \"session = RTH, change_pct < -2\", \"timeframe\": \"1D\"}], "
                + "\"params\": {\"n\": 5, \"sort\": \"desc\"}}", ParsedStep.class);

        String text = StepText.render(step);

        assertThat(text).isEqualTo("list top 5 days by range descending in 2024 where session = RTH, change_pct < -2");
        assertThat(QuestionReader.read(text).step()).isEqualTo(step);
    }

    @Test
    void rendersCompareSidesAfterTheSharedPart() {
        ParsedStep step = new ParsedStep("s1", "compare", List.of(
                new Atom("2024", "range", "session = RTH, event = fomc", "1D"),
                new Atom("2024", "range", "session = RTH, is_fomc = 0", "1D")),
                Json.object().put("aggregate", "mean"));

        String text = StepText.render(step);

        assertThat(text).isEqualTo("compare mean range in 2024 where session = RTH: where event = fomc "
                + "vs where is_fomc = 0");
        assertThat(QuestionReader.read(text).step()).isEqualTo(step);
    }

    @ParameterizedTest
    @ValueSource(strings = {
            "count days in 2020..2023", "count days in 2024-03", "count days in 2024-w10", "count days in 2020..",
            "count days in ..2015", "count days last 3 months", "count days this quarter", "count days in q1",
            "count days in march..may", "count days today", "count days in 2024-03-15..2024-04-02",
            "count days in march", "count days last week", "count days last quarter", "count days in q2..q3",
            "count days in 2023-q4..2024-q1", "count days in december", "count days in may",
            "count days last 2 years", "count days yesterday", "count days last year", "count days this year",
            "correlation of range with volume 3 days later in 2024 where session = RTH",
            "correlation of gap_pct with change_pct next day where session = RTH",
            "probability of change_pct > 0.5 same day where session = RTH, gap = down",
            "probability of is_red = 1 2 days later where consecutive green >= 4",
            "top 3 days by gap_pct ascending of each year where session = RTH",
            "mean body_pct by quarter sorted ascending on 15m bars",
            "median range by hour on 1h bars where session = RTH",
            "max volume in 2024 where event in (fomc, cpi)", "sum volume in 2024", "std change_pct",
            "top 10 longest streaks of days of at least 3 days sorted ascending where change_pct > 0",
            "streaks of days sorted descending where is_red = 1",
            "what happens to range_pct 1, 2 and 5 days after where session = RTH, pattern = nr7",
            "what happens to change_pct after where event = cpi",
            "compare count of days: in 2023 vs in 2024 vs in 2025",
            "compare mean in 2024 where session = RTH: range vs volume vs body",
            "compare mean change in points in 2024: where weekday = monday vs where weekday = friday",
            "compare median range: in 2023 where session = RTH, weekday = monday vs in 2024 where session = ETH",
            "distribution of gap_pct in 30 bins with percentiles 1, 50 and 99 where session = RTH",
            "list days where is_green = 1, month in (january, february)",
            "list days by volume where session = RTH, gap = up",
            "when is the low set in 30-minute buckets where session = OVERNIGHT",
            "when is the high set on 1D bars where session = RTH_OPEN",
            "mean closing price in 2024", "mean opening price in 2024",
            "mean range where session = RTH, range > 1.5 x median 10d, time = 10:00-11:00",
            "count days where weekday = friday, consecutive green = 2",
            "count days where pattern in (breakout_high, breakout_low), event = day_after_holiday",
            "mean upper_wick on 30m bars where session = MORNING, time = 09:30-11:00",
            "mean lower_wick where session = LONDON_OPEN",
            "count days where session = POSTMARKET, is_quad_witching = 1"
    })
    void controlledTextIsAFixedPoint(String text) {
        ParsedStep step = QuestionReader.read(text).step();

        assertThat(step).as(text).isNotNull();
        assertThat(StepText.render(step)).isEqualTo(text.replace(" on 1D bars", ""));
        assertThat(QuestionReader.read(StepText.render(step)).step()).isEqualTo(step);
    }
}
