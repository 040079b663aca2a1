package barb.gemini;

/**
 * How one agent calls Gemini.
 *
 * @param model           Gemini model name, e.g. {@code gemini-2.5-flash}
 * @param temperature     0..2
 * @param thinkingBudget  thinking tokens the model may spend; 0 turns thinking off where the model allows it
 * @param maxOutputTokens cap on generated tokens; on 2.5 models thinking tokens count against it too
 */
public record AgentModelSettings(String model, double temperature, int thinkingBudget, int maxOutputTokens) {
    public AgentModelSettings {
        if (model == null || model.isBlank()) {
            throw new IllegalArgumentException("model must not be blank");
        }
        if (!(temperature >= 0.0 && temperature <= 2.0)) {
            throw new IllegalArgumentException("temperature must be between 0 and 2, got " + temperature);
        }
        if (thinkingBudget < 0) {
            throw new IllegalArgumentException("thinking budget must not be negative, got " + thinkingBudget);
        }
        if (maxOutputTokens < 1) {
            throw new IllegalArgumentException("max output tokens must be positive, got " + maxOutputTokens);
        }
    }
}
