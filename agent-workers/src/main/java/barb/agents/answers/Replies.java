package barb.agents.answers;

import barb.agents.reading.ConceptCatalog;
import barb.agents.reading.SmallTalk;
import barb.agents.text.TextNormalizer;
import barb.core.ClarificationItem;
import barb.core.NeedClarification;

import java.util.ArrayList;
import java.util.List;

/** The fixed texts of the responder and clarifier, in English and Russian. */
public final class Replies {
    private Replies() {
    }

    static final String SAFETY_NET_EN = "Having trouble understanding. Could you rephrase your question?";
    static final String SAFETY_NET_RU = "Не получается понять. Попробуй сформулировать вопрос по-другому?";

    public static String capabilities(String lang) {
        return ru(lang)
                ? "Сейчас я умею отвечать на такие вопросы: средний дневной диапазон или изменение за год и сессию "
                + "(RTH или ETH), топ дней по диапазону или изменению, сколько было зелёных, красных, торговых дней "
                + "и дней с гэпом вверх или вниз, дни, когда NQ упал или вырос больше чем на заданный процент, "
                + "средние значения по дням недели, месяцам или годам, и в какой час обычно формируется хай или "
                + "лой дня."
                : "Right now I can answer: the average daily range or change for a year and session (RTH or ETH), "
                + "the top days by range or change, how many green, red, trading, gap-up or gap-down days there "
                + "were, the days when NQ fell or rose by more than a given percentage, averages by weekday, month "
                + "or year, and the hour when the high or low of the day is usually set.";
    }

    public static String smallTalk(SmallTalk.Kind kind, String lang) {
        boolean ru = ru(lang);
        return switch (kind) {
            case GREETING -> ru
                    ? "Привет! Я помогаю с анализом истории фьючерса NQ: дневные диапазоны, зелёные и красные дни, "
                    + "гэпы, сильные движения и время формирования хая или лоя дня. Что интересует?"
                    : "Hi! I help with the history of NQ futures: daily ranges, green and red days, gaps, big moves "
                    + "and when the high or low of the day is set. What would you like to know?";
            case THANKS -> ru ? "Пожалуйста! Обращайся, если будут вопросы по NQ."
                    : "You're welcome! Ask any time you have a question about NQ.";
            case BYE -> ru ? "Пока! Возвращайся с вопросами по NQ." : "Bye! Come back any time with questions about NQ.";
            case HOW_ARE_YOU -> ru ? "Всё отлично, готов считать статистику по NQ. Что посмотрим?"
                    : "All good and ready to crunch NQ statistics. What shall we look at?";
            case CANCEL -> ru ? "Окей, без проблем. Спрашивай, если что-то понадобится по NQ."
                    : "Okay, no problem. Ask whenever you need something about NQ.";
            case OK -> ru ? "Хорошо! Если будут ещё вопросы по NQ — спрашивай."
                    : "Great! Ask if you have more questions about NQ.";
        };
    }

    public static String offTopic(String lang) {
        return ru(lang)
                ? "Я специализируюсь на анализе фьючерса NQ, так что с этим не помогу. Могу посмотреть "
                + "волатильность, дневные диапазоны, гэпы и сессии — что интересует?"
                : "I specialise in NQ futures analysis, so I can't help with that. I can look at volatility, "
                + "daily ranges, gaps and sessions — what would you like to know?";
    }

    public static String concept(ConceptCatalog.Concept concept, String lang) {
        return ru(lang) ? concept.ru() : concept.en();
    }

    public static String unknownConcept(String term, String lang) {
        String known = String.join(", ", ConceptCatalog.names());
        return ru(lang)
                ? "У меня нет готового объяснения для «" + term + "»: я занимаюсь только фьючерсом NQ. Могу "
                + "объяснить такие термины: " + known + "."
                : "I don't have an explanation of \"" + term + "\" ready: I focus on NQ futures. I can explain "
                + "these terms: " + known + ".";
    }

    /** Why a data question cannot be answered, in the user's language. */
    public static String unsupported(String question, String lang) {
        String reason = unsupportedReason(question, lang);
        return reason + " " + capabilities(lang);
    }

    /**
     * The honest answer to a question outside what Barb can compute (seed 004 boundaries): why, and the closest
     * things it can do instead (seed 003: never an invented number).
     *
     * @param item the understander's out_of_scope item: reason and options (English)
     */
    public static String outOfScope(com.fasterxml.jackson.databind.JsonNode item, String question, String lang) {
        boolean ru = ru(lang);
        String reason = unsupportedReason(question, lang);
        if (reason.equals(GENERIC_EN) || reason.equals(GENERIC_RU)) {
            String r = item.path("reason").asText("");
            reason = ru ? "Этого я посчитать не могу: у меня есть только история минутных баров NQ, без других "
                    + "инструментов и индикаторов." : r.isBlank() ? GENERIC_EN : capitalizedSentence(r);
        }
        List<String> options = new ArrayList<>();
        for (com.fasterxml.jackson.databind.JsonNode o : item.path("options")) {
            options.add(o.asText());
        }
        if (ru || options.isEmpty()) {
            return reason + " " + capabilities(lang);
        }
        return reason + " The closest I can do: " + String.join("; ", options) + ".";
    }

    private static String capitalizedSentence(String s) {
        String t = s.strip();
        t = Character.toUpperCase(t.charAt(0)) + t.substring(1);
        return t.endsWith(".") ? t : t + ".";
    }

    private static final String GENERIC_RU = "Такой вопрос я пока не умею посчитать, поэтому не буду угадывать цифры.";
    private static final String GENERIC_EN = "I can't compute that kind of question yet, so I won't guess at numbers.";

    private static String unsupportedReason(String question, String lang) {
        String s = " " + TextNormalizer.normalize(question) + " ";
        boolean ru = ru(lang);
        if (containsAny(s, " will ", " tomorrow ", " forecast ", " predict ", " next week ", " next month ",
                " завтра ", " прогноз ", " будет ", " предскажи ")) {
            return ru ? "Прогнозов я не делаю: у меня только история, и гадать о будущем я не буду."
                    : "I don't make forecasts: I only have historical data, and I won't guess about the future.";
        }
        if (containsAny(s, " today ", " now ", " right now ", " current ", " live ", " сегодня ", " сейчас ",
                " текущий ", " текущая ")) {
            return ru ? "Живых данных у меня нет — только история минутных баров NQ."
                    : "I don't have live data — only the history of NQ minute bars.";
        }
        if (containsAny(s, " should i ", " buy ", " sell ", " entry ", " купить ", " продать ", " вход ", " стоит ли ")) {
            return ru ? "Торговых сигналов и советов я не даю." : "I don't give trading signals or advice.";
        }
        return ru ? GENERIC_RU : GENERIC_EN;
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
     * The clarifying question for the understander's need_clarification: the first item (required before
     * optional, seed 004), with its options.
     *
     * @param again true when the previous answer did not help
     */
    public static String clarifyingQuestion(NeedClarification nc, String lang, boolean again) {
        boolean ru = ru(lang);
        String lead = again ? (ru ? "Не совсем понял ответ. " : "Sorry, I didn't quite get that. ") : "";
        ClarificationItem item = nc.first();
        List<String> options = item.options();
        String or = ru ? " или " : " or ";
        String ask = switch (item.field()) {
            case "session" -> ru
                    ? "Какую сессию смотреть: RTH (основная сессия, 09:30–17:00 ET) или ETH (весь торговый день, "
                    + "18:00–17:00 ET)? Цифры у них сильно отличаются."
                    : "Which session should I use: RTH (regular hours, 09:30–17:00 ET) or ETH (the whole trading "
                    + "day, 18:00–17:00 ET)? The numbers differ a lot between them.";
            case "goal" -> ru
                    ? "Что для тебя важнее: вероятность зелёного дня, средний результат или риск (дневной диапазон)?"
                    : "What matters most to you: the probability of a green day, the average return, or the risk "
                    + "(daily range)?";
            case "compare_groups" -> ru
                    ? "Что с чем сравнить: годы (например, 2023 и 2024), дни недели, месяцы или сессии (RTH и ETH)?"
                    : "What should I compare: years (e.g. 2023 vs 2024), weekdays, months, or sessions (RTH vs ETH)?";
            case "metric" -> ru
                    ? "Какую величину смотреть: диапазон, изменение за день, объём или гэп?"
                    : "Which measure should I use: the range, the daily change, the volume or the gap?";
            case "ambiguous_term" -> ru
                    ? "Не знаю, что здесь значит «" + quoted(item.reason()) + "»"
                    + (options.isEmpty() ? ". Переформулируешь?" : ". Может быть, " + String.join(or, options) + "?")
                    : "I don't know what \"" + quoted(item.reason()) + "\" means here"
                    + (options.isEmpty() ? ". Could you rephrase?" : ". Did you mean " + String.join(or, options) + "?");
            default -> {
                String opts = options.isEmpty() ? "" : ": " + String.join(or, options);
                yield ru ? "Уточни, пожалуйста, " + item.field() + opts + "?"
                        : "Could you clarify the " + item.field().replace('_', ' ') + opts + "?";
            }
        };
        return lead + ask;
    }

    /** The text between the first pair of single quotes, or the whole text. */
    private static String quoted(String reason) {
        int a = reason.indexOf('\'');
        int b = a < 0 ? -1 : reason.indexOf('\'', a + 1);
        return b < 0 ? reason : reason.substring(a + 1, b);
    }

    public static String safetyNet(String lang) {
        return ru(lang) ? SAFETY_NET_RU : SAFETY_NET_EN;
    }

    private static boolean ru(String lang) {
        return "ru".equals(lang);
    }
}
