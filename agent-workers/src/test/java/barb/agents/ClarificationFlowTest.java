package barb.agents;

import barb.agents.answers.Replies;
import barb.core.ChatMessage;
import barb.core.ChatState;
import barb.core.ClarificationState;
import barb.core.Json;
import barb.core.Plan;
import barb.core.Stage;
import com.fasterxml.jackson.databind.JsonNode;
import org.junit.jupiter.api.Test;

import java.time.LocalDate;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

/** The clarification dialogue across requests: each request's chat state is the next one's input. */
class ClarificationFlowTest {
    private static final Plan.Period ALL = new Plan.Period(Pipeline.COVERAGE.firstDay(), Pipeline.COVERAGE.lastDay());
    private final Pipeline pipeline = new Pipeline();

    private ChatState askTypicalRange(String question) {
        Pipeline.Run first = pipeline.run(question);
        assertThat(first.agents()).containsExactly("intent", "understander", "clarifier");
        assertThat(first.finish().route()).isEqualTo("clarify");
        ClarificationState c = first.finish().clarification();
        assertThat(c.awaiting()).isTrue();
        assertThat(c.originalQuestion()).isEqualTo(question);
        assertThat(c.rounds()).isEqualTo(1);
        assertThat(c.history()).containsExactly(ChatMessage.assistant(first.finish().response()));
        assertThat(c.context().path("required").get(0).path("field").asText()).isEqualTo("session");
        return first.chatStateAfter(null);
    }

    /** "What's the typical daily range?" answered with RTH: the distribution of the RTH range over all data. */
    private static void assertTypicalRange(Plan plan, String session) {
        assertThat(plan.operation()).isEqualTo("distribution");
        assertThat(plan.metric()).isEqualTo("range");
        assertThat(plan.session()).isEqualTo(session);
        assertThat(plan.period()).isEqualTo(ALL);
        assertThat(plan.mode()).isEqualTo("single");
    }

    private static Plan onlyPlan(Pipeline.Run run) {
        JsonNode plans = run.last().plans();
        assertThat(plans).hasSize(1);
        return Json.convert(plans.get(0), Plan.class);
    }

    @Test
    void englishRoundTripAsksForSessionThenComputesWithIt() {
        ChatState state = askTypicalRange("what's the typical daily range?");
        Pipeline.Run first = pipeline.run("what's the typical daily range?");
        assertThat(first.finish().response()).contains("RTH").contains("ETH");
        JsonNode understander = first.outcomeOf(Stage.UNDERSTANDER).output();
        assertThat(understander.get("understood").asBoolean()).isFalse();
        assertThat(understander.at("/need_clarification/required/0/options").toString())
                .isEqualTo("[\"RTH (09:30-17:00)\",\"ETH (full day 18:00-17:00)\"]");

        Pipeline.Run answer = pipeline.run("RTH", state);

        assertThat(answer.agents()).containsExactly("intent", "clarify_continue", "parser", "planner");
        JsonNode out = answer.outcomeOf(Stage.CLARIFY_CONTINUE).output();
        assertThat(out.get("understood").asBoolean()).isTrue();
        assertThat(out.get("topic_changed").asBoolean()).isFalse();
        assertThat(out.get("expanded_query").asText()).contains("range").contains("RTH");
        assertTypicalRange(onlyPlan(answer), "RTH");
        assertThat(answer.last().lang()).isEqualTo("en");
    }

    @Test
    void russianRoundTripAcceptsRussianSessionNames() {
        for (String reply : List.of("ртх", "RTH", "основная сессия")) {
            ChatState state = askTypicalRange("какой обычно дневной диапазон?");
            Pipeline.Run answer = pipeline.run(reply, state);
            assertThat(answer.agents()).as(reply).containsExactly("intent", "clarify_continue", "parser", "planner");
            assertTypicalRange(onlyPlan(answer), "RTH");
            assertThat(answer.last().lang()).as("the original question's language").isEqualTo("ru");
        }
        ChatState state = askTypicalRange("какой обычно дневной диапазон?");
        Pipeline.Run whole = pipeline.run("вся сессия", state);
        assertTypicalRange(onlyPlan(whole), "ETH");
    }

    @Test
    void newDataQuestionChangesTheTopic() {
        ChatState state = askTypicalRange("what's the typical daily range?");
        Pipeline.Run run = pipeline.run("how many green days in 2023", state);

        assertThat(run.agents()).containsExactly("intent", "clarify_continue", "parser", "planner");
        JsonNode out = run.outcomeOf(Stage.CLARIFY_CONTINUE).output();
        assertThat(out.get("understood").asBoolean()).isTrue();
        assertThat(out.get("topic_changed").asBoolean()).isTrue();
        assertThat(out.get("original_question").isNull()).isTrue();
        Plan plan = onlyPlan(run);
        assertThat(plan.operation()).isEqualTo("count");
        assertThat(plan.filters()).containsExactly(new Plan.Condition("is_green", "=", 1));
        assertThat(plan.period()).isEqualTo(new Plan.Period(LocalDate.of(2023, 1, 1), LocalDate.of(2023, 12, 31)));
    }

    @Test
    void cancellationAndSmallTalkEndTheDialogueInTheResponder() {
        for (String reply : List.of("never mind", "cancel", "забей", "отмена", "hi")) {
            ChatState state = askTypicalRange("what's the typical daily range?");
            Pipeline.Run run = pipeline.run(reply, state);

            assertThat(run.agents()).as(reply).containsExactly("intent", "clarify_continue", "responder");
            JsonNode out = run.outcomeOf(Stage.CLARIFY_CONTINUE).output();
            assertThat(out.get("understood").asBoolean()).isFalse();
            assertThat(out.get("topic_changed").asBoolean()).isTrue();
            assertThat(out.get("intent").asText()).isEqualTo("chitchat");
            assertThat(run.finish().route()).isEqualTo("chitchat");
            assertThat(run.finish().clarification()).isEqualTo(ClarificationState.none());
        }
        Pipeline.Run ru = pipeline.run("забей", askTypicalRange("какой обычно дневной диапазон?"));
        assertThat(ru.finish().response()).startsWith("Окей, без проблем");
        Pipeline.Run hi = pipeline.run("hi", askTypicalRange("what's the typical daily range?"));
        assertThat(hi.finish().response()).startsWith("Hi!");
    }

    @Test
    void unclearAnswerAsksAgainAndKeepsTheWholeDialogue() {
        ChatState state = askTypicalRange("what's the typical daily range?");
        Pipeline.Run again = pipeline.run("purple elephants", state);

        assertThat(again.agents()).containsExactly("intent", "clarify_continue", "clarifier");
        JsonNode out = again.outcomeOf(Stage.CLARIFY_CONTINUE).output();
        assertThat(out.get("understood").asBoolean()).isFalse();
        assertThat(out.get("topic_changed").asBoolean()).isFalse();
        assertThat(out.at("/need_clarification/required/0/field").asText()).isEqualTo("session");
        assertThat(again.finish().route()).isEqualTo("clarify");
        assertThat(again.finish().response()).startsWith("Sorry, I didn't quite get that.");
        ClarificationState c = again.finish().clarification();
        assertThat(c.awaiting()).isTrue();
        assertThat(c.rounds()).isEqualTo(2);
        assertThat(c.originalQuestion()).isEqualTo("what's the typical daily range?");
        assertThat(c.history()).extracting(ChatMessage::role).containsExactly("assistant", "user", "assistant");
        assertThat(c.history().get(1).content()).isEqualTo("purple elephants");
    }

    @Test
    void safetyNetEndsTheDialogueAfterThreeRounds() {
        ChatState state = askTypicalRange("what's the typical daily range?");
        for (int round = 2; round <= 3; round++) {
            Pipeline.Run run = pipeline.run("blah " + round, state);
            assertThat(run.agents()).containsExactly("intent", "clarify_continue", "clarifier");
            assertThat(run.finish().clarification().rounds()).isEqualTo(round);
            state = run.chatStateAfter(state);
        }
        assertThat(state.clarification().roundsExhausted()).isTrue();

        Pipeline.Run last = pipeline.run("blah again", state);

        assertThat(last.agents()).containsExactly("intent", "clarify_continue", "responder");
        assertThat(last.finish().route()).isEqualTo("gave_up");
        assertThat(last.finish().response()).isEqualTo(Replies.safetyNet("en"));
        assertThat(last.finish().clarification()).isEqualTo(ClarificationState.none());
        JsonNode out = last.outcomeOf(Stage.CLARIFY_CONTINUE).output();
        assertThat(out.get("topic_changed").asBoolean()).isTrue();
        assertThat(out.get("awaiting_clarification").asBoolean()).isFalse();
    }

    @Test
    void aVagueAskIsAskedWhatItWantsUntilAQuestionComes() {
        Pipeline.Run first = pipeline.run("ну че там по статистике нк, есть что интересного?");
        assertThat(first.finish().route()).isEqualTo("clarify");
        assertThat(first.finish().clarification().context().path("required").get(0).path("field").asText())
                .isEqualTo("goal");
        assertThat(first.finish().response()).contains("вероятность зелёного дня");
        ChatState state = first.chatStateAfter(null);
        Pipeline.Run unclear = pipeline.run("да хз, сам посмотри", state);
        assertThat(unclear.finish().route()).isEqualTo("clarify");
        assertThat(unclear.finish().clarification().rounds()).isEqualTo(2);
        Pipeline.Run answered = pipeline.run("средний рейндж ртх в 2024", unclear.chatStateAfter(state));
        assertThat(onlyPlan(answered).metric()).isEqualTo("range");
    }

    @Test
    void aPeriodBarbCannotDateIsAskedForAndTheAnswersDaysAreUsed() {
        Pipeline.Run first = pipeline.run("средний ренж ртх во время паники");
        assertThat(first.finish().route()).isEqualTo("clarify");
        assertThat(first.finish().response()).contains("«паники»");
        Pipeline.Run answered = pipeline.run("ну тот обвал в марте, март 2020", first.chatStateAfter(null));
        Plan plan = onlyPlan(answered);
        assertThat(plan.period()).isEqualTo(new Plan.Period(LocalDate.parse("2020-03-01"), LocalDate.parse("2020-03-31")));
        assertThat(plan.filters()).as("the story around the dates is no condition").isEmpty();
        assertThat(plan.session()).isEqualTo("RTH");
    }

    @Test
    void aFollowUpWithNothingBeforeItIsAskedWhatItWants() {
        Pipeline.Run first = pipeline.run("а как насчёт пятниц?");
        assertThat(first.finish().route()).isEqualTo("clarify");
        assertThat(first.finish().clarification().context().path("required").get(0).path("field").asText())
                .isEqualTo("goal");
        // after a question it changes that question
        barb.core.Memory afterRange = new barb.core.Memory(List.of(ChatMessage.user("q"), ChatMessage.assistant("a")),
                List.of(), List.of(barb.agents.reading.FollowUps.LAST_QUERY + ": mean range in 2023"));
        assertThat(barb.agents.reading.FollowUps.followsNothing("а как насчёт пятниц?", afterRange,
                barb.agents.reading.QuestionReader.read("а как насчёт пятниц?"))).isFalse();
    }

    @Test
    void russianSafetyNetIsInRussian() {
        ClarificationState exhausted = new ClarificationState(true, "какой обычно дневной диапазон?",
                List.of(ChatMessage.assistant("q1"), ChatMessage.user("a1"), ChatMessage.assistant("q2"),
                        ChatMessage.user("a2"), ChatMessage.assistant("q3")), 3, null);
        Pipeline.Run run = pipeline.run("ммм", Pipeline.awaiting(exhausted));
        assertThat(run.finish().response()).isEqualTo(Replies.safetyNet("ru"));
    }

    @Test
    void clarifyContinueInputHasSeedFields() {
        ChatState state = askTypicalRange("what's the typical daily range?");
        Pipeline.Run run = pipeline.run("RTH", state);
        JsonNode input = run.outcomeOf(Stage.CLARIFY_CONTINUE).input();
        assertThat(input.fieldNames()).toIterable()
                .containsExactlyInAnyOrder("original_question", "user_answer", "clarification_history", "lang");
        assertThat(input.get("clarification_history")).hasSize(2);
        assertThat(input.at("/clarification_history/1/content").asText()).isEqualTo("RTH");
        assertThat(run.outcomes().get(0).next()).isEqualTo(Stage.CLARIFY_CONTINUE);
    }

    @Test
    void unclearNewQuestionStartsAFreshDialogue() {
        ChatState state = askTypicalRange("what's the typical daily range?");
        Pipeline.Run run = pipeline.run("average range in 2023", state);
        assertThat(run.agents()).containsExactly("intent", "clarify_continue", "clarifier");
        ClarificationState c = run.finish().clarification();
        assertThat(c.originalQuestion()).isEqualTo("average range in 2023");
        assertThat(c.rounds()).isEqualTo(1);

        Pipeline.Run answer = pipeline.run("ETH", run.chatStateAfter(state));
        Plan plan = onlyPlan(answer);
        assertThat(plan.session()).isEqualTo("ETH");
        assertThat(plan.period()).isEqualTo(new Plan.Period(LocalDate.of(2023, 1, 1), LocalDate.of(2023, 12, 31)));
    }

    @Test
    void aWholeQuestionAnsweringWhichPeriodAfterOnlyLatelyIsTheQuestion() {
        Pipeline.Run first = pipeline.run("so how's nq been moving up lately, gimme numbers");
        assertThat(first.finish().route()).isEqualTo("clarify");
        assertThat(first.finish().clarification().context().path("required").get(0).path("field").asText())
                .isEqualTo("period");

        Pipeline.Run answer = pipeline.run("median rth range over the last 3 months", first.chatStateAfter(null));
        Plan plan = onlyPlan(answer);
        assertThat(plan.operation()).isEqualTo("aggregate");
        assertThat(plan.metric()).isEqualTo("range");
        assertThat(plan.filters()).as("'moving up' was only small talk").isEmpty();
    }

    @Test
    void anAnswerThatOnlySaysWhatToMeasureKeepsTheQuestionsGrouping() {
        Pipeline.Run first = pipeline.run("nq volatility by month?");
        assertThat(first.finish().route()).isEqualTo("clarify");

        Pipeline.Run answer = pipeline.run("median of the daily % change", first.chatStateAfter(null));
        Plan plan = onlyPlan(answer);
        assertThat(plan.operation()).isEqualTo("group");
        assertThat(plan.groupBy()).isEqualTo("month");
        assertThat(plan.metric()).isEqualTo("change_pct");
        assertThat(plan.aggregate()).isEqualTo("median");
    }
}
