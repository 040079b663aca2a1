package barb.agents.periods;

import barb.agents.text.FirstCharacters;
import barb.agents.text.WordNumbers;

import java.time.DateTimeException;
import java.time.DayOfWeek;
import java.time.LocalDate;
import java.time.YearMonth;
import java.time.temporal.IsoFields;
import java.time.temporal.TemporalAdjusters;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;

/**
 * Finds the period phrases of a question (English and Russian) and turns each into canonical period text
 * ({@link DateResolver}'s grammar). It knows no reference date: "in march" becomes {@code march}, "from march to
 * may" becomes {@code march..may}, and the resolver decides which march.
 *
 * <p>Choices worth knowing:
 * <ul>
 *   <li>"last 30 trading days", "за последние 30 торговых дней" become {@code last 30 days}: CALENDAR days ending at
 *       the reference, not 30 trading sessions.</li>
 *   <li>"last week/month/year", "прошлый год" are the previous calendar period; "past week/month/year",
 *       "за последний год/месяц", "за последнюю неделю" are rolling: {@code last 1 weeks|months|years};
 *       "past quarter", "за последний квартал" = {@code last 3 months}; "за последние полгода" = {@code last 6 months}.</li>
 *   <li>"before 2015", "until 2015", "до 2015 года" = {@code ..2015} (up to the end of 2015).</li>
 *   <li>"h1 2024", "first half of 2024" = {@code 2024-01..2024-06}; without a year ("первое полугодие", "the first
 *       half of the year") = {@code q1..q2}. A bare "first half" is not a period (first half hour, of the session).</li>
 *   <li>A 4-digit number is a year only in 1990..2100, and not when followed by %, points/pts/пунктов or a decimal
 *       part, nor after a comparison or a price word (&gt; 2000, above 2000, close 2000).</li>
 *   <li>After "compare", "difference", "сравни", "разница", two periods joined by "to", "-" or "between … and"
 *       stay two periods (compare 2023 to 2024), they are not a range — unless a "vs" between the cue and them
 *       has already named the sides ("compare cpi days vs other days, 2021-2023" is one range); "в сравнении с 2023" is not
 *       "since 2023".</li>
 *   <li>"after 2020", "после 2020 года" = {@code 2021..}: from the period right after the named one on.</li>
 *   <li>A day without a year ("15 марта", "march 15") is the most recent such day: {@code --03-15}.</li>
 *   <li>Bare month abbreviations (jan, mar, …) and the bare word "may" count only after a preposition
 *       ("in may"), with a day or a year, or inside a range.</li>
 * </ul>
 */
public final class PeriodPhrases {
    private PeriodPhrases() {
    }

    /** A period phrase found in text: canonical when, and the [start, end) char span it covered in the text. */
    public record Found(String when, int start, int end) {
        public Found {
            if (when == null || when.isBlank()) {
                throw new IllegalArgumentException("found.when is blank");
            }
            if (start < 0 || end <= start) {
                throw new IllegalArgumentException("found span [" + start + ", " + end + ") is empty or negative");
            }
        }
    }

    private enum Kind { YEAR, QUARTER, HALF, MONTH, DAY, WEEK }

    /** One parsed date expression; year null when the text gave none. a = quarter/half/month/week, b = day. */
    private record Point(Kind kind, Integer year, int a, int b) {
        Point withYear(int newYear) {
            return new Point(kind, newYear, a, b);
        }

        boolean monthLike() {
            return kind == Kind.QUARTER || kind == Kind.HALF || kind == Kind.MONTH || kind == Kind.DAY;
        }

        /** Month and day of the point's first day, as one comparable number. */
        int startOrder() {
            return switch (kind) {
                case QUARTER -> (3 * a - 2) * 100;
                case HALF -> (6 * a - 5) * 100;
                case MONTH -> a * 100;
                case DAY -> a * 100 + b;
                default -> 100;
            };
        }

        String start() {
            if (kind == Kind.HALF) {
                return year == null ? "q" + (2 * a - 1) : year + "-" + two(6 * a - 5);
            }
            return single();
        }

        String end() {
            if (kind == Kind.HALF) {
                return year == null ? "q" + (2 * a) : year + "-" + two(6 * a);
            }
            return single();
        }

        /** The canonical text of the period right after this one; null without a year or for an impossible date. */
        String next() {
            if (year == null) {
                return null;
            }
            try {
                return switch (kind) {
                    case YEAR -> String.valueOf(year + 1);
                    case QUARTER -> a == 4 ? (year + 1) + "-q1" : year + "-q" + (a + 1);
                    case HALF -> a == 1 ? year + "-07" : (year + 1) + "-01";
                    case MONTH -> YearMonth.of(year, a).plusMonths(1).toString();
                    case DAY -> LocalDate.of(year, a, b).plusDays(1).toString();
                    case WEEK -> {
                        LocalDate monday = LocalDate.of(year, 1, 4)
                                .with(TemporalAdjusters.previousOrSame(DayOfWeek.MONDAY)).plusWeeks(a);
                        yield monday.get(IsoFields.WEEK_BASED_YEAR) + "-w"
                                + two(monday.get(IsoFields.WEEK_OF_WEEK_BASED_YEAR));
                    }
                };
            } catch (DateTimeException e) {
                return null;
            }
        }

        /** The canonical text of the point alone; a day without a year is ISO's --MM-DD, the most recent one. */
        String single() {
            return switch (kind) {
                case YEAR -> String.valueOf(year);
                case WEEK -> year + "-w" + two(a);
                case QUARTER -> year == null ? "q" + a : year + "-q" + a;
                case HALF -> start() + ".." + end();
                case MONTH -> year == null ? DateResolver.MONTH_NAMES.get(a - 1) : year + "-" + two(a);
                case DAY -> (year == null ? "-" : year) + "-" + two(a) + "-" + two(b);
            };
        }

        private static String two(int n) {
            return n < 10 ? "0" + n : String.valueOf(n);
        }
    }

    /** A way to write a point: its regex (groups capture the numbers) and how the groups become a Point. */
    private record PointForm(String regex, String strictRegex, Function<Matcher, Point> convert) {
        PointForm(String regex, Function<Matcher, Point> convert) {
            this(regex, regex, convert);
        }
    }

    /**
     * A phrase rule: a pattern looked for at word starts and the canonical text of a match (null: not a period).
     *
     * @param firstWords whether a match can start with a given word, learnt as words are met: trying some 60 rules
     *                   at every word start of every clause was the reader's largest cost, and most words (average,
     *                   range, rth…) rule most of them out at once
     */
    private record Rule(Pattern pattern, Function<Matcher, String> when, boolean notAfterCompare,
                        FirstCharacters firstWords) {
    }

    /** A match before the longest-wins choice; when null marks text that looks like a date but is no period. */
    private record Candidate(String when, int start, int end) {
        int length() {
            return end - start;
        }
    }

    private static final String END = "(?![\\p{L}\\p{N}])";
    /** A year 1990..2100 that is not a price, a percentage or the start of a decimal or a time. */
    private static final String Y = "(199\\d|20\\d\\d|2100)(?!\\d)(?![.,:]\\d)"
            + "(?!\\s*(?:%|(?:percent|points?|pts?|pt|пункт\\p{L}*|п\\.?)(?!\\p{L})))";
    /** Russian "год" after a year: 2024 год, 2024 году, 2023-2024 гг., 2024 г. */
    private static final String YW = "(?:\\s*(?:годах|годов|годом|годы|года|году|год|гг|г)\\.?(?![\\p{L}\\p{N}]))?";
    private static final String YEAR_FULL = "(?:(?:the\\s+)?year\\s+)?" + Y + YW;
    private static final String DAY_NUMBER = "(0?[1-9]|[12]\\d|3[01])";

    private static final Map<String, Integer> MONTH_WORDS = monthWords();
    private static final List<String> EN_ABBREVIATIONS = List.of("jan", "feb", "mar", "apr", "jun", "jul", "aug",
            "sep", "sept", "oct", "nov", "dec");
    private static final String MONTH = "(" + alternation(MONTH_WORDS.keySet().stream().toList()) + ")";
    private static final String MONTH_SAFE = "(" + alternation(MONTH_WORDS.keySet().stream()
            .filter(w -> !EN_ABBREVIATIONS.contains(w) && !w.equals("may")).toList()) + ")";

    /** A month's name in any form the reader knows, as one capturing group. */
    public static String monthPattern() {
        return MONTH;
    }

    private static final Map<String, Integer> ORDINALS = Map.ofEntries(Map.entry("first", 1), Map.entry("1st", 1),
            Map.entry("second", 2), Map.entry("2nd", 2), Map.entry("third", 3), Map.entry("3rd", 3),
            Map.entry("fourth", 4), Map.entry("4th", 4));
    private static final String ORD_EN_Q = "(first|1st|second|2nd|third|3rd|fourth|4th)";
    private static final String ORD_EN_H = "(first|1st|second|2nd)";
    private static final String ORD_RU_Q = "(перв(?:ый|ого|ом|ому|ым)|втор(?:ой|ого|ом|ому|ым)"
            + "|трет(?:ий|ьего|ьем|ьему|ьим)|четверт(?:ый|ого|ом|ому|ым))";
    private static final String ORD_RU_H = "(перв(?:ое|ого|ом|ому|ым)|втор(?:ое|ого|ом|ому|ым))";
    private static final String RU_NUMBER_SUFFIX = "(?:-?(?:й|го|м|ом|ый|ое|е|я|ю|ой))?";
    private static final String KV = "квартал(?:ах|ами|ам|ом|а|е|у|ы)?(?![\\p{L}])";
    private static final String HALF_RU = "полугоди(?:ем|е|я|и|ю)(?![\\p{L}])";
    private static final String NOT_INTRADAY = "(?!\\s+(?:hour|of\\s+(?:the\\s+|an\\s+)?(?:day|session|hour|rth|eth)))";

    /** Every way to write a point, most specific first (the regex alternation takes the first that fits). */
    private static final List<PointForm> POINT_FORMS = List.of(
            new PointForm(Y + "-(0[1-9]|1[0-2])-(0[1-9]|[12]\\d|3[01])(?!\\d)",
                    m -> new Point(Kind.DAY, num(m, 1), num(m, 2), num(m, 3))),
            new PointForm(Y + "-w(\\d{1,2})(?!\\d)", m -> new Point(Kind.WEEK, num(m, 1), num(m, 2), 0)),
            // the canonical text of a day without a year, as a follow-up's earlier question is read again
            new PointForm("--(0[1-9]|1[0-2])-(0[1-9]|[12]\\d|3[01])(?!\\d)",
                    m -> new Point(Kind.DAY, null, num(m, 1), num(m, 2))),
            new PointForm(Y + "\\s*-?\\s*q([1-4])" + YW, m -> new Point(Kind.QUARTER, num(m, 1), num(m, 2), 0)),
            new PointForm(Y + "\\s*-?\\s*h([12])", m -> new Point(Kind.HALF, num(m, 1), num(m, 2), 0)),
            new PointForm(Y + "-(0[1-9]|1[0-2])(?!\\d)", m -> new Point(Kind.MONTH, num(m, 1), num(m, 2), 0)),
            new PointForm(DAY_NUMBER + "\\.(0?[1-9]|1[0-2])\\." + Y + YW,
                    m -> new Point(Kind.DAY, num(m, 3), num(m, 2), num(m, 1))),
            new PointForm(MONTH + "\\s+" + DAY_NUMBER + "(?:st|nd|rd|th)?(?!\\d)(?:(?:,\\s*|\\s+)(?:of\\s+)?"
                    + YEAR_FULL + ")?",
                    m -> new Point(Kind.DAY, numOrNull(m, 3), MONTH_WORDS.get(m.group(1)), num(m, 2))),
            new PointForm("(?:the\\s+)?" + DAY_NUMBER + "(?:st|nd|rd|th|-?го|-?е)?\\s+(?:of\\s+)?" + MONTH
                    + "(?:(?:,\\s*|\\s+)(?:of\\s+)?" + YEAR_FULL + ")?",
                    m -> new Point(Kind.DAY, numOrNull(m, 3), MONTH_WORDS.get(m.group(2)), num(m, 1))),
            new PointForm(MONTH + "(?:,\\s*|\\s+)(?:of\\s+)?" + YEAR_FULL,
                    m -> new Point(Kind.MONTH, num(m, 2), MONTH_WORDS.get(m.group(1)), 0)),
            new PointForm("q([1-4])(?:\\s*-\\s*|\\s+)(?:of\\s+)?" + YEAR_FULL,
                    m -> new Point(Kind.QUARTER, num(m, 2), num(m, 1), 0)),
            new PointForm("(?:the\\s+)?" + ORD_EN_Q + "\\s+quarter\\s+(?:of\\s+)?" + YEAR_FULL,
                    m -> new Point(Kind.QUARTER, num(m, 2), ORDINALS.get(m.group(1)), 0)),
            new PointForm(ORD_RU_Q + "\\s+" + KV + "\\s+" + YEAR_FULL,
                    m -> new Point(Kind.QUARTER, num(m, 2), russianOrdinal(m.group(1)), 0)),
            new PointForm("([1-4])" + RU_NUMBER_SUFFIX + "\\s+" + KV + "\\s+" + YEAR_FULL,
                    m -> new Point(Kind.QUARTER, num(m, 2), num(m, 1), 0)),
            new PointForm("h([12])(?:\\s*-\\s*|\\s+)(?:of\\s+)?" + YEAR_FULL,
                    m -> new Point(Kind.HALF, num(m, 2), num(m, 1), 0)),
            new PointForm("(?:the\\s+)?" + ORD_EN_H + "\\s+half\\s+(?:of\\s+)?" + YEAR_FULL,
                    m -> new Point(Kind.HALF, num(m, 2), ORDINALS.get(m.group(1)), 0)),
            new PointForm(ORD_RU_H + "\\s+" + HALF_RU + "\\s+" + YEAR_FULL,
                    m -> new Point(Kind.HALF, num(m, 2), russianOrdinal(m.group(1)), 0)),
            new PointForm("([12])" + RU_NUMBER_SUFFIX + "\\s+" + HALF_RU + "\\s+" + YEAR_FULL,
                    m -> new Point(Kind.HALF, num(m, 2), num(m, 1), 0)),
            new PointForm("week\\s+(\\d{1,2})(?:\\s+of\\s+|,\\s*|\\s+)" + YEAR_FULL,
                    m -> new Point(Kind.WEEK, num(m, 2), num(m, 1), 0)),
            new PointForm(Y + ",?\\s+week\\s+(\\d{1,2})(?!\\d)", m -> new Point(Kind.WEEK, num(m, 1), num(m, 2), 0)),
            new PointForm("(\\d{1,2})" + RU_NUMBER_SUFFIX + "\\s+недел(?:я|е|ю|и)\\s+" + YEAR_FULL,
                    m -> new Point(Kind.WEEK, num(m, 2), num(m, 1), 0)),
            new PointForm(YEAR_FULL, m -> new Point(Kind.YEAR, num(m, 1), 0, 0)),
            new PointForm("q([1-4])(?!\\d)", m -> new Point(Kind.QUARTER, null, num(m, 1), 0)),
            new PointForm("(?:the\\s+)?" + ORD_EN_Q + "\\s+quarter" + NOT_INTRADAY,
                    m -> new Point(Kind.QUARTER, null, ORDINALS.get(m.group(1)), 0)),
            new PointForm(ORD_RU_Q + "\\s+" + KV, m -> new Point(Kind.QUARTER, null, russianOrdinal(m.group(1)), 0)),
            new PointForm("([1-4])" + RU_NUMBER_SUFFIX + "\\s+" + KV,
                    m -> new Point(Kind.QUARTER, null, num(m, 1), 0)),
            new PointForm("(?:the\\s+)?" + ORD_EN_H + "\\s+half\\s+of\\s+(?:the\\s+)?year",
                    m -> new Point(Kind.HALF, null, ORDINALS.get(m.group(1)), 0)),
            new PointForm(ORD_RU_H + "\\s+" + HALF_RU, m -> new Point(Kind.HALF, null, russianOrdinal(m.group(1)), 0)),
            new PointForm("([12])" + RU_NUMBER_SUFFIX + "\\s+" + HALF_RU,
                    m -> new Point(Kind.HALF, null, num(m, 1), 0)),
            new PointForm(MONTH, MONTH_SAFE, m -> new Point(Kind.MONTH, null, MONTH_WORDS.get(m.group(1)), 0)));

    private static final List<Pattern> POINT_PATTERNS = POINT_FORMS.stream()
            .map(f -> Pattern.compile(f.regex() + END)).toList();

    /** Any point, one capturing group around it. */
    private static final String P = "(" + points(false) + ")";
    /** A point standing alone: bare abbreviations and "may" are too ambiguous there. */
    private static final String P_STRICT = "(" + points(true) + ")";

    private static final String RANGE_PREFIX = "(?:(?:in|for|during|of|throughout|within|в|во|за|на|в\\s+течение)"
            + "\\s+(?:the\\s+)?(?:period\\s+)?)?";
    /** "oct to dec last year", "в марте прошлого года": months or days of the year before the reference's, or of its own. */
    private static final String OF_YEAR = "(?:\\s+(?:(?:of|in)\\s+)?(?:the\\s+)?(?:last|previous|past|prior|this|current)\\s+"
            + "(?:year|yr)|\\s+(?:прошлого|прошедшего|этого|текущего|нынешнего)\\s+года|\\s+в\\s+(?:прошлом|этом|текущем|"
            + "нынешнем)\\s+году)";
    private static final Pattern LAST_YEAR_WORD = Pattern.compile("last|previous|past|prior|прошл|прошедш");
    private static final String SINGLE_PREFIX = "(?:in|for|during|on|of|from|throughout|within|в|во|за|на|по"
            + "|в\\s+течение|на\\s+протяжении|за\\s+весь|за\\s+всю|за\\s+все)\\s+(?:the\\s+)?"
            + "(?:whole\\s+of\\s+|whole\\s+|entire\\s+|full\\s+|all\\s+of\\s+)?";
    private static final String REL_PREFIX = "(?:(?:in|for|during|over|within|of)\\s+)?(?:the\\s+)?";

    private static final Map<String, Integer> NUMBER_WORDS = Map.ofEntries(Map.entry("one", 1), Map.entry("two", 2),
            Map.entry("three", 3), Map.entry("four", 4), Map.entry("five", 5), Map.entry("six", 6),
            Map.entry("seven", 7), Map.entry("eight", 8), Map.entry("nine", 9), Map.entry("ten", 10),
            Map.entry("eleven", 11), Map.entry("twelve", 12), Map.entry("twenty", 20), Map.entry("thirty", 30),
            Map.entry("один", 1), Map.entry("одну", 1), Map.entry("одна", 1), Map.entry("два", 2),
            Map.entry("две", 2), Map.entry("три", 3), Map.entry("четыре", 4), Map.entry("пять", 5),
            Map.entry("шесть", 6), Map.entry("семь", 7), Map.entry("восемь", 8), Map.entry("девять", 9),
            Map.entry("десять", 10), Map.entry("одиннадцать", 11), Map.entry("двенадцать", 12),
            Map.entry("двадцать", 20), Map.entry("тридцать", 30));
    private static final String N = "(\\d{1,4}|" + alternation(List.copyOf(NUMBER_WORDS.keySet())) + ")";
    private static final String UNIT_EN = "(days?|sessions?|weeks?|months?|years?)";
    private static final String UNIT_RU = "(дней|дня|день|сесси[йи]|недель|недели|неделю|неделя|месяцев|месяца"
            + "|месяц|лет|года|год)";

    /** Fixed phrases → canonical text. */
    private static final Map<String, String> FIXED = fixedPhrases();

    private static final List<Rule> RULES = rules();

    private static final Pattern COMPARISON_BEFORE = Pattern.compile("(?:[<>=≤≥]|(?<![\\p{L}])(?:above|below|over"
            + "|under|than|exceed\\p{L}*|close[sd]?|closing|open(?:s|ed|ing)?|price|level|больше|меньше|выше|ниже"
            + "|более|менее|свыше|превыша\\p{L}*|цена|уровень|уровня))\\s*$");
    private static final Pattern COMPARE_BEFORE = Pattern.compile("(?<![\\p{L}])(?:compar\\p{L}*|differ\\p{L}*"
            + "|сравн\\p{L}*|разниц\\p{L}*|отлич\\p{L}*)(?![\\p{L}])");
    /** A separator that already names the compared sides: "cpi days vs other days, 2021-2023". */
    private static final Pattern SIDES_NAMED = Pattern.compile("(?<![\\p{L}])(?:vs|versus|against|против|"
            // "сравни дни фомц и обычные дни, с 2015": the rest of the days is the other side already
            + "other days|the rest|normal days|regular days|обычн\\p{L}* дн\\p{L}*|остальн\\p{L}*|"
            // "сравни range в дни CPI и без CPI за 2023-2025": the days without the event are the other side
            + "without|excluding|except|non|без|кроме)(?![\\p{L}])");
    private static final Pattern NUMERIC_START = Pattern.compile("^(?:between\\s+|между\\s+)?\\d");

    /** Every period phrase in the text, left to right, non-overlapping (longest match wins). */
    /** The regular expressions of every period phrase, so a reader can learn their words (typo matching). */
    public static List<String> patternSources() {
        List<String> out = new ArrayList<>();
        RULES.forEach(r -> out.add(r.pattern().pattern()));
        POINT_PATTERNS.forEach(p -> out.add(p.pattern()));
        return out;
    }

    public static List<Found> findAll(String text) {
        return findAll(text, true);
    }

    /** @param skipByFirstWord false: every rule is tried at every word start (the reference the filter is tested on) */
    static List<Found> findAll(String text, boolean skipByFirstWord) {
        if (text == null || text.isEmpty()) {
            return List.of();
        }
        List<Integer> starts = new ArrayList<>();
        List<String> words = new ArrayList<>();
        List<Integer> numbers = new ArrayList<>();
        for (int i = 0; i < text.length(); i++) {
            if (wordStart(text, i)) {
                int end = i;
                while (end < text.length() && Character.isLetterOrDigit(text.charAt(end))) {
                    end++;
                }
                starts.add(i);
                words.add(text.substring(i, end));
                numbers.add(WordNumbers.of(words.getLast()));
            }
        }
        List<Candidate> candidates = new ArrayList<>();
        for (Rule rule : RULES) {
            Matcher m = rule.pattern().matcher(text);
            for (int w = 0; w < starts.size(); w++) {
                if (skipByFirstWord && !rule.firstWords().mayBeginWith(words.get(w), numbers.get(w))) {
                    continue;
                }
                int i = starts.get(w);
                m.region(i, text.length());
                if (!m.lookingAt() || m.end() == i || comparedPeriods(text, i, rule)) {
                    continue;
                }
                // a price keeps its span, so no number inside it becomes a year either
                String when = price(text, i, m.group()) ? null : rule.when().apply(m);
                candidates.add(new Candidate(when, i, m.end()));
            }
        }
        // stable: equal spans keep rule order
        candidates.sort(Comparator.comparingInt(Candidate::length).reversed()
                .thenComparingInt(Candidate::start));
        List<Candidate> chosen = new ArrayList<>();
        for (Candidate c : candidates) {
            if (chosen.stream().noneMatch(o -> c.start() < o.end() && o.start() < c.end())) {
                chosen.add(c);
            }
        }
        return chosen.stream()
                .filter(c -> c.when() != null)
                .sorted(Comparator.comparingInt(Candidate::start))
                .map(c -> new Found(c.when(), c.start(), c.end()))
                .toList();
    }

    /** The text with the spans of found phrases removed (whitespace collapsed), for the rest of the recogniser. */
    static String without(String text, List<Found> found) {
        if (text == null) {
            return "";
        }
        List<Found> spans = found.stream().sorted(Comparator.comparingInt(Found::start)).toList();
        StringBuilder rest = new StringBuilder();
        int position = 0;
        for (Found f : spans) {
            if (f.start() < position || f.end() > text.length()) {
                throw new IllegalArgumentException("found span [" + f.start() + ", " + f.end()
                        + ") overlaps another or does not fit the text of length " + text.length());
            }
            rest.append(text, position, f.start()).append(' ');
            position = f.end();
        }
        rest.append(text, position, text.length());
        return rest.toString().replaceAll("\\s+", " ").strip();
    }

    private static boolean wordStart(String text, int i) {
        return Character.isLetterOrDigit(text.charAt(i)) && (i == 0 || !Character.isLetterOrDigit(text.charAt(i - 1)));
    }

    /** A match starting with a number that is a price or part of another number (&gt; 2000, close 2000, $2000). */
    private static boolean price(String text, int start, String match) {
        if (!NUMERIC_START.matcher(match).find()) {
            return false;
        }
        char previous = start == 0 ? ' ' : text.charAt(start - 1);
        // the comparison or price word sits right before the number; 40 characters are plenty to see it
        return "-+.,:/$€£#".indexOf(previous) >= 0
                || COMPARISON_BEFORE.matcher(text.substring(Math.max(0, start - 40), start)).find();
    }

    /**
     * After "compare"/"difference"/"сравни", "2023 to 2024" are two compared periods, not one range, and
     * "в сравнении с 2023" is "compared with 2023", not "since 2023".
     */
    private static boolean comparedPeriods(String text, int start, Rule rule) {
        if (!rule.notAfterCompare()) {
            return false;
        }
        Matcher cue = COMPARE_BEFORE.matcher(text.substring(0, start));
        int after = -1;
        while (cue.find()) {
            after = cue.end();
        }
        // once "vs" has named the sides, a range after it is the period both sides share
        return after >= 0 && !SIDES_NAMED.matcher(text.substring(after, start)).find();
    }

    private static final Map<String, String> RELATIVE_UNITS = Map.of("года", "year", "месяца", "month", "квартала",
            "quarter", "недели", "week");

    private static List<Rule> rules() {
        List<Rule> rules = new ArrayList<>();
        String connector = "(?:\\s*(?:-|–|\\.\\.)\\s*|\\s+(?:to|until|till|through|thru)\\s+)(?:the\\s+)?";
        rules.add(rule(RANGE_PREFIX + "(?:from|с|со|от)\\s+" + P + "(?:\\s*(?:-|–|\\.\\.)\\s*"
                + "|\\s+(?:to|until|till|through|thru|по|до)\\s+)(?:the\\s+)?" + P, m -> range(m, 1, 2), false));
        rules.add(rule(RANGE_PREFIX + "(?:(?:from|с|со|от)\\s+)?" + P + "(?:\\s*(?:-|–|\\.\\.)\\s*"
                + "|\\s+(?:to|until|till|through|thru|по|до)\\s+)(?:the\\s+)?" + P + OF_YEAR,
                m -> ofYear(range(m, 1, 2), m, 1, 2), false));
        // "since jan 1 last yr", "since the start of last year": from then on, not that day or year alone
        String since = "(?:ever\\s+since|since|(?:starting|beginning)(?:\\s+(?:from|in|with|at))?|начиная\\s+(?:с|со|от|в))\\s+";
        // (and their canonical texts, "--01-01 of last year..", "last year..", as a follow-up reads its question again)
        rules.add(rule("(?:(?:in|for|during)\\s+)?" + P + OF_YEAR + "\\.\\.(?![\\p{L}\\p{N}.-])", PeriodPhrases::sinceDayOfYear, false));
        rules.add(rule("(?:(?:in|for|during)\\s+)?last\\s+(year|month|quarter|week)\\.\\.(?![\\p{L}\\p{N}.-])",
                m -> "last " + m.group(1) + "..", false));
        rules.add(rule(since + P + OF_YEAR, PeriodPhrases::sinceDayOfYear, false));
        rules.add(rule("(?:" + since + "|(?:с|со)\\s+)(?:the\\s+(?:start|beginning)\\s+of\\s+|начала\\s+)?(?:the\\s+)?"
                + "(last|previous|prior|прошлого|предыдущего)\\s+(year|month|quarter|week|года|месяца|квартала|недели)(?![\\p{L}])",
                m -> "last " + RELATIVE_UNITS.getOrDefault(m.group(2), m.group(2)) + "..", false));
        rules.add(rule("(?:(?:in|for|during|on|в|во|за|на)\\s+)?" + P + OF_YEAR, m -> ofYear(single(m, 1), m, 1, 1),
                false));
        rules.add(rule(RANGE_PREFIX + "(?:between|между)\\s+" + P + "\\s+(?:and|и)\\s+" + P, m -> range(m, 1, 2),
                true));
        rules.add(rule(RANGE_PREFIX + P + connector + P, m -> range(m, 1, 2), true));
        rules.add(rule(RANGE_PREFIX + Y + "\\s*[-–]\\s*(1[3-9]|[2-9]\\d)(?!\\d)" + YW, PeriodPhrases::shortYearRange, true));
        String onwards = "(?:\\s+(?:onwards?|and\\s+later|and\\s+after|и\\s+позже|и\\s+далее))?";
        rules.add(rule("(?:ever\\s+since|since|(?:starting|beginning)(?:\\s+(?:from|in|with|at))?"
                + "|начиная\\s+(?:с|со|от|в))\\s+" + P + onwards, PeriodPhrases::since, false));
        // "сравни средние с 2022 года": the genitive "года" says since, even after a compare word ("с 2022 годом" is a side)
        rules.add(rule("(?:с|со)\\s+" + Y + "\\s*(?:года|г\\.?)(?![\\p{L}])", PeriodPhrases::since, false));
        rules.add(rule("(?:с|со)\\s+" + P + onwards, PeriodPhrases::since, true));
        rules.add(rule("(?:after|later\\s+than|после)\\s+(?:the\\s+end\\s+of\\s+)?" + P, PeriodPhrases::after, false));
        rules.add(rule("from\\s+" + P + "\\s+on(?:wards?)?", PeriodPhrases::since, false));
        // "from 6 nov 2024" with no end: from then on (a range's end is read by the range rules above)
        rules.add(rule("(?:starting\\s+)?from\\s+" + P + "(?!\\s*(?:-|–|\\.\\.|to\\s|until\\s|till\\s|through\\s|thru\\s))",
                PeriodPhrases::since, false));
        rules.add(rule(P + "\\s+(?:onwards?|and\\s+later|and\\s+after|or\\s+later)", PeriodPhrases::since, false));
        rules.add(rule("(?:before|until|till|up\\s+to|up\\s+until|through|thru|prior\\s+to|no\\s+later\\s+than"
                + "|вплоть\\s+до|до)\\s+(?:the\\s+end\\s+of\\s+)?" + P, PeriodPhrases::until, false));
        // the canonical open ranges ("in 2025-10-01..", "in ..2015"), as a follow-up's earlier question is read again
        rules.add(rule("(?:(?:in|for|during)\\s+)?" + P + "\\.\\.(?![\\p{L}\\p{N}.-])", PeriodPhrases::since, false));
        rules.add(rule("(?:(?:in|for|during)\\s+)?\\.\\." + P, PeriodPhrases::until, false));
        rules.add(rule(SINGLE_PREFIX + P, m -> single(m, 1), false));
        rules.add(rule("(?:the\\s+)?" + P_STRICT, m -> single(m, 1), false));
        // "the 30 days preceding the last 30 days" (how "vs the 30 before that" is written out)
        rules.add(rule("(?:the\\s+)?" + N + "\\s+" + UNIT_EN + "\\s+preceding\\s+the\\s+last\\s+\\d{1,4}\\s+"
                + "(?:days?|sessions?|weeks?|months?|years?)", m -> lastN(m.group(1), m.group(2)).replace("last ",
                "prior "), false));
        rules.add(rule(REL_PREFIX + "(?:last|past|previous|prior|recent)\\s+" + N
                + "\\s+(?:trading\\s+|calendar\\s+)?" + UNIT_EN, m -> lastN(m.group(1), m.group(2)), false));
        rules.add(rule("(?:(?:за|в|на)\\s+)?(?:последн(?:ие|их)|прошедш(?:ие|их))\\s+" + N
                + "\\s+(?:торгов(?:ых|ые)\\s+)?" + UNIT_RU, m -> lastN(m.group(1), m.group(2)), false));
        rules.add(rule("за\\s+" + N + "\\s+(?:последн(?:их|ие)|прошедш(?:их|ие))\\s+(?:торгов(?:ых|ые)\\s+)?"
                + UNIT_RU, m -> lastN(m.group(1), m.group(2)), false));
        for (Map.Entry<String, String> phrase : FIXED.entrySet()) {
            rules.add(rule(phrase.getKey(), m -> phrase.getValue(), false));
        }
        return List.copyOf(rules);
    }

    private static Rule rule(String regex, Function<Matcher, String> when, boolean notAfterCompare) {
        Pattern pattern = Pattern.compile("(?:" + regex + ")" + END);
        return new Rule(pattern, when, notAfterCompare, new FirstCharacters(pattern));
    }

    private static Map<String, String> fixedPhrases() {
        Map<String, String> fixed = new LinkedHashMap<>();
        fixed.put(REL_PREFIX + "today", "today");
        fixed.put(REL_PREFIX + "day\\s+before\\s+yesterday", "day before yesterday");
        fixed.put(REL_PREFIX + "yesterday", "yesterday");
        fixed.put(REL_PREFIX + "(?:(?:this|current)\\s+week|week[\\s-]+to[\\s-]+date|wtd)", "this week");
        fixed.put(REL_PREFIX + "(?:last|previous|prior)\\s+week", "last week");
        fixed.put(REL_PREFIX + "past\\s+week", "last 1 weeks");
        fixed.put(REL_PREFIX + "(?:(?:this|current)\\s+month|month[\\s-]+to[\\s-]+date|mtd)", "this month");
        fixed.put(REL_PREFIX + "(?:last|previous|prior)\\s+month", "last month");
        fixed.put(REL_PREFIX + "past\\s+month", "last 1 months");
        fixed.put(REL_PREFIX + "(?:(?:this|current)\\s+quarter|quarter[\\s-]+to[\\s-]+date|qtd)", "this quarter");
        fixed.put(REL_PREFIX + "(?:last|previous|prior)\\s+quarter", "last quarter");
        fixed.put(REL_PREFIX + "past\\s+quarter", "last 3 months");
        fixed.put(REL_PREFIX + "(?:(?:this|current)\\s+year(?:\\s+so\\s+far)?|so\\s+far\\s+this\\s+year"
                + "|year[\\s-]+to[\\s-]+date|ytd)", "this year");
        fixed.put(REL_PREFIX + "(?:last|previous|prior)\\s+year", "last year");
        fixed.put(REL_PREFIX + "past\\s+year", "last 1 years");
        for (String unit : List.of("week", "month", "quarter", "year")) {
            fixed.put(REL_PREFIX + unit + "\\s+before\\s+last", unit + " before last");
        }
        fixed.put("(?:(?:в|за|на)\\s+)?позапрошл\\p{L}*\\s+недел\\p{L}*", "week before last");
        fixed.put("(?:(?:в|за|на)\\s+)?позапрошл\\p{L}*\\s+месяц\\p{L}*", "month before last");
        fixed.put("(?:(?:в|за|на)\\s+)?позапрошл\\p{L}*\\s+квартал\\p{L}*", "quarter before last");
        fixed.put("(?:(?:в|за|на)\\s+)?позапрошл\\p{L}*\\s+год\\p{L}*", "year before last");
        fixed.put("(?:(?:over|for|in|across|on|during|of|from)\\s+)?(?:the\\s+)?(?:all[\\s-]+time|all\\s+(?:of\\s+)?"
                + "(?:the\\s+)?(?:data|history|available\\s+data|available\\s+history)"
                + "|(?:whole|entire|full|complete)\\s+(?:history|dataset|data\\s+set|data|period))", "all");
        fixed.put("(?:of\\s+)?all\\s+time|ever|in\\s+history", "all");
        fixed.put("(?:на\\s+)?сегодня(?:шний\\s+день)?", "today");
        fixed.put("(?:за\\s+)?позавчера(?:шний\\s+день)?", "day before yesterday");
        fixed.put("(?:за\\s+)?вчера(?:шний\\s+день)?", "yesterday");
        fixed.put("(?:(?:на|в)\\s+(?:этой|текущей)\\s+неделе|(?:за|на)\\s+(?:эту|текущую)\\s+неделю"
                + "|с\\s+начала\\s+(?:этой\\s+)?недели|эта\\s+неделя)", "this week");
        fixed.put("(?:(?:на|в)\\s+(?:прошлой|предыдущей)\\s+неделе|(?:за|на)\\s+(?:прошлую|предыдущую)\\s+неделю"
                + "|прошлая\\s+неделя)", "last week");
        fixed.put("(?:(?:за|в|на)\\s+)?последн(?:юю|яя)\\s+недел(?:ю|я)", "last 1 weeks");
        fixed.put("(?:в\\s+(?:этом|текущем)\\s+месяце|за\\s+(?:этот|текущий)\\s+месяц"
                + "|с\\s+начала\\s+(?:этого\\s+)?месяца|этот\\s+месяц)", "this month");
        fixed.put("(?:в\\s+(?:прошлом|предыдущем)\\s+месяце|за\\s+(?:прошлый|предыдущий)\\s+месяц"
                + "|прошлый\\s+месяц)", "last month");
        fixed.put("(?:(?:за|в)\\s+)?последний\\s+месяц", "last 1 months");
        fixed.put("(?:в\\s+(?:этом|текущем)\\s+квартале|за\\s+(?:этот|текущий)\\s+квартал"
                + "|с\\s+начала\\s+(?:этого\\s+)?квартала|этот\\s+квартал)", "this quarter");
        fixed.put("(?:в\\s+(?:прошлом|предыдущем)\\s+квартале|за\\s+(?:прошлый|предыдущий)\\s+квартал"
                + "|прошлый\\s+квартал)", "last quarter");
        fixed.put("(?:(?:за|в)\\s+)?последний\\s+квартал", "last 3 months");
        fixed.put("(?:в\\s+(?:этом|текущем)\\s+году|за\\s+(?:этот|текущий)\\s+год"
                + "|с\\s+начала\\s+(?:этого\\s+)?года|этот\\s+год)", "this year");
        fixed.put("(?:в\\s+(?:прошлом|предыдущем)\\s+году|за\\s+(?:прошлый|предыдущий)\\s+год"
                + "|прошлый\\s+год)", "last year");
        fixed.put("(?:(?:за|в)\\s+)?последний\\s+год", "last 1 years");
        // "а только по прошлому году": the period in the dative after "по"
        fixed.put("(?:по\\s+)?(?:прошлому|предыдущему|прошедшему)\\s+году", "last year");
        fixed.put("(?:по\\s+)?(?:этому|текущему|нынешнему)\\s+году", "this year");
        fixed.put("(?:по\\s+)?(?:прошлому|предыдущему)\\s+месяцу", "last month");
        fixed.put("(?:по\\s+)?(?:этому|текущему)\\s+месяцу", "this month");
        // "самые волатильные дни прошлого года": the period as a genitive after what it qualifies
        fixed.put("(?:прошлого|предыдущего|прошедшего)\\s+года", "last year");
        fixed.put("(?:этого|текущего|нынешнего)\\s+года", "this year");
        fixed.put("(?:прошлого|предыдущего|прошедшего)\\s+месяца", "last month");
        fixed.put("(?:этого|текущего)\\s+месяца", "this month");
        fixed.put("(?:прошлого|предыдущего)\\s+квартала", "last quarter");
        fixed.put("(?:этого|текущего)\\s+квартала", "this quarter");
        fixed.put("(?:прошлой|предыдущей)\\s+недели", "last week");
        fixed.put("(?:этой|текущей)\\s+недели", "this week");
        fixed.put("(?:(?:за|в)\\s+)?(?:последние\\s+полгода|последнее\\s+полугодие)|за\\s+полгода", "last 6 months");
        fixed.put("(?:(?:за|в)\\s+)?последние\\s+полтора\\s+года", "last 18 months");
        fixed.put("(?:за|на|по)\\s+(?:все\\s+время|всю\\s+(?:доступную\\s+)?историю|весь\\s+период|все\\s+годы"
                + "|все\\s+данные|всем\\s+данным|всех\\s+данных|всей\\s+истории)(?:\\s+данных|\\s+наблюдений)?"
                + "|когда[\\s-]+либо", "all");
        return fixed;
    }

    private static String single(Matcher m, int group) {
        return point(m.group(group)).single();
    }

    /**
     * A range or point of months or days without a year, in the year a relative word names: {@code october..december
     * of last year}. With a year of their own the relative word adds nothing.
     */
    private static String ofYear(String canonical, Matcher m, int left, int right) {
        Point a = point(m.group(left));
        Point b = point(m.group(right));
        boolean yearless = a.year() == null && b.year() == null && (a.kind() == Kind.MONTH || a.kind() == Kind.DAY)
                && (b.kind() == Kind.MONTH || b.kind() == Kind.DAY);
        if (canonical == null || !yearless) {
            return canonical;
        }
        return canonical + (LAST_YEAR_WORD.matcher(m.group()).find() ? " of last year" : " of this year");
    }

    /** From a day or month of last (this) year on: "--01-01 of last year..". */
    private static String sinceDayOfYear(Matcher m) {
        String day = ofYear(single(m, 1), m, 1, 1);
        return day == null ? null : day + "..";
    }

    private static String since(Matcher m) {
        String start = point(m.group(1)).start();
        return start == null ? null : start + "..";
    }

    /** After a period: from the first day of the next one on. */
    private static String after(Matcher m) {
        String next = point(m.group(1)).next();
        return next == null ? null : next + "..";
    }

    private static String until(Matcher m) {
        String end = point(m.group(1)).end();
        return end == null ? null : ".." + end;
    }

    /** Two points as a range; a side without a year borrows the other side's (from march to may 2024). */
    private static String range(Matcher m, int leftGroup, int rightGroup) {
        Point left = point(m.group(leftGroup));
        Point right = point(m.group(rightGroup));
        if (left.year() == null && right.year() != null && left.monthLike() && right.monthLike()) {
            left = left.withYear(left.startOrder() > right.startOrder() ? right.year() - 1 : right.year());
        } else if (right.year() == null && left.year() != null && left.monthLike() && right.monthLike()) {
            right = right.withYear(right.startOrder() < left.startOrder() ? left.year() + 1 : left.year());
        }
        String start = left.start();
        String end = right.end();
        return start == null || end == null ? null : start + ".." + end;
    }

    /** 2023-24 → 2023..2024 (13..99 only: 2011-12 is December 2011); 2024-15 is no period. */
    private static String shortYearRange(Matcher m) {
        int from = Integer.parseInt(m.group(1));
        int to = from / 100 * 100 + Integer.parseInt(m.group(2));
        return to > from ? from + ".." + to : null;
    }

    private static String lastN(String number, String unit) {
        Integer n = NUMBER_WORDS.get(number);
        int count = n != null ? n : Integer.parseInt(number);
        String canonicalUnit;
        if (unit.startsWith("day") || unit.startsWith("session") || unit.startsWith("дн") || unit.startsWith("ден")
                || unit.startsWith("сесси")) {
            canonicalUnit = "days";
        } else if (unit.startsWith("week") || unit.startsWith("недел")) {
            canonicalUnit = "weeks";
        } else if (unit.startsWith("month") || unit.startsWith("месяц")) {
            canonicalUnit = "months";
        } else {
            canonicalUnit = "years";
        }
        return "last " + count + " " + canonicalUnit;
    }

    /** The point a matched piece of text names; the forms are tried in order, the first that fits wins. */
    private static Point point(String text) {
        for (int i = 0; i < POINT_FORMS.size(); i++) {
            Matcher m = POINT_PATTERNS.get(i).matcher(text);
            if (m.matches()) {
                return POINT_FORMS.get(i).convert().apply(m);
            }
        }
        throw new IllegalStateException("no point form matches '" + text + "' although the phrase pattern did");
    }

    /** The point forms as one alternation, their capturing groups made non-capturing. */
    private static String points(boolean strict) {
        return POINT_FORMS.stream()
                .map(f -> (strict ? f.strictRegex() : f.regex()).replaceAll("\\((?!\\?)", "(?:") + END)
                .collect(Collectors.joining("|", "(?:", ")"));
    }

    private static int num(Matcher m, int group) {
        return Integer.parseInt(m.group(group));
    }

    private static Integer numOrNull(Matcher m, int group) {
        return m.group(group) == null ? null : Integer.parseInt(m.group(group));
    }

    private static int russianOrdinal(String word) {
        if (word.startsWith("перв")) {
            return 1;
        }
        if (word.startsWith("втор")) {
            return 2;
        }
        return word.startsWith("трет") ? 3 : 4;
    }

    /** Longest first, so an alternation prefers "september" to "sep". */
    private static String alternation(List<String> words) {
        return words.stream()
                .sorted(Comparator.comparingInt(String::length).reversed().thenComparing(Comparator.naturalOrder()))
                .map(Pattern::quote)
                .collect(Collectors.joining("|"));
    }

    private static Map<String, Integer> monthWords() {
        Map<String, Integer> words = new LinkedHashMap<>();
        for (int i = 0; i < 12; i++) {
            words.put(DateResolver.MONTH_NAMES.get(i), i + 1);
        }
        String[] abbreviations = {"jan", "feb", "mar", "apr", null, "jun", "jul", "aug", "sep", "oct", "nov", "dec"};
        for (int i = 0; i < 12; i++) {
            if (abbreviations[i] != null) {
                words.put(abbreviations[i], i + 1);
            }
        }
        words.put("sept", 9);
        // soft stems decline январь/января/январе/январю/январем; hard ones март/марта/марте/марту/мартом
        String[] russianStems = {"январ", "феврал", "март", "апрел", "ма", "июн", "июл", "август", "сентябр",
                "октябр", "ноябр", "декабр"};
        for (int i = 0; i < 12; i++) {
            String stem = russianStems[i];
            List<String> endings = switch (stem) {
                case "март", "август" -> List.of("", "а", "е", "у", "ом");
                case "ма" -> List.of("й", "я", "е", "ю", "ем");
                default -> List.of("ь", "я", "е", "ю", "ем");
            };
            for (String ending : endings) {
                words.put(stem + ending, i + 1);
            }
        }
        return words;
    }
}
