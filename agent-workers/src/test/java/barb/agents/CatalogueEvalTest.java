package barb.agents;

import barb.core.ClarificationItem;
import barb.core.ClarificationState;
import barb.core.ClarifyContinueResult;
import barb.core.Json;
import barb.core.NeedClarification;
import barb.core.Plan;
import barb.core.RequestEnvelope;
import barb.core.Stage;
import barb.core.StageHandler;
import barb.core.StageOutcome;
import com.fasterxml.jackson.databind.node.ObjectNode;
import org.junit.jupiter.api.Test;

import java.net.URISyntaxException;
import java.nio.file.Path;
import java.time.LocalDate;
import java.util.List;
import java.util.Objects;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The scoring, with stand-in handlers whose behaviour is fixed here (the rules agents change; the scoring must
 * not): a chat answer, a count that always reads 2024, a clarification that never understands the answer.
 */
class CatalogueEvalTest {
    private static final Plan GREEN_2024 = new Plan("s1", "count",
            new Plan.Period(LocalDate.of(2024, 1, 1), LocalDate.of(2024, 12, 31)), "ETH", "1D", null, null, null,
            List.of(new Plan.Condition("is_green", "=", 1)), null, null, null, "green days 2024").withMode("single");

    static List<StageHandler> stubs() {
        return List.of(new IntentStub(), new ClarifierStub(), new ClarifyContinueStub(), new ResponderStub());
    }

    static Catalogue tiny() throws URISyntaxException {
        return Catalogue.load(Path.of(Objects.requireNonNull(
                CatalogueEvalTest.class.getClassLoader().getResource("catalogue-eval/tiny.json")).toURI()));
    }

    @Test
    void scoresPassesAndMissesPerCategory() throws Exception {
        CatalogueEval.Report report = CatalogueEval.run(tiny(), CatalogueEvalTest::stubs);

        assertThat(report.total()).isEqualTo(4);
        assertThat(report.passed()).isEqualTo(2);
        assertThat(report.accuracy()).isEqualTo(0.5);
        assertThat(report.perCategory()).containsOnlyKeys("count", "clarification", "chitchat");
        assertThat(report.perCategory().get("chitchat")).containsExactly(1, 1);
        assertThat(report.perCategory().get("count")).containsExactly(1, 2);
        assertThat(report.perCategory().get("clarification")).containsExactly(0, 1);
        assertThat(report.perCategory().keySet()).as("the report keeps the catalogue's category order")
                .containsExactly("count", "clarification", "chitchat");
    }

    @Test
    void aWrongPlanIsADishonestMissShowingOnlyTheDifference() throws Exception {
        CatalogueEval.Report report = CatalogueEval.run(tiny(), CatalogueEvalTest::stubs);

        CatalogueEval.Failure wrong = report.failures().get(0);
        assertThat(wrong.caseId()).isEqualTo("count-en-02");
        assertThat(wrong.turn()).isEqualTo(1);
        assertThat(wrong.question()).isEqualTo("how many green days in 2023?");
        assertThat(wrong.honest()).isFalse();
        assertThat(wrong.expected()).isEqualTo("data s1 {\"period\":{\"from\":\"2023-01-01\",\"to\":\"2023-12-31\"}}");
        assertThat(wrong.actual()).isEqualTo("data s1 {\"period\":{\"from\":\"2024-01-01\",\"to\":\"2024-12-31\"}}");
    }

    @Test
    void aClarificationInsteadOfAnAnswerIsAnHonestMissOnItsTurn() throws Exception {
        CatalogueEval.Report report = CatalogueEval.run(tiny(), CatalogueEvalTest::stubs);

        assertThat(report.failures()).hasSize(2);
        assertThat(report.honestMisses()).isEqualTo(1);
        CatalogueEval.Failure honest = report.failures().get(1);
        assertThat(honest.caseId()).isEqualTo("clarify-en-01");
        assertThat(honest.turn()).as("the first turn asked as expected").isEqualTo(2);
        assertThat(honest.question()).isEqualTo("RTH");
        assertThat(honest.honest()).isTrue();
        assertThat(honest.expected()).startsWith("data [{\"id\":\"s1\",\"operation\":\"aggregate\"");
        assertThat(honest.actual()).isEqualTo("clarify(session)");
    }

    @Test
    void labelsDoNotCountButEveryOtherFieldDoes() {
        Plan relabelled = new Plan("s1", "count", GREEN_2024.period(), "ETH", "1D", null, null, null,
                GREEN_2024.filters(), null, null, null, "another label").withMode("single");
        Catalogue.Expect expect = new Catalogue.Expect("data", null, List.of(relabelled));
        ConversationRunner.Turn actual = new ConversationRunner.Turn("data", null, List.of(GREEN_2024), "", List.of());
        assertThat(CatalogueEval.matches(expect, actual)).isTrue();

        Plan otherMode = relabelled.withMode("multi_period");
        assertThat(CatalogueEval.matches(new Catalogue.Expect("data", null, List.of(otherMode)), actual)).isFalse();
        assertThat(CatalogueEval.matches(new Catalogue.Expect("clarify", "session", List.of()), actual)).isFalse();
    }

    @Test
    void runnerCarriesTheChatStateAndGivesUpAfterThreeRounds() {
        ConversationRunner runner = new ConversationRunner(stubs());

        ConversationRunner.Turn first = runner.ask("average range");
        assertThat(first.route()).isEqualTo("clarify");
        assertThat(first.field()).isEqualTo("session");
        assertThat(first.agents()).containsExactly("intent", "clarifier");
        assertThat(runner.state().clarification().rounds()).isEqualTo(1);
        assertThat(runner.state().memory().recent()).hasSize(2);

        assertThat(runner.ask("hmm").route()).isEqualTo("clarify");
        assertThat(runner.ask("what").route()).isEqualTo("clarify");
        assertThat(runner.state().clarification().rounds()).isEqualTo(ClarificationState.MAX_ROUNDS);

        ConversationRunner.Turn last = runner.ask("no idea");
        assertThat(last.route()).isEqualTo(ConversationRunner.GAVE_UP);
        assertThat(last.agents()).containsExactly("intent", "clarify_continue", "responder");
        assertThat(runner.state().clarification().awaiting()).isFalse();
        assertThat(runner.state().memory().recent()).hasSize(8);

        runner.reset();
        assertThat(runner.state().memory().recent()).isEmpty();
        ConversationRunner.Turn data = runner.ask("how many green days in 2024?");
        assertThat(data.route()).isEqualTo("data");
        assertThat(data.plans()).containsExactly(GREEN_2024);
        assertThat(data.reply()).isEqualTo("Counting green days.");
        assertThat(runner.state().memory().recent().get(1).content()).isEqualTo("Counting green days.");
    }

    @Test
    void aFailingHandlerIsAnErrorTurnNotACrash() {
        StageHandler broken = new StageHandler() {
            @Override
            public Stage stage() {
                return Stage.INTENT;
            }

            @Override
            public StageOutcome handle(RequestEnvelope envelope) {
                throw new IllegalStateException("boom");
            }
        };
        ConversationRunner.Turn turn = new ConversationRunner(List.of(broken)).ask("hi");
        assertThat(turn.route()).isEqualTo("error");
        assertThat(turn.reply()).contains("intent failed").contains("boom");
    }

    private static final class IntentStub implements StageHandler {
        @Override
        public Stage stage() {
            return Stage.INTENT;
        }

        @Override
        public StageOutcome handle(RequestEnvelope env) {
            if (env.chatStateOrFresh().clarification().awaiting()) {
                return StageOutcome.next(env.withIntent("data", "en", env.question()), Stage.CLARIFY_CONTINUE,
                        null, null, null);
            }
            if (env.question().equals("hi")) {
                return StageOutcome.finish(env, new StageOutcome.Finish("chitchat", "Hello!", null), null, null,
                        null).withAnswer("Hello!");
            }
            if (env.question().startsWith("how many green days")) {
                RequestEnvelope next = env.withIntent("data", "en", env.question())
                        .withPlans(Json.MAPPER.valueToTree(List.of(GREEN_2024)));
                return StageOutcome.next(next, Stage.EXECUTOR, null, null, null)
                        .withAcknowledge("Counting green days.");
            }
            NeedClarification nc = new NeedClarification(List.of(new ClarificationItem("session",
                    "range depends on the session", List.of("RTH", "ETH"))), List.of(), "average range");
            ObjectNode understanding = Json.object().put("intent", "data").put("understood", false);
            understanding.set("need_clarification", Json.tree(nc));
            return StageOutcome.next(env.withIntent("data", "en", env.question()).withUnderstanding(understanding,
                    null), Stage.CLARIFIER, null, null, null);
        }
    }

    private static final class ClarifierStub implements StageHandler {
        @Override
        public Stage stage() {
            return Stage.CLARIFIER;
        }

        @Override
        public StageOutcome handle(RequestEnvelope env) {
            ClarificationState state = env.chatStateOrFresh().clarification();
            ClarificationState next = state.asked(env.question(), "RTH or ETH?",
                    env.understanding().get("need_clarification"));
            return StageOutcome.finish(env, new StageOutcome.Finish("clarify", "RTH or ETH?", next), null, null,
                    null);
        }
    }

    /** Never understands an answer; out of rounds it gives up (the seed's safety-net shape). */
    private static final class ClarifyContinueStub implements StageHandler {
        @Override
        public Stage stage() {
            return Stage.CLARIFY_CONTINUE;
        }

        @Override
        public StageOutcome handle(RequestEnvelope env) {
            ClarificationState state = env.chatStateOrFresh().clarification();
            ClarifyContinueResult result;
            Stage next;
            if (state.roundsExhausted()) {
                result = new ClarifyContinueResult(null, null, false, true, null, null, false, null, null, null,
                        "Let's start over.");
                next = Stage.RESPONDER;
            } else {
                NeedClarification nc = Json.convert(state.context(), NeedClarification.class);
                result = new ClarifyContinueResult(null, null, false, false, null, null, true, nc, null, null, null);
                next = Stage.CLARIFIER;
            }
            return StageOutcome.next(env.withUnderstanding(Json.tree(result), null), next, null, null, null);
        }
    }

    private static final class ResponderStub implements StageHandler {
        @Override
        public Stage stage() {
            return Stage.RESPONDER;
        }

        @Override
        public StageOutcome handle(RequestEnvelope env) {
            return StageOutcome.finish(env, new StageOutcome.Finish("chitchat", "Let's start over.", null), null,
                    null, null);
        }
    }
}
