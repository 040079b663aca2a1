package barb.agents;

import barb.agents.text.SpelledWords;
import barb.core.DataCoverage;
import barb.core.StageHandler;

import java.util.List;
import java.util.function.Supplier;

/** The deterministic (no-LLM) implementations of every agent stage, English and Russian. */
public final class RulesAgents {
    private RulesAgents() {
    }

    /**
     * The eight rules handlers: intent, understander, clarifier, clarify_continue, parser, planner, presenter,
     * responder.
     *
     * @param coverage the loaded data's first and last trading day: relative periods ("this year",
     *                 "yesterday") resolve against its last day, "all" spans it
     */
    public static List<StageHandler> handlers(Supplier<DataCoverage> coverage) {
        // the spelling dictionaries take about a second each to load: before the first question, not during it
        SpelledWords.load();
        return List.of(new IntentHandler(), new UnderstanderHandler(coverage), new ClarifierHandler(),
                new ClarifyContinueHandler(coverage), new ParserHandler(), new PlannerHandler(coverage),
                new PresenterHandler(), new ResponderHandler(coverage));
    }
}
