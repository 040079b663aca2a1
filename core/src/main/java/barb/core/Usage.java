package barb.core;

/** Tokens and cost of one LLM call, or the sum of several. Rules agents report {@link #ZERO}. */
public record Usage(long inputTokens, long outputTokens, long thinkingTokens, long cachedTokens, double costUsd) {
    public static final Usage ZERO = new Usage(0, 0, 0, 0, 0.0);

    public Usage plus(Usage other) {
        if (other == null) {
            return this;
        }
        return new Usage(inputTokens + other.inputTokens, outputTokens + other.outputTokens,
                thinkingTokens + other.thinkingTokens, cachedTokens + other.cachedTokens, costUsd + other.costUsd);
    }
}
