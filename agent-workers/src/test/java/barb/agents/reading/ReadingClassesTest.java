package barb.agents.reading;

import barb.core.ChatMessage;
import barb.core.Memory;
import barb.core.ParsedStep;
import org.junit.jupiter.api.Test;

import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * One test per class of reading failure issue 10 names, each with sentences of our own (never the held-out sets'):
 * the mechanism, not a memorised sentence, is what is tested.
 */
class ReadingClassesTest {
    private static String read(String question) {
        Reading r = QuestionReader.read(question);
        return r.step() == null ? "-" : barb.agents.steps.StepText.render(r.step());
    }

    private static Memory after(String lastQuery) {
        return new Memory(List.of(ChatMessage.user("q"), ChatMessage.assistant("a")), List.of(),
                List.of(FollowUps.LAST_QUERY + ": " + lastQuery));
    }

    @Test
    void wordFormsTyposShorthandAndFillerDoNotStopAQuestion() {
        assertThat(read("averaged rnage on wendesday in 2023 pls")).isEqualTo(read("average range on wednesday in 2023"));
        assertThat(read("ср. ренж ртх по пт за 2024")).isEqualTo(read("средний диапазон rth по пятницам за 2024"));
        assertThat(read("btw avg ovn rng in 2022 lol")).isEqualTo(read("average overnight range in 2022"));
        assertThat(QuestionReader.read("btw avg ovn rng in 2022 lol").ignored()).isEmpty();
        Reading chatty = QuestionReader.read("avg rth range 2021 my buddy swears it was huge");
        assertThat(chatty.clarify()).isEmpty();
        assertThat(chatty.ignored()).contains("buddy", "swears", "huge");
    }

    @Test
    void anUnknownWordThatMayBeAConditionOrAMeasureIsAskedAbout() {
        assertThat(QuestionReader.read("average rth range on squeeze days").clarify()).contains("term:squeeze");
        assertThat(QuestionReader.read("max drawdown in 2022").clarify()).contains("term:drawdown");
        assertThat(QuestionReader.read("how many days when the vix was above 30").outOfScope()).isNotNull();
    }

    @Test
    void aParenthesisThatRepeatsTheQuestionRefinesItInsteadOfComparing() {
        assertThat(read("average range in 2021 (RTH only) for RTH")).startsWith("mean range in 2021")
                .doesNotContain("compare");
        assertThat(read("count green months since 2015 (monthly candle, open vs close)"))
                .doesNotStartWith("compare").contains("monthly bars");
    }

    @Test
    void anOutcomeAfterAConditionIsReadTheNextDayInBothLanguages() {
        assertThat(read("probability of a red day after an outside day")).contains("next day");
        assertThat(read("вероятность зелёного дня после трёх красных дней подряд")).contains("next day");
        assertThat(read("chance of a green rth session after a gap up")).as("a gap opens the same session")
                .contains("same day");
    }

    @Test
    void whichDayIsTheTopDayWithItsDateAndWorstComesFirst() {
        assertThat(read("which day had the widest rth range in 2023")).startsWith("list top 1 days by range descending");
        assertThat(read("worst 3 days of 2021")).startsWith("list top 3 days by change_pct ascending");
        assertThat(read("худшие дни 2020 года")).contains("ascending");
    }

    @Test
    void aFollowUpKeepsWhatItDoesNotNameAndChangesWhatItDoes() {
        Memory memory = after("count days in 2024 where session = RTH, weekday = monday, range > 300");
        assertThat(render(FollowUps.resolve("and 2021?", memory).orElseThrow())).startsWith("count days in 2021 where")
                .contains("session = RTH").contains("weekday = monday").contains("range > 300");
        assertThat(render(FollowUps.resolve("same for thursdays", memory).orElseThrow()))
                .contains("weekday = thursday").contains("range > 300").contains("in 2024");
        assertThat(render(FollowUps.resolve("а больше 400?", memory).orElseThrow())).contains("range > 400");
        assertThat(render(FollowUps.resolve("list them", memory).orElseThrow())).startsWith("list days in 2024");
        assertThat(FollowUps.resolve("how many green days in 2019", memory)).as("a question of its own").isEmpty();
    }

    @Test
    void aShortNewQuestionKeepsThePeriodAndSessionOfThePreviousOne() {
        Memory memory = after("mean range in 2023 where session = RTH, event = fomc");
        assertThat(render(FollowUps.inContext("how many inside days", memory).orElseThrow()))
                .contains("in 2023").contains("session = RTH");
    }

    @Test
    void smallTalkCapabilitiesAndConceptsAreNotData() {
        assertThat(SmallTalk.classify("ty, great job")).isEqualTo(SmallTalk.Kind.THANKS);
        assertThat(SmallTalk.classify("спасибо, огонь")).isEqualTo(SmallTalk.Kind.THANKS);
        assertThat(SmallTalk.classify("hey so what can you do exactly")).isEqualTo(SmallTalk.Kind.CAPABILITIES);
        assertThat(IntentClassifier.classify("quick one, how is rth different from eth?").intent()).isEqualTo("concept");
        assertThat(IntentClassifier.classify("что такое инсайд бар простыми словами").intent()).isEqualTo("concept");
    }

    @Test
    void theNewCapabilitiesAreRead() {
        assertThat(read("what did nq do on 2024-08-05")).isEqualTo("what happened in 2024-08-05");
        assertThat(read("gap fill stats by gap size since 2021")).startsWith("gap fill by gap size")
                .contains("session = RTH");
        assertThat(read("how often does rth take out the overnight high on mondays"))
                .startsWith("probability of broke_overnight_high = 1").contains("session = RTH");
        assertThat(read("share of octobers since 2012 that closed green")).contains("monthly bars")
                .contains("month = october");
        assertThat(read("when is the rth low usually set, 10 min buckets")).contains("10-minute buckets");
    }

    @Test
    void aQuestionInTwoPartsIsTwoSteps() {
        Reading r = QuestionReader.read("how often does rth break the overnight low, and what time does it happen?");
        assertThat(r.steps()).hasSize(2);
        assertThat(r.steps().get(0).operation()).isEqualTo("probability");
        assertThat(r.steps().get(1).operation()).isEqualTo("formation");
        assertThat(r.steps().get(1).id()).isEqualTo("s2");
    }

    private static String render(Reading r) {
        ParsedStep step = r.step();
        return barb.agents.steps.StepText.render(step);
    }
}
