package barb.agents;

import barb.agents.reading.TurnClassifier;
import barb.core.ChatState;
import barb.core.Json;
import barb.core.ParsedStep;
import barb.core.Plan;
import barb.core.Stage;
import com.fasterxml.jackson.databind.JsonNode;
import org.junit.jupiter.api.Test;

import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

/** The understander asks instead of answering when the learned classifier is sure the rules misread. */
class ReadingCheckTest {
    /** A classifier that reads every data question as a count. */
    private static final TurnClassifier COUNTS = TurnClassifier.train(List.of(
            List.of(new TurnClassifier.Example("how many red days in 2024", "data:count")),
            List.of(new TurnClassifier.Example("average range of green days in 2023", "data:count")),
            List.of(new TurnClassifier.Example("avg daily range on fridays", "data:count")),
            List.of(new TurnClassifier.Example("сколько было зелёных дней", "data:count")),
            List.of(new TurnClassifier.Example("средний диапазон в 2022", "data:count")),
            List.of(new TurnClassifier.Example("thanks", "chitchat"))));

    @Test
    void aConfidentOtherReadingIsAskedAboutWithBothReadingsOffered() {
        Pipeline pipeline = new Pipeline(new ReadingCheck(COUNTS));
        Pipeline.Run run = pipeline.run("average RTH range in 2023");

        assertThat(run.agents()).containsExactly("intent", "understander", "clarifier");
        assertThat(run.finish().route()).isEqualTo("clarify");
        JsonNode item = run.outcomeOf(Stage.UNDERSTANDER).output().at("/need_clarification/required/0");
        assertThat(item.path("field").asText()).isEqualTo("reading");
        assertThat(item.path("options").get(1).asText()).isEqualTo("how many such days there were");
        assertThat(item.path("options").get(0).asText()).containsIgnoringCase("range").contains("2023");
        assertThat(run.finish().response()).startsWith("I may have read this wrong. Did you mean")
                .contains("how many such days there were");
    }

    @Test
    void theReadingTheRulesMadeIsAnsweredWhenTheUserPicksIt() {
        Pipeline pipeline = new Pipeline(new ReadingCheck(COUNTS));
        Pipeline.Run asked = pipeline.run("average RTH range in 2023");
        ChatState state = asked.chatStateAfter(null);
        String offered = asked.outcomeOf(Stage.UNDERSTANDER).output()
                .at("/need_clarification/required/0/options/0").asText();

        Pipeline.Run answer = pipeline.run(offered, state);

        assertThat(answer.agents()).containsExactly("intent", "clarify_continue", "parser", "planner");
        Plan plan = Json.convert(answer.last().plans().get(0), Plan.class);
        assertThat(plan.operation()).isEqualTo("aggregate");
        assertThat(plan.metric()).isEqualTo("range");
    }

    @Test
    void theOtherReadingIsAnsweredWhenTheUserPicksThat() {
        Pipeline pipeline = new Pipeline(new ReadingCheck(COUNTS));
        Pipeline.Run asked = pipeline.run("average RTH range of red days in 2023");
        assertThat(asked.finish().route()).isEqualTo("clarify");

        Pipeline.Run answer = pipeline.run("how many such days there were", asked.chatStateAfter(null));

        Plan plan = Json.convert(answer.last().plans().get(0), Plan.class);
        assertThat(plan.operation()).isEqualTo("count");
        assertThat(plan.filters()).contains(new Plan.Condition("is_red", "=", 1));
    }

    @Test
    void russianIsAskedInRussian() {
        Pipeline pipeline = new Pipeline(new ReadingCheck(COUNTS));
        Pipeline.Run run = pipeline.run("средний диапазон RTH в 2023 году");
        assertThat(run.finish().route()).isEqualTo("clarify");
        assertThat(run.finish().response()).startsWith("Возможно, я понял вопрос неправильно")
                .contains("сколько было таких дней");
    }

    @Test
    void aReadingTheClassifierSharesIsAnsweredAtOnce() {
        Pipeline pipeline = new Pipeline(new ReadingCheck(COUNTS));
        Pipeline.Run run = pipeline.run("how many red days in 2022");
        assertThat(run.agents()).containsExactly("intent", "understander", "parser", "planner");
        assertThat(Json.convert(run.last().plans().get(0), Plan.class).operation()).isEqualTo("count");
    }

    @Test
    void theShippedClassifierLetsTheCataloguesPlainQuestionsThrough() {
        Pipeline pipeline = new Pipeline(ReadingCheck.trained());
        for (String q : List.of("average RTH range in 2023", "how many red days in 2022",
                "top 5 days by volume in 2024", "средний диапазон RTH в 2024")) {
            assertThat(pipeline.run(q).agents()).as(q).containsExactly("intent", "understander", "parser", "planner");
        }
    }

    @Test
    void aFollowUpAfterAClarificationAnswerKeepsTheOperationOfTheQuestionAnswered() {
        Pipeline pipeline = new Pipeline(ReadingCheck.trained());
        Pipeline.Run asked = pipeline.run("what's the typical daily range?");
        ChatState afterAsk = asked.chatStateAfter(null);
        Pipeline.Run answered = pipeline.run("RTH", afterAsk);
        assertThat(Json.convert(answered.last().plans().get(0), Plan.class).operation()).isEqualTo("distribution");
        ChatState afterAnswer = new ChatState(afterAsk.chatId(), afterAsk.userId(), afterAsk.title(),
                afterAsk.memory().withExchange("RTH", "…").withKeyFacts(List.of(
                        barb.agents.reading.FollowUps.LAST_QUERY + ": " + answered.last().expandedQuery())),
                barb.core.ClarificationState.none(), "r2", 0);

        Pipeline.Run next = pipeline.run("and for 2023?", afterAnswer);

        assertThat(next.agents()).containsExactly("intent", "understander", "parser", "planner");
        assertThat(Json.convert(next.last().plans().get(0), Plan.class).operation()).isEqualTo("distribution");
    }

    @Test
    void turnsAndThePreviousQuestionComeFromTheChatMemory() {
        ChatState fresh = ChatState.fresh("c", "u");
        assertThat(ReadingCheck.turn(fresh.memory())).isEqualTo(1);
        assertThat(ReadingCheck.previousQuestion(fresh.memory())).isNull();
        var memory = fresh.memory().withExchange("how many red days", "42 days").withExchange("and 2023?", "40 days");
        assertThat(ReadingCheck.turn(memory)).isEqualTo(3);
        assertThat(ReadingCheck.previousQuestion(memory)).isEqualTo("and 2023?");
    }

    @Test
    void aRankedListAndAnUngroupedTopNAreOneReading() {
        ParsedStep ranked = step("list", "{\"metric\":\"range\",\"sort\":\"desc\",\"n\":10}");
        assertThat(ReadingCheck.sameReading("data:top_n", ranked)).isTrue();
        assertThat(ReadingCheck.sameReading("data:list", step("top_n", "{\"metric\":\"range\",\"n\":3}"))).isTrue();
        // days picked by a condition are no ranking, and top days of each month are no plain list
        assertThat(ReadingCheck.sameReading("data:top_n", step("list", "{\"metric\":\"range\"}"))).isFalse();
        assertThat(ReadingCheck.sameReading("data:list",
                step("top_n", "{\"metric\":\"range\",\"n\":3,\"group_by\":\"month\"}"))).isFalse();
        assertThat(ReadingCheck.sameReading("data:count", ranked)).isFalse();
    }

    @Test
    void theTimeToFillIsAGapFillReading() {
        ParsedStep minutes = new ParsedStep("s1", "aggregate", List.of(new barb.core.Atom("2024", "gap_fill_minutes",
                "session = RTH", "1D")), (com.fasterxml.jackson.databind.node.ObjectNode) Json.parse("{\"aggregate\":\"mean\"}"));
        assertThat(ReadingCheck.sameReading("data:gap_fill", minutes)).isTrue();
        assertThat(ReadingCheck.sameReading("data:gap_fill", step("aggregate", "{\"aggregate\":\"mean\"}"))).isFalse();
    }

    @Test
    void daysCountedInEachGroupAreACount() {
        ParsedStep counted = new ParsedStep("s1", "group", List.of(new barb.core.Atom("2023", "days", "is_green = 1", "1D")),
                (com.fasterxml.jackson.databind.node.ObjectNode) Json.parse("{\"group_by\":\"month\"}"));
        assertThat(ReadingCheck.sameReading("data:count", counted)).isTrue();
        // a measure averaged in each group is no count
        assertThat(ReadingCheck.sameReading("data:count", step("group", "{\"group_by\":\"month\"}"))).isFalse();
    }

    @Test
    void theShareOfFlaggedDaysPerGroupIsAProbabilityReading() {
        ParsedStep share = new ParsedStep("s1", "group", List.of(new barb.core.Atom("all", "is_green", null, "1D")),
                (com.fasterxml.jackson.databind.node.ObjectNode) Json.parse("{\"aggregate\":\"mean\",\"group_by\":\"year\"}"));
        assertThat(ReadingCheck.sameReading("data:probability", share)).isTrue();
        // an average range per year is no share
        assertThat(ReadingCheck.sameReading("data:probability", step("group", "{\"aggregate\":\"mean\",\"group_by\":\"year\"}")))
                .isFalse();
    }

    private static ParsedStep step(String operation, String params) {
        return new ParsedStep("s1", operation, List.of(new barb.core.Atom("all", "range", null, "1D")),
                (com.fasterxml.jackson.databind.node.ObjectNode) Json.parse(params));
    }
}
