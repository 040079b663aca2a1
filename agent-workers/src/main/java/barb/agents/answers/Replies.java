package barb.agents.answers;

import barb.agents.reading.ConceptCatalog;
import barb.agents.reading.SmallTalk;
import barb.agents.text.TextNormalizer;
import barb.core.ClarificationItem;
import barb.core.NeedClarification;
import com.fasterxml.jackson.databind.JsonNode;

import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** The fixed texts of the responder and clarifier, in the user's language (bundles of {@link Messages}). */
public final class Replies {
    private Replies() {
    }

    public static String smallTalk(SmallTalk.Kind kind, String lang) {
        Messages m = Messages.of(lang);
        return switch (kind) {
            case GREETING -> m.get("reply.greeting");
            case THANKS -> m.get("reply.thanks");
            case BYE -> m.get("reply.bye");
            case HOW_ARE_YOU -> m.get("reply.howAreYou");
            case CANCEL -> m.get("reply.cancel");
            case OK -> m.get("reply.ok");
            case CAPABILITIES -> m.get("reply.capabilities");
        };
    }

    public static String offTopic(String lang) {
        return Messages.of(lang).get("reply.offTopic");
    }

    public static String concept(ConceptCatalog.Concept concept, String lang) {
        return Wording.ru(lang) ? concept.ru() : concept.en();
    }

    public static String unknownConcept(String term, String lang) {
        return Messages.of(lang).get("reply.unknownConcept", "term", term, "known",
                String.join(", ", ConceptCatalog.names()));
    }

    /** Why a data question cannot be answered, without an understanding to say more: the reason and one offer. */
    public static String unsupported(String question, String lang) {
        Messages m = Messages.of(lang);
        Refusal r = refusal(null, question);
        return m.get("refusal." + r.kind(), "name", r.name()) + " " + m.get("refusal.closest", "alternative",
                m.get("alternative.statistics"));
    }

    /**
     * The honest answer to a question outside what Barb can compute (seed 004 boundaries), at most two sentences
     * in the user's language: why, and the one closest thing Barb can do, the understanding's first option.
     *
     * @param item the understander's out_of_scope item: an English reason and options
     */
    public static String outOfScope(JsonNode item, String question, String lang) {
        Messages m = Messages.of(lang);
        Refusal r = refusal(item.path("reason").asText(""), question);
        String why = m.get("refusal." + r.kind(), "name", r.name());
        String first = item.path("options").path(0).asText("");
        String alternative = alternative(first, m);
        return alternative == null ? why : why + " " + m.get("refusal.closest", "alternative", alternative);
    }

    /**
     * What kind of refusal: read from the reason the question reader writes (barb.agents.reading.StepBuilder),
     * else from the question's own words; {@code name} is the instrument or indicator Barb has no data for.
     */
    record Refusal(String kind, String name) {
    }

    private static final Pattern NO_DATA = Pattern.compile("has no (.+?) data");
    private static final Pattern NOT_NQ = Pattern.compile("only has NQ .*?, not (\\S+)");

    static Refusal refusal(String reason, String question) {
        String r = reason == null ? "" : reason.toLowerCase(Locale.ROOT);
        Matcher other = NOT_NQ.matcher(reason == null ? "" : reason);
        if (other.find()) {
            return new Refusal("instrument", other.group(1).replaceAll("[.;,]$", ""));
        }
        if (r.contains("predict") || r.contains("forecast")) {
            return new Refusal("prediction", "");
        }
        if (r.matches(".*\\b(live|real-time|realtime)\\b.*")) {
            return new Refusal("realtime", "");
        }
        if (r.contains("advice") || r.contains("signal")) {
            return new Refusal("signal", "");
        }
        if (r.contains("support or resistance")) {
            return new Refusal("levels", "");
        }
        if (r.contains("news") || r.contains("earnings")) {
            return new Refusal("news", "");
        }
        if (r.contains("order book")) {
            return new Refusal("orderflow", "");
        }
        if (r.contains("options data")) {
            return new Refusal("options", "");
        }
        Matcher indicator = NO_DATA.matcher(reason == null ? "" : reason);
        if (indicator.find()) {
            return new Refusal("indicator", indicator.group(1));
        }
        if (r.contains("cannot read")) {
            return new Refusal("unreadable", "");
        }
        return new Refusal(fromQuestion(question), "");
    }

    private static String fromQuestion(String question) {
        String s = " " + TextNormalizer.normalize(question == null ? "" : question) + " ";
        if (containsAny(s, " will ", " tomorrow ", " forecast ", " predict ", " next week ", " next month ",
                " завтра ", " прогноз ", " будет ", " предскажи ")) {
            return "prediction";
        }
        if (containsAny(s, " today ", " now ", " right now ", " current ", " live ", " сегодня ", " сейчас ",
                " текущий ", " текущая ")) {
            return "realtime";
        }
        if (containsAny(s, " should i ", " buy ", " sell ", " entry ", " купить ", " продать ", " вход ",
                " стоит ли ")) {
            return "signal";
        }
        return "generic";
    }

    private static boolean containsAny(String s, String... parts) {
        for (String p : parts) {
            if (s.contains(p)) {
                return true;
            }
        }
        return false;
    }

    /**
     * The options the question reader and the understander offer (English), by their bundle keys. Until the
     * reader hands over keys itself, its texts are matched here; an option not listed is shown as written in
     * English and replaced by the general offer in Russian.
     */
    private static final Map<String, String> ALTERNATIVES = Map.ofEntries(
            Map.entry("the latest trading day in the data", "latestDay"),
            Map.entry("how nq moved over the last days", "lastDays"),
            Map.entry("how often nq rose after similar days (probability)", "roseAfterSimilar"),
            Map.entry("what nq did in the days after similar events", "afterEvents"),
            Map.entry("the historical probability of a green day after similar conditions", "greenAfterConditions"),
            Map.entry("what nq did after similar days", "afterSimilarDays"),
            Map.entry("days whose range was more than 1.5 times the 20-day average", "wideRangeDays"),
            Map.entry("streaks of green or red days", "streaks"),
            Map.entry("candle patterns such as inside days or nr7", "patterns"),
            Map.entry("breakouts above the 20-day high or below the 20-day low", "breakouts"),
            Map.entry("higher highs and lower lows", "higherHighs"),
            Map.entry("days of scheduled events: fomc, cpi, nfp, opex", "events"),
            Map.entry("monthly options expiration (opex) and quad witching days", "opex"),
            Map.entry("the same question for nq", "sameForNq"),
            Map.entry("statistics of nq daily and intraday history since 2008", "statistics"),
            Map.entry("days matching conditions, patterns or events", "matchingDays"),
            Map.entry("comparisons of periods, sessions and weekdays", "comparisons"));

    /** The option in the reader's language; null when there is none. */
    private static String alternative(String option, Messages m) {
        String o = option == null ? "" : option.strip();
        if (o.isEmpty()) {
            return m.get("alternative.statistics");
        }
        String key = ALTERNATIVES.get(o.toLowerCase(Locale.ROOT).replaceAll("[.\\s]+$", ""));
        if (key != null) {
            return m.get("alternative." + key);
        }
        boolean cyrillic = o.codePoints().anyMatch(cp -> Character.UnicodeBlock.of(cp) == Character.UnicodeBlock.CYRILLIC);
        if (!"en".equals(m.lang()) && !cyrillic) {
            return m.get("alternative.statistics");
        }
        // an option is a noun phrase; the sentence around it gives the full stop
        return o.replaceAll("[.\\s]+$", "");
    }

    /** How a period clarification about words Barb cannot date begins its reason ("… 'election'"). */
    public static final String UNKNOWN_PERIOD = "not a period Barb can date:";

    /**
     * The clarifying question for the understander's need_clarification: the first item (required before
     * optional, seed 004), with its options.
     *
     * @param again true when the previous answer did not help
     */
    public static String clarifyingQuestion(NeedClarification nc, String lang, boolean again) {
        Messages m = Messages.of(lang);
        String lead = again ? m.get("clarify.again") + " " : "";
        ClarificationItem item = nc.first();
        List<String> options = item.options();
        String joined = String.join(" " + m.get("word.or") + " ", options);
        String ask = switch (item.field()) {
            case "session" -> m.get("clarify.session");
            case "goal" -> m.get("clarify.goal");
            case "compare_groups" -> m.get("clarify.compareGroups");
            case "metric" -> m.get("clarify.metric");
            case "threshold" -> m.get("clarify.threshold");
            case "period" -> item.reason() != null && item.reason().startsWith(UNKNOWN_PERIOD)
                    ? m.get("clarify.periodTerm", "term", quoted(item.reason())) : m.get("clarify.period");
            case "outcome" -> m.get("clarify.outcome");
            case "timezone" -> m.get("clarify.timezone");
            case "reading" -> m.get("clarify.reading", "options", joined);
            // "what does nq do over the 5 days after …": a number no rule placed is asked about by what it may count,
            // never with a bare "rephrase"
            case "ambiguous_term" -> options.isEmpty() && NUMBERS.matcher(quoted(item.reason())).matches()
                    ? m.get("clarify.number", "term", quoted(item.reason()))
                    : m.get("clarify.term", "term", quoted(item.reason()), "options", joined,
                            "hasOptions", options.isEmpty() ? "no" : "yes");
            default -> m.get("clarify.other", "field", Wording.humanized(item.field()), "options", joined,
                    "hasOptions", options.isEmpty() ? "no" : "yes");
        };
        return lead + ask;
    }

    /** One or more numbers and nothing else: "5", "0.5%", "9 30". */
    private static final java.util.regex.Pattern NUMBERS = java.util.regex.Pattern.compile(
            "-?\\d+(?:[.,]\\d+)?%?(?: -?\\d+(?:[.,]\\d+)?%?)*");

    /** The text between the first pair of single quotes, or the whole text. */
    private static String quoted(String reason) {
        int a = reason.indexOf('\'');
        int b = a < 0 ? -1 : reason.indexOf('\'', a + 1);
        return b < 0 ? reason : reason.substring(a + 1, b);
    }

    public static String safetyNet(String lang) {
        return Messages.of(lang).get("reply.safetyNet");
    }
}
