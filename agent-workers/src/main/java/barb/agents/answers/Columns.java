package barb.agents.answers;

import java.util.List;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The executor's columns as a reader sees them: a header in words instead of the column name, and a cell in the
 * reader's language (weekday, month and quarter names translated, numbers with the locale's separators, years
 * and hours as plain digits). The underlying values are never changed, only how they are shown.
 */
final class Columns {
    /** Columns naming a row's weekday, month or quarter; their English values are translated for Russian. */
    static final List<String> NAME_COLUMNS = List.of("weekday_name", "month_name", "quarter_name");

    /** Columns shown as digits only: a year is never "2,024". */
    private static final List<String> PLAIN_COLUMNS = List.of("year", "weekday", "month", "quarter", "rank", "bin");

    private static final Pattern REFERENCE = Pattern.compile("(avg|mean|median|min|max)_(\\d+)d_([a-z_]+)");
    private static final Pattern SHIFTED = Pattern.compile("([a-z_]+)_(next|prev)_(\\d+)");
    private static final List<String> WEEKDAYS = List.of("Monday", "Tuesday", "Wednesday", "Thursday", "Friday",
            "Saturday", "Sunday");
    private static final List<String> MONTHS = List.of("January", "February", "March", "April", "May", "June",
            "July", "August", "September", "October", "November", "December");

    private Columns() {
    }

    /** "Date", "Range", "20-day average range" / "Дата", "Диапазон", "Диапазон: среднее за 20 дней". */
    static String header(String column, Messages m) {
        String c = column.toLowerCase(Locale.ROOT);
        if (m.has("column." + c)) {
            return m.get("column." + c);
        }
        Matcher ref = REFERENCE.matcher(c);
        if (ref.matches()) {
            return Wording.capitalized(m.get("column.reference", "ref", ref.group(1).equals("mean") ? "avg"
                    : ref.group(1), "days", Integer.parseInt(ref.group(2)), "metric",
                    Wording.metricName(ref.group(3), m)));
        }
        Matcher shifted = SHIFTED.matcher(c);
        if (shifted.matches()) {
            int n = Integer.parseInt(shifted.group(3));
            return Wording.capitalized(m.get("column.shifted", "metric", Wording.metricName(shifted.group(1), m),
                    "later", shifted.group(2).equals("next") ? "yes" : "no", "count", Wording.Unit.DAY.count(n, m)));
        }
        return Wording.capitalized(Wording.metricName(c, m));
    }

    /** A cell as text: names in the reader's language, numbers with its separators, anything else as it is. */
    /** True for a column shown as plain digits (a year, a weekday or month number, a rank). */
    static boolean isPlain(String column) {
        return PLAIN_COLUMNS.contains(column);
    }

    static String cell(String column, Object value, Messages m) {
        if (value == null) {
            return "—";
        }
        String c = column.toLowerCase(Locale.ROOT);
        if (NAME_COLUMNS.contains(c) && value instanceof String s) {
            return name(s, m);
        }
        if (PLAIN_COLUMNS.contains(c)) {
            return Numbers.plain(value);
        }
        if (c.equals("hour") && value instanceof Number n) {
            return String.format(Locale.ROOT, "%02d:00", n.intValue());
        }
        return Numbers.format(value, m);
    }

    /** An English weekday, month or quarter name ("Monday", "August", "Q3") in the reader's language. */
    static String name(String english, Messages m) {
        int weekday = WEEKDAYS.indexOf(english);
        if (weekday >= 0) {
            return m.get("weekday." + (weekday + 1));
        }
        int month = MONTHS.indexOf(english);
        if (month >= 0) {
            return m.get("month." + (month + 1));
        }
        if (english.matches("Q[1-4]")) {
            return m.get("quarter", "q", Integer.parseInt(english.substring(1)));
        }
        return english;
    }
}
