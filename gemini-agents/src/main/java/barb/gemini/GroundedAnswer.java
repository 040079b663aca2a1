package barb.gemini;

import barb.agents.answers.GroundingCheck;
import barb.core.Json;
import barb.core.StageException;
import barb.core.Usage;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;

import java.util.List;
import java.util.Locale;
import java.util.Objects;

/**
 * The presenter model's answer text, kept only when every number in it is grounded (seed 003, {@link GroundingCheck}):
 * found in the results, the plans or the question. An answer with an ungrounded number is written once more, naming
 * those numbers; if that one fails too, or the model gives no usable answer at all, the rules text stands. The model
 * never decides that its own numbers are fine.
 */
final class GroundedAnswer {
    static final String AGENT = "presenter";

    enum Status {
        /** the first answer passed the check */
        GROUNDED,
        /** the first answer failed, the one regeneration passed */
        REGENERATED,
        /** the rules text is used: both answers failed, or the model gave none */
        FELL_BACK;

        String wireName() {
            return name().toLowerCase(Locale.ROOT);
        }
    }

    /**
     * What happened, for the step's output.
     *
     * @param ungrounded             the first answer's numbers that were not found
     * @param ungroundedRegenerated  the regenerated answer's, when there was one
     * @param reason                 why it fell back: ungrounded_numbers, invalid_output (with the error) or the model's error code
     * @param modelCalls             calls made, JSON repairs included
     */
    record Grounding(Status status, List<String> ungrounded, List<String> ungroundedRegenerated, String reason,
                     int modelCalls) {
        Grounding {
            ungrounded = List.copyOf(ungrounded);
            ungroundedRegenerated = List.copyOf(ungroundedRegenerated);
        }

        ObjectNode toJson() {
            ObjectNode out = Json.object().put("status", status.wireName());
            out.set("ungrounded", Json.tree(ungrounded));
            out.set("ungrounded_after_regeneration", Json.tree(ungroundedRegenerated));
            out.put("reason", reason);
            out.put("model_calls", modelCalls);
            return out;
        }
    }

    /** The text to show (the model's, or the rules text it fell back to), what happened and what it cost. */
    record Written(String text, boolean fromModel, Grounding grounding, Usage usage) {
    }

    private final StructuredCall call;

    GroundedAnswer(StructuredCall call) {
        this.call = Objects.requireNonNull(call, "call");
    }

    /**
     * @param input     the model's input (JSON text)
     * @param sources   what the answer may quote (results, plans)
     * @param question  the question's text, whose numbers may be repeated
     * @param rulesText the deterministic answer, used when the model's cannot be
     * @throws StageException only when the call may be retried (the worker was interrupted)
     */
    Written write(String input, List<JsonNode> sources, String question, String rulesText) {
        Usage usage = Usage.ZERO;
        int calls = 0;
        List<String> firstUngrounded = List.of();
        try {
            StructuredCall.Result<String> first = call.call(AGENT, GeminiPrompts.PRESENTER, input,
                    GeminiSchemas.PRESENTER, GroundedAnswer::answerText);
            usage = usage.plus(first.usage());
            calls += first.calls();
            firstUngrounded = GroundingCheck.ungrounded(first.value(), sources, question);
            if (firstUngrounded.isEmpty()) {
                return new Written(first.value(), true,
                        new Grounding(Status.GROUNDED, List.of(), List.of(), null, calls), usage);
            }
            String retryInput = input + GeminiPrompts.PRESENTER_REGENERATE.formatted(first.value(),
                    String.join(", ", firstUngrounded));
            StructuredCall.Result<String> second = call.call(AGENT, GeminiPrompts.PRESENTER, retryInput,
                    GeminiSchemas.PRESENTER, GroundedAnswer::answerText);
            usage = usage.plus(second.usage());
            calls += second.calls();
            List<String> secondUngrounded = GroundingCheck.ungrounded(second.value(), sources, question);
            if (secondUngrounded.isEmpty()) {
                return new Written(second.value(), true,
                        new Grounding(Status.REGENERATED, firstUngrounded, List.of(), null, calls), usage);
            }
            return fellBack(rulesText, firstUngrounded, secondUngrounded, "ungrounded_numbers", calls, usage);
        } catch (StructuredCall.Failure f) {
            return fellBack(rulesText, firstUngrounded, List.of(), "invalid_output: " + f.error(), calls + f.calls(),
                    usage.plus(f.usage()));
        } catch (StageException e) {
            if (e.retriable()) {
                throw e;
            }
            // the numbers are computed already: an unavailable model costs the answer its wording, not the answer
            return fellBack(rulesText, firstUngrounded, List.of(), e.code(), calls, usage);
        }
    }

    private static Written fellBack(String rulesText, List<String> first, List<String> second, String reason,
                                    int calls, Usage usage) {
        return new Written(rulesText, false, new Grounding(Status.FELL_BACK, first, second, reason, calls), usage);
    }

    private static String answerText(JsonNode node) {
        String text = node.path("answer").asText("").strip();
        if (text.isEmpty()) {
            throw new IllegalArgumentException("answer is empty");
        }
        return text;
    }
}
