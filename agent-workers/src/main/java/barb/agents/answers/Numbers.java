package barb.agents.answers;

import com.ibm.icu.text.DateFormat;
import com.ibm.icu.text.NumberFormat;
import com.ibm.icu.util.TimeZone;

import java.math.BigDecimal;
import java.math.RoundingMode;
import java.time.LocalDate;
import java.time.format.DateTimeParseException;
import java.util.Date;

/**
 * How numbers and dates are written in the reader's language: at most two decimals (half away from zero, the
 * executor's rule, so a shown number is the result's number), the locale's separators (1,234.5 / 1 234,5 with a
 * no-break space) and dates as words ("Aug 5, 2024" / "5 августа 2024 г."). Formats are made per call: ICU's are
 * not safe to share between threads.
 */
final class Numbers {
    private Numbers() {
    }

    /** A number in the reader's language; anything else as text, null as a dash. */
    static String format(Object value, Messages m) {
        if (value == null) {
            return "—";
        }
        if (!(value instanceof Number n)) {
            return value.toString();
        }
        double d = n.doubleValue();
        if (Double.isNaN(d) || Double.isInfinite(d)) {
            return String.valueOf(d);
        }
        NumberFormat f = NumberFormat.getInstance(m.locale());
        f.setMaximumFractionDigits(2);
        return f.format(round(d));
    }

    /** A year, an hour or a weekday number: digits only, never "2,024". */
    static String plain(Object value) {
        if (value instanceof Number n && n.doubleValue() == Math.rint(n.doubleValue())) {
            return Long.toString(n.longValue());
        }
        return value == null ? "—" : value.toString();
    }

    static BigDecimal round(double value) {
        return BigDecimal.valueOf(value).setScale(2, RoundingMode.HALF_UP).stripTrailingZeros();
    }

    /** "2024-08-05" as "Aug 5, 2024" / "5 августа 2024 г."; a text that is not a date unchanged. */
    static String date(Object value, Messages m) {
        LocalDate d = parseDate(value);
        return d == null ? format(value, m) : date(d, m, m.get("format.date"));
    }

    /** "August 2024" / "август 2024 г.". */
    static String monthOfYear(LocalDate d, Messages m) {
        return date(d, m, "yMMMM");
    }

    private static String date(LocalDate d, Messages m, String skeleton) {
        DateFormat f = DateFormat.getInstanceForSkeleton(skeleton, m.locale());
        f.setTimeZone(TimeZone.GMT_ZONE);
        return f.format(new Date(d.toEpochDay() * 86_400_000L));
    }

    /** A "yyyy-MM-dd" date (a longer text such as "2024-08-05 09:30" is not one), else null. */
    static LocalDate parseDate(Object value) {
        if (value instanceof String s && s.length() == 10) {
            try {
                return LocalDate.parse(s);
            } catch (DateTimeParseException e) {
                return null;
            }
        }
        return null;
    }
}
