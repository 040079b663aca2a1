package barb.agents;

import barb.agents.reading.FollowUps;
import barb.agents.reading.QuestionReader;
import barb.agents.reading.Reading;
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
        Reading carried = AgentSupport.reading(envelope);
        if (carried != null && !carried.steps().isEmpty() && UnderstandingRules.expanded(carried).equals(question)) {
            // the understander's own reading of this query: no need to read its text again
            for (ParsedStep step : carried.steps()) {
                raw.add(Json.tree(new ParsedStep("s" + (raw.size() + 1), step.operation(), step.atoms(),
                        step.params())));
            }
        } else {
            String[] parts = question.split(java.util.regex.Pattern.quote(FollowUps.STEP_SEPARATOR));
            for (String part : parts) {
                ParsedStep step = QuestionReader.read(part).step();
                if (step != null) {
                    raw.add(Json.tree(new ParsedStep("s" + (raw.size() + 1), step.operation(), step.atoms(),
                            step.params())));
                }
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
