package barb.agents;

import barb.core.Json;
import barb.core.Plan;
import barb.core.RequestEnvelope;
import barb.core.Routing;
import barb.core.Stage;
import barb.core.StageHandler;
import barb.core.StageOutcome;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;

import barb.core.DataCoverage;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Supplier;

/** Planner (seed 000 §2.6, no LLM): parsed steps → {@link Plan}s with dates and sessions resolved. */
public final class PlannerHandler implements StageHandler {
    private final Supplier<DataCoverage> coverage;

    public PlannerHandler(Supplier<DataCoverage> coverage) {
        this.coverage = coverage;
    }

    @Override
    public Stage stage() {
        return Stage.PLANNER;
    }

    @Override
    public StageOutcome handle(RequestEnvelope envelope) {
        JsonNode steps = envelope.parsedQuery();
        ObjectNode input = Json.object();
        input.set("parsed_query", steps);

        LocalDate today = coverage.get().lastDay();
        List<Plan> plans = new ArrayList<>();
        List<String> errors = new ArrayList<>();
        if (steps == null || !steps.isArray()) {
            errors.add("parsed_query is missing or not a list of steps");
        } else {
            for (int i = 0; i < steps.size(); i++) {
                JsonNode step = steps.get(i);
                String id = step.path("id").asText("#" + (i + 1));
                try {
                    plans.add(PlanBuilder.build(step, today));
                } catch (IllegalArgumentException e) {
                    errors.add("Step " + id + ": " + e.getMessage());
                }
            }
        }
        ArrayNode planJson = Json.MAPPER.valueToTree(plans);
        ObjectNode output = Json.object();
        output.set("execution_plan", planJson);
        if (errors.isEmpty()) {
            output.putNull("plan_errors");
        } else {
            output.set("plan_errors", Json.tree(errors));
        }
        return StageOutcome.next(envelope.withPlans(planJson), Routing.afterPlanner(!plans.isEmpty()), input,
                output, null);
    }
}
