package barb.agents.reading;

import barb.agents.steps.FilterText;
import barb.agents.text.FirstCharacters;
import barb.agents.text.WordForms;
import barb.agents.text.WordNumbers;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.function.Function;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The words and phrases the question reader knows, English and Russian, as ordered rules: each rule is a regular
 * expression over the normalised question (lower case, ё→е, single spaces) and the findings it stands for. Rules
 * are tried in order and a later rule never reads text an earlier one took, so specific phrases come first
 * ("morning star" before "morning", "day after a holiday" before "the day after").
 */
public final class Lexicon {
    /**
     * An English week before or after is of days, unless a holiday or a date follows: "the week before xmas" is a
     * period. Only words the rules know already: a word here becomes known and is no longer corrected.
     */
    private static final String WEEK_OF_DAYS = "(?! (?:the )?(?:xmas|christmas|thanksgiving|new year|holidays?|\\(|\\d"
            + "|jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec))";

    /** One day of a "д+1 и д+2" list: its sign and number. */
    private static final Pattern SIGNED_DAY = Pattern.compile("([+-])\\s?(\\d)");

    private Lexicon() {
    }

    /** One thing the reader understood: a kind (metric, session, cond, …), its value and where it was. */
    public record Finding(String kind, String value, int start, int end, int seq) {
    }

    /**
     * A rule: its pattern and what a match means (kind/value pairs). Every pattern starts at a word start (see
     * {@link #rule(String, Function)}) and can begin only with some characters, which the rule learns as texts are
     * read, so a reading tries the pattern only where it may match instead of at every character.
     */
    static final class Rule {
        /** The wrapper every rule's pattern starts with: no letter, digit or underscore before a match. */
        private static final String WORD_START = "(?<![\\p{L}\\p{N}_])";

        private final Pattern pattern;
        private final Function<Matcher, List<String[]>> meaning;
        private final FirstCharacters firstCharacters;

        Rule(Pattern pattern, Function<Matcher, List<String[]>> meaning) {
            this.pattern = pattern;
            this.meaning = meaning;
            this.firstCharacters = new FirstCharacters(pattern);
        }

        Pattern pattern() {
            return pattern;
        }

        Function<Matcher, List<String[]>> meaning() {
            return meaning;
        }

        /**
         * False only when no match can start at {@code at}: a letter, digit or underscore stands before it, or
         * {@link #mayBeginAt} says no.
         */
        boolean mayStartAt(CharSequence text, int at) {
            return !(at > 0 && inWord(text.charAt(at - 1))) && mayBeginAt(text, at);
        }

        /**
         * False only when no match can begin with the character at {@code at}: the pattern, its look-behinds left
         * out, tried on that character alone failed without wanting more text.
         */
        boolean mayBeginAt(CharSequence text, int at) {
            return at >= text.length() || firstCharacters.mayBeginWith(text.charAt(at));
        }

        /**
         * As {@link #mayBeginAt(CharSequence, int)}, asked of the whole word that starts there ({@code word}, its
         * {@link WordNumbers number}; empty when no word starts there): false rules out more places.
         */
        boolean mayBeginAt(CharSequence text, int at, String word, int number) {
            return word.isEmpty() ? mayBeginAt(text, at) : firstCharacters.mayBeginWith(word, number);
        }

        /** What {@link #WORD_START} rules out before a match. */
        static boolean inWord(char c) {
            return c == '_' || Character.isLetterOrDigit(c);
        }
    }

    /** Words of size without a number: "big days", "a huge week", "крупные гэпы". */
    static final String SIZE_WORDS = "big|huge|large|massive|major|significant|больш(?:ой|ие|их|им|ая|ое|ую)|крупн\\p{L}*|"
            + "жирн\\p{L}*|огромн\\p{L}*|значительн\\p{L}*|сильн(?:ого|ых|ый|ая|ой|ое|ые)";
    /** The word before a size word that makes it a ranking or a name: "the most volatile", "самый жирный", "the big days". */
    static final String NOT_A_SIZE_AFTER = "most|сам[ыоа]\\p{L}{0,3}|наи\\p{L}{0,6}|the";

    /** A share said as one ("what % of days", "доля"), not only "how often". */
    private static final Pattern SHARE_WORD = Pattern.compile("%|percent|share|fraction|proportion|portion|процент|доля");

    static final String NUM = "(-?\\d+(?:\\.\\d+)?)";
    /** Right after a verb of being: "тоже будет плюс", "был минус" (the sign said without "в"). */
    private static final String AFTER_BEING = "(?<=(?:будет|был|была|было|будут|были|станет|окажется|закроется) )";
    static final String UNIT = "(?:\\s*(%|percent|pct|процент\\p{L}*|points?|pts|pt|пункт\\p{L}*|п\\.))?";
    static final String CMP = "((?:(?:blow|blows|blew|blown|blowing) out |(?:goes|went|go|gone|going) )?past(?= \\d+(?:\\.\\d+)?\\s?(?:x|%|pts?|points|percent)(?![\\p{L}]))|more than|greater than|higher than|bigger than|larger than|over|above|exceeding|exceeds|exceeded|exceed|at least|превыша\\p{L}*|превыси\\p{L}*|"
            + "worse than|хуже чем|хуже|no less than|less than|smaller than|lower than|under|below|at most|no more than|"
            + "больше чем на|больше чем|больше|более чем на|более чем|более|свыше|выше|не менее чем на|не менее|"
            + "не меньше|минимум|меньше чем на|меньше чем|меньше|менее чем на|менее|ниже|не более|максимум|"
            + ">=|<=|>|<|=)";

    /** A number that counts days, weeks, months or times is not a threshold. */
    private static final String NOT_COUNT = "(?!\\s*(?:(?:trading )?days?|sessions?|times|weeks?|months?|years?|дн\\p{L}*|дня|день|"
            + "раз\\p{L}*|недел\\p{L}*|месяц\\p{L}*|in a row|подряд))";
    private static final String DOWN_VERB = "(?:fell|fallen|fall|falls|falling|dropped|drop|drops|dropping|declined|decline|declines|"
            + "sank|sink|lost|lose|loses|slid|tanked|down|closed down|closed lower|упал\\p{L}*|упад\\p{L}*|пада\\p{L}*|"
            + "снизил\\p{L}*|просел\\p{L}*|просед\\p{L}*|подешевел\\p{L}*|закрыл\\p{L}* в минус\\p{L}*|"
            + "(?:закрыл|закрыва|закро)\\p{L}* ниже|снижени\\p{L}*|падени\\p{L}*|слива\\p{L}*|слил\\p{L}*|пролив\\p{L}*|пролил\\p{L}*)";
    private static final String UP_VERB = "(?:rose|risen|rise|rises|rising|gained|gain|gains|gaining|rallied|rally|rallies|climbed|"
            + "climb|jumped|up|closed up|closed higher|increased|вырос\\p{L}*|выраст\\p{L}*|раст[её]т|растут|рос|росл\\p{L}*|"
            + "подрос\\p{L}*|подорожал\\p{L}*|закрыл\\p{L}* в плюс\\p{L}*|(?:закрыл|закрыва|закро)\\p{L}* выше|рост\\p{L}*|"
            + "памп\\p{L}*)";
    private static final String METRIC_WORD = "(range|ranges|daily range|volatility|ренж\\p{L}*|рейндж\\p{L}*|"
            + "диапазон\\p{L}*|размах\\p{L}*|волатильност\\p{L}*|change|changes|return|returns|move|moves|"
            + "изменени\\p{L}*|доходност\\p{L}*|gap|gaps|гэп\\p{L}*|volume|volumes|объем\\p{L}*|body|bodies|"
            + "тело|тела|телом|upper wicks?|lower wicks?|upper shadows?|lower shadows?|верхн\\p{L}* тен\\p{L}*|"
            + "нижн\\p{L}* тен\\p{L}*)";

    /** Rules that run before period phrases are looked for, so they keep the words a period would also claim. */
    static final List<Rule> EARLY = List.of(
            // "since 2015 ex-2020", "без 2020 года": a year left out of the period, not a period of its own
            rule("(?:ex-|(?:ex|excl\\.?|excluding|except(?: for)?|without|minus|w/o|but not|not counting|leaving out|кроме|"
                    + "без|исключая|за исключением) (?:the )?(?:year )?)((?:19|20)\\d\\d)(?: года| год| г)?(?:,? (?:and|и) "
                    + "((?:19|20)\\d\\d)(?: года| год| г)?)?",
                    m -> m.group(2) == null ? kv("cond", "year != " + m.group(1))
                            : kv("cond", "year != " + m.group(1), "cond", "year != " + m.group(2))),
            // "если это технически возможно, рассчитайте …", "if it's possible": a courtesy that asks nothing
            rule("(?:если (?:это )?(?:технически )?(?:возможно|можно|не сложно|несложно|не трудно|не затруднит)|"
                    + "if (?:it'?s |it |its |that'?s |it is )?(?:technically )?possible|if you can|if you could|по возможности)",
                    kv("filler", "")),
            // "two things: …", "3 quick qs", "пара вопросов": how many asks follow is no number of theirs
            rule("(?:\\d|two|three|four|a couple of|пара|два|две|три|четыре) (?:quick |short |small |быстрых |коротких )?"
                    + "(?:things?|questions?|qs|ones|asks|вопрос\\p{L}*|вещ\\p{L}*)", kv("filler", "")),
            // "с 2 до 4 ночи по нашему времени", "17:30 по мск": a clock of a zone that moves against New York's
            rule(TimeZones.OTHER_ZONE.pattern(), m -> kv("zone", m.group(1))),
            // "9:30–10:00 ет", "по нью-йорку": the trader says the hours in New York time themselves
            rule("(?<=\\d:\\d\\d |\\d:\\d\\d|am |pm )(?:et|est|edt|ет|ny time|new york time)|по нью-?йорку|"
                    + "нью-?йоркскому времени", kv("etzone", "")),
            // "down more than 1% each day", "на 1% каждый день": the threshold holds for every day of the run already
            rule("(?<=%|percent|процент\\p{L}{0,3}|points|пунктов) (?:each|every|каждый) (?:day|session|день)", kv("filler", "")),
            // "that's all for today", "на сегодня всё": the end of a chat names no day
            rule("(?:that'?s?|thats|that is|it'?s|its) (?:all|it|enough) for (?:today|tonight|now|the day)|"
                    + "на сегодня (?:все|хватит|достаточно|закончим)|(?:все|хватит|достаточно) на сегодня",
                    kv("filler", "")),
            // "is vol higher on mondays or fridays", "объём выше по пн или пт": the comparative asks which side is
            // higher, it picks no rising days
            rule("(?:higher|lower|bigger|smaller|larger|greater|wider|выше|ниже|больше|меньше|шире)(?= (?:on|in|during|"
                    + "for|в|во|по|на) [^?]{1,30} (?:or|vs|или|чем) )", kv("op", "compare")),
            // "хочу видеть, как рос", "to see how it has grown": how a series moved over the groups, not a filter
            rule("(?:видеть|посмотреть|глянуть|see|watch)?,? ?(?:как|how) (?:он |оно |она |они |it |they |"
                    + "(?:the )?(?:vol|volatility|range|volume|волатильность|вола|диапазон|объем) )?"
                    + "(?:рос|растет|растёт|росл\\p{L}*|вырос\\p{L}*|менял\\p{L}*|падал\\p{L}*|расширял\\p{L}*|"
                    + "grew|has grown|have grown|changed|has changed|evolved|(?:has |have )?(?:expanded|increased|"
                    + "decreased|shrunk|shrank|contracted))(?![\\p{L}])", kv("filler", "")),
            // "размах (хай минус лой)", "body % (close minus open)": a measure spelled out in parentheses restates the
            // measure named before it
            rule("\\((?:i\\.?e\\.? |т\\.? ?е\\.? )?(?:the )?(?:high|хай|max|макс\\p{L}*|close|закрыти\\p{L}*|клоуз) ?(?:minus|-|минус|−) ?"
                    + "(?:the )?(?:low|лой|min|мин\\p{L}*|open|открыти\\p{L}*|опен)\\)", kv("filler", "")),
            // "how did yesterday stack up vs a normal day": a day's recap sets it against its 20-day averages (read before
            // "up" is a direction and "vs" a second side)
            rule("stack(?:ed|s)? up (?:vs\\.?|versus|against|to|compared (?:to|with)) (?:a |an )?"
                    + "(?:normal|typical|average|usual|regular) day", kv("snapshot", "")),
            // "the record for red weeks in a row", "most green days in a row", "максимум сколько недель подряд": the
            // longest run, one row (read before "максимум" is the day's high and "most" an amount)
            rule("(?:the )?(?:all[- ]time )?record(?: for| of)?(?= (?:\\p{L}+ ){0,3}(?:in a row|straight|consecutive|streak))|"
                    + "most(?= (?:\\p{L}+ ){1,2}(?:in a row|straight|consecutive))|(?:максимум|максимально)(?= сколько)|"
                    + "(?<=сколько )(?:максимум|максимально)|рекорд\\p{L}*(?= (?:\\p{L}+ ){0,3}(?:подряд|сери\\p{L}*))",
                    kv("rank", "desc", "ndefault", "1")),
            // "какой день был рекордным по объёму", "the record volume day": the one day with the most of the measure
            rule("рекордн\\p{L}*|(?:the )?record(?:[- ]setting|[- ]breaking)?(?= (?:\\p{L}+ )?(?:day|days|session|week|month))",
                    kv("rank", "desc", "ndefault", "1")),
            // "pull up that day", "the day the vix blew up", "does that hold up": "up" after such a verb is part of
            // the verb, no direction (read before "up" is a rising day)
            rule("(?:pull|pulls|pulled|pulling|blew|blow|blows|blown|blowing|hold|holds|held|holding|look|looks|"
                    + "looked|looking|bring|brought|show|shows|showed|sum|summed|back|backed|line|lined|"
                    + "mess|messed|screw|screwed|rack|racked|tally|add|adds|added|dig|dug|whip|cook|"
                    + "pick|picked|call|called|brings|shake|shook|light|lit|tee|teed|pony|ponied|chop|chops|chopped|"
                    + "beat|beaten|tear|tore|torn|eat|ate|eaten|tied|tie|tangled) up(?![\\p{L}])",
                    kv("filler", "")),
            // "compare with 2024, is it higher or lower", "сред за 2025 vs 2024, вырос или нет": which way the comparison
            // came out is asked, no rising or falling days picked
            rule("(?:is it |was it |it |он |она )?(?:higher|lower|bigger|smaller|up|down|вырос\\p{L}*|упал\\p{L}*|выше|ниже|"
                    + "больше|меньше) (?:or|или) (?:not|нет|lower|higher|smaller|bigger|down|up|упал\\p{L}*|вырос\\p{L}*|"
                    + "ниже|выше|меньше|больше)(?= *(?:[?.!,]|$))", kv("filler", "")),
            // "which hour has max avg range": the largest of the averages is the one ranked first, the statistic is
            // the average (read before "max" is a statistic of its own)
            rule("(?:the )?(?:max|maximum|highest|biggest|largest|макс\\p{L}*|наибольш\\p{L}*|самы\\p{L}* больш\\p{L}*)"
                    + "(?= (?:avg|average|mean|средн\\p{L}*)(?![\\p{L}]))", kv("rank", "desc")),
            // "which weekday gets the most gap ups", "в какой месяц больше всего красных дней": the most days of a kind,
            // a count per group (StepBuilder; "most volatile" is a measure)
            rule("(?<=(?:has|have|had|gets|get|got|sees|saw|with) (?:the )?)most(?![\\p{L}])(?! (?:volatile|of))|"
                    + "больше всего(?= (?:\\p{L}+ ){0,2}(?:дн\\p{L}*|гэп\\p{L}*|сесси\\p{L}*|раз))", kv("mostdays", "")),
            // "ну как обычно", "the usual stats", "as always": what the trader always asks, which Barb does not know
            rule("(?:ну |да )?как (?:обычно|всегда)|as (?:usual|always)|the usual(?: stuff| stats| numbers)?|same (?:thing|stuff) as always",
                    kv("filler", "")),
            // "made a higher high and a higher low", "both an inside day and nr7": one day showing every pattern
            // named ("inside and outside days" stays either); read first, as other rules take "and"
            rule("both|(?:and|but|&)(?= (?:also )?an? (?:higher|lower|inside|outside|doji|hammer|nr|narrow|wide|"
                    + "bullish|bearish|engulf|shooting|morning|evening|gap))|одновременно", kv("both", "")),
            // "с обычным днём": the other days (read before "днём" is the afternoon)
            rule("обычн(?:ый|ым|ого) (?:день|днем|дня)", kv("complement", "")),
            // controlled period texts with dots or dashes
            rule("(?:in |for |during |period )?((?:\\d{4}(?:-q[1-4]|-w\\d{1,2}|-\\d{2}(?:-\\d{2})?)?|q[1-4]|"
                    + "january|february|march|april|may|june|july|august|september|october|november|december)?"
                    + "\\.\\.(?:\\d{4}(?:-q[1-4]|-w\\d{1,2}|-\\d{2}(?:-\\d{2})?)?|q[1-4]|january|february|march|"
                    + "april|may|june|july|august|september|october|november|december)?)",
                    m -> m.group(1).equals("..") ? List.of() : kv("when", m.group(1))),
            // ("from 2020-01-02 to 2020-03-31": two ends of one range are the period reader's)
            rule("(?:in |for |during |on |period )?(?<!\\d{4}-\\d\\d(?:-\\d\\d)?\\s{0,2}(?:[-–]|to|till|until|through|thru|по|до)\\s{0,2})"
                    + "(\\d{4}-(?:q[1-4]|w\\d{1,2}|\\d{2}(?:-\\d{2})?))(?![-\\d])"
                    + "(?!\\s*(?:[-–]|to|till|until|through|thru|по|до)\\s*\\d{4}-)",
                    m -> kv("when", m.group(1))),
            rule("(?:in |for |during |period )(ytd|mtd|q[1-4])(?! (?:of )?\\d{4})", m -> kv("when", m.group(1))),
            rule("(streaks?|runs?|серии|серий|серия|серию) (?:of |из )?(?:(?:at least|не менее|от|минимум) (\\d+)|"
                    + "(\\d+) (?:or more|и более)) (?:(green|red|зелен\\p{L}*|красн\\p{L}*) )?(?:days|sessions|дн\\p{L}*|дня)",
                    Lexicon::streakOf),
            rule("(?:up to and including|up to) (\\d{4})(?: inclusive)?",
                    m -> kv("when", ".." + m.group(1))),
            // "(close to close, not green candles)": a definition that rules the candle's colour out names no filter
            rule("(?:not|no|не|без) (?:by |по )?(?:the )?(?:(?:green|red|зел[её]н\\p{L}*|красн\\p{L}*) )?"
                    + "(?:candles?|candle colou?rs?|colou?rs?|свеч\\p{L}*|цвет\\p{L}*)(?: (?:colou?rs?|свеч\\p{L}*))?",
                    kv("filler", "")),
            rule("(?:in |в |во )?(first|second|third|fourth|перв\\p{L}*|втор\\p{L}*|трет\\p{L}*|четверт\\p{L}*) "
                    + "(?:quarter )?(?:and|or|vs|и|или) (?:the )?(?:в |во )?(first|second|third|fourth|перв\\p{L}*|"
                    + "втор\\p{L}*|трет\\p{L}*|четверт\\p{L}*) (?:quarters?|квартал\\p{L}*)(?: of| года)?(?: (\\d{4}))?",
                    Lexicon::twoQuarters),
            // time of day windows
            rule("(?:between|from) (\\d{1,2})(?::(\\d{2}))? ?(am|pm)? (?:and|to|-|until|till) "
                    + "(\\d{1,2})(?::(\\d{2}))? ?(am|pm)?(?: et| est| ny time| new york time)?",
                    m -> time(m, 1, 2, 3, 4, 5, 6)),
            rule("(?:с|от) (\\d{1,2})(?::(\\d{2}))?()(?: часов| ч)? (?:до|по) (\\d{1,2})(?::(\\d{2}))?()"
                    + "(?: часов| ч)?(?: по нью йорку| et)?", m -> time(m, 1, 2, 3, 4, 5, 6)),
            rule("(\\d{1,2}):(\\d{2})()\\s?-\\s?(\\d{1,2}):(\\d{2})()", m -> time(m, 1, 2, 3, 4, 5, 6)),
            // "from 2pm to the close", "с 15:00 до закрытия": until the cash close
            rule("(?:from |с |после )?(\\d{1,2})(?::(\\d{2}))? ?(am|pm)? (?:to|till|until|до|-) (?:the )?(?:cash |rth )?"
                    + "(?:close|bell|закрытия(?: кэша| ртх| rth)?)",
                    m -> {
                        int from = hour(m.group(1), m.group(3) != null ? m.group(3)
                                : Integer.parseInt(m.group(1)) < 8 ? "pm" : null);
                        return from < 0 || from >= 16 ? List.of() : kv("time", String.format(Locale.ROOT, "%02d:%s-16:00",
                                from, m.group(2) == null ? "00" : m.group(2)));
                    }),
            // "from 7am to the open", "с 4am до открытия": from then until the cash open; a bare hour is a morning one
            rule("(?:from |с |после )?(\\d{1,2})(?::(\\d{2}))? ?(am|pm|утра)? (?:to|till|until|до|-) (?:the )?"
                    + "(?:cash |rth |ny |us )?(?:open|opening|bell|открытия(?: рынка| кэша| ртх| rth| нью-?йорка)?)"
                    + "(?! (?:range|gap|price|print|диапазон\\p{L}*|гэп\\p{L}*|цен\\p{L}*))",
                    m -> {
                        String mark = m.group(3) == null ? null : m.group(3).equals("утра") ? "am" : m.group(3);
                        int from = hour(m.group(1), mark);
                        String minutes = m.group(2) == null ? "00" : m.group(2);
                        boolean beforeOpen = from >= 0 && (from < 9 || from == 9 && minutes.compareTo("30") < 0);
                        boolean evening = from >= 16 && from < 24;
                        return beforeOpen || evening
                                ? kv("time", String.format(Locale.ROOT, "%02d:%s-09:30", from, minutes)) : List.of();
                    }),
            // "первый часовик после открытия (9:30-10:30)": the window says which hour, "after the open" nothing more
            rule("(?:после|after the|after) (?:открыти\\p{L}*|open)(?= \\(?\\d)", kv("filler", "")),
            // months as a filter (every March), weekdays
            rule("(?:every|each|all|in all|in every|on every) (january|february|march|april|may|june|july|august|"
                    + "september|october|november|december)s?", m -> kv("month", m.group(1))),
            rule("(januaries|januarys|februaries|februarys|marches|aprils|mays|junes|julys|augusts|septembers|octobers|"
                    + "novembers|decembers)", m -> kv("month", pluralMonth(m.group(1)), "monthunit", "")),
            // "зеленых декабрей", "а январи?", "марты": the months as units, in the genitive or nominative plural
            rule("(январ|феврал|март|апрел|июн|июл|август|сентябр|октябр|ноябр|декабр)(?:ей|ов|и|ы)(?![\\p{L}])",
                    m -> kv("month", russianMonth(m.group(1)), "monthunit", "")),
            // "how often did september close red", "сентябрь закрывался в минус": a month that closes is the month's bar
            rule("(january|february|march|april|may|june|july|august|september|october|november|december)"
                    + "(?= (?:has |have |usually |typically |ever )?(?:closed|close|closes|closing|ended|ends|finished|finishes)"
                    + "(?![\\p{L}]))", m -> kv("month", m.group(1), "monthunit", "")),
            rule("(январ|феврал|март|апрел|июн|июл|август|сентябр|октябр|ноябр|декабр)(?:ь|т|й)?"
                    + "(?= (?:обычно |когда-либо )?(?:закрыл\\p{L}*|закрыва\\p{L}*|заканчивал\\p{L}*|закончил\\p{L}*)(?![\\p{L}]))",
                    m -> kv("month", russianMonth(m.group(1)), "monthunit", "")),
            // ("с октября по декабрь" is a range of months, not every December)
            rule("(?:по каждому |(?<!(?:^|\\s)(?:с|со|от) \\p{L}{3,10} )по |все |во все |в каждом |в каждый |каждый |каждом |каждому )(январ|феврал|март|"
                    + "апрел|ма|июн|июл|август|сентябр|октябр|ноябр|декабр)(?:ям|ях|ам|ах|е|ь|ы|и|т|й|у|ю)",
                    m -> kv("month", russianMonth(m.group(1)))),
            // relative thresholds: range more than 1.5 times the 20-day average
            rule(METRIC_WORD + "?(?: (?:на |in |on |during )?(rth|eth|ртх|етх))?\\s*(?:is |was |were |of |at least |more than |above |over |greater than |"
                    + "comes? in (?:at )?|came in (?:at )?|at |(?:blow|blows|blew|blown|blowing) out (?:past |over |to )?|"
                    + "(?:goes|went|go|gone|going|got|gets) (?:past |over |above )?|past |exceed(?:s|ed|ing)? |"
                    + "больше |выше |более |в |был |была |были |было |не менее |чем )*" + NUM + "\\s*(?:x|times|раза?) "
                    + "(?:or more |or greater |and up |и более |или более )?(?:the |its |their |of |больше |выше |"
                    + "чем |от |своего |своей )*(?:(\\d+)[ -]?(?:day|d|дневн\\p{L}*) )?(average|avg|mean|median|min|max|"
                    + "средн\\p{L}*|медиан\\p{L}*)(?: (?:of|over|for|за|of the) (?:the )?(?:last |previous |прошлые |"
                    + "последние |предыдущие )?(\\d+) ?(?:days|sessions|d|дн\\p{L}*|сесси\\p{L}*))?",
                    Lexicon::relative),
            // "объём на ртх был в 1,5 раза выше среднего за 20 дней": the measure named before, the range if none
            rule("(?:" + METRIC_WORD + " (?:(?:на |в )?(?:rth|eth|ртх|етх) )?(?:был\\p{L}* |бывает |оказ\\p{L}* )?"
                    + "(?:больше |выше |более )?(?:чем )?)?"
                    + "(?:в )?" + NUM + " раза? (?:больше|выше) (?:чем )?(?:средн\\p{L}*|медиан\\p{L}*)(?: "
                    + "(?:за|из) (?:последние |прошлые |предыдущие )?(\\d+) ?(?:дн\\p{L}*|сесси\\p{L}*))?",
                    m -> kv("cond", metricOf(m.group(1)) + " > " + FilterText.number(Double.parseDouble(m.group(2)))
                            + " x " + ref("средн") + " " + (m.group(3) == null ? "20" : m.group(3)) + "d")),
            // "the week after quad witching, day by day", "неделю до FOMC": the five sessions after (before) the days
            // (never before a holiday or a date: "the week before xmas" is a period)
            rule("(?:(?:in|over|during) )?the (?:trading )?week (?:after|following)" + WEEK_OF_DAYS
                    + "|(?:на |в )?(?:следующ\\p{L}* )?недел\\p{L}* после", kv("offsets", "1,2,3,4,5")),
            rule("(?:(?:in|over|during) )?the (?:trading )?week (?:before|prior to|leading up to|leading into)"
                    + WEEK_OF_DAYS + "|(?:за |на )?недел\\p{L}* (?:до|перед)", kv("offsets", "-5,-4,-3,-2,-1")),
            // "in the 5 days after", "в первые 3 дня после": each day up to the last
            rule("(?:(?:in|over|during|within|for) )?the (?:first |next )?(\\d) (?:trading )?days(?= after| following)|"
                    + "(?:в|за) (?:первые |ближайшие )?(\\d) (?:торгов\\p{L}* )?(?:дня|дней)(?= после)",
                    m -> kv("offsets", dayRange("1", firstGroup(m)))),
            // "and on the day itself?", "а в сам день выхода?": the day of the event, as an offset
            // (only as the whole ask at the end: "если в сам день FOMC закрылись красным" is a condition on that day)
            rule("(?:(?:on )?(?:the )?(?:(?:fomc|cpi|nfp|opex|ppi|event|release|report) )?(?:day|session) itself|(?:on )?the same day|(?:в )?сам (?:этот |тот )?день(?: выхода|"
                    + " события| релиза| отчета| заседания)?|в день (?:выхода|события|релиза|отчета))"
                    // ("and on the day itself, RTH only": a session for it may follow)
                    + "(?=\\s*(?:,? ?(?:only |только )?(?:rth|eth|ртх|етх)(?: only| session| сессия)?)?[?.!]?\\s*$)"
                    // "the day before fomc and on the day itself, avg % change": the last day of a list of days
                    // ("and on the day itself, avg rth range?" after the days after an event measures that day alone)
                    + "|(?<=(?:before|after|prior to) .{1,40} and )(?:on )?the (?:(?:fomc|cpi|nfp|opex|ppi|event|release|"
                    + "report) )?day itself(?=\\s*(?:,|$))",
                    kv("offsets", "0")),
            // offsets: 1, 2 and 5 days after
            rule("(?<![=<>] ?)(\\d+(?:(?:, ?| and | и |,? and |,? и через |, через | )\\d+)*) (?:trading |торгов\\p{L}* )?(?:days?|"
                    + "sessions?|дн\\p{L}*|день|дня|сесси\\p{L}*) (?:later|after|afterwards|out|ahead|forward|после|спустя|вперед)",
                    m -> kv("offsets", numberList(m.group(1)))),
            // "в день quad witching и через 1-2 дня", "on the day and 2 days after": the day itself too
            rule("(?<=(?:в|на) (?:сам\\p{L}* )?день (?:.{1,40} )?)и(?= (?:через|спустя) \\d)|"
                    + "(?:on )?the day (?:itself )?and(?= (?:the )?\\d+(?:-\\d)? (?:trading )?days? (?:after|later))",
                    kv("offsets", "0")),
            rule("(\\d+(?:(?:, ?| and | и |,? and )\\d+)*) (?:trading |торгов\\p{L}* )?(?:days?|sessions?|дн\\p{L}*|день|"
                    + "дня|сесси\\p{L}*) (?:before|earlier|до|раньше|перед)",
                    m -> kv("offsets", "-" + numberList(m.group(1)).replace(",", ",-"))),
            // ("а в сам день и через 2": the days said once before, at the end of the message)
            rule("(?:через|спустя) (\\d+(?:(?:, ?| и |,? и через |, через |,? и спустя )\\d+)*)(?: (?:торгов\\p{L}* )?"
                    + "(?:дн\\p{L}*|день|дня|сесси\\p{L}*)|(?<=сам день и через \\d{1,2})(?=\\s*$))",
                    m -> kv("offsets", numberList(m.group(1)))),
            // "через 1-2 дня", "1-3 days after": each day of the range
            rule("(?:через|спустя|in|after) (\\d)\\s?[-–]\\s?(\\d) (?:trading |торгов\\p{L}* )?(?:days?|sessions?|дн\\p{L}*|день|дня)"
                    + "|(\\d)\\s?[-–]\\s?(\\d) (?:trading |торгов\\p{L}* )?(?:days?|sessions?|дн\\p{L}*|день|дня) "
                    + "(?:later|after|afterwards|после|спустя)", m -> {
                        String days = m.group(1) != null ? dayRange(m.group(1), m.group(2))
                                : dayRange(m.group(3), m.group(4));
                        return days == null ? List.of() : kv("offsets", days);
                    }),
            // "д+1 и д+2", "d+1, d+3": each day of the list
            rule("(?<![\\p{L}\\d])[dtд]\\s?[+-]\\s?\\d(?:\\s*(?:,|и|and|&)\\s*[dtд]\\s?[+-]\\s?\\d)+(?![\\d])", m -> {
                        List<String> each = new ArrayList<>();
                        Matcher day = SIGNED_DAY.matcher(m.group());
                        while (day.find()) {
                            each.add((day.group(1).equals("-") ? "-" : "") + day.group(2));
                        }
                        return kv("offsets", String.join(",", each));
                    }),
            // "d+1 thru d+5", "t+1..t+3", "d-1": days counted from the day itself
            rule("(?<![\\p{L}\\d])[dtд]\\s?([+-])\\s?(\\d)(?:\\s*(?:thru|through|to|till|until|-|–|\\.\\.|по|до)\\s*[dtд]\\s?([+-])\\s?(\\d))?"
                    + "(?![\\d])", m -> {
                        int from = Integer.parseInt(m.group(2)) * (m.group(1).equals("-") ? -1 : 1);
                        if (m.group(3) == null) {
                            // one day after is the later day ("green on t+1"), as "the next day" is
                            return from > 0 ? kv("later", String.valueOf(from)) : kv("offsets", String.valueOf(from));
                        }
                        int to = Integer.parseInt(m.group(4)) * (m.group(3).equals("-") ? -1 : 1);
                        if (to < from || to - from > 10) {
                            return List.of();
                        }
                        List<String> each = new ArrayList<>();
                        for (int d = from; d <= to; d++) {
                            each.add(String.valueOf(d));
                        }
                        return kv("offsets", String.join(",", each));
                    }),
            rule("(?:бин\\p{L}*|bins|корзин\\p{L}*|столбик\\p{L}*|столбц\\p{L}*|columns)"
                    + "(?: (?:побольше|поменьше|больше|меньше|more|fewer))?,? (?:штук |на |по |of |like |about |"
                    + "около |где-?то )?(\\d+)", m -> kv("bins", m.group(1))),
            // "the next 2 days", "следующие 3 дня": each of them
            rule("(?:the )?next (\\d) (?:trading )?days|следующ\\p{L}* (\\d) (?:торгов\\p{L}* )?(?:дня|дней)",
                    m -> kv("offsets", dayRange("1", firstGroup(m)))),
            // "the next 1, 2 and 5 days", "через 1, 3 и 5 дней": the days named, each
            rule("(?:(?:the )?next|следующ\\p{L}*|через) (\\d{1,2}(?:, ?\\d{1,2})*,? (?:and|&|и|or|или) \\d{1,2}) (?:trading |торгов\\p{L}* )?"
                    + "(?:days|sessions|дня|дней|сесси\\p{L}*)",
                    m -> kv("offsets", String.join(",", m.group(1).split("[^\\d]+")))),
            rule("(?:that|the) day (?:\\+|and|plus)(?= (?:the )?next \\d)|(?:тот|этот|сам) день (?:\\+|и|плюс)(?= следующ)",
                    kv("offsets", "0")),
            // "на след день и через день": the day after next as well
            rule("(?<=(?:след|следующ)\\p{L}{0,4}\\.? (?:день|дня) )и через день", kv("offsets", "2")),
            // "up more than 1.5% from the open": the day's body, not the change from the previous close
            rule("(up|down|вырос\\p{L}*|упал\\p{L}*|выше|ниже) (?:more than |over |by |at least |больше (?:чем )?|на )?(?:на )?"
                    + NUM + " ?(%|pts|points|пункт\\p{L}*) (?:from (?:the |its )?open|от открытия)",
                    m -> {
                        boolean down = m.group(1).matches("down|упал.*|ниже");
                        double v = Math.abs(Double.parseDouble(m.group(2)));
                        String metric = isPoints(m.group(3)) ? "body" : "body_pct";
                        return kv("cond", metric + (down ? " < " : " > ") + FilterText.number(down ? -v : v));
                    }),
            // "just the #1 per year": one
            rule("#(\\d+)", m -> kv("n", m.group(1))),
            // "make it 5", "давай топ 7": a new number of rows for the question before
            rule("^(?:(?:ok|okay|now|and|ну|а|ок),? )?(?:make (?:it|that|them)|change (?:it|that) to|bump (?:it|that) to|"
                    + "сделай|давай|поставь)(?: (?:the )?(?:top|топ))? (\\d{1,3})(?=\\s*(?:instead|вместо|pls|please|плз|[?.!])?\\s*$)",
                    m -> kv("n", m.group(1))),
            // "do 1, 5, 10 and 20 instead": a bare list of days after for the question before, which had some
            rule("^(?:(?:ok|okay|now|and|ну|а|ок),? )?(?:do|try|make it|сделай|давай|а если)?\\s*(\\d+(?:(?:, ?| and | и |,? and |,? и )\\d+)+)"
                    + "(?=\\s*(?:instead|вместо|pls|please|плз)?[?.!]?\\s*$)", m -> kv("offsets", numberList(m.group(1)))),
            // "с какого по какое число": the dates, which a list of days shows anyway
            rule("(?:и )?с какого (?:числа )?по какое(?: число)?|(?:from )?which date to which|какого числа", kv("filler", "")),
            rule("(?:on |in )?(?:days? )?(\\d+(?:(?:, ?| and |,? and )\\d+)*) (?:trading )?(?:days? )?after",
                    m -> kv("offsets", numberList(m.group(1)))),
            // distribution parameters
            rule("(?:in |into |with |на )?(\\d+) (?:bins|buckets|columns|корзин\\p{L}*|бин\\p{L}*|интервал\\p{L}*|"
                    + "столбик\\p{L}*|столбц\\p{L}*)(?! of)",
                    m -> kv("bins", m.group(1))),
            rule("(?:the )?(\\d+(?:\\.\\d+)?(?:th|st|nd|rd|-?й|-?го)?(?:(?:, ?| and | и |,? and |/| to | - )"
                    + "(?:the )?\\d+(?:\\.\\d+)?(?:th|st|nd|rd|-?й|-?го)?)*) (?:percentiles?|перцентил\\p{L}*|"
                    + "процентил\\p{L}*)", m -> percentiles(m.group(1))),
            rule("(p\\d{1,2}(?:(?:, ?| and | и |,? and |/)p\\d{1,2})+)", m -> percentiles(m.group(1))),
            // "percentiles … the usual 5/25/50/75/95": numbers joined by slashes after the word
            rule("(?<=(?:percentiles?|quantiles?|перцентил\\p{L}{0,3}|процентил\\p{L}{0,3}|квантил\\p{L}{0,3})"
                    + "(?![\\p{L}]).{1,80})(?<![\\d.])(\\d{1,2}(?:\\.\\d)?(?:/\\d{1,2}(?:\\.\\d)?){1,8})(?![\\d/])",
                    m -> kv("percentiles", numberList(m.group(1)))),
            // "a -3% day", "+2% sessions": a day's change written with its sign
            rule("(?<![\\p{L}\\d])(?:an? )?([+-])(\\d+(?:\\.\\d+)?) ?% (?:(?:rth |eth )?(?:days?|sessions?|moves?|"
                    + "candles?|дн\\p{L}*|день|дня|сесси\\p{L}*|свеч\\p{L}*))(?![\\p{L}])",
                    m -> {
                        double v = Double.parseDouble(m.group(2));
                        return m.group(1).equals("-") ? kv("cond", "change_pct <= " + FilterText.number(-v))
                                : kv("cond", "change_pct >= " + FilterText.number(v));
                    }),
            rule("(?:with )?(?:percentiles?|перцентил\\p{L}*|процентил\\p{L}*) (\\d+(?:\\.\\d+)?(?:(?:, ?| and | и |,? and |/)"
                    + "\\d+(?:\\.\\d+)?)*)", m -> kv("percentiles", numberList(m.group(1))))
    );

    /** What a day closing may be said to do after the verb ("закрылись в плюс"): a direction, not a gap's fill. */
    private static final String DIRECTION_AFTER_CLOSE = "вверх|вниз|в плюс|в минус|зел\\p{L}*|красн\\p{L}*";

    /** Everything else, in order. */
    static final List<Rule> RULES = buildRules();

    private static List<Rule> buildRules() {
        List<Rule> r = new ArrayList<>();
        // calendar events (before "options" and "the day after"); a negated event before every event, so "opex vs
        // non-opex" keeps its "non"
        r.add(rule("(?:not? |non |excluding |except(?: on)? |without |кроме |не в |не |без )(?:on |an? |the |дни |дней )?"
                + "(fomc|fed|фомс|фрс|cpi|nfp|opex|опекс\\p{L}*|нонфарм\\p{L}*|экспираци\\p{L}*|holidays?|праздник\\p{L}*)"
                + "(?: (?:meeting|decision|report|release)s?)?(?: days?| дн\\p{L}*)?", Lexicon::notEvent));
        r.add(rule("quad(?:ruple)? ?witching(?: days?)?|квад ?витчинг\\p{L}*|triple witching(?: days?)?|квадрупл\\p{L}*(?: витчинг\\p{L}*)?|витчинг\\p{L}*|"
                + "(?:тройн|четверн)\\p{L}* ведьм\\p{L}*", kv("event", "quad_witching")));
        r.add(rule("(?:monthly )?opex(?: days?)?|(?:monthly )?options? expirations?(?: days?)?|expiration days?|expirations?|"
                + "экспираци\\p{L}*(?: опцион\\p{L}*)?|опекс\\p{L}*", kv("event", "opex")));
        // "the day before thanksgiving", "после рождества": a named market holiday is the holiday days of its month
        r.add(rule("(?:(?:the )?(?:days?|sessions?) )?(before|after) (?:the )?(thanksgiving|christmas|xmas|"
                + "july 4(?:th)?|(?:the )?4th of july|independence day)(?: day| holiday)?|"
                + "(перед|накануне|после) (дн\\p{L}* благодарени\\p{L}*|рождеств\\p{L}*)",
                m -> kv("event", m.group(1) != null && m.group(1).equals("before") || m.group(3) != null
                        && !m.group(3).equals("после") ? "day_before_holiday" : "day_after_holiday",
                        "month", holidayMonth(m.group(2) != null ? m.group(2) : m.group(4)))));
        // "black friday", "черная пятница": the day after Thanksgiving, a half day of November (never every Friday)
        r.add(rule("black fridays?(?: half[ -]days?| sessions?| days?)?|черн\\p{L}* пятниц\\p{L}*",
                kv("event", "day_after_holiday", "month", "november")));
        r.add(rule("(?:(?:the )?(?:days?|sessions?) )?before (?:a |the )?(?:market |exchange |bank |us |federal )?"
                + "holidays?|перед праздник\\p{L}*|"
                + "накануне праздник\\p{L}*|предпраздничн\\p{L}*(?: дн\\p{L}*| день)?", kv("event", "day_before_holiday")));
        r.add(rule("(?:(?:the )?(?:first )?(?:trading )?(?:days?|sessions?) )?after (?:a |the )?"
                + "(?:market |exchange |bank |us |federal )?holidays?|"
                + "(?:(?:в )?перв\\p{L}* (?:торгов\\p{L}* )?(?:день|дни|дня|дням|сесси\\p{L}*) )?после праздник\\p{L}*|"
                + "послепраздничн\\p{L}*(?: дн\\p{L}*| день)?", kv("event", "day_after_holiday")));
        r.add(rule("early close(?:s|d)?(?: days?)?|shortened (?:days?|sessions?)|half[ -]days?|"
                + "сокращенн\\p{L}* (?:дн\\p{L}*|день|сесси\\p{L}*)", kv("event", "early_close")));
        r.add(rule("(?:fomc|fed|federal reserve)(?: (?:meeting|decision|announcement|rate decision)s?)?(?: days?)?|"
                + "фомс|(?:заседани\\p{L}* |решени\\p{L}* )?фрс|fed days?|(?:день|дни|дня|дням) заседани\\p{L}*|"
                + "fed meeting days?|meeting days?", kv("event", "fomc")));
        r.add(rule("cpi(?: (?:report|release|print)s?)?(?: days?)?|inflation (?:report|data|release|print)s?"
                + "(?: days?)?|(?:данн\\p{L}* |отчет\\p{L}* )?(?:по )?инфляци\\p{L}*|(?:дн\\p{L}* )?cpi",
                kv("event", "cpi")));
        r.add(rule("nfp(?: days?)?|non[ -]?farm(?: payrolls?)?(?: days?)?|(?:jobs report|payrolls?)(?: days?)?|"
                + "нонфарм\\p{L}*|нфп", kv("event", "nfp")));
        r.add(rule("holidays?|праздник\\p{L}*|праздничн\\p{L}*(?: дн\\p{L}*| день)?", kv("event", "holiday")));

        // "avg change on FOMC day and the next day": both days, unless the next day is what is then described
        r.add(rule("(?<=[\\p{L}\\p{N})] )(?<!(?:before|накануне|до) )(?:(?:and|и) (?:on |на )?(?:the )?"
                + "(?:(?:next|following) (?:trading )?day|day after)|"
                + "(?:and|и) на (?:следующ\\p{L}*|след\\.?)(?: (?:торгов\\p{L}* )?(?:день|дня))?)"
                + "(?=\\s*(?:[,.?!;)]|$|(?:since|in|for|from|over|after|с|со|за|в|по|от|начиная|после)\\s))",
                kv("offsets", "0,1")));
        // "the day before, day of and day after NFP": the days named, in order
        // ("day before / day of / day after")
        r.add(rule("(?:(?:the |on the )?day (?:before|of|after)(?:,? (?:and |& )?| ?/ ?| (?=day))){2,}"
                + "(?:the |on the )?day (?:before|of|after)", m -> kv("offsets", namedDays(m.group()))));
        // "how often is the day after a red day green": "after" and its object stay for the condition, so what
        // the day shows is the outcome
        r.add(rule("the (?:day|session)(?= after (?:an?|the) )", kv("later", "1")));
        r.add(rule("(?:the )?(?:next|following) (?:trading )?(?:day|session|week|month|bar|candle)(?! will)|"
                + "the (?:day|session) after|(?<!\\d )(?:on )?(?:the )?(?:days|sessions) (?:right )?(?:after|following)(?= (?:an?|the) )|"
                + "(?:на )?следующ\\p{L}* (?:торгов\\p{L}* )?(?:день|дня|дне|сесси\\p{L}*)|назавтра|next day's|"
                // "after 3 green days … the next one is green too": the one after the days named
                // (the words first, the look back only where they stand: this rule is tried at every position)
                // ("the next one prints green", "odds the next is red": a verb or a colour follows)
                + "the next(?: one)?(?<=(?:days?|sessions?|weeks?|in a row|straight) .{0,60}the next(?: one)?)"
                + "(?= (?:is|was|will|closes|closed|goes|turns|being|be|prints|printed|ends|finishes|gets|green|red|up|down)"
                + "(?![\\p{L}]))|"
                // "красных было 4 подряд, какой шанс что следующий зеленый": the next one with its colour, no verb
                + "следующ(?:ий|ая|ее|ие)(?= (?:тоже )?(?:зелен|красн|в плюс|в минус|рост|вырос|упад|пад)\\p{L}*)",
                kv("later", "1")));
        r.add(rule("(?:the )?same day|в тот же день|в этот же день", kv("later", "0")));
        // "chance of a gap up next morning": the next day's open, not the morning session
        r.add(rule("(?:the )?next morning|the morning after|(?:на )?следующее утро|наутро|следующим утром", kv("later", "1")));
        // "(any weekday)", "в любой день недели": no filter on that, said so that nobody adds one
        r.add(rule("(?:on |for )?any (?:weekday|day of (?:the )?week|day|month|session)|(?:в )?любой (?:день(?: недели)?|месяц)|"
                + "in general|в целом", kv("filler", "")));
        // "(лучше медиана)", "avg or rather the median": the statistic named after it is the one asked for
        r.add(rule("(?:а |или )?(?:лучше|точнее|вернее)(?= (?:медиан|средн|median|mean|avg))|preferably|ideally|or rather",
                kv("prefer", "")));
        r.add(rule("(?:the |on the )?(?:day|session) before|накануне|за день до", kv("offsets", "-1")));
        // things Barb cannot answer
        r.add(rule("does it make sense(?: to \\p{L}+)?|is it worth(?: it| \\p{L}+ing)?|worth holding|"
                + "(?:имеет|есть) ли смысл(?: \\p{L}+)?|стоит ли (?:держать|торговать|заниматься)\\p{L}*",
                kv("goal", "")));
        r.add(rule("right now|right this (?:minute|second)|this very minute|currently|current (?:price|level|quote|value)|"
                + "price now|at the moment|live (?:price|data|quotes?)|(?:give me|gimme|get me|show me) (?:a |the )?quote|"
                + "where(?:'s| is) (?:nq|nasdaq|the market|it) (?:trading|at)(?: now| today)?(?=\\s*[?.!]|$)|"
                // an alert is about prices still to come: "ping me when nq hits 22k", "напомни когда"
                + "(?:ping|alert|notify|text|remind) me (?:when|if|once)|let me know (?:when|once)|"
                + "(?:напомни|уведоми|сообщи|дай знать)\\p{L}* (?:мне )?(?:когда|если)|"
                + "(?:напоминалк|уведомлени|оповещени|алерт)\\p{L}*(?: \\p{L}+){0,2} (?:когда|если)|"
                + "real[ -]?time|(?:прямо )?сейчас|текущ\\p{L}* (?:цен\\p{L}*|уров\\p{L}*|котировк\\p{L}*)|"
                + "в данный момент|на данный момент|в моменте", kv("out", "realtime")));
        r.add(rule("will (?:it|nq|the market|price|nasdaq|the price|we)(?: \\p{L}+)?|going to (?:go|rise|fall|drop|"
                + "crash|rally)\\p{L}*|tomorrow|next week will|forecasts?|predict\\p{L}*|predictions?|outlook|"
                + "прогноз\\p{L}*|предскаж\\p{L}*|предсказ\\p{L}*|будет ли|завтра|вырастет ли|упадет ли|что будет с|"
                + "куда (?:пойдет|пойдут|двинется|идет)|пойдет ли|где (?:\\p{L}+ )?(?:будет|окажется)|будет к |"
                + "going to (?:hit|reach|be|break|get|make|do)|gonna (?:hit|reach|be|go|break|do)|"
                // "u think 2026 gets more of those?", "close above 22k by friday": an opinion on days still to come
                + "(?:u|you|ya) (?:think|reckon|expect) (?:\\d{4}|this year|next year|nq|it|we|the market)"
                + "(?: \\p{L}+)? (?:will|gets?|is going|has|sees?)|"
                + "(?:close|closes|closing|finish|finishes|end|ends|be|trade|trades) (?:above|below|over|under|at) "
                + "\\d+(?:\\.\\d+)?k? by (?:the )?(?:monday|tuesday|wednesday|thursday|friday|tomorrow|next|end|eow|eom|eoy|"
                + "expiry|expiration)|"
                // what the market expects of the next Fed decision is a forecast, not history
                + "(?:market |fed )?pricing(?= (?:for|in) )|priced in|(?:rate )?cut odds|odds of a (?:rate )?cut|any cuts|"
                + "fed ?watch|ожидани\\p{L}* (?:по )?ставк\\p{L}*|снизят ли ставк\\p{L}*",
                kv("out", "prediction")));
        // named folklore ("santa rally", "sell in may") is what the trader tests, not a move to filter by
        r.add(rule("santa(?: claus)? rally|санта[ -]?ралли|ралли санты|sell in may(?: and go away)?|january effect|"
                + "эффект января", kv("filler", "")));
        r.add(rule("should i (?:just |really |even |still )?(?:be |go |stay |get )?(?:buy|sell|short|long|enter|exit|"
                + "hold|trade|size|add|cut|close|take|fade|chase)\\p{L}*|size (?:down|up)|position siz\\p{L}*|buy or sell|"
                + "(?:is it|it is) (?:a )?good (?:time |idea )?to (?:buy|sell|short)|good entry|entry points?|"
                + "take profit|stop[ -]loss|стоит ли (?:покупать|продавать|входить|шортить|брать|лонговать|купить|"
                + "продать)|купить или продать|когда (?:покупать|продавать|входить)|точк\\p{L}* входа|"
                + "тейк профит|стоп лосс?|(?:buy |sell |trading )?signals?|сигнал\\p{L}*(?: на (?:вход|покупку|продажу))?|"
                + "вход в (?:лонг|шорт)|(?:войти|зайти) в (?:лонг|шорт)|лонг или шорт|шорт или лонг|"
                + "(?:брать|взять) (?:лонг|шорт)|(?:лонг|шорт) (?:брать|взять)|long or short|short or long",
                kv("out", "signal")));
        r.add(rule("(rsi|macd|moving averages?|ma ?\\d+|ema ?\\d*|sma ?\\d*|bollinger(?: bands?)?|stochastic\\p{L}*|"
                + "atr|vwap|fibonacci|fib levels?|ichimoku|adx|obv|скользящ\\p{L}*(?: средн\\p{L}*)?|мувинг\\p{L}*|"
                + "боллинджер\\p{L}*|стохастик\\p{L}*|фибоначчи|рси|макд)(?:\\s*(?:is |was |были? |)?"
                + "(?:<=|>=|<|>|=|above|below|over|under|выше|ниже|больше|меньше)\\s*\\d+(?:\\.\\d+)?)?",
                m -> kv("out", "indicator:" + m.group(1))));
        r.add(rule("support(?: levels?)?|resistance(?: levels?)?|support and resistance|pivot points?|"
                + "поддержк\\p{L}*|сопротивлени\\p{L}*|уровн\\p{L}* (?:поддержки|сопротивления)|пивот\\p{L}*",
                kv("out", "levels")));
        // the order book and where other traders' stops sit are not in minute bars
        r.add(rule("стакан\\p{L}*|order ?book|level ?2|depth of market|(?:где|where) (?:\\p{L}+ ){0,2}(?:стопы|стоп-лоссы|"
                + "stops)(?: \\p{L}+)?|скоплени\\p{L}* стоп\\p{L}*|ликвидаци\\p{L}*|liquidation\\p{L}*|"
                + "order ?flow|ордер ?флоу|дельт\\p{L}* объем\\p{L}*|footprint|футпринт\\p{L}*", kv("out", "orderflow")));
        // "why did nq dump on dec 18?": why it moved is a question about causes
        r.add(rule("why (?:did|does|do|is|was|has|would) (?:nq|nasdaq|it|the market|we|price|the price)(?: \\p{L}+)? "
                + "(?:dump|drop|fall|fell|tank|crash|rall|rip|pump|spike|jump|sell|bleed|go|move|moon|sink|plung)\\p{L}*",
                kv("out", "news")));
        r.add(rule("news|headlines?|earnings|sentiment|новост\\p{L}*|отчетност\\p{L}*|настроени\\p{L}*|"
                // why the market moved is a question about causes, which minute bars do not hold
                + "(?:а )?почему так|(?:why|почему)(?: \\p{L}+){0,4} (?:do you think|d(?:o )?(?:u|you) think|думаешь|думаете)|"
                + "(?:это )?из[ -]за (?:выбор\\p{L}*|пошлин\\p{L}*|тариф\\p{L}*|войн\\p{L}*|ставк\\p{L}*|фрс)|"
                + "because of (?:the )?(?:election|tariffs?|war|fed|rates?)",
                kv("out", "news")));
        r.add(rule("options? flows?|options|option chain|open interest|gamma(?: exposure)?|put call ratio|"
                + "опцион\\p{L}*|открыт\\p{L}* интерес\\p{L}*", kv("out", "options")));
        r.add(rule("(vix|es|spx|s&p(?: ?500)?|sp ?500|spy|qqq|dow(?: jones)?|djia|ym|rty|russell(?: 2000)?|crude|oil|"
                + "cl|gc|ng|zn|zb|6e|mcl|mgc|"
                + "gold|silver|bitcoin|btc|eth(?:ereum)? coin|eurusd|bonds?|treasur\\p{L}*|nikkei|dax|ftse|aapl|apple|"
                + "tesla|tsla|nvda|nvidia|msft|microsoft|stocks?|викс|нефт\\p{L}*|золот\\p{L}*|серебр\\p{L}*|"
                + "биткоин\\p{L}*|биткойн\\p{L}*|биток|битк(?:а|у|ом|е)|крипт\\p{L}*|crypto|ethereum|сп ?500|доллар\\p{L}*|рубл\\p{L}*|евро|акци\\p{L}*|облигаци\\p{L}*|"
                + "доу джонс\\p{L}*|эс энд пи)", m -> kv("out", "instrument:" + m.group(1))));

        // complement: "other days", "the rest"; "опекс дни vs обычные": a bare "usual" right after "vs" is the other days
        r.add(rule("(?<=(?:vs\\.?|versus|против) )(?:обычн(?:ые|ых|ыми)|normal|regular|ordinary|usual)(?![\\p{L}])",
                kv("complement", "")));
        r.add(rule("(?:all )?other (?:days|sessions)|the rest(?: of the days)?|rest of (?:the )?days|other|normal days|"
                + "остальн\\p{L}*(?: дн\\p{L}*)?|други\\p{L}* дн\\p{L}*|обычн(?:ые|ых|ым|ыми) дн(?:и|ей|ям|ями|ях)|все остальн\\p{L}*",
                kv("complement", "")));

        // candle and price patterns
        r.add(rule("inverted hammers?|перевернут\\p{L}* молот\\p{L}*|обратн\\p{L}* молот\\p{L}*",
                kv("pattern", "inverted_hammer")));
        r.add(rule("hanging m[ae]n|повешенн\\p{L}*", kv("pattern", "hanging_man")));
        r.add(rule("shooting stars?|падающ\\p{L}* звезд\\p{L}*", kv("pattern", "shooting_star")));
        r.add(rule("morning stars?|утренн\\p{L}* звезд\\p{L}*", kv("pattern", "morning_star")));
        r.add(rule("evening stars?|вечерн\\p{L}* звезд\\p{L}*", kv("pattern", "evening_star")));
        r.add(rule("bullish engulfing(?: patterns?| candles?| days?)?|engulfing bullish|бычь\\p{L}* поглощени\\p{L}*",
                kv("pattern", "bullish_engulfing")));
        r.add(rule("bearish engulfing(?: patterns?| candles?| days?)?|engulfing bearish|медвеж\\p{L}* поглощени\\p{L}*",
                kv("pattern", "bearish_engulfing")));
        r.add(rule("engulfing(?: patterns?| candles?| days?)?|поглощени\\p{L}*",
                kv("pattern", "bullish_engulfing", "pattern", "bearish_engulfing")));
        r.add(rule("bullish harami|бычь\\p{L}* харами", kv("pattern", "bullish_harami")));
        r.add(rule("bearish harami|медвеж\\p{L}* харами", kv("pattern", "bearish_harami")));
        r.add(rule("harami|харами", kv("pattern", "bullish_harami", "pattern", "bearish_harami")));
        r.add(rule("3 white soldiers|3 бел\\p{L}* солдат\\p{L}*", kv("pattern", "three_white_soldiers")));
        r.add(rule("3 black crows|3 черн\\p{L}* ворон\\p{L}*", kv("pattern", "three_black_crows")));
        r.add(rule("marubozu|марубозу", kv("pattern", "marubozu")));
        r.add(rule("spinning tops?|волчок\\p{L}*|волчк\\p{L}*", kv("pattern", "spinning_top")));
        r.add(rule("doji(?: candles?| days?)?|доджи|дожи", kv("pattern", "doji")));
        r.add(rule("hammers?|молот\\p{L}*", kv("pattern", "hammer")));
        r.add(rule("inside (?:days?|bars?|candles?|sessions?)|внутренн\\p{L}* (?:день|дни|дня|дням|дней|бар\\p{L}*|"
                + "свеч\\p{L}*)|инсайд\\p{L}*(?: (?:бар|день|дэй|дни)\\p{L}*)?", kv("pattern", "inside_day")));
        r.add(rule("outside (?:days?|bars?|candles?|sessions?)|внешн\\p{L}* (?:день|дни|дня|дням|дней|бар\\p{L}*|"
                + "свеч\\p{L}*)|аутсайд\\p{L}*(?: (?:бар|день|дэй|дни)\\p{L}*)?", kv("pattern", "outside_day")));
        r.add(rule("nr ?4|narrow range 4|нр ?4", kv("pattern", "nr4")));
        r.add(rule("nr ?7|narrow range 7|нр ?7", kv("pattern", "nr7")));
        r.add(rule("higher highs?", kv("pattern", "higher_high")));
        r.add(rule("higher lows?", kv("pattern", "higher_low")));
        r.add(rule("lower highs?", kv("pattern", "lower_high")));
        r.add(rule("lower lows?", kv("pattern", "lower_low")));
        r.add(rule("(?:upside )?breakouts? (?:of|above|through) (?:the )?(?:20[ -]day )?highs?|breakouts? (?:up|higher)|"
                + "upside breakouts?|пробо\\p{L}* (?:вверх|хая|максимума)", kv("pattern", "breakout_high")));
        r.add(rule("(?:downside )?breakouts? (?:of|below|through) (?:the )?(?:20[ -]day )?lows?|breakouts? (?:down|lower)|"
                + "downside breakouts?|breakdowns?|пробо\\p{L}* (?:вниз|лоя|минимума)", kv("pattern", "breakout_low")));
        r.add(rule("breakouts?|пробо\\p{L}*", kv("pattern", "breakout_high", "pattern", "breakout_low")));

        // N green / red days in a row
        // "3 or more red months in a row": weeks and months are the bars the run is counted on
        // ("top 5 red streaks": five runs ranked, not runs of five)
        r.add(rule("(?<!(?:top|топ|first|last|best|worst|longest|самы\\p{L}{1,3}|первы\\p{L}{1,3}|последни\\p{L}{1,3}) )"
                + "(?:(exactly|ровно) )?(?:из |of )?(\\d+)(?:\\+| or more| or longer| и более| или более)? "
                + "(?:consecutive |straight )?(green|red|зелен\\p{L}*|красн\\p{L}*|bullish|bearish)(?: (?:days?|candles?|sessions?|closes?|bars?|дн\\p{L}*|день|дня|"
                + "свеч\\p{L}*|сесси\\p{L}*|(weeks?|months?|недел\\p{L}*|месяц\\p{L}*)))?(?: (?:in a row|consecutive|straight|подряд))?",
                m -> {
                    List<String[]> run = consecutive(m.group(1), m.group(2), m.group(3));
                    if (run == null || m.group(4) == null) {
                        return run;
                    }
                    List<String[]> withBars = new ArrayList<>(run);
                    withBars.addAll(kv("tf", unitTimeframe(m.group(4))));
                    return withBars;
                }));
        r.add(rule("(?:(exactly|ровно) )?(?:из |of )?(\\d+) (?:consecutive|straight) (green|red)(?: days?| sessions?| candles?)?",
                Lexicon::consecutive));
        // "a 5 day green streak", "a 4-day losing streak", "3-дневная серия красных": the run's length names its days
        r.add(rule("(\\d+)[ -](?:days?|sessions?|дневн\\p{L}*) (green|red|winning|losing|up|down|зелен\\p{L}*|красн\\p{L}*) "
                + "(?:streaks?|runs?|сери\\p{L}*)|(\\d+)[ -]дневн\\p{L}* сери\\p{L}* (зелен\\p{L}*|красн\\p{L}*)",
                m -> {
                    String n = m.group(1) != null ? m.group(1) : m.group(3);
                    String word = m.group(2) != null ? m.group(2) : m.group(4);
                    String color = word.equals("winning") || word.equals("up") ? "green"
                            : word.equals("losing") || word.equals("down") ? "red" : word;
                    return consecutive(null, n, color);
                }));
        r.add(rule("(?:(exactly|ровно) )?(?:из |of )?(\\d+) (?:дн\\p{L}*|день|дня|свеч\\p{L}*) подряд (зелен\\p{L}*|красн\\p{L}*)",
                m -> consecutive(m.group(1), m.group(2), m.group(3))));
        // "goes red 3 days straight", "красный 3 дня подряд": the colour first, then how many days in a row
        // ("а если красных было 4 подряд", "red ones were 3 in a row": a verb between, the days word left out)
        r.add(rule("()(green|red|зелен\\p{L}*|красн\\p{L}*)(?: (?:days?|ones|дн\\p{L}*|дня))?(?: (?:было|были|шло|шли|was|were))? "
                + "(\\d+)(?: (?:days?|sessions?|дн\\p{L}*|дня))? (?:in a row|straight|consecutive|подряд)",
                m -> consecutive(null, m.group(3), m.group(2))));

        // "3 дня подряд закрылись красными", "3 days in a row closing red": the days first, their colour after a verb
        r.add(rule("(?:(exactly|ровно) )?(\\d+) (?:days?|sessions?|дн\\p{L}*|дня|день) (?:in a row|straight|подряд) "
                + "(?:(?:closed|closing|closes|close|finished|ended|закрыл\\p{L}*|закрыва\\p{L}*|был\\p{L}*|were|was|went|"
                + "шли|шел) )?(?:in )?(green|red|зелен\\p{L}*|красн\\p{L}*)",
                m -> consecutive(m.group(1), m.group(2), m.group(3))));
        // "падал 5 дней подряд", "fell 4 days in a row": days that fell in a row are a run of red days
        r.add(rule("(?:(fell|dropped|declined|падал\\p{L}*|снижал\\p{L}*)|(rose|rallied|climbed|рос|росл\\p{L}*|"
                + "рост\\p{L}*)) (\\d+) (?:days?|sessions?|дн\\p{L}*|дня) (?:in a row|straight|подряд)"
                + "|(\\d+) (?:days?|sessions?|дн\\p{L}*|дня) (?:in a row|straight|подряд) (?:(fell|dropped|падал\\p{L}*)"
                + "|(rose|rallied|рос|росл\\p{L}*))",
                m -> consecutive(null, m.group(3) != null ? m.group(3) : m.group(4),
                        m.group(1) != null || m.group(5) != null ? "red" : "green")));
        // "after 3 down days", "3 straight up days", "3 days down in a row": days that moved one way in a run are
        // a run of that colour (a count alone, "the last 3 down days", is no run)
        r.add(rule("(?<=(?:after|following|после) (?:(?:the|a|an) )?)(\\d+) (?:consecutive |straight )?(up|down) (?:days|sessions)"
                + "(?! (?:in a row|straight|consecutive))|(\\d+) (?:consecutive|straight) (up|down) (?:days|sessions)"
                + "|(\\d+) (?:days|sessions) (up|down) (?:in a row|straight)",
                m -> {
                    int at = m.group(1) != null ? 1 : m.group(3) != null ? 3 : 5;
                    return consecutive(null, m.group(at), m.group(at + 1).equals("up") ? "green" : "red");
                }));
        // "3 red days in a row — chance the 4th is green": the day after the run
        r.add(rule("(\\d+)-?(?:й|ой|ый|th|rd|nd|st)(?: (?:day|день|сесси\\p{L}*))?(?! (?:quarter|квартал|week|недел|hour|час|month|месяц))",
                m -> kv("ordinal", m.group(1))));
        r.add(rule("(?<=(?:in a row|straight|consecutive|подряд)\\p{L}{0,3}[,?]? .{0,30})(?:day|день) (\\d)(?![\\d%.:])",
                m -> kv("ordinal", m.group(1))));
        // "4 красных дня подряд — какова вероятность, что пятый будет зелёным": an ordinal word after the run
        r.add(rule("(?<=(?:in a row|straight|consecutive|подряд)\\p{L}{0,3}[,?]? .{0,40})(second|third|fourth|fifth|sixth|"
                + "seventh|eighth|ninth|tenth|втор(?:ой|ая|ого)|трет(?:ий|ья|ьего)|четв[её]рт(?:ый|ая|ого)|пят(?:ый|ая|ого)|"
                + "шест(?:ой|ая|ого)|седьм(?:ой|ая|ого)|восьм(?:ой|ая|ого)|девят(?:ый|ая|ого)|десят(?:ый|ая|ого))(?![\\p{L}])",
                m -> kv("ordinal", String.valueOf(ordinalWord(m.group(1))))));
        // runs of up / down days: "dropped 3 days in a row" is a streak of at least 3 down days ("fell 3 weeks in a
        // row": of down weeks)
        r.add(rule("(?:" + DOWN_VERB + "|losing days?|down days?) (?:for )?(\\d+) (?:(?:trading )?days?|sessions?|дн\\p{L}*|дня|"
                + "день|(weeks?|months?|недел\\p{L}*|месяц\\p{L}*)) (?:in a row|straight|consecutive|подряд)|(\\d+) (?:down|losing) days? "
                + "(?:in a row|straight)", m -> runOfMoves(m, "down")));
        r.add(rule("(?:" + UP_VERB + "|winning days?|up days?) (?:for )?(\\d+) (?:(?:trading )?days?|sessions?|дн\\p{L}*|дня|"
                + "день|(weeks?|months?|недел\\p{L}*|месяц\\p{L}*)) (?:in a row|straight|consecutive|подряд)|(\\d+) (?:up|winning) days? "
                + "(?:in a row|straight)", m -> runOfMoves(m, "up")));
        // the first minutes of the regular session
        // ("first 5 min", "первые 10 минут": any number of minutes within the session)
        r.add(rule("(?:the )?first (\\d{1,3}) (?:minutes|mins?)(?: of (?:rth|trading|the session|the day|regular hours|the open))?"
                + "(?: after the (?:rth |cash )?open)?|(?:в |за )?перв\\p{L}* (\\d{1,3}) ?(?:минут\\p{L}*|мин)"
                + "(?: после открытия(?: ртх| rth| сессии)?| ртх| rth)?", m -> {
                    int minutes = Integer.parseInt(firstGroup(m));
                    return minutes < 1 || minutes > 390 ? null : kv("time", openingWindow(firstGroup(m)));
                }));
        // "the last 15 min before the close", "последние 30 минут до 16:00": the minutes before the cash close
        r.add(rule("(?:the |in the )?last (\\d{1,3}) (?:minutes|mins?) (?:before|into|till|until|to|of) (?:the )?"
                + "(?:(?:cash |rth |pit |4 ?pm |16:00 )?close|4 ?pm|16:00)|(?:в |за )?последн\\p{L}* (\\d{1,3}) ?(?:минут\\p{L}*|мин) "
                + "(?:до|перед) (?:закрыти\\p{L}*(?: кэша| ртх| rth)?|16(?::00)?)", m -> {
                    int minutes = Integer.parseInt(firstGroup(m));
                    return minutes < 1 || minutes > 390 ? null : kv("time", closingWindow(minutes));
                }));
        // close against the same day's open by a size: the body
        r.add(rule("(?:clos(?:e|ed|es|ing)|finish(?:ed|es)?|end(?:ed|s)?|закрыл\\p{L}*|закрыти\\p{L}*) " + CMP + "?\\s*(?:на )?" + NUM
                + "\\s*(%|percent|процент\\p{L}*|points?|pts|пункт\\p{L}*)? (above|over|below|under|выше|ниже) (?:the |its |своего )?"
                + "(?:open|opening|открыти\\p{L}*)", m -> bodyThreshold(m.group(1), m.group(2), m.group(3), m.group(4))));
        r.add(rule("(?:clos(?:e|ed|es|ing)|(?:закрыл|закрыва|закро)\\p{L}*|закрыти\\p{L}*) (above|over|below|under|выше|ниже) (?:the |its |своего )?"
                + "(?:open|opening|открыти\\p{L}*) (?:by )?" + CMP + "?\\s*(?:на )?" + NUM
                + "\\s*(%|percent|процент\\p{L}*|points?|pts|пункт\\p{L}*)?",
                m -> bodyThreshold(m.group(2), m.group(3), m.group(4), m.group(1))));
        // "close<open", "c>o": the candle's colour written as a comparison
        r.add(rule("(?:close|c) ?< ?(?:open|o)(?![\\p{L}])", kv("color", "red")));
        r.add(rule("(?:close|c) ?> ?(?:open|o)(?![\\p{L}])", kv("color", "green")));
        // close against the same day's open: the candle's colour
        r.add(rule("(?:closed|closes|close|closing|finished|ended)(?: (?:was|is))? (?:above|higher than|over) "
                + "(?:(?:the |its |their |the day's )?(?:open|opening(?: price)?|opens)|where (?:it|they|nq|the day) opened)|"
                + "(?:закры(?:л|ва)|закро)\\p{L}* выше (?:своего |цены )?открыти\\p{L}*|закрыти\\p{L}* выше открыти\\p{L}*",
                kv("color", "green")));
        r.add(rule("(?:closed|closes|close|closing|finished|ended)(?: (?:was|is))? (?:below|lower than|under) "
                + "(?:(?:the |its |their |the day's )?(?:open|opening(?: price)?|opens)|where (?:it|they|nq|the day) opened)|"
                + "(?:закры(?:л|ва)|закро)\\p{L}* ниже (?:своего |цены )?открыти\\p{L}*|закрыти\\p{L}* ниже открыти\\p{L}*",
                kv("color", "red")));
        // price levels: "closed above 20000"
        r.add(rule("(close|closed|closes|closing price|open|opened|opens|opening price|закрыл\\p{L}*|закрыти\\p{L}*|"
                + "открыл\\p{L}*|открыти\\p{L}*)(?: (?:was|is|был\\p{L}*))? " + CMP + "(?: на)? ?" + NUM
                + "(?!\\s*(?:%|percent|процент|пункт|points?|pts))", Lexicon::priceLevel));
        // thresholds
        r.add(rule("(?:(?:opened|opens|open|открыл\\p{L}*) (?:with )?(?:an? )?)?(?:gaps?|gapped|opened|open|открыл\\p{L}*|гэп\\p{L}*) (up|down|higher|lower|вверх|вниз|выше|ниже|ап|даун)"
                // ("гэп даунов больше 1%": the plural's ending)
                + "(?:s|ы|ов|е|а|ом|ах)?(?: (?:was|is|were|был\\p{L}*))?(?: by| of)? " + CMP + "?(?: ?(?:на|от))? ?" + NUM + UNIT, Lexicon::gapThreshold));
        // the size before the noun: "a 2% drop", "a 1.5%+ rally", "падение на 3%"
        // "a 500+ pt range", "1%+ gap ups": the size of the day's range or gap written before it
        r.add(rule("(?:an? )?" + NUM + "( or more| и более)?\\s*(%|percent|pct|процент\\p{L}*|points?|pts|pt|пункт\\p{L}*)(\\+| or more| plus| и более)? "
                + "(?:(?:rth|eth|ртх|етх|daily|day|дневн\\p{L}*) )?(ranges?|ренж\\p{L}*|диапазон\\p{L}*|gap ups?|gaps? up|gap downs?|"
                + "gaps? down|gaps?|гэп\\p{L}*(?: (?:вверх|вниз))?)(?![\\p{L}])", Lexicon::sizedRangeOrGap));
        r.add(rule("(?:an? )?" + NUM + "\\s*(%|percent|pct|процент\\p{L}*|points?|pts|пункт\\p{L}*)(\\+| or more| plus)? "
                + "(drops?|falls?|declines?|sell ?offs?|down days?|down moves?|losses|loss|losing days?|"
                + "rall(?:y|ies)|gains?|rises?|jumps?|up days?|up moves?|winning days?|"
                + "падени\\p{L}*|снижени\\p{L}*|просадк\\p{L}*|рост\\p{L}*)", Lexicon::sizeBeforeNoun));
        // ("дневное падение NQ (от закрытия до закрытия) превышало 3 процента": the instrument and how the move is
        // measured may stand between the move and its size; a session said there is read by its own rule)
        String between = "(?: (?:nq|нк|nasdaq|насдак\\p{L}*))?(?: \\((?![^()]*(?:rth|eth|ртх|етх|session|сесси))[^()]{1,40}\\))?";
        r.add(rule(DOWN_VERB + between + "(?: (?:был\\p{L}*|was|is|were))?(?: by| of)? " + CMP + "?(?:\\s*на)?\\s*" + NUM + UNIT
                + NOT_COUNT, m -> directionThreshold(m, false)));
        r.add(rule(UP_VERB + between + "(?: (?:был\\p{L}*|was|is|were))?(?: by| of)? " + CMP + "?(?:\\s*на)?\\s*" + NUM + UNIT
                + NOT_COUNT, m -> directionThreshold(m, true)));
        r.add(rule("(" + String.join("|", FilterText.METRICS) + ") ?(<=|>=|!=|<|>|=) ?" + NUM,
                m -> kv("cond", m.group(1) + " " + m.group(2) + " " + FilterText.number(Double.parseDouble(m.group(3))))));
        r.add(rule(METRIC_WORD + "(?: (?<sess>rth|eth|ртх|етх))?(?: (?:was|is|of|were|has been|has|был\\p{L}*|"
                + "бывает|в среднем))? " + CMP + "(?: на)? ?" + NUM + UNIT, Lexicon::metricThreshold));
        // "rth range 400 pts or more", "gap 1% and up": the comparison said after the size
        r.add(rule(METRIC_WORD + "(?: (?<sess>rth|eth|ртх|етх))?(?: (?:of|was|is|at|был\\p{L}*))? " + NUM
                + "\\s*(%|percent|pct|процент\\p{L}*|points?|pts|pt|пункт\\p{L}*)? ?(or more|and up|or greater|or higher|"
                + "and above|or bigger|и более|или более|и выше|or less|or lower|and below|and under|or smaller|или меньше|"
                + "и менее|и ниже)(?![\\p{L}])", m -> {
                    String metric = inUnit(metricOf(m.group(1)), m.group(4));
                    boolean atMost = m.group(5).matches(".*(?:less|lower|below|under|smaller|меньше|менее|ниже)");
                    List<String[]> out = kv("cond", metric + (atMost ? " <= " : " >= ")
                            + FilterText.number(Double.parseDouble(m.group(3))));
                    return withSession(out, m);
                }));

        // the whole trading day, named by what it includes
        r.add(rule("(?:incl(?:uding|\\.)?|with|plus|включая|вместе с|с учетом|с) (?:the )?(?:overnight|globex|night session|"
                + "ночн\\p{L}*(?: сесси\\p{L}*)?|овернайт\\p{L}*)|whole (?:thing|session|day)|весь день|всю сессию|целый день",
                kv("session", "ETH")));
        // the overnight high or low taken out by the day session
        r.add(rule("(?:break(?:s|ing)?|broke|take(?:s)? out|took out|taking out|run(?:s)?|ran|sweep(?:s)?|swept|"
                + "clear(?:s|ed)?|trade(?:s|d)? (?:above|below|through)|exceed(?:s|ed)?|get(?:s)? (?:above|below)|"
                + "break(?:s|ing)? (?:below|above|through)|broke (?:below|above|through)|"
                + "go(?:es)? (?:above|below)|pierce(?:s|d)?|violate(?:s|d)?)(?: the| its)? (?:overnight|globex|night)"
                + "(?: session)?(?:'s)? (high|low)s?|(?:overnight|globex) (high|low)s? (?:break|gets? taken out|taken out|"
                + "broken|swept)", m -> kv("break", "overnight_" + firstGroup(m))));
        r.add(rule("(?:(?:пробива|пробьет|пробил|снос|снес|сним|снял|сняв|обновля|обновил|перебива|перебил|выход|выш|вынос|вынес)\\p{L}* "
                + "(?:за )?)?(хай|лой|максимум|минимум)\\p{L}* (?:овернайт\\p{L}*|овн\\p{L}*|ночн\\p{L}*(?: сесси\\p{L}*)?|ночи|globex|overnight)",
                m -> kv("break", firstGroup(m).startsWith("х") || firstGroup(m).startsWith("максимум")
                        ? "overnight_high" : "overnight_low")));
        // "пробивает ночной хай", "выносила ovn high": the adjective before the level
        r.add(rule("(?:пробива|пробьет|пробил|снос|снес|сним|снял|сняв|обновля|обновил|перебива|перебил|выход|выш|вынос|вынес|забира|забрал)"
                + "\\p{L}* (?:за )?(?:ночн\\p{L}*|овернайт\\p{L}*|overnight|ovn) (хай|лой|максимум|минимум|high|low)\\p{L}*",
                m -> kv("break", firstGroup(m).matches("х.*|максимум.*|high") ? "overnight_high" : "overnight_low")));

        // sessions
        // "basically my morning", "в мою ночную сессию": the trader's own clock, not the session of that name
        r.add(rule("(?<=(?:my|our|his|her|мою|мой|мое|моя|мои|нашу|наш|наше) )(?:morning|evening|night|afternoon|"
                + "утр\\p{L}*|вечер\\p{L}*|ноч\\p{L}*)(?: (?:session|сесси\\p{L}*))?(?![\\p{L}])", kv("filler", "")));
        r.add(rule("london open|лондон\\p{L}* опен|first hour of (?:the )?(?:london|european?)(?: session)?|перв\\p{L}* час\\p{L}* "
                + "(?:лондон\\p{L}*|европ\\p{L}*)(?: сесси\\p{L}*)?|(?:the )?open(?:ing)? (?:of|in) london|"
                + "открыти\\p{L}* (?:лондон\\p{L}*|европ\\p{L}*)|(?:лондонск|европейск)\\p{L}* открыти\\p{L}*",
                kv("session", "LONDON_OPEN")));
        // "the avg opening range": the range of the first hour, when nothing else is measured
        r.add(rule("opening range(?! (?:high|low|break\\p{L}*|orb))", kv("session", "RTH_OPEN", "metric", "range")));
        r.add(rule("(?:the )?first (?:trading )?hour(?: of (?:rth|trading|the session|the day|regular hours))?|"
                + "opening hour|opening range|open hour|ny open|new york open|перв\\p{L}* (?:торгов\\p{L}* )?час\\p{L}*"
                + "(?: торгов\\p{L}*| сесси\\p{L}*| rth| ртх)?", kv("session", "RTH_OPEN")));
        // "последний час кэша, 15-16", "the last hour before the 4pm close": the hour before the cash close at 16:00
        // when the trader says 16:00 ("the last hour of cash" alone is RTH's, which runs to 17:00)
        r.add(rule("(?:the )?last hour (?:of (?:the )?cash(?: session)?,? \\(?15(?::00)?-16(?::00)?\\)?|before (?:the )?"
                + "(?:4 ?pm|16:00) (?:cash )?close(?:,? \\(?15(?::00)?-16(?::00)?\\)?)?)|"
                + "последн\\p{L}* час\\p{L}* (?:(?:кэш\\p{L}*|кеш\\p{L}*),? \\(?15(?::00)?-16(?::00)?\\)?|"
                + "перед (?:закрытием )?(?:в )?16(?::00)?(?:,? \\(?15(?::00)?-16(?::00)?\\)?)?)", kv("session", "NY_CLOSE")));
        r.add(rule("(?:the )?last (?:trading )?hour(?: of (?:rth|trading|the session|the day|regular hours))?|"
                + "closing hour|последн\\p{L}* (?:торгов\\p{L}* )?час\\p{L}*(?: торгов\\p{L}*| сесси\\p{L}*| rth)?",
                kv("session", "RTH_CLOSE")));
        r.add(rule("ny close|new york close|закрыти\\p{L}* нью[ -]?йорк\\p{L}*", kv("session", "NY_CLOSE")));
        // "первые 15 минут после открытия нью йорка": the open is New York's anyway; "на нью йорке", "сессия нью
        // йорка": New York's hours are the regular session
        r.add(rule("(?<=открыти\\p{L}{0,3} )нью[ -]?йорк\\p{L}*", kv("filler", "")));
        // ("3-4 утра по нью-йорку", "по времени нью йорка": New York's clock, not its session)
        r.add(rule("(?:(?:на |в )?сесси\\p{L}* )?(?<!по |времени |время )нью[ -]?йорк(?:а|е|у)?(?![\\p{L}])",
                kv("session", "RTH")));
        // "power hour" is the stock market's last hour, 15:00-16:00, not the futures' last hour of RTH
        r.add(rule("power ?hours?|пауэр[ -]?ауэр\\p{L}*", kv("session", "NY_CLOSE")));
        r.add(rule("rth|regular (?:trading )?(?:hours|session)|cash (?:session|hours)|cash|кэш\\p{L}*|кеш\\p{L}*|day session|основн\\p{L}* "
                + "(?:торгов\\p{L}* )?сесси\\p{L}*|ртх|регулярн\\p{L}* сесси\\p{L}*|дневн\\p{L}* сесси\\p{L}*",
                kv("session", "RTH")));
        r.add(rule("eth|full (?:trading )?(?:day|session)|globex day|whole (?:trading )?day|entire (?:trading )?day|"
                + "24 ?h|extended (?:trading )?hours|electronic (?:session|hours)|полн\\p{L}* (?:торгов\\p{L}* )?"
                + "(?:день|дня|дне|дню|днем|сесси\\p{L}*)|етх|(?:весь|всему|всего|целому|целый) (?:торгов\\p{L}* )?(?:день|дню|дня)|за весь день|вс(?:я|ю|ей) (?:торгов\\p{L}* )?сесси\\p{L}*|"
                + "полн\\p{L}* сесси\\p{L}*", kv("session", "ETH")));
        r.add(rule("globex(?: session| hours)?|глобекс\\p{L}*", kv("session", "GLOBEX")));
        r.add(rule("overnight(?: session)?|ночн\\p{L}* сесси\\p{L}*|овернайт\\p{L}*|ночью", kv("session", "OVERNIGHT")));
        r.add(rule("asian? (?:session|hours)|asian|азиатск\\p{L}*(?: сесси\\p{L}*)?|ази\\p{L}*", kv("session", "ASIAN")));
        r.add(rule("(?:european|europe|london)(?: session| hours)?|европейск\\p{L}*(?: сесси\\p{L}*)?|"
                + "лондонск\\p{L}*(?: сесси\\p{L}*)?|европ\\p{L}*|лондон\\p{L}*", kv("session", "EUROPEAN")));
        r.add(rule("pre[ -]?market|премаркет\\p{L}*|пре маркет\\p{L}*", kv("session", "PREMARKET")));
        r.add(rule("post[ -]?market|after[ -]hours|постмаркет\\p{L}*", kv("session", "POSTMARKET")));
        r.add(rule("morning(?: session)?|утренн\\p{L}*(?: сесси\\p{L}*)?|утром", kv("session", "MORNING")));
        r.add(rule("afternoon(?: session)?|послеобеденн\\p{L}*(?: сесси\\p{L}*)?|после обеда|(?<!(?:зелен|красн|растущ|падающ|плюсов|минусов)\\p{L}{0,4} )днем",
                kv("session", "AFTERNOON")));
        r.add(rule("lunch(?: ?time| hour| session| break)?|обед\\p{L}*|ланч\\p{L}*", kv("session", "LUNCH")));
        r.add(rule("us session|american session|американск\\p{L}* сесси\\p{L}*", kv("session", "US")));
        // "после открытия амеров": the Americans' open is New York's cash open
        r.add(rule("(?<=открыти\\p{L}{0,3} )амер\\p{L}*|амерск\\p{L}* (?:сесси\\p{L}*|рынк\\p{L}*)", kv("session", "RTH")));

        // how long a fill takes: "minutes to fill", "how long does it take … to fill", "через сколько минут закрывается"
        r.add(rule("how long (?:does |do |did )?(?:it |they |the gaps? )?(?:usually |typically )?(?:takes?|took)(?: to fill)?|"
                + "(?:time|minutes|mins) (?:it takes )?to (?:fill|close)|за сколько минут|через сколько минут|"
                + "сколько минут (?:обычно |в среднем |примерно )?(?:занимает|уходит|проходит|нужно|ждать|жд\\p{L}*)|"
                + "минут\\p{L}* (?:до|на) (?:закрыти|заполнени)\\p{L}*|"
                + "(?:how many )?(?:mins|minutes) (?:to|until|till|before)(?: (?:it|they|the gaps?|gaps))? (?:fill|fills|close|"
                + "closes|gets? filled)", kv("filltime", "")));
        // gap fills: did the session trade back to the previous close
        r.add(rule("(?:the )?gaps? (?:get |gets |got |to )?(?:fill(?:s|ed|ing)?|clos(?:e|es|ed|ing))|fill(?:s|ed|ing)? "
                + "(?:the |its |their )?gaps?|gap[ -]?fill(?:s|ed|ing)?(?: rates?| stats?| statistics| %)?|fill rates?|"
                + "закрыти\\p{L}* гэп\\p{L}*|заполнени\\p{L}* гэп\\p{L}*|гэп\\p{L}* (?:закрыва\\p{L}*|закроет\\p{L}*|закрыл\\p{L}*|"
                + "заполня\\p{L}*|заполнил\\p{L}*)|(?:закрыва|заполня)\\p{L}*(?= гэп)|закрыл\\p{L}*(?= гэп)",
                kv("fill", "")));
        // "закрывается выше открытия" is a close against the open, not a fill
        r.add(rule("(?:fill(?:s|ed|ing)?|закрыва(?:ются|ется|лись|лся)|закроется|закроются|закрылс\\p{L}*|закрылись|заполня\\p{L}*|"
                + "заполнил\\p{L}*|(?:их|его) закрыли)(?! (?:выше|ниже|" + DIRECTION_AFTER_CLOSE + "))", kv("fillword", "")));
        // "if nq goes red", "the day after cpi comes out", "что нк делает после фомс": verbs that only say what NQ or a
        // release does, which the words around them name
        r.add(rule("(?:goes|go|went|turns?|turned)(?= (?:red|green|up|down)(?![\\p{L}]))|(?:comes?|came) out|"
                + "(?:is|gets|got|was) released|(?:обычно )?(?:делает|делал|сделает|ведет себя|вел себя)", kv("filler", "")));
        // "сколько пунктов ходит нк за ртх", "сколько в среднем проходит ночь": how far it moves is the range
        r.add(rule("(?<=пункт\\p{L}{0,4} (?:\\p{L}{1,10} )?|сколько (?:в среднем |обычно )?)(?:ходит|проходит|ходил|прошел)|(?:ходит|проходит|ходил|прошел)"
                + "(?= (?:\\p{L}+ ){0,3}(?:в )?пункт)", kv("metric", "range")));
        // "how often does a gap up day close green", "гэп ап закрывается зелёным": the colour the day closes with is
        // said of the days named before it (the outcome, StepBuilder.outcomeFinding)
        r.add(rule("(?:clos(?:e|es|ed|ing)|finish(?:es|ed)?|end(?:s|ed)?|turn(?:s|ed)?|закрыва\\p{L}*|закро\\p{L}*|"
                + "заканчива\\p{L}*) (?:the day |the session |день |сессию )?(green|red|зелен\\p{L}*|красн\\p{L}*)"
                + "(?: (?:days?|дн\\p{L}*|день))?(?![\\p{L}])",
                m -> kv("color", m.group(1).startsWith("g") || m.group(1).startsWith("з") ? "green" : "red",
                        "predicate", "")));
        // "закрывались в плюс": the close of the day, which the words after it describe
        r.add(rule("(?:закрыва|закрыл|закро)\\p{L}*(?= (?:" + DIRECTION_AFTER_CLOSE + "))", kv("filler", "")));
        r.add(rule("(?:broken (?:out |down )?|split |grouped )?by (?:the )?(?:gap )?size|by gap %|by size of (?:the )?gap|"
                + "(?:разб\\p{L}* )?по размеру(?: гэпа)?|в разрезе размера(?: гэпа)?", kv("bysize", "")));
        r.add(rule("(?:at|on) (?:the )?(?:rth |cash |ny |regular )?open(?:ing)?(?: bell)?|на открытии(?: rth| ртх| сессии)?|"
                + "при открытии(?: rth| ртх)?", kv("filler", "")));
        // gaps
        r.add(rule("(?:gaps?|gapped|gapping) (up|down|higher|lower)s?|(up|down) gaps?|gap-(up|down)s?|"
                + "гэп\\p{L}*[ -]?(ап|даун)\\p{L}*|"
                + "(?:гэп\\p{L}*|открыл\\p{L}* (?:с )?гэп\\p{L}*|открыти\\p{L}* (?:с )?гэп\\p{L}*) (вверх|вниз)|"
                + "(?:opened|opens|open) (?:with a )?gap (up|down)", Lexicon::gap));

        // bars and buckets
        r.add(rule("(?:in |by |into |with |using )?(5|10|15|20|30|60|120)[ -]?(?:minutes?|mins?|m|минутн\\p{L}*|минут\\p{L}*|мин) "
                + "(?:buckets?|bins?|intervals?|chunks?|blocks?|slots?|windows?|increments?|бакет\\p{L}*|интервал\\p{L}*|"
                + "корзин\\p{L}*|блок\\p{L}*|окн\\p{L}*|отрезк\\p{L}*)", m -> kv("bucket", m.group(1) + "m")));
        r.add(rule("(?:по|шаг(?:ом)?|с шагом|бакет\\p{L}* по|интервал\\p{L}* по|(?:buckets?|bins?|intervals?|blocks?|"
                + "chunks?|slots?|windows?) (?:of|by)) (5|10|15|20|30|60|120) ?(?:минут\\p{L}*|мин|minutes?|mins?|m)\\.?",
                m -> kv("bucket", m.group(1) + "m")));
        r.add(rule("(?:(?:интервал\\p{L}*|бакет\\p{L}*|блок\\p{L}*) )?(?:по|шаг(?:ом)?|с шагом) (1|2|одному|два) ?(?:час\\p{L}*|ч)(?![\\p{L}])|"
                + "(?:in |by |into )?(1|2|one|two)[ -]?(?:hours?|hr|h) (?:buckets?|intervals?|blocks?|chunks?|windows?)",
                m -> kv("bucket", firstGroup(m).matches("2|два|two") ? "120m" : "60m")));
        r.add(rule("по получасам|по полчаса|получасов\\p{L}*|half[ -]hour(?:ly)?(?: buckets?| intervals?| blocks?)?|"
                + "(?:30|thirty)[ -]?min(?:ute)?s?(?= instead)", kv("bucket", "30m")));
        r.add(rule("(?:in |by |into )?(?:hourly|1 hour|one hour|часов\\p{L}*) (?:buckets?|intervals?|blocks?|"
                + "интервал\\p{L}*|блок\\p{L}*)", kv("bucket", "60m")));
        // "which 1h bar has the biggest avg range": the hours of the day compared, not the single biggest bar (read
        // before the bar size takes the words)
        r.add(rule("(?:which|what|each|every|for each) (?:1h|1 ?hr|60 ?m(?:in)?|hourly|one hour|hour) (?:bar|candle)s?|"
                + "как(?:ой|ая|ие) (?:1h |часов\\p{L}* |1 час\\p{L}* )(?:бар|свеч)\\p{L}*", kv("group", "hour")));
        // "ср изм в % за месяц", "% change per month": the month's own change, on monthly bars
        r.add(rule("(?:(?:изм(?:енени\\p{L}*)?|change|return|доходност\\p{L}*) (?:в %|in %|%)|(?:%|percent) (?:change|return)) "
                + "(?:за|per|a|each) (?:месяц|month)"
                + "(?![\\p{L}])", kv("metric", "change_pct", "tf", "1M")));
        r.add(rule("пятиминут\\p{L}*(?: (?:бар|свеч)\\p{L}*)?", kv("tf", "5m")));
        r.add(rule("часовик\\p{L}*|часов(?:ой|ые|ых|ого) (?:бар|свеч)\\p{L}*", kv("tf", "1h")));
        r.add(rule("(?:on |using |with |by |по )?(5|15|30)[ -]?(?:minutes?|min|m|минутн\\p{L}*|мин|минутк\\p{L}*)"
                + "(?: (?:bars?|candles?|candlesticks?|свеч\\p{L}*|бар\\p{L}*)|(?= \\p{L}+ (?:bars?|candles?|свеч\\p{L}*|"
                + "бар\\p{L}*)(?![\\p{L}])))", m -> kv("tf", m.group(1) + "m")));
        r.add(rule("(?:on |using |with |by |по )?(1|2|4)[ -]?(?:hour|h|час\\p{L}*)(?: (?:bars?|candles?|свеч\\p{L}*|"
                + "бар\\p{L}*))", m -> kv("tf", m.group(1) + "h")));
        r.add(rule("(?:on |using |with |by |по )?(?:hourly|1h|часов\\p{L}*|часовик\\p{L}*)(?: (?:bars?|candles?|"
                + "свеч\\p{L}*|бар\\p{L}*))?", kv("tf", "1h")));
        r.add(rule("(?:on |using )?(5m|15m|30m|2h|4h) bars", m -> kv("tf", m.group(1))));
        // "5-минутки", "на 15-минутках", "рейндж 5-минуток": the bar size
        r.add(rule("(5|15|30)[ -]?минут(?:к\\p{L}*|ок)(?![\\p{L}])|(5|15|30)[ -]?минутн\\p{L}* (?:свеч\\p{L}*|бар\\p{L}*)",
                m -> kv("tf", firstGroup(m) + "m")));
        r.add(rule("(?:on |using )?(week|month)ly (?:bars?|candles?)|(?:on |using )?1([wm]) bars",
                m -> kv("tf", firstGroup(m).startsWith("w") ? "1W" : "1M")));
        // "на недельках", "on the weeklies": weekly candles said the way a chart is named
        r.add(rule("(?:on (?:the )?)?(week|month)lies|на (недел)(?:ях|ьках)|на (месяц)ах|на (недел|месяч)ьн?\\p{L}* "
                + "(?:свеч\\p{L}*|бар\\p{L}*)", m -> kv("tf", unitTimeframe(firstGroup(m)))));
        // "а месячный так же", "weekly too": the bar said alone, for the question before
        r.add(rule("(?:(недельн|месячн)\\p{L}*|(week|month)ly)(?=(?: (?:так же|также|тоже|то же самое|аналогично|too|as well|instead|"
                + "same(?: thing)?))?\\s*[?.!]?\\s*$)", m -> kv("tf", firstGroup(m).startsWith("w") || firstGroup(m).startsWith("н")
                ? "1W" : "1M")));
        r.add(rule("(?:on |using )?(?:daily (?:bars?|candles?)|дневк\\p{L}*|дневн\\p{L}* (?:свеч\\p{L}*|бар\\p{L}*)|1d bars)",
                kv("filler", "")));

        // seasons as months: "in the summer (jun/jul/aug)"
        r.add(rule("(?:in |during |over )?(?:the )?summers?(?: months)?(?: \\((?:jun\\p{L}*|june)[^)]*\\))?|летом|летн\\p{L}* месяц\\p{L}*",
                kv("month", "june", "month", "july", "month", "august")));
        r.add(rule("(?:in |during |over )?(?:the )?winters?(?: months)?(?: \\((?:dec\\p{L}*)[^)]*\\))?|зимой|зимн\\p{L}* месяц\\p{L}*",
                kv("month", "december", "month", "january", "month", "february")));
        // "does it close green more often than not": whether the share is above half
        r.add(rule("more often than not|more likely than not|чаще,? чем нет", kv("op", "probability")));
        r.add(rule("regular days|normal days|(?:a |an )?(?:normal|regular|ordinary|typical) day|обычные дни|обычных дней|"
                + "остальные дни", kv("complement", "")));
        // "is the range bigger on FOMC days than normal days", "do mondays gap more than fridays": a comparative's
        // "than" puts a second side beside the first; "than usual" / "чем обычно" is the rest of the days
        r.add(rule("(?<=(?:than|чем) )(?:usual(?:ly)?|normal(?:ly)?|обычно|обычного|в обычные дни)(?![\\p{L}])",
                kv("complement", "")));

        r.add(rule("(?<=(?:bigger|larger|higher|greater|more|smaller|lower|less|wider|narrower|better|worse|больше|"
                + "меньше|выше|ниже|шире|уже|сильнее|слабее)(?: [\\p{L}%]{1,15})?(?: [\\p{L}%]{1,15})?(?: [\\p{L}%]{1,15})?,? )(?:than|чем)(?= \\p{L})",
                kv("vs", "")));
        // "opex fridays vs regular fridays", "в обычные пятницы": the same days without what the other side names
        r.add(rule("(?:regular|normal|ordinary|other|all other|обычн\\p{L}*|остальн\\p{L}*|други\\p{L}*)(?= (?:mon|tue|wed|thu|fri|"
                + "понедельник|вторник|сред|четверг|пятниц)\\p{L}*)", kv("complement", "")));
        // "big days", "a big thursday", "больших гэпов": a size without a number; Barb asks how big
        r.add(rule("(?<!(?:" + NOT_A_SIZE_AFTER + ") )(?:" + SIZE_WORDS + ")(?= (?:(?:rth|eth|ртх|етх|green|red|up|down|"
                + "зелен\\p{L}*|красн\\p{L}*) )?(?:days?|дн\\p{L}*|день|gaps?|gap ups?|gap downs?|гэп\\p{L}*|drops?|"
                + "drop days?|down days?|up days?|moves?|rall(?:y|ies)|падени\\p{L}*|движени\\p{L}*|рост\\p{L}*|"
                + "пролив\\p{L}*|слив\\p{L}*|обвал\\p{L}*|mondays?|tuesdays?|wednesdays?|thursdays?|fridays?|понедельник\\p{L}*|вторник\\p{L}*|сред\\p{L}*|"
                + "четверг\\p{L}*|пятниц\\p{L}*)(?![\\p{L}]))", kv("vague", "size")));
        // "in 23 and 24 combined", "за оба года вместе": the periods are one
        r.add(rule("combined|together|all together|in total|вместе|в сумме|суммарно|оба года", kv("combined", "")));
        // "lately", "в последнее время": a period nobody can pin down, so Barb asks
        r.add(rule("lately|recently|these days|of late|в последнее время|последнее время|недавно", kv("vaguetime", "")));
        // "fomc and cpi days, separately": each named group is a side of its own, not one pooled filter
        // "gap at the RTH open (%)", "(тело, %)": a bare percent sign in brackets reads the measures in percent
        r.add(rule("(?<=\\(|, )(?:%|in %|в %|in percent|в процентах|pct)(?=\\))", kv("unit", "pct")));
        r.add(rule("(?:each )?separately|individually|respectively|each on (?:its|their) own|(?:по )?отдельности|"
                + "отдельно(?: по каждому| для каждого)?|по каждому отдельно", kv("apart", "")));
        // time windows as traders write them: "4am-9:30", "(3:30-4)", "3-4 утра", "(12-1)"
        r.add(rule("\\(?(\\d{1,2})(?::(\\d{2}))? ?(am|pm|утра|вечера|дня)? ?(?:-|to|до) ?(\\d{1,2})(?::(\\d{2}))? ?(am|pm|утра|вечера|дня)?"
                + "(?: (?:et|est|edt|ny|по нью[ -]йорку|по ny|ny time))?\\)?"
                + "(?= |$)", Lexicon::traderWindow));
        // "the week of aug 5" is that week; "best week of 2023" is a ranking of weeks within the year
        r.add(rule("(?:the )?week(?= (?:of|starting|beginning|from) )(?! of (?:the )?(?:year )?(?:19|20)\\d\\d(?![-\\d]))|(?<!(?:дн\\p{L}{0,3}|день) )(?:на )?недел(?:я|ю|и|е)(?= (?:с|от|начиная с) )",
                kv("weekof", "")));
        // "best weekday", "худший месяц в среднем", "worst month of the year": the days grouped by that calendar unit
        // and the groups ranked, not one day or one monthly bar
        r.add(rule("(best|worst|biggest|strongest|weakest|лучш\\p{L}*|худш\\p{L}*|сильнейш\\p{L}*|слабейш\\p{L}*) "
                + "(?:weekday|day of (?:the )?week|день недели|дни недели|дня недели)",
                m -> kv("group", "weekday", "rank", rankSort(m.group(1)))));
        r.add(rule("(best|worst|biggest|strongest|weakest|лучш\\p{L}*|худш\\p{L}*|сильнейш\\p{L}*|слабейш\\p{L}*) "
                + "(?:(?:calendar )?month of (?:the )?year|месяц\\p{L}* года|calendar month|"
                + "(?:month|месяц\\p{L}*)(?=.*(?:on average|avg|average|typically|в среднем|средн\\p{L}*|обычно)))",
                m -> kv("group", "month", "rank", rankSort(m.group(1)))));
        r.add(rule("(?:which|what|какой|в каком|в какой) (?:year|год\\p{L}*)(?=.*(?:on average|avg|average|mean|median|"
                + "typical|в среднем|средн\\p{L}*|медиан\\p{L}*))", kv("group", "year")));
        // "какой год был самый спокойный", "which year was the wildest": years ranked by what they were like
        r.add(rule("(?:which|what|какой|в каком|в какой) (?:year|год)(?= (?:was |has been |был\\p{L}* |оказался )?"
                + "(?:the )?(?:most|least|calmest|quietest|wildest|самы\\p{L}*|наи\\p{L}*))", kv("group", "year")));
        // weeks and months as rows: "green weeks", "worst month", "weekly % change", "недельные падения"
        r.add(rule("(best|worst|biggest|wildest|strongest|weakest|largest) (week|month)(s?)",
                m -> kv("tf", m.group(2).startsWith("w") ? "1W" : "1M", "rank", rankSort(m.group(1)),
                        "ndefault", m.group(3).isEmpty() ? "1" : "10")));
        // "худший месяц 2025", "лучшие недели": the bars ranked are weeks or months
        r.add(rule("(лучш|худш)(ий|ая|ие|их) (недел|месяц)\\p{L}*",
                m -> kv("tf", m.group(3).startsWith("н") ? "1W" : "1M", "rank", m.group(1).equals("худш") ? "asc" : "desc",
                        "ndefault", m.group(2).startsWith("и") && m.group(2).length() == 2 && !m.group(2).equals("ий")
                                ? "10" : "1")));
        r.add(rule("(green|red|up|down|positive|negative|winning|losing|bullish|bearish|зелен\\p{L}*|красн\\p{L}*|"
                + "растущ\\p{L}*|падающ\\p{L}*) (week|month|недел|месяц|месяч|hour(?=s?(?![\\p{L}]))|"
                + "час(?=(?:а|ов|ы|ом)?(?![\\p{L}]))|часовик)\\p{L}*", Lexicon::colouredUnits));
        r.add(rule("(?:how many|сколько) (week|month|недел|месяц|месяч)\\p{L}*",
                m -> kv("op", "count", "tf", unitTimeframe(m.group(1)))));
        // "% of weeks since 2018 that closed up", "какой % недель": the weeks are the rows
        r.add(rule("(?:%|percent(?:age)?|share|fraction|proportion|процент\\p{L}*|доля|долю) (?:of (?:the |all )?)?"
                + "(weeks|months|недель|месяцев)(?![\\p{L}])", m -> kv("freq", "", "tf", unitTimeframe(m.group(1)))));
        r.add(rule("(?<=(?:%|процентов|процента|percent) )(?:of (?:the |all )?)?(weeks|months|недель|месяцев)(?![\\p{L}])",
                m -> kv("tf", unitTimeframe(m.group(1)))));
        r.add(rule("(week|month)s? (?:that |which )?(?:closed|closes|were|ended|ends|finished|finishes|was)|(week|month)s(?= in a row)|"
                + "on the (week|month)(?![\\p{L}])|(week|month) (?:to|over|on) (?:week|month)|(week|month) as a whole|as a whole (week|month)(?![\\p{L}])|"
                + "(?:one|a|each|the next|next|previous|prior|last) (week|month)'s|"
                + "(week|month)ly(?= (?:% )?(?:change|return|range|volume)s?)|"
                + "(week|month)ly (?:% )?(?:candle|bar|close|move|performance|gain|loss|drop)s?|"
                + "(недел|месяц)\\p{L}* (?:закрыл\\p{L}*|были|был\\p{L}*)|(недел|месяц)\\p{L}*(?= закрыва\\p{L}*)|(недел|месяц)\\p{L}*(?= подряд)|"
                + "(недель|месяч)н\\p{L}*(?= (?:свеч\\p{L}*|бар\\p{L}*|изменени\\p{L}*|доходност\\p{L}*|падени\\p{L}*|рост\\p{L}*|"
                + "движени\\p{L}*|ренж\\p{L}*|диапазон\\p{L}*|закрыти\\p{L}*))",
                m -> kv("tf", unitTimeframe(firstGroup(m)))));

        // grouping
        r.add(rule("(?:by|per|for each|each|across) (?:day of (?:the )?week|weekdays?|days? of the week)|"
                + "(?:which|what) (?:day of (?:the )?week|weekday)|по дням недели|по дню недели|"
                + "(?:в )?как\\p{L}* день недели|дн\\p{L}* недели", kv("group", "weekday")));
        r.add(rule("(?:of|in|for|within) (?:each|every) (month|year|quarter|weekday)|(?:each|every) (month|year|quarter)|"
                + "(?:каждого|в каждом|за каждый|для каждого|по каждому) (месяц|год|квартал)\\p{L}*", Lexicon::each));
        r.add(rule("(?:by|per) months?|monthly|month by month|(?:which|what) months?|по месяцам|помесячно|"
                + "(?:в )?как\\p{L}* месяц\\p{L}*", kv("group", "month")));
        r.add(rule("(?:by|per) quarters?|quarterly|по кварталам|поквартально|(?:which|what) quarters?|"
                + "(?:в )?как\\p{L}* квартал\\p{L}*", kv("group", "quarter")));
        r.add(rule("(?:by|per) years?|yearly|annually|year by year|year over year|по годам|год за годом|погодично",
                kv("group", "year")));
        r.add(rule("(?:by|per|each|for each|every) (?:rth |eth |trading )?hours?|"
                + "hour by hour|(?:по )?кажд(?:ому|ого|ый|ом) час\\p{L}*|(?:which|what) hour|по часам|(?:в )?как(?:ой|ие|ом|ая) час(?:у|ам|ы|а)?|"
                + "в котором часу", kv("group", "hour")));

        // the daily extreme and when it forms
        r.add(rule("what time|at what time|which time|time of (?:the )?(?:day|daily)?|во сколько|в какое время|"
                + "время", kv("whenword", "")));
        r.add(rule("(?:the )?(?:daily |day |day's |session |дневн\\p{L}* )?(high|low|highs|lows|хай\\p{L}*|лой\\p{L}*|"
                + "лоу|максимум\\p{L}*(?! дней)|минимум\\p{L}*(?! дней))(?: of (?:the )?(?:day|session))?(?: дня| сессии)?",
                m -> kv("extreme", extreme(m.group(1)))));

        // weekdays
        r.add(rule("(?:on |every |each |all |по |в |во )?(monday|tuesday|wednesday|thursday|friday)s?|"
                + "(?:on |every |each |all |по |в |во )?(понедельник|вторник|сред|четверг|пятниц)(?:ам|ами|ах|ов|а|у|ы|и|е)?",
                Lexicon::weekday));

        // colours and directions
        r.add(rule("green(?: days?| candles?| closes?| bars?| sessions?)?|зелен\\p{L}*(?: (?:дн\\p{L}*|день|свеч\\p{L}*|"
                + "бар\\p{L}*))?|bullish (?:days?|candles?)|бычь\\p{L}* (?:дн\\p{L}*|свеч\\p{L}*|день)",
                kv("color", "green")));
        r.add(rule("red(?: days?| candles?| closes?| bars?| sessions?)?|красн\\p{L}*(?: (?:дн\\p{L}*|день|свеч\\p{L}*|"
                + "бар\\p{L}*))?|bearish (?:days?|candles?)|медвеж\\p{L}* (?:дн\\p{L}*|свеч\\p{L}*|день)",
                kv("color", "red")));
        // "end up being the high of the day", "still ends up closing above": how it turns out, not a move up
        r.add(rule("(?:end|ends|ended|ending) up(?= (?:being|closing|making|setting|as|at|the|a|an|in|on|with|near)(?![\\p{L}]))",
                kv("filler", "")));
        r.add(rule("(?:up|positive|winning) (?:days?|sessions?|closes?)|(?:closed|close|closes|closing|ended|ends|"
                + "finished|finishes|went|goes|go|moved|moves|trades) (?:up|higher|positive|in the green)|"
                + "дн\\p{L}* роста|растущ\\p{L}* дн\\p{L}*|(?<=дн\\p{L}{0,3} )вверх|в плюс\\p{L}*|закрыти\\p{L}* в плюс\\p{L}*|"
                // "что на следующий день тоже будет плюс": the plus said after a verb of being, no "в"
                + AFTER_BEING + "плюс(?:ом|овым|овой)?|"
                + "закрыти\\p{L}* выше(?: предыдущ\\p{L}*)?|clos\\p{L}* above (?:the )?(?:prev\\p{L}*|prior|yesterday\\p{L}*) "
                + "(?:(?:day|week|month|session|bar|candle)(?:'s|s)? )?close|" + UP_VERB, kv("dir", "up")));
        r.add(rule("(?:down|negative|losing) (?:days?|sessions?|closes?)|(?:closed|close|closes|closing|ended|ends|"
                + "finished|finishes|went|goes|go|moved|moves|trades) (?:down|lower|negative|in the red)|"
                + "дн\\p{L}* падени\\p{L}*|падающ\\p{L}* дн\\p{L}*|(?<=дн\\p{L}{0,3} )вниз|в минус\\p{L}*|" + AFTER_BEING + "минус(?:ом|овым|овой)?|закрыти\\p{L}* ниже(?: предыдущ\\p{L}*)?|"
                + "clos\\p{L}* below (?:the )?(?:prev\\p{L}*|prior|yesterday\\p{L}*) (?:(?:day|week|month|session|bar|candle)(?:'s|s)? )?close|" + DOWN_VERB
                + "|selloffs?|sell offs?|crash\\p{L}*|dumps?|losses|обвал\\p{L}*|просадк\\p{L}*|слив\\p{L}*|пролив\\p{L}*",
                kv("dir", "down")));

        // metrics
        r.add(rule("(" + String.join("|", FilterText.METRICS.stream().filter(x -> x.contains("_")).sorted().toList())
                + ")", m -> kv("metric", m.group(1))));
        r.add(rule("(?<!top |топ |top-|топ-|top|топ)(\\d+)(?= (?:самых |наиболее |most |least )?(?:volatile|quietest|calmest|wildest|спокойн\\p{L}*|"
                + "тих\\p{L}*|волатильн\\p{L}*))", m -> kv("n", m.group(1))));
        r.add(rule("(?:most volatile|самы\\p{L}* волатильн\\p{L}*|wildest|craziest|самы\\p{L}* (?:дик|бешен|безумн)\\p{L}*"
                + "(?: по вол\\p{L}*)?)" + ONE_OR_MANY, m -> volatileRank(m, "desc")));
        r.add(rule("(?:least volatile|calmest|quietest|самы\\p{L}* (?:спокойн|тих)\\p{L}*|наименее волатильн\\p{L}*)"
                + ONE_OR_MANY, m -> volatileRank(m, "asc")));
        r.add(rule("(?:(?:daily |day |дневн\\p{L}* )?(?:range|volatility|диапазон\\p{L}*)) (?:in|as|в) (?:a )?(?:percent\\p{L}*|%|процент\\p{L}*)|"
                + "percent(?:age)? range|range %", kv("metric", "range_pct")));
        r.add(rule("(gaps?|гэп\\p{L}*|bod(?:y|ies)|тел[оа]|range|ranges|ренж\\p{L}*|рейндж\\p{L}*|диапазон\\p{L}*) ?"
                + "(?:%|pct|percent(?:age)?|в %|в процентах|in %)", m -> kv("metric", percentMetric(m.group(1)))));
        // "движение от открытия до закрытия", "the open-to-close move": the move named by its ends is one measure
        r.add(rule("(?:(?:move|moves|movement|change|движени\\p{L}*|изменени\\p{L}*) (?:from (?:the )?)?)?"
                + "(?:open[ -]?(?:->|to|-)[ -]?close|open to close|от открытия до закрытия)"
                + "(?: (?:move|moves|movement|change))?|тело свечи|candle body %?",
                kv("metric", "body")));
        r.add(rule("close[ -]?(?:to|-)[ -]?close|от закрытия до закрытия|(?:неделя|месяц|день) к (?:неделе|месяцу|дню)",
                kv("metricdef", "change_pct")));
        r.add(rule("(?:(?:in|as|в) (?:a )?)?(?:percent(?:age)?|%|pct|процент\\p{L}*) terms|(?:in|as|в) (?:a )?"
                + "(?:percent(?:age)?|%|процент\\p{L}*)", kv("unit", "pct")));
        // "points off the prior settle", "pts from the previous close": the move in points, close to close
        r.add(rule("(?:(?:in )?(?:points?|pts|point) terms|(?:in|as|в) (?:points?|pts|пункт\\p{L}*))(?: (?:off|from) (?:the )?"
                + "(?:prior|previous|prev|last|yesterday'?s) (?:settle(?:ment)?|close))?|(?:points?|pts) (?:off|from) (?:the )?"
                + "(?:prior|previous|prev|last|yesterday'?s) (?:settle(?:ment)?|close)", kv("unit", "points")));
        // "the biggest one day point drop": the move measured in points
        r.add(rule("(?:points?|pts|пункт\\p{L}*)(?= (?:drops?|moves?|gains?|loss(?:es)?|declines?|rall(?:y|ies)|swings?|"
                + "falls?|jumps?|changes?)(?![\\p{L}]))", kv("unit", "points")));
        // "ночью vs в основную": the main session is RTH
        r.add(rule("(?:в |на |во время )основн(?:ую|ой|ая)(?: сесси\\p{L}*)?(?![\\p{L}])", kv("session", "RTH")));
        r.add(rule("(?:daily |day |intraday |true |дневн\\p{L}* )?(?:range|ranges)|(?:дневн\\p{L}* )?диапазон\\p{L}*|volatility|volatile|ренж\\p{L}*|рейндж\\p{L}*|"
                + "диапазон\\p{L}*|размах\\p{L}*|волатильн\\p{L}*|вола\\b", kv("metric", "range")));
        r.add(rule("(?:daily |day |price )?(?:change|changes|return|returns|moves?|movement|performance)|"
                + "(?:дневн\\p{L}* )?изменени\\p{L}*|доходност\\p{L}*|движени\\p{L}*", kv("metric", "change_pct")));
        r.add(rule("gaps?|гэп\\p{L}*", kv("metric", "gap")));
        r.add(rule("volumes?|объем\\p{L}*|traded contracts", kv("metric", "volume")));
        r.add(rule("upper (?:wicks?|shadows?|tails?)|верхн\\p{L}* (?:тен\\p{L}*|фитил\\p{L}*|хвост\\p{L}*)",
                kv("metric", "upper_wick")));
        r.add(rule("lower (?:wicks?|shadows?|tails?)|нижн\\p{L}* (?:тен\\p{L}*|фитил\\p{L}*|хвост\\p{L}*)",
                kv("metric", "lower_wick")));
        r.add(rule("(?:candle )?bod(?:y|ies)|тело|тела|телом|тел свеч\\p{L}*", kv("metric", "body")));
        r.add(rule("closing prices?|close prices?|цен\\p{L}* закрыти\\p{L}*", kv("metric", "close")));
        // "highest close ever", "самое высокое закрытие": the price it closed at, not how far it moved
        r.add(rule("(?<=(?:highest|lowest|record|all[- ]time high|all[- ]time low|max(?:imum)?|min(?:imum)?) "
                + "(?:(?:rth|eth|pit|cash|daily) )?(?:session )?)(?:close|closes|closing print)(?![\\p{L}])"
                + "|(?<=(?:высок|низк|максимальн|минимальн|рекордн)\\p{L}{1,4} (?:дневн\\p{L}{1,4} )?)закрыти\\p{L}*",
                kv("metric", "close")));
        r.add(rule("opening prices?|open prices?|цен\\p{L}* открыти\\p{L}*", kv("metric", "open")));

        // operations
        r.add(rule("(?:of )?at least (\\d+) days|(\\d+)\\+ (?:days|дн\\p{L}*|дня)|не менее (\\d+) дн\\p{L}*|от (\\d+) дн\\p{L}*|"
                + "(?:of )?(\\d+) (?:or more|и более) (?:days|дн\\p{L}*)", m -> kv("minlen", firstGroup(m))));
        r.add(rule("compare|comparison|compared|сравни\\p{L}*|сравнени\\p{L}*|разниц\\p{L}*|difference between",
                kv("op", "compare")));
        r.add(rule("vs\\.?|versus|against|compared (?:to|with)|против|по сравнению с|в сравнении с", kv("vs", "")));
        r.add(rule("or|или", kv("or", "")));
        r.add(rule("correlat\\p{L}*|корреляц\\p{L}*|коррелир\\p{L}*|relationship between|relation between|"
                + "related to|связь|связан\\p{L}*|зависимост\\p{L}*|зависит", kv("op", "correlation")));
        r.add(rule("probabilit\\p{L}*|chances?|how likely|likelihood|odds|likely|вероятност\\p{L}*|шанс\\p{L}*|"
                + "насколько вероятно", kv("op", "probability")));
        r.add(rule("what (?:happened|went on|was going on|did (?:nq|it|the market|nasdaq|price) do|'?d (?:nq|it) do)"
                + "(?= (?:on|in|during|from|between|the week of|that day|that week|yesterday|today|last|this|\\d))|"
                + "what'?d (?:nq|it) do|how did (?:nq|it|the market) (?:do|trade|go)(?= (?:on|yesterday|today|\\d))|"
                + "(?:day )?recap(?: of)?|rundown(?: of)?|day stats|(?:stats|numbers) for (?:that|the) day|"
                + "(?:walk|run|take) me through(?: the (?:day|week) of)?|break down (?:the (?:day|week) of)?|"
                + "разбери (?:мне )?(?:день|неделю)|"
                + "что (?:было|творилось|происходило|случилось)(?: с nq| на рынке| по nq| с рынком)?(?= (?:в |во |на |с |от |\\d|вчера|сегодня|"
                + "за |тогда|по nq))|расклад(?: по дню)?|разбор дня|итоги дня|как прош(?:ел|ла) (?:день|сесси\\p{L}*|торговл\\p{L}*)|"
                + "o ?/ ?h ?/ ?l ?/ ?c|ohlc|day by day|по дням(?= (?:и|,|с|eth|rth|ртх|етх))|(?<=недел\\p{L}{0,2} )по дням(?=$|[ ,])|картин\\p{L}* (?:за|по) (?:вчерашн\\p{L}* |этот |тот )?(?:день|дню)|картин\\p{L}*(?= (?:за|по) (?:\\d|вчера))",
                kv("snapshot", "")));
        r.add(rule("what (?:does|do) (?:nq|it|the market|price|nasdaq) (?:usually |typically |normally )?do|"
                + "что (?:обычно |как правило |в среднем )?(?:делает|происходит|бывает)(?: с)? ?(?:nq|нас|рынок|рынком|ценой|цена)?|"
                + "что дальше|что потом|what (?:happens )?next|what comes next", kv("around", "")));
        r.add(rule("what (?:happens|happened|does (?:nq|it|the market|price) do|did (?:nq|it|the market|price) do)"
                + "(?: next| to)?|how does (?:nq|it|the market|price) (?:behave|trade|move|react|perform)|"
                + "reaction (?:to|after)|(?:next|following) days(?: after)?|что (?:происходит|было|бывает|"
                + "делает\\p{L}*|происходило)(?: с (?:nq|рынком|ценой))?|как (?:ведет себя|двигается|реагирует) "
                + "(?:рынок |nq |цена )?|реакци\\p{L}* на|следующ\\p{L}* дн\\p{L}*", kv("around", "")));
        r.add(rule("after|following|после|вслед за", kv("after", "")));
        // "P(rth green | prior rth red)", "если предыдущий день красный": a condition on the day before, so the
        // outcome is read the day after it ("prior day's close" and "prev close" are prices, not days)
        r.add(rule("(?<!(?:of|above|below|over|under|than|vs|to) (?:the )?)(?:prior|prev|previous|preceding)(?= (?:trading )?(?:day|session|rth|eth)(?: session)?"
                + "(?! ?(?:'s|s'|close|high|low|open|range|volume|vol)(?![\\p{L}])))|"
                + "(?<!(?:ха[йя]|ло[йя]|максимума?|минимума?|закрыти[ея]|открыти[ея]|уровн[ья]|выше|ниже) )"
                + "предыдущ(?:ий|ая|его|ей)(?= (?:торгов\\p{L}* )?(?:день|дня|сесси\\p{L}*)(?! (?:закрыти|хай|лой|максимум|минимум|открыти)))",
                kv("after", "")));
        // "после серии из 4 зелёных", "after a run of 3 red days": the run is the condition, its word asks for no runs
        r.add(rule("(?<=(?:after|following|после) (?:an? |the )?)(?:streaks?|runs?|серии|серия|серию)(?= (?:of|из) )",
                kv("filler", "")));
        r.add(rule("streaks?|runs?|strings?(?= of )|winning streaks?|losing streaks?|in a row|consecutive|straight|серии|серия|серий|"
                + "серию|подряд", kv("op", "streak")));
        r.add(rule("distribution|distributed|histogram|percentiles?|quantiles?|spread of values|(?:were|are|was|is|get) spread"
                + "(?: out)?|spread out|распределени\\p{L}*|"
                + "распределен\\p{L}*|гистограмм\\p{L}*|перцентил\\p{L}*|процентил\\p{L}*|квантил\\p{L}*",
                kv("op", "distribution")));
        r.add(rule("typical(?:ly)?|usual(?:ly)?|normal(?:ly)?|normal size|типичн\\p{L}*|обычн\\p{L}*|как правило",
                kv("op", "distribution")));
        r.add(rule("how often|how frequently|(?:how many|сколько) ?(?:%|percent|процент\\p{L}*)|"
                + "what (?:%|percent(?:age)?|share|fraction|proportion|portion) of|"
                + "(?:the )?(?:%|percent(?:age)?|share|fraction|proportion) of|как часто|(?:сколько|какой|какая|каков) (?:процент\\p{L}*|%|доля)|"
                + "^%|какая доля|доля|в скольк\\p{L}* (?:процент\\p{L}*|%)(?: случаев)?|насколько часто|"
                // "в каком проценте случаев", "in what % of cases", "what percentage": a share asked for
                + "(?:в )?каком (?:процент\\p{L}*|%)(?: (?:случаев|дней|раз))?|in what (?:%|percent(?:age)?)(?: of (?:the )?(?:time|cases|days))?|"
                + "what percentage|"
                // "what % close green", "what percent ended red": the share of the days that did it
                + "what (?:%|percent(?:age)?)(?= (?:close[sd]?|closed|end(?:s|ed)?|finish(?:es|ed)?|were|are|was|"
                + "go(?:es)?|went|turn(?:s|ed)?|fill(?:s|ed)?|gap(?:s|ped)?|print(?:s|ed)?|make|made|take|took|hit|"
                + "break|broke)(?![\\p{L}]))|"
                // "day after christmas: % green in the rth": a share of days of that colour, not a size
                + "(?<![\\d.]|[\\d.] )%(?= (?:green|red)(?![\\p{L}]))|"
                // "чаще растёт или падает", "more often go up": which way a day goes is asked as a share
                + "(?:чаще|more often)(?= (?:\\p{L}+ ){0,2}(?:раст\\p{L}*|пада\\p{L}*|зел\\p{L}*|красн\\p{L}*|up|down|green|"
                + "red)(?![\\p{L}]))", m -> kv("freq", SHARE_WORD.matcher(m.group()).find() ? "share" : "")));
        r.add(rule("how many(?: times)?|number of|# of|count of|count|сколько(?: раз)?(?= (?:раз|дн\\p{L}*|день|случа\\p{L}*|"
                + "сесси\\p{L}*|недел\\p{L}*|месяц\\p{L}*))|сколько раз|"
                + "количеств\\p{L}*|кол во|частот\\p{L}*", kv("op", "count")));
        // "were there more green days in 2025 or 2024", "в каком году больше красных дней": which has more is counted
        r.add(rule("(?:more|fewer|больше|меньше)(?= (?:green|red|up|down|зел\\p{L}*|красн\\p{L}*|растущ\\p{L}*|"
                + "падающ\\p{L}*) (?:days?|sessions?|weeks?|months?|дн\\p{L}*|дня|сесси\\p{L}*|недел\\p{L}*|месяц\\p{L}*)"
                + "(?![\\p{L}]))", kv("op", "count")));
        // a bare "сколько" is how many or how much: "сколько красных дней" counts, "сколько был рейндж вчера" asks
        // the range (StepBuilder.resolveSoftWords)
        r.add(rule("сколько", kv("howmuch", "")));
        // "посчитай средний объём" asks for the average: the verb alone does not make a count
        r.add(rule("(?:по|под|со|пере)?счита(?:й|йте|ть|ешь|ете|ем)|calculate|compute|work out|figure out|tally",
                kv("countverb", "")));
        r.add(rule("seasonality|seasonal(?:ity)? (?:pattern|effect)s?|seasonal|сезонност\\p{L}*|сезонн\\p{L}*",
                kv("seasonal", "")));
        r.add(rule("(?:top|топ)[ -]?(\\d+)", m -> kv("rank", "top", "n", m.group(1))));
        // "worst 5 days", "худшие 5 дней": the number after the adjective
        r.add(rule("(biggest|largest|highest|widest|best|strongest|smallest|lowest|narrowest|worst|weakest|"
                + "худш\\p{L}*|лучш\\p{L}*|крупнейш\\p{L}*|сильнейш\\p{L}*|наибольш\\p{L}*|наименьш\\p{L}*) (\\d+)"
                + "(?= (?:days?|sessions?|дн\\p{L}*|день|дня|weeks?|months?|недел\\p{L}*|месяц\\p{L}*))",
                m -> kv("rank", rankSort(m.group(1)), "n", m.group(2))));
        r.add(rule("(\\d+) (?:(?:самых|самые|наиболее) )?(biggest|largest|highest|widest|best|strongest|greatest|longest|shortest|"
                + "длинн\\p{L}*|продолжительн\\p{L}*|коротк\\p{L}*|"
                + "smallest|lowest|narrowest|worst|weakest|tightest|больш\\p{L}*|крупн\\p{L}*|сильн\\p{L}*|"
                + "высок\\p{L}*|широк\\p{L}*|лучш\\p{L}*|маленьк\\p{L}*|мал\\p{L}*|низк\\p{L}*|слаб\\p{L}*|узк\\p{L}*|"
                + "худш\\p{L}*|крупнейш\\p{L}*|наибольш\\p{L}*|наименьш\\p{L}*)",
                m -> numberedRank(m.group(2), m.group(1))));
        r.add(rule("(biggest|largest|highest|widest|best|strongest|greatest|smallest|lowest|narrowest|worst|weakest|"
                + "tightest|longest|shortest)(?=( \\p{L}+)?( \\p{L}+)?)", Lexicon::englishRank));
        r.add(rule("(\\d+) (?:дней|дня|days|sessions)(?= (?:с|with) (?:самым|самой|самыми|the))", m -> kv("n", m.group(1))));
        // "по одному дню на год", "one day per year": one row for each group
        r.add(rule("по одному (?:дню |дн\\p{L}* )?(?:на|в|за) (?:год|месяц|недел\\p{L}*)|(?:one|1|a single) (?:day )?(?:per|a|each) "
                + "(?:year|month|week)", kv("n", "1")));
        // "после красного дня следующий будет зелёным": the next day named again before its outcome
        r.add(rule("следующ(?:ий|ая|ее)(?: (?:день|сессия))?(?= (?:тоже )?(?:будет|окажется|закроется|станет|был|была))",
                kv("filler", "")));
        r.add(rule("(сам(?:ый|ая|ое|ые|ых|ого|ой|ом|ую|ым|ыми)) (?:(?:сильн|больш|крупн|жирн|высок|широк|маленьк|мелк|дохл|вял|низк|слаб|узк|хорош|плох|длинн?|коротк|жестк|резк|мощн|глубок|волатильн|спокойн|тих|бурн)"
                + "\\p{L}*)|(крупнейш\\p{L}*|сильнейш\\p{L}*|наибольш\\p{L}*|наименьш\\p{L}*|лучш\\p{L}*|худш\\p{L}*)",
                Lexicon::russianRank));
        // "какой месяц хуже всего закрывается", "which day does best": the one ranked first
        r.add(rule("(хуже|лучше) всего", m -> kv("rank", m.group(1).startsWith("х") ? "asc" : "desc", "ndefault", "1")));
        r.add(rule("ascending|asc|smallest first|по возрастанию", kv("sort", "asc")));
        r.add(rule("descending|desc|largest first|biggest first|по убыванию", kv("sort", "desc")));
        r.add(rule("on average|average|avg|mean|в среднем|средн\\p{L}*", kv("agg", "mean")));
        r.add(rule("median|медиан\\p{L}*", kv("agg", "median")));
        r.add(rule("max|maximum|максимальн\\p{L}*|максимум", kv("agg", "max")));
        r.add(rule("min|minimum|минимальн\\p{L}*|минимум", kv("agg", "min")));
        r.add(rule("standard deviation|std|stdev|стандартн\\p{L}* отклонени\\p{L}*|ско", kv("agg", "std")));
        r.add(rule("total|sum|суммарн\\p{L}*|сумм\\p{L}*|в сумме", kv("agg", "sum")));
        r.add(rule("higher", kv("dir", "up")));
        r.add(rule("lower", kv("dir", "down")));
        r.add(rule("(?:дни|days|sessions) (?:когда|when|where|with|в которые|с)", kv("op", "list")));
        r.add(rule("скинь\\p{L}*|списком(?: по датам)?|по датам|все дни|all (?:the )?days|every day (?=when|where)",
                kv("op", "list")));
        r.add(rule("(?:(?:the )?days )?(?:list|show(?: me)?|display|give me|find|which days|what days|"
                + "(?:when|what days) (?:was|were|did|has|had)|покажи(?: мне)?|показа(?:ть|л)(?: мне)?|покажите(?: мне)?|"
                + "какие (?:дни|дня)|в какие дни|когда был\\p{L}*|найди|найти|выведи|вывести|список|перечисли|"
                + "перечислить|дай)", kv("op", "list")));
        r.add(rule("when|if|given|where|whenever|on days|when there is|когда|если|при|в дни|в день",
                kv("connector", "")));
        return List.copyOf(r);
    }

    /** Words that carry no meaning of their own in a data question: they may be left over. */
    static final Set<String> FILLER = Set.copyOf(List.of(
            "what", "whats", "is", "are", "was", "were", "be", "been", "being", "the", "a", "an", "of", "in", "on",
            "way", "play", "out", "market", "combined", "together", "вообще", "выхода", "выхода",
            "for", "during", "over", "at", "to", "by", "with", "within", "there", "did", "does", "do", "has", "have",
            "had", "me", "us", "i", "you", "we", "my", "our", "it", "its", "they", "them", "show", "give", "get",
            "tell", "please", "pls", "plz", "meaning", "nq", "mnq", "nasdaq", "ndx", "nasdaq100", "futures", "future",
            "contract", "contracts", "index", "day", "days", "daily", "trading", "session", "sessions", "data",
            "history", "historical", "historically", "can", "could", "would", "want", "know", "see", "like", "let",
            "so", "just", "that", "which", "this", "these", "those", "and", "all", "each", "per", "dates", "date",
            "hey", "hi", "about", "market", "times", "time", "how", "much", "many", "typically", "look", "looks",
            "candle", "candles", "bar", "bars", "has", "been", "ever", "any", "from", "than", "as", "into", "did",
            "does", "set", "made", "make", "formed", "form", "forms", "forming", "occur", "occurs", "occurred",
            "happen", "happens", "usually", "mostly", "most", "often", "tend", "tends", "reached", "reach",
            "printed", "print", "prints", "hit", "hits", "get", "gets", "sorted", "sort", "order", "ordered", "rank",
            "ranked", "were", "also", "then", "and", "both", "same", "overall", "value", "values", "size",
            "much", "level", "number", "points", "point", "pts", "percent", "%", "nasdaq's", "or", "vs", "their",
            "longest", "long", "close", "closed", "closes", "closing", "open", "opened", "price", "move", "it's",
            "period", "periods", "total", "kind", "one", "ones", "case", "cases", "instances", "occurrences",
            "appear", "appears", "appeared", "there's", "been", "happened", "look", "like", "need", "ok", "okay",
            "thanks", "thank", "please,", "quick", "question", "again", "versus", "compare", "between", "among",
            "next", "following", "then", "later", "usually", "normally", "generally", "will",
            "nq's", "days'", "up", "down", "chart", "charts", "stats", "statistics", "stat", "numbers", "table",
            "breakdown", "split", "broken", "break", "out", "only", "just", "when", "where", "while", "whole",
            "full", "entire", "week", "weeks", "year", "years", "month", "months", "quarter", "quarters", "it",
            "happening", "behave", "behaves", "behaved", "react", "reacts", "trade", "traded", "trades", "move",
            "moved", "moves", "size", "sizes", "how's", "frequency", "share", "fraction", "result", "results",
            "more", "less", "than", "larger", "bigger", "smaller", "greater", "higher", "lower", "pattern",
            "patterns", "candlestick", "candlesticks", "formation", "formations", "setup", "setups", "signal",
            "early", "late", "ago", "since", "until", "through", "exactly", "really", "actually", "typical",
            // conversational lead-ins and hedges: they ask nothing of their own
            "every", "am", "trying", "try", "understand", "wondering", "wonder", "curious", "different", "another",
            "btw", "well", "now", "hmm", "anyway", "interested", "check", "whether", "explain", "quickly", "roughly",
            "approximately", "mind", "some", "help", "wanna", "think", "sure", "maybe", "perhaps", "guess",
            "figure", "idea", "real", "quick", "curious", "lets", "dig", "look", "curiosity", "just", "question",
            "questions", "thing", "things", "kindly", "hello", "again", "back", "tell", "say", "said", "calculated",
            "computed", "got", "get", "we've", "ve", "did", "right", "alright", "cool", "great", "nice", "awesome",
            "interesting", "hm", "yeah", "yes", "sorry", "wait", "actually", "honestly", "basically",
            // Russian
            "пожалуйста", "мне", "нам", "покажи", "покажите", "дай", "дайте", "скажи", "скажите", "что", "как",
            "какой", "какая", "какое", "какие", "каким", "каких", "по", "в", "во", "на", "за", "и", "а", "с", "со",
            "у", "о", "об", "из", "от", "до", "для", "был", "была", "было", "были", "есть", "это", "эти", "этот",
            "эта", "тех", "те", "дни", "день", "дня", "дней", "дням", "днях", "днем", "торговый", "торговые",
            "торговых", "торговым", "торговля", "наск", "наскед", "насдак", "насдака", "наска", "фьючерс",
            "фьючерсе", "фьючерса", "фьюч", "нк", "нку", "индекс", "рынок", "рынка", "рынке", "данные", "данных",
            "истории", "историю", "история", "исторически", "бывает", "бывают", "бывал", "было", "обычно", "раз",
            "раза", "свеча", "свечи", "свечей", "свечах", "сессия", "сессии", "сессию", "сессий", "формируется",
            "формировался", "формируются", "ставится", "делается", "устанавливается", "обновляется", "случается",
            "случались", "случаются", "происходит", "происходят", "чаще", "всего", "часто", "также", "тоже",
            "ли", "же", "бы", "вообще", "примерно", "около", "года", "году", "год", "годы", "месяц", "месяца",
            "неделя", "недели", "неделю", "квартал", "квартала", "закрылся", "закрылись", "закрытие", "открытие",
            "цена", "цены", "значение", "значения", "величина", "размер", "пункты", "пунктов", "пункта",
            "процентов", "процента", "процент", "или", "vs", "между", "реально", "смотрю", "смысле", "течение", "спорим", "сам", "сами", "сама", "само", "самих", "после", "перед", "потом", "затем",
            "хочу", "знать", "узнать", "посмотреть", "интересно", "можно", "нужно", "надо", "ну", "вот", "привет",
            "спасибо", "были", "тогда", "таких", "такие", "такой", "там", "все", "всех", "весь", "вся", "всё", "всем", "всеми",
            "всему", "всей",
            "сколько", "него", "нем", "них", "ним", "он", "она", "они", "оно", "его", "ее", "их", "себя", "ведет",
            "статистика", "статистику", "статистики", "таблица", "таблицу", "разбивка", "разбивку", "разбей", "разбейте", "разбить", "больше",
            "меньше", "выше", "ниже", "чем", "более", "менее", "одна", "один", "одно", "случаев", "случаи", "дата",
            "даты", "датам", "шт", "ед", "свечам", "барам", "бары", "бара", "баров", "когда", "где", "который",
            "которые", "которых", "которого", "которой", "котором", "при", "этом", "этих", "этой", "том",
            "торговал", "торговался", "торговались", "двигался", "вел", "вёл", "себя", "себе", "обстоят", "дела",
            "такое", "обычный", "обычная", "обычное", "какова", "каков", "каковы", "сделай", "сделать", "выведи",
            "расскажи", "хай", "лой", "период", "периоде", "периода", "нас", "тебя", "плиз", "пж", "пжл",
            "текущий", "ровно", "будет", "будут", "окажется", "окажутся", "оказался", "оказалась", "оказались",
            "оказывается", "станет", "становится", "turns", "turned", "через", "спустя", "позицию", "позиция", "насколько", "закроется",
            "закрылся", "закрылась", "закроются", "закрываться", "закрывается", "закрывался", "дню",
            // conversational lead-ins and hedges
            "слушай", "слушайте", "можешь", "можете", "мог", "могла", "могли", "сможешь", "подскажи", "подскажите",
            "глянь", "посмотри", "посмотрите", "давай", "давайте", "понять", "разобраться", "кстати", "короче",
            "типа", "вопрос", "другой", "еще", "теперь", "ладно", "хорошо", "окей", "ок", "интересует",
            "интересуют", "хотел", "хотела", "хотелось", "выяснить", "проверить", "проверь", "просто", "именно",
            "целом", "итого", "слушай,", "подсчитать", "помоги", "помогите", "уточни", "уточнить", "вопросик",
            "кратко", "быстро", "прикинуть", "прикинь", "глянуть", "понимаю", "понимать", "знаешь", "посмотрим",
            "глянем", "понятно", "ясно", "отлично", "класс", "супер", "да", "кстати,", "вопросом", "спасибо,",
            // verbs of happening and changing that name no metric of their own
            "набралось", "набралась", "набрались", "накопилось", "случилось", "случился", "случилась",
            "произошло", "произошли", "насчитывается", "насчитывалось", "менялся", "менялась", "менялись",
            "изменялся", "изменялась", "изменялись", "вел", "вела", "вели", "ведет", "ведут",
            // "после красного дня идет зеленый": what comes next, said by its order alone
            "идет", "идут", "следует", "следуют",
            // "дневной" like "daily": every row is a day
            "дневной", "дневная", "дневное", "дневные", "дневного", "дневных", "дневным", "дневному", "дневную",
            "дневными", "ежедневный", "ежедневная", "ежедневное", "ежедневные", "ежедневно"));

    /** The stems of the Russian filler words: "насдак" stands for "насдаком", "открытие" for "открытия". */
    private static final Set<String> RUSSIAN_FILLER_STEMS = FILLER.stream().filter(WordForms::isCyrillic)
            .map(WordForms::stem).filter(stem -> stem.length() >= 4).collect(java.util.stream.Collectors.toSet());

    /**
     * A Russian word that is another form of a filler word ("с насдаком", "после открытия нью-йорка"): it asks
     * nothing either. Only Russian, whose nouns change their endings with every preposition; stems shorter than
     * four letters stand for too many words.
     */
    static boolean isFillerForm(String word) {
        return WordForms.isCyrillic(word) && RUSSIAN_FILLER_STEMS.contains(WordForms.stem(word));
    }

    /**
     * Russian and slang misspellings the reader repairs before reading (abbreviations are {@link Shorthand}'s;
     * other typos of the rules' words are found by {@link LexiconWords}).
     */
    static final Map<String, String> MISSPELLINGS = Map.ofEntries(
            Map.entry("волатильнсть", "волатильность"), Map.entry("волатильносьть", "волатильность"),
            Map.entry("валатильность", "волатильность"), Map.entry("волотильность", "волатильность"),
            Map.entry("волатилность", "волатильность"), Map.entry("диапозон", "диапазон"),
            Map.entry("деапазон", "диапазон"), Map.entry("ренж", "диапазон"), Map.entry("рэнж", "диапазон"),
            Map.entry("рендж", "диапазон"), Map.entry("ренжа", "диапазона"), Map.entry("рейнж", "диапазон"),
            Map.entry("геп", "гэп"), Map.entry("гап", "гэп"), Map.entry("гэпп", "гэп"), Map.entry("гепы", "гэпы"),
            Map.entry("гапы", "гэпы"), Map.entry("гепом", "гэпом"), Map.entry("гапом", "гэпом"),
            Map.entry("сколко", "сколько"), Map.entry("скока", "сколько"), Map.entry("сколька", "сколько"),
            Map.entry("среднее", "средний"), Map.entry("срединй", "средний"), Map.entry("сренедний", "средний"),
            Map.entry("понедельникм", "понедельникам"), Map.entry("пятницм", "пятницам"),
            Map.entry("вероятнось", "вероятность"), Map.entry("вероятнсть", "вероятность"),
            Map.entry("корреляцыя", "корреляция"), Map.entry("карреляция", "корреляция"),
            Map.entry("wich", "which"), Map.entry("whcih", "which"), Map.entry("avg.", "avg"),
            Map.entry("avarage", "average"), Map.entry("averge", "average"), Map.entry("avrage", "average"),
            Map.entry("volatilty", "volatility"), Map.entry("volatiltiy", "volatility"),
            Map.entry("voltility", "volatility"), Map.entry("teh", "the"), Map.entry("hte", "the"), Map.entry("waht", "what"),
            Map.entry("hwo", "how"), Map.entry("mny", "many"), Map.entry("monday's", "mondays"),
            Map.entry("fridays's", "fridays"), Map.entry("nasdq", "nasdaq"), Map.entry("nsdq", "nasdaq"),
            Map.entry("dojis", "doji"), Map.entry("gapps", "gaps"), Map.entry("гепп", "гэп"), Map.entry("геппы", "гэпы"),
            Map.entry("геппов", "гэпов"), Map.entry("геппа", "гэпа"), Map.entry("гэппы", "гэпы"),
            Map.entry("гэппов", "гэпов"),
            Map.entry("gapup", "gap up"), Map.entry("gapdown", "gap down"), Map.entry("hw", "how"),
            Map.entry("wats", "what"), Map.entry("wat", "what"), Map.entry("whats", "what"), Map.entry("medain", "median"),
            Map.entry("meadian", "median"), Map.entry("rnage", "range"), Map.entry("ragne", "range"));

    private static final Map<String, String> NUMBER_WORDS = Map.ofEntries(
            Map.entry("two", "2"), Map.entry("three", "3"), Map.entry("four", "4"), Map.entry("five", "5"),
            Map.entry("six", "6"), Map.entry("seven", "7"), Map.entry("eight", "8"), Map.entry("nine", "9"),
            Map.entry("ten", "10"), Map.entry("twenty", "20"), Map.entry("два", "2"), Map.entry("две", "2"),
            Map.entry("двух", "2"), Map.entry("три", "3"), Map.entry("трех", "3"), Map.entry("четыре", "4"),
            Map.entry("четырех", "4"), Map.entry("пять", "5"), Map.entry("пяти", "5"), Map.entry("шесть", "6"),
            Map.entry("семь", "7"), Map.entry("восемь", "8"), Map.entry("девять", "9"), Map.entry("десять", "10"),
            Map.entry("десяти", "10"), Map.entry("двадцать", "20"), Map.entry("двадцати", "20"));

    /** "day before, day of and day after" as offsets: -1, 0, 1. */
    private static String namedDays(String text) {
        java.util.TreeSet<Integer> days = new java.util.TreeSet<>();
        Matcher m = Pattern.compile("day (before|of|after)").matcher(text);
        while (m.find()) {
            days.add(switch (m.group(1)) {
                case "before" -> -1;
                case "of" -> 0;
                default -> 1;
            });
        }
        return String.join(",", days.stream().map(String::valueOf).toList());
    }

    /** "1-3" days: 1,2,3 (a range written with one-digit ends, at most nine days). */
    private static String dayRange(String from, String to) {
        int a = Integer.parseInt(from);
        int b = Integer.parseInt(to);
        if (a > b || a < 0) {
            return null;
        }
        List<String> out = new ArrayList<>();
        for (int d = a; d <= b; d++) {
            out.add(String.valueOf(d));
        }
        return String.join(",", out);
    }

    static String numberWord(String token) {
        return NUMBER_WORDS.get(token);
    }

    // ---- helpers building findings ----

    static Rule rule(String regex, Function<Matcher, List<String[]>> meaning) {
        return new Rule(Pattern.compile(Rule.WORD_START + "(?:" + regex + ")(?![\\p{L}\\p{N}_])"), meaning);
    }

    static Rule rule(String regex, List<String[]> fixed) {
        return rule(regex, m -> fixed);
    }

    static List<String[]> kv(String... pairs) {
        List<String[]> out = new ArrayList<>();
        for (int i = 0; i + 1 < pairs.length; i += 2) {
            out.add(new String[] {pairs[i], pairs[i + 1]});
        }
        return out;
    }

    private static List<String[]> time(Matcher m, int h1, int m1, int ap1, int h2, int m2, int ap2) {
        // "between 3 and 4pm": the first hour takes the second's half of the day when it has none
        String firstMark = m.group(ap1) != null ? m.group(ap1) : m.group(ap2);
        int from = hour(m.group(h1), firstMark);
        int to = hour(m.group(h2), m.group(ap2));
        if (m.group(ap1) == null && from > to && to >= 0) {
            from = hour(m.group(h1), m.group(ap1));
        }
        if (from < 0 || to < 0) {
            return null;
        }
        // "с 10:30 до 4", "9:30 to 3": a day-session window ends in the afternoon, not before dawn
        boolean toUnmarked = m.group(ap2) == null || m.group(ap2).isEmpty();
        if (toUnmarked && to < from && from >= 7 && from < 16 && to >= 1 && to + 12 > from && to + 12 <= 17) {
            to += 12;
        }
        String fromText = String.format(Locale.ROOT, "%02d:%s", from, m.group(m1) == null ? "00" : m.group(m1));
        String toText = String.format(Locale.ROOT, "%02d:%s", to, m.group(m2) == null ? "00" : m.group(m2));
        return kv("time", fromText + "-" + toText);
    }

    private static int hour(String digits, String ampm) {
        int h = Integer.parseInt(digits);
        if (h > 24) {
            return -1;
        }
        if ("pm".equals(ampm) && h < 12) {
            h += 12;
        }
        if ("am".equals(ampm) && h == 12) {
            h = 0;
        }
        return h == 24 ? 0 : h;
    }

    private static String pluralMonth(String plural) {
        for (String month : FilterText.MONTHS) {
            if (plural.startsWith(month.substring(0, 3))) {
                return month;
            }
        }
        return plural;
    }

    static String russianMonth(String stem) {
        List<String> stems = List.of("январ", "феврал", "март", "апрел", "ма", "июн", "июл", "август", "сентябр",
                "октябр", "ноябр", "декабр");
        return FilterText.MONTHS.get(stems.indexOf(stem));
    }

    private static String ref(String word) {
        if (word.startsWith("median") || word.startsWith("медиан")) {
            return "median";
        }
        if (word.equals("min") || word.equals("max")) {
            return word;
        }
        return "avg";
    }

    private static String metricOf(String word) {
        if (word == null) {
            return "range";
        }
        if (word.startsWith("gap") || word.startsWith("гэп")) {
            return "gap";
        }
        if (word.startsWith("volume") || word.startsWith("объем")) {
            return "volume";
        }
        if (word.startsWith("bod") || word.startsWith("тел")) {
            return "body";
        }
        if (word.startsWith("upper") || word.startsWith("верхн")) {
            return "upper_wick";
        }
        if (word.startsWith("lower") || word.startsWith("нижн")) {
            return "lower_wick";
        }
        if (word.startsWith("change") || word.startsWith("return") || word.startsWith("move")
                || word.startsWith("изменени") || word.startsWith("доходност")) {
            return "change_pct";
        }
        return "range";
    }

    private static final Pattern AT_LEAST_WORDS = Pattern.compile("at least|or more|or greater|and up|и более|или более|"
            + "не менее|\\+");

    private static List<String[]> relative(Matcher m) {
        if (m.group(1) == null && m.group(2) != null) {
            return null;
        }
        String metric = metricOf(m.group(1));
        String value = FilterText.number(Double.parseDouble(m.group(3)));
        String days = m.group(6) != null ? m.group(6) : m.group(4) != null ? m.group(4) : "20";
        // "at least 2x", "2x+" (written out as "2 x or more"): the threshold itself counts
        boolean inclusive = AT_LEAST_WORDS.matcher(m.group()).find();
        List<String[]> out = kv("cond", metric + (inclusive ? " >= " : " > ") + value + " x " + ref(m.group(5)) + " "
                + days + "d");
        if (m.group(2) != null) {
            out.add(new String[] {"session", m.group(2).startsWith("r") || m.group(2).startsWith("р") ? "RTH" : "ETH"});
        }
        return out;
    }

    static String numberList(String text) {
        // "1 2 и 5": numbers apart by a space alone are apart too
        return String.join(",", text.replaceAll("(?<=\\d)\\s+(?=\\d)", ",").replaceAll("(and|и|/)", ",")
                .replaceAll("[^0-9.,-]", "").split(",+"));
    }

    private static List<String[]> notEvent(Matcher m) {
        String word = m.group(1);
        String event;
        if (word.startsWith("fomc") || word.startsWith("fed") || word.startsWith("фомс") || word.startsWith("фрс")) {
            event = "fomc";
        } else if (word.startsWith("cpi")) {
            event = "cpi";
        } else if (word.startsWith("nfp") || word.startsWith("нонфарм")) {
            event = "nfp";
        } else if (word.startsWith("opex") || word.startsWith("опекс") || word.startsWith("экспираци")) {
            event = "opex";
        } else {
            event = "holiday";
        }
        return kv("cond", flagOff(event));
    }

    /** The condition that a day is not an event's, a pattern's or a colour's, as the parser writes it. */
    static String flagOff(String name) {
        return "is_" + name + " = 0";
    }

    private static List<String[]> consecutive(Matcher m) {
        return consecutive(m.group(1), m.group(2), m.group(3));
    }

    private static List<String[]> consecutive(String exactly, String n, String colorWord) {
        String color = colorWord.startsWith("green") || colorWord.startsWith("зелен") || colorWord.equals("bullish")
                ? "green" : "red";
        if (Integer.parseInt(n) < 1) {
            return null;
        }
        return kv("consec", color + (exactly != null ? " = " : " >= ") + n);
    }

    private static String op(String cmp, boolean negative) {
        if (cmp == null) {
            return negative ? "<" : ">";
        }
        String c = cmp.strip();
        boolean atLeast = c.equals("at least") || c.equals("no less than") || c.startsWith("не менее")
                || c.equals("не меньше") || c.equals("минимум") || c.equals(">=");
        boolean less = c.startsWith("less") || c.startsWith("smaller") || c.startsWith("lower") || c.equals("under")
                || c.equals("below") || c.startsWith("меньше") || c.startsWith("менее") || c.equals("ниже")
                || c.equals("<");
        boolean atMost = c.equals("at most") || c.equals("no more than") || c.equals("не более") || c.equals("максимум")
                || c.equals("<=");
        if (c.equals("=")) {
            return "=";
        }
        // "a gap down worse than -0.5%", "change worse than -2%": further down, whatever the sign says
        if (c.startsWith("worse") || c.startsWith("хуже")) {
            return "<";
        }
        String op = atLeast ? ">=" : atMost ? "<=" : less ? "<" : ">";
        if (!negative) {
            return op;
        }
        return switch (op) {
            case ">" -> "<";
            case ">=" -> "<=";
            case "<" -> ">";
            default -> ">=";
        };
    }

    private static boolean isPoints(String unit) {
        return unit != null && (unit.startsWith("point") || unit.startsWith("pt") || unit.startsWith("пункт")
                || unit.equals("п."));
    }

    private static boolean isPercent(String unit) {
        return unit != null && !isPoints(unit);
    }

    private static List<String[]> directionThreshold(Matcher m, boolean up) {
        String unit = m.group(3);
        double value = Math.abs(Double.parseDouble(m.group(2)));
        String metric = isPoints(unit) ? "change" : "change_pct";
        String number = FilterText.number(up ? value : -value);
        return kv("cond", metric + " " + op(m.group(1), !up) + " " + number);
    }

    /** "dropped 3 days in a row", "падал 5 недель подряд": a run of moves one way, on weeks or months when said. */
    private static List<String[]> runOfMoves(Matcher m, String direction) {
        List<String[]> run = kv("dir", direction, "op", "streak", "minlen", m.group(1) != null ? m.group(1) : m.group(3));
        if (m.group(2) != null) {
            run.addAll(kv("tf", unitTimeframe(m.group(2))));
        }
        return run;
    }

    private static List<String[]> gapThreshold(Matcher m) {
        boolean up = m.group(1).equals("up") || m.group(1).equals("higher") || m.group(1).equals("вверх")
                || m.group(1).equals("выше") || m.group(1).equals("ап");
        double value = Math.abs(Double.parseDouble(m.group(3)));
        String metric = isPoints(m.group(4)) || m.group(4) == null ? "gap" : "gap_pct";
        if (m.group(4) == null) {
            metric = "gap_pct";
        }
        return kv("cond", metric + " " + op(m.group(2), !up) + " " + FilterText.number(up ? value : -value));
    }

    /** The measure in the unit said after its size: "range … 1.5%" is range_pct, "change … 500 pts" is change. */
    private static String inUnit(String metric, String unit) {
        if (isPercent(unit)) {
            return switch (metric) {
                case "range" -> "range_pct";
                case "gap" -> "gap_pct";
                case "body" -> "body_pct";
                default -> metric;
            };
        }
        return isPoints(unit) && metric.equals("change_pct") ? "change" : metric;
    }

    private static List<String[]> metricThreshold(Matcher m) {
        String metric = inUnit(metricOf(m.group(1)), m.group(5));
        double value = Double.parseDouble(m.group(4));
        // "a gap worse than 1%": further down than -1 %, whatever sign was written
        if (m.group(3).startsWith("worse") || m.group(3).startsWith("хуже")) {
            value = -Math.abs(value);
        }
        List<String[]> out = kv("cond", metric + " " + op(m.group(3), false) + " " + FilterText.number(value));
        return withSession(out, m);
    }

    /** The findings with the session said right after the measure ("range rth > 300"), when one was. */
    private static List<String[]> withSession(List<String[]> out, Matcher m) {
        if (m.group("sess") != null) {
            out.add(new String[] {"session", m.group("sess").startsWith("r") || m.group("sess").startsWith("р")
                    ? "RTH" : "ETH"});
        }
        return out;
    }

    private static List<String[]> bodyThreshold(String cmp, String number, String unit, String side) {
        boolean below = side.startsWith("below") || side.startsWith("under") || side.startsWith("ниже");
        double value = Math.abs(Double.parseDouble(number));
        String metric = isPoints(unit) ? "body" : "body_pct";
        return kv("cond", metric + " " + op(cmp, below) + " " + FilterText.number(below ? -value : value));
    }

    /**
     * A time window written loosely. It is a window only when it says so: minutes, am/pm or a parenthesis around
     * it. Hours without am/pm are trading hours: 1–8 are afternoon hours (15:30-16:00 for "3:30-4") unless
     * "утра" / "am" says morning.
     */
    private static List<String[]> traderWindow(Matcher m) {
        boolean minutes = m.group(2) != null || m.group(5) != null;
        boolean marked = m.group(3) != null || m.group(6) != null;
        boolean parenthesis = m.group().startsWith("(") && m.group().endsWith(")");
        if (!minutes && !marked && !parenthesis) {
            return List.of();
        }
        int fromHour = Integer.parseInt(m.group(1));
        int toHour = Integer.parseInt(m.group(4));
        if (fromHour > 23 || toHour > 24 || fromHour > 12 && m.group(3) != null) {
            return List.of();
        }
        // "10 to 11am": the morning of the second hour is the first's too; "6pm to 9:30": the cash open is its own
        String fromMark = m.group(3) != null ? m.group(3) : m.group(6);
        String toMark = m.group(6) != null ? m.group(6) : m.group(5) == null ? m.group(3) : null;
        int from = hour24(fromHour, fromMark);
        int to = hour24(toHour, toMark);
        // "8:45-9:15": an hour that ends in the morning before noon started in the morning
        if (fromMark == null && toMark == null && fromHour <= 8 && toHour >= 9 && toHour <= 11) {
            from = fromHour;
        }
        // "10 to 11am" stays, "3:30-4" is afternoon, "6pm to 9:30" wraps past midnight
        if (to < from && !"am".equals(toMark) && !"утра".equals(toMark) && to + 12 < 24 && m.group(6) == null
                && from < 12) {
            to += 12;
        }
        String window = String.format(Locale.ROOT, "%02d:%s-%02d:%s", from,
                m.group(2) == null ? "00" : m.group(2), to, m.group(5) == null ? "00" : m.group(5));
        return kv("time", window);
    }

    private static int hour24(int hour, String mark) {
        if (mark == null) {
            return hour >= 1 && hour <= 8 ? hour + 12 : hour;
        }
        boolean morning = mark.equals("am") || mark.equals("утра");
        if (morning) {
            return hour == 12 ? 0 : hour;
        }
        return hour < 12 ? hour + 12 : hour;
    }

    private static String unitTimeframe(String word) {
        if (word.startsWith("h") || word.startsWith("час")) {
            return "1h";
        }
        return word.startsWith("w") || word.startsWith("н") ? "1W" : "1M";
    }

    /** "Green weeks", "растущих месяцев": the rows are weeks or months, and the colour or direction stays. */
    private static List<String[]> colouredUnits(Matcher m) {
        String adjective = m.group(1);
        String tf = unitTimeframe(m.group(2));
        if (adjective.startsWith("green") || adjective.startsWith("зелен") || adjective.startsWith("bullish")) {
            return kv("tf", tf, "color", "green");
        }
        if (adjective.startsWith("red") || adjective.startsWith("красн") || adjective.startsWith("bearish")) {
            return kv("tf", tf, "color", "red");
        }
        boolean up = adjective.startsWith("up") || adjective.startsWith("positive") || adjective.startsWith("winning")
                || adjective.startsWith("растущ");
        return kv("tf", tf, "dir", up ? "up" : "down");
    }

    private static String percentMetric(String word) {
        if (word.startsWith("g") || word.startsWith("гэп")) {
            return "gap_pct";
        }
        if (word.startsWith("b") || word.startsWith("тел")) {
            return "body_pct";
        }
        return "range_pct";
    }

    private static List<String[]> gap(Matcher m) {
        String word = firstGroup(m);
        boolean up = word.equals("up") || word.equals("higher") || word.equals("вверх") || word.equals("ап");
        return kv("gap", up ? "up" : "down");
    }

    private static List<String[]> each(Matcher m) {
        String word = firstGroup(m);
        String group = switch (word.substring(0, Math.min(3, word.length()))) {
            case "mon", "мес" -> "month";
            case "yea", "год" -> "year";
            case "qua", "ква" -> "quarter";
            default -> "weekday";
        };
        return kv("each", group);
    }

    private static String holidayMonth(String holiday) {
        if (holiday.startsWith("thanks") || holiday.startsWith("дн")) {
            return "november";
        }
        return holiday.startsWith("christ") || holiday.startsWith("xmas") || holiday.startsWith("рожд") ? "december" : "july";
    }

    private static String extreme(String word) {
        return word.startsWith("high") || word.equals("top") || word.startsWith("хай") || word.startsWith("максимум")
                ? "high" : "low";
    }

    private static List<String[]> weekday(Matcher m) {
        if (m.group(1) != null) {
            return kv("weekday", m.group(1));
        }
        List<String> stems = List.of("понедельник", "вторник", "сред", "четверг", "пятниц");
        return kv("weekday", FilterText.WEEKDAYS.get(stems.indexOf(m.group(2))));
    }

    private static String rankSort(String word) {
        String w = word.strip();
        boolean asc = w.startsWith("small") || w.startsWith("low") || w.startsWith("narrow") || w.startsWith("worst")
                || w.startsWith("weak") || w.startsWith("tight") || w.startsWith("маленьк") || w.startsWith("мал")
                || w.startsWith("низк") || w.startsWith("слаб") || w.startsWith("узк") || w.startsWith("худш")
                || w.startsWith("наименьш") || w.startsWith("мелк") || w.startsWith("плох") || w.startsWith("short")
                || w.startsWith("коротк") || w.startsWith("спокойн") || w.startsWith("тих") || w.startsWith("дохл")
                || w.startsWith("вял");
        return asc ? "asc" : "desc";
    }

    private static List<String[]> englishRank(Matcher m) {
        String sort = rankSort(m.group(1));
        String second = m.group(2) == null ? "" : m.group(2).strip();
        String third = m.group(3) == null ? "" : m.group(3).strip();
        // "biggest drop" is one day, "biggest drops" / "biggest days" ten
        String noun = second;
        if (!third.isEmpty() && (second.equals("daily") || second.equals("single") || second.equals("one")
                || second.equals("intraday") || second.equals("gap") || second.equals("down")
                || second.equals("up") || second.equals("red") || second.equals("green") || second.equals("rth")
                || second.equals("eth") || second.equals("nq"))) {
            noun = third;
        }
        boolean plural = noun.endsWith("s") && !noun.endsWith("ss") && !noun.equals("was") && !noun.equals("is")
                && !noun.equals("its") && !noun.equals("this");
        List<String[]> out = kv("rank", sort, "ndefault", plural ? "10" : "1");
        if (aboutWidth(m.group(1))) {
            out.add(new String[] {"metric", "range"});
        }
        return out;
    }

    private static String closingWindow(int minutes) {
        int start = 16 * 60 - minutes;
        return String.format(Locale.ROOT, "%02d:%02d-16:00", start / 60, start % 60);
    }

    private static String openingWindow(String minutes) {
        int end = 9 * 60 + 30 + Integer.parseInt(minutes);
        return String.format(Locale.ROOT, "09:30-%02d:%02d", end / 60, end % 60);
    }

    private static List<String[]> priceLevel(Matcher m) {
        double value = Double.parseDouble(m.group(3));
        if (Math.abs(value) < 100) {
            return null;
        }
        String word = m.group(1);
        String metric = word.startsWith("open") || word.startsWith("откр") ? "open" : "close";
        return kv("cond", metric + " " + op(m.group(2), false) + " " + FilterText.number(value));
    }

    private static List<String[]> twoQuarters(Matcher m) {
        String year = m.group(3) == null ? "" : m.group(3) + "-";
        return kv("when", year + "q" + ordinal(m.group(1)), "when", year + "q" + ordinal(m.group(2)));
    }

    /** 2 for "second" or "второй", up to 10. */
    private static int ordinalWord(String word) {
        List<String> stems = List.of("second|втор", "third|трет", "fourth|четв", "fifth|пят", "sixth|шест",
                "seventh|седьм", "eighth|восьм", "ninth|девят", "tenth|десят");
        for (int i = 0; i < stems.size(); i++) {
            for (String stem : stems.get(i).split("\\|")) {
                if (word.startsWith(stem)) {
                    return i + 2;
                }
            }
        }
        throw new IllegalArgumentException("not an ordinal word: " + word);
    }

    private static int ordinal(String word) {
        if (word.startsWith("first") || word.startsWith("перв")) {
            return 1;
        }
        if (word.startsWith("second") || word.startsWith("втор")) {
            return 2;
        }
        return word.startsWith("third") || word.startsWith("трет") ? 3 : 4;
    }

    private static List<String[]> sizedRangeOrGap(Matcher m) {
        double value = Math.abs(Double.parseDouble(m.group(1)));
        boolean percent = !isPoints(m.group(3));
        String op = m.group(2) != null || m.group(4) != null ? " >= " : " > ";
        String noun = m.group(5);
        if (noun.startsWith("r") || noun.startsWith("р") || noun.startsWith("д")) {
            return kv("cond", (percent ? "range_pct" : "range") + op + FilterText.number(value));
        }
        boolean down = noun.contains("down") || noun.contains("вниз");
        boolean up = noun.contains("up") || noun.contains("вверх");
        String metric = percent ? "gap_pct" : "gap";
        if (!up && !down) {
            return null;
        }
        String bound = down ? op.replace('>', '<') : op;
        return kv("cond", metric + bound + FilterText.number(down ? -value : value));
    }

    private static List<String[]> sizeBeforeNoun(Matcher m) {
        String noun = m.group(4);
        String op = m.group(3) != null ? " >= " : " > ";
        boolean up = noun.startsWith("rall") || noun.startsWith("gain") || noun.startsWith("rise")
                || noun.startsWith("jump") || noun.startsWith("up") || noun.startsWith("win") || noun.startsWith("рост");
        double value = Math.abs(Double.parseDouble(m.group(1)));
        String metric = isPoints(m.group(2)) ? "change" : "change_pct";
        return kv("cond", metric + (up ? op : op.replace('>', '<')) + FilterText.number(up ? value : -value));
    }

    /** "10th and 90th", "p10/p90": the percentile numbers, each a percent between 0 and 100. */
    private static List<String[]> percentiles(String text) {
        List<String> values = new ArrayList<>();
        Matcher n = Pattern.compile("\\d+(?:\\.\\d+)?").matcher(text);
        while (n.find()) {
            double v = Double.parseDouble(n.group());
            if (v <= 0 || v >= 100) {
                return null;
            }
            values.add(n.group());
        }
        return kv("percentiles", String.join(",", values), "op", "distribution");
    }

    private static List<String[]> streakOf(Matcher m) {
        List<String[]> out = kv("op", "streak", "minlen", m.group(2) != null ? m.group(2) : m.group(3));
        if (m.group(4) != null) {
            out.add(new String[] {"color", m.group(4).startsWith("green") || m.group(4).startsWith("зелен")
                    ? "green" : "red"});
        }
        return out;
    }

    /** "3 самых широких", "5 widest": a number of days ranked, by the range when the word is about width. */
    private static List<String[]> numberedRank(String adjective, String n) {
        List<String[]> out = kv("rank", rankSort(adjective), "n", n);
        if (aboutWidth(adjective)) {
            out.add(new String[] {"metric", "range"});
        }
        return out;
    }

    /** "widest", "narrowest", "самые широкие / узкие": a ranking word about width ranks by the range. */
    private static boolean aboutWidth(String word) {
        return word.equals("widest") || word.equals("narrowest") || word.equals("tightest") || word.startsWith("широк")
                || word.startsWith("узк") || word.startsWith("волатильн") || word.startsWith("спокойн")
                || word.startsWith("тих") || word.startsWith("бурн");
    }

    /** The word after a superlative, when it says one row or many: "the wildest day", "самый волатильный день". */
    private static final String ONE_OR_MANY = "(?=\\s+(day|session|week|month|hour|день|сессия|неделя|месяц|час|days|sessions|"
            + "weeks|months|hours|дни|дней|недели|недель|месяцы|месяцев|сессии|часы|часов)(?![\\p{L}]))?";

    /** "the most volatile day" is one day; "самые волатильные дни", or no word after it, the default list. */
    private static List<String[]> volatileRank(Matcher m, String sort) {
        List<String[]> out = kv("rank", sort, "metric", "range");
        String unit = m.group(1);
        boolean one = unit != null && !unit.matches(".*(?:s|и|ы|ей|ев|ов)$");
        if (one) {
            out.add(new String[] {"ndefault", "1"});
        }
        return out;
    }

    private static List<String[]> russianRank(Matcher m) {
        String first = m.group(1) != null ? m.group(1) : m.group(2);
        boolean plural = first.endsWith("ые") || first.endsWith("ых") || first.endsWith("ие") || first.endsWith("их");
        String adjective = m.group(1) != null ? m.group().substring(m.group(1).length()).strip() : first;
        if (m.group(2) != null) {
            adjective = m.group(2);
        }
        List<String[]> out = kv("rank", rankSort(adjective), "ndefault", plural ? "10" : "1");
        if (aboutWidth(adjective)) {
            out.add(new String[] {"metric", "range"});
        }
        return out;
    }

    private static String firstGroup(Matcher m) {
        for (int i = 1; i <= m.groupCount(); i++) {
            if (m.group(i) != null) {
                return m.group(i);
            }
        }
        return m.group();
    }
}
