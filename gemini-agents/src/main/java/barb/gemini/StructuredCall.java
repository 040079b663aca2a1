package barb.gemini;

import barb.core.ContractException;
import barb.core.Json;
import barb.core.Usage;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectReader;
import com.google.genai.types.Schema;

import java.util.Objects;
import java.util.function.Function;

/**
 * A model call whose answer must be valid JSON that passes the caller's validator. On bad JSON or a failed validation it
 * asks once more, showing the model its previous output and the error; a second failure is a {@link Failure}.
 */
public final class StructuredCall {
    static final String REPAIR_INSTRUCTION = "Your previous output was invalid: %s. Return corrected JSON only.";
    private static final int MAX_ERROR_CHARS = 500;
    private static final int MAX_ECHOED_OUTPUT_CHARS = 8_000;
    private static final ObjectReader STRICT_READER =
            Json.MAPPER.reader().with(DeserializationFeature.FAIL_ON_TRAILING_TOKENS);

    /**
     * @param usage    summed over every call, the repair included
     * @param calls    model calls made: 1, or 2 when repaired
     * @param repaired true when the first answer was invalid and the second was accepted
     */
    public record Result<T>(T value, Usage usage, int calls, boolean repaired) {
    }

    /** Both answers were invalid. Callers turn this into a clarification or an error event; the tokens were still spent. */
    public static final class Failure extends Exception {
        private final String error;
        private final Usage usage;
        private final int calls;

        Failure(String error, Usage usage, int calls) {
            super("model output invalid after " + calls + " call(s): " + error);
            this.error = error;
            this.usage = usage;
            this.calls = calls;
        }

        /** The validator's (or the JSON parser's) message about the last answer. */
        public String error() {
            return error;
        }

        public Usage usage() {
            return usage;
        }

        public int calls() {
            return calls;
        }
    }

    private final GeminiCaller model;

    public StructuredCall(GeminiCaller model) {
        this.model = Objects.requireNonNull(model, "model");
    }

    /**
     * @param validator turns the parsed JSON into a value, throwing {@link ContractException} or
     *                  {@link IllegalArgumentException} with a message naming the bad field
     * @throws Failure                  when the answer is still invalid after the one repair
     * @throws barb.core.StageException when Gemini is unavailable or rejects the request
     */
    public <T> Result<T> call(String agent, String systemInstruction, String userText, Schema responseSchema,
                              Function<JsonNode, ? extends T> validator) throws Failure {
        Objects.requireNonNull(validator, "validator");
        GeminiClient.Reply first = model.call(agent, systemInstruction, userText, responseSchema);
        Usage usage = first.usage();
        Checked<T> checked = check(first.text(), validator);
        if (checked.error() == null) {
            return new Result<>(checked.value(), usage, 1, false);
        }
        String repairText = userText + "\n\nYour previous output was:\n" + clip(first.text(), MAX_ECHOED_OUTPUT_CHARS)
                + "\n\n" + REPAIR_INSTRUCTION.formatted(checked.error());
        GeminiClient.Reply second = model.call(agent, systemInstruction, repairText, responseSchema);
        usage = usage.plus(second.usage());
        Checked<T> repaired = check(second.text(), validator);
        if (repaired.error() == null) {
            return new Result<>(repaired.value(), usage, 2, true);
        }
        throw new Failure(repaired.error(), usage, 2);
    }

    private record Checked<T>(T value, String error) {
    }

    private static <T> Checked<T> check(String text, Function<JsonNode, ? extends T> validator) {
        if (text == null || text.isBlank()) {
            return new Checked<>(null, "the output was empty");
        }
        JsonNode node;
        try {
            node = STRICT_READER.readTree(text);
        } catch (JsonProcessingException e) {
            String where = e.getLocation() == null ? ""
                    : " at line " + e.getLocation().getLineNr() + ", column " + e.getLocation().getColumnNr();
            return new Checked<>(null, clip("not valid JSON: " + e.getOriginalMessage() + where, MAX_ERROR_CHARS));
        }
        try {
            T value = validator.apply(node);
            if (value == null) {
                return new Checked<>(null, "the output did not contain the expected value");
            }
            return new Checked<>(value, null);
        } catch (ContractException | IllegalArgumentException e) {
            return new Checked<>(null, clip(String.valueOf(e.getMessage()), MAX_ERROR_CHARS));
        }
    }

    private static String clip(String text, int max) {
        return text.length() <= max ? text : text.substring(0, max) + "…";
    }
}
