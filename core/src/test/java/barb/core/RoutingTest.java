package barb.core;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/** Seed 000 §8: the graph routing and the route values of chat_logs. */
class RoutingTest {
    @Test
    void intentRoutesByClarificationStateFirstThenByIntent() {
        assertThat(Routing.afterIntent(true, "chitchat")).isEqualTo(Stage.CLARIFY_CONTINUE);
        assertThat(Routing.afterIntent(false, "data")).isEqualTo(Stage.UNDERSTANDER);
        assertThat(Routing.afterIntent(false, "chitchat")).isEqualTo(Stage.RESPONDER);
        assertThat(Routing.afterIntent(false, "concept")).isEqualTo(Stage.RESPONDER);
    }

    @Test
    void understanderSendsUnclearQuestionsToTheClarifierAndUnsupportedOnesToTheResponder() {
        assertThat(Routing.afterUnderstander(true, true)).isEqualTo(Stage.PARSER);
        assertThat(Routing.afterUnderstander(false, true)).isEqualTo(Stage.CLARIFIER);
        assertThat(Routing.afterUnderstander(true, false)).isEqualTo(Stage.RESPONDER);
    }

    @Test
    void clarifyContinueHasFourOutcomesAndASafetyNet() {
        // answer on topic, and a new data request: both go on to the parser
        assertThat(Routing.afterClarifyContinue(true, false, true, false)).isEqualTo(Stage.PARSER);
        assertThat(Routing.afterClarifyContinue(true, true, true, false)).isEqualTo(Stage.PARSER);
        // cancellation or chitchat
        assertThat(Routing.afterClarifyContinue(false, true, true, false)).isEqualTo(Stage.RESPONDER);
        // still unclear: ask again, unless the rounds are used up
        assertThat(Routing.afterClarifyContinue(false, false, true, false)).isEqualTo(Stage.CLARIFIER);
        assertThat(Routing.afterClarifyContinue(false, false, true, true)).isEqualTo(Stage.RESPONDER);
    }

    @Test
    void parserAndPlannerWithNothingToRunGoStraightToThePresenter() {
        assertThat(Routing.afterParser(true)).isEqualTo(Stage.PLANNER);
        assertThat(Routing.afterParser(false)).isEqualTo(Stage.PRESENTER);
        assertThat(Routing.afterPlanner(true)).isEqualTo(Stage.EXECUTOR);
        assertThat(Routing.afterPlanner(false)).isEqualTo(Stage.PRESENTER);
    }

    @Test
    void responderRoutes() {
        assertThat(Routing.responderRoute("chitchat", false)).isEqualTo("chitchat");
        assertThat(Routing.responderRoute("concept", false)).isEqualTo("concept");
        assertThat(Routing.responderRoute("data", true)).isEqualTo("unsupported");
    }
}
