package barb.agents.reading;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.MatchResult;
import java.util.regex.Pattern;

/**
 * How traders shorten what they write, English and Russian: abbreviations of statistics, sessions, time units,
 * weekdays and months ("avg", "rng", "ovn", "hod", "fri", "sept"; "ср.", "скок", "след", "пн", "авг"), chat
 * shorthand that asks nothing ("pls", "ngl", "кст", "плз"), and number shorthand ("2+", "2%+", "mon-fri",
 * "пн-пт", "in 24-25", "2020го"). The reader expands them before it reads, so the rules see whole words. Pure.
 */
final class Shorthand {
    private Shorthand() {
    }

    /** Whole-token expansions. A value of "" drops the token: it asks nothing. */
    static final Map<String, String> WORDS = Map.ofEntries(
            // statistics
            Map.entry("avg", "average"), Map.entry("avgs", "averages"), Map.entry("av", "average"),
            Map.entry("avrg", "average"), Map.entry("med", "median"), Map.entry("std", "standard deviation"),
            Map.entry("stdev", "standard deviation"), Map.entry("avg/med", "average"),
            Map.entry("mean/median", "average"), Map.entry("single", ""), Map.entry("mkt", "market"), Map.entry("dwn", "down"),
            Map.entry("недельки", "недели"), Map.entry("неделек", "недель"), Map.entry("часовик", "часовой бар"), Map.entry("single-day", "day"), Map.entry("calendar", ""), Map.entry("stddev", "standard deviation"),
            Map.entry("rng", "range"), Map.entry("rngs", "ranges"), Map.entry("vol", "volume"),
            Map.entry("vola", "volatility"), Map.entry("volatil", "volatility"), Map.entry("chg", "change"),
            Map.entry("chng", "change"), Map.entry("pct", "percent"), Map.entry("corr", "correlation"),
            Map.entry("dist", "distribution"), Map.entry("freq", "frequency"), Map.entry("prob", "probability"),
            Map.entry("probs", "probability"), Map.entry("pctiles", "percentiles"), Map.entry("pctile", "percentile"),
            Map.entry("ptiles", "percentiles"), Map.entry("pctl", "percentile"), Map.entry("pctls", "percentiles"),
            // sessions and the day
            Map.entry("ovn", "overnight"), Map.entry("o/n", "overnight"), Map.entry("onight", "overnight"),
            Map.entry("overnite", "overnight"), Map.entry("hod", "high of day"), Map.entry("lod", "low of day"),
            Map.entry("ib", "first hour"), Map.entry("premkt", "premarket"), Map.entry("pre-market", "premarket"),
            // time units
            Map.entry("wk", "week"), Map.entry("wks", "weeks"), Map.entry("mos", "months"), Map.entry("yr", "year"),
            Map.entry("yrs", "years"), Map.entry("mins", "minutes"),
            Map.entry("hr", "hour"), Map.entry("hrs", "hours"),
            // weekdays and months
            Map.entry("mon", "monday"), Map.entry("mons", "mondays"), Map.entry("tue", "tuesday"),
            Map.entry("tues", "tuesday"), Map.entry("wed", "wednesday"), Map.entry("weds", "wednesday"),
            Map.entry("thu", "thursday"), Map.entry("thur", "thursday"), Map.entry("thurs", "thursday"),
            Map.entry("fri", "friday"), Map.entry("fris", "fridays"), Map.entry("sept", "september"),
            Map.entry("septs", "septembers"),
            // chat words
            Map.entry("tmrw", "tomorrow"), Map.entry("tmr", "tomorrow"), Map.entry("tmrws", "tomorrow"),
            Map.entry("tomo", "tomorrow"), Map.entry("w/", "with"), Map.entry("w/o", "without"),
            Map.entry("incl", "including"), Map.entry("approx", "approximately"), Map.entry("diff", "difference"),
            Map.entry("u", "you"), Map.entry("ur", "your"), Map.entry("r", "are"), Map.entry("thx", "thanks"),
            Map.entry("ty", "thanks"), Map.entry("tysm", "thanks"), Map.entry("rn", "right now"),
            Map.entry("pls", ""), Map.entry("plz", ""), Map.entry("btw", ""), Map.entry("ngl", ""),
            Map.entry("tbh", ""), Map.entry("imo", ""), Map.entry("imho", ""), Map.entry("lol", ""),
            Map.entry("lmao", ""), Map.entry("af", ""), Map.entry("fr", ""), Map.entry("bc", ""), Map.entry("b/c", ""),
            Map.entry("cuz", ""), Map.entry("tryna", ""), Map.entry("gonna", "going to"), Map.entry("wanna", "want to"),
            Map.entry("kinda", ""), Map.entry("thru", "through"), Map.entry("sorta", ""), Map.entry("q", ""), Map.entry("pull", "show"),
            // the trading floor's words: its closing price is the settle
            Map.entry("settle", "close"), Map.entry("settles", "closes"),
            Map.entry("settled", "closed"), Map.entry("settling", "closing"), Map.entry("settlement", "close"),
            // Russian
            Map.entry("изм", "изменение"), Map.entry("диап", "диапазон"), Map.entry("рнж", "ренж"), Map.entry("сред", "средний"), Map.entry("средн", "средний"), Map.entry("стд", "стандартное отклонение"), Map.entry("макс", "максимальное"),
            Map.entry("мед", "медиана"), Map.entry("ср/мед", "среднее"), Map.entry("ср/медиана", "среднее"), Map.entry("скок", "сколько"),
            Map.entry("скока", "сколько"), Map.entry("скоко", "сколько"), Map.entry("скольк", "сколько"),
            Map.entry("сколка", "сколько"), Map.entry("след", "следующий"), Map.entry("пред", "предыдущий"),
            Map.entry("ч", "час"), Map.entry("пн", "понедельник"),
            Map.entry("вт", "вторник"), Map.entry("чт", "четверг"), Map.entry("пт", "пятница"),
            Map.entry("янв", "январь"), Map.entry("фев", "февраль"), Map.entry("февр", "февраль"),
            Map.entry("мар", "март"), Map.entry("апр", "апрель"), Map.entry("июн", "июнь"), Map.entry("июл", "июль"),
            Map.entry("авг", "август"), Map.entry("сен", "сентябрь"), Map.entry("сент", "сентябрь"),
            Map.entry("окт", "октябрь"), Map.entry("ноя", "ноябрь"), Map.entry("нояб", "ноябрь"),
            Map.entry("дек", "декабрь"), Map.entry("лоу", "лой"), Map.entry("етх", "eth"), Map.entry("овн", "овернайт"),
            Map.entry("оверн", "овернайт"), Map.entry("овер", "овернайт"), Map.entry("вола", "волатильность"),
            Map.entry("волатил", "волатильность"), Map.entry("волат", "волатильность"),
            Map.entry("обьем", "объем"), Map.entry("обьемы", "объемы"), Map.entry("чё", "что"), Map.entry("че", "что"),
            Map.entry("спс", "спасибо"), Map.entry("пасиб", "спасибо"), Map.entry("пасибо", "спасибо"),
            Map.entry("плз", ""), Map.entry("плиз", ""), Map.entry("пж", ""), Map.entry("пжл", ""),
            Map.entry("кст", ""), Map.entry("имхо", ""), Map.entry("го", ""), Map.entry("ну", ""),
            Map.entry("типа", ""), Map.entry("короч", ""), Map.entry("щас", "сейчас"));

    /** Weekday abbreviations in order, to expand ranges such as "mon-wed" or "пн-ср". */
    private static final List<String> WEEKDAYS_EN = List.of("mon", "tue", "wed", "thu", "fri");
    private static final List<String> WEEKDAYS_RU = List.of("пн", "вт", "ср", "чт", "пт");
    private static final List<String> WEEKDAY_NAMES_EN = List.of("monday", "tuesday", "wednesday", "thursday",
            "friday");
    private static final List<String> WEEKDAY_NAMES_RU = List.of("понедельник", "вторник", "среда", "четверг",
            "пятница");
    private static final Pattern WEEKDAY_RANGE = Pattern.compile(
            "(?<![\\p{L}])(mon|tue|wed|thu|fri|пн|вт|ср|чт|пт)\\s?[-–]\\s?(mon|tue|wed|thu|fri|пн|вт|ср|чт|пт)(?![\\p{L}])");
    /** "2+", "2%+": at least; "5+ days" is left for the reader. */
    private static final Pattern AT_LEAST = Pattern.compile(
            "(?<![\\d.])(\\d+(?:\\.\\d+)?)(\\s?%|\\s?x|\\s?pts?|\\s?points)?\\+(?!\\d)"
            // ("500+ pts": the unit after the plus stays before "or more", where the size readers look for it)
            + "(\\s?(?:pts?|points?|percent|pct|пункт\\p{L}*)(?![\\p{L}]))?"
            + "(?!\\s?(?:days?|sessions?|дн\\p{L}*|дня|день)(?![\\p{L}]))");
    private static final Pattern LAST_UNIT = Pattern.compile(
            "(?<![\\p{L}])(?:last|previous|past) (week|month|quarter|year)(?![\\p{L}])|прошл\\p{L}* (недел|месяц|квартал|год)");
    private static final Pattern LAST_N_UNITS = Pattern.compile(
            "(?<![\\p{L}])(?:last|past) (\\d{1,4}) (days?|sessions?|weeks?|months?|years?)(?![\\p{L}])");
    private static final Pattern THE_ONE_BEFORE = Pattern.compile("(?<![\\p{L}])(?:the )?(?:(week|month|quarter|year)|"
            + "(\\d{1,4})(?: (?:days?|sessions?|weeks?|months?|years?))?) (?:before|prior)"
            + "(?: (?:that|it|those|them)(?![\\p{L}])|(?=\\s*(?:[,.?!;)]|$)))|(?<![\\p{L}])позапрошл\\p{L}*(?! (?:недел|месяц|квартал|год))"
            + "|(?<=(?:vs\\.?|versus|against|compared (?:to|with)|and|or) )(?:the )?(?:previous|prior|preceding) "
            + "(week|month|quarter|year)(?![\\p{L}])");
    private static final Map<String, String> RUSSIAN_UNITS = Map.of("недел", "week", "месяц", "month", "квартал",
            "quarter", "год", "year");

    /**
     * "last month vs the month before", "last 30 days vs the 30 before that", "прошлый месяц против позапрошлого":
     * the period just before the one named first, written out so the period reader can date it.
     */
    private static String theOneBefore(String s) {
        Matcher before = THE_ONE_BEFORE.matcher(s);
        if (!before.find()) {
            return s;
        }
        String head = s.substring(0, before.start());
        String unit = before.group(1) != null ? before.group(1) : before.group(3);
        String count = before.group(2);
        String written = null;
        Matcher last = LAST_UNIT.matcher(head);
        if (count == null && last.find()) {
            String named = last.group(1) != null ? last.group(1) : RUSSIAN_UNITS.get(last.group(2));
            if (unit == null || unit.equals(named)) {
                written = "the " + named + " before last";
            }
        }
        Matcher lastN = LAST_N_UNITS.matcher(head);
        if (count != null && lastN.find() && lastN.group(1).equals(count)) {
            written = "the " + count + " " + lastN.group(2) + " preceding the last " + count + " " + lastN.group(2);
        }
        return written == null ? s : head + written + s.substring(before.end());
    }

    /**
     * "3/16/2020", "8/5/24": a day written with slashes, month first as Americans write it; a first number above 12
     * can only be the day, and a Russian message puts the day first.
     */
    private static final Pattern SLASH_DATE = Pattern.compile(
            "(?<![\\p{L}\\d/.])(\\d{1,2})/(\\d{1,2})/((?:19|20)?\\d\\d)(?![\\d/%])");

    private static final List<String> MONTHS_EN = List.of("jan", "feb", "mar", "apr", "may", "jun", "jul", "aug",
            "sep", "oct", "nov", "dec");

    private static String slashDate(MatchResult m, boolean russian) {
        int first = Integer.parseInt(m.group(1));
        int second = Integer.parseInt(m.group(2));
        boolean dayFirst = russian || first > 12;
        int month = dayFirst ? second : first;
        int day = dayFirst ? first : second;
        if (month < 1 || month > 12 || day < 1 || day > 31) {
            return m.group();
        }
        String year = m.group(3).length() == 2 ? "20" + m.group(3) : m.group(3);
        // written the way the period reader reads a day in each language, so "3/16/2020 to 3/20/2020" stays a range
        return russian ? day + "." + month + "." + year : MONTHS_EN.get(month - 1) + " " + day + " " + year;
    }

    /** "the 4 o'clock bell", "the closing bell", "the opening bell": the cash close and open by their clocks. */
    private static final Pattern CLOSING_BELL = Pattern.compile("(?<![\\p{L}])(?:the )?(?:(?:4|four) ?o'?clock|closing|close|"
            + "4 ?pm) bell(?![\\p{L}])");
    private static final Pattern OPENING_BELL = Pattern.compile("(?<![\\p{L}])(?:the )?(?:opening|open|9:30) bell(?![\\p{L}])");

    /** "10-Mar-23", "5-aug-2024": a day written the way exchanges and spreadsheets write it. */
    private static final Pattern DAY_MONTH_YEAR = Pattern.compile("(?<![\\p{L}\\d])(0?[1-9]|[12]\\d|3[01])-"
            + "(jan|feb|mar|apr|may|jun|jul|aug|sep|sept|oct|nov|dec)-((?:20)?[0-2]\\d)(?![\\p{L}\\d])");
    /** "2015+", "2022+ only": that year and the ones after it (a price such as "> 2000+" is left alone). */
    private static final Pattern YEAR_PLUS = Pattern.compile(
            "(?<![\\d.,$>]|(?:over|above|than|выше|больше) )((?:199|20[0-2])\\d)\\+(?![\\d%])(?!\\s?(?:pts?|points|пункт))");
    /** "5+ red days", "4+ зелёных": a run length before a colour or direction. */
    private static final Pattern AT_LEAST_RUN = Pattern.compile(
            "(?<![\\d.])(\\d+)\\+\\s?(?=(?:consecutive |straight )?(?:red|green|up|down|losing|winning|красн|зелен|растущ|падающ)\\p{L}*)");
    /** "in 24-25", "за 23-24": a range of two-digit years after a period word. */
    private static final Pattern SHORT_YEARS = Pattern.compile(
            "(?<![\\p{L}])(in|for|from|during|за|в|с) (0[89]|1\\d|2[0-6])\\s?[-–/]\\s?(0[89]|1\\d|2[0-6])(?![\\d:.%\\p{L}])");
    /** "2020го", "2020-го", "2020г": a year with a Russian ending. */
    private static final Pattern SHORT_YEAR_WORD = Pattern.compile(
            "(?<![\\p{L}])((?:с|со|since|from|in|за|в)(?: (?:весь|целый|the whole|all of))?) (0[89]|1\\d|2[0-6]) "
            + "(года|год|годы|году|г\\.?|yr|year)(?![\\p{L}])");
    private static final Pattern SHORT_YEAR_PAIR = Pattern.compile(
            "(?<![\\p{L}])(in|for|за|в) (0[89]|1\\d|2[0-6]) (and|и|&) (0[89]|1\\d|2[0-6])(?![\\d:.%\\p{L}])");
    /** "23 vs 24 vs 25", "2022 v 2023": years set against each other, two-digit or "v" for "vs". */
    private static final Pattern YEARS_AGAINST = Pattern.compile("(?<![\\p{L}\\d.:,$/–-])(?:0[89]|1\\d|2[0-6]|(?:19|20)\\d\\d)"
            + "(?:\\s?(?:vs\\.?|v|versus|против)\\s?(?:0[89]|1\\d|2[0-6]|(?:19|20)\\d\\d))+"
            + "(?![\\d%.:,/–-]\\d|[\\d%]|\\s?(?:pts|points|пункт\\p{L}*|k|к|x|раз\\p{L}*|days?|дн\\p{L}*)(?![\\p{L}]))");
    private static final Pattern YEAR_OR_VS = Pattern.compile("(?<![\\d])(0[89]|1\\d|2[0-6])(?!\\d)|(?<![\\p{L}])v(?![\\p{L}])");
    /** "jan vs feb", "sep or oct": short month names set against each other are months. */
    private static final Pattern MONTHS_AGAINST = Pattern.compile("(?<![\\p{L}])(jan|feb|mar|apr|jun|jul|aug|sept?|oct|nov|dec)"
            + "( ?(?:vs\\.?|v|versus|or|and|&|/) ?)(jan|feb|mar|apr|may|jun|jul|aug|sept?|oct|nov|dec)(?![\\p{L}])");
    /** A month's first three letters ("sept" too) and its name. */
    private static String monthName(String abbreviation) {
        return barb.agents.steps.FilterText.MONTHS.stream().filter(m -> m.startsWith(abbreviation.substring(0, 3)))
                .findFirst().orElse(abbreviation);
    }
    private static final Pattern SHORT_YEAR_QUARTER = Pattern.compile("(?<![\\p{L}])q([1-4]) (0[89]|1\\d|2[0-6])(?![\\d:.%])");
    private static final Pattern HOURS_WORD = Pattern.compile("(?<![\\p{L}\\d])(\\d+)ч(?![\\p{L}])");
    /** "по 15м", "по 30 м": buckets of that many minutes ("в 25м" is a year, read before). */
    private static final Pattern BY_MINUTES = Pattern.compile("(?<=(?<![\\p{L}])по )(\\d{1,3}) ?м(?![\\p{L}\\d])");
    /** "пол процента", "полпроцента": half a percent. */
    private static final Pattern HALF_PERCENT = Pattern.compile("(?<![\\p{L}])пол ?-?процента(?![\\p{L}])");
    /**
     * "в какую 20-минутку" (into which slot): a bucket; "5-минутка" and the measure of one ("рейндж 5-минутки") are
     * bars, left for the reader.
     */
    private static final Pattern MINUTES_WORD = Pattern.compile("(?<![\\p{L}\\d])(?<!(?:ренж|рейндж|диапазон|объем|тело|"
            + "размах|хай|лой) )(\\d+)[ -]?минутк(?:у|и|ам|ах)(?![\\p{L}])");
    /**
     * "30d", "3mo", "2y", "2wks", "5дн": a count of days, weeks, months or years written as one token. Minutes and
     * hours are left out: "15m" and "1h" next to "bars" are a bar size the reader knows.
     */
    private static final Pattern GLUED_UNIT = Pattern.compile(
            "(?<![\\p{L}\\d.])(?<!(?:avg|average|mean|median|ma|sma|ema|средн\\p{L}{0,4}) )(\\d{1,3})(d|days?|w|wks?|weeks?|mo|mos|mths?|months?|y|yrs?|years?|дн|д|нед|мес|г|л)(?![\\p{L}\\d])"
                    + "(?!\\s?(?:avg|average|ma|sma|ema|mean|high|low|средн)(?![\\p{L}]))");
    /** "the first 15 is where i get chopped", "first 30 of the open": minutes, the unit left out. */
    private static final Pattern EDGE_BARE = Pattern.compile("(?<![\\p{L}])(first|last|opening|closing) (5|10|15|30)"
            // (not at the end: "show me the last 5" asks for rows)
            + "(?= (?:is|are|was|were|of (?:the )?(?:open|rth|session|day|cash))(?![\\p{L}]))");
    /** "first 15m", "первые 5мин": minutes of the session's start or end, not a bar size. */
    private static final Pattern EDGE_MINUTES = Pattern.compile(
            "(?<![\\p{L}])(first|last|opening|closing|первые|последние) (\\d{1,3}) ?(?:m|min|mins|minutes|мин|минут)(?![\\p{L}\\d])");
    private static final Map<String, String> GLUED_UNITS_EN = Map.ofEntries(Map.entry("d", "days"),
            Map.entry("w", "weeks"), Map.entry("wk", "weeks"), Map.entry("mo", "months"), Map.entry("mth", "months"),
            Map.entry("y", "years"), Map.entry("yr", "years"));
    /** "930am", "1030": a clock time written without its colon, before am/pm or a dash to another time. */
    private static final Pattern CLOCK_WITHOUT_COLON = Pattern.compile(
            "(?<![\\p{L}\\d.:])([1-9]|1[0-2])([0-5]\\d)(?=\\s?(?:am|pm|a\\.m\\.|p\\.m\\.)(?![\\p{L}]))");
    /**
     * "930-1030", "930 to 1030": two clock times without colons as a window. One side must fall on a quarter past,
     * half past or a quarter to, so that "100-200" stays a range of points.
     */
    private static final Pattern COLONLESS_WINDOW = Pattern.compile("(?<![\\p{L}\\d.:,$])([1-9]|1[0-6])([0-5]\\d)"
            + "(\\s?(?:-|–|to|till|until|до)\\s?)([1-9]|1[0-6])([0-5]\\d)(?![\\d%.,:]|\\s?(?:pts|points|пункт|k\\b|к\\b))");
    /** "the 930 open", "at 1600 close": one colonless clock time naming the open or the close. */
    private static final Pattern COLONLESS_BELL = Pattern.compile("(?<![\\p{L}\\d.:,$])([1-9]|1[0-6])(00|15|30|45)"
            + "(?= (?:cash |rth |ny )?(?:open|opening|close|bell|et|est|ny|открыти\\p{L}*|закрыти\\p{L}*)(?![\\p{L}]))");
    private static final Pattern START_OF_YEAR = Pattern.compile("(?<![\\p{L}])(с|от|since|from) (?:самого )?(?:the )?"
            + "(?:начала|start of|beginning of) ((?:19|20)\\d\\d)(?: года| г\\.?)?(?![\\p{L}])");
    /** A token: opening brackets or quotes, the word, closing punctuation. */
    /** "settled above the prior month's settle": the previous bar's close, which is no period. */
    private static final Pattern PREVIOUS_BAR_CLOSE = Pattern.compile("(?<![\\p{L}])(above|below|over|under|than) "
            + "(?:the )?(?:prior|previous|last) (?:day|week|month|session|bar|candle)(?:'s|s|’s)? (?:close|settle)(?![\\p{L}])");
    /**
     * "the pit session", "the opening hour of the pit": the trading floor's hours were the regular session; "in the
     * pit" alone is where someone stood, not a session asked about.
     */
    private static final Pattern PIT = Pattern.compile("(?<![\\p{L}])pit(?= (?:session|sessions|hours|open|opening|close|"
            + "closing|closes|range|ranges|high|low|highs|lows|day|days|trading|volume|vol|move|moves|change|gap|gaps|"
            + "only)(?![\\p{L}]))|(?<=of the )pit(?![\\p{L}])");
    /** "2015 on", "2018 onwards": since that year. */
    private static final Pattern YEAR_ON = Pattern.compile("(?<![\\p{L}\\d])(?:(?:from|since|с) )?((?:19|20)\\d\\d) "
            + "(?:(?:and )?on(?=\\s*(?:[,.?!;)]|$))|onwards?|forward|and later|and after)(?![\\p{L}])");
    private static final Pattern TOKEN = Pattern.compile("^([(\"']*)(.*?)([.,:;!?)\"']*)$");
    private static final Pattern SHORT_YEAR_ENDING = Pattern.compile(
            "(?<![\\p{L}])((?:с|со|в|во|за|от|до)(?: (?:весь|целый|весь этот))?|еще|ещё|добавь\\p{L}*|плюс|янв\\p{L}*|фев\\p{L}*|март\\p{L}*|апр\\p{L}*|ма[йяе]|июн\\p{L}*|июл\\p{L}*|"
            + "август\\p{L}*|сент\\p{L}*|окт\\p{L}*|ноя\\p{L}*|дек\\p{L}*) (0[89]|1\\d|2[0-6])-?(?:м|й|го|ом|му)(?![\\p{L}\\d])");
    /** Hours in the message: "в 15" at its end is then 15:00 rather than 2015. */
    private static final Pattern CLOCK_CONTEXT = Pattern.compile("\\d:\\d|(?<![\\p{L}])(?:утра|вечера|дня|ночи|час\\p{L}*|"
            + "am|pm|o'?clock|hours?)(?![\\p{L}])");
    private static final Pattern SHORT_YEAR_AT_END = Pattern.compile(
            "(?<![\\p{L}])(с|со|в|во|за|in|for|since|ср|avg|средний|средняя) (0[89]|1\\d|2[0-6])"
            // ("ср ренж ртх за 25 скок": a word that asks or a courtesy may still follow it)
            + "(?=(?:\\s*(?:[?!.)]|скок|скока|сколько|какой|каков|плз|пж|pls|please))*\\s*$)");
    private static final Pattern YEAR_ENDING = Pattern.compile("(?<!\\d)((?:19|20)\\d\\d)-?(?:го|г|ом|му|м|й)(?![\\p{L}])");
    /**
     * "после 4х красных", "3-х дней", "в 2х раза": a Russian case ending glued to a count before the word it counts
     * (an adjective or noun in the genitive plural, days, "раза"); before "от" or "среднего" the "х" is a multiplier.
     */
    private static final Pattern COUNT_ENDING = Pattern.compile("(?<![\\p{L}\\d.])(\\d{1,2})-?(?:х|ех|ти|ми)"
            + "(?= (?:\\p{L}+(?:ых|их)|дн\\p{L}*|недел\\p{L}*|месяц\\p{L}*|сесси\\p{L}*|лет|раза?)(?![\\p{L}]))");
    /** "ср" is Wednesday next to other weekdays or after "по"/"в", an average otherwise. */
    private static final Set<String> WEDNESDAY_NEIGHBOURS = Set.of("пн", "вт", "чт", "пт", "понедельник",
            "вторник", "четверг", "пятница", "по", "во", "каждую");
    private static final Set<String> WEEKDAY_WORDS = Set.of("пн", "вт", "чт", "пт", "понедельник", "вторник",
            "четверг", "пятница", "и", "или");

    private static String gluedUnit(String unit, int count) {
        return switch (unit) {
            case "дн", "д" -> russianPlural(count, "день", "дня", "дней");
            case "нед" -> russianPlural(count, "неделю", "недели", "недель");
            case "мес" -> russianPlural(count, "месяц", "месяца", "месяцев");
            case "г", "л" -> russianPlural(count, "год", "года", "лет");
            default -> GLUED_UNITS_EN.getOrDefault(unit.replaceAll("s$", ""),
                    unit.endsWith("s") ? unit : unit + "s");
        };
    }

    private static boolean quarterHour(String minutes) {
        return minutes.equals("15") || minutes.equals("30") || minutes.equals("45");
    }

    private static String russianPlural(int n, String one, String few, String many) {
        if (n % 10 == 1 && n % 100 != 11) {
            return one;
        }
        return n % 10 >= 2 && n % 10 <= 4 && (n % 100 < 12 || n % 100 > 14) ? few : many;
    }

    /** "P(rth closes green | gap down worse than -0.5%)": the notation of a probability given a condition. */
    private static final Pattern GIVEN = Pattern.compile("(?<![\\p{L}\\d])p ?\\( ?([^|()]+?) ?\\| ?([^|()]+?) ?\\)");

    /** "P(next day green)": the chance of something, with no condition inside the brackets. */
    private static final Pattern CHANCE_OF = Pattern.compile("(?<![\\p{L}\\d])p ?\\( ?([^|()]+?) ?\\)");

    /** The text with shorthand written out (lower case, ё already folded to е). */
    static String expand(String text) {
        boolean russian = isRussian(text);
        String orMore = russian ? " и более" : " or more";
        String s = GIVEN.matcher(text).replaceAll(m -> Matcher.quoteReplacement((russian ? "как часто " : "how often ")
                + m.group(1) + (russian ? " если " : " if ") + m.group(2)));
        // (each pass below looks behind at every place it tries: the character it needs is looked for first, as the
        // text is expanded many times per reading)
        if (s.indexOf('(') >= 0) {
            s = CHANCE_OF.matcher(s).replaceAll(m -> Matcher.quoteReplacement((russian ? "как часто " : "how often ")
                    + m.group(1)));
        }
        s = expandWeekdayRanges(s);
        // "5+ red days in a row" is a run of at least five (the reader's default), "streaks of 5+ days" keeps its
        // "+", "2%+" is 2 % or more
        s = AT_LEAST_RUN.matcher(s).replaceAll("$1 ");
        if (s.indexOf('+') >= 0) {
            s = YEAR_PLUS.matcher(s).replaceAll(russian ? "с $1" : "since $1");
        }
        if (s.contains("before") || s.contains("prior") || s.contains("previous") || s.contains("preceding")
                || s.contains("позапрошл")) {
            s = theOneBefore(s);
        }
        if (s.contains("bell")) {
            s = CLOSING_BELL.matcher(s).replaceAll("4pm");
            s = OPENING_BELL.matcher(s).replaceAll("9:30am");
        }
        if (s.indexOf('/') >= 0) {
            s = SLASH_DATE.matcher(s).replaceAll(m -> slashDate(m, russian));
        }
        if (s.indexOf('-') >= 0) {
            s = DAY_MONTH_YEAR.matcher(s).replaceAll(m -> m.group(1) + " " + m.group(2) + " "
                    + (m.group(3).length() == 2 ? "20" + m.group(3) : m.group(3)));
        }
        s = AT_LEAST.matcher(s).replaceAll(m -> {
            String unit = m.group(2) != null ? m.group(2) : m.group(3);
            return m.group(1) + (unit == null ? "" : unit.strip().equals("%") ? "%" : " " + unit.strip()) + orMore;
        });
        s = SHORT_YEARS.matcher(s).replaceAll(m -> m.group(1) + " 20" + m.group(2) + "-20" + m.group(3));
        s = YEAR_ENDING.matcher(s).replaceAll("$1");
        // "в 25м", "за 24й": a two-digit year with its case ending
        s = SHORT_YEAR_ENDING.matcher(s).replaceAll("$1 20$2");
        // "скок гэп апов в 25", "ренж ср 25": a two-digit year closing the message
        if (!CLOCK_CONTEXT.matcher(s).find()) {
            s = SHORT_YEAR_AT_END.matcher(s).replaceAll("$1 20$2");
        }
        s = COUNT_ENDING.matcher(s).replaceAll("$1");
        // "с 22 года", "in 23 and 24", "q1 25": two-digit years where a year is meant
        s = SHORT_YEAR_WORD.matcher(s).replaceAll(m -> m.group(1) + " 20" + m.group(2) + " " + m.group(3));
        s = SHORT_YEAR_PAIR.matcher(s).replaceAll(m -> m.group(1) + " 20" + m.group(2) + " " + m.group(3) + " 20"
                + m.group(4));
        s = MONTHS_AGAINST.matcher(s).replaceAll(m -> monthName(m.group(1)) + m.group(2).replace("/", " and ")
                + monthName(m.group(3)));
        s = YEARS_AGAINST.matcher(s).replaceAll(m -> Matcher.quoteReplacement(YEAR_OR_VS.matcher(m.group())
                .replaceAll(y -> y.group(1) == null ? "vs" : "20" + y.group(1))));
        s = SHORT_YEAR_QUARTER.matcher(s).replaceAll("q$1 20$2");
        // "2ч", "20-минутку": a number of hours or minutes written as one word
        s = HOURS_WORD.matcher(s).replaceAll("$1 часа");
        s = BY_MINUTES.matcher(s).replaceAll("$1 минут");
        s = HALF_PERCENT.matcher(s).replaceAll("0.5%");
        s = MINUTES_WORD.matcher(s).replaceAll("по $1 минут");
        // "30d", "3mo", "2y": one token for a number and its unit
        s = GLUED_UNIT.matcher(s).replaceAll(m -> m.group(1) + " " + gluedUnit(m.group(2),
                Integer.parseInt(m.group(1))));
        s = EDGE_BARE.matcher(s).replaceAll("$1 $2 minutes");
        s = EDGE_MINUTES.matcher(s).replaceAll(m -> m.group(1) + " " + m.group(2)
                + (m.group(1).matches("[a-z]+") ? " minutes" : " минут"));
        // "930am": 9:30am
        s = CLOCK_WITHOUT_COLON.matcher(s).replaceAll("$1:$2");
        s = COLONLESS_WINDOW.matcher(s).replaceAll(m -> quarterHour(m.group(2)) || quarterHour(m.group(5))
                ? m.group(1) + ":" + m.group(2) + m.group(3) + m.group(4) + ":" + m.group(5) : m.group());
        s = COLONLESS_BELL.matcher(s).replaceAll("$1:$2");
        // "с начала 2023", "since the start of 2023": since 2023
        s = START_OF_YEAR.matcher(s).replaceAll(m -> (m.group(1).startsWith("с") || m.group(1).startsWith("о")
                ? "с " : "since ") + m.group(2));
        s = PREVIOUS_BAR_CLOSE.matcher(s).replaceAll("$1 the previous close");
        s = PIT.matcher(s).replaceAll("rth");
        s = YEAR_ON.matcher(s).replaceAll("since $1");
        List<String> tokens = new ArrayList<>(List.of(s.split(" ")));
        StringBuilder out = new StringBuilder();
        for (int i = 0; i < tokens.size(); i++) {
            String token = tokens.get(i);
            String expanded = expandToken(token, i > 0 ? bare(tokens.get(i - 1)) : "",
                    i + 1 < tokens.size() ? bare(tokens.get(i + 1)) : "");
            if (expanded.isEmpty()) {
                continue;
            }
            if (!out.isEmpty()) {
                out.append(' ');
            }
            out.append(expanded);
        }
        return out.toString();
    }

    private static String expandToken(String token, String previous, String next) {
        Matcher m = TOKEN.matcher(token);
        if (!m.matches() || m.group(2).isEmpty()) {
            return token;
        }
        String word = m.group(2);
        String trailing = m.group(3);
        String possessive = "";
        if (word.endsWith("'s") && WORDS.containsKey(word.substring(0, word.length() - 2))) {
            // "tmrw's range"
            possessive = "'s";
            word = word.substring(0, word.length() - 2);
        }
        boolean dotted = trailing.startsWith(".");
        String expanded;
        if (word.equals("ср")) {
            // "по ср изм в %": before a measure it is the average even after "по"
            boolean measureNext = next.matches("изм\\p{L}*|рейндж\\p{L}*|ренж\\p{L}*|рэнж\\p{L}*|диапазон\\p{L}*|"
                    + "объем\\p{L}*|обьем\\p{L}*|range|change|vol|volume|дневн\\p{L}*|размах\\p{L}*");
            boolean wednesday = !dotted && !measureNext
                    && (WEDNESDAY_NEIGHBOURS.contains(previous) || WEEKDAY_WORDS.contains(next));
            expanded = wednesday ? "среда" : "средний";
        } else if (word.equals("пт") && previous.matches("\\d+(?:[.,]\\d+)?")) {
            // "меньше 10 пт": points, not Friday
            expanded = "пунктов";
        } else if (word.equals("min") || word.equals("мин")) {
            // "15 min" is minutes, "min range" the minimum
            boolean minutes = previous.matches("\\d+") || next.matches("buckets?|bars?|candles?|свеч\\p{L}*|бар\\p{L}*");
            expanded = word.equals("min") ? (minutes ? "minutes" : "minimum") : (minutes ? "минут" : "минимальный");
        } else {
            expanded = WORDS.get(word);
        }
        if (expanded == null) {
            return token;
        }
        // an abbreviation's own full stop goes with it
        String rest = dotted ? trailing.substring(1) : trailing;
        if (expanded.isEmpty()) {
            return rest;
        }
        return m.group(1) + expanded + possessive + rest;
    }

    private static String expandWeekdayRanges(String text) {
        return WEEKDAY_RANGE.matcher(text).replaceAll(m -> {
            boolean russian = WEEKDAYS_RU.contains(m.group(1));
            List<String> abbreviations = russian ? WEEKDAYS_RU : WEEKDAYS_EN;
            List<String> names = russian ? WEEKDAY_NAMES_RU : WEEKDAY_NAMES_EN;
            int from = abbreviations.indexOf(m.group(1));
            int to = abbreviations.indexOf(m.group(2));
            if (from < 0 || to < 0 || to <= from) {
                return m.group();
            }
            if (from == 0 && to == 4) {
                // every weekday: no weekday filter at all
                return russian ? "в будни" : "on weekdays";
            }
            return String.join(russian ? " и " : " and ", names.subList(from, to + 1));
        });
    }

    private static final Pattern TOKEN_EDGES = Pattern.compile("^[(\"']+|[.,:;!?)\"']+$");

    private static String bare(String token) {
        return TOKEN_EDGES.matcher(token).replaceAll("");
    }

    private static boolean isRussian(String text) {
        for (int i = 0; i < text.length(); i++) {
            if (Character.UnicodeScript.of(text.charAt(i)) == Character.UnicodeScript.CYRILLIC) {
                return true;
            }
        }
        return false;
    }
}
