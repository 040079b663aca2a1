package barb.executor;

import org.junit.jupiter.api.Test;

import java.math.BigDecimal;
import java.math.RoundingMode;
import java.util.SplittableRandom;

import static org.assertj.core.api.Assertions.assertThat;

class NumbersTest {

    private static double decimal(double v) {
        return BigDecimal.valueOf(v).setScale(2, RoundingMode.HALF_UP).doubleValue();
    }

    @Test
    void halfCentTiesRoundAwayFromZeroAsWritten() {
        assertThat(Numbers.round(1.005)).isEqualTo(1.01);
        assertThat(Numbers.round(-1.005)).isEqualTo(-1.01);
        assertThat(Numbers.round(2.675)).isEqualTo(2.68);
        assertThat(Numbers.round(0.125)).isEqualTo(0.13);
        assertThat(Numbers.round(18_234.125)).isEqualTo(18_234.13);
    }

    @Test
    void ordinaryValuesRoundToTheNearestHundredth() {
        assertThat(Numbers.round(1.234)).isEqualTo(1.23);
        assertThat(Numbers.round(-1.236)).isEqualTo(-1.24);
        assertThat(Numbers.round(21_456.75)).isEqualTo(21_456.75);
        assertThat(Numbers.round(-0.001)).isEqualTo(0.0); // Double.equals tells 0.0 from -0.0
        assertThat(Numbers.round(Double.NaN)).isNull();
        assertThat(Numbers.round((Double) null)).isNull();
        assertThat(Numbers.round(Double.POSITIVE_INFINITY)).isNull();
    }

    @Test
    void agreesWithDecimalRoundingEverywhere() {
        SplittableRandom random = new SplittableRandom(7);
        for (int i = 0; i < 200_000; i++) {
            double v = switch (i % 4) {
                case 0 -> random.nextDouble(-50_000, 50_000);
                case 1 -> random.nextDouble(-10, 10);
                case 2 -> random.nextInt(-5_000_000, 5_000_000) / 1000.0; // three decimals: many exact ties
                default -> random.nextInt(-2_000_000, 2_000_000) / 100.0 + 0.005;
            };
            assertThat(Numbers.round(v)).as("%s", v).isEqualTo(decimal(v));
        }
        assertThat(Numbers.round(1e15 + 0.3)).isEqualTo(decimal(1e15 + 0.3));
    }
}
