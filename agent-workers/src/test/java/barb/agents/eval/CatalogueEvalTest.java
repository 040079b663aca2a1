package barb.agents.eval;

import barb.agents.chat.ConversationRunner;
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
    private static final LocalDate FIRST = LocalDate.of(2008, 1, 2);
    private static final LocalDate LAST = LocalDate.of(2026, 1, 7);

    static List<StageHandler> stubs() {
        return List.of(new IntentStub(), new ClarifierStub(), new ClarifyContinueStub(), new ResponderStub());
    }

    static Catalogue tiny() throws URISyntaxException {
        return Catalogue.load(Path.of(Objects.requireNonNull(
                CatalogueEvalTest.class.getClassLoader().getResource("catalogue-eval/tiny.json")).toURI()));
    }

    @Test
    void scoresEveryTurnPerLanguageAndCategory() throws Exception {
        CatalogueEval.Report report = CatalogueEval.run(tiny(), CatalogueEvalTest::stubs);

        CatalogueEval.Tally all = report.overall();
        assertThat(all.turns()).isEqualTo(10);
        assertThat(all.count(CatalogueEval.Outcome.CORRECT)).as("hi, green 2024, green 2024 written loosely, thanks")
                .isEqualTo(4);
        assertThat(all.count(CatalogueEval.Outcome.GOOD_CLARIFICATION)).as("'average range' asks the session")
                .isEqualTo(1);
        assertThat(all.count(CatalogueEval.Outcome.HONEST_REFUSAL)).isZero();
        assertThat(all.count(CatalogueEval.Outcome.WRONG)).as("green 2023 answered for 2024 (twice); clarify answered")
                .isEqualTo(3);
        assertThat(all.count(CatalogueEval.Outcome.BROKEN)).as("'RTH' asked again; VIX not refused")
                .isEqualTo(2);
        assertThat(all.ok()).isEqualTo(5);
        assertThat(all.okShare()).isEqualTo(0.5);
        assertThat(report.perLanguage()).containsOnlyKeys("en", "ru");
        assertThat(report.perLanguage().get("ru").turns()).isEqualTo(1);
        assertThat(report.perCategory().keySet()).as("the report keeps the catalogue's category order")
                .containsExactly("count", "follow_up", "clarification", "chitchat", "out_of_scope");
        assertThat(report.casesOk()).isEqualTo(3);
        assertThat(report.cases()).isEqualTo(8);
    }

    @Test
    void aWrongPlanShowsOnlyTheDifferenceInMeaning() throws Exception {
        CatalogueEval.Report report = CatalogueEval.run(tiny(), CatalogueEvalTest::stubs);

        CatalogueEval.Miss wrong = report.misses().get(0);
        assertThat(wrong.caseId()).isEqualTo("count-en-02");
        assertThat(wrong.turn()).isEqualTo(1);
        assertThat(wrong.question()).isEqualTo("how many green days in 2023?");
        assertThat(wrong.outcome()).isEqualTo(CatalogueEval.Outcome.WRONG);
        assertThat(wrong.expected()).isEqualTo("data s1 count {\"from\":\"2023-01-01\",\"to\":\"2023-12-31\"}");
        assertThat(wrong.actual()).isEqualTo("data s1 {\"from\":\"2024-01-01\",\"to\":\"2024-12-31\"}");
    }

    @Test
    void everyTurnIsScoredAlsoAfterAMiss() throws Exception {
        CatalogueEval.Report report = CatalogueEval.run(tiny(), CatalogueEvalTest::stubs);

        CatalogueEval.Miss askedAgain = report.misses().stream().filter(m -> m.caseId().equals("clarify-en-01"))
                .findFirst().orElseThrow();
        assertThat(askedAgain.turn()).as("the first turn asked as expected").isEqualTo(2);
        assertThat(askedAgain.question()).isEqualTo("RTH");
        assertThat(askedAgain.outcome()).isEqualTo(CatalogueEval.Outcome.BROKEN);
        assertThat(askedAgain.actual()).isEqualTo("clarify(session)");
        assertThat(report.misses()).filteredOn(m -> m.caseId().equals("follow-en-01"))
                .as("the turn after a wrong one is still asked and scored").extracting(CatalogueEval.Miss::turn)
                .containsExactly(1);
        assertThat(report.perCategory().get("follow_up").turns()).isEqualTo(2);
        assertThat(report.perCategory().get("follow_up").ok()).isEqualTo(1);
    }

    @Test
    void anAlsoReadingIsAsRightAsTheMainOne() {
        Catalogue.Expect clarifyOrData = new Catalogue.Expect("clarify", "session", List.of(), "range differs",
                List.of(new Catalogue.Expect("data", null, List.of(GREEN_2024))));
        ConversationRunner.Turn data = new ConversationRunner.Turn("data", null, List.of(GREEN_2024), "", List.of());
        ConversationRunner.Turn asked = new ConversationRunner.Turn("clarify", "session", List.of(), "", List.of());
        ConversationRunner.Turn askedOther = new ConversationRunner.Turn("clarify", "ambiguous_term", List.of(), "",
                List.of());

        assertThat(CatalogueEval.score(clarifyOrData, data, FIRST, LAST)).isEqualTo(CatalogueEval.Outcome.CORRECT);
        assertThat(CatalogueEval.score(clarifyOrData, asked, FIRST, LAST))
                .isEqualTo(CatalogueEval.Outcome.GOOD_CLARIFICATION);
        assertThat(CatalogueEval.score(clarifyOrData, askedOther, FIRST, LAST))
                .as("asking about something else is a dead end").isEqualTo(CatalogueEval.Outcome.BROKEN);
    }

    @Test
    void labelsModesAndWrittenDefaultsDoNotCountButMeaningDoes() {
        Plan loose = new Plan(null, "COUNT", new Plan.Period(LocalDate.of(2024, 1, 1), LocalDate.of(2024, 12, 31)),
                null, null, null, null, null, List.of(new Plan.Condition("is_green", "==", 1)), null, null, null,
                "another label").withMode("multi_period");
        ConversationRunner.Turn actual = new ConversationRunner.Turn("data", null, List.of(GREEN_2024), "", List.of());
        assertThat(CatalogueEval.score(new Catalogue.Expect("data", null, List.of(loose)), actual, FIRST, LAST))
                .isEqualTo(CatalogueEval.Outcome.CORRECT);

        Plan rth = new Plan("s1", "count", GREEN_2024.period(), "RTH", "1D", null, null, null,
                GREEN_2024.filters(), null, null, null, null);
        assertThat(CatalogueEval.score(new Catalogue.Expect("data", null, List.of(rth)), actual, FIRST, LAST))
                .isEqualTo(CatalogueEval.Outcome.WRONG);
        assertThat(CatalogueEval.score(new Catalogue.Expect("clarify", "session", List.of()), actual, FIRST, LAST))
                .as("a guess where Barb should have asked shows numbers").isEqualTo(CatalogueEval.Outcome.WRONG);
        assertThat(CatalogueEval.score(new Catalogue.Expect("unsupported", null, List.of()),
                new ConversationRunner.Turn("unsupported", null, List.of(), "", List.of()), FIRST, LAST))
                .isEqualTo(CatalogueEval.Outcome.HONEST_REFUSAL);
        assertThat(CatalogueEval.score(new Catalogue.Expect("data", null, List.of(rth)),
                new ConversationRunner.Turn("unsupported", null, List.of(), "", List.of()), FIRST, LAST))
                .as("refusing what Barb can do").isEqualTo(CatalogueEval.Outcome.BROKEN);
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
            if (env.question().equals("hi") || env.question().equals("thanks")) {
                return StageOutcome.finish(env, new StageOutcome.Finish("chitchat", "Hello!", null), null, null,
                        null).withAnswer("Hello!");
            }
            if (env.question().startsWith("vix")) {
                return StageOutcome.finish(env, new StageOutcome.Finish("chitchat", "Hm?", null), null, null, null);
            }
            if (env.question().startsWith("how many green days") || env.question().startsWith("сколько")) {
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
