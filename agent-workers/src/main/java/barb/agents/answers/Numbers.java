package barb.agents.answers;

import java.math.BigDecimal;
import java.math.RoundingMode;

/** How numbers are written in every text: integers without decimals, others with at most two. */
final class Numbers {
    private Numbers() {
    }

    static String format(double value) {
        if (Double.isNaN(value) || Double.isInfinite(value)) {
            return String.valueOf(value);
        }
        BigDecimal rounded = BigDecimal.valueOf(value).setScale(2, RoundingMode.HALF_UP).stripTrailingZeros();
        if (rounded.scale() < 0) {
            rounded = rounded.setScale(0, RoundingMode.UNNECESSARY);
        }
        return rounded.toPlainString();
    }

    /** A table cell or summary value: numbers formatted, anything else as text. */
    static String format(Object value) {
        if (value == null) {
            return "—";
        }
        if (value instanceof Number n) {
            return format(n.doubleValue());
        }
        return value.toString();
    }
}
