package barb.executor;

import barb.core.ContractException;
import barb.core.EventType;
import barb.core.Json;
import barb.core.Plan;
import barb.core.QueryResult;
import barb.core.RequestEnvelope;
import barb.core.Stage;
import barb.core.StageException;
import barb.core.StageHandler;
import barb.core.StageOutcome;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;

import java.util.ArrayList;
import java.util.List;

/**
 * The executor stage: runs every plan of the envelope and hands the results to the presenter. Each result
 * also goes to the client at once as a {@code data_block} (its table and evidence), before any text is
 * written about it.
 */
public final class ExecutorHandler implements StageHandler {
    private final PlanExecutor executor;

    public ExecutorHandler(PlanExecutor executor) {
        this.executor = executor;
    }

    public ExecutorHandler(MarketDataStore store) {
        this(new PlanExecutor(store));
    }

    @Override
    public Stage stage() {
        return Stage.EXECUTOR;
    }

    @Override
    public StageOutcome handle(RequestEnvelope envelope) {
        List<Plan> plans = plans(envelope.plans());
        List<QueryResult> results = new ArrayList<>();
        for (Plan plan : plans) {
            results.add(executor.execute(plan));
        }
        ArrayNode resultsJson = Json.MAPPER.createArrayNode();
        for (QueryResult r : results) {
            resultsJson.add(Json.tree(r));
        }
        ObjectNode input = Json.object();
        input.set("execution_plan", envelope.plans());
        ObjectNode output = Json.object();
        output.set("results", resultsJson);
        StageOutcome outcome = StageOutcome.next(envelope.withResults(resultsJson), Stage.PRESENTER, input, output,
                null);
        for (JsonNode result : resultsJson) {
            outcome = outcome.withMessage(EventType.DATA_BLOCK, result);
        }
        return outcome;
    }

    /** The envelope's plans; a missing, empty or malformed list ends the request with a clear message. */
    static List<Plan> plans(JsonNode node) {
        if (node == null || node.isNull() || node.isMissingNode()) {
            throw PlanCompiler.bad("plans: missing (the planner produced no execution plan)");
        }
        if (!node.isArray()) {
            throw PlanCompiler.bad("plans: expected a JSON array of plans, got " + node.getNodeType());
        }
        if (node.isEmpty()) {
            throw PlanCompiler.bad("plans: empty (the planner produced no execution plan)");
        }
        List<Plan> plans = new ArrayList<>();
        for (int i = 0; i < node.size(); i++) {
            JsonNode item = node.get(i);
            if (!item.isObject()) {
                throw PlanCompiler.bad("plans[" + i + "]: expected an object, got " + item.getNodeType());
            }
            try {
                plans.add(Json.convert(item, Plan.class));
            } catch (ContractException e) {
                throw new StageException("bad_plan", "plans[" + i + "]: " + e.getMessage(), false, e);
            }
        }
        return plans;
    }
}
