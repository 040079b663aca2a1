package barb.core;

import com.fasterxml.jackson.databind.JsonNode;

import java.util.List;

/**
 * The parser's output (seed 000 §2.5): what the model (or the rules) wrote, the steps after the validators,
 * the model's thoughts if any, and every change the validators made.
 */
public record ParserOutput(JsonNode rawOutput, List<ParsedStep> parsedQuery, String thoughts,
                           List<ValidatorChange> validatorChanges) {
    public ParserOutput {
        parsedQuery = parsedQuery == null ? List.of() : List.copyOf(parsedQuery);
        validatorChanges = validatorChanges == null ? List.of() : List.copyOf(validatorChanges);
    }
}
