package barb.agents.periods;

import barb.core.Plan;

import java.time.DayOfWeek;
import java.time.LocalDate;
import java.time.YearMonth;
import java.time.temporal.IsoFields;
import java.time.temporal.TemporalAdjusters;
import java.util.List;
import java.util.Locale;
import java.util.Objects;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Canonical period text ("when") → inclusive dates. Pure; thread-safe. The canonical text is the contract between
 * the parser (which writes it, see {@link PeriodPhrases}) and the planner (which turns it into a
 * {@link Plan.Period}).
 *
 * <p>Grammar (lower case; {@link #resolve} also forgives upper case and extra spaces, {@link #isCanonical} does not):
 * <ul>
 *   <li>{@code all} — the whole loaded data: [dataFirst, reference]</li>
 *   <li>a part: {@code 2024} (year), {@code 2024-q1} (quarter), {@code 2024-03} (month), {@code 2024-03-15} (day),
 *       {@code 2024-w10} or {@code 2024-w05} (ISO week, Monday–Sunday, of the ISO week-based year)</li>
 *   <li>a range {@code A..B} of any two parts: from the first day of A to the last day of B, e.g.
 *       {@code 2023..2024-06} = 2023-01-01..2024-06-30</li>
 *   <li>open ranges: {@code 2020..} = from 2020-01-01 to the reference; {@code ..2015} = from the first day of the
 *       data to 2015-12-31 (or from the start of the part, when the part starts before the data)</li>
 *   <li>a month name or quarter without a year: {@code march}, {@code q1}. It means the most recent one that has
 *       STARTED on or before the reference date, even if it has not finished yet (reference 2026-01-07:
 *       {@code march} = 2025-03, {@code january} = 2026-01 clipped to 2026-01-01..2026-01-07, {@code q1} =
 *       2026-01-01..2026-01-07, {@code q4} = 2025-q4).</li>
 *   <li>a day without a year, ISO 8601's {@code --03-15}: the most recent 15 March on or before the reference
 *       (reference 2026-01-07: {@code --11-28} = 2025-11-28, {@code --01-05} = 2026-01-05).</li>
 *   <li>a range of two month names, two quarters or two days without a year, {@code march..may}, {@code q1..q3}: the most
 *       recent such range whose START has started; the end is the first such month/quarter at or after the start
 *       ({@code november..february} with reference 2026-01-07 = 2025-11-01..2026-01-07). Any other yearless side of
 *       a range is resolved on its own as above.</li>
 *   <li>months, quarters or days without a year in the reference's year or the one before:
 *       {@code october..december of last year}, {@code march of this year}, {@code --03-05 of last year}</li>
 *   <li>relative to the reference: {@code today}, {@code yesterday}, {@code day before yesterday},
 *       {@code this week}, {@code last week},
 *       {@code this month}, {@code mtd}, {@code last month}, {@code this quarter}, {@code last quarter},
 *       {@code this year}, {@code ytd}, {@code last year}, {@code last N days|weeks|months|years} (N ≥ 1; the
 *       singular unit is accepted too); the one before the last: {@code week before last}, {@code month before
 *       last}, {@code quarter before last}, {@code year before last}, {@code prior N days|weeks|months|years} (the N
 *       units that end the day before the last N start)</li>
 * </ul>
 *
 * <p>The reference date is the data's last trading day, never the wall clock: history questions ask about the
 * data, so "today" is the last day we have. All periods are inclusive at both ends:
 * today = [ref, ref]; yesterday = the last weekday (Mon–Fri) before ref; this week = [Monday of ref's week, ref];
 * last week = the whole previous Mon–Sun week; this month / mtd = [1st of ref's month, ref]; last month = the whole
 * previous calendar month; this quarter = [first day of ref's quarter, ref]; last quarter = the whole previous
 * quarter; this year / ytd = [Jan 1, ref]; last year = the whole previous calendar year; last N days =
 * [ref − (N−1) days, ref]; last N weeks = [ref − 7N + 1, ref]; last N months = [ref − N months + 1 day, ref];
 * last N years = [ref − N years + 1 day, ref].
 *
 * <p>Ends are not clipped to the data, with one exception: an end after the reference becomes the reference (the
 * future cannot be asked about: {@code 2026} with reference 2026-01-07 = 2026-01-01..2026-01-07). A start before the
 * data stays as written; the executor clips it and says so. A period that starts after the reference is an error.
 */
public final class DateResolver {
    /** Canonical month names, January first. */
    public static final List<String> MONTH_NAMES = List.of("january", "february", "march", "april", "may", "june",
            "july", "august", "september", "october", "november", "december");

    private static final int FIRST_YEAR = 1900;
    private static final Pattern YEAR = Pattern.compile("(\\d{4})");
    private static final Pattern QUARTER = Pattern.compile("(\\d{4})-q(\\d)");
    private static final Pattern MONTH = Pattern.compile("(\\d{4})-(\\d{2})");
    private static final Pattern DAY = Pattern.compile("(\\d{4})-(\\d{2})-(\\d{2})");
    private static final Pattern WEEK = Pattern.compile("(\\d{4})-w(\\d{1,2})");
    private static final Pattern YEARLESS_QUARTER = Pattern.compile("q(\\d)");
    /** ISO 8601's day without a year: --MM-DD. */
    private static final Pattern YEARLESS_DAY = Pattern.compile("--(\\d{2})-(\\d{2})");
    private static final Pattern OF_YEAR = Pattern.compile("(.+) of (last|this) year");
    private static final Pattern LAST_N = Pattern.compile("last (\\d{1,6}) (day|week|month|year)s?");
    /** The N units just before the last N ("the 30 days before that" after "the last 30 days"). */
    private static final Pattern PRIOR_N = Pattern.compile("prior (\\d{1,6}) (day|week|month|year)s?");
    // The grammar check resolves against a reference no canonical part can be after.
    private static final DateResolver GRAMMAR = new DateResolver(LocalDate.of(FIRST_YEAR, 1, 1),
            LocalDate.of(9999, 12, 31));

    private final LocalDate dataFirst;
    private final LocalDate reference;

    /**
     * @param dataFirst the first trading day in the data
     * @param reference the data's last trading day; relative periods ("today", "last week") count from it
     */
    public DateResolver(LocalDate dataFirst, LocalDate reference) {
        Objects.requireNonNull(dataFirst, "dataFirst");
        Objects.requireNonNull(reference, "reference");
        if (dataFirst.isAfter(reference)) {
            throw new IllegalArgumentException("dataFirst " + dataFirst + " is after reference " + reference);
        }
        this.dataFirst = dataFirst;
        this.reference = reference;
    }

    /**
     * The inclusive dates of a canonical period text; null or blank means {@code all}.
     *
     * @throws IllegalArgumentException naming the text and what is wrong with it: not in the grammar, a date that
     *                                  does not exist, a range that ends before it starts, N = 0, a year before
     *                                  1900, or a period that starts after the reference date
     */
    public Plan.Period resolve(String when) {
        if (when == null || when.isBlank()) {
            return new Plan.Period(dataFirst, reference);
        }
        String text = normalize(when);
        Plan.Period period = parse(when, text);
        if (period.from().isAfter(reference)) {
            throw error(when, text + " is after the last day of the data, " + reference);
        }
        return period.to().isAfter(reference) ? new Plan.Period(period.from(), reference) : period;
    }

    /**
     * True when the text is exactly in the grammar (lower case, single spaces, no surrounding space) and names real
     * calendar dates in order. It does not look at any data's dates, so "2027" is canonical.
     */
    public static boolean isCanonical(String when) {
        if (when == null || when.isBlank() || !when.equals(normalize(when))) {
            return false;
        }
        try {
            GRAMMAR.resolve(when);
            return true;
        } catch (IllegalArgumentException e) {
            return false;
        }
    }

    private static String normalize(String when) {
        return when.strip().toLowerCase(Locale.ROOT).replaceAll("\\s+", " ");
    }

    private Plan.Period parse(String when, String text) {
        Plan.Period relative = relative(text);
        if (relative != null) {
            return relative;
        }
        Matcher ofYear = OF_YEAR.matcher(text);
        if (ofYear.matches()) {
            return inYear(when, ofYear.group(1), ofYear.group(2).equals("last") ? reference.getYear() - 1
                    : reference.getYear());
        }
        Matcher lastN = LAST_N.matcher(text);
        if (lastN.matches()) {
            return lastN(when, Integer.parseInt(lastN.group(1)), lastN.group(2));
        }
        Matcher priorN = PRIOR_N.matcher(text);
        if (priorN.matches()) {
            int n = Integer.parseInt(priorN.group(1));
            LocalDate end = lastN(when, n, priorN.group(2)).from().minusDays(1);
            return new Plan.Period(startOfLast(n, priorN.group(2), end), end);
        }
        int dots = text.indexOf("..");
        if (dots < 0) {
            return part(when, text);
        }
        String left = text.substring(0, dots).strip();
        String right = text.substring(dots + 2).strip();
        if (right.contains("..")) {
            throw error(when, "a range has exactly one '..'");
        }
        if (left.isEmpty() && right.isEmpty()) {
            throw error(when, "a range needs a start, an end or both");
        }
        // (either side may be relative: "last year.." is from the first day of last year on)
        if (left.isEmpty()) {
            Plan.Period end = parse(when, right);
            LocalDate from = end.from().isBefore(dataFirst) ? end.from() : dataFirst;
            return new Plan.Period(from, end.to());
        }
        if (right.isEmpty()) {
            return new Plan.Period(parse(when, left).from(), reference);
        }
        Plan.Period yearless = yearlessRange(left, right);
        if (yearless != null) {
            return yearless;
        }
        LocalDate from = part(when, left).from();
        LocalDate to = part(when, right).to();
        if (from.isAfter(to)) {
            throw error(when, "it starts " + from + ", after it ends " + to);
        }
        return new Plan.Period(from, to);
    }

    private static LocalDate weekdayBefore(LocalDate day) {
        LocalDate before = day.minusDays(1);
        while (before.getDayOfWeek() == DayOfWeek.SATURDAY || before.getDayOfWeek() == DayOfWeek.SUNDAY) {
            before = before.minusDays(1);
        }
        return before;
    }

    private Plan.Period relative(String text) {
        LocalDate ref = reference;
        LocalDate monday = ref.with(TemporalAdjusters.previousOrSame(DayOfWeek.MONDAY));
        LocalDate quarterStart = LocalDate.of(ref.getYear(), firstMonthOfQuarter(ref), 1);
        return switch (text) {
            case "all" -> new Plan.Period(dataFirst, ref);
            case "today" -> new Plan.Period(ref, ref);
            case "yesterday" -> {
                LocalDate day = weekdayBefore(ref);
                yield new Plan.Period(day, day);
            }
            case "day before yesterday" -> {
                LocalDate day = weekdayBefore(weekdayBefore(ref));
                yield new Plan.Period(day, day);
            }
            case "this week" -> new Plan.Period(monday, ref);
            case "last week" -> new Plan.Period(monday.minusDays(7), monday.minusDays(1));
            case "this month", "mtd" -> new Plan.Period(ref.withDayOfMonth(1), ref);
            case "last month" -> new Plan.Period(ref.withDayOfMonth(1).minusMonths(1), ref.withDayOfMonth(1).minusDays(1));
            case "this quarter" -> new Plan.Period(quarterStart, ref);
            case "last quarter" -> new Plan.Period(quarterStart.minusMonths(3), quarterStart.minusDays(1));
            case "this year", "ytd" -> new Plan.Period(ref.withDayOfYear(1), ref);
            case "last year" -> new Plan.Period(LocalDate.of(ref.getYear() - 1, 1, 1),
                    LocalDate.of(ref.getYear() - 1, 12, 31));
            case "week before last" -> new Plan.Period(monday.minusDays(14), monday.minusDays(8));
            case "month before last" -> new Plan.Period(ref.withDayOfMonth(1).minusMonths(2),
                    ref.withDayOfMonth(1).minusMonths(1).minusDays(1));
            case "quarter before last" -> new Plan.Period(quarterStart.minusMonths(6),
                    quarterStart.minusMonths(3).minusDays(1));
            case "year before last" -> new Plan.Period(LocalDate.of(ref.getYear() - 2, 1, 1),
                    LocalDate.of(ref.getYear() - 2, 12, 31));
            default -> null;
        };
    }

    private Plan.Period lastN(String when, int n, String unit) {
        if (n < 1) {
            throw error(when, "N must be at least 1, not " + n);
        }
        return new Plan.Period(startOfLast(n, unit, reference), reference);
    }

    /** The first day of the last N units that end on {@code end}. */
    private static LocalDate startOfLast(int n, String unit, LocalDate end) {
        return switch (unit) {
            case "day" -> end.minusDays(n - 1L);
            case "week" -> end.minusDays(7L * n - 1);
            case "month" -> end.minusMonths(n).plusDays(1);
            default -> end.minusYears(n).plusDays(1);
        };
    }

    /** One part of the grammar: a year, quarter, month, day, week, or a month name / quarter without a year. */
    private Plan.Period part(String when, String part) {
        Matcher m = DAY.matcher(part);
        if (m.matches()) {
            int year = year(when, m.group(1));
            int month = month(when, m.group(2));
            int day = Integer.parseInt(m.group(3));
            int length = LocalDate.of(year, month, 1).lengthOfMonth();
            if (day < 1 || day > length) {
                throw error(when, "day " + day + " does not exist in " + year + "-" + m.group(2));
            }
            LocalDate date = LocalDate.of(year, month, day);
            return new Plan.Period(date, date);
        }
        m = WEEK.matcher(part);
        if (m.matches()) {
            int year = year(when, m.group(1));
            int week = Integer.parseInt(m.group(2));
            // 28 December is always in the last ISO week of its week-based year
            int weeks = LocalDate.of(year, 12, 28).get(IsoFields.WEEK_OF_WEEK_BASED_YEAR);
            if (week < 1 || week > weeks) {
                throw error(when, "week " + week + " does not exist in " + year + " (it has " + weeks
                        + " ISO weeks)");
            }
            LocalDate monday = LocalDate.of(year, 1, 4).with(TemporalAdjusters.previousOrSame(DayOfWeek.MONDAY))
                    .plusWeeks(week - 1L);
            return new Plan.Period(monday, monday.plusDays(6));
        }
        m = QUARTER.matcher(part);
        if (m.matches()) {
            return quarter(year(when, m.group(1)), quarterNumber(when, m.group(2)));
        }
        m = MONTH.matcher(part);
        if (m.matches()) {
            return month(year(when, m.group(1)), month(when, m.group(2)));
        }
        m = YEAR.matcher(part);
        if (m.matches()) {
            int year = year(when, m.group(1));
            return new Plan.Period(LocalDate.of(year, 1, 1), LocalDate.of(year, 12, 31));
        }
        int monthName = MONTH_NAMES.indexOf(part) + 1;
        if (monthName > 0) {
            return month(mostRecentYear(monthName), monthName);
        }
        m = YEARLESS_DAY.matcher(part);
        if (m.matches()) {
            LocalDate day = mostRecentDay(when, month(when, m.group(1)), Integer.parseInt(m.group(2)));
            return new Plan.Period(day, day);
        }
        m = YEARLESS_QUARTER.matcher(part);
        if (m.matches()) {
            int quarter = quarterNumber(when, m.group(1));
            return quarter(mostRecentYear(3 * quarter - 2), quarter);
        }
        throw error(when, "'" + part + "' is not a period Barb understands (expected e.g. all, 2024, 2024-q1, "
                + "2024-03, 2024-03-15, 2024-w10, march, q1, --03-15, 2020..2023, 2020.., ..2015, this month, last 5 days)");
    }

    /**
     * march..may, q1..q3 or --12-15..--12-19: the most recent such range whose start has started; null for any
     * other pair.
     */
    private Plan.Period yearlessRange(String left, String right) {
        Matcher leftDay = YEARLESS_DAY.matcher(left);
        Matcher rightDay = YEARLESS_DAY.matcher(right);
        if (leftDay.matches() && rightDay.matches()) {
            String range = left + ".." + right;
            LocalDate from = mostRecentDay(range, month(range, leftDay.group(1)), Integer.parseInt(leftDay.group(2)));
            int endMonth = month(range, rightDay.group(1));
            int endDay = Integer.parseInt(rightDay.group(2));
            for (int year = from.getYear(); year <= from.getYear() + 8; year++) {
                if (endDay <= YearMonth.of(year, endMonth).lengthOfMonth()
                        && !LocalDate.of(year, endMonth, endDay).isBefore(from)) {
                    return new Plan.Period(from, LocalDate.of(year, endMonth, endDay));
                }
            }
            throw error(range, "day " + endDay + " does not exist in month " + endMonth);
        }
        int startMonth;
        int endMonth;
        Matcher leftQuarter = YEARLESS_QUARTER.matcher(left);
        Matcher rightQuarter = YEARLESS_QUARTER.matcher(right);
        if (MONTH_NAMES.contains(left) && MONTH_NAMES.contains(right)) {
            startMonth = MONTH_NAMES.indexOf(left) + 1;
            endMonth = MONTH_NAMES.indexOf(right) + 1;
        } else if (leftQuarter.matches() && rightQuarter.matches()
                && validQuarter(leftQuarter.group(1)) && validQuarter(rightQuarter.group(1))) {
            startMonth = 3 * Integer.parseInt(leftQuarter.group(1)) - 2;
            endMonth = 3 * Integer.parseInt(rightQuarter.group(1));
        } else {
            return null;
        }
        int startYear = mostRecentYear(startMonth);
        int endYear = endMonth >= startMonth ? startYear : startYear + 1;
        return new Plan.Period(LocalDate.of(startYear, startMonth, 1),
                LocalDate.of(endYear, endMonth, 1).plusMonths(1).minusDays(1));
    }

    /**
     * The most recent day with this month and day on or before the reference (a 29 February looks back to the
     * last leap year).
     */
    private LocalDate mostRecentDay(String when, int month, int day) {
        for (int year = reference.getYear(); year >= reference.getYear() - 8; year--) {
            if (day >= 1 && day <= YearMonth.of(year, month).lengthOfMonth()
                    && !LocalDate.of(year, month, day).isAfter(reference)) {
                return LocalDate.of(year, month, day);
            }
        }
        throw error(when, "day " + day + " does not exist in month " + month);
    }

    /**
     * Months, quarters or days without a year, or a range of them, in one year ("october..december of last year");
     * a range whose start would fall after its end starts the year before (november..february of this year).
     */
    private Plan.Period inYear(String when, String parts, int year) {
        String[] sides = parts.split("\\.\\.", -1);
        if (sides.length > 2) {
            throw error(when, "a range has exactly one '..'");
        }
        List<String> dated = new java.util.ArrayList<>();
        for (String side : sides) {
            dated.add(withYear(when, side.strip(), year));
        }
        if (dated.size() == 1) {
            return parse(when, dated.get(0));
        }
        Plan.Period from = parse(when, dated.get(0));
        Plan.Period to = parse(when, dated.get(1));
        if (from.from().isAfter(to.to())) {
            from = parse(when, withYear(when, sides[0].strip(), year - 1));
        }
        return new Plan.Period(from.from(), to.to());
    }

    private static String withYear(String when, String part, int year) {
        int monthName = MONTH_NAMES.indexOf(part) + 1;
        if (monthName > 0) {
            return year + "-" + (monthName < 10 ? "0" : "") + monthName;
        }
        if (YEARLESS_DAY.matcher(part).matches()) {
            return year + part.substring(1);
        }
        if (YEARLESS_QUARTER.matcher(part).matches()) {
            return year + "-" + part;
        }
        throw error(when, "'" + part + "' already has a year or is no month, quarter or day");
    }

    /** The year of the most recent month {@code month} that started on or before the reference. */
    private int mostRecentYear(int month) {
        return month <= reference.getMonthValue() ? reference.getYear() : reference.getYear() - 1;
    }

    private static Plan.Period month(int year, int month) {
        LocalDate first = LocalDate.of(year, month, 1);
        return new Plan.Period(first, first.plusMonths(1).minusDays(1));
    }

    private static Plan.Period quarter(int year, int quarter) {
        LocalDate first = LocalDate.of(year, 3 * quarter - 2, 1);
        return new Plan.Period(first, first.plusMonths(3).minusDays(1));
    }

    private static int firstMonthOfQuarter(LocalDate date) {
        return (date.getMonthValue() - 1) / 3 * 3 + 1;
    }

    private static int year(String when, String digits) {
        int year = Integer.parseInt(digits);
        if (year < FIRST_YEAR) {
            throw error(when, "year " + year + " is before " + FIRST_YEAR);
        }
        return year;
    }

    private static int month(String when, String digits) {
        int month = Integer.parseInt(digits);
        if (month < 1 || month > 12) {
            throw error(when, "month " + month + " does not exist");
        }
        return month;
    }

    private static boolean validQuarter(String digit) {
        int quarter = Integer.parseInt(digit);
        return quarter >= 1 && quarter <= 4;
    }

    private static int quarterNumber(String when, String digit) {
        if (!validQuarter(digit)) {
            throw error(when, "quarter " + digit + " does not exist");
        }
        return Integer.parseInt(digit);
    }

    private static IllegalArgumentException error(String when, String problem) {
        return new IllegalArgumentException("when '" + when.strip() + "': " + problem);
    }
}
