package barb.gemini;

import barb.core.Usage;
import org.junit.jupiter.api.Test;

import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

class ModelPricesTest {
    private final ModelPrices prices = new ModelPrices(Map.of(
            "m", new ModelPrices.Price(1.0, 10.0, 0.1),
            "m-lite", new ModelPrices.Price(0.5, 2.0, 0.05)));

    @Test
    void promptIncludesCachedAndThinkingIsBilledAsOutput() {
        // 1M prompt of which 400k cached; 100k candidates + 50k thoughts.
        Usage u = prices.usage("m", 1_000_000, 100_000, 50_000, 400_000);
        assertThat(u.inputTokens()).isEqualTo(1_000_000);
        assertThat(u.cachedTokens()).isEqualTo(400_000);
        assertThat(u.outputTokens()).isEqualTo(100_000);
        assertThat(u.thinkingTokens()).isEqualTo(50_000);
        // 600k fresh · $1 + 400k cached · $0.1 + 150k · $10
        assertThat(u.costUsd()).isCloseTo(0.6 + 0.04 + 1.5, within(1e-12));
    }

    @Test
    void withoutCacheOrThinkingItIsInputPlusOutput() {
        Usage u = prices.usage("m-lite", 2_000, 500, 0, 0);
        assertThat(u.costUsd()).isCloseTo((2_000 * 0.5 + 500 * 2.0) / 1e6, within(1e-15));
    }

    @Test
    void cachedCannotExceedThePrompt() {
        Usage u = prices.usage("m", 100, 0, 0, 500);
        assertThat(u.cachedTokens()).isEqualTo(100);
        assertThat(u.costUsd()).isCloseTo(100 * 0.1 / 1e6, within(1e-15));
    }

    @Test
    void theLongestKnownPrefixPricesVersionedNames() {
        assertThat(prices.priceOf("m-lite-preview-06-17")).isEqualTo(new ModelPrices.Price(0.5, 2.0, 0.05));
        assertThat(prices.priceOf("m-001")).isEqualTo(new ModelPrices.Price(1.0, 10.0, 0.1));
        assertThat(prices.priceOf("models/m-lite")).isEqualTo(new ModelPrices.Price(0.5, 2.0, 0.05));
        assertThat(prices.priceOf("mx")).isNull();
    }

    @Test
    void anUnknownModelCountsTokensAtNoCost() {
        Usage u = prices.usage("other", 1000, 100, 10, 0);
        assertThat(u.costUsd()).isZero();
        assertThat(u.inputTokens()).isEqualTo(1000);
        assertThat(prices.usage("other", 5, 5, 0, 0).costUsd()).isZero();
    }

    @Test
    void theStandardTableKnowsTheFourModels() {
        ModelPrices standard = ModelPrices.standard();
        assertThat(standard.priceOf("gemini-2.5-flash")).isEqualTo(new ModelPrices.Price(0.30, 2.50, 0.03));
        assertThat(standard.priceOf("gemini-2.5-flash-lite")).isEqualTo(new ModelPrices.Price(0.10, 0.40, 0.01));
        assertThat(standard.priceOf("gemini-2.5-pro")).isEqualTo(new ModelPrices.Price(1.25, 10.00, 0.125));
        assertThat(standard.priceOf("gemini-2.0-flash")).isEqualTo(new ModelPrices.Price(0.10, 0.40, 0.025));
        // A typical understander call: 3000 prompt, 200 answer, 1024 thinking on 2.5 Flash.
        assertThat(standard.usage("gemini-2.5-flash", 3000, 200, 1024, 0).costUsd())
                .isCloseTo((3000 * 0.30 + 1224 * 2.50) / 1e6, within(1e-12));
    }
}
