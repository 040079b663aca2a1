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
 * @param ignored      words of the question no rule read and that did not look like a condition ("lol",
 *                     "japanese"): the step was read without them
 * @param more         further steps of a question in two parts ("how often …, and what time does it happen?"),
 *                     ids s2, s3 …
 */
public record Reading(ParsedStep step, List<String> clarify, String outOfScope, List<String> alternatives,
                      String goal, List<String> ignored, List<ParsedStep> more) {
    public Reading {
        clarify = clarify == null ? List.of() : List.copyOf(clarify);
        alternatives = alternatives == null ? List.of() : List.copyOf(alternatives);
        ignored = ignored == null ? List.of() : List.copyOf(ignored);
        more = more == null ? List.of() : List.copyOf(more);
    }

    public Reading(ParsedStep step, List<String> clarify, String outOfScope, List<String> alternatives,
                   String goal) {
        this(step, clarify, outOfScope, alternatives, goal, List.of(), List.of());
    }

    /** This reading with the words it left out. */
    public Reading withIgnored(List<String> words) {
        return new Reading(step, clarify, outOfScope, alternatives, goal, words, more);
    }

    /** This reading with a further step. */
    public Reading withMore(ParsedStep next) {
        List<ParsedStep> all = new java.util.ArrayList<>(more);
        all.add(next);
        return new Reading(step, clarify, outOfScope, alternatives, goal, ignored, all);
    }

    /** Every step, the first one first; empty without a step. */
    public List<ParsedStep> steps() {
        List<ParsedStep> all = new java.util.ArrayList<>();
        if (step != null) {
            all.add(step);
        }
        all.addAll(more);
        return all;
    }
}
