package barb.agents.reading;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

class TimeZonesTest {
    @Test
    void chicagoAndPacificClockTimesAreWrittenAsNewYorks() {
        assertThat(TimeZones.toNewYork("avg range 8:30-9:30 ct in 2025")).isEqualTo("avg range 9:30-10:30 in 2025");
        assertThat(TimeZones.toNewYork("avg range 8:30am-9:30am chicago time")).isEqualTo("avg range 9:30-10:30");
        assertThat(TimeZones.toNewYork("range 11:30am to 12:30pm ct")).isEqualTo("range 12:30 to 13:30");
        assertThat(TimeZones.toNewYork("range 6:30-7:30 pst")).isEqualTo("range 9:30-10:30");
        assertThat(TimeZones.toNewYork("range 11pm-11:30pm ct")).isEqualTo("range 0:00-0:30");
    }

    @Test
    void withoutAUsZoneOrAClockNothingChanges() {
        assertThat(TimeZones.toNewYork("avg range 9:30-10:30 in 2025")).isEqualTo("avg range 9:30-10:30 in 2025");
        // "pt" after a number of points is no zone
        assertThat(TimeZones.toNewYork("days with gap > 20 pt in 2025")).isEqualTo("days with gap > 20 pt in 2025");
        assertThat(TimeZones.toNewYork("top 5 ct days")).isEqualTo("top 5 ct days");
    }

    @Test
    void aZoneThatMovesAgainstNewYorkIsAskedAboutAndTheAnswersHoursReplaceTheQuestions() {
        assertThat(QuestionReader.read("средний рейндж с 17:30 до 18:30 по мск в 2025").clarify())
                .containsExactly("timezone");
        assertThat(QuestionReader.read("avg range 14:30-15:30 london time in 2025").clarify())
                .containsExactly("timezone");
        Reading answered = FollowUps.answer("средний рейндж с 17:30 до 18:30 по мск в 2025",
                "нск, utc+7. зимой это 14:00-16:00 по нью-йорку");
        assertThat(answered.clarify()).isEmpty();
        assertThat(barb.agents.steps.StepText.render(answered.step()))
                .isEqualTo("mean range in 2025 where time = 14:00-16:00");
    }
}
