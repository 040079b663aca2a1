package barb.agents.reading;

import barb.core.ParsedStep;

import java.util.List;

/**
 * What the rules read in one question.
 *
 * @param step         the question as one step (id "s1"), or null when nothing data-like was found or Barb cannot
 *                     answer it
 * @param clarify      fields to ask about, in order ("session", "goal", "compare_groups", "metric", "outcome",
 *                     "term:&lt;word&gt;"); empty when the step can run as is
 * @param outOfScope   null, or an English reason when Barb cannot answer
 * @param alternatives the closest things Barb can do (English)
 * @param goal         a short English goal ("count days", "find extreme days", …), null without a step
 */
public record Reading(ParsedStep step, List<String> clarify, String outOfScope, List<String> alternatives,
                      String goal) {
    public Reading {
        clarify = clarify == null ? List.of() : List.copyOf(clarify);
        alternatives = alternatives == null ? List.of() : List.copyOf(alternatives);
    }
}
