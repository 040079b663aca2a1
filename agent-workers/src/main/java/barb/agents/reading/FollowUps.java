package barb.agents.reading;

import barb.agents.periods.PeriodPhrases;
import barb.agents.steps.FilterText;
import barb.agents.text.TextNormalizer;
import barb.core.Atom;
import barb.core.Json;
import barb.core.Memory;
import barb.core.Operation;
import barb.core.ParsedStep;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;

/**
 * Follow-up questions that only make sense with the previous one: "and for 2023?" replaces its period, "and in
 * RTH?" its session, "what about Mondays?" its weekday, "show those days" lists the days it counted. The previous
 * question is the chat's key fact {@link #LAST_QUERY} (the parser's reading of the last answered data question).
 */
public final class FollowUps {
    public static final String LAST_QUERY = "last query";

    private static final List<String> LEADS = List.of("and ", "and what about ", "what about ", "how about ",
            "same for ", "same but ", "same in ", "also for ", "now for ", "now in ", "а ", "а что ", "а если ",
            "а как ", "и ", "и за ", "теперь ", "то же ", "то же самое ", "тоже ", "а теперь ");
    private static final List<String> THOSE_DAYS = List.of("show those days", "show these days", "show me those days",
            "show me these days", "list those days", "list them", "show them", "which days were they",
            "which days", "what days were they", "покажи эти дни", "покажи их", "покажи эти дни списком",
            "какие это дни", "какие дни", "что за дни", "выведи эти дни", "список дней", "покажи дни");
    private static final Map<String, String> SESSIONS = Map.ofEntries(
            Map.entry("rth", "RTH"), Map.entry("eth", "ETH"), Map.entry("regular hours", "RTH"),
            Map.entry("основн", "RTH"), Map.entry("full day", "ETH"), Map.entry("весь день", "ETH"),
            Map.entry("overnight", "OVERNIGHT"), Map.entry("ночн", "OVERNIGHT"), Map.entry("asian", "ASIAN"),
            Map.entry("азиат", "ASIAN"), Map.entry("europe", "EUROPEAN"), Map.entry("европ", "EUROPEAN"),
            Map.entry("london", "EUROPEAN"), Map.entry("лондон", "EUROPEAN"), Map.entry("premarket", "PREMARKET"),
            Map.entry("премаркет", "PREMARKET"), Map.entry("first hour", "RTH_OPEN"), Map.entry("первый час", "RTH_OPEN"));
    private static final Map<String, String> WEEKDAYS = Map.ofEntries(
            Map.entry("monday", "monday"), Map.entry("tuesday", "tuesday"), Map.entry("wednesday", "wednesday"),
            Map.entry("thursday", "thursday"), Map.entry("friday", "friday"), Map.entry("понедельник", "monday"),
            Map.entry("вторник", "tuesday"), Map.entry("сред", "wednesday"), Map.entry("четверг", "thursday"),
            Map.entry("пятниц", "friday"));

    private FollowUps() {
    }

    /** The previous question changed by this follow-up, or empty when the message is not a follow-up. */
    public static Optional<ParsedStep> resolve(String question, Memory memory) {
        String last = memory == null ? null : memory.keyFact(LAST_QUERY);
        if (last == null || last.isBlank() || question == null) {
            return Optional.empty();
        }
        String text = TextNormalizer.normalize(question).replace('ё', 'е');
        ParsedStep previous = QuestionReader.read(last).step();
        if (previous == null) {
            return Optional.empty();
        }
        if (THOSE_DAYS.contains(text)) {
            return Optional.of(thoseDays(previous));
        }
        if (LEADS.stream().noneMatch(text::startsWith) || text.split(" ").length > 8) {
            return Optional.empty();
        }
        List<PeriodPhrases.Found> periods = PeriodPhrases.findAll(text);
        String when = periods.size() == 1 ? periods.get(0).when() : null;
        String session = find(text, SESSIONS);
        String weekday = find(text, WEEKDAYS);
        if (when == null && session == null && weekday == null) {
            return Optional.empty();
        }
        List<Atom> atoms = new ArrayList<>();
        for (Atom a : previous.atoms()) {
            FilterText.Filters f = FilterText.parse(a.filter() == null ? "" : a.filter());
            FilterText.Filters changed = new FilterText.Filters(session != null ? session : f.session(),
                    f.conditions(), f.patterns(), f.events(), weekday != null ? List.of(weekday) : f.weekdays(),
                    f.months(), f.gap(), f.consecutive(), f.time());
            String filter = FilterText.format(changed);
            atoms.add(new Atom(when != null ? when : a.when(), a.what(), filter.isBlank() ? null : filter,
                    a.timeframe()));
        }
        return Optional.of(new ParsedStep(previous.id(), previous.operation(), atoms, previous.params()));
    }

    /** "Show those days": the days the previous answer was computed from, by date. */
    private static ParsedStep thoseDays(ParsedStep previous) {
        Atom a = previous.atoms().get(0);
        return new ParsedStep("s1", Operation.LIST.wireName(),
                List.of(new Atom(a.when(), "days", a.filter(), a.timeframe())), Json.object());
    }

    private static String find(String text, Map<String, String> words) {
        String padded = " " + text.toLowerCase(Locale.ROOT) + " ";
        for (Map.Entry<String, String> e : words.entrySet()) {
            if (padded.contains(" " + e.getKey())) {
                return e.getValue();
            }
        }
        return null;
    }
}
