package barb.agents;

import barb.agents.periods.DateResolver;
import barb.agents.steps.StepPlanner;
import barb.core.DataCoverage;
import barb.core.Json;
import barb.core.ParsedStep;
import barb.core.Plan;
import barb.core.RequestEnvelope;
import barb.core.Routing;
import barb.core.Stage;
import barb.core.StageHandler;
import barb.core.StageOutcome;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;

import java.util.ArrayList;
import java.util.List;
import java.util.function.Supplier;

/**
 * Planner (seed 000 §2.6, no LLM): parsed steps → executor {@link Plan}s with their mode, periods resolved
 * against the loaded data (relative periods end at its last trading day) and sessions named.
 */
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

        DataCoverage c = coverage.get();
        DateResolver dates = new DateResolver(c.firstDay(), c.lastDay());
        List<Plan> plans = new ArrayList<>();
        List<String> errors = new ArrayList<>();
        if (steps == null || !steps.isArray()) {
            errors.add("parsed_query is missing or not a list of steps");
        } else {
            for (int i = 0; i < steps.size(); i++) {
                JsonNode node = steps.get(i);
                String id = node.path("id").asText("#" + (i + 1));
                try {
                    ParsedStep step = Json.MAPPER.treeToValue(node, ParsedStep.class).validated(i);
                    plans.add(StepPlanner.plan(step, dates));
                } catch (IllegalArgumentException | com.fasterxml.jackson.core.JsonProcessingException
                         | barb.core.ContractException e) {
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
