package barb.agents;

import barb.core.StageHandler;

import java.time.Clock;
import java.util.List;

/** The deterministic (no-LLM) implementations of every agent stage, English and Russian. */
public final class RulesAgents {
    private RulesAgents() {
    }

    /**
     * The eight rules handlers: intent, understander, clarifier, clarify_continue, parser, planner, presenter,
     * responder.
     *
     * @param clock today's date for the planner ("this year", "last year", the latest allowed year)
     */
    public static List<StageHandler> handlers(Clock clock) {
        return List.of(new IntentHandler(), new UnderstanderHandler(), new ClarifierHandler(),
                new ClarifyContinueHandler(), new ParserHandler(), new PlannerHandler(clock),
                new PresenterHandler(), new ResponderHandler());
    }
}
