package barb.gemini;

import barb.core.Usage;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

/**
 * USD prices per 1M tokens of the Gemini models Barb may use, and the cost of one call.
 *
 * <p>Standard (paid, non-batch) tier of the Gemini Developer API, text input, prompts up to 200k tokens (Barb's prompts
 * are a few thousand tokens, so 2.5 Pro's dearer long-prompt tier never applies). Thinking tokens are billed as output.
 * Primary source: https://ai.google.dev/gemini-api/docs/pricing. Read on 2026-11-22 through these copies of it:
 * input/output from https://www.morphllm.com/gemini-api-pricing and
 * https://github.com/api-evangelist/deepmind/blob/main/plans/deepmind-plans-pricing.yml (page read 2026-10-07);
 * context-cache reads at 10% of input ("90% discount", https://deploybase.ai/articles/gemini-api-pricing) and 2.5 Pro's
 * $0.125 from https://discuss.ai.google.dev/t/question-about-gemini-api-caching-pricing/107349. 2.0 Flash's cache
 * price ($0.025) is its older 25% rate. Prices change: update this table, not the callers.
 */
public final class ModelPrices {
    private static final Logger log = LoggerFactory.getLogger(ModelPrices.class);
    private static final double PER_MILLION = 1_000_000.0;

    /** USD per 1M tokens. */
    public record Price(double input, double output, double cachedInput) {
        public Price {
            if (input < 0 || output < 0 || cachedInput < 0) {
                throw new IllegalArgumentException("prices must not be negative");
            }
        }
    }

    private static final Map<String, Price> STANDARD = Map.of(
            "gemini-2.5-flash", new Price(0.30, 2.50, 0.03),
            "gemini-2.5-flash-lite", new Price(0.10, 0.40, 0.01),
            "gemini-2.5-pro", new Price(1.25, 10.00, 0.125),
            "gemini-2.0-flash", new Price(0.10, 0.40, 0.025));

    private final Map<String, Price> prices;
    private final Set<String> warnedUnknown = ConcurrentHashMap.newKeySet();

    public ModelPrices(Map<String, Price> prices) {
        this.prices = Map.copyOf(prices);
    }

    /** The table above. */
    public static ModelPrices standard() {
        return new ModelPrices(STANDARD);
    }

    /**
     * The price of a model: an exact name, else the longest known name it extends ({@code gemini-2.5-flash-lite-preview-06-17}
     * is priced as {@code gemini-2.5-flash-lite}, not {@code gemini-2.5-flash}); null when unknown.
     */
    public Price priceOf(String model) {
        if (model == null) {
            return null;
        }
        String name = model.startsWith("models/") ? model.substring("models/".length()) : model;
        Price exact = prices.get(name);
        if (exact != null) {
            return exact;
        }
        String best = null;
        for (String known : prices.keySet()) {
            if (name.startsWith(known + "-") && (best == null || known.length() > best.length())) {
                best = known;
            }
        }
        return best == null ? null : prices.get(best);
    }

    /**
     * Tokens and cost of one call, from Gemini's usage numbers. {@code promptTokens} already includes
     * {@code cachedTokens}; {@code outputTokens} (candidates) excludes {@code thinkingTokens}. So: cost =
     * (prompt − cached)·input + cached·cachedInput + (output + thinking)·output. An unknown model costs 0 (warned once).
     */
    public Usage usage(String model, long promptTokens, long outputTokens, long thinkingTokens, long cachedTokens) {
        long prompt = Math.max(0, promptTokens);
        long cached = Math.min(Math.max(0, cachedTokens), prompt);
        long output = Math.max(0, outputTokens);
        long thinking = Math.max(0, thinkingTokens);
        Price price = priceOf(model);
        double cost = 0.0;
        if (price == null) {
            if (warnedUnknown.add(String.valueOf(model))) {
                log.warn("No price known for Gemini model {}; its calls are counted with cost 0", model);
            }
        } else {
            cost = ((prompt - cached) * price.input() + cached * price.cachedInput()
                    + (output + thinking) * price.output()) / PER_MILLION;
        }
        return new Usage(prompt, output, thinking, cached, cost);
    }
}
