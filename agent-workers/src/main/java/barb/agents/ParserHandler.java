package barb.agents;

import barb.core.Json;
import barb.core.Plan;
import barb.core.RequestEnvelope;
import barb.core.Routing;
import barb.core.Stage;
import barb.core.StageHandler;
import barb.core.StageOutcome;
import barb.core.Usage;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * Rules parser (seed 000 §2.5): reads the expanded query into steps {id, operation, atoms, params}. A query
 * it cannot read gives no steps, and the presenter explains that honestly.
 */
public final class ParserHandler implements StageHandler {
    @Override
    public Stage stage() {
        return Stage.PARSER;
    }

    @Override
    public StageOutcome handle(RequestEnvelope envelope) {
        String question = envelope.expandedQuery() != null ? envelope.expandedQuery()
                : envelope.internalQuery() != null ? envelope.internalQuery() : envelope.question();
        ObjectNode input = Json.object().put("question", question);
        input.putArray("chunks_used");

        ArrayNode steps = Json.MAPPER.createArrayNode();
        Optional<QuestionSpec> spec = Questions.recognize(question);
        spec.ifPresent(s -> steps.add(step(s.withDefaults(), "s1")));

        ObjectNode output = Json.object();
        output.putObject("raw_output").set("steps", steps.deepCopy());
        output.set("parsed_query", steps);
        output.putNull("thoughts");
        output.putArray("validator_changes");
        return StageOutcome.next(envelope.withParsedQuery(steps), Routing.afterParser(!steps.isEmpty()), input,
                output, Usage.ZERO);
    }

    /** One step in the seed's shape: the atom carries period, metric and filter text; params the rest. */
    static ObjectNode step(QuestionSpec spec, String id) {
        ObjectNode step = Json.object().put("id", id).put("operation", spec.operation());
        ObjectNode atom = step.putArray("atoms").addObject();
        atom.put("when", spec.when());
        String what = switch (spec.operation()) {
            case "count" -> "days";
            case "formation" -> spec.extreme();
            default -> spec.metric();
        };
        atom.put("what", what);
        List<String> filters = new ArrayList<>();
        for (Plan.Condition c : spec.filters()) {
            filters.add(Wording.condition(c));
        }
        if (spec.session() != null) {
            filters.add("session = " + spec.session());
        }
        atom.put("filter", filters.isEmpty() ? null : String.join(", ", filters));
        atom.put("timeframe", "1D");
        ObjectNode params = step.putObject("params");
        if (spec.limit() != null) {
            params.put("n", spec.limit());
        }
        if (spec.sort() != null) {
            params.put("sort", spec.sort());
        }
        if (spec.aggregate() != null) {
            params.put("aggregate", spec.aggregate());
        }
        if (spec.groupBy() != null) {
            params.put("group_by", spec.groupBy());
        }
        if (spec.extreme() != null) {
            params.put("extreme", spec.extreme());
        }
        return step;
    }
}
