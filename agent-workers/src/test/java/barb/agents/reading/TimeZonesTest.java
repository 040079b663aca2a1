package barb.agents.reading;

import org.junit.jupiter.api.Test;

import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

class TimeZonesTest {
    @Test
    void chicagoAndPacificClockTimesAreWrittenAsNewYorks() {
        assertThat(TimeZones.toNewYork("avg range 8:30-9:30 ct in 2025")).isEqualTo("avg range 9:30-10:30 in 2025");
        assertThat(TimeZones.toNewYork("avg range 8:30am-9:30am chicago time")).isEqualTo("avg range 9:30-10:30");
        assertThat(TimeZones.toNewYork("range 11:30am to 12:30pm ct")).isEqualTo("range 12:30 to 13:30");
        assertThat(TimeZones.toNewYork("range 6:30-7:30 pst")).isEqualTo("range 9:30-10:30");
        assertThat(TimeZones.toNewYork("range 11pm-11:30pm ct")).isEqualTo("range 0:00-0:30");
        // a bare first hour takes the second's half of the day ("9 and 10am" is 9am to 10am, "11 to 1pm" 11am to 1pm)
        assertThat(TimeZones.toNewYork("range between 9 and 10am ct")).isEqualTo("range between 10:00 and 11:00");
        assertThat(TimeZones.toNewYork("range 11 to 1pm pt")).isEqualTo("range 14:00 to 16:00");
        // the zone's first word after a clock or a window names it too; elsewhere it is no zone
        assertThat(TimeZones.toNewYork("avg range 9 to 9:30 central")).isEqualTo("avg range 10:00 to 10:30");
        assertThat(TimeZones.toNewYork("range 6:30-7 pacific in 2024")).isEqualTo("range 9:30-10:00 in 2024");
        assertThat(TimeZones.toNewYork("central bank days avg range")).isEqualTo("central bank days avg range");
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
        assertThat(QuestionReader.read("avg rng between 10:30pm and 11:30pm SGT last year?").clarify())
                .containsExactly("timezone");
        assertThat(QuestionReader.read("средний рейндж 20:30-23:30 по местному за 2025").clarify())
                .containsExactly("timezone");
        assertThat(QuestionReader.read("трейдер из Чикаго говорит, что с 8:30 до 9:30 по его времени самое "
                + "движение. средний диапазон в этот час за 2025").clarify()).contains("timezone");
        Reading answered = FollowUps.answer("средний рейндж с 17:30 до 18:30 по мск в 2025",
                "нск, utc+7. зимой это 14:00-16:00 по нью-йорку");
        assertThat(answered.clarify()).isEmpty();
        assertThat(barb.agents.steps.StepText.render(answered.step()))
                .isEqualTo("mean range in 2025 where time = 14:00-16:00");
    }

    @Test
    void anyCityOrCountryClockIsAskedAboutButNewYorksIsNot() {
        for (String q : List.of("avg range 2-3pm tokyo time in 2024", "средний ренж с 21 до 22 по екатеринбургу",
                "средний ренж с 9 до 10 по алматинскому времени")) {
            assertThat(QuestionReader.read(q).clarify()).as(q).containsExactly("timezone");
        }
        assertThat(QuestionReader.read("средний ренж ртх с 10:00 до 11:00 по нью-йоркскому времени").clarify()).isEmpty();
    }

    @Test
    void bareMorningHoursSaidToBeNewYorksAreAClockWindow() {
        assertThat(barb.agents.steps.StepText.render(QuestionReader.read("avg range 10 to 11 ny time in 2024").step()))
                .contains("time = 10:00-11:00");
        // afternoon hours without am/pm stay unread: either half of the day could be meant
        assertThat(QuestionReader.read("avg range 3 to 4 ny time in 2024").step() == null
                || !barb.agents.steps.StepText.render(QuestionReader.read("avg range 3 to 4 ny time in 2024").step())
                .contains("03:00")).isTrue();
    }

    @Test
    void bareHoursOfAWindowAreReadInTheZoneNamed() {
        // a bare hour is the one of the trading day: 2 to 3 in Chicago is the afternoon, 6 to 7 Pacific the morning
        assertThat(TimeZones.toNewYork("and the last hour, 2 to 3 central time")).isEqualTo("and the last hour, 15:00 to 16:00");
        assertThat(TimeZones.toNewYork("first half hour (8:30-9 central time)")).isEqualTo("first half hour (9:30-10:00)");
        assertThat(TimeZones.toNewYork("range 6 to 7 pacific time")).isEqualTo("range 9:00 to 10:00");
        // the city alone is no zone, nor is a window of days
        assertThat(TimeZones.toNewYork("i traded in chicago for years. avg range 9:30-10"))
                .isEqualTo("i traded in chicago for years. avg range 9:30-10");
        assertThat(TimeZones.toNewYork("8:30 ct, 2 to 3 days later")).isEqualTo("9:30, 2 to 3 days later");
    }
}
