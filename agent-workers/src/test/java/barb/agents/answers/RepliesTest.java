package barb.agents.answers;

import barb.core.Json;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.api.Test;

import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Refusals: at most two sentences in the user's language, the reason and the one closest thing Barb can do (the
 * understanding's first option), never a list of everything Barb can do.
 */
class RepliesTest {
    private static JsonNode item(String reason, String... options) {
        ObjectNode item = Json.object().put("field", "out_of_scope").put("reason", reason);
        item.set("options", Json.tree(List.of(options)));
        return item;
    }

    private static List<String> sentences(String text) {
        return List.of(text.split("(?<=[.!?])\\s+(?=\\p{Lu})"));
    }

    private static boolean cyrillic(String text) {
        return text.codePoints().anyMatch(cp -> Character.UnicodeBlock.of(cp) == Character.UnicodeBlock.CYRILLIC);
    }

    /** The reasons and first options the question reader (barb.agents.reading.StepBuilder) writes. */
    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', value = {
            "Barb answers from the loaded NQ history and has no live prices | the latest trading day in the data"
                    + " | I don't have live data | the latest trading day in the data"
                    + " | Живых данных у меня нет | последний торговый день в данных",
            "Barb does not predict prices; it describes what happened in the history"
                    + " | how often NQ rose after similar days (probability) | I don't make forecasts"
                    + " | how often NQ rose after similar days | Прогнозов я не делаю | как часто NQ рос после похожих дней",
            "Barb does not give trading advice or buy/sell signals"
                    + " | the historical probability of a green day after similar conditions"
                    + " | I don't give trading signals | the historical chance of a green day"
                    + " | Торговых сигналов и советов я не даю | историческую вероятность зелёного дня",
            "Barb has no RSI data; it computes range, change, gap, volume, candle patterns and calendar events from NQ"
                    + " prices | days whose range was more than 1.5 times the 20-day average | I have no RSI data"
                    + " | more than 1.5 times the 20-day average | Данных RSI у меня нет | в 1,5 раза больше среднего",
            "Barb has no support or resistance levels | breakouts above the 20-day high or below the 20-day low"
                    + " | I don't have support or resistance | breakouts above the 20-day high"
                    + " | Уровней поддержки и сопротивления | пробои 20-дневного максимума",
            "Barb has no news or earnings data | days of scheduled events: FOMC, CPI, NFP, opex"
                    + " | I don't have news | the days of scheduled events | Новостей и отчётностей"
                    + " | дни плановых событий",
            "Barb has no options data | monthly options expiration (opex) and quad witching days"
                    + " | I don't have options data | options expiration (OPEX) | Данных по опционам у меня нет"
                    + " | дни экспирации опционов",
            "Barb only has NQ (Nasdaq-100 futures) data, not ES | the same question for NQ | I only have NQ data, not ES"
                    + " | the same question for NQ | У меня есть только данные NQ, а не ES | тот же вопрос для NQ",
            "Barb cannot read this as a question about NQ price history"
                    + " | statistics of NQ daily and intraday history since 2008 | I couldn't read that"
                    + " | statistics of NQ's daily and intraday history | Не получилось прочитать"
                    + " | статистику по дневной и внутридневной истории NQ"})
    void aRefusalIsTheReasonAndTheOneClosestThingInTheUsersLanguage(String reason, String option, String enStart,
                                                                     String enOffer, String ruStart, String ruOffer) {
        JsonNode item = item(reason, option, "streaks of green or red days");
        String en = Replies.outOfScope(item, "q", "en");
        assertThat(en).startsWith(enStart).contains(enOffer).doesNotContain("streaks");
        assertThat(sentences(en)).hasSizeLessThanOrEqualTo(2);
        assertThat(cyrillic(en)).isFalse();

        String ru = Replies.outOfScope(item, "q", "ru");
        assertThat(ru).startsWith(ruStart).contains(ruOffer).doesNotContain("серии");
        assertThat(sentences(ru)).hasSizeLessThanOrEqualTo(2);
        assertThat(ru.replaceAll("NQ|RSI|ES|FOMC|CPI|NFP|OPEX|NR7", "")).doesNotContainPattern("[A-Za-z]{2,}");
    }

    @Test
    void anOptionBarbHasNoWordsForIsShownInEnglishAndReplacedByTheGeneralOfferInRussian() {
        JsonNode item = item("something Barb cannot do", "the average range on rainy days");
        assertThat(Replies.outOfScope(item, "what about rain?", "en")).isEqualTo("I can't compute that from NQ's "
                + "price history. The closest thing I can show is the average range on rainy days.");
        assertThat(Replies.outOfScope(item, "а дождь?", "ru")).isEqualTo("Это я не могу посчитать по истории цен NQ. "
                + "Ближе всего к этому я могу показать статистику по дневной и внутридневной истории NQ.");
        JsonNode russian = item("something", "средний диапазон в дождливые дни");
        assertThat(Replies.outOfScope(russian, "q", "ru")).endsWith("показать средний диапазон в дождливые дни.");
    }

    @Test
    void theReasonComesFromTheQuestionWhenTheUnderstandingGivesNone() {
        JsonNode item = item("", "how NQ moved over the last days");
        assertThat(Replies.outOfScope(item, "what will NQ do tomorrow?", "en")).isEqualTo("I don't make forecasts: I "
                + "only know NQ's history. The closest thing I can show is how NQ moved over the last days.");
        assertThat(Replies.outOfScope(item, "что будет завтра?", "ru")).isEqualTo("Прогнозов я не делаю: я знаю только "
                + "историю NQ. Ближе всего к этому я могу показать как NQ двигался в последние дни.");
        assertThat(sentences(Replies.unsupported("should I buy here?", "en"))).hasSize(2);
        assertThat(Replies.unsupported("стоит ли купить?", "ru")).startsWith("Торговых сигналов");
    }

    @Test
    void everyFieldTheReaderAsksAboutIsWordedInTheUsersLanguageWithoutItsInternalName() {
        for (String field : List.of("session", "goal", "compare_groups", "metric", "threshold", "period", "outcome", "timezone")) {
            barb.core.NeedClarification nc = new barb.core.NeedClarification(
                    List.of(new barb.core.ClarificationItem(field, "why", List.of())), List.of(), "Question: q");
            String en = Replies.clarifyingQuestion(nc, "en", false);
            String ru = Replies.clarifyingQuestion(nc, "ru", false);
            // the fallback wording names the field as it is spelled inside Barb ("Could you clarify the outcome?")
            assertThat(en).as(field).doesNotContain("_").doesNotStartWith("Could you clarify");
            assertThat(ru).as(field).doesNotContain("_").doesNotStartWith("Уточни, пожалуйста");
            assertThat(cyrillic(ru)).as(field).isTrue();
        }
    }

    @Test
    void aNumberTheReaderCouldNotPlaceIsAskedAboutByWhatItMayCountNeverWithABareRephrase() {
        for (String term : List.of("7", "0.5%", "9 30")) {
            barb.core.NeedClarification nc = new barb.core.NeedClarification(List.of(new barb.core.ClarificationItem(
                    "ambiguous_term", "'" + term + "' is not a term Barb knows in this question", List.of())), List.of(),
                    "Question: q");
            String en = Replies.clarifyingQuestion(nc, "en", false);
            String ru = Replies.clarifyingQuestion(nc, "ru", false);
            assertThat(en).as(term).contains(term).contains("number of days").doesNotContain("rephrase");
            assertThat(ru).as(term).contains(term).contains("число дней").doesNotContain("Переформулируешь");
        }
        barb.core.NeedClarification word = new barb.core.NeedClarification(List.of(new barb.core.ClarificationItem(
                "ambiguous_term", "'squeeze' is not a term Barb knows in this question", List.of())), List.of(), "q");
        assertThat(Replies.clarifyingQuestion(word, "en", false)).as("a word keeps its own question")
                .contains("\"squeeze\"").doesNotContain("number of days");
    }
}
