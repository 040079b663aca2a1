package barb.agents.reading;

import barb.agents.steps.FilterText;
import barb.core.Memory;
import barb.core.ParsedStep;

import java.time.DayOfWeek;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Messages that only make sense with the chat's previous question: "and 2022?", "same for thursdays", "only on gap
 * up days", "median instead of avg", "and lod", "list them", "which one was the biggest", "а на след день?". The
 * previous question is the chat's key fact {@link #LAST_QUERY} (the step the parser read, as text).
 *
 * <p>A follow-up is read like any question, and what it names replaces the same kind of thing in the previous
 * question — its period, session, weekdays, months, events, patterns, gap, colour, threshold on the same measure,
 * aggregate, grouping, extreme, bucket, timeframe, measure — while everything it does not name is kept. The merged
 * findings are then read as one question. Pure.
 */
public final class FollowUps {
    public static final String LAST_QUERY = "last query";
    /** How the steps of one question are joined, in {@link #LAST_QUERY} and in the parser's input. */
    public static final String STEP_SEPARATOR = " ; ";
    /** The days of the previous answer's rows, in its order, comma-separated: "that day", "the second one". */
    public static final String LAST_DAYS = "last days";

    /**
     * Words that open a follow-up: "and …", "what about …", "same for …", "а …", also after thanks with a word more,
     * spelled as it may be ("спасибо болшое а за 2024 год …").
     */
    private static final Pattern LEAD = Pattern.compile("^(?:(?:wait|hm+|ok(?:ay)?|so|now|ну|а|теперь),? )*"
            // "wait flip it, what about gap downs", "теперь наоборот: гэпы вниз": the other side of what was asked
            + "(?:(?:flip it|flip that|reverse it|the other way(?: round)?|наоборот)[,.:]? (?:and |what about |how about |"
            + "а |а если |а что )?)|"
            + "^(?:(?:ok(?:ay)?|cool|nice|thanks|thx|спасибо|ок|окей|понял|"
            + "ясно)(?: \\p{L}+)?,? )?(?:and |and what about |what about |how about |"
            + "same (?:\\p{L}+ ){0,2}?(?:for|but|on|in|with|by|excluding|without|except) |"
            + "also |now |only |just |but |instead |"
            + "а |а что |а если |а как |и |и за |теперь |то же |то же самое |тоже |а теперь |а только |только |"
            + "а по |а на |а в |а за |а с |но )");
    private static final Pattern THOSE_DAYS = Pattern.compile("^(?:ok,? |ok |а |и )?(?:now )?(?:show|list|give|display|"
            + "покажи|выведи|дай|перечисли)(?: me| мне)? (?:those|these|them|the days|all of them|эти дни|их|"
            + "эти|дни|списком)(?: days| дни| списком)?(?: please| плз| pls)?$|^(?:list them|show them|which days were they|"
            + "what days were they|какие это дни|что за дни|покажи их списком|выведи их списком|список дней|"
            + "list the days|show the days)$");
    /**
     * "What happened that day?", "что было в тот день", "ну хоть покажи, что было в тот день по цифрам": the one day
     * the previous answer showed.
     */
    private static final Pattern THAT_DAY = Pattern.compile("^(?:(?:ok|okay|and|so|then|just|а|и|ну|хоть|ок|тогда|"
            + "просто),? )*(?:(?:show me|tell me|покажи|покажите|скажи),? )?(?:what happened|what went on|"
            + "show me|tell me about|details (?:on|of|for)|break down|zoom into|как прош(?:ел|ла)|что (?:было|случилось|"
            + "происходило)|подробнее (?:про|о|об)|покажи)(?: on| in| в| на| про)? (?:that|this|the same|тот|этот|том|этом)"
            + " (?:day|date|session|день|дне|дату|сесси\\p{L}*)(?: (?:по цифрам|in numbers|pls|please|плз|пожалуйста))?$");
    /** "The second one", "and the 3rd?", "а второй?": one day of the previous answer's rows, by its place. */
    private static final Pattern NTH_DAY = Pattern.compile("^(?:ok,? |and |so |what about |what happened on |show me |"
            + "а |и |что было |покажи )*(?:the )?(first|second|third|fourth|fifth|1st|2nd|3rd|4th|5th|"
            + "перв\\p{L}*|втор\\p{L}*|трет\\p{L}*|четверт\\p{L}*|пят\\p{L}*)(?: one| day| день| из них)?$");
    /** The place words of {@link #NTH_DAY}, first to fifth. */
    private static final List<Pattern> NTH = List.of(Pattern.compile("(?:first|1st|перв).*"),
            Pattern.compile("(?:second|2nd|втор).*"), Pattern.compile("(?:third|3rd|трет).*"),
            Pattern.compile("(?:fourth|4th|четверт).*"), Pattern.compile("(?:fifth|5th|пят).*"));
    /** "the 10th and 90th", "10-й и 90-й": percentiles named by their ordinals alone. */
    private static final Pattern ORDINALS = Pattern.compile("(?<![\\d.])\\d{1,2}(?:th|st|nd|rd|-?й|-?го|-?ый)"
            + "(?:(?:, ?| and | и |/| & |,? and )\\d{1,2}(?:th|st|nd|rd|-?й|-?го|-?ый))+(?![\\p{L}\\d])");
    private static final Pattern ORDINAL_NUMBER = Pattern.compile("\\d{1,2}");
    /** "а в сам день …", "and on the day itself …": the days of the previous question themselves. */
    private static final Pattern DAY_ITSELF = Pattern.compile("^(?:(?:and|so|ok|а|и|ну) )?(?:(?:on )?the (?:day|session) "
            + "itself|(?:on )?the same day|(?:в )?сам(?:ый)? (?:этот |тот )?день|в тот же день|в этот же день)(?![\\p{L}])");
    private static final Pattern ONLY_AT_END = Pattern.compile("(?:^| )(?:only|instead|just those|then|too|as well|"
            + "тоже|также|только|лишь|"
            + "тогда|same (?:setup|set ?up|conditions?|criteria|filters?|days|deal|rules|way)|the same way|same as before|likewise|"
            + "(?:с )?(?:теми же|те же) (?:услови\\p{L}*|фильтр\\p{L}*|дн\\p{L}*))\\??(?: ?\\([^()]*\\))?$");
    /** A condition that is only the day's colour, as the parser writes it. */
    private static final Pattern COLOUR_FLAG = Pattern.compile("is_(green|red) = 1");
    /** The day's colour or the bare sign of its move: what "which way" a day went, with no size. */
    private static final Pattern COLOUR_OR_SIGN = Pattern.compile("is_(green|red) = 1|change(_pct)? [<>] 0");
    private static final Pattern BEST = Pattern.compile("(?<![\\p{L}])(?:best|лучш\\p{L}*)(?![\\p{L}])");
    /** "out of how many total?", "а всего сколько было?": all the days the previous count counted among. */
    private static final Pattern OUT_OF_TOTAL = Pattern.compile("^(?:(?:and|so|ok|а|и|ну),? )?(?:out of how many|of how many|"
            + "how many (?:in )?total|how many altogether|из скольких|сколько всего|всего сколько|а всего)(?: (?:total|in total|"
            + "overall|altogether|всего|было|дней|days|were there|was it))*\\s*\\??$");
    private static final Pattern WHICH_ONE = Pattern.compile("(?:which|what) (?:one|day|of them|of those)|"
            + "^(?:and |ok |so )?(?:which|what)(?:'s| (?:was|is|were)) (?:the )?(?:biggest|largest|widest|worst|best|smallest|"
            + "highest|lowest)(?: one)?$|"
            + "the (?:biggest|largest|widest|worst|best|smallest) one|какой из них|какая из них|который из них|"
            + "какой (?:был )?сам\\p{L}*|какой день|сам(?:ый|ая|ое)-сам(?:ый|ая|ое)|какого числа|(?:on )?what date");
    private static final Pattern ADD = Pattern.compile("^(?:ok,? |and |а |ну )?(?:add|also add|plus|include|throw in|"
            + "chuck|stick|put|добавь|добавьте|докинь|и ещё|еще|ещё|а также)\\s|(?<![\\p{L}])(?:in there|as well|too|тоже|"
            + "туда же|в сравнение)\\s*[?!.]*$");

    private static final Set<String> ADDED_SIDE_KINDS = Set.of("weekday", "month", "session", "event");

    /** Where the sides of a compare step's text start (its colon), as the reader finds it. */
    private static int previousColon(String stepText) {
        int colon = stepText.indexOf(':');
        return colon < 0 ? -1 : colon;
    }

    /** Kinds that name what a question is about: a message naming one can stand on its own. */
    private static final Set<String> SUBJECTS = Set.of("metric", "event", "pattern", "color", "dir", "cond", "gap",
            "consec", "extreme", "snapshot", "fill", "break", "out");
    /** Kinds that replace each other as one family. */
    private static final Map<String, String> FAMILY = Map.ofEntries(Map.entry("color", "outcome"),
            Map.entry("dir", "outcome"), Map.entry("rank", "rank"), Map.entry("n", "n"), Map.entry("later", "later"),
            Map.entry("offsets", "later"), Map.entry("each", "group"), Map.entry("group", "group"));

    private FollowUps() {
    }

    /** The previous question as changed by this message, or empty when the message is a question of its own. */
    /**
     * The chat's memory after a notion was explained: its days as the last question ("list days where pattern =
     * nr7"), so "а сколько таких дней было в 2025?" counts them. Empty for a notion that names no days (median, RTH
     * alone names a session and is kept too).
     */
    public static List<String> daysOfConcept(String name) {
        Reading r = QuestionReader.read(name);
        if (r.step() == null || !r.clarify().isEmpty() || r.outOfScope() != null || !r.more().isEmpty()
                || !r.step().operation().equals("list") || r.step().atoms().stream().allMatch(a -> a.filter().isEmpty())) {
            return List.of();
        }
        return List.of(LAST_QUERY + ": " + barb.agents.steps.StepText.render(r.step()), LAST_DAYS + ": ");
    }

    /** A day the reader names: a full date, or a month and day whose year is resolved later ("--12-10"). */
    private static final Pattern ONE_DAY = Pattern.compile("(?:\\d{4}|-)-\\d{2}-\\d{2}");

    /**
     * "почему 27 января 2025 так упали? какие новости были?": a question Barb refuses (news, causes) that names one
     * day makes that day the chat's subject, so "ну хоть покажи, что было в тот день" shows it. No facts otherwise.
     */
    public static List<String> dayOfRefusal(String question) {
        List<Lexicon.Finding> days = QuestionReader.findings(question).stream()
                .filter(f -> f.kind().equals("when")).toList();
        if (days.size() != 1 || !ONE_DAY.matcher(days.get(0).value()).matches()) {
            return List.of();
        }
        String day = days.get(0).value();
        return snapshotOf(day).map(snapshot -> List.of(
                LAST_QUERY + ": " + barb.agents.steps.StepText.render(snapshot.step()),
                LAST_DAYS + ": " + (day.startsWith("-") ? "" : day))).orElse(List.of());
    }

    /**
     * "а что насчёт понедельников?" as the first message of a chat: a follow-up with nothing before it to follow,
     * that names days but nothing to compute about them.
     */
    public static boolean followsNothing(String question, Memory memory, Reading reading) {
        String last = memory == null ? null : memory.keyFact(LAST_QUERY);
        if (last != null && !last.isBlank() || question == null || reading.step() == null || !reading.more().isEmpty()) {
            return false;
        }
        String text = QuestionReader.normalize(question);
        if (!text.matches("^(?:and |and what about |what about |how about |а |а что |а как |и )(?:насчет |насчёт |с |по |про |for |on )?.*")) {
            return false;
        }
        return reading.step().operation().equals("list") && QuestionReader.findings(question).stream()
                .noneMatch(f -> Set.of("op", "agg", "metric", "freq", "rank", "howmuch", "extreme", "snapshot", "when")
                        .contains(f.kind()));
    }

    /** The days a rendered step is about: its period and conditions, without what it computes of them. */
    private static String daysOf(String step) {
        int in = step.indexOf(" in ");
        int where = step.indexOf(" where ");
        return (in < 0 ? "" : step.substring(in, where < in ? step.length() : where)) + "|"
                + (where < 0 ? "" : step.substring(where));
    }

    /** A bare number after a question about a run: "а 5", "and 7+?", "what about 3 in a row". */
    private static final java.util.regex.Pattern RUN_LENGTH_ONLY = java.util.regex.Pattern.compile(
            "^(?:(?:а|и|and|what about|how about|ok|ну)(?: если| if)?,? )?(exactly |ровно |only )?(\\d{1,2})"
            + "( ?\\+| or more| и более)?(?: (?:подряд|in a row|straight|дн\\p{L}*|days?|раз))?$");
    private static final java.util.regex.Pattern RUN_IN_QUERY = java.util.regex.Pattern.compile(
            "consecutive (red|green) (>?=) (\\d+)");

    /**
     * "а 5" after "после 4 красных дней подряд как часто зелёный": the same question about runs of that length. Only
     * when the previous question named one run and nothing else numbered, so the number can mean nothing else. A bare
     * number keeps how the run was counted; "exactly 4" counts runs of just that length, "5+" of at least it.
     */
    private static Optional<Reading> runOfAnotherLength(String text, String last) {
        java.util.regex.Matcher number = RUN_LENGTH_ONLY.matcher(text);
        java.util.regex.Matcher run = RUN_IN_QUERY.matcher(last);
        if (!number.matches() || !run.find() || run.find()) {
            return Optional.empty();
        }
        // a flag's "= 1" and the dates of the period are no numbers the trader could mean
        String without = RUN_IN_QUERY.matcher(last).replaceAll("").replaceAll("= [01](?![\\d.])", "")
                .replaceAll("(?:19|20)\\d\\d(?:-\\d\\d){0,2}", "");
        if (without.matches("(?s).*\\d.*")) {
            return Optional.empty();
        }
        String counted = number.group(1) != null ? "=" : number.group(3) != null ? ">=" : "$2";
        String changed = RUN_IN_QUERY.matcher(last).replaceAll("consecutive $1 " + counted + " " + number.group(2));
        Reading reading = QuestionReader.read(changed);
        return reading.step() == null || !reading.clarify().isEmpty() ? Optional.empty() : Optional.of(reading);
    }

    /**
     * "sample size lol", "how many mondays is that", "what's the n", "сколько таких дней было": how many days the
     * previous answer was computed over (a probability's days before their outcome), asked as a message of its own.
     */
    private static final String SAMPLE_ASK = "(?:(?:what(?: is)?|how big (?:is|was)) (?:the |my )?(?:sample(?: size)?|n)"
            + "|sample(?: size)?|n ?=|how many (?:[\\p{L}-]+ ){0,2}(?:is|was|are|were) (?:that|there|it|in (?:the|that) sample)"
            + "|how many (?:of )?(?:those|them|these)(?: days| times| weeks| months)?(?: (?:are|were) there)?"
            + "|какая (?:была )?выборка|размер выборки|сколько (?:это|таких|этих) (?:дней|случаев|раз|недель|месяцев)"
            + "(?: (?:было|вообще|всего|в выборке))*|сколько (?:дней|случаев) (?:в выборке|это|было в выборке))";
    private static final Pattern SAMPLE_SIZE = Pattern.compile("^(?:(?:and|so|ok|but|а|и|ну|кстати),? )*" + SAMPLE_ASK
            + "(?: ?,? " + SAMPLE_ASK + ")?"
            + "(?: (?:even|total|again|in total|then|tho|though|on that one|вообще|всего|было))*\\s*\\??$");

    /** Whether a message only asks how many days the previous answer was computed over. */
    public static boolean asksSampleSize(String question, Memory memory) {
        String last = memory == null ? null : memory.keyFact(LAST_QUERY);
        return last != null && !last.isBlank() && question != null
                && SAMPLE_SIZE.matcher(QuestionReader.normalize(question)).find();
    }

    private static Optional<Reading> sampleSize(String text, String last) {
        if (!SAMPLE_SIZE.matcher(text).find()) {
            return Optional.empty();
        }
        ParsedStep before = QuestionReader.read(last).step();
        if (before == null || before.atoms().size() != 1 || Set.of("count", "compare", "correlation")
                .contains(before.operation())) {
            return Optional.empty();
        }
        barb.core.Atom days = before.atoms().get(0);
        Reading counted = QuestionReader.read("count days" + barb.agents.steps.StepText.daysText(days.when(),
                days.timeframe(), days.filter()));
        return counted.step() == null || !counted.clarify().isEmpty() ? Optional.empty() : Optional.of(counted);
    }

    public static Optional<Reading> resolve(String question, Memory memory) {
        String last = memory == null ? null : memory.keyFact(LAST_QUERY);
        if (last == null || last.isBlank() || question == null || question.isBlank()) {
            return Optional.empty();
        }
        // "а те же две цифры за 2024?" after a mean and a median: every step of the previous answer is changed alike,
        // when the change keeps what each step computed
        String[] steps = last.split(java.util.regex.Pattern.quote(STEP_SEPARATOR));
        if (steps.length > 1) {
            Reading out = null;
            for (String step : steps) {
                Optional<Reading> changed = resolve(question, memory, step);
                ParsedStep before = QuestionReader.read(step).step();
                if (changed.isEmpty() || changed.get().step() == null || !changed.get().clarify().isEmpty()
                        || !changed.get().more().isEmpty() || before == null
                        || !changed.get().step().operation().equals(before.operation())) {
                    out = null;
                    break;
                }
                ParsedStep next = changed.get().step();
                out = out == null ? changed.get()
                        : out.withMore(new ParsedStep("s" + (out.steps().size() + 1), next.operation(), next.atoms(),
                                next.params()));
            }
            if (out != null) {
                return Optional.of(out);
            }
            // "(1) how many inside days (2) what % closed green" then "and next day green %?": a change that fits only
            // some of the asks of the same days follows the last one (asks about different days, "the ovn high …
            // and the low", are told apart by what the follow-up names)
            boolean sameDays = java.util.Arrays.stream(steps).map(FollowUps::daysOf).distinct().count() == 1
                    && QuestionReader.findings(question).stream()
                            .noneMatch(f -> Set.of("break", "extreme", "metric").contains(f.kind()));
            Optional<Reading> ofLast = sameDays ? resolve(question, memory, steps[steps.length - 1]) : Optional.empty();
            if (ofLast.isPresent() && ofLast.get().step() != null && ofLast.get().clarify().isEmpty()) {
                return ofLast;
            }
        }
        return resolve(question, memory, last);
    }

    private static Optional<Reading> resolve(String question, Memory memory, String last) {
        List<Lexicon.Finding> previous = QuestionReader.findings(last);
        if (previous.isEmpty()) {
            return Optional.empty();
        }
        // "а стандартное отклонение? это же и есть волатильность, правильно я понимаю": a later sentence of what the
        // trader thinks asks nothing
        question = QuestionReader.withoutAsides(question);
        // "ну вот, другое дело. а медианный?": the last sentence, opening like a follow-up and naming no subject of
        // its own, is the follow-up
        String text = QuestionReader.normalize(question);
        String[] sentences = question.strip().split("(?<=[.!?])\\s+");
        String lastSentence = sentences[sentences.length - 1];
        if (sentences.length > 1 && !LEAD.matcher(text).find()
                && LEAD.matcher(QuestionReader.normalize(lastSentence)).find()
                && QuestionReader.findings(lastSentence).stream().noneMatch(f -> SUBJECTS.contains(f.kind()))) {
            question = lastSentence;
            text = QuestionReader.normalize(question);
        }
        Optional<Reading> longerRun = runOfAnotherLength(text, last);
        if (longerRun.isPresent()) {
            return longerRun;
        }
        Optional<Reading> sample = sampleSize(text, last);
        if (sample.isPresent()) {
            return sample;
        }
        Optional<Reading> day = oneOfTheDays(text, memory.keyFact(LAST_DAYS));
        if (day.isPresent()) {
            return day;
        }
        // "ок, тогда покажи, что было в тот день" after a refused question about "10 декабря": the one day of the
        // previous question, still to be dated
        List<Lexicon.Finding> previousWhen = previous.stream().filter(f -> f.kind().equals("when")).toList();
        if (THAT_DAY.matcher(text).find() && previous.stream().anyMatch(f -> f.kind().equals("snapshot"))
                && previousWhen.size() == 1) {
            Optional<Reading> again = snapshotOf(previousWhen.get(0).value());
            if (again.isPresent()) {
                return again;
            }
        }
        Optional<Reading> week = weekOfThatDay(text, previous);
        if (week.isPresent()) {
            return week;
        }
        Optional<Reading> month = monthOfThatDay(text, previous);
        if (month.isPresent()) {
            return month;
        }
        if (THOSE_DAYS.matcher(text).find()) {
            return Optional.of(thoseDays(previous));
        }
        // "out of how many total?" after how many FOMC days closed red: the same days without the colour counted
        if (OUT_OF_TOTAL.matcher(text).find() && previous.stream().anyMatch(f -> f.kind().equals("op")
                && f.value().equals("count"))) {
            List<Lexicon.Finding> all = new ArrayList<>(previous.stream().filter(f -> !f.kind().equals("color")
                    && !f.kind().equals("dir") && !(f.kind().equals("cond")
                    && COLOUR_OR_SIGN.matcher(f.value()).matches())).toList());
            Reading reading = new StepBuilder(all, new ArrayList<>(), -1).build();
            if (reading.step() != null) {
                return Optional.of(reading);
            }
        }
        Optional<Reading> redone = redoneIn(text, question, previous);
        if (redone.isPresent()) {
            return redone;
        }
        Optional<List<Lexicon.Finding>> moment = momentOfBreak(text, previous);
        if (moment.isPresent()) {
            // the days of the previous question, without what it asked of them
            List<Lexicon.Finding> all = new ArrayList<>(previous.stream().filter(f -> !isOvernightBreak(f)
                    && !Set.of("freq", "op", "extreme").contains(f.kind())).toList());
            all.addAll(moment.get());
            Reading reading = new StepBuilder(all, new ArrayList<>(), -1).build();
            if (reading.step() != null) {
                return Optional.of(reading);
            }
        }
        List<Lexicon.Finding> own = new ArrayList<>(QuestionReader.findings(question));
        List<Lexicon.Finding> said = otherBreak(previous, own);
        boolean otherLevel = said != own;
        List<Lexicon.Finding> fragments = fragments(LEAD.matcher(text).replaceFirst(""), previous);
        // "5 in a row?": the words of the run are its length, not a question about streaks
        if (fragments.stream().anyMatch(f -> f.kind().equals("consec"))) {
            said.removeIf(f -> f.kind().equals("op") && f.value().equals("streak"));
        }
        said.addAll(fragments);
        // "gap downs only", "только по пятницам": a restriction of the previous question
        // "how many of those closed red": the days of the previous answer are where the new question counts
        boolean lead = LEAD.matcher(text).find() || ONLY_AT_END.matcher(text).find() || OF_THEM.matcher(text).find();
        // "and the best one each yr" after the worst of each year: the other end of the ranking, not one of its rows
        boolean otherEnd = BEST.matcher(text).find() && previous.stream().anyMatch(f -> f.kind().equals("sort")
                && f.value().equals("asc"));
        boolean which = WHICH_ONE.matcher(text).find() && !otherEnd;
        // a message that names no subject of its own ("show 1, 2 and 3 days after but only 2024-25", "median
        // instead?", "а в 2022?") changes the previous question; one that names a subject is a new question unless
        // it opens like a follow-up
        // what only a fragment means ("5 in a row?") is no subject of the message's own
        boolean subject = said.stream().filter(f -> !fragments.contains(f)).anyMatch(f -> SUBJECTS.contains(f.kind()));
        if (said.isEmpty() || !(lead || which || otherLevel || !subject)) {
            return Optional.empty();
        }
        if (which) {
            return Optional.of(whichOne(previous, said));
        }
        // "add 2025 too", "throw tuesday in there too": one more side of the comparison, not a new period or filter
        // (a period always; a weekday, month, session or event when the sides are of that kind)
        String addedKind = said.stream().map(Lexicon.Finding::kind).distinct().count() == 1 ? said.get(0).kind() : null;
        boolean oneMoreSide = "when".equals(addedKind) || addedKind != null && ADDED_SIDE_KINDS.contains(addedKind)
                && previous.stream().filter(f -> f.kind().equals(addedKind)).count() >= 2;
        if (ADD.matcher(text).find() && oneMoreSide && previous.stream().anyMatch(f -> f.kind().equals("vs")
                || f.kind().equals("op") && f.value().equals("compare"))) {
            List<Lexicon.Finding> sides = new ArrayList<>(previous);
            int at = 30_000;
            for (Lexicon.Finding f : said) {
                sides.add(new Lexicon.Finding("vs", "", at, at + 1, at));
                sides.add(new Lexicon.Finding(f.kind(), f.value(), at + 2, at + 3, at + 2));
                at += 10;
            }
            Reading added = new StepBuilder(sides, new ArrayList<>(), previousColon(last)).build();
            if (added.step() != null) {
                return Optional.of(added);
            }
        }
        Reading against = against(previous, said, last);
        if (against != null) {
            return Optional.of(against);
        }
        // "а какой месяц был лучшим?" after counting green months: the best of all of them, not of the green ones
        // ("the 5 best of them" keeps them)
        List<Lexicon.Finding> base = previous;
        if (said.stream().anyMatch(f -> f.kind().equals("rank")) && !OF_THEM.matcher(text).find()
                && previous.stream().anyMatch(f -> f.kind().equals("op") && f.value().equals("count"))) {
            base = previous.stream().filter(f -> !(f.kind().equals("cond") && COLOUR_FLAG.matcher(f.value()).matches()))
                    .toList();
        }
        // "just give me the 10th and 90th" after percentiles: other percentiles of the same values
        Matcher ordinals = ORDINALS.matcher(text);
        if (ordinals.find() && base.stream().anyMatch(f -> f.kind().equals("percentiles")
                || f.kind().equals("op") && f.value().equals("distribution"))) {
            List<String> values = new ArrayList<>();
            Matcher number = ORDINAL_NUMBER.matcher(ordinals.group());
            while (number.find()) {
                values.add(number.group());
            }
            // "give me" shows them, it asks no list of days
            said.removeIf(f -> f.kind().equals("ordinal") || f.kind().equals("op") && f.value().equals("list"));
            said.add(new Lexicon.Finding("percentiles", String.join(",", values), ordinals.start(), ordinals.end(),
                    ordinals.start()));
        }
        // "а январь?" after how often Decembers closed green since 2010: the month replaces the month, the years stay
        if (said.stream().anyMatch(f -> f.kind().equals("when")) && said.stream().filter(f -> f.kind().equals("when"))
                .allMatch(f -> FilterText.MONTHS.contains(f.value()))
                && base.stream().anyMatch(f -> f.kind().equals("month")
                        || f.kind().equals("when") && FilterText.MONTHS.contains(f.value()))
                && base.stream().anyMatch(f -> f.kind().equals("when") && !FilterText.MONTHS.contains(f.value()))) {
            base = base.stream().filter(f -> !(f.kind().equals("when") && FilterText.MONTHS.contains(f.value()))).toList();
            said.replaceAll(f -> f.kind().equals("when") ? new Lexicon.Finding("month", f.value(), f.start(), f.end(),
                    f.seq()) : f);
        }
        // "and april?" after March 2024: April of the same year, not the last April
        List<Lexicon.Finding> saidWhens = said.stream().filter(f -> f.kind().equals("when")).toList();
        List<Lexicon.Finding> baseWhens = base.stream().filter(f -> f.kind().equals("when")).toList();
        if (saidWhens.size() == 1 && FilterText.MONTHS.contains(saidWhens.get(0).value()) && baseWhens.size() == 1
                && baseWhens.get(0).value().matches("\\d{4}-\\d{2}")) {
            Lexicon.Finding named = saidWhens.get(0);
            String value = baseWhens.get(0).value().substring(0, 5)
                    + String.format(Locale.ROOT, "%02d", FilterText.MONTHS.indexOf(named.value()) + 1);
            said.set(said.indexOf(named), new Lexicon.Finding("when", value, named.start(), named.end(), named.seq()));
        }
        // "а за тот же период 2024 г.?" after October to December of last year: the same months of that year
        if (saidWhens.size() == 1 && saidWhens.get(0).value().matches("\\d{4}") && baseWhens.size() == 1
                && SAME_PERIOD.matcher(text).find()) {
            String moved = sameDaysOfYear(baseWhens.get(0).value(), saidWhens.get(0).value());
            if (moved != null) {
                Lexicon.Finding named = saidWhens.get(0);
                said.set(said.indexOf(named), new Lexicon.Finding("when", moved, named.start(), named.end(),
                        named.seq()));
            }
        }
        // "а сколько минут в среднем ждать пока закроется?" after how often gaps fill: the minutes are asked now (asked in
        // one message with how often, both are the gap-fill table's)
        if (said.stream().anyMatch(f -> f.kind().equals("filltime"))) {
            base = base.stream().filter(f -> !(f.kind().equals("freq") || f.kind().equals("op")
                    && Set.of("probability", "count", "list").contains(f.value()))).toList();
        }
        // "а в сам день фомс ср рейндж ртх какой?" after what NQ does the days after FOMC: a measure of the days
        // themselves, not of the days after them
        if (DAY_ITSELF.matcher(text).find() && said.stream().anyMatch(f -> f.kind().equals("agg")
                || f.kind().equals("metric") || f.kind().equals("op"))) {
            base = base.stream().filter(f -> !Set.of("later", "after", "offsets", "around").contains(f.kind())).toList();
        }
        // "а серии красных в 2022 можно списком?" after the longest run: a list asked for is every one, not the one
        // ranked first
        if (said.stream().anyMatch(f -> f.kind().equals("op") && f.value().equals("list"))
                && said.stream().noneMatch(f -> Set.of("rank", "n", "ndefault").contains(f.kind()))
                && base.stream().anyMatch(f -> Set.of("n", "ndefault").contains(f.kind()) && f.value().equals("1"))) {
            base = base.stream().filter(f -> !Set.of("rank", "n", "ndefault", "sort").contains(f.kind())).toList();
        }
        // "а в остальные дни (пн-чт)?" after Fridays: the rest is spelled out, so it is the new days, not a comparison
        // of the previous days with all others
        List<Lexicon.Finding> previousDays = base;
        if (said.stream().anyMatch(f -> f.kind().equals("complement"))
                && said.stream().anyMatch(f -> Set.of("weekday", "month").contains(f.kind())
                && previousDays.stream().anyMatch(p -> p.kind().equals(f.kind())))) {
            said.removeIf(f -> f.kind().equals("complement"));
        }
        List<Lexicon.Finding> merged = merge(base, flipRanking(base, said));
        Reading reading = new StepBuilder(nextDayOfSnapshot(merged), new ArrayList<>(), -1).build();
        return reading.step() == null ? Optional.empty() : Optional.of(reading);
    }

    /** Words asking to compute the previous answer again, on other days or another session. */
    private static final Pattern REDO = Pattern.compile("(?<![\\p{L}])(?:пересчита\\p{L}*|перепровер\\p{L}*|"
            + "посчитай (?:заново|еще раз|ещё раз|по)|проверь(?:-ка)?|сделай (?:то же|тоже|так же)|redo|recalc\\p{L}*|"
            + "re-?run|do it (?:for|on|with|again)|do the same (?:for|on|with)|run it (?:for|on|again)|check (?:it )?(?:for|on|with))"
            + "(?![\\p{L}])");

    /**
     * "пересчитай по ETH", "that looks low, do it for the full 24h session", "стоп, это ведь по ETH? мне нужна ртх,
     * пересчитай": the previous question again with the session (the last one named: the one wanted) and the
     * periods the message names; its other words only explain why. Empty without a redo word or anything to change.
     */
    static Optional<Reading> redoneIn(String text, String question, List<Lexicon.Finding> previous) {
        if (!REDO.matcher(text).find()) {
            return Optional.empty();
        }
        List<Lexicon.Finding> own = QuestionReader.findings(question);
        List<Lexicon.Finding> changes = new ArrayList<>();
        own.stream().filter(f -> f.kind().equals("session")).reduce((a, b) -> b).ifPresent(changes::add);
        own.stream().filter(f -> f.kind().equals("when")).forEach(changes::add);
        if (changes.isEmpty()) {
            return Optional.empty();
        }
        Reading reading = new StepBuilder(merge(previous, changes), new ArrayList<>(), -1).build();
        return reading.step() == null ? Optional.empty() : Optional.of(reading);
    }

    /** "show me that whole week", "а всю ту неделю", "the rest of that week": the week of the day just asked about. */
    private static final Pattern THAT_WEEK = Pattern.compile("(?<![\\p{L}])(?:(?:the )?(?:whole|entire|full) (?:of )?"
            + "(?:that |the |this )?week|that (?:whole |entire |full )?week|(?:the )?rest of (?:that |the |this )?week|"
            + "(?:всю|вся|весь|целую|ту|эту|остаток|остальн\\p{L}*) (?:ту |эту |той |этой |всю |та |эта )?недел\\p{L}*|та неделя|"
            + "(?:остаток|конец) (?:той |этой )?недели)(?![\\p{L}])");
    private static final Pattern REST_OF = Pattern.compile("rest|остат|остальн|конец");

    /**
     * The snapshot of the trading week (Monday to Friday) of the one day the previous question was about; "the rest
     * of that week" starts at that day. Empty unless the message points at that week and the previous question was
     * about one day.
     */
    static Optional<Reading> weekOfThatDay(String text, List<Lexicon.Finding> previous) {
        Matcher m = THAT_WEEK.matcher(text);
        List<Lexicon.Finding> whens = previous.stream().filter(f -> f.kind().equals("when")).toList();
        if (!m.find() || whens.size() != 1 || !whens.get(0).value().matches("\\d{4}-\\d{2}-\\d{2}")) {
            return Optional.empty();
        }
        java.time.LocalDate day = java.time.LocalDate.parse(whens.get(0).value());
        java.time.LocalDate monday = day.with(java.time.temporal.TemporalAdjusters.previousOrSame(java.time.DayOfWeek.MONDAY));
        java.time.LocalDate from = REST_OF.matcher(m.group()).find() ? day : monday;
        List<Lexicon.Finding> snapshot = List.of(new Lexicon.Finding("snapshot", "", 0, 1, 0),
                new Lexicon.Finding("when", from + ".." + monday.plusDays(4), 2, 3, 1));
        Reading reading = new StepBuilder(snapshot, new ArrayList<>(), -1).build();
        return reading.step() == null ? Optional.empty() : Optional.of(reading);
    }

    /** Words pointing back at the days a previous ask picked: "the best of them", "у таких дней". */
    static final Pattern OF_THEM = Pattern.compile("(?<![\\p{L}])(?:of them|of those|among them|among those|after (?:each )?one|"
            + "из них|среди них|из этих|среди этих|этих|those|these|them|таких|их|тех|этим|тем|such days)(?![\\p{L}])");
    private static final Pattern THAT_MONTH = Pattern.compile("(?<![\\p{L}])(?:(?:за|в|на) )?(?:(?:весь|целый) )?"
            + "(?:тот|этот|том|этом|того|этого) (?:же )?месяц\\p{L}*|(?:весь|целый) месяц|(?:for |in |over )?(?:the )?"
            + "(?:whole |entire |full |same )?(?:of )?(?:that|the same) month|the whole month(?![\\p{L}])");

    /**
     * "а какой был средний рендж ртх за тот месяц?" after one day: the message's own question over the month of that
     * day, or the month's recap when it asks nothing of its own ("а весь тот месяц?").
     */
    static Optional<Reading> monthOfThatDay(String text, List<Lexicon.Finding> previous) {
        Matcher m = THAT_MONTH.matcher(text);
        List<Lexicon.Finding> whens = previous.stream().filter(f -> f.kind().equals("when")).toList();
        if (!m.find() || whens.size() != 1) {
            return Optional.empty();
        }
        Matcher day = DAY_VALUE.matcher(whens.get(0).value());
        if (!day.matches()) {
            return Optional.empty();
        }
        int monthNumber = Integer.parseInt(day.group(2));
        String month = day.group(1) != null ? day.group(1) + "-" + day.group(2)
                : java.time.Month.of(monthNumber).name().toLowerCase(Locale.ROOT);
        List<Lexicon.Finding> own = new ArrayList<>(QuestionReader.findings(text.substring(0, m.start()) + " "
                + text.substring(m.end())).stream().filter(f -> !f.kind().equals("when")).toList());
        boolean asks = own.stream().anyMatch(f -> Set.of("op", "agg", "freq", "rank", "howmuch", "metric")
                .contains(f.kind()));
        if (!asks) {
            // a recap covers days: the month as its first and last day
            own.add(new Lexicon.Finding("snapshot", "", 0, 1, 0));
            if (day.group(1) != null) {
                java.time.YearMonth ym = java.time.YearMonth.of(Integer.parseInt(day.group(1)), monthNumber);
                month = ym.atDay(1) + ".." + ym.atEndOfMonth();
            }
        }
        own.add(new Lexicon.Finding("when", month, 10_000, 10_001, 10_000));
        Reading reading = new StepBuilder(own, new ArrayList<>(), -1).build();
        return reading.step() == null ? Optional.empty() : Optional.of(reading);
    }

    /**
     * "avg range since the covid crash" answered "march 2020": the one day or month given dates the event, and the
     * question asks about the days since it.
     */
    static List<Lexicon.Finding> fromTheEvent(String question, List<Lexicon.Finding> said) {
        List<Lexicon.Finding> whens = said.stream().filter(f -> f.kind().equals("when")).toList();
        if (whens.size() != 1 || whens.get(0).value().contains("..") || !QuestionReader.sinceUnknownEvent(question)) {
            return said;
        }
        Lexicon.Finding day = whens.get(0);
        List<Lexicon.Finding> out = new ArrayList<>(said);
        out.set(out.indexOf(day), new Lexicon.Finding("when", day.value() + "..", day.start(), day.end(), day.seq()));
        return out;
    }

    /**
     * "февраль и март 2020" given as the period asked for: months next to each other are one span of days, not sides
     * to compare. A month without its year takes the year said with the others.
     */
    static List<Lexicon.Finding> monthsAsOneSpan(List<Lexicon.Finding> said) {
        List<Lexicon.Finding> whens = said.stream().filter(f -> f.kind().equals("when")).toList();
        if (whens.size() < 2) {
            return said;
        }
        String year = null;
        for (Lexicon.Finding w : whens) {
            if (w.value().matches("\\d{4}-\\d{2}")) {
                year = w.value().substring(0, 4);
            }
        }
        List<java.time.YearMonth> months = new ArrayList<>();
        for (Lexicon.Finding w : whens) {
            java.time.YearMonth ym = yearMonth(w.value(), year);
            if (ym == null) {
                return said;
            }
            months.add(ym);
        }
        for (int i = 1; i < months.size(); i++) {
            if (!months.get(i).equals(months.get(i - 1).plusMonths(1))) {
                return said;
            }
        }
        List<Lexicon.Finding> out = new ArrayList<>(said);
        out.removeAll(whens);
        Lexicon.Finding first = whens.get(0);
        out.add(new Lexicon.Finding("when", months.get(0) + ".." + months.get(months.size() - 1), first.start(),
                whens.get(whens.size() - 1).end(), first.seq()));
        return out;
    }

    private static java.time.YearMonth yearMonth(String value, String year) {
        if (value.matches("\\d{4}-\\d{2}")) {
            return java.time.YearMonth.parse(value);
        }
        for (java.time.Month m : java.time.Month.values()) {
            if (m.name().equalsIgnoreCase(value) && year != null) {
                return java.time.YearMonth.of(Integer.parseInt(year), m);
            }
        }
        return null;
    }

    /** A day as a period finding holds it: "2025-10-10", or "--10-10" without a year. */
    private static final Pattern DAY_VALUE = Pattern.compile("(?:(\\d{4})|-)-(\\d{2})-\\d{2}");

    /** The snapshot of one day the previous answer showed, when the message points at it; else empty. */
    static Optional<Reading> oneOfTheDays(String text, String lastDays) {
        if (lastDays == null || lastDays.isBlank()) {
            return Optional.empty();
        }
        List<String> days = List.of(lastDays.split(","));
        String day = null;
        if (THAT_DAY.matcher(text).find() && days.size() == 1) {
            day = days.get(0);
        }
        Matcher nth = NTH_DAY.matcher(text);
        if (nth.find()) {
            for (int i = 0; i < NTH.size(); i++) {
                if (NTH.get(i).matcher(nth.group(1)).matches() && i < days.size()) {
                    day = days.get(i);
                }
            }
        }
        if (day == null || !day.strip().matches("\\d{4}-\\d{2}-\\d{2}")) {
            return Optional.empty();
        }
        return snapshotOf(day.strip());
    }

    /** What happened on one day ("2025-01-27", or "--12-10" to be dated later), or empty when it cannot be built. */
    private static Optional<Reading> snapshotOf(String day) {
        List<Lexicon.Finding> snapshot = List.of(new Lexicon.Finding("snapshot", "", 0, 1, 0),
                new Lexicon.Finding("when", day, 2, 3, 1));
        Reading reading = new StepBuilder(snapshot, new ArrayList<>(), -1).build();
        return reading.step() == null ? Optional.empty() : Optional.of(reading);
    }

    /** Kinds a "vs …" follow-up may name as the other side of the previous question. */
    private static final List<String> OTHER_SIDE = List.of("when", "session", "weekday", "month", "event", "pattern");

    /**
     * "vs 2023?", "сравни с 2023", "compare with thursdays": the previous question becomes one side and the one
     * thing named the other, when the previous question named a thing of the same kind and compared nothing.
     * Null otherwise.
     */
    private static Reading against(List<Lexicon.Finding> previous, List<Lexicon.Finding> said, String last) {
        boolean compares = said.stream().anyMatch(f -> f.kind().equals("vs") || f.kind().equals("op")
                && f.value().equals("compare"));
        boolean comparedBefore = previous.stream().anyMatch(f -> f.kind().equals("vs") || f.kind().equals("op")
                && f.value().equals("compare"));
        List<Lexicon.Finding> sides = said.stream().filter(f -> OTHER_SIDE.contains(f.kind())).toList();
        if (!compares || comparedBefore || sides.size() != 1
                || said.stream().anyMatch(f -> SUBJECTS.contains(f.kind()) && !OTHER_SIDE.contains(f.kind()))) {
            return null;
        }
        Lexicon.Finding other = sides.get(0);
        boolean sameKind = previous.stream().anyMatch(f -> f.kind().equals(other.kind())
                && !f.value().equals(other.value()));
        if (!sameKind) {
            return null;
        }
        List<Lexicon.Finding> both = new ArrayList<>(previous);
        int at = 30_000;
        both.add(new Lexicon.Finding("vs", "", at, at + 1, at));
        both.add(new Lexicon.Finding(other.kind(), other.value(), at + 2, at + 3, at + 2));
        Reading reading = new StepBuilder(both, new ArrayList<>(), previousColon(last)).build();
        return reading.step() == null || !reading.clarify().isEmpty() ? null : reading;
    }

    /**
     * What a bare fragment means next to the previous question, where the reader alone finds nothing: "а вниз?"
     * (the gap's or the move's direction), "а больше 400?" (the previous threshold's measure), "а месяцев?" (weeks
     * or months as the rows).
     */
    private static List<Lexicon.Finding> fragments(String text, List<Lexicon.Finding> previous) {
        String t = bare(text);
        int at = 9_000;
        Lexicon.Finding moved = movedWhenOrTime(t, previous, at);
        if (moved != null) {
            return List.of(moved);
        }
        // ("gap ups" itself, or the previous question about gaps: a ranking by gap_pct is one too)
        boolean aboutGaps = t.startsWith("gap ") || previous.stream().anyMatch(f -> f.kind().equals("gap")
                || f.kind().equals("fill") || (f.kind().equals("cond") || f.kind().equals("metric"))
                && f.value().startsWith("gap"));
        if (t.matches("(?:gap )?(?:up|ups|higher|вверх|наверх|ап(?:ы|ов))")) {
            return List.of(aboutGaps ? new Lexicon.Finding("gap", "up", at, at + 1, at)
                    : new Lexicon.Finding("dir", "up", at, at + 1, at));
        }
        if (t.matches("(?:gap )?(?:down|downs|lower|вниз|даун(?:ы|ов))")) {
            return List.of(aboutGaps ? new Lexicon.Finding("gap", "down", at, at + 1, at)
                    : new Lexicon.Finding("dir", "down", at, at + 1, at));
        }
        if (t.matches("weeks?|weekly|недел\\p{L}*|по неделям")) {
            return List.of(new Lexicon.Finding("tf", "1W", at, at + 1, at));
        }
        // "а месяцев?" after green days is green months; "а по месяцам?" is the grouping by month (the reader finds
        // it), and so is any month word after a grouping
        boolean grouped = previous.stream().anyMatch(f -> f.kind().equals("group"));
        if (!grouped && t.matches("months?|monthly|месяц\\p{L}*|месяч\\p{L}*")) {
            return List.of(new Lexicon.Finding("tf", "1M", at, at + 1, at));
        }
        // "-3% or worse close to close, and bounce = next day up": the threshold is the answer's first clause
        String firstClause = bare(text.split("[,;]")[0]);
        // "вверх больше 0.5%", "down 2% or more" for big gaps or moves: the way, then the size
        java.util.regex.Matcher lead = ANSWER_WAY.matcher(firstClause);
        String way = lead.lookingAt() ? lead.group(1) : null;
        if (way != null) {
            firstClause = firstClause.substring(lead.end());
        }
        // "а после 3%" after the days after a 2% move: the size of the move the days come after
        firstClause = AFTER_A_SIZE.matcher(firstClause).replaceFirst("");
        java.util.regex.Matcher m = BARE_THRESHOLD.matcher(firstClause);
        // a bare number is a year or a count, not a threshold: a comparison word, a unit or "or more" says it is one
        if (m.matches() && (m.group(1) != null || m.group(3) != null || m.group(4) != null)) {
            List<Lexicon.Finding> conditions = previous.stream().filter(f -> f.kind().equals("cond")
                    && !f.value().contains(" x ")).toList();
            boolean less = m.group(1) != null && m.group(1).matches("less.*|under|below|меньше.*|ниже|менее.*");
            boolean atLeast = m.group(1) != null && m.group(1).matches("at least|не менее|от|from");
            String op = m.group(4) != null || atLeast ? (less ? " <= " : " >= ") : (less ? " < " : " > ");
            if (conditions.size() == 1 && way == null) {
                String[] previousCondition = conditions.get(0).value().split(" ");
                String metric = previousCondition[0];
                // "от 3% и больше" after down days ("change < 0"): a size said after a bare sign is a size that way,
                // in the unit said
                boolean sign = previousCondition.length == 3 && previousCondition[2].matches("0(?:\\.0+)?");
                if (sign && SIGNED.contains(metric) && m.group(3) != null) {
                    String base = metric.replace("_pct", "");
                    metric = m.group(3).equals("%") ? base + "_pct" : base;
                }
                // "what about more than 3" after drops of more than 2%: a bigger drop, the sign of the previous one
                boolean drop = previousCondition.length == 3 && previousCondition[1].startsWith("<")
                        && (previousCondition[2].startsWith("-") || sign) && SIGNED.contains(metric);
                if (drop && !less && !m.group(2).startsWith("-")) {
                    return List.of(new Lexicon.Finding("cond", metric + op.replace('>', '<') + "-" + m.group(2), at,
                            at + 1, at));
                }
                return List.of(new Lexicon.Finding("cond", metric + op + m.group(2), at, at + 1, at));
            }
            // the answer to "how big?" of "big gap ups" / "big drop days": the size of that gap or move
            String sized = sizedByAnswer(previous, m.group(3), less);
            if (conditions.isEmpty() && sized != null) {
                // "-3% or worse": the sign says the direction when the question did not
                boolean negative = m.group(2).startsWith("-") || way != null && DOWNWARD.matcher(way).matches();
                boolean down = sized.startsWith("-") || negative;
                String metric = sized.substring(sized.startsWith("-") ? 1 : 0);
                String size = m.group(2).replace("-", "");
                return List.of(new Lexicon.Finding("cond", metric + (down ? op.replace('>', '<') : op)
                        + (down ? "-" : "") + size, at, at + 1, at));
            }
        }
        // "and 24?" after a question about one year: that year, written short
        // (after a ranking of so many days the number may be how many: not read as a year)
        if (t.matches("0[89]|1\\d|2[0-6]") && previous.stream().anyMatch(f -> f.kind().equals("when")
                && f.value().matches("(?:19|20)\\d\\d")) && previous.stream().noneMatch(f -> f.kind().equals("n"))) {
            return List.of(new Lexicon.Finding("when", "20" + t, at, at + 1, at));
        }
        // "а 7?", "and 3?": the one threshold or run of the previous question with another number (a number from 10
        // on after a period may be a year: "а 23?")
        if (PLAIN_NUMBER.matcher(t).matches() && (Double.parseDouble(t) < 10
                || previous.stream().noneMatch(f -> f.kind().equals("when")))) {
            // ("change < 0" of a run of down days is its direction and "is_red = 1" a flag, not a size)
            List<Lexicon.Finding> numbered = previous.stream().filter(f -> f.kind().equals("cond")
                    && SIZE_CONDITION.matcher(f.value()).matches() || f.kind().equals("consec")
                    || f.kind().equals("minlen")).toList();
            if (numbered.size() == 1 && numbered.get(0).kind().equals("minlen")) {
                return List.of(new Lexicon.Finding("minlen", t, at, at + 1, at));
            }
            // "and 8?" after the top 5 days: as many days ranked the same way
            boolean ranked = previous.stream().anyMatch(f -> f.kind().equals("rank"))
                    && previous.stream().filter(f -> f.kind().equals("n")).count() == 1;
            if (numbered.isEmpty() && ranked && t.matches("\\d+")) {
                return List.of(new Lexicon.Finding("n", t, at, at + 1, at));
            }
            if (numbered.size() == 1) {
                String[] parts = numbered.get(0).value().split(" ");
                if (parts.length == 3 && parts[2].matches("-?\\d+(?:\\.\\d+)?")) {
                    String value = parts[0] + " " + parts[1] + " " + (parts[2].startsWith("-") ? "-" : "") + t;
                    return List.of(new Lexicon.Finding(numbered.get(0).kind(), value, at, at + 1, at));
                }
            }
        }
        // "5 in a row?", "а после 5?": the run of the previous question, that long
        java.util.regex.Matcher run = BARE_RUN.matcher(t);
        if (run.matches() && (run.group(1) != null || run.group(3) != null) && Integer.parseInt(run.group(2)) < 30) {
            List<Lexicon.Finding> runs = previous.stream().filter(f -> f.kind().equals("consec")).toList();
            if (runs.size() == 1) {
                String[] parts = runs.get(0).value().split(" ");
                String value = parts[0] + " " + parts[1] + " " + run.group(2);
                return List.of(new Lexicon.Finding("consec", value, at, at + 1, at));
            }
        }
        return List.of();
    }

    /** The previous question's break of the overnight level, as the parser wrote it: a flag, or its moment. */
    private static boolean isOvernightBreak(Lexicon.Finding f) {
        return f.kind().equals("break") || f.kind().equals("cond") && f.value().startsWith("broke_overnight_")
                || f.kind().equals("extreme") && f.value().startsWith("overnight_");
    }

    /** "and when does it usually happen?", "во сколько это обычно бывает?": a when-question about "it" alone. */
    private static final Pattern WHEN_IT_HAPPENS = Pattern.compile("^(?:(?:and|so|ok|а|и|ну) )?(?:when|what time|at what "
            + "time|во сколько|когда|в какое время)(?: (?:does|do|did|is|это|оно|он|такое))?(?: (?:it|that|this|they))?"
            + "(?: (?:usually|normally|typically|mostly|обычно|чаще всего))? ?(?:happen\\p{L}*|occur\\p{L}*|"
            + "бывает|происходит|случается|пробой|пробивает|пробивают|the break|does it break|it breaks)?"
            // "и во сколько обычно пробой? по 15 мин": the buckets the times are counted in
            + "(?: (?:по|in|,) ?\\d+ ?(?:мин\\p{L}*|min\\p{L}*|m)(?: (?:buckets?|бакет\\p{L}*|интервал\\p{L}*))?)?\\s*$");

    /**
     * "how often does RTH take out the overnight high?" then "when does it usually happen?": the time of that
     * break, hour by hour, rather than the moves of those days.
     */
    static Optional<List<Lexicon.Finding>> momentOfBreak(String text, List<Lexicon.Finding> previous) {
        if (!WHEN_IT_HAPPENS.matcher(text.replaceAll("[?!.,]", "").strip()).matches()) {
            return Optional.empty();
        }
        return previous.stream().filter(FollowUps::isOvernightBreak).findFirst().map(f -> {
                    String level = f.value().contains("high") ? "high" : "low";
                    List<Lexicon.Finding> moment = new ArrayList<>(List.of(
                            new Lexicon.Finding("extreme", "overnight_" + level + "_break", 0, 1, 0),
                            new Lexicon.Finding("op", "formation", 0, 1, 0)));
                    moment.addAll(QuestionReader.findings(text).stream().filter(b -> b.kind().equals("bucket")).toList());
                    return moment;
                });
    }

    /**
     * "And the overnight low?", "а лой?" after a question about breaking the overnight high: the other level's
     * break, not the session called overnight or the day's low.
     */
    private static List<Lexicon.Finding> otherBreak(List<Lexicon.Finding> previous, List<Lexicon.Finding> said) {
        // the previous question as the parser wrote it names the break as a flag or as the moment of the break
        Lexicon.Finding aboutBreak = previous.stream().filter(FollowUps::isOvernightBreak).findFirst().orElse(null);
        List<Lexicon.Finding> extremes = said.stream().filter(f -> f.kind().equals("extreme")
                && (f.value().equals("high") || f.value().equals("low"))).toList();
        // "а лой овернайта при гэпе вниз?": the level, maybe with conditions of its own, but no measure
        boolean onlyLevel = said.stream().noneMatch(f -> Set.of("metric", "break", "agg", "rank").contains(f.kind()));
        // "when it breaks the low, what time usually? 15m buckets": the moment of that level's break
        boolean when = said.stream().anyMatch(f -> f.kind().equals("whenword") || f.kind().equals("bucket"));
        if (aboutBreak == null || extremes.size() != 1 || !onlyLevel) {
            return said;
        }
        Lexicon.Finding level = extremes.get(0);
        String kind = when ? "extreme" : aboutBreak.kind();
        String value = switch (kind) {
            case "cond" -> "broke_overnight_" + level.value() + " = 1";
            case "extreme" -> "overnight_" + level.value() + "_break";
            default -> "overnight_" + level.value();
        };
        List<Lexicon.Finding> out = new ArrayList<>(said.stream().filter(f -> f != level && !(f.kind().equals("session")
                && f.value().equals("OVERNIGHT")) && !f.kind().equals("op") && !f.kind().equals("whenword")).toList());
        out.add(new Lexicon.Finding(kind, value, level.start(), level.end(), level.seq()));
        if (when) {
            // the time of the break replaces "how often" of the previous question
            out.add(new Lexicon.Finding("op", "formation", level.start(), level.end(), level.seq()));
        }
        return out;
    }

    /** A fragment without its punctuation (a decimal point stays) and without a leading "if". */
    private static String bare(String text) {
        return text.replaceAll("[?!,]", "").replaceAll("\\.(?!\\d)", "").strip()
                // "ну скажем больше 1%", "let's say over 2%": the answer, not its hedge
                .replaceFirst("^(?:(?:ну|well|ok|okay|so|давай|пусть|say|let'?s? say|скажем|допустим|"
                        + "например|like|maybe|может|наверное) )+", "")
                .replaceFirst("^(?:если|if|when|когда|what if|а если) ", "")
                // "only the ones over 1%", "от 3% и больше за день": which of the days, and in what time
                .replaceFirst("^(?:(?:only|just) )?(?:the ones|those|ones|the days)(?: that (?:are|were|was))? ", "")
                .replaceFirst(" (?:за день|в день|a day|per day|in a day|in one day)$", "");
    }

    private static final Pattern BARE_DAY = Pattern.compile("(?:the |on the )?(\\d{1,2})(?:st|nd|rd|th|-?е|-?го)?");
    private static final Pattern BARE_HOURS = Pattern.compile(
            "(?:с |from )?(\\d{1,2})(?::(\\d\\d))? ?(?:-|–|to|до) ?(\\d{1,2})(?::(\\d\\d))?");
    private static final Pattern ISO_DAY = Pattern.compile("(\\d{4}|-)-(\\d\\d)-(\\d\\d)");

    /**
     * A bare fragment that moves the previous question in time: "а 19" after one day is the 19th of that month,
     * "15-16" after clock hours is the hours 15:00–16:00, "nov?" / "а в марте?" after a period is that month.
     * Null when the fragment is none of these or the previous question gives no such thing to move.
     */
    private static Lexicon.Finding movedWhenOrTime(String t, List<Lexicon.Finding> previous, int at) {
        List<Lexicon.Finding> whens = previous.stream().filter(f -> f.kind().equals("when")).toList();
        List<Lexicon.Finding> times = previous.stream().filter(f -> f.kind().equals("time")).toList();
        Matcher hours = BARE_HOURS.matcher(t);
        if (hours.matches() && times.size() == 1) {
            int from = Integer.parseInt(hours.group(1));
            int to = Integer.parseInt(hours.group(3));
            String fromMinutes = hours.group(2) == null ? "00" : hours.group(2);
            String toMinutes = hours.group(4) == null ? "00" : hours.group(4);
            if (from < 24 && to <= 24 && from * 60 + Integer.parseInt(fromMinutes) < to * 60 + Integer.parseInt(toMinutes)) {
                return new Lexicon.Finding("time", String.format(Locale.ROOT, "%02d:%s-%02d:%s", from, fromMinutes,
                        to, toMinutes), at, at + 1, at);
            }
            return null;
        }
        Matcher day = BARE_DAY.matcher(t);
        if (day.matches() && whens.size() == 1) {
            Matcher iso = ISO_DAY.matcher(whens.get(0).value());
            if (!iso.matches()) {
                return null;
            }
            int d = Integer.parseInt(day.group(1));
            // a yearless day is checked against a leap year: 29 February can be asked about
            int year = iso.group(1).equals("-") ? 2024 : Integer.parseInt(iso.group(1));
            int month = Integer.parseInt(iso.group(2));
            if (d < 1 || d > java.time.YearMonth.of(year, month).lengthOfMonth()) {
                return null;
            }
            return new Lexicon.Finding("when", String.format(Locale.ROOT, "%s-%s-%02d", iso.group(1), iso.group(2), d),
                    at, at + 1, at);
        }
        // only a word that reads as nothing alone ("nov"): one the reader knows is read by the reader
        if (!whens.isEmpty() && t.matches("(?:in |в |во |за |for )?\\p{L}+") && QuestionReader.findings(t).isEmpty()) {
            String word = t.replaceFirst("^(?:in|в|во|за|for) ", "");
            List<Lexicon.Finding> read = QuestionReader.findings("in " + word);
            if (read.size() == 1 && read.get(0).kind().equals("when")) {
                Lexicon.Finding w = read.get(0);
                return new Lexicon.Finding("when", w.value(), at, at + 1, at);
            }
        }
        return null;
    }

    /** "больше 400", "over 2%", "0.75% or more": a comparison and a number with no measure of its own. */
    private static final Pattern BARE_THRESHOLD = Pattern.compile("(?:(more than|over|above|greater than|bigger than|"
            + "less than|under|below|больше(?: чем)?|выше|более|меньше(?: чем)?|ниже|менее|at least|не менее|от|from) )?"
            + "(?:на )?(-?\\d+(?:\\.\\d+)?) ?(%|pts|points|п|пунктов|пункта)?( or more| и более| или более|\\+| or worse|"
            + " или хуже| or less| и менее| и выше| и больше| или больше| или выше| or higher| or bigger| and up|"
            + " and above| and more)?(?: close to close| от закрытия до закрытия)?");
    /** The way said before the size in an answer to "how big?". */
    private static final Pattern ANSWER_WAY = Pattern.compile("(up|down|higher|lower|вверх|наверх|вниз) ");
    private static final Pattern DOWNWARD = Pattern.compile("down|lower|вниз");
    private static final Pattern AFTER_A_SIZE = Pattern.compile("^(?:after|после) (?=-?\\d+(?:\\.\\d+)? ?%)");
    /** "gap_pct > 1", "change_pct < -2": a size (not a direction "change < 0", nor a flag "is_red = 1"). */
    private static final Pattern SIZE_CONDITION = Pattern.compile("\\S+ [<>]=? -?(?!0(?:\\.0+)?$)\\d+(?:\\.\\d+)?");
    private static final Pattern PLAIN_NUMBER = Pattern.compile("\\d{1,2}(?:\\.\\d+)?");
    /** "5 in a row", "после 5", "5+": a run length alone. */
    private static final Pattern BARE_RUN = Pattern.compile("(after |после )?(\\d+)(?: or more| и более|\\+)?"
            + "( in a row| подряд| days? in a row| дн\\p{L}* подряд)?");

    /** The measure a bare size answers for a vague "big" question: "-change_pct" for drops, "gap_pct" for gaps. */
    private static String sizedByAnswer(List<Lexicon.Finding> previous, String unit, boolean less) {
        boolean percent = unit == null || unit.equals("%");
        // ("only the ones over 1%" after gap downs or down days: the size of that gap or move, that way)
        boolean directed = previous.stream().anyMatch(f -> f.kind().equals("gap") || f.kind().equals("dir"));
        if (previous.stream().noneMatch(f -> f.kind().equals("vague")) && !directed) {
            return null;
        }
        String gap = previous.stream().filter(f -> f.kind().equals("gap")).map(Lexicon.Finding::value).findFirst()
                .orElse(null);
        if (gap != null) {
            return (gap.equals("down") ? "-" : "") + (percent ? "gap_pct" : "gap");
        }
        boolean down = previous.stream().anyMatch(f -> f.kind().equals("dir") && f.value().equals("down")
                || f.kind().equals("color") && f.value().equals("red"));
        // "big gaps" measure the gap itself; its direction, when the answer gives one, is the sign
        if (previous.stream().anyMatch(f -> f.kind().equals("metric") && f.value().startsWith("gap"))) {
            return percent ? "gap_pct" : "gap";
        }
        boolean range = previous.stream().anyMatch(f -> f.kind().equals("metric") && f.value().startsWith("range"));
        if (range) {
            return percent ? "range_pct" : "range";
        }
        return (down && !less ? "-" : "") + (percent ? "change_pct" : "change");
    }

    private static final Pattern OF_RELATIVE_YEAR = Pattern.compile("(.+) of (?:last|this) year");
    private static final Pattern YEAR_IN_PERIOD = Pattern.compile("(?<!\\d)(\\d{4})(?!\\d)");

    /**
     * The days of {@code period} (one year's months, quarters or days) moved to {@code year}, or null when the period
     * is a whole year, spans years or is relative in another way.
     */
    static String sameDaysOfYear(String period, String year) {
        Matcher relative = OF_RELATIVE_YEAR.matcher(period);
        String yearless = relative.matches() ? relative.group(1) : period;
        if (!YEAR_IN_PERIOD.matcher(yearless).find()) {
            StringBuilder out = new StringBuilder();
            for (String side : yearless.split("\\.\\.", -1)) {
                String dated = side.matches("--\\d\\d-\\d\\d") ? year + side.substring(1) : StepBuilder.inYear(side, year);
                if (dated == null) {
                    return null;
                }
                out.append(out.isEmpty() ? "" : "..").append(dated);
            }
            return out.toString();
        }
        if (!period.matches("\\d{4}-[\\dq][\\d-]*(?:\\.\\.\\d{4}-[\\dq][\\d-]*)?")) {
            return null;
        }
        Matcher years = YEAR_IN_PERIOD.matcher(period);
        java.util.Set<String> named = new java.util.HashSet<>();
        while (years.find()) {
            named.add(years.group(1));
        }
        return named.size() == 1 ? YEAR_IN_PERIOD.matcher(period).replaceAll(year) : null;
    }

    private static final Pattern SAME_PERIOD = Pattern.compile("(?<![\\p{L}])(?:(?:the )?same (?:year|period|"
            + "timeframe|time frame|dates|days|window|range of dates)|(?:за )?(?:тот же|этот же|тот самый) "
            + "(?:период|год|промежуток)|(?:за )?(?:те же|эти же) (?:даты|дни|годы))(?![\\p{L}])");

    /**
     * A short new question in a chat keeps the period and session of the previous one when it names none of its
     * own ("which FOMC day had the biggest range?" after "avg RTH range on FOMC days, 2023-2025"): a chat is one
     * conversation. Empty when there is nothing to keep or the question names its own.
     */
    public static Optional<Reading> inContext(String question, Memory memory) {
        String last = memory == null ? null : memory.keyFact(LAST_QUERY);
        if (last == null || last.isBlank() || question == null || question.isBlank()) {
            return Optional.empty();
        }
        // "…, same year", "за тот же период": the message says it keeps the previous days, however long it is
        String text = QuestionReader.normalize(question);
        boolean samePeriod = SAME_PERIOD.matcher(text).find();
        if (!samePeriod && text.split(" ").length > 10) {
            return Optional.empty();
        }
        List<Lexicon.Finding> said = QuestionReader.findings(question);
        if (said.stream().anyMatch(f -> f.kind().equals("when") || f.kind().equals("session")
                || f.kind().equals("out") || f.kind().equals("snapshot"))) {
            return Optional.empty();
        }
        List<Lexicon.Finding> kept = QuestionReader.findings(last).stream()
                .filter(f -> f.kind().equals("when") || f.kind().equals("session")).toList();
        if (kept.isEmpty()) {
            return Optional.empty();
        }
        List<Lexicon.Finding> all = new ArrayList<>(kept);
        all.addAll(afterPrevious(said));
        Reading reading = new StepBuilder(all, new ArrayList<>(), -1).build();
        return reading.step() == null ? Optional.empty() : Optional.of(reading);
    }

    /**
     * The answer to a clarification read into the question it answers: what the answer names replaces the same
     * kind in the question ("range, rth" after "avg move on FOMC days since 2020?" keeps FOMC days since 2020).
     */
    public static Reading answer(String question, String answer) {
        return answer(question, answer, null);
    }

    /**
     * @param asked the field the clarification asked about, or null: when it asked for the period, only the periods
     *              (and a session or hours) of the answer count ("ковидный обвал, февраль-март 2020" names the days,
     *              the rest explains them)
     */
    public static Reading answer(String question, String answer, String asked) {
        List<Lexicon.Finding> original = QuestionReader.findings(question);
        // "основная сессия, ртх", "RTH (regular hours)": the same thing named twice is said once
        List<Lexicon.Finding> said = new ArrayList<>();
        Set<String> named = new java.util.HashSet<>();
        for (Lexicon.Finding f : QuestionReader.findings(answer)) {
            if (named.add(f.kind() + " " + f.value())) {
                said.add(f);
            }
        }
        if ("period".equals(asked) && said.stream().anyMatch(f -> f.kind().equals("when"))) {
            said.removeIf(f -> !Set.of("when", "session", "time", "tf").contains(f.kind()));
            said = monthsAsOneSpan(said);
            said = fromTheEvent(question, said);
            return new StepBuilder(merge(original, said), new ArrayList<>(), -1).build();
        }
        // "can you compare mondays" asked what with: "vs fridays" is the other side, beside the first, not in its place
        if ("compare_groups".equals(asked) && said.stream().anyMatch(f -> f.kind().equals("vs"))) {
            List<Lexicon.Finding> sides = new ArrayList<>(original);
            sides.addAll(afterPrevious(said));
            Reading both = new StepBuilder(sides, new ArrayList<>(), -1).build();
            if (both.step() != null && both.clarify().isEmpty()) {
                return both;
            }
        }
        // "по мск" asked about: the ET hours of the answer stand for the question's clock times and its zone; the
        // rest of the answer only explains them ("нск, utc+7, зимой это 14:00–16:00 по нью-йорку")
        boolean zoneAsked = original.stream().anyMatch(f -> f.kind().equals("zone"));
        List<Lexicon.Finding> hours = said.stream().filter(f -> f.kind().equals("time")).toList();
        if (zoneAsked && !hours.isEmpty()) {
            List<Lexicon.Finding> kept = new ArrayList<>(original.stream()
                    .filter(f -> !f.kind().equals("zone") && !f.kind().equals("time")).toList());
            kept.addAll(afterPrevious(hours));
            return new StepBuilder(kept, new ArrayList<>(), -1).build();
        }
        List<Lexicon.Finding> fragments = fragments(QuestionReader.normalize(answer), original);
        Lexicon.Finding vague = original.stream().filter(f -> f.kind().equals("vague")).findFirst().orElse(null);
        if (vague == null) {
            said.addAll(fragments);
            Reading merged = new StepBuilder(merge(original, said), new ArrayList<>(), -1).build();
            // "стату покажи" answered "ну по нк": still nothing to compute but every day
            return merged.more().isEmpty() && QuestionReader.isBareList(merged.step()) ? QuestionReader.VAGUE : merged;
        }
        // "up more than 0.5%" for big gaps: the size read from the answer's first clause is the gap's, not a move
        if (fragments.stream().anyMatch(c -> c.kind().equals("cond"))) {
            said.removeIf(f -> f.kind().equals("cond"));
        }
        // "how big?" answered: the size stands where "big" stood, so it picks the days rather than the outcome
        List<Lexicon.Finding> sized = new ArrayList<>();
        for (Lexicon.Finding f : original) {
            if (f != vague) {
                sized.add(f);
                continue;
            }
            fragments.forEach(c -> sized.add(new Lexicon.Finding(c.kind(), c.value(), f.start(), f.end(), f.seq())));
        }
        sized.removeIf(f -> f.kind().equals("dir") && fragments.stream().anyMatch(c -> c.kind().equals("cond")
                && c.value().startsWith("change") && f.start() >= vague.start() && f.start() - vague.end() < 3));
        // "больше 1%, вверх" for big gaps: the direction says the gap's sign, it is no condition on the day's move
        List<Lexicon.Finding> gapSizes = fragments.stream().filter(c -> c.kind().equals("cond")
                && c.value().startsWith("gap")).toList();
        // "0.75%+" for "big gap ups": the size carries the gap's way; the way kept too, the share would be of the
        // gap-up days and not of all days
        sized.removeIf(f -> f.kind().equals("gap") && !gapSizes.isEmpty() && f.start() >= vague.start()
                && f.start() - vague.end() < 3);
        Lexicon.Finding direction = said.stream().filter(f -> f.kind().equals("dir")).findFirst().orElse(null);
        if (gapSizes.size() == 1 && direction != null) {
            said.remove(direction);
            if (direction.value().equals("down")) {
                Lexicon.Finding size = gapSizes.get(0);
                String down = sameSizeOnSide(size.value(), true);
                sized.replaceAll(f -> f.kind().equals("cond") && f.value().equals(size.value())
                        ? new Lexicon.Finding("cond", down, f.start(), f.end(), f.seq()) : f);
            }
        }
        return new StepBuilder(merge(sized, said), new ArrayList<>(), -1).build();
    }

    private static final Pattern GAP_SIZE = Pattern.compile("(gap(?:_pct)?) (>=?) (\\d+(?:\\.\\d+)?)");

    /**
     * "and when the gap is bigger than 1%" after gap downs: a size with no way of its own is the size of the gap down
     * asked about before, not a gap up.
     */
    private static List<Lexicon.Finding> gapSizeThatWay(List<Lexicon.Finding> previous, List<Lexicon.Finding> said) {
        boolean down = previous.stream().anyMatch(f -> f.kind().equals("gap") && f.value().equals("down"));
        if (!down || said.stream().anyMatch(f -> f.kind().equals("gap"))) {
            return said;
        }
        List<Lexicon.Finding> out = new ArrayList<>();
        for (Lexicon.Finding f : said) {
            Matcher size = f.kind().equals("cond") ? GAP_SIZE.matcher(f.value()) : null;
            if (size == null || !size.matches()) {
                out.add(f);
                continue;
            }
            out.add(new Lexicon.Finding("cond", size.group(1) + " " + size.group(2).replace('>', '<') + " -"
                    + size.group(3), f.start(), f.end(), f.seq()));
        }
        return out;
    }

    /**
     * The previous findings with what the message names put in place of the same kind. A threshold replaces a
     * threshold on the same measure ("а больше 400?" also a bare number after one); an event, pattern, weekday or
     * month list replaces the previous list.
     */
    static List<Lexicon.Finding> merge(List<Lexicon.Finding> previous, List<Lexicon.Finding> message) {
        List<Lexicon.Finding> said = gapSizeThatWay(previous, message);
        List<Lexicon.Finding> out = new ArrayList<>();
        // "show top 3 instead": the verb of showing changes the number, not the operation of the previous question
        boolean renumbered = said.stream().anyMatch(f -> f.kind().equals("n"))
                && previous.stream().anyMatch(f -> f.kind().equals("op"));
        int outcomeEnd = previous.stream().filter(f -> f.kind().equals("later")).mapToInt(Lexicon.Finding::start)
                .min().orElse(-1);
        // "and if monday was green" after "odds tuesday closes green if monday was red": a colour said as a condition
        // replaces the condition's colour; the share's outcome stays
        Lexicon.Finding conditionColour = previous.stream().filter(p -> p.kind().equals("cond")
                && COLOUR_FLAG.matcher(p.value()).matches() && outcomeEnd >= 0 && p.start() > outcomeEnd)
                .findFirst().orElse(null);
        boolean conditionalColour = conditionColour != null && previous.stream().anyMatch(FollowUps::isShare)
                && said.stream().anyMatch(c -> c.kind().equals("connector") && said.stream().anyMatch(f ->
                        f.kind().equals("color") && f.start() > c.start()));
        // (such a colour keeps its "if", so it is the condition and not the outcome said again)
        List<Lexicon.Finding> added = afterPrevious(said.stream().filter(f -> !f.kind().equals("filler")
                && (conditionalColour || !f.kind().equals("connector")) && !saidAlready(f, previous)
                && !(renumbered && f.kind().equals("op") && f.value().equals("list"))).toList());
        added = sameSizeOtherSide(previous, added);
        // "how many inside days?" then "and after one, how often is the next day an outside day?": the previous
        // days are the condition, what the next day shows is asked
        boolean nextDayAfterThem = said.stream().anyMatch(f -> f.kind().equals("after"))
                && said.stream().anyMatch(f -> f.kind().equals("later") && !f.value().equals("0"))
                && said.stream().anyMatch(f -> f.kind().equals("freq") || f.kind().equals("op"));
        // "а ср изменение в %?" after how often those days close green: the colour was what the share counted (in the
        // previous step's text, "probability of is_green = 1 same day …", the outcome stands before its day)
        boolean shareToAverage = added.stream().anyMatch(f -> f.kind().equals("agg"))
                && previous.stream().anyMatch(FollowUps::isShare)
                && previous.stream().noneMatch(f -> f.kind().equals("after"));
        boolean nextDayShare = previous.stream().anyMatch(f -> f.kind().equals("later") && !f.value().equals("0"));
        // "and vs the next day's change" after the gap against the day's change: one measure named replaces the
        // second of the correlation, the first stays
        List<Lexicon.Finding> previousMetrics = previous.stream().filter(f -> f.kind().equals("metric")).toList();
        Lexicon.Finding keptMetric = previous.stream().anyMatch(f -> f.kind().equals("op") && f.value().equals("correlation"))
                && previousMetrics.size() == 2 && added.stream().filter(f -> f.kind().equals("metric")).count() == 1
                ? previousMetrics.get(0) : null;
        // "and how often does the gap fill" after "how often does it close green": a new outcome of a share replaces
        // the old one, which must not stay as a condition
        boolean newOutcome = previous.stream().anyMatch(FollowUps::isShare)
                && said.stream().anyMatch(f -> f.kind().equals("fill") || f.kind().equals("fillword"))
                && said.stream().noneMatch(f -> f.kind().equals("connector"));
        // "same for nfp" after CPI days against the other days: the new event is set against its own other days
        List<Lexicon.Finding> previousEvents = previous.stream().filter(f -> f.kind().equals("event")).toList();
        List<Lexicon.Finding> addedEvents = added.stream().filter(f -> f.kind().equals("event")).toList();
        String otherDays = previousEvents.size() == 1 && addedEvents.size() == 1
                ? Lexicon.flagOff(previousEvents.get(0).value()) : null;
        boolean eventAgainstOthers = otherDays != null
                && previous.stream().anyMatch(p -> p.kind().equals("cond") && p.value().equals(otherDays));
        if (eventAgainstOthers) {
            // each side keeps its place in the comparison
            Lexicon.Finding event = addedEvents.get(0);
            added = added.stream().filter(f -> f != event).toList();
        }
        for (Lexicon.Finding p : previous) {
            if (eventAgainstOthers && p == previousEvents.get(0)) {
                out.add(new Lexicon.Finding("event", addedEvents.get(0).value(), p.start(), p.end(), p.seq()));
                continue;
            }
            if (eventAgainstOthers && p.kind().equals("cond") && p.value().equals(otherDays)) {
                out.add(new Lexicon.Finding("cond", Lexicon.flagOff(addedEvents.get(0).value()), p.start(), p.end(),
                        p.seq()));
                continue;
            }
            boolean outcomeKept = conditionalColour && p.start() < outcomeEnd;
            boolean replaced = conditionalColour && p == conditionColour
                    || p != keptMetric && !outcomeKept && added.stream().anyMatch(n -> replaces(n, p))
                    && !(nextDayAfterThem && Set.of("pattern", "color", "cond", "event").contains(p.kind()))
                    || nextDayAfterThem && (p.kind().equals("op") || p.kind().equals("freq"))
                    || shareToAverage && (p.kind().equals("color") && !nextDayShare
                            || p.kind().equals("later") && p.value().equals("0")
                            || p.kind().equals("cond") && p.start() < outcomeEnd)
                    || newOutcome && (p.kind().equals("color")
                            || p.kind().equals("cond") && COLOUR_FLAG.matcher(p.value()).matches() && p.start() < outcomeEnd);
            if (!replaced) {
                out.add(p);
            }
        }
        out.addAll(added);
        return out;
    }

    /**
     * "And if the down day was a Monday?" after "a 2%+ down day": the direction the threshold already says; "mondays
     * only (weekend gap)" after a histogram of gaps in %: the measure already asked, its unit kept (a unit said,
     * "in points", is read on its own and changes it).
     */
    private static boolean saidAlready(Lexicon.Finding f, List<Lexicon.Finding> previous) {
        if (f.kind().equals("metric")) {
            return previous.stream().anyMatch(p -> p.kind().equals("metric") && p.value().equals(f.value() + "_pct"));
        }
        if (!f.kind().equals("dir")) {
            return false;
        }
        String sign = f.value().equals("down") ? " <" : " >";
        return previous.stream().anyMatch(p -> p.kind().equals("cond") && p.value().startsWith("change")
                && p.value().contains(sign));
    }

    /**
     * "wait flip it, what about gap downs" after "a 1%+ gap up": the other side of the gap, the same size. A gap
     * said with no size of its own takes the previous size mirrored; one on the same side as before changes nothing.
     */
    private static List<Lexicon.Finding> sameSizeOtherSide(List<Lexicon.Finding> previous, List<Lexicon.Finding> added) {
        List<Lexicon.Finding> gaps = added.stream().filter(f -> f.kind().equals("gap")).toList();
        // (the same gap may be found twice, by the reader and as a bare fragment)
        if (gaps.stream().map(Lexicon.Finding::value).distinct().count() != 1
                || added.stream().anyMatch(f -> f.kind().equals("cond") && measure(f.value()).equals("gap"))) {
            return added;
        }
        List<String> sizes = previous.stream().filter(p -> p.kind().equals("cond") && measure(p.value()).equals("gap"))
                .map(Lexicon.Finding::value).toList();
        if (sizes.size() != 1) {
            return added;
        }
        String[] parts = sizes.get(0).split(" ");
        if (parts.length != 3 || !parts[2].matches("-?\\d+(?:\\.\\d+)?")) {
            return added;
        }
        double size = Double.parseDouble(parts[2]);
        boolean down = gaps.get(0).value().equals("down");
        boolean wasUp = parts[1].startsWith(">") && size > 0;
        boolean wasDown = parts[1].startsWith("<") && size < 0;
        if (!(down ? wasUp : wasDown)) {
            return added;
        }
        Lexicon.Finding gap = gaps.get(0);
        List<Lexicon.Finding> out = new ArrayList<>(added);
        out.set(out.indexOf(gap), new Lexicon.Finding("cond", sameSizeOnSide(sizes.get(0), down), gap.start(),
                gap.end(), gap.seq()));
        out.removeIf(f -> f.kind().equals("gap"));
        return out;
    }

    /** "gap_pct > 1" on the down side is "gap_pct < -1": the same size, the comparison and the sign turned that way. */
    private static String sameSizeOnSide(String condition, boolean down) {
        String[] parts = condition.split(" ");
        return parts[0] + " " + (down ? '<' : '>') + parts[1].substring(1) + " " + (down ? "-" : "")
                + parts[2].replace("-", "");
    }

    /**
     * "Worst days" then "а роста?": a direction alone after a ranking turns the ranking round (the best days by
     * the same measure) instead of adding a filter.
     */
    private static List<Lexicon.Finding> flipRanking(List<Lexicon.Finding> previous, List<Lexicon.Finding> said) {
        boolean ranked = previous.stream().anyMatch(f -> f.kind().equals("rank") || f.kind().equals("sort"));
        List<Lexicon.Finding> subjects = said.stream().filter(f -> SUBJECTS.contains(f.kind())).toList();
        // "and the gap downs" after the biggest gap ups: a ranking by the gap turned round the same way (the gap may
        // be found twice, by the reader and as a bare fragment)
        boolean byGap = previous.stream().anyMatch(f -> f.kind().equals("metric") && f.value().startsWith("gap"))
                && previous.stream().noneMatch(f -> f.kind().equals("gap"));
        boolean oneDirection = subjects.size() == 1 && subjects.get(0).kind().equals("dir");
        boolean oneGap = byGap && !subjects.isEmpty() && subjects.stream().allMatch(f -> f.kind().equals("gap"))
                && subjects.stream().map(Lexicon.Finding::value).distinct().count() == 1;
        if (!ranked || !(oneDirection || oneGap)) {
            return said;
        }
        String sort = subjects.get(0).value().equals("up") ? "desc" : "asc";
        List<Lexicon.Finding> out = new ArrayList<>(said);
        out.removeAll(subjects);
        out.add(new Lexicon.Finding("sort", sort, 9_500, 9_501, 9_500));
        return out;
    }

    /** Where the findings of the new message are put: after every finding of the previous question. */
    private static final int SAID = 10_000;

    /** The new message's findings placed after the previous question's, keeping their order. */
    private static List<Lexicon.Finding> afterPrevious(List<Lexicon.Finding> said) {
        List<Lexicon.Finding> out = new ArrayList<>();
        for (Lexicon.Finding f : said) {
            out.add(new Lexicon.Finding(f.kind(), f.value(), f.start() + SAID, f.end() + SAID, f.seq() + SAID));
        }
        return out;
    }

    private static boolean replaces(Lexicon.Finding next, Lexicon.Finding previous) {
        // "а лучшие?" after "худшие 5": the new direction replaces the old sort, the number stays; "the best one"
        // asks for one
        if (next.kind().equals("rank") && previous.kind().equals("sort")) {
            return true;
        }
        if (next.kind().equals("ndefault") && previous.kind().equals("n")) {
            return next.value().equals("1");
        }
        // the moment of an overnight level's break replaces the flag of a break
        if (next.kind().equals("extreme") && next.value().startsWith("overnight_")
                && (previous.kind().equals("break") || previous.kind().equals("cond")
                && previous.value().startsWith("broke_overnight_"))) {
            return true;
        }
        // "а с лоем овернайта то же самое" after the overnight high's break (as the step's text writes it): the other
        // level's break replaces it
        if (next.kind().equals("break") && previous.kind().equals("cond")
                && previous.value().startsWith("broke_overnight_")) {
            return true;
        }
        // "а после двух красных подряд?" after one red day: the run replaces the single day of its colour
        if (next.kind().equals("consec")) {
            String colour = next.value().split(" ")[0];
            return previous.kind().equals("cond") && previous.value().equals("is_" + colour + " = 1")
                    || previous.kind().equals("color") && previous.value().equals(colour);
        }
        // "а зелёных?" after red days: the colour replaces the colour flag the parser wrote as a condition
        if ((next.kind().equals("color") || next.kind().equals("dir")) && previous.kind().equals("cond")
                && COLOUR_OR_SIGN.matcher(previous.value()).matches()) {
            return true;
        }
        // ... and the colour flag as the parser wrote it
        if (next.kind().equals("cond") && measure(next.value()).equals("change") && previous.kind().equals("cond")
                && COLOUR_FLAG.matcher(previous.value()).matches()) {
            return true;
        }
        // a threshold on the move replaces the colour or direction it refines ("if Monday fell more than 1%")
        if (next.kind().equals("cond") && (previous.kind().equals("color") || previous.kind().equals("dir"))
                && measure(next.value()).equals("change")) {
            return true;
        }
        if (next.kind().equals("cond") && previous.kind().equals("cond")) {
            // the other overnight level's break replaces the first one's
            if (next.value().startsWith("broke_overnight_") && previous.value().startsWith("broke_overnight_")) {
                return true;
            }
            return measure(next.value()).equals(measure(previous.value()));
        }
        if (next.kind().equals("metric") && previous.kind().equals("metric")) {
            return true;
        }
        // "а первый час целиком?" after the first 30 minutes: the session named replaces the clock window
        if (next.kind().equals("session") && previous.kind().equals("time")) {
            return true;
        }
        // "а средний рейндж в эти дни?" after counting them: the average over those days replaces the count
        if (next.kind().equals("agg") && previous.kind().equals("op")
                && (previous.value().equals("count") || previous.value().equals("list"))) {
            return true;
        }
        // "а ср изменение в %?" after how often those days are green: the average replaces the share
        if (next.kind().equals("agg") && isShare(previous)) {
            return true;
        }
        // "а сколько зелёных недель было в 2025?" after the longest run of them: a count replaces what was computed
        if (next.kind().equals("howmuch") && Set.of("op", "agg", "rank", "n", "ndefault", "sort", "minlen")
                .contains(previous.kind())) {
            return true;
        }
        if (next.kind().equals("gap") && previous.kind().equals("cond")) {
            return measure(previous.value()).startsWith("gap") && !previous.value().contains(" x ");
        }
        if (next.kind().equals("cond") && previous.kind().equals("gap")) {
            return measure(next.value()).startsWith("gap");
        }
        String family = FAMILY.getOrDefault(next.kind(), next.kind());
        return family.equals(FAMILY.getOrDefault(previous.kind(), previous.kind()));
    }

    /** How often something happens: "how often" as the reader finds it, or a probability step's operation. */
    private static boolean isShare(Lexicon.Finding f) {
        return f.kind().equals("freq") || f.kind().equals("op") && f.value().equals("probability");
    }

    private static String measure(String condition) {
        String metric = condition.split(" ")[0];
        return metric.replace("_pct", "");
    }

    private static final Set<String> SIGNED = Set.of("change_pct", "change", "gap", "gap_pct", "body", "body_pct");

    /** "Show those days": the days the previous answer was about, by date. */
    private static Reading thoseDays(List<Lexicon.Finding> previous) {
        List<Lexicon.Finding> kept = new ArrayList<>();
        for (Lexicon.Finding f : previous) {
            if (Set.of("op", "agg", "rank", "n", "sort", "group", "each", "freq", "metric", "bins", "percentiles",
                    "whenword", "extreme", "bucket", "around", "after", "later", "offsets", "fill", "bysize",
                    "snapshot").contains(f.kind())) {
                continue;
            }
            kept.add(f);
        }
        kept.add(new Lexicon.Finding("op", "list", 20_000, 20_001, 20_000));
        return new StepBuilder(kept, new ArrayList<>(), -1).build();
    }

    /**
     * "Which one was the biggest": the one day of the previous answer's days with the largest value of the measure
     * it named (or of the previous measure).
     */
    private static Reading whichOne(List<Lexicon.Finding> previous, List<Lexicon.Finding> said) {
        List<Lexicon.Finding> kept = new ArrayList<>();
        for (Lexicon.Finding f : previous) {
            if (Set.of("op", "agg", "rank", "n", "sort", "group", "each", "freq", "bins", "percentiles")
                    .contains(f.kind())) {
                continue;
            }
            kept.add(f);
        }
        boolean measureSaid = said.stream().anyMatch(f -> f.kind().equals("metric"));
        if (measureSaid) {
            kept.removeIf(f -> f.kind().equals("metric"));
        }
        boolean measureKnown = measureSaid || kept.stream().anyMatch(f -> f.kind().equals("metric"));
        if (!measureKnown) {
            // the measure of the condition that picked the days: "days with range > 2x …" → the biggest range
            previous.stream().filter(f -> f.kind().equals("cond")).findFirst().ifPresent(c ->
                    kept.add(new Lexicon.Finding("metric", c.value().split(" ")[0], 19_000, 19_001, 19_000)));
        }
        kept.addAll(afterPrevious(said.stream().filter(f -> !f.kind().equals("filler")
                && !f.kind().equals("connector")).toList()));
        // the biggest of days picked by a falling measure ("gaps down over 0.5%") is its lowest value
        // a ranked list of a signed measure sorted lowest first ("top 5 biggest drops" is "by change_pct
        // ascending") holds falls: its biggest is its first
        boolean fallsListed = previous.stream().anyMatch(f -> f.kind().equals("sort") && f.value().equals("asc"))
                && previous.stream().anyMatch(f -> f.kind().equals("metric") && SIGNED.contains(f.value()));
        boolean falling = fallsListed || previous.stream().anyMatch(f -> f.kind().equals("cond") && f.value().contains(" < -")
                || f.kind().equals("gap") && f.value().equals("down") || f.kind().equals("dir")
                && f.value().equals("down"));
        // "top 5 biggest drops", then "which was the biggest": a direction with no measure ranks by itself when the
        // step is built ("biggest drops" sorts the lowest change first), so it is not turned around here as well
        boolean directionRanks = kept.stream().anyMatch(f -> f.kind().equals("dir"))
                && kept.stream().noneMatch(f -> f.kind().equals("metric"));
        falling = falling && !directionRanks;
        if (falling) {
            // "the biggest" of drops is the lowest; "the worst" of them is the lowest already
            kept.replaceAll(f -> f.kind().equals("rank") && f.start() >= SAID && f.value().equals("desc")
                    ? new Lexicon.Finding("rank", "asc", f.start(), f.end(), f.seq()) : f);
        }
        if (kept.stream().noneMatch(f -> f.kind().equals("rank"))) {
            kept.add(new Lexicon.Finding("rank", falling ? "asc" : "desc", 20_000, 20_001, 20_000));
        }
        kept.removeIf(f -> f.kind().equals("n"));
        kept.add(new Lexicon.Finding("n", "1", 20_002, 20_003, 20_002));
        return new StepBuilder(kept, new ArrayList<>(), -1).build();
    }

    /** "What happened on 2025-04-07?" then "and the day after?": the snapshot of the next trading day. */
    private static List<Lexicon.Finding> nextDayOfSnapshot(List<Lexicon.Finding> merged) {
        boolean snapshot = merged.stream().anyMatch(f -> f.kind().equals("snapshot"));
        boolean nextDay = merged.stream().anyMatch(f -> f.kind().equals("later") && f.value().equals("1"));
        if (!snapshot || !nextDay) {
            return merged;
        }
        List<Lexicon.Finding> out = new ArrayList<>();
        for (Lexicon.Finding f : merged) {
            if (f.kind().equals("later")) {
                continue;
            }
            if (f.kind().equals("when") && f.value().matches("\\d{4}-\\d{2}-\\d{2}")) {
                LocalDate day = LocalDate.parse(f.value()).plusDays(1);
                while (day.getDayOfWeek() == DayOfWeek.SATURDAY || day.getDayOfWeek() == DayOfWeek.SUNDAY) {
                    day = day.plusDays(1);
                }
                out.add(new Lexicon.Finding("when", day.toString(), f.start(), f.end(), f.seq()));
            } else if (f.kind().equals("when") && f.value().matches("--\\d{2}-\\d{2}")
                    && !Set.of("--02-28", "--02-29", "--12-31").contains(f.value())) {
                // "dec 18" without its year (found later, from today): the next calendar day of the same year (not
                // known here after the year's or February's last day); nor is its weekday, so a weekend is said to
                // have had no trading rather than skipped
                java.time.MonthDay next = java.time.MonthDay.parse(f.value());
                LocalDate day = LocalDate.of(2001, next.getMonth(), next.getDayOfMonth()).plusDays(1);
                out.add(new Lexicon.Finding("when", java.time.MonthDay.from(day).toString(), f.start(), f.end(), f.seq()));
            } else {
                out.add(f);
            }
        }
        return out;
    }
}
