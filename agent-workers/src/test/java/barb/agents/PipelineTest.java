package barb.agents;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;


import static org.assertj.core.api.Assertions.assertThat;

/**
 * Messages that never reach the parser: small talk, concepts and questions Barb cannot answer. What data questions
 * become is checked case by case by the question catalogue (CatalogueAccuracyTest).
 */
class PipelineTest {
    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', value = {
            "hi | chitchat | en | Hi!",
            "hey barb, good morning! | chitchat | en | Hi!",
            "привет | chitchat | ru | Привет!",
            "what is an inside day? | concept | en | An inside day is a day whose high is below",
            "что такое inside day? | concept | ru | Inside day (внутренний день) — день, у которого хай ниже",
            "thanks! | chitchat | en | You're welcome!",
            "what's the weather like? | chitchat | en | I don't have an explanation"})
    void nonDataMessagesAreAnsweredByTheResponder(String question, String route, String lang, String start) {
        Pipeline.Run run = new Pipeline().run(question);
        assertThat(run.agents()).containsExactly("intent", "responder");
        assertThat(run.finish().route()).isEqualTo(route);
        assertThat(run.last().lang()).isEqualTo(lang);
        assertThat(run.finish().response()).startsWith(start);
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', value = {
            "what will NQ do tomorrow? | en | I don't make forecasts",
            "what is the NQ price right now? | en | I don't have live data",
            "should I buy NQ here? | en | I don't give trading signals",
            "average range on days when RSI was above 70 | en | I have no RSI data",
            "какой будет диапазон завтра? | ru | Прогнозов я не делаю",
            "средний диапазон когда VIX выше 30 | ru | У меня есть только данные NQ, а не VIX"})
    void unsupportedDataQuestionsGetAnHonestAnswerWithoutNumbers(String question, String lang, String start) {
        Pipeline.Run run = new Pipeline().run(question);
        assertThat(run.agents()).containsExactly("intent", "understander", "responder");
        assertThat(run.finish().route()).isEqualTo("unsupported");
        assertThat(run.last().lang()).isEqualTo(lang);
        assertThat(run.finish().response()).startsWith(start).doesNotContain("70", "30");
        assertThat(run.finish().response().replace("1.5", "").replace("20-day", "").replace("NR7", ""))
                .as("no numbers beyond the description of what Barb can do").doesNotContainPattern("\\d");
        assertThat(run.finish().response().split("(?<=[.!?])\\s+")).as("at most two sentences").hasSizeLessThanOrEqualTo(2);
    }

    @org.junit.jupiter.api.Test
    void theConditionOfAProbabilityIsWhatFollowsAfterAndTheOutcomeWhatComesNext() {
        Pipeline.Run run = new Pipeline().run("какой шанс, что после гэпа вверх день закроется красным?");
        barb.core.Plan plan = barb.core.Json.convert(run.last().plans().get(0), barb.core.Plan.class);
        assertThat(plan.operation()).isEqualTo("probability");
        assertThat(plan.gap()).isEqualTo("up");
        assertThat(plan.outcome()).isEqualTo(new barb.core.Plan.Condition("is_red", "=", 1));
        assertThat(plan.filters()).isEmpty();
    }
}
