package barb.core;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.databind.JsonNode;

/**
 * One automatic fix of a parsed step (seed 000 §2.5 validator_changes): which validator changed which field
 * at which path, from what to what, and why. Every fix is recorded; none is silent. A value the step did not have is
 * written as null.
 */
@JsonInclude(JsonInclude.Include.ALWAYS)
public record ValidatorChange(String validator, String field, String path, JsonNode oldValue, JsonNode newValue,
                              String reason) {
}
