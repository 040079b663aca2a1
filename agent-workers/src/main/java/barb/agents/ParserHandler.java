package barb.agents;

import barb.agents.reading.QuestionReader;
import barb.agents.steps.StepValidator;
import barb.core.Json;
import barb.core.ParsedStep;
import barb.core.ParserOutput;
import barb.core.RequestEnvelope;
import barb.core.Stage;
import barb.core.StageHandler;
import barb.core.StageOutcome;
import barb.core.Usage;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;

import java.util.List;

/**
 * Rules parser (seed 000 §2.5): reads the expanded query into steps {id, operation, atoms, params}, then the
 * step validators run as they do on a model's output. A query it cannot read gives no steps, and the presenter
 * explains that honestly.
 */
public final class ParserHandler implements StageHandler {
    @Override
    public Stage stage() {
        return Stage.PARSER;
    }

    @Override
    public StageOutcome handle(RequestEnvelope envelope) {
        String question = AgentOutcomes.parserInput(envelope);
        ObjectNode input = AgentOutcomes.parserTraceInput(question);

        ArrayNode raw = Json.MAPPER.createArrayNode();
        String[] parts = question.split(java.util.regex.Pattern.quote(UnderstandingRules.STEP_SEPARATOR));
        for (int i = 0; i < parts.length; i++) {
            ParsedStep step = QuestionReader.read(parts[i]).step();
            if (step != null) {
                raw.add(Json.tree(new ParsedStep("s" + (raw.size() + 1), step.operation(), step.atoms(),
                        step.params())));
            }
        }
        StepValidator.Validated v = StepValidator.validate(raw);
        ObjectNode rawOutput = Json.object();
        rawOutput.set("steps", raw);
        ParserOutput out = new ParserOutput(rawOutput, v.errors().isEmpty() ? v.steps() : List.of(), null,
                v.changes());
        StageOutcome outcome = AgentOutcomes.parser(envelope, out, input, Usage.ZERO);
        if (!v.errors().isEmpty()) {
            ((ObjectNode) outcome.output()).set("errors", Json.tree(v.errors()));
        }
        return outcome;
    }
}
