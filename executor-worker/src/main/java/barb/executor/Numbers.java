package barb.executor;

import java.math.BigDecimal;
import java.math.RoundingMode;

/**
 * The one rounding rule of every result: a non-integer number (price, points, percentage, mean, std …) is
 * rounded half away from zero to two decimals. Integers (counts, volume, weekday, year) stay exact. The daily
 * tables store values already rounded the same way (DuckDB's round() also rounds half away from zero).
 */
final class Numbers {
    static final int DECIMALS = 2;

    private Numbers() {
    }

    static Double round(Double value) {
        if (value == null || value.isNaN() || value.isInfinite()) {
            return null;
        }
        double scaled = value * 100;
        // Away from a half-cent tie, the nearest hundredth is n / 100 whatever the method, and this is much cheaper
        // than BigDecimal for the thousand evidence rows of a result; near a tie the decimal value decides.
        if (Math.abs(scaled) < 1e13 && Math.abs(Math.abs(scaled - Math.rint(scaled)) - 0.5) > 1e-6) {
            return Math.rint(scaled) / 100 + 0.0; // + 0.0 turns -0.0 into 0.0, as BigDecimal does
        }
        return BigDecimal.valueOf(value).setScale(DECIMALS, RoundingMode.HALF_UP).doubleValue();
    }
}
