package barb.agents.reading;

import barb.agents.periods.PeriodPhrases;
import barb.agents.steps.FilterText;
import barb.agents.text.Vocabulary;
import barb.agents.text.WordForms;
import barb.agents.text.WordNumbers;
import barb.agents.text.LanguageDetector;
import barb.agents.text.SpokenNumbers;
import barb.agents.text.TextNormalizer;
import barb.core.ParsedStep;
import barb.core.Plan;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.BitSet;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Reads a trader's question (English or Russian, typos and slang included) into one parsed step, following
 * docs/understanding.md. Deterministic: the {@link Lexicon} rules find what the question names (metrics,
 * sessions, periods, filters, operations), every other word must be filler, and what is left decides the step.
 * A word it does not know is never dropped: it becomes a clarification ("term:&lt;word&gt;"), and things Barb has
 * no data for (indicators, other instruments, news, live prices, predictions, signals) an out-of-scope answer.
 */
public final class QuestionReader {
    private static final Logger LOG = LoggerFactory.getLogger(QuestionReader.class);
    private static final Pattern WHERE = Pattern.compile("(?<![\\p{L}])where (.+?)(?=\\s*(?<!\\d):(?!\\d)\\s?|\\s+vs\\s|$)");
    private static final Pattern TOKEN = Pattern.compile("[^\\s,:()]+");
    private static final Pattern SPACES = Pattern.compile("\\s+");
    private static final Pattern YEAR_RANGE = Pattern.compile(
            "(?<![\\d.-])((?:19|20)\\d\\d)\\s?[-–]\\s?((?:19|20)\\d\\d)(?![\\d-])");
    private static final Pattern RUN_IT_BACK = Pattern.compile("(?<![\\p{L}])(?:run (?:it|that|this|those|em) back"
            + "|re-?run (?:it|that|this)|redo (?:it|that|this))(?![\\p{L}])");
    /** "2023 to now", "с 2021 по сейчас": from that year to the data's end. */
    private static final Pattern YEAR_TO_NOW = Pattern.compile("(?<![\\d.-])(?:(?:from|с|со) )?((?:19|20)\\d\\d)(?: года| г)?"
            + " ?(?:to|till|until|thru|through|-|–|по|до) (?:now|today|date|present|the present|current|сейчас|сегодня"
            + "|сегодняшний день|настоящее время|наши дни|сей день|текущий момент)(?![\\p{L}])");
    /** "nasdaq 100", "ndx-100": the index's name; "nq 100 points" is a threshold. */
    private static final Pattern INDEX_NAME_100 = Pattern.compile(
            "(?<![\\p{L}])(nasdaq|ndx|насдак\\p{L}*)[ -]?100(?![\\d.%+x])(?! ?(?:points?|pts?|пункт\\p{L}*))");
    private static final Pattern BARE_DECIMAL = Pattern.compile("(?<![\\d.])\\.(\\d)");
    private static final String MONTH_RU = "(января|февраля|марта|апреля|мая|июня|июля|августа|сентября|октября|ноября|декабря)";
    private static final String MONTH_EN = "(jan\\p{L}*|feb\\p{L}*|mar\\p{L}*|apr\\p{L}*|may|jun\\p{L}*|jul\\p{L}*|aug\\p{L}*|"
            + "sep\\p{L}*|oct\\p{L}*|nov\\p{L}*|dec\\p{L}*)";
    private static final Pattern DAYS_OF_A_MONTH_RU = Pattern.compile("(?<![\\p{L}])(с|от) (\\d{1,2}) (?:по|до|-) (\\d{1,2}) "
            + MONTH_RU + "(?: ((?:19|20)\\d\\d))?(?![\\p{L}\\d])");
    private static final Pattern DAYS_OF_A_MONTH_EN = Pattern.compile("(?<![\\p{L}])" + MONTH_EN
            + " (\\d{1,2})(?:st|nd|rd|th)? ?[-–] ?(\\d{1,2})(?:st|nd|rd|th)?(?:,? ((?:19|20)\\d\\d))?(?![\\p{L}\\d])");
    private static final Pattern DAYS_BEFORE_MONTH = Pattern.compile("(?<![\\p{L}\\d])(\\d{1,2}) ?[-–] ?(\\d{1,2}) "
            + "(" + MONTH_RU.substring(1, MONTH_RU.length() - 1) + "|" + MONTH_EN.substring(1, MONTH_EN.length() - 1)
            + ")(?: ((?:19|20)\\d\\d))?(?![\\p{L}\\d])");
    private static final Pattern CLOCK = Pattern.compile("(?<!\\d)\\d{1,2}:\\d{2}(?!\\d)");
    private static final Pattern CORRELATION_WORD = Pattern.compile("cor+e?lat|cor+ol|кор+ел|связь|relationship");
    private static final Pattern TOMORROW = Pattern.compile(
            "(?<![\\p{L}])(?:tomorrow|tmrw|завтра|завтрашн\\p{L}*)(?![\\p{L}])");
    private static final Pattern WORD_SLASH = Pattern.compile("(?<=\\p{L}{2})/(?=\\p{L}{2})");
    private static final Pattern OR_MORE = Pattern.compile("\\s*(?:or more|or greater|or bigger|or larger|"
            + "or higher|or lower|or worse|and up|and more|plus|и более|или более|и больше|или больше|и выше)(?![\\p{L}])");
    /** Words after which an unknown word is probably a condition ("after a squeeze", "when vix"). */
    private static final Set<String> CONDITION_BEFORE = Set.of("when", "if", "after", "whenever", "where", "while",
            "with", "having", "without", "excluding", "except", "unless", "когда", "если", "после", "при", "кроме",
            "без", "пока", "с", "со");
    private static final Set<String> DAYS = Set.of("days", "day", "sessions", "дней", "дни", "дня", "день");
    /** "than 2025" after a comparison word other than a threshold's ("more than 2000" is a number). */
    private static final Pattern THAN_YEAR = Pattern.compile("(?: (?:higher|lower|bigger|smaller|better|worse|"
            + "больше|меньше|выше|ниже|лучше|хуже|сильнее|слабее),?)?(?<!more|less|fewer|greater|over|under) "
            + "(?:than (?:in )?|чем в )((?:19|20)\\d\\d)"
            + "(?![\\d.,]| ?(?:%|pts|points|пункт))(?: год\\p{L}*)?");
    private static final Pattern YEAR = Pattern.compile("(?<![\\d.])(?:19|20)\\d\\d(?![\\d.])");
    private static final Pattern NY_HOURS = Pattern.compile("(?<![\\d:.])(?:from |с )?([7-9]|1[0-2])(?::([0-5]\\d))? ?"
            + "(?:to|till|until|-|до) ?([7-9]|1[0-2])(?::([0-5]\\d))? (?=(?:ny|nyc|new york|eastern|et) time|et(?![\\p{L}])|"
            + "по нью-?йорку|по нью-?йоркскому|по их времени)");
    private static final Pattern THAN_USUAL_GENITIVE = Pattern.compile("(?<![\\p{L}])(больше|меньше|выше|ниже|шире|уже|"
            + "сильнее|слабее|чаще|реже) обычного(?![\\p{L}])");
    private static final Pattern TODAY = Pattern.compile("(?<![\\p{L}])(?:today|сегодня)(?![\\p{L}])");
    private static final Pattern YESTERDAY = Pattern.compile("(?<![\\p{L}])(?:yesterday'?s?|вчерашн\\p{L}*)(?![\\p{L}]) ?");
    private static final Pattern THEN_TODAY = Pattern.compile("(?<![\\p{L}])(and|и|with|с|vs) (?:today'?s?|сегодняшн\\p{L}*)"
            + "(?![\\p{L}])");
    private static final Pattern MULTIPLE_WORD = Pattern.compile("(?<![\\p{L}])(double|twice|triple|thrice|вдвое|втрое|"
            + "в два раза|в три раза|в полтора раза)(?= (?:больше |выше |более )?(?:the |its |their |чем |от )?"
            + "(?:\\d+[ -]?(?:day|d|дневн\\p{L}*) )?(?:average|avg|mean|median|средн\\p{L}*|медиан\\p{L}*))");
    /** A size with no number ("gap big", "a huge week", "гэп большой"): how big is asked, as for "big days". */
    private static final Pattern SIZE_WORD = Pattern.compile(Lexicon.SIZE_WORDS);
    /** A span of days a size word can size: "a big week", "большие недели". */
    private static final Pattern SIZED_SPAN = Pattern.compile(" (?:weeks?|months?|days?|sessions?|years?|недел\\p{L}*|"
            + "месяц\\p{L}*|дн(?:и|ей|я)|день|сесси\\p{L}*|год\\p{L}*)(?![\\p{L}])");
    /** What a size word next to it sizes: a measure or a move. */
    private static final Set<String> SIZED_KINDS = Set.of("metric", "gap", "dir", "color");
    private static final Pattern NO_SIZE_AFTER = Pattern.compile("(?:" + Lexicon.NOT_A_SIZE_AFTER + ") $");
    /** How many days a ranking shows, as a bare number: 1 to 50. */
    private static final Pattern RANKED_COUNT = Pattern.compile("[1-9]|[1-4]\\d|50");
    /** What may stand between such a number and its ranking word: nothing, or an article ("the 5 …", "по 3 самых"). */
    private static final Pattern NEXT_TO_RANK = Pattern.compile("\\s*(?:(?:the|по|самых|самые|most) )?\\s*");
    /** Findings that measure something: without a metric of their own, an unknown word may be the measure. */
    private static final Set<String> MEASURING = Set.of("agg", "rank");
    private static final Set<String> MEASURING_OPS = Set.of("distribution", "correlation");
    /** What may follow a condition word: a comparison, a number, or "days". */
    private static final Pattern CONDITION_AFTER = Pattern.compile("[<>=]+|-?\\d.*|above|below|over|under|"
            + "greater|less|more|higher|lower|days?|sessions?|выше|ниже|больше|меньше|более|менее|дн\\p{L}*|день");

    private QuestionReader() {
    }

    /** Reads any text; never throws. */
    public static Reading read(String question) {
        if (question == null || question.isBlank()) {
            return new Reading(null, List.of(), null, List.of(), null);
        }
        question = withoutGreeting(question);
        try {
            Reading bothWays = eitherWay(question);
            if (bothWays != null) {
                return bothWays;
            }
            Reading ranked = bothEnds(question);
            if (ranked != null) {
                return ranked;
            }
            Reading bothSigns = eachSign(question);
            if (bothSigns != null) {
                return bothSigns;
            }
            Reading bothStatistics = twoStatistics(question);
            if (bothStatistics != null) {
                return bothStatistics;
            }
            String asked = withoutAsides(question);
            // "сравните средний рейндж ртх в 2022 и в 2025, реально сейчас тише или мне кажется": the trader's own
            // reason after the question asks nothing, and its words ("сейчас", "праздники") would read as more
            String reasonless = withoutReason(asked);
            if (reasonless != null) {
                Reading alone = read(reasonless);
                if (complete(alone)) {
                    return alone;
                }
            }
            // "does the gap tell you anything about the rest of the day? i.e. correlation of gap % with the
            // open-to-close move": what follows "i.e." says the question exactly
            Reading restated = restated(asked);
            if (restated != null) {
                return restated;
            }
            // "I hold longs overnight and sell at the overnight high. How often does RTH take it out in 2025?": the
            // story before the question gives context in words that would read as more sides; the question alone
            // is read when it is a whole question by itself
            String last = questionAfterStory(asked);
            if (last != null) {
                Reading alone = readNormalized(normalize(last)).reading;
                // ("… i was a runner that day. what'd nq do?": a question that names nothing needs its story)
                if (alone.step() != null && alone.clarify().isEmpty() && alone.outOfScope() == null
                        && !isBareList(alone.step())) {
                    // ("Добрый день. Подскажите, каков средний диапазон … и какая доля дней …?": both of its asks)
                    return twoParts(last).map(parts -> secondPart(alone, parts)).orElse(alone);
                }
            }
            List<String> sentences = sentences(asked);
            String core = questionSentences(sentences);
            if (core != null) {
                Reading alone = readNormalized(normalize(core)).reading;
                if (complete(alone)) {
                    return twoParts(core).map(parts -> secondPart(alone, parts)).orElse(alone);
                }
            }
            Reading whole = readNormalized(normalize(asked)).reading;
            Reading answered = twoParts(asked).map(parts -> secondPart(whole, parts)).orElse(whole);
            // "что было 5 августа 2024? помню, меня выбило по стопу на обвале": when what stops the whole message is
            // in its story, the sentences that ask are read alone
            String asking = askingSentences(sentences);
            if (asking != null && contextStopsIt(answered, asking)) {
                Reading alone = readNormalized(normalize(asking)).reading;
                if (complete(alone)) {
                    return twoParts(asking).map(parts -> secondPart(alone, parts)).orElse(alone);
                }
            }
            // "а что было 10 октября? говорят, там был сильный обвал": a day's recap takes no condition, so a size
            // word in the story around it asks nothing
            if (asking != null && !answered.clarify().isEmpty()) {
                Reading alone = readNormalized(normalize(asking)).reading;
                if (complete(alone) && alone.step().operation().equals("snapshot")) {
                    return alone;
                }
            }
            return asksVaguely(answered, asked) ? VAGUE : answered;
        } catch (RuntimeException e) {
            LOG.warn("question reader failed on a question of {} characters", question.length(), e);
            return new Reading(null, List.of(), null, List.of(), null);
        }
    }

    /**
     * A last clause that gives the trader's reason or feeling: set off by punctuation, opening with a personal word
     * ("я", "мне", "хочу понять", "есть ощущение", "i", "my", "trying to", "feels like"), refining nothing (no session,
     * number, "only" or "I mean").
     */
    private static final Pattern REASON = Pattern.compile("[,;.!–—]\\s*(?:-\\s*)?(?:(?:а|но|ведь|and|but|so|because|cause|cuz|since|"
            + "потому что|так как|т\\.? ?к\\.?)\\s+)?(?:я|мне|меня|у меня|хочу|хотел\\p{L}*|есть ощущение|ощущение|кажется|"
            + "по ощущениям|реально|чтобы|i|i'm|im|i've|ive|i'd|my|want to|trying to|to see if|just curious|curious|"
            + "feels like|feel like|seems like|wondering)(?![\\p{L}'])[^,;.!?–—]*[.!]?\\s*$",
            Pattern.CASE_INSENSITIVE | Pattern.UNICODE_CASE);
    private static final Pattern REFINES = Pattern.compile("\\d|(?<![\\p{L}])(?:mean|meant|only|just the|excluding|except|"
            + "про|имею в виду|имел в виду|только|кроме|без|rth|eth|ртх|етх|session|сесси\\p{L}*|in points|в пунктах|в процентах)"
            + "(?![\\p{L}])", Pattern.CASE_INSENSITIVE | Pattern.UNICODE_CASE);

    /** The question without its last clause when that clause is the trader's reason; null when there is none. */
    static String withoutReason(String question) {
        Matcher reason = REASON.matcher(question);
        if (!reason.find() || reason.start() < 12 || REFINES.matcher(reason.group()).find()) {
            return null;
        }
        return question.substring(0, reason.start()).strip();
    }

    /** "up or down more than 2%", "moved over 1.5% either way", "больше чем на 2% в любую сторону": a move of any sign. */
    private static final Pattern EITHER_WAY = Pattern.compile("(?:(?:moved|moves|move|went|swung|ходил\\p{L}*|двигал\\p{L}*|"
            + "сходил\\p{L}*|прош[её]л) )?(?:(?:up or down|down or up|вверх или вниз|вниз или вверх)"
            + " (?:by )?(?:more than|over|at least|>|больше(?: чем)? на|более чем на|больше|более) ?(\\d+(?:[.,]\\d+)?) ?%"
            + "|(?:more than|over|at least|>|больше(?: чем)? на|более чем на|больше(?: чем)?|более|свыше) ?(\\d+(?:[.,]\\d+)?) ?%"
            + " (?:either way|in either direction|each way|в любую сторону|в обе стороны|в ту или иную сторону))");

    /**
     * A move of either sign asked about: the plan language has no absolute move, so the question is asked twice, once
     * for each direction, and both answers are shown (their sum is the move of any sign). Null when the question has
     * no such move or either reading is incomplete.
     */
    private static Reading eitherWay(String question) {
        String lower = question.toLowerCase(Locale.ROOT).replace('ё', 'е');
        Matcher m = EITHER_WAY.matcher(lower);
        if (!m.find()) {
            return null;
        }
        String size = (m.group(1) != null ? m.group(1) : m.group(2)).replace(',', '.');
        boolean russian = lower.matches("(?s).*\\p{IsCyrillic}.*");
        String up = lower.substring(0, m.start()) + (russian ? "вырос больше чем на " : "up more than ") + size + "%"
                + lower.substring(m.end());
        String down = lower.substring(0, m.start()) + (russian ? "упал больше чем на " : "down more than ") + size + "%"
                + lower.substring(m.end());
        return twoSteps(read(up), read(down));
    }

    /**
     * Two readings of one question shown as one answer of two steps; null when either is incomplete, has more steps
     * of its own, or computes another operation than the other.
     */
    private static Reading twoSteps(Reading first, Reading second) {
        if (!complete(first) || !complete(second) || !first.more().isEmpty() || !second.more().isEmpty()
                || !first.step().operation().equals(second.step().operation())) {
            return null;
        }
        ParsedStep other = second.step();
        return first.withMore(new ParsedStep("s2", other.operation(), other.atoms(), other.params()));
    }

    /** "up and down separately", "either direction", "в любую сторону": a move of each sign, said apart from its size. */
    private static final Pattern EACH_SIGN = Pattern.compile("(?:,? )?(?:(?:up and down|down and up|up & down|up/down|"
            + "ups and downs|green and red|red and green),? (?:separately|each|split|apart)|(?:in )?either (?:way|direction)"
            + "|each way|both (?:ways|directions|tails)(?: separately)?|(?:in )?any direction|в любую сторону|в обе стороны"
            + "|в ту или иную сторону"
            + "|(?:вверх и вниз|вниз и вверх|рост и падение|отдельно вверх и вниз),? (?:отдельно|по отдельности|раздельно)?)"
            + "(?![\\p{L}])");
    private static final Pattern PLUS_MINUS = Pattern.compile("±\\s?(\\d+(?:[.,]\\d+)?)\\s?%");
    /** A signed condition with a positive size: the one a move of each sign mirrors. */
    private static final Pattern SIGNED_SIZE = Pattern.compile("(?<![\\p{L}_])(change_pct|change|gap_pct|gap) (>=?) "
            + "(\\d+(?:\\.\\d+)?)");
    /** Words that compare, just before a size: "are bigger than", "получается больше". */
    private static final Pattern COMPARED_BEFORE = Pattern.compile("(?:(?:are|is|were|was|get|gets|getting|получается|"
            + "бывает|был|были) )?(?:bigger|larger|greater|wider|more|over|above|beyond|at least|больше|более|свыше)"
            + "(?: than| чем)?"
            + "(?: на)? ?$");
    private static final Pattern GAP_WORD = Pattern.compile("(?<![\\p{L}])(?:gaps?|гэп\\p{L}*|геп\\p{L}*)(?![\\p{L}])");
    /** A size said with its unit: where a direction word goes when the reading kept no condition. */
    private static final Pattern SIZE_SAID = Pattern.compile("(?<![\\d.])(\\d+(?:\\.\\d+)?) ?(?:%|процент\\p{L}*)(\\+)?");

    /**
     * "how many 2%+ days in 2025, up and down separately", "гэп больше 0.5% в любую сторону": the question without
     * the words of each sign is read, and its one signed condition is mirrored for the other sign. When the reading
     * kept no such condition, the size is read once with "up" and once with "down" before it. Null when neither
     * gives two complete readings of the same operation.
     */
    private static Reading eachSign(String question) {
        String lower = SpokenNumbers.digits(question.toLowerCase(Locale.ROOT).replace('ё', 'е'));
        // "beyond ±2%": a size of either sign
        if (lower.indexOf('±') >= 0) {
            lower = PLUS_MINUS.matcher(lower).replaceAll("$1% either way");
        }
        Matcher marker = EACH_SIGN.matcher(lower);
        if (!marker.find()) {
            return null;
        }
        String rest = EACH_SIGN.matcher(lower).replaceAll(" ");
        Reading one = read(rest);
        if (complete(one) && one.more().isEmpty()) {
            ParsedStep step = one.step();
            ParsedStep mirrored = mirrored(step);
            if (mirrored != null) {
                return one.withMore(mirrored);
            }
        }
        Matcher size = SIZE_SAID.matcher(rest);
        if (!size.find()) {
            return null;
        }
        boolean russian = LanguageDetector.hasCyrillic(rest);
        boolean gap = GAP_WORD.matcher(rest).find();
        String number = size.group(1) + "%";
        String before = rest.substring(0, size.start());
        Matcher compared = COMPARED_BEFORE.matcher(before);
        boolean hasComparison = compared.find();
        String head = hasComparison ? before.substring(0, compared.start()) + " " : before;
        String tail = rest.substring(size.end());
        String rise;
        String fall;
        Matcher gapWord = GAP_WORD.matcher(head);
        if (gap && gapWord.find()) {
            // "гэп на открытии больше 1%": the direction and the size right after the gap they are of
            String at = size.group(2) != null && !hasComparison ? (russian ? " не менее " : " at least ")
                    : (russian ? " больше " : " more than ");
            String without = head.substring(gapWord.end()) + tail;
            rise = head.substring(0, gapWord.end()) + (russian ? " вверх" : " up") + at + number + " " + without;
            fall = head.substring(0, gapWord.end()) + (russian ? " вниз" : " down") + at + number + " " + without;
        } else if (!hasComparison && size.group(2) != null) {
            // "2%+ days": at least the size, the direction after it
            rise = before + number + "+ " + (russian ? "рост" : "up") + tail;
            fall = before + number + "+ " + (russian ? "падение" : "down") + tail;
        } else {
            rise = head + (russian ? (gap ? "вверх больше " : "вырос больше чем на ") : "up more than ") + number + tail;
            fall = head + (russian ? (gap ? "вниз больше " : "упал больше чем на ") : "down more than ") + number + tail;
        }
        Reading rose = read(rise);
        Reading fell = read(fall);
        // (the same step both ways: the direction was not read, and one answer would be shown twice)
        return rose.step() != null && rose.step().equals(fell.step()) ? null : twoSteps(rose, fell);
    }

    /** "top 5 best and worst months", "лучшие и худшие дни": a ranking asked from both ends. */
    private static final Pattern BOTH_ENDS = Pattern.compile("(?<![\\p{L}])(?:best (?:and|&|\\+|/) worst|worst (?:and|&|\\+|/)"
            + " best|top (?:and|&) bottom|highest (?:and|&) lowest|лучши\\p{L}* и худши\\p{L}*|худши\\p{L}* и лучши\\p{L}*)"
            + "(?![\\p{L}])");

    /** A ranking of both ends read once from the top and once from the bottom; null when it is no such ranking. */
    private static Reading bothEnds(String question) {
        String lower = question.toLowerCase(Locale.ROOT).replace('ё', 'е');
        Matcher m = BOTH_ENDS.matcher(lower);
        if (!m.find()) {
            return null;
        }
        Reading top = read(lower.substring(0, m.start()) + (LanguageDetector.hasCyrillic(m.group()) ? "лучшие" : "best")
                + lower.substring(m.end()));
        if (!complete(top) || !top.more().isEmpty()) {
            return null;
        }
        ParsedStep step = top.step();
        com.fasterxml.jackson.databind.node.ObjectNode params = step.params();
        String sort = params.path("sort").asText("");
        if (!Set.of("asc", "desc").contains(sort) || !Set.of("list", "top_n").contains(step.operation())) {
            return null;
        }
        params.put("sort", sort.equals("desc") ? "asc" : "desc");
        return top.withMore(new ParsedStep("s2", step.operation(), step.atoms(), params));
    }

    /** The step with its one signed condition of a positive size turned to the other sign, or null. */
    private static ParsedStep mirrored(ParsedStep step) {
        if (step.atoms().size() != 1) {
            return null;
        }
        barb.core.Atom atom = step.atoms().get(0);
        com.fasterxml.jackson.databind.node.ObjectNode params = step.params();
        String outcome = params.path("outcome").asText("");
        int inFilter = count(SIGNED_SIZE.matcher(atom.filter() == null ? "" : atom.filter()));
        int inOutcome = count(SIGNED_SIZE.matcher(outcome));
        if (inFilter + inOutcome != 1) {
            return null;
        }
        if (inOutcome == 1) {
            params.put("outcome", mirror(outcome));
            return new ParsedStep("s2", step.operation(), step.atoms(), params);
        }
        barb.core.Atom other = new barb.core.Atom(atom.when(), atom.what(), mirror(atom.filter()), atom.timeframe());
        return new ParsedStep("s2", step.operation(), List.of(other), params);
    }

    private static int count(Matcher m) {
        int n = 0;
        while (m.find()) {
            n++;
        }
        return n;
    }

    private static String mirror(String conditions) {
        return SIGNED_SIZE.matcher(conditions).replaceAll(m -> m.group(1) + " " + (m.group(2).equals(">") ? "<" : "<=")
                + " -" + m.group(3));
    }

    private static final String STATISTIC = "(avg|average|mean|median|max|min|maximum|minimum|std|stdev|средн\\p{L}*|"
            + "медиан\\p{L}*|максимальн\\p{L}*|минимальн\\p{L}*)";
    /** "mean and median daily % change", "средний и медианный рейндж": two statistics of one measure. */
    private static final Pattern TWO_STATISTICS = Pattern.compile("(?<![\\p{L}])" + STATISTIC
            + "(?: and| и| &| ?/|,) (?:the )?" + STATISTIC + "(?![\\p{L}])");

    /**
     * Two statistics of one measure asked at once: the question is read once with each, and both answers are
     * shown. Null when there are no such two, they are the same statistic, or either reading is not a complete
     * aggregate.
     */
    private static Reading twoStatistics(String question) {
        String lower = question.toLowerCase(Locale.ROOT).replace('ё', 'е');
        Matcher m = TWO_STATISTICS.matcher(lower);
        if (!m.find()) {
            return null;
        }
        Reading first = read(lower.substring(0, m.start()) + m.group(1) + lower.substring(m.end()));
        Reading second = read(lower.substring(0, m.start()) + m.group(2) + lower.substring(m.end()));
        if (first.step() == null || !"aggregate".equals(first.step().operation()) || first.step().equals(second.step())) {
            return null;
        }
        return twoSteps(first, second);
    }

    /**
     * A later sentence or dash clause that only says what the trader feels or why they ask ("feels like sept is
     * always bad lol", "- tryna see which hour moves most", "кажется, пятницы слабые") restates the question in
     * looser words; read, its words would become a second measure or side. Such asides are left out when what
     * remains still asks something. A reason needs no comma before it ("… in % tho since price is way higher now",
     * "в процентах можно а то цена выросла"): "because", "потому что", "а то" always start one, "since" when a
     * subject and a verb in the present follow it, never before a date ("since 2020") or a past ("since it was …").
     */
    private static final Pattern ASIDE_START = Pattern.compile(
            "\\s+(?=(?:because|cuz|coz|bc|потому что|так как|ибо|а то(?! же)) |since (?:the )?"
            + "(?:price|prices|it|its|it's|we|we're|i|i'm|they|they're|vol|volume|nq|market|everything|that|this)"
            + " (?:\\p{L}+ )?(?:is|are|has|have|gets|keeps)(?![\\p{L}]))"
            + "|(?:[.?!,]+\\s+|\\s+[-–—]+\\s+|\\s*\\(\\s*)(?=(?:i |i am |i'm |just |tbh |ngl |honestly |"
            + "я |просто |честно )*(?:feels?|seems?|looks like|i think|i am thinking|i'm thinking|im thinking|i reckon|i bet|"
            + "i feel|i guess|i suspect|i heard|imo|imho|tryna|trying to|"
            + "want(?:ed)? to (?:see|know|check|understand|size|decide|plan|gauge|time|manage)|wanna (?:see|know|check|size|decide|plan)|"
            + "trying to (?:decide|figure|size|gauge|plan)|curious|wondering|"
            + "кажется|по ощущениям|ощущение|имхо|вроде|походу|чувствую|хочу (?:понять|проверить|посмотреть|узнать)|"
            + "пытаюсь понять|интересно|а то|потому что|так как|because|cuz|coz|"
            // "in % instead of points, price is way higher now": the reason, with no "since" before it
            + "(?:the )?(?:price|prices|price level|nq|it)(?:'s| is| are| has| have)(?: \\p{L}+)? (?:higher|lower|up|bigger|"
            + "different|moved|grown|doubled|tripled)(?![\\p{L}])|"
            // "… — подбираю страйки под 0dte", "(i sell premium on fridays)": what the trader does with the answer
            + "(?:i|we)(?:'m| am| are)? (?:trade|trading|sell|selling|buy|buying|hold|holding|size|sizing|pick|picking|"
            + "build|building|write|writing|test|testing|run|running)|"
            + "подбираю|торгую|продаю|покупаю|ставлю|держу|планирую|собираюсь|выбираю|ищу|строю|тестирую|пишу|"
            + "готовлю)(?![\\p{L}]))");

    /** The sentences after a first sentence that asks nothing, when they end in a question mark; else null. */
    static String questionAfterStory(String text) {
        String[] sentences = sentences(text).toArray(String[]::new);
        if (sentences.length < 2 || sentences[0].contains("?")) {
            return null;
        }
        // ("… очки забыл. скока было зеленых дней в 2025": a question typed without its question mark opens like one,
        // after a story that names no data: "my bot fades gap downs. how often do they fill" needs its story)
        if (!text.strip().endsWith("?")
                && (!QUESTION_OPENER.matcher(sentences[sentences.length - 1].strip().toLowerCase(Locale.ROOT)).find()
                        || StepBuilder.isDataLike(findings(sentences[0])))) {
            return null;
        }
        String rest = String.join(" ", java.util.Arrays.asList(sentences).subList(1, sentences.length));
        // the story asks nothing and names no period: what it says is about the trader, not the data; a period in a
        // story of feelings or memories ("2022 felt like 2008 all over again. worst 10 days of 2022?") is only left
        // out when the question names its own
        List<Lexicon.Finding> told = findings(sentences[0]);
        if (told.stream().anyMatch(f -> Set.of("op", "freq", "agg", "rank", "n", "snapshot").contains(f.kind()))) {
            return null;
        }
        boolean periodTold = told.stream().anyMatch(f -> f.kind().equals("when"));
        boolean memory = FEELING.matcher(sentences[0].toLowerCase(Locale.ROOT)).find()
                || NARRATIVE.matcher(sentences[0].toLowerCase(Locale.ROOT)).find();
        if (periodTold && !(memory && findings(rest).stream().anyMatch(f -> f.kind().equals("when")))) {
            return null;
        }
        return rest;
    }

    /** Whether a sentence after the first of a text opens like a question ("… пишу с телефона. скока было …"). */
    private static boolean asksAfter(String text) {
        String[] sentences = AFTER_SENTENCE.split(text);
        for (int i = 1; i < sentences.length; i++) {
            if (QUESTION_OPENER.matcher(sentences[i].strip().toLowerCase(Locale.ROOT)).find()) {
                return true;
            }
        }
        return false;
    }

    /** The first words of a question: "скока было …", "how many …", "what was …". */
    private static final Pattern QUESTION_OPENER = Pattern.compile("^(?:(?:ну|а|и|so|ok|and),? )?(?:сколько|скок\\p{L}*|"
            + "какой|какая|какое|какие|каков\\p{L}*|как часто|когда|во сколько|в какой|в каком|есть ли|how|what|whats|which"
            + "|when|is|are|does|do|did|was|were)(?![\\p{L}])");

    /** A trader telling a memory: "i was a runner that day", "back in 2008 we …", "помню, как …". */
    private static final Pattern NARRATIVE = Pattern.compile("(?<![\\p{L}])(?:felt|i was|we were|i used to|we used to|"
            + "i remember|remember when|back in|in my day|back then|помню|раньше я|я был|я была|мы были)(?![\\p{L}])");

    /** The words of a greeting, in both languages. */
    private static final String GREETING_WORDS = "hey|hi|hello|yo|gm|good (?:morning|afternoon|evening)|привет\\p{L}*|"
            + "здравствуй\\p{L}*|добр\\p{L}* (?:утр|день|дня|вечер)\\p{L}*|салют";

    /** "mornin.", "gm all,", "доброе утро!": a greeting set off by punctuation before the question. */
    private static final Pattern GREETING_THEN_QUESTION = Pattern.compile("^\\s*(?:" + GREETING_WORDS + "|morning|mornin'?|"
            + "good day)(?: (?:all|everyone|guys|folks|team|fam|barb|y'?all|всем|ребята|друзья|бот))?\\s*[,.!]+\\s*",
            Pattern.CASE_INSENSITIVE | Pattern.UNICODE_CASE);

    /** The question without the greeting before it ("morning!" is a greeting there, not the morning session). */
    static String withoutGreeting(String question) {
        Matcher greeting = GREETING_THEN_QUESTION.matcher(question);
        if (!greeting.find() || greeting.end() == question.length()) {
            return question;
        }
        return question.substring(greeting.end());
    }

    /** A greeting at the start of a sentence: "hey barb, afternoon from london." greets, it does not refine. */
    private static final Pattern GREETING = Pattern.compile("^(?:" + GREETING_WORDS + ")(?![\\p{L}])");

    /**
     * "hey barb, afternoon from london. whats the avg rth range over the last 30 days? the yen carry unwind day.":
     * in a message of several sentences, those ending in a question mark are the question. Another sentence stays
     * only when it names data and does not open with a greeting ("RTH only.", "since 2020."): the rest is the
     * trader's context, whose words would read as more sides or unknown terms. Null when nothing would be left
     * out or no sentence asks.
     */
    static String questionSentences(String text) {
        return questionSentences(sentences(text));
    }

    private static String questionSentences(List<String> sentences) {
        if (sentences.size() < 2 || sentences.stream().noneMatch(x -> x.endsWith("?"))) {
            return null;
        }
        List<String> kept = new ArrayList<>();
        for (String sentence : sentences) {
            String lower = sentence.toLowerCase(Locale.ROOT);
            boolean asks = lower.endsWith("?");
            if (asks || !GREETING.matcher(lower).find() && StepBuilder.isDataLike(findings(sentence))) {
                kept.add(sentence);
            }
        }
        if (kept.size() == sentences.size() || kept.isEmpty()) {
            return null;
        }
        return String.join(" ", kept);
    }

    /** The sentences ending in a question mark, when there are others too; else null. */
    private static String askingSentences(List<String> sentences) {
        List<String> asking = sentences.stream().filter(x -> x.endsWith("?")).toList();
        return asking.isEmpty() || asking.size() == sentences.size() ? null : String.join(" ", asking);
    }

    private static List<String> sentences(String text) {
        return java.util.Arrays.stream(SENTENCE_END.split(text.strip())).map(String::strip).toList();
    }

    /**
     * Whether what stops the whole message is in its story, not in its question: every word Barb would ask about
     * is outside the asking sentences, or it names another instrument the asking sentences do not.
     */
    private static boolean contextStopsIt(Reading whole, String asking) {
        if (whole.outOfScope() != null) {
            return true;
        }
        if (whole.clarify().isEmpty()) {
            return false;
        }
        String lower = " " + normalize(asking).replaceAll("[^\\p{L}\\d%+.-]+", " ") + " ";
        // a word, not a piece of one: the "10" of "a 10 lot" is not in "since 2010"
        return whole.clarify().stream().allMatch(c -> c.startsWith("term:")
                && !lower.contains(" " + c.substring("term:".length()) + " "));
    }

    /** "What would you like to know?" asked back: the reading of a message that names the market and asks nothing. */
    static final Reading VAGUE = new Reading(null, List.of("goal"), null, List.of(), null);

    /** Words that make a message about NQ or its statistics without saying what to compute. */
    private static final Pattern MARKET_WORD = Pattern.compile(
            "(?:^| )(?:nq|nasdaq|market|markets|stats?|statistics?|data|нк|насдак\\p{L}*|рын(?:ок|ка|ке|ку)|стат\\p{L}*|"
            + "данные|данных)(?= |$)");

    /**
     * "so whats the deal with nq", "ну че там по статистике?", "стату покажи": a message about the market that asks
     * nothing the reader can compute (or only to list every day) is asked what the trader wants to know, instead of
     * being refused as unreadable or answered with every day in the data.
     */
    private static boolean asksVaguely(Reading r, String asked) {
        if (r.outOfScope() != null || !r.clarify().isEmpty() || !r.more().isEmpty()) {
            return false;
        }
        // "the usual stuff we looked at in the pit", "give me the numbers": every day of all history (of a session)
        // is asked for only by words that list days
        String normalized = TextNormalizer.normalize(asked);
        // ("ok just show me that day" with no day named before: every day is not the one meant)
        if (everyDay(r.step()) && (!LIST_WORD.matcher(normalized).find() || THAT_DAY.matcher(normalized).find())) {
            return true;
        }
        // "gimme some stats on mondays": statistics of some days, without saying which, are not a list of them
        boolean listOfDays = r.step() != null && "list".equals(r.step().operation()) && r.step().params().isEmpty();
        if (r.step() != null && !isBareList(r.step()) && !listOfDays) {
            return false;
        }
        if (r.step() != null && !isBareList(r.step()) && !STATS_WORD.matcher(normalized).find()) {
            return false;
        }
        return MARKET_WORD.matcher(normalized).find();
    }

    /** Words that ask for days to be shown: "list", "show me the days", "покажи дни", "which days". */
    private static final Pattern LIST_WORD = Pattern.compile("(?:^| )(?:list\\p{L}*|show\\p{L}*|days?|sessions?|dates?|"
            + "all|every|each|rows?|table|bars?|candles?|покажи\\p{L}*|выведи\\p{L}*|список\\p{L}*|списком|"
            + "дн(?:и|ей|я|ям|ями)|день|даты?|все|каждый|свеч\\p{L}*|бары?|сесси\\p{L}*)(?= |$)");

    /** A list of every day of the whole history, in at most one session, with nothing else asked. */
    private static boolean everyDay(ParsedStep step) {
        return step != null && "list".equals(step.operation()) && step.params().isEmpty() && step.atoms().stream()
                .allMatch(a -> "all".equals(a.when()) && (a.filter().isEmpty() || a.filter().matches("session = \\w+")));
    }

    private static final Pattern THAT_DAY = Pattern.compile("(?<![\\p{L}])(?:that|this|the same) day(?![\\p{L}])|"
            + "(?<![\\p{L}])(?:тот|этот) (?:же )?день(?![\\p{L}])");

    private static final Pattern STATS_WORD = Pattern.compile("(?:^| )(?:stats?|statistics?|numbers|статистик\\p{L}*|"
            + "стату|стата|стат|цифр\\p{L}*)(?= |$)");

    static boolean isBareList(ParsedStep step) {
        return step != null && "list".equals(step.operation()) && step.params().isEmpty() && step.atoms().stream()
                .allMatch(a -> "all".equals(a.when()) && a.filter().isEmpty());
    }

    private static final String STORY_END = "короче|в общем|fr tho|for real tho(?:ugh)?|real talk|long story short|tl;?dr";
    private static final Pattern STORY_END_ALONE = Pattern.compile("(?:" + STORY_END + ")[,:]?");
    private static final Pattern RESTATEMENT = Pattern.compile("(?<![\\p{L}])(?:i\\.\\s?e\\.?|ie|in other words|"
            + "that is to say|то есть|т\\.\\s?е\\.?|иными словами|другими словами|"
            // "устал как собака. ладно, к делу: какой % пятниц …": the story ends where the question starts
            + "(?:ладно,? |ну )?к делу|(?:so |ok )?anyway|back to business|my question is|вопрос такой|"
            // "вчера думал откупят а хрен там) короче что обычно на след день …", "… in my face lol. fr tho how often
            // …": a story told, then the question
            + STORY_END + ")(?![\\p{L}])[,:]?\\s*");

    /**
     * The part after "i.e." read as the question, with the period and the session said before it when it names
     * none; null when there is no such part or it is no whole question by itself.
     */
    private static Reading restated(String asked) {
        Matcher m = RESTATEMENT.matcher(asked);
        if (!m.find() || m.start() < 10 || asked.substring(0, m.start()).contains("(")) {
            return null;
        }
        List<Lexicon.Finding> exact = new ArrayList<>(findings(asked.substring(m.end())));
        // ("…? ну то есть если открылись вверх, то и закрылись вверх?": an example asks nothing of its own)
        if (exact.stream().noneMatch(f -> ASKS.contains(f.kind()))) {
            return null;
        }
        // (the day a story happened on is the story's: "вчера думал …, короче …")
        boolean afterStory = STORY_END_ALONE.matcher(m.group().strip()).matches();
        for (Lexicon.Finding f : findings(asked.substring(0, m.start()))) {
            boolean scene = f.kind().equals("when") && !(afterStory && StepBuilder.isOneDay(f.value()))
                    || f.kind().equals("session") || f.kind().equals("tf");
            if (scene && exact.stream().noneMatch(e -> e.kind().equals(f.kind()))) {
                exact.add(0, new Lexicon.Finding(f.kind(), f.value(), 0, 0, -1));
            }
        }
        Reading r = new StepBuilder(exact, new ArrayList<>(), -1).build();
        return complete(r) ? r : null;
    }

    /** A reading that can be answered as it stands: a step, nothing to ask, nothing out of scope. */
    private static boolean complete(Reading r) {
        return r.step() != null && r.clarify().isEmpty() && r.outOfScope() == null;
    }

    /** Words of a feeling or a joke: a later sentence with one of them and no question mark asks nothing. */
    private static final Pattern FEELING = Pattern.compile("(?<![\\p{L}])(?:feels?|seems?|i think|i am thinking|i'm thinking|"
            + "i reckon|i feel|i guess|imo|imho|"
            + "lol|lmao|meme|always|never|кажется|кажутся|по ощущениям|имхо|лол|походу|вечно|всегда|"
            + "i trade|i fade|i hold|my bot|my setup|торгую|шорчу|лонгую|держу|мой бот|мой сетап|скальпер я|"
            + "правильно (?:я )?понимаю|я правильно понимаю|верно понимаю|am i right|if i understand)(?![\\p{L}])");

    /**
     * A remark in parentheses: a concession, an aside about the trader, a reason or a restatement ("(хотя апрель,
     * конечно, портит картину)", "(especially after the weekend)", "(т.е. продолжается ли движение)"). A refinement in
     * parentheses ("(RTH only)", "(close to close)", "(лучше медиана)") names no such word and stays.
     */
    private static final Pattern REMARK = Pattern.compile("\\(([^()]*(?<![\\p{L}])(?:хотя|конечно|особенно|кстати|"
            + "наверное|вроде|кажется|потому что|так как|т\\.?\\s?к\\.|чтобы|ибо|т\\.?\\s?е\\.|то есть|"
            + "although|though|especially|esp|obviously|of course|because|bc|cuz|i think|probably|so that|i\\.?e\\.|"
            + "lol|haha|ахах|"
            // "(the friend is me, im long from yesterday)": the trader's own position
            + "i'?m (?:long|short|flat)|i am (?:long|short|flat)|my (?:position|pos|stop|entry|trade|account)|"
            + "я в (?:лонге|шорте|позиции)|мо(?:я|й|и) (?:позици\\p{L}*|стоп\\p{L}*|сделк\\p{L}*|вход\\p{L}*))(?![\\p{L}])[^()]*)\\)");

    /** The question without its parenthesised remarks (see {@link #REMARK}); the question itself when none. */
    static String withoutRemarks(String question) {
        Matcher m = REMARK.matcher(question.toLowerCase(Locale.ROOT));
        StringBuilder out = new StringBuilder();
        int from = 0;
        while (m.find()) {
            out.append(question, from, m.start());
            from = m.end();
        }
        if (from == 0) {
            return question;
        }
        out.append(question.substring(from));
        String kept = out.toString().replaceAll("\\s+([?.!,])", "$1").replaceAll("\\s{2,}", " ").strip();
        return kept.isEmpty() ? question : kept;
    }

    static String withoutAsides(String question) {
        question = withoutRemarks(question);
        String lower = question.toLowerCase(Locale.ROOT);
        Matcher m = ASIDE_START.matcher(lower);
        String head = question;
        if (m.find() && m.start() >= 10 && !asksAfter(question.substring(m.end()))) {
            // the question mark before the aside still ends a question
            head = question.substring(0, m.start()) + (m.group().contains("?") ? "?" : "");
            // "… ? интересно в разбивке по размеру, с 2020г": a period said in the aside is the question's, when the
            // question names none
            String aside = normalize(question.substring(m.end()));
            List<PeriodPhrases.Found> periods = PeriodPhrases.findAll(aside);
            if (periods.size() == 1 && PeriodPhrases.findAll(normalize(head)).isEmpty()) {
                head = head + " " + aside.substring(periods.get(0).start(), periods.get(0).end());
            }
        }
        // "what % of junes were green since 2011? june always feels weak": a later sentence of a feeling, or of the
        // trader's own trading, asks nothing
        String[] sentences = AFTER_SENTENCE.split(head);
        StringBuilder kept = new StringBuilder(sentences[0]);
        for (int i = 1; i < sentences.length; i++) {
            String sentence = sentences[i].toLowerCase(Locale.ROOT);
            if (!FEELING.matcher(sentence).find() || sentence.contains("?")) {
                kept.append(' ').append(sentences[i]);
            }
        }
        head = kept.toString().strip();
        if (head.length() == question.strip().length()) {
            return question;
        }
        return StepBuilder.isDataLike(findings(head)) ? head : question;
    }

    /**
     * "How often does RTH take out the overnight low, and what time does that usually happen?": a question in two
     * parts, the second asking when or how often about what the first named.
     */
    private static final Pattern SECOND_PART = Pattern.compile("(?:[,?;.]\\s*|\\s+)(?:ну |well )?(?:and|also|plus|n|и|а также|а|\\+),? "
            + "(?:(?:if possible|if you can|если возможно|если можно|по возможности),? )?"
            // "… and when it does, what time usually": the days the first ask counts are the second's
            + "(?:(?:(?:when|if) (?:it|they|that) (?:does|do|did|happens?)|когда (?:это )?(?:происходит|случается|бывает)|"
            + "если (?:это )?(?:происходит|случается)),? )?"
            // "… и какой средний ренж", "… и какой максимальная": the question word before a statistic
            + "(?=(?:then )?(?:(?:какой|какая|какое|каков\\p{L}?|what(?:'s| is)?(?: the)?) (?=(?:max|min|avg|average|mean|"
            + "median|средн|медиан|макс|мин)\\p{L}*(?:[ ?.!]|$)))?(?:(?:the )?(?:median|медиан\\p{L}*)(?![\\p{L}])|"
            + "(?:the )?(?:low|high|лой|хай)(?: (?:овернайта|overnight|ovn))? (?:тоже|too|as well|заодно|also)|"
            + "what time|when (?:does|is|do)|at what time|how often|how many(?! min)|what %|what percent\\p{L}*|"
            + "во сколько|в какое время|в скольких|как часто|сколько(?= \\p{L})|скок[аио]?(?= \\p{L})|кол-?во|количество|число (?:дней|раз)|"
            + "the number of|# of|(?:the )?(?:avg|average|mean|средн\\p{L}*)(?= \\p{L})|какой шанс|какова вероятность|"
            // "avg rth range in march and the max range", "ср рейндж … и макс рейндж": another statistic of the measure
            + "(?:the )?(?:max|maximum|min|minimum|макс|максимальн\\p{L}*|минимальн\\p{L}*|мин)(?= \\p{L}|\\s*[?.!]?$)|"
            + "(?:list|show) (?:them|those|em|the days)|покажи (?:их|эти дни)|"
            // "avg vol на ovn за 2025 и rng тоже": another measure of the same days
            + "(?:the )?(?:rng|range|ренж\\p{L}*|рейндж\\p{L}*|рэнж\\p{L}*|диапазон\\p{L}*|vol|volume|объ?[её]м\\p{L}*|"
            + "change|изменени\\p{L}*|gap|гэп\\p{L}*)(?: \\p{L}+)? (?:тоже|too|as well|also|заодно)|"
            + "какая вероятность|какой %|какой процент|какая доля|what(?:'s| is) the (?:chance|probability|odds)|"
            + "(?:отдельно )?то же (?:самое )?(?:для|по)|the same for)(?![\\p{L}]))|\\?\\s+(?=(?:и )?(?:во сколько|в какое время|"
            + "what time|when does)(?![\\p{L}]))"
            // "# of rth gap downs since 2008, list them too": the days asked for after a comma
            + "|,\\s*(?=(?:(?:and|и|а) )?(?:list|show) (?:them|those|em)(?: (?:too|as well|also))?\\s*[?.!]?$|"
            + "(?:и )?покажи (?:их|эти дни)(?: тоже| заодно)?\\s*[?.!]?$)");
    /**
     * "q4 recap: avg daily % change, avg rth range, and how many red days": after a colon that sets the scene, a
     * list of asks, each naming its own measure; a comma or "and" before an average or a count starts the next.
     */
    private static final Pattern LISTED_ASK = Pattern.compile("(?<!best|worst|лучш\\p{L}{0,4}|худш\\p{L}{0,4})"
            + "(?:,\\s*(?:and |и |plus )?|\\s+(?:and|и|plus) |\\s*[+&]\\s*)"
            + "(?=(?:the |the same |then |а )?(?:avg|average|mean|median|средн\\p{L}*|медиан\\p{L}*|ср\\.?|how many|сколько|"
            + "# of|the number of|number of|кол-?во|количество|"
            + "how often|как часто|% of|what %|какой %|доля|долю|the odds|шанс|best|worst|biggest|largest|top|"
            + "лучш\\p{L}*|худш\\p{L}*|сам\\p{L}+ (?:больш|сильн|слаб|мал)\\p{L}*)(?![\\p{L}]))");
    /** What sets the scene before a list of asks: a colon, or a dash between spaces ("day before thanksgiving - …"). */
    private static final Pattern SCENE_END = Pattern.compile(":|\\s[-\u2014\u2013]\\s");

    /** Kinds of findings that say what a part asks for, rather than about which days. */
    private static final Set<String> ASKS = Set.of("op", "agg", "freq", "howmuch", "rank", "n", "ndefault");

    private static boolean asks(String part) {
        return findings(part).stream().anyMatch(f -> ASKS.contains(f.kind()));
    }

    /** The message cut where each further ask starts: one part for a message of one ask. */
    /** "(1) … (2) …", "1) … 2) …": asks numbered by the trader. */
    private static final Pattern NUMBERED_ASK = Pattern.compile("(?:^|\\s)\\(?([1-4])\\)\\s");

    private static List<String> parts(String question) {
        String lower = question.toLowerCase(Locale.ROOT);
        List<String> parts = new ArrayList<>();
        // "2 things - (1) how many rth inside days in 2025 (2) what % of them closed green": each numbered ask is a part
        List<Integer> starts = new ArrayList<>();
        List<Integer> ends = new ArrayList<>();
        Matcher numbered = NUMBERED_ASK.matcher(lower);
        while (numbered.find()) {
            if (Integer.parseInt(numbered.group(1)) != starts.size() + 1) {
                break;
            }
            starts.add(numbered.start());
            ends.add(numbered.end());
        }
        if (starts.size() >= 2) {
            for (int i = 0; i < starts.size(); i++) {
                parts.add(question.substring(ends.get(i), i + 1 < starts.size() ? starts.get(i + 1) : question.length()));
            }
            // "quick ones for 2025 pls: 1) avg rth range 2) % of green days": what sets the scene before the first ask
            // is part of it, and the later asks keep its period and session as they keep the first ask's
            parts.set(0, question.substring(0, starts.get(0)) + " " + parts.get(0));
            if (parts.stream().allMatch(QuestionReader::asks)) {
                return parts;
            }
            parts.clear();
        }
        Matcher scene = SCENE_END.matcher(lower);
        int colon = scene.find() ? scene.start() : -1;
        // a list of asks only after a colon or a spaced dash (the scene) and only when it names at least two of them
        Matcher listed = LISTED_ASK.matcher(lower);
        if (colon > 0 && listed.find(colon) && !lower.substring(colon + 1).matches("\\s*\\d.*")) {
            int from = 0;
            listed.reset();
            while (listed.find()) {
                if (listed.start() > colon) {
                    parts.add(question.substring(from, listed.start()));
                    from = listed.end();
                }
            }
            parts.add(question.substring(from));
            // "quick q - when nq gaps down …, how often …": a part that asks nothing is a condition, not an ask
            String firstAsk = parts.get(0).substring(Math.min(parts.get(0).length(), scene.end()));
            if (!asks(firstAsk) || !parts.stream().skip(1).allMatch(QuestionReader::asks)) {
                return List.of(question);
            }
            return parts;
        }
        Matcher m = SECOND_PART.matcher(lower);
        if (!m.find() || m.start() < 10) {
            return List.of(question);
        }
        return List.of(question.substring(0, m.start()), question.substring(m.end()));
    }

    /**
     * "как часто ртх обновляет хай овернайта? и лой тоже": a part naming only the other extreme asks the same of the
     * other level the first part named.
     */
    private static List<Lexicon.Finding> otherLevel(List<Lexicon.Finding> own, List<Lexicon.Finding> first) {
        List<Lexicon.Finding> named = own.stream().filter(f -> !f.kind().equals("filler")).toList();
        boolean levelBroken = first.stream().anyMatch(f -> f.kind().equals("break"));
        if (named.size() != 1 || !named.get(0).kind().equals("extreme") || !levelBroken) {
            return own;
        }
        Lexicon.Finding extreme = named.get(0);
        return List.of(new Lexicon.Finding("break", "overnight_" + extreme.value(), extreme.start(), extreme.end(),
                extreme.seq()));
    }

    private static java.util.Optional<String[]> twoParts(String question) {
        List<String> parts = parts(question);
        return parts.size() < 2 ? java.util.Optional.empty() : java.util.Optional.of(parts.toArray(String[]::new));
    }

    /**
     * The reading of the first part, with each further part read as a follow-up of it (it keeps the first's
     * session, period and filters). When a part gives the same step as the first, or either cannot be read, the
     * whole question's reading stands.
     */
    private static Reading secondPart(Reading whole, String[] parts) {
        Read firstRead = readNormalized(normalize(parts[0]));
        List<Lexicon.Finding> firstFound = firstRead.found;
        Reading first = firstRead.reading;
        // "… какая доля гэпов закрывается и сколько минут до закрытия. Данные — с 2018 года": a period said once,
        // in a later part, is the period of every part
        List<List<Lexicon.Finding>> owns = new ArrayList<>();
        for (int i = 1; i < parts.length; i++) {
            // "how often does RTH take out the ovn high, and when does it usually happen?": the time of that break
            List<Lexicon.Finding> own = otherLevel(findings(parts[i]), firstRead.found);
            owns.add(FollowUps.momentOfBreak(normalize(parts[i]), firstRead.found).orElse(own));
        }
        if (firstFound.stream().noneMatch(f -> f.kind().equals("when"))) {
            List<Lexicon.Finding> whens = owns.stream().flatMap(List::stream).filter(f -> f.kind().equals("when"))
                    .toList();
            if (whens.size() == 1) {
                List<Lexicon.Finding> withPeriod = new ArrayList<>(firstFound);
                withPeriod.addAll(whens);
                firstFound = withPeriod;
                first = new StepBuilder(withPeriod, new ArrayList<>(), -1).build();
            }
        }
        // "во сколько хай и во сколько лой? бакеты по 30 мин", "avg range and volume? rth only": a session or bucket
        // said in a part that asks nothing of its own refines every part ("avg % change, avg rth range": the session
        // of an ask is that ask's)
        for (String kind : List.of("session", "bucket")) {
            if (firstFound.stream().anyMatch(f -> f.kind().equals(kind))) {
                continue;
            }
            List<Lexicon.Finding> said = owns.stream()
                    .filter(own -> own.stream().noneMatch(f -> ASKS.contains(f.kind()) || f.kind().equals("metric")))
                    .flatMap(List::stream).filter(f -> f.kind().equals(kind)).toList();
            // "средний ренж и кол-во красных дней на ртх за декабрь": one said at the very end, after all the last
            // part asks, is the whole message's too
            if (said.isEmpty() && kind.equals("session")) {
                List<Lexicon.Finding> last = owns.get(owns.size() - 1);
                int lastAsked = last.stream().filter(f -> !Set.of("session", "when", "filler", "connector").contains(f.kind()))
                        .mapToInt(Lexicon.Finding::end).max().orElse(Integer.MAX_VALUE);
                said = last.stream().filter(f -> f.kind().equals("session") && f.start() >= lastAsked).toList();
            }
            if (said.size() == 1) {
                List<Lexicon.Finding> refined = new ArrayList<>(firstFound);
                refined.addAll(said);
                firstFound = refined;
                first = new StepBuilder(refined, new ArrayList<>(), -1).build();
            }
        }
        if (first.step() == null || !first.clarify().isEmpty() || first.outOfScope() != null) {
            return whole;
        }
        Reading out = first;
        for (int i = 1; i < parts.length; i++) {
            List<Lexicon.Finding> own = owns.get(i - 1);
            // "avg daily % change and how many red days": a part that asks its own thing keeps only the scene of the
            // first (period, session, conditions), not what the first asked
            // ("… range in 2025? and the median for the same period": a statistic alone keeps the measure)
            boolean measureOfItsOwn = own.stream().anyMatch(f -> f.kind().equals("metric")
                    || ASKS.contains(f.kind()) && !f.kind().equals("agg"));
            // "how many green days this year and the avg range": the colour picked the days counted, not the days
            // of the other ask — unless it asks about them ("and the avg range of those")
            boolean countedColour = first.step().operation().equals("count") && measureOfItsOwn
                    && !FollowUps.OF_THEM.matcher(parts[i].toLowerCase(Locale.ROOT)).find();
            List<Lexicon.Finding> scene = own.stream().anyMatch(f -> ASKS.contains(f.kind()))
                    ? firstFound.stream().filter(f -> !ASKS.contains(f.kind())
                            && !(measureOfItsOwn && (f.kind().equals("metric") || f.kind().equals("unit")))
                            && !(countedColour && f.kind().equals("color"))).toList()
                    : firstFound;
            List<Lexicon.Finding> merged = FollowUps.merge(scene, own);
            Reading next = new StepBuilder(merged, new ArrayList<>(), -1).build();
            if (next.step() == null || !next.clarify().isEmpty() || next.step().equals(first.step())) {
                return whole;
            }
            ParsedStep step = next.step();
            out = out.withMore(new ParsedStep("s" + (i + 1), step.operation(), step.atoms(), step.params()));
        }
        return out;
    }

    /**
     * Whether the question asks about the days since an event Barb cannot date ("avg range since the covid crash",
     * "после выборов"): a single day or month given for the event is where its period starts.
     */
    public static boolean sinceUnknownEvent(String question) {
        if (question == null || question.isBlank()) {
            return false;
        }
        return readNormalized(normalize(question)).sinceUnknownEvent;
    }

    /** What the lexicon found in a question, in order (kind, value, span): which parts of a step a text names. */
    public static List<Lexicon.Finding> findings(String question) {
        if (question == null || question.isBlank()) {
            return List.of();
        }
        return List.copyOf(readNormalized(normalize(question)).found);
    }

    /**
     * Reads a normalised text; when words no rule took are other forms or typos of words the rules know
     * ("averaged", "rnage", "волатилнось"), reads it once more with those words corrected. Only such left-over
     * words are touched, so a word a rule reads as it is written is never "corrected" into another one.
     */
    private static Read readNormalized(String text) {
        return readNormalized(text, false);
    }

    private static Read readNormalized(String text, boolean everyPlace) {
        Read first = new Read(text, everyPlace);
        first.run();
        String corrected = first.corrected();
        if (corrected.equals(text)) {
            return first;
        }
        Read second = new Read(corrected, everyPlace);
        second.run();
        return second;
    }

    /** {@link #findings(String)} with every rule tried at every place of the text: the reference for tests. */
    static List<Lexicon.Finding> findingsTryingEveryPlace(String question) {
        return List.copyOf(readNormalized(normalize(question), true).found);
    }

    /** " 2025" when the group read a year, else nothing. */
    private static String year(java.util.regex.MatchResult m, int group) {
        return m.group(group) == null ? "" : " " + m.group(group);
    }

    /** The keys of a canonical where clause ("where session = RTH, pattern = inside_day"), read as conditions. */
    private static final Set<String> CLAUSE_KEYS = Set.of("session", "pattern", "patterns", "event", "events",
            "weekday", "weekdays", "month", "months", "gap", "time", "consecutive", "timeframe", "offset");
    private static final Pattern DEFINED_WORD = Pattern.compile("(^|[,;.] ?)(\\p{L}+) ?(?:=|means) "
            + "(?=[\\p{L}\\d-])");
    /** "фев-март": Russian months cut short, which the shorthand writes out only as words of their own. */
    private static final String SHORT_RUSSIAN_MONTH = "янв|фев|февр|мар|апр|июн|июл|авг|сен|сент|окт|ноя|нояб|дек";
    private static final Pattern MONTH_TO_MONTH = Pattern.compile("(?<![\\p{L}])(" + PeriodPhrases.monthPattern() + "|"
            + SHORT_RUSSIAN_MONTH + ")-(" + PeriodPhrases.monthPattern() + "|" + SHORT_RUSSIAN_MONTH + ")(?![\\p{L}])");

    private static final Pattern THRESHOLD_IN_PARENTHESES = Pattern.compile("\\s*\\(((?:more than|over|above|under|below|"
            + "less than|at least|>=?|<=?|больше|меньше|более|менее|свыше|от|не менее) ?-?\\d+(?:[.,]\\d+)? ?"
            + "(?:%|pts|points|пункт\\p{L}*)?(?: or more| and up| и более)?)\\)");
    private static final Pattern OWN_CLOCK = Pattern.compile("(?<=\\d:\\d\\d[^,;()]{0,20}),\\s*\\d{1,2}(?::\\d\\d)? ?(?:am|pm)? "
            + "(?:for me|my time|here|у меня|по-моему|по моему)(?=\\s*[),.;]|$)");

    // normalize runs several times per question: its patterns are compiled once
    private static final Pattern EXCLAMATION = Pattern.compile("!(?!=)");
    private static final Pattern QUESTION_MARKS_AND_QUOTES = Pattern.compile("[?;\"«»“”]");
    private static final Pattern DECIMAL_COMMA = Pattern.compile("(\\d),(\\d)");
    private static final Pattern GLUED_TIMES = Pattern.compile("(\\d)[xх](?![\\p{L}\\d])");
    private static final Pattern TOMORROWS = Pattern.compile("tomorrow'?s (?=\\p{L})");
    private static final Pattern TOMORROWS_RU = Pattern.compile("завтрашн\\p{L}* (\\p{L}+)");
    private static final Pattern I_AM = Pattern.compile("(?<![\\p{L}])i'm(?![\\p{L}])");
    private static final Pattern I_HAVE = Pattern.compile("(?<![\\p{L}])i've(?![\\p{L}])");
    private static final Pattern I_WOULD = Pattern.compile("(?<![\\p{L}])i'd(?![\\p{L}])");
    private static final Pattern TODAYS = Pattern.compile("today'?s (?=[\\p{L}%])");
    private static final Pattern TODAYS_RU = Pattern.compile("сегодняшн\\p{L}* (?=\\p{L})");
    private static final Pattern POSSESSIVE_S = Pattern.compile("'s(?![\\p{L}])");
    private static final Pattern HYPHEN_IN_WORDS = Pattern.compile("(?<=\\p{L})-(?=\\p{L})");
    private static final Pattern LAST_FULL_STOP = Pattern.compile("(?:(?<!\\.)\\.|[,:])+$");
    private static final Pattern TOKEN_IN_BRACKETS = Pattern.compile("^([(]*)(.*?)([.,:)]*)$");
    private static final Pattern COLON = Pattern.compile("(?<!\\d):(?!\\d)");
    private static final Pattern EDGE_DOTS = Pattern.compile("^[.\\-']+|[.\\-']+$");
    private static final Pattern LETTER_OR_DIGIT = Pattern.compile("[\\p{L}\\p{N}]");
    /**
     * A sentence ends at a question mark, or at "." / "!" after a word of four letters, a number or a chat word
     * ("… a casino lol. avg rth range …") that is no abbreviation ("след. день").
     */
    private static final Pattern SENTENCE_END = Pattern.compile("(?<=(?:\\p{L}{4}|\\d|(?<![\\p{L}])(?:lol|ngl|tbh|"
            + "imo|smh|jk|fr|лол|кек|хз))[.!])"
            + "(?<!(?:след|сред|пред|напр|прим|мин|макс)\\.)\\s+|(?<=\\?)\\s+");
    private static final Pattern AFTER_SENTENCE = Pattern.compile("(?<=[.?!])\\s+");

    private static final Pattern MINUTES = Pattern.compile("minutes?|mins?|минут\\p{L}*");

    /** Lower case, ё→е, punctuation that carries nothing removed, misspellings and number words repaired. */
    static String normalize(String question) {
        String s = question.toLowerCase(Locale.ROOT)
                .replace('ё', 'е')
                .replace('’', '\'')
                .replace('–', '-')
                .replace('—', '-')
                .replace("×", " x ");
        // "в двадцать пятом году", "больше трёх процентов": numbers said in words are read as if typed in digits
        s = SpokenNumbers.digits(s);
        // "nasdaq 100", "ndx-100": the index's name, not a threshold of 100
        s = INDEX_NAME_100.matcher(s).replaceAll("$1");
        // "a big rth gap down (more than 1%)": a threshold in parentheses says how big, as if written without them
        if (s.indexOf('(') >= 0) {
            s = THRESHOLD_IN_PARENTHESES.matcher(s).replaceAll(" $1");
        }
        // "9:30-10 ny time, 8pm for me": the trader's own clock beside New York's restates it (normalize runs many
        // times per question: the pattern runs only where a clock is)
        if (s.indexOf(':') >= 0) {
            s = OWN_CLOCK.matcher(s).replaceAll("");
        }
        // "рендж" is how many write "ренж"; "обьем" (a soft sign for the hard one) is "объем"
        s = s.replace("рендж", "ренж").replace("обьем", "объем");
        s = Shorthand.expand(SPACES.matcher(s).replaceAll(" ").strip());
        // "call it 10 to 11 new york time": bare hours said to be New York's are a clock window (morning hours only;
        // "3 to 4" could be either half of the day)
        s = NY_HOURS.matcher(s).replaceAll(m -> "from " + m.group(1) + ":" + (m.group(2) == null ? "00" : m.group(2))
                + " to " + m.group(3) + ":" + (m.group(4) == null ? "00" : m.group(4)) + " ");
        // "8:30-9:30 ct": Chicago's clock is New York's minus an hour all year
        s = TimeZones.toNewYork(s);
        s = EXCLAMATION.matcher(s).replaceAll(" ");
        s = QUESTION_MARKS_AND_QUOTES.matcher(s).replaceAll(" ");
        s = DECIMAL_COMMA.matcher(s).replaceAll("$1.$2");
        // "с 5 по 9 мая 2025", "may 5-9 2025", "5-9 may 2025": days of one month, each written out
        // (without a year, the most recent such days)
        s = DAYS_OF_A_MONTH_RU.matcher(s).replaceAll(m -> "с " + m.group(2) + " " + m.group(4) + year(m, 5) + " по "
                + m.group(3) + " " + m.group(4) + year(m, 5));
        s = DAYS_OF_A_MONTH_EN.matcher(s).replaceAll(m -> "from " + m.group(1) + " " + m.group(2) + year(m, 4) + " to "
                + m.group(1) + " " + m.group(3) + year(m, 4));
        s = DAYS_BEFORE_MONTH.matcher(s).replaceAll(m -> "from " + m.group(1) + " " + m.group(3) + year(m, 4) + " to "
                + m.group(2) + " " + m.group(3) + year(m, 4));
        // "2023-2025": a range of years
        s = YEAR_RANGE.matcher(s).replaceAll("$1 to $2");
        s = YEAR_TO_NOW.matcher(s).replaceAll(m -> (LanguageDetector.hasCyrillic(m.group()) ? "с " : "since ")
                + m.group(1));
        // ".5%" is half a percent
        s = BARE_DECIMAL.matcher(s).replaceAll("0.$1");
        // "today's volume vs tomorrow's range — correlated?": tomorrow in the history, not a forecast
        if (CORRELATION_WORD.matcher(s).find()) {
            s = TOMORROW.matcher(s).replaceAll("next day");
            // "yesterday's range and today's": the day before against its next day
            if (YESTERDAY.matcher(s).find() && THEN_TODAY.matcher(s).find()) {
                s = YESTERDAY.matcher(s).replaceAll("");
                s = THEN_TODAY.matcher(s).replaceAll("$1 next day's");
            }
            // "range today and range tomorrow": the same day of the history, not the data's last day
            s = TODAY.matcher(s).replaceAll("");
        }
        s = GLUED_TIMES.matcher(s).replaceAll("$1 x");
        // "was 2022 more volatile than 2025", "в 2024 ренж выше, чем в 2023": a year against another is a comparison
        if (s.contains("than") || s.contains("чем")) {
            Matcher thanYear = THAN_YEAR.matcher(s);
            if (thanYear.find() && YEAR.matcher(s.substring(0, thanYear.start())).find()) {
                s = thanYear.replaceAll(" vs $1");
            }
        }
        // "рейндж больше обычного": a Russian comparative takes its "than" in the genitive
        if (s.contains("обычного")) {
            s = THAN_USUAL_GENITIVE.matcher(s).replaceAll("$1 чем обычно");
        }
        // "more than double the 20-day average", "вдвое выше среднего": a multiple written in words
        s = MULTIPLE_WORD.matcher(s).replaceAll(m -> switch (m.group(1)) {
            case "triple", "thrice", "втрое", "в три раза" -> "3 x";
            case "в полтора раза" -> "1.5 x";
            default -> "2 x";
        });
        // "tomorrow's change" next to today's is the next day's change in the history, not a forecast
        s = TOMORROWS.matcher(s).replaceAll("next day's ");
        s = TOMORROWS_RU.matcher(s).replaceAll("$1 следующего дня");
        // "run it back for 2023": the same question again, not a run of days
        if (s.contains("run") || s.contains("redo")) {
            s = RUN_IT_BACK.matcher(s).replaceAll("same");
        }
        s = I_AM.matcher(s).replaceAll("i am");
        s = I_HAVE.matcher(s).replaceAll("i have");
        s = I_WOULD.matcher(s).replaceAll("i would");
        s = TODAYS.matcher(s).replaceAll("");
        s = TODAYS_RU.matcher(s).replaceAll("");
        s = POSSESSIVE_S.matcher(s.replace("n't", " not")).replaceAll("");
        // "big = up 4% or more on the week", "selloff = 3 red days in a row": a word defined by what follows it is
        // that definition (a column's condition such as "is_green = 1" stays)
        // (normalize runs many times per question: the patterns run only where their sign is)
        if (s.indexOf('=') >= 0 || s.contains("means")) {
            s = DEFINED_WORD.matcher(s).replaceAll(m -> FilterText.METRICS.contains(m.group(2))
                    || CLAUSE_KEYS.contains(m.group(2)) ? m.group() : m.group(1));
        }
        // "февраль-март 2020", "june-august": a range of months, not two words
        if (s.indexOf('-') >= 0) {
            s = MONTH_TO_MONTH.matcher(s).replaceAll(m -> Shorthand.WORDS.getOrDefault(m.group(1), m.group(1)) + " - "
                    + Shorthand.WORDS.getOrDefault(m.group(3), m.group(3)));
        }
        s = HYPHEN_IN_WORDS.matcher(s).replaceAll(" ");
        // "jun/jul/aug", "mon/fri": a list
        s = WORD_SLASH.matcher(s).replaceAll(" and ");
        s = SPACES.matcher(s).replaceAll(" ").strip();
        StringBuilder out = new StringBuilder();
        for (String token : s.split(" ")) {
            if (!out.isEmpty()) {
                out.append(' ');
            }
            out.append(repair(token));
        }
        String result = out.toString().strip();
        // a sentence's last full stop goes, an open period's dots ("2020..") stay
        return LAST_FULL_STOP.matcher(result).replaceAll("").strip();
    }

    private static String repair(String token) {
        Matcher m = TOKEN_IN_BRACKETS.matcher(token);
        if (!m.matches() || m.group(2).isEmpty()) {
            return token;
        }
        String word = m.group(2);
        String fixed = Lexicon.MISSPELLINGS.get(word);
        if (fixed == null) {
            fixed = Lexicon.numberWord(word);
        }
        return fixed == null ? token : m.group(1) + fixed + m.group(3);
    }

    /** One reading in progress. */
    private static final class Read {
        private final String text;
        private final BitSet taken = new BitSet();
        private final List<Lexicon.Finding> found = new ArrayList<>();
        private final List<String> unknown = new ArrayList<>();
        private final List<Leftover> leftovers = new ArrayList<>();
        private final List<String> ignored = new ArrayList<>();
        /** The question's period is the days since an event Barb cannot date ("since the election"). */
        private boolean sinceUnknownEvent;
        private Reading reading;
        private int seq;
        private int colon = -1;
        /** Try every rule at every place of the text (the reference the quicker search is checked against). */
        private final boolean everyPlace;
        /** The places a rule's match may start, in order: no letter, digit or underscore before them. */
        private final int[] wordStarts;
        /** The word at each of those places ("" where none starts) and its {@link WordNumbers number}. */
        private final String[] words;
        private final int[] wordNumbers;

        /**
         * A word no rule took, where it is in the text; a filler word ("session", "the") asks nothing alone but can
         * be part of a trader's phrase the glossary knows ("ny session", "gap at the open").
         */
        private record Leftover(String word, int start, int end, boolean filler) {
        }

        Read(String text, boolean everyPlace) {
            this.text = text;
            this.everyPlace = everyPlace;
            this.wordStarts = wordStarts(text);
            this.words = new String[wordStarts.length];
            this.wordNumbers = new int[wordStarts.length];
            for (int i = 0; i < wordStarts.length; i++) {
                int end = wordStarts[i];
                while (end < text.length() && Lexicon.Rule.inWord(text.charAt(end))) {
                    end++;
                }
                words[i] = text.substring(wordStarts[i], end);
                wordNumbers[i] = WordNumbers.of(words[i]);
            }
        }

        private static int[] wordStarts(String text) {
            int[] starts = new int[text.length() + 1];
            int n = 0;
            for (int at = 0; at <= text.length(); at++) {
                if (at == 0 || !Lexicon.Rule.inWord(text.charAt(at - 1))) {
                    starts[n++] = at;
                }
            }
            return Arrays.copyOf(starts, n);
        }

        Reading run() {
            readWhereClauses();
            for (Lexicon.Rule rule : Lexicon.EARLY) {
                apply(rule);
            }
            for (PeriodPhrases.Found p : PeriodPhrases.findAll(text)) {
                if (free(p.start(), p.end())) {
                    add("when", p.when(), p.start(), p.end());
                    taken.set(p.start(), p.end());
                }
            }
            for (Lexicon.Rule rule : Lexicon.RULES) {
                apply(rule);
            }
            Matcher colonMatcher = COLON.matcher(text);
            while (colonMatcher.find()) {
                if (free(colonMatcher.start(), colonMatcher.end())) {
                    colon = colonMatcher.start();
                    taken.set(colon);
                    break;
                }
            }
            inclusiveThresholds();
            leftovers();
            rankedCount();
            trendOfMeasure();
            eitherWayOutcome();
            // (after the left-over words: a size word among them is a finding)
            sortLeftovers();
            found.sort(Comparator.comparingInt(Lexicon.Finding::start).thenComparingInt(Lexicon.Finding::seq));
            reading = new StepBuilder(found, unknown, colon).build().withIgnored(ignored);
            return reading;
        }

        /**
         * "Dropped 2% or more", "a gap of 0.5% and up": the threshold itself counts, so a strict comparison of a
         * condition followed by such words becomes inclusive, and the words are read.
         */
        private void inclusiveThresholds() {
            for (Lexicon.Finding f : List.copyOf(found)) {
                if (!f.kind().equals("cond") || f.value().contains(" x ")) {
                    continue;
                }
                Matcher m = OR_MORE.matcher(text);
                m.region(f.end(), text.length());
                if (!m.lookingAt()) {
                    continue;
                }
                int end = m.end();
                // the "or" of "or more" is no alternative
                found.removeIf(o -> o.kind().equals("or") && o.start() >= f.end() && o.end() <= end);
                String value = f.value().replaceFirst(" > ", " >= ").replaceFirst(" < ", " <= ");
                found.set(found.indexOf(f), new Lexicon.Finding(f.kind(), value, f.start(), end, f.seq()));
                taken.set(f.end(), end);
            }
        }

        /**
         * The text with left-over words written as words the rules know: a run of them that the glossary knows as
         * its canonical term (or left out, when it asks nothing), else each word that is another form or a typo of
         * a known word as that word.
         */
        String corrected() {
            List<String> replacements = new ArrayList<>();
            List<int[]> spans = new ArrayList<>();
            int i = 0;
            while (i < leftovers.size()) {
                // the run of left-over words next to each other from here
                int runEnd = i + 1;
                while (runEnd < leftovers.size()
                        && text.substring(leftovers.get(runEnd - 1).end(), leftovers.get(runEnd).start()).isBlank()) {
                    runEnd++;
                }
                List<String> run = new ArrayList<>();
                for (int k = i; k < runEnd; k++) {
                    run.add(leftovers.get(k).word());
                }
                var entry = Glossary.SHIPPED.longestAt(run, 0);
                int from = i;
                if (entry.isPresent() && leftovers.subList(from, from + entry.get().words()).stream()
                        .anyMatch(l -> !l.filler())) {
                    int last = i + entry.get().words() - 1;
                    spans.add(new int[]{leftovers.get(i).start(), leftovers.get(last).end()});
                    replacements.add(entry.get().entry().canonical());
                    i = last + 1;
                    continue;
                }
                Leftover left = leftovers.get(i);
                if (left.filler()) {
                    i++;
                    continue;
                }
                var match = LexiconWords.VOCABULARY.match(left.word())
                        .filter(m -> m.kind() != Vocabulary.Kind.KNOWN);
                if (match.isPresent()) {
                    spans.add(new int[]{left.start(), left.end()});
                    replacements.add(match.get().word());
                }
                i++;
            }
            if (spans.isEmpty()) {
                return text;
            }
            StringBuilder out = new StringBuilder(text);
            for (int k = spans.size() - 1; k >= 0; k--) {
                out.replace(spans.get(k)[0], spans.get(k)[1], replacements.get(k));
            }
            return SPACES.matcher(out).replaceAll(" ").strip();
        }

        /**
         * Left-over words that ask nothing (stop words) are dropped. The others stay unknown — Barb asks about
         * them rather than leave a condition or a measure out — when the word might be one: next to a number or a
         * comparison, after "when / if / after / with / excluding", before "days", where the question measures
         * something it names no measure for ("max drawdown"), or when nothing else in it is data. Any other word is
         * ignored (chat words, "lol", "japanese"): the step is read without it and the answer says what it computed.
         */
        private void sortLeftovers() {
            boolean dataLike = StepBuilder.isDataLike(found);
            // a run's measure is its length: "longest streak … has ever put in" names no missing measure
            boolean streak = found.stream().anyMatch(f -> f.kind().equals("op") && f.value().equals("streak"));
            boolean measureMissing = !streak
                    && found.stream().noneMatch(f -> f.kind().equals("metric") || f.kind().equals("extreme"))
                    && found.stream().anyMatch(f -> MEASURING.contains(f.kind()) || f.kind().equals("op")
                    && MEASURING_OPS.contains(f.value()));
            Leftover previousUnknown = null;
            boolean periodNamed = found.stream().anyMatch(f -> f.kind().equals("when"));
            // "how long does it take? median minutes": the minutes are the unit of the time to fill already read
            boolean inMinutes = found.stream().anyMatch(f -> f.kind().equals("filltime"));
            for (Leftover left : leftovers) {
                if (left.filler() || WordForms.isStopWord(left.word())) {
                    continue;
                }
                if (inMinutes && MINUTES.matcher(left.word()).matches()) {
                    continue;
                }
                if (dataLike && sizeOfSomething(left)) {
                    add("vague", "size", left.start(), left.end());
                    previousUnknown = null;
                    continue;
                }
                // "since the election", "во время кризиса": a period Barb cannot date is asked about, not left out
                if (dataLike && !periodNamed && periodLike(left)) {
                    unknown.add(StepBuilder.UNKNOWN_PERIOD + left.word() + eventMove(left));
                    sinceUnknownEvent |= periodOpensAt(left);
                    previousUnknown = null;
                    continue;
                }
                if ((!dataLike || measureMissing || conditionLike(left)) && !Lexicon.isFillerForm(left.word())) {
                    // "big wicks": words next to each other are one term to ask about
                    if (previousUnknown != null && text.substring(previousUnknown.end(), left.start()).isBlank()) {
                        unknown.set(unknown.size() - 1, unknown.get(unknown.size() - 1) + " " + left.word());
                    } else {
                        unknown.add(left.word());
                    }
                    previousUnknown = left;
                } else {
                    ignored.add(left.word());
                    previousUnknown = null;
                }
            }
        }

        /**
         * "gap big", "a huge week", "гэп большой": a size word next to what it sizes (a measure read just before or
         * after it, or a span of days after it); "it was huge" in a story sizes nothing asked.
         */
        private boolean sizeOfSomething(Leftover left) {
            if (!SIZE_WORD.matcher(left.word()).matches()
                    || NO_SIZE_AFTER.matcher(text.substring(Math.max(0, left.start() - 20), left.start())).find()) {
                return false;
            }
            if (SIZED_SPAN.matcher(text).region(left.end(), text.length()).lookingAt()) {
                return true;
            }
            return found.stream().anyMatch(f -> SIZED_KINDS.contains(f.kind())
                    && (f.end() + 1 == left.start() || left.end() + 1 == f.start()));
        }

        /**
         * "since the covid crash", "после ковидного обвала": a move right after the word naming an event is part of
         * the event's name, not a condition on the days. Takes that finding out of the reading and gives its words,
         * with a space, to be asked about with the event; "" when no move follows.
         */
        private String eventMove(Leftover left) {
            for (Lexicon.Finding f : found) {
                boolean right = f.start() >= left.end() && text.substring(left.end(), f.start()).isBlank();
                if (f.kind().equals("dir") && right) {
                    found.remove(f);
                    return " " + text.substring(f.start(), f.end());
                }
            }
            return "";
        }

        /** Whether the event word follows "since / after the / после / с момента": the days from it on. */
        private boolean periodOpensAt(Leftover left) {
            return Set.of("since", "after", "после", "момента").contains(wordBefore(left, true));
        }

        /**
         * A word after "since / during / until / во время / в период": it names the days the question is about.
         */
        private boolean periodLike(Leftover left) {
            String skipped = wordBefore(left, true);
            // a bare "в" is left alone: "в курсе", "в терминале" name no days
            // ("после выборов", "after the election": a period since an event Barb has no date for; "after a squeeze"
            // names a kind of day)
            return Set.of("since", "during", "until", "till", "время", "период", "момента", "после").contains(skipped)
                    || skipped.equals("after") && wordBefore(left, false).equals("the");
        }

        /** The word before a left-over word, past an article ("since the election" → since) when asked to. */
        private String wordBefore(Leftover left, boolean pastArticle) {
            String[] before = text.substring(0, left.start()).strip().split(" ");
            String previous = before[before.length - 1];
            String twoBack = before.length > 1 ? before[before.length - 2] : "";
            boolean article = Set.of("the", "that", "this", "a", "тот", "этот", "того").contains(previous);
            return pastArticle && article ? twoBack : previous;
        }

        private boolean conditionLike(Leftover left) {
            List<String> before = List.of(text.substring(0, left.start()).strip().split(" "));
            String after = text.substring(left.end()).strip();
            String next = after.isEmpty() ? "" : after.split(" ")[0];
            String previous = before.get(before.size() - 1);
            String twoBack = before.size() > 1 ? before.get(before.size() - 2) : "";
            // "how many 'trend days'": a word in quotes is a term the trader names, never a chat word
            boolean quoted = left.start() > 0 && "'\"«“‘`".indexOf(text.charAt(left.start() - 1)) >= 0;
            // "дней-разворотов", "days of reversal": a word right after "days" names what the days are
            return CONDITION_BEFORE.contains(previous) || CONDITION_BEFORE.contains(twoBack) || DAYS.contains(previous)
                    || CONDITION_AFTER.matcher(next).matches() || left.word().matches(".*\\d.*") || quoted;
        }

        /**
         * "avg volume 2024 vs 2025, is vol higher?", "объёмы падают?": in a comparison of a measure other than the
         * day's change, a lone direction that names no days (no "days" after it, unlike "on up days") asks which side
         * is bigger: the comparison answers it, it picks no days ("on up days", with "days" a word or two on, does).
         */
        private void trendOfMeasure() {
            boolean compares = found.stream().anyMatch(f -> f.kind().equals("vs")
                    || f.kind().equals("op") && f.value().equals("compare"));
            List<Lexicon.Finding> measures = found.stream().filter(f -> f.kind().equals("metric")).toList();
            List<Lexicon.Finding> directions = found.stream().filter(f -> f.kind().equals("dir")).toList();
            if (!compares || measures.isEmpty() || directions.size() != 1
                    || measures.stream().anyMatch(f -> f.value().startsWith("change"))) {
                return;
            }
            Lexicon.Finding direction = directions.get(0);
            // "down days" may be one finding, "down" and "days" or "вниз дней" two
            String said = text.substring(direction.start()).strip();
            String[] words = said.split("[^\\p{L}]+", 4);
            boolean namesDays = java.util.Arrays.stream(words, 0, Math.min(3, words.length)).anyMatch(DAYS::contains);
            if (!namesDays) {
                found.remove(direction);
            }
        }

        /**
         * "чаще растёт или падает", "more often green or red": a direction and its opposite joined by "or" ask which
         * of the two, which the share of the first answers; the second is no condition. Only in a question of how
         * often: "green or red days" elsewhere are days of either colour.
         */
        private void eitherWayOutcome() {
            boolean share = found.stream().anyMatch(f -> f.kind().equals("freq")
                    || f.kind().equals("op") && f.value().equals("probability"));
            if (!share) {
                return;
            }
            List<Lexicon.Finding> ordered = new ArrayList<>(found);
            ordered.sort(Comparator.comparingInt(Lexicon.Finding::start));
            for (int i = 0; i + 2 < ordered.size(); i++) {
                Lexicon.Finding one = ordered.get(i);
                Lexicon.Finding other = ordered.get(i + 2);
                boolean opposite = one.kind().equals(other.kind()) && !one.value().equals(other.value())
                        && (one.kind().equals("dir") || one.kind().equals("color"));
                if (opposite && ordered.get(i + 1).kind().equals("or")) {
                    found.remove(other);
                    return;
                }
            }
        }

        /**
         * "biggest 5 gap ups", "по 3 самых жёстких падения": a whole number no rule read, right next to a ranking word,
         * is how many days the ranking shows. Only when nothing else says how many.
         */
        private void rankedCount() {
            if (found.stream().anyMatch(f -> f.kind().equals("n"))) {
                return;
            }
            List<Lexicon.Finding> ranks = found.stream().filter(f -> f.kind().equals("rank")).toList();
            if (ranks.isEmpty()) {
                return;
            }
            for (Leftover left : List.copyOf(leftovers)) {
                if (!RANKED_COUNT.matcher(left.word()).matches()) {
                    continue;
                }
                for (Lexicon.Finding rank : ranks) {
                    String between = rank.start() >= left.end() ? text.substring(left.end(), rank.start())
                            : rank.end() <= left.start() ? text.substring(rank.end(), left.start()) : null;
                    if (between != null && NEXT_TO_RANK.matcher(between).matches()) {
                        add("n", left.word(), left.start(), left.end());
                        taken.set(left.start(), left.end());
                        leftovers.remove(left);
                        return;
                    }
                }
            }
        }

        private void readWhereClauses() {
            Matcher m = WHERE.matcher(text);
            while (m.find()) {
                FilterText.Filters filters;
                try {
                    filters = FilterText.parse(m.group(1));
                } catch (IllegalArgumentException e) {
                    continue;
                }
                int start = m.start();
                int end = m.end(1);
                if (filters.session() != null) {
                    add("session", filters.session(), start, end);
                }
                for (Plan.Condition c : filters.conditions()) {
                    add("cond", FilterText.formatCondition(c), start, end);
                }
                filters.patterns().forEach(v -> add("pattern", v, start, end));
                filters.events().forEach(v -> add("event", v, start, end));
                filters.weekdays().forEach(v -> add("weekday", v, start, end));
                filters.months().forEach(v -> add("month", v, start, end));
                if (filters.gap() != null) {
                    add("gap", filters.gap(), start, end);
                }
                if (filters.consecutive() != null) {
                    Plan.Consecutive c = filters.consecutive();
                    add("consec", c.color() + ("exactly".equals(c.mode()) ? " = " : " >= ") + c.length(), start, end);
                }
                if (filters.time() != null) {
                    add("time", filters.time().from() + "-" + filters.time().to(), start, end);
                }
                taken.set(start, end);
            }
        }

        private void apply(Lexicon.Rule rule) {
            Matcher m = rule.pattern().matcher(text);
            int from = 0;
            while (from <= text.length() && find(rule, m, from)) {
                int start = m.start();
                int end = m.end();
                if (end == start) {
                    from = start + 1;
                    continue;
                }
                if (!free(start, end)) {
                    // the longest alternative ran into words another rule took: try a shorter one that stops there
                    int limit = taken.nextSetBit(start);
                    boolean shorter = false;
                    if (limit > start) {
                        m.useTransparentBounds(false).useAnchoringBounds(true).region(start, limit);
                        shorter = m.lookingAt() && m.end() > start;
                    }
                    if (!shorter) {
                        from = start + 1;
                        continue;
                    }
                    end = m.end();
                }
                List<String[]> meaning = rule.meaning().apply(m);
                if (meaning == null || meaning.isEmpty()) {
                    from = start + 1;
                    continue;
                }
                for (String[] kv : meaning) {
                    if (kv[0].equals("end")) {
                        end = Integer.parseInt(kv[1]);
                    }
                }
                for (String[] kv : meaning) {
                    if (!kv[0].equals("end")) {
                        add(kv[0], kv[1], start, end);
                    }
                }
                taken.set(start, end);
                from = end;
            }
        }

        /**
         * As {@code m.find(from)}: the first match starting at or after {@code from} in the whole text; only the
         * word starts where the rule may begin, by their first character and word, are tried
         * ({@link Lexicon.Rule#mayBeginAt}), unless
         * {@link #everyPlace}.
         */
        private boolean find(Lexicon.Rule rule, Matcher m, int from) {
            if (everyPlace) {
                return m.find(from);
            }
            // the bounds let look-arounds see the text on both sides of the place tried, as find does
            m.useTransparentBounds(true).useAnchoringBounds(false);
            int i = Arrays.binarySearch(wordStarts, from);
            for (i = i >= 0 ? i : -i - 1; i < wordStarts.length; i++) {
                int at = wordStarts[i];
                if (rule.mayBeginAt(text, at, words[i], wordNumbers[i]) && m.region(at, text.length()).lookingAt()) {
                    return true;
                }
            }
            return false;
        }

        private boolean free(int start, int end) {
            int next = taken.nextSetBit(start);
            return next < 0 || next >= end;
        }

        private void add(String kind, String value, int start, int end) {
            found.add(new Lexicon.Finding(kind, value, start, end, seq++));
        }

        private void leftovers() {
            Matcher m = TOKEN.matcher(text);
            while (m.find()) {
                if (!free(m.start(), m.end())) {
                    continue;
                }
                // "at 9:30": a clock time no rule read is the open or a reference, not a condition to ask about
                if (CLOCK.matcher(text).region(Math.max(0, m.start() - 3), Math.min(text.length(), m.end() + 3)).find()) {
                    continue;
                }
                String bare = EDGE_DOTS.matcher(m.group()).replaceAll("");
                if (!bare.isEmpty() && LETTER_OR_DIGIT.matcher(bare).find()) {
                    int start = m.start() + m.group().indexOf(bare);
                    leftovers.add(new Leftover(bare, start, start + bare.length(), Lexicon.FILLER.contains(bare)));
                }
            }
        }
    }
}
