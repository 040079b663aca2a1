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
        return BigDecimal.valueOf(value).setScale(DECIMALS, RoundingMode.HALF_UP).doubleValue();
    }
}
