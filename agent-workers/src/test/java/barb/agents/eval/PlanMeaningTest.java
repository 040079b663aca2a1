package barb.agents.eval;

import barb.core.Plan;
import org.junit.jupiter.api.Test;

import java.time.LocalDate;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

class PlanMeaningTest {
    private static final LocalDate FIRST = LocalDate.of(2008, 1, 2);
    private static final LocalDate LAST = LocalDate.of(2026, 1, 7);

    private static Plan countWhere(Plan.Condition... conditions) {
        return new Plan("s1", "count", new Plan.Period(FIRST, LAST), "ETH", "1D", null, null, null,
                List.of(conditions), null, null, null, "days").withMode("single");
    }

    @Test
    void aSignImpliedByAThresholdOnTheSameMovePicksTheSameDays() {
        Plan threshold = countWhere(new Plan.Condition("change_pct", "<=", -4));
        Plan withSign = countWhere(new Plan.Condition("change", "<", 0), new Plan.Condition("change_pct", "<=", -4));

        assertThat(PlanMeaning.of(List.of(withSign), FIRST, LAST)).isEqualTo(PlanMeaning.of(List.of(threshold), FIRST, LAST));
    }

    @Test
    void aSignThatTheThresholdDoesNotImplyStillPicksOtherDays() {
        Plan threshold = countWhere(new Plan.Condition("gap_pct", ">", 1));
        Plan otherSign = countWhere(new Plan.Condition("gap", "<", 0), new Plan.Condition("gap_pct", ">", 1));
        Plan otherMove = countWhere(new Plan.Condition("change", "<", 0), new Plan.Condition("gap_pct", "<", -1));

        assertThat(PlanMeaning.of(List.of(otherSign), FIRST, LAST)).isNotEqualTo(PlanMeaning.of(List.of(threshold), FIRST, LAST));
        assertThat(PlanMeaning.of(List.of(otherMove), FIRST, LAST).toString()).contains("change < 0.0");
    }

    @Test
    void everyMatchingDayListedInAnotherOrderIsTheSameAnswer() {
        Plan byDate = new Plan("s1", "list", new Plan.Period(FIRST, LAST), "RTH", "1D", null, null, null,
                List.of(new Plan.Condition("range", ">", 400)), null, null, null, "days").withMode("single");
        Plan byRange = new Plan("s1", "list", new Plan.Period(FIRST, LAST), "RTH", "1D", "range", null, null,
                List.of(new Plan.Condition("range", ">", 400)), "desc", null, null, "days").withMode("single");
        Plan topTen = new Plan("s1", "list", new Plan.Period(FIRST, LAST), "RTH", "1D", "range", null, null,
                List.of(new Plan.Condition("range", ">", 400)), "desc", 10, null, "days").withMode("single");

        assertThat(PlanMeaning.of(List.of(byRange), FIRST, LAST)).isEqualTo(PlanMeaning.of(List.of(byDate), FIRST, LAST));
        // ten of them are not all of them
        assertThat(PlanMeaning.of(List.of(topTen), FIRST, LAST)).isNotEqualTo(PlanMeaning.of(List.of(byDate), FIRST, LAST));
    }

    @Test
    void compareSidesNamedByTwoSessionsOfTheSameMinutesAreTheSameAnswer() throws Exception {
        String template = """
                {"id":"s1","operation":"compare","period":{"from":"2025-01-01","to":"2025-12-31"},"session":"RTH",
                 "timeframe":"1D","metric":"range","aggregate":"mean",
                 "variants":[{"session":"LUNCH"},{"session":"%s"}]}""";
        Plan nyOpen = barb.core.Json.MAPPER.readValue(template.formatted("NY_OPEN"), Plan.class);
        Plan rthOpen = barb.core.Json.MAPPER.readValue(template.formatted("RTH_OPEN"), Plan.class);
        Plan nyClose = barb.core.Json.MAPPER.readValue(template.formatted("NY_CLOSE"), Plan.class);

        // both are 09:30-10:30 of the same days
        assertThat(PlanMeaning.of(List.of(rthOpen), FIRST, LAST)).isEqualTo(PlanMeaning.of(List.of(nyOpen), FIRST, LAST));
        assertThat(PlanMeaning.of(List.of(nyClose), FIRST, LAST)).isNotEqualTo(PlanMeaning.of(List.of(nyOpen), FIRST, LAST));
    }
}
