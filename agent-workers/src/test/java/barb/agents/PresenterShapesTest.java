package barb.agents;

import barb.agents.answers.GroundingCheck;
import barb.core.Json;
import barb.core.Operation;
import barb.core.Plan;
import barb.core.QueryResult;
import barb.core.StageOutcome;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;

import static barb.agents.ResultShapes.labels;
import static barb.agents.ResultShapes.plan;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * The presenter's answer for every result shape of the schema-v2 executor (ResultShapes), in English and Russian:
 * how each operation reads, the type of answer, and that no text shows a name of the code.
 */
class PresenterShapesTest {
    private static StageOutcome present(Plan plan, QueryResult result, String lang) {
        return PresenterGroundingTest.present(plan, result, lang);
    }

    private static String text(ResultShapes.Shape s, String lang) {
        return present(s.plan(), s.result(), lang).finish().response();
    }

    private static String type(ResultShapes.Shape s) {
        return present(s.plan(), s.result(), "en").output().get("type").asText();
    }

    /** Every number of the text is the result's, the plan's or the question's. */
    static void assertGrounded(String text, Plan plan, QueryResult result) {
        assertThat(GroundingCheck.ungrounded(text, List.of(Json.tree(result), Json.tree(plan)), "q"))
                .as("numbers from nowhere in: %s", text).isEmpty();
    }

    private static void assertGrounded(ResultShapes.Shape s, String text) {
        assertGrounded(text, s.plan(), s.result());
    }

    // ---- no internal names, for every operation ----

    /** Session codes, condition notation and every column name with an underscore the shapes use. */
    private static Set<String> identifiers() {
        Set<String> ids = new TreeSet<>(List.of("RTH_OPEN", "RTH_CLOSE", "NY_OPEN", "NY_CLOSE", "LONDON_OPEN",
                "OVERNIGHT", "GLOBEX", "ASIAN", "EUROPEAN", "PREMARKET", "POSTMARKET", "MORNING", "AFTERNOON",
                "LUNCH", "= 1", "= 0", "> 0", "< 0", "is_", "_pct", "change_pct", "is_fomc", "is_green",
                "weekday_name", "month_name", "quarter_name", "trade_date", "starting", "Probability that"));
        for (ResultShapes.Shape s : ResultShapes.all()) {
            for (Map<String, Object> row : s.result().table()) {
                row.keySet().stream().filter(k -> k.contains("_")).forEach(ids::add);
            }
            if (s.result().columns() != null) {
                s.result().columns().stream().filter(k -> k.contains("_")).forEach(ids::add);
            }
        }
        return ids;
    }

    @Test
    void noAnswerOfAnyOperationShowsANameOfTheCode() {
        Set<String> ids = identifiers();
        Set<Operation> covered = EnumSet.noneOf(Operation.class);
        List<String> found = new ArrayList<>();
        for (ResultShapes.Shape s : ResultShapes.all()) {
            covered.add(Operation.parse(s.result().operation()).orElseThrow());
            for (String lang : List.of("en", "ru")) {
                String text = text(s, lang);
                for (String id : ids) {
                    if (text.contains(id)) {
                        found.add(s.name() + " [" + lang + "] shows '" + id + "': " + text);
                    }
                }
            }
        }
        assertThat(covered).containsExactlyInAnyOrder(Operation.values());
        assertThat(found).isEmpty();
    }

    // ---- count and aggregate ----

    @Test
    void countAndAggregateGiveTheNumberWithItsUnit() {
        ResultShapes.Shape count = ResultShapes.count(132);
        assertThat(text(count, "en")).isEqualTo("Green days in 2023 (synthetic data): 132.");
        assertThat(text(count, "ru")).isEqualTo("Зелёные дни за 2023 год (синтетические данные): 132.");
        ResultShapes.Shape none = ResultShapes.count(0);
        assertThat(text(none, "en")).isEqualTo("Green days in 2023 (synthetic data): 0, no such days.");
        assertThat(text(none, "ru")).isEqualTo("Зелёные дни за 2023 год (синтетические данные): 0, таких дней нет.");
        assertThat(type(none)).isEqualTo("no_data");

        ResultShapes.Shape wick = ResultShapes.aggregateOf("upper_wick", "max", 212.75, 251);
        assertThat(text(wick, "en")).isEqualTo("Highest upper wick over all data during RTH (synthetic data): "
                + "212.75 points over 251 days.");
        assertThat(text(wick, "ru")).isEqualTo("Максимальная верхняя тень за всю историю в основную сессию (RTH) "
                + "(синтетические данные): 212,75 пункта по 251 дню.");
        ResultShapes.Shape minutes = ResultShapes.aggregateOf("overnight_high_break_minutes", "median", 34.5, 180);
        assertThat(text(minutes, "en")).isEqualTo("Median time to take out the overnight high over all data during "
                + "RTH (synthetic data): 34.5 minutes over 180 days.");
        assertThat(text(minutes, "ru")).isEqualTo("Медианное время до пробоя ночного хая за всю историю в основную "
                + "сессию (RTH) (синтетические данные): 34,5 минуты по 180 дням.");
        ResultShapes.Shape volume = ResultShapes.aggregateOf("volume", "sum", 123_456_789, 251);
        assertThat(text(volume, "ru")).contains("Суммарный объём").contains("123\u00a0456\u00a0789 по 251 дню.");
        assertThat(text(volume, "en")).contains("Total volume").contains("123,456,789 over 251 days.");

        ResultShapes.Shape empty = ResultShapes.aggregateEmpty();
        assertThat(text(empty, "en")).isEqualTo("Average range in 2030 — days with an NR7 range (synthetic data): "
                + "no such days.");
        assertThat(text(empty, "ru")).isEqualTo("Средний диапазон за 2030 год — дни с диапазоном NR7 "
                + "(синтетические данные): таких дней нет.");
        assertThat(type(empty)).isEqualTo("no_data");
    }

    // ---- group ----

    @Test
    void groupsAreNamedInTheReadersLanguageWithATable() {
        ResultShapes.Shape quarter = ResultShapes.groupByQuarter();
        String ru = text(quarter, "ru");
        assertThat(ru).startsWith("Суммарный объём по кварталам за всю историю в основную сессию (RTH) "
                + "(синтетические данные): больше всего — 4-й квартал (493\u00a0827\u00a0156), меньше всего — "
                + "1-й квартал (123\u00a0456\u00a0789).\n\n| Квартал | Суммарный объём |");
        assertThat(text(quarter, "en")).contains("highest: Q4 (493,827,156), lowest: Q1 (123,456,789)")
                .contains("| Quarter | Total volume |").contains("| Q2 | 246,913,578 |");

        ResultShapes.Shape month = ResultShapes.groupByMonth();
        assertThat(text(month, "en")).startsWith("Median % change by month since 2015 (synthetic data): highest: "
                + "December (0.47%), lowest: January (-0.3%).").contains("| August | 0.19 |");
        assertThat(text(month, "ru")).startsWith("Медианное изменение в % по месяцам с 2015 года (синтетические "
                + "данные): больше всего — декабрь (0,47%), меньше всего — январь (-0,3%).")
                .contains("| август | 0,19 |");
        assertThat(type(month)).isEqualTo("large_data");

        ResultShapes.Shape years = ResultShapes.groupByYearCounts();
        assertThat(text(years, "en")).startsWith("Number of days by year over all data — days when NQ fell more than "
                + "2% (synthetic data): highest: 2024 (14 days), lowest: 2020 (10 days).").contains("| 2024 | 14 |");
        assertThat(text(years, "ru")).startsWith("Число дней по годам за всю историю — дни с падением больше чем на "
                + "2% (синтетические данные): больше всего — 2024 (14 дней), меньше всего — 2020 (10 дней).");

        ResultShapes.Shape hours = ResultShapes.groupByHour();
        assertThat(text(hours, "en")).startsWith("Average range by hour in 2024 during RTH (synthetic data): highest: "
                + "16:00 (56.5 points), lowest: 09:00 (49.5 points).");

        ResultShapes.Shape empty = ResultShapes.groupEmpty();
        assertThat(text(empty, "en")).isEqualTo("Number of days by weekday over all data — gap-up days "
                + "(synthetic data): no such days.");
        assertThat(text(empty, "ru")).isEqualTo("Число дней по дням недели за всю историю — дни с гэпом вверх "
                + "(синтетические данные): таких дней нет.");
    }

    // ---- list and top_n ----

    @Test
    void listsShowAShortTableOrTheFirstAndLastRow() {
        ResultShapes.Shape top = ResultShapes.topNPerMonth();
        assertThat(text(top, "en")).isEqualTo("Top 2 days by range per month in 2024 during RTH (synthetic data): "
                + "6 days. First in the list: Jan 10, 2024 (January, range 412.5 points); last: Mar 15, 2024 (March, "
                + "range 480 points). The full table is in the data block.");
        assertThat(text(top, "ru")).isEqualTo("2 дня с наибольшим диапазоном в каждом месяце за 2024 год в основную "
                + "сессию (RTH) (синтетические данные): 6 дней. Первый в списке — 10 января 2024\u202fг. (январь, диапазон "
                + "412,5 пункта); последний — 15 марта 2024\u202fг. (март, диапазон 480 пунктов). Полная таблица — в блоке "
                + "данных.");
        assertThat(type(top)).isEqualTo("large_data");
        assertThat(present(top.plan(), top.result(), "en").output().get("title").asText()).isEqualTo("Top days 2024");

        ResultShapes.Shape months = ResultShapes.listMonths();
        assertThat(text(months, "en")).startsWith("Green months in 2024 (synthetic data): 6 months.");
        assertThat(text(months, "ru")).startsWith("Зелёные месяцы за 2024 год (синтетические данные): 6 месяцев.");

        ResultShapes.Shape bars = ResultShapes.listBars();
        assertThat(text(bars, "en")).isEqualTo("Top 2 bars by range on Aug 5, 2024 in the first hour of RTH "
                + "(synthetic data):\n\n| Bar | Range |\n|---|---|\n| 2024-08-05 09:30 | 120.5 |\n"
                + "| 2024-08-05 09:45 | 98.25 |");
        assertThat(text(bars, "ru")).startsWith("2 бара с наибольшим диапазоном 5 августа 2024\u202fг. в первый час "
                + "основной сессии (синтетические данные):\n\n| Бар | Диапазон |");

        ResultShapes.Shape capped = ResultShapes.listCapped();
        assertThat(text(capped, "en")).contains(": 1,234 days.").endsWith("The data block holds the first 8.");
        assertThat(text(capped, "ru")).contains(": 1\u00a0234 дня.").endsWith("В блоке данных — первые 8.");
    }

    // ---- distribution ----

    @Test
    void distributionGivesCentreSpreadPercentilesAndPointsToTheHistogram() {
        ResultShapes.Shape s = ResultShapes.distribution();
        assertThat(text(s, "en")).isEqualTo("Distribution of the % change in 2024 (synthetic data): 251 days; "
                + "average 0.11%, median 0.16%, standard deviation 1.07%; percentiles: 5th -1.83%, 25th -0.47%, "
                + "75th 0.73%, 95th 1.64%; from -3.12% to 2.56%. Most often between -0.28% and 1.14% (56.57% of "
                + "days). The histogram (4 bins) is in the data block.");
        assertThat(text(s, "ru")).isEqualTo("Распределение изменения в % за 2024 год (синтетические данные): "
                + "251 день; среднее 0,11%, медиана 0,16%, стандартное отклонение 1,07%; перцентили: 5-й -1,83%, "
                + "25-й -0,47%, 75-й 0,73%, 95-й 1,64%; от -3,12% до 2,56%. Чаще всего — от -0,28% до 1,14% "
                + "(56,57% дней). Гистограмма (4 интервала) — в блоке данных.");
        assertThat(type(s)).isEqualTo("single");
        assertThat(text(ResultShapes.distributionOfRange(), "en")).contains(": 4,448 days, in points; average 278.4");
        assertThat(text(ResultShapes.distributionEmpty(), "ru")).endsWith(": таких дней нет.");
    }

    // ---- probability ----

    @Test
    void probabilityNamesTheOutcomeInWordsWithMatchesAndTheBaseRate() {
        ResultShapes.Shape s = ResultShapes.probability(ResultShapes.PROBABILITY, 50, 86, 58.14, "1 trading day(s) later");
        assertThat(text(s, "en")).isEqualTo("How often the next day closes up over all data — after gap-up days, "
                + "Mondays (synthetic data): 58.14% (50 of 86 days). Across all 788 days of the period: 53.2%.");
        assertThat(text(s, "ru")).isEqualTo("Как часто следующий день закрывается в плюс за всю историю — при "
                + "условии: дни с гэпом вверх, понедельники (синтетические данные): 58,14% (50 из 86 дней). По всем "
                + "788 дням периода: 53,2%.");

        ResultShapes.Shape augusts = ResultShapes.probabilityAugusts();
        assertThat(text(augusts, "en")).isEqualTo("How often August closes green since 2015 (synthetic data): "
                + "63.64% (7 of 11 years).");
        assertThat(text(augusts, "ru")).isEqualTo("Как часто август закрывается зелёным с 2015 года "
                + "(синтетические данные): 63,64% (7 из 11 лет).");

        ResultShapes.Shape overnight = ResultShapes.probability(plan("""
                {"id": "s1", "operation": "probability", "session": "RTH",
                 "outcome": {"metric": "broke_overnight_high", "op": "=", "value": 1}}"""), 2200, 4400, 50.0, "same day");
        assertThat(text(overnight, "en")).startsWith("How often the day takes out the overnight high over all data "
                + "during RTH (synthetic data): 50% (2,200 of 4,400 days).");
        assertThat(text(overnight, "ru")).startsWith("Как часто день пробивает ночной хай за всю историю в основную "
                + "сессию (RTH) (синтетические данные): 50% (2\u00a0200 из 4\u00a0400 дней).");

        ResultShapes.Shape weeks = ResultShapes.probability(plan("""
                {"id": "s1", "operation": "probability", "timeframe": "1W", "offset": 1,
                 "consecutive": {"color": "red", "length": 2},
                 "outcome": {"metric": "is_green", "op": "=", "value": 1}}"""), 61, 110, 55.45, "1 week(s) later");
        assertThat(text(weeks, "en")).startsWith("How often the next week closes green over all data — after the 2nd "
                + "red week in a row (synthetic data): 55.45% (61 of 110 weeks).");
        assertThat(text(weeks, "ru")).startsWith("Как часто следующая неделя закрывается зелёной за всю историю — при "
                + "условии: 2-я красная неделя подряд (синтетические данные): 55,45% (61 из 110 недель).");

        ResultShapes.Shape none = ResultShapes.probability(ResultShapes.PROBABILITY, 0, 0, null, "1 trading day(s) later");
        assertThat(text(none, "en")).endsWith("(synthetic data): no such days.");
        assertThat(text(none, "ru")).endsWith("(синтетические данные): таких дней нет.");
        assertThat(type(none)).isEqualTo("no_data");
    }

    // ---- streak ----

    @Test
    void streakGivesRunsTheLongestWithItsDatesAndTheMeanLength() {
        ResultShapes.Shape s = ResultShapes.streak();
        assertThat(text(s, "en")).isEqualTo("Runs of gap-down days in a row in 2022–2024 (synthetic data): 3 runs "
                + "of at least 3 days; the longest lasted 6 days (May 2, 2022 – May 9, 2022); average length 4.33 days. "
                + "Every run is in the data block.");
        assertThat(text(s, "ru")).isEqualTo("Серии подряд: дни с гэпом вниз за 2022–2024 годы (синтетические данные): "
                + "3 серии не короче 3 дней; самая длинная — 6 дней (2 мая 2022\u202fг. – 9 мая 2022\u202fг.); в среднем "
                + "4,33 дня. Все серии — в блоке данных.");
        assertThat(type(s)).isEqualTo("inline");
        ResultShapes.Shape none = ResultShapes.streakNone();
        assertThat(text(none, "en")).endsWith(": no runs of at least 3 days.");
        assertThat(text(none, "ru")).endsWith(": серий не короче 3 дней нет.");
        assertThat(type(none)).isEqualTo("no_data");
    }

    // ---- correlation ----

    @Test
    void correlationGivesTheCoefficientNAndTheStrengthInWords() {
        ResultShapes.Shape s = ResultShapes.correlation(-0.43, 788, labels("strength", "moderate", "direction",
                "negative"));
        assertThat(text(s, "en")).isEqualTo("Correlation between the gap in % and the % change over all data during "
                + "RTH (synthetic data): coefficient -0.43 over 788 days — a moderate negative relationship.");
        assertThat(text(s, "ru")).isEqualTo("Корреляция гэпа в % и изменения в % за всю историю в основную сессию "
                + "(RTH) (синтетические данные): коэффициент -0,43 по 788 дням — умеренная отрицательная связь.");
        assertThat(text(ResultShapes.correlation(0.05, 788, labels("strength", "none")), "en"))
                .endsWith("coefficient 0.05 over 788 days — practically no linear relationship.");
        assertThat(text(ResultShapes.correlation(0.85, 400, labels("strength", "very strong", "direction", "positive")),
                "ru")).endsWith("коэффициент 0,85 по 400 дням — очень сильная положительная связь.");
        ResultShapes.Shape few = ResultShapes.correlation(null, 2, labels("note", "fewer than 3 days with both values"));
        assertThat(text(few, "en")).endsWith("too few days with both values (2) to compute it.");
        assertThat(type(few)).isEqualTo("no_data");
    }

    // ---- around ----

    @Test
    void aroundGivesOneLinePerOffsetInWords() {
        ResultShapes.Shape s = ResultShapes.around();
        assertThat(text(s, "en")).isEqualTo("% change before and after the selected days over all data — FOMC days "
                + "(synthetic data); 25 days matched:\n- the day before: average 0.08%, positive on 56% of 25 days\n"
                + "- the next day: average -0.21%, positive on 40% of 25 days\n- 5 days later: no data");
        assertThat(text(s, "ru")).isEqualTo("Изменение в % до и после выбранных дней за всю историю — дни FOMC "
                + "(синтетические данные); 25 дней в выборке:\n- накануне: в среднем 0,08%, больше нуля в 56% из 25 "
                + "дней\n- на следующий день: в среднем -0,21%, больше нуля в 40% из 25 дней\n- через 5 дней: нет "
                + "данных");
        assertThat(type(s)).isEqualTo("inline");
        // a range has no sign: no "positive" share, and the day itself is named
        assertThat(text(ResultShapes.aroundRange(), "en")).contains("— the 3rd red day in a row")
                .contains("- the day itself: average 310.5 points (40 days)").doesNotContain("positive");
    }

    // ---- compare ----

    @Test
    void compareNamesEachVariantByWhatSetsItApart() {
        ResultShapes.Shape s = ResultShapes.compare();
        assertThat(text(s, "en")).isEqualTo("Comparison of average % change over all data (synthetic data):\n"
                + "- FOMC days: 0.31% (25 days)\n- non-FOMC days: 0.04% (763 days)");
        assertThat(text(s, "ru")).isEqualTo("Сравнение: среднее изменение в % за всю историю (синтетические данные):\n"
                + "- дни FOMC: 0,31% (25 дней)\n- дни без FOMC: 0,04% (763 дня)");
        assertThat(text(ResultShapes.compareYears(), "en")).isEqualTo("Comparison of average range during RTH "
                + "(synthetic data):\n- in 2023: 231.5 points (250 days)\n- in 2024: 245.31 points (252 days)");
        assertThat(text(ResultShapes.compareMetrics(), "ru")).endsWith("- диапазон: 15 пунктов (20 дней)\n"
                + "- изменение в %: 1% (20 дней)");
        assertThat(text(ResultShapes.compareSessionsAndWeekdays(), "en")).isEqualTo("Comparison of day counts over "
                + "all data (synthetic data):\n- first hour of RTH, Mondays: 4 days\n- last hour of the cash session, "
                + "Fridays: 5 days");
        assertThat(text(ResultShapes.compareSessionsAndWeekdays(), "ru")).endsWith(
                "- первый час основной сессии, понедельники: 4 дня\n- последний час кэш-сессии, пятницы: 5 дней");
        assertThat(type(ResultShapes.compareEmpty())).isEqualTo("no_data");
    }

    // ---- formation ----

    @Test
    void formationNamesTheBucketAndTheExtremeInWords() {
        ResultShapes.Shape hour = ResultShapes.formationHour();
        assertThat(text(hour, "en")).isEqualTo("When the high of the day is set over all data during RTH (synthetic "
                + "data): most often in the hour from 10:00 ET, on 312 days (27.4%).");
        assertThat(text(hour, "ru")).isEqualTo("Когда формируется хай дня за всю историю в основную сессию (RTH) "
                + "(синтетические данные): чаще всего в час с 10:00 ET — 312 дней (27,4%).");
        assertThat(text(ResultShapes.formation("high", "15m", "time"), "en"))
                .endsWith("most often in the 15 minutes from 15:45 ET, on 131 days (16.6%).");
        assertThat(text(ResultShapes.formation("low", "2h", "time"), "ru"))
                .startsWith("Когда формируется лой дня").endsWith("чаще всего в интервале 2 часа с 15:45 ET — 131 день "
                        + "(16,6%).");
        assertThat(text(ResultShapes.formation("overnight_high_break", "30m", "time"), "en"))
                .startsWith("When the overnight high is taken out over all data during RTH")
                .endsWith("most often in the 30 minutes from 15:45 ET, on 131 days (16.6%).");
        assertThat(text(ResultShapes.formation("overnight_low_break", "5m", "time"), "ru"))
                .startsWith("Когда пробивается ночной лой").contains("в интервале 5 минут с 15:45 ET");
        assertThat(type(ResultShapes.formationEmpty())).isEqualTo("no_data");
    }

    // ---- snapshot ----

    @Test
    void snapshotDescribesTheDayLikeATrader() {
        ResultShapes.Shape day = ResultShapes.snapshotDay();
        String en = text(day, "en");
        assertThat(en).startsWith("Monday, Aug 5, 2024 (synthetic data):\n- Whole trading day (ETH): open 18,360.25, "
                + "high 18,401.5 at 09:41, low 17,200.25 at 13:05, close 17,800.25; down 3.05% (560 points).");
        assertThat(en).contains("\n- RTH: open 18,011.5, high 18,230 at 09:41, low 17,420 at 13:05, close 17,800.25; "
                + "down 3.05% (560 points). Range 810 points, 1.79× its 20-day average: a wide day. Opened with a gap "
                + "down of 1.9% (348.75 points). Volume 612,345, 0.65× its 20-day average: light volume.");
        String ru = text(day, "ru");
        assertThat(ru).startsWith("Понедельник, 5 августа 2024\u202fг. (синтетические данные):\n- Весь торговый день "
                + "(ETH): открытие 18\u00a0360,25");
        assertThat(ru).contains("\n- Основная сессия (RTH): открытие 18\u00a0011,5, хай 18\u00a0230 в 09:41, лой "
                + "17\u00a0420 в 13:05, закрытие 17\u00a0800,25; снижение на 3,05% (560 пунктов). Диапазон 810 "
                + "пунктов, 1,79× от среднего за 20 дней — широкий день. Открытие с гэпом вниз 1,9% (348,75 пункта). "
                + "Объём 612\u00a0345, 0,65× от среднего за 20 дней — низкий объём.");

        // with days to show, the weekends in the note go without saying; a holiday is named
        ResultShapes.Shape three = ResultShapes.snapshotDays(3, "no trading on 2024-12-21 (weekend), 2024-12-22 "
                + "(weekend), 2024-12-25 (Christmas)");
        assertThat(text(three, "en")).contains("\n\nMonday, Dec 23, 2024:\n- Whole trading day (ETH)")
                .endsWith("\n\nNo trading on Dec 25, 2024 (Christmas).");
        assertThat(text(three, "ru")).contains("\n\nПонедельник, 23 декабря 2024\u202fг.:\n")
                .endsWith("Торгов не было: 25 декабря 2024\u202fг. (Рождество).");
        ResultShapes.Shape saturday = new ResultShapes.Shape("saturday", ResultShapes.snapshotEmpty().plan(),
                new QueryResult("s1", "snapshot", ResultShapes.snapshotSummary(List.of(),
                        "no such days; no trading on 2024-12-28 (weekend)"), ResultShapes.SNAPSHOT_COLUMNS, List.of(),
                        List.of(), 0, ResultShapes.META));
        assertThat(text(saturday, "en")).endsWith("No trading on Dec 28, 2024 (weekend).");
        assertThat(text(saturday, "ru")).endsWith("Торгов не было: 28 декабря 2024\u202fг. (выходной).");

        ResultShapes.Shape week = ResultShapes.snapshotDays(7, "no trading on 2024-12-25 (Christmas); no data for 2024-12-31");
        assertThat(text(week, "en")).isEqualTo("What happened from Dec 20, 2024 to Dec 31, 2024 (synthetic data): "
                + "7 days. The widest RTH day: Dec 20, 2024 (range 140.25 points, 0.6× its 20-day average: a narrow "
                + "day). The biggest RTH move: Dec 31, 2024, up 6.5% (46.5 points). Every day is in the data block. "
                + "No trading on Dec 25, 2024 (Christmas). No data for Dec 31, 2024.");
        assertThat(text(week, "ru")).endsWith("Торгов не было: 25 декабря 2024\u202fг. (Рождество). Нет данных за "
                + "31 декабря 2024\u202fг.");
        assertThat(type(week)).isEqualTo("large_data");

        ResultShapes.Shape closed = ResultShapes.snapshotEmpty();
        assertThat(text(closed, "en")).isEqualTo("What happened on Dec 25, 2024 (synthetic data): no trading days in "
                + "this period. No trading on Dec 25, 2024 (Christmas).");
        assertThat(type(closed)).isEqualTo("no_data");
    }

    // ---- gap fill ----

    @Test
    void gapFillGivesTheShareFilledTheTimeToFillAndTheTableBySize() {
        ResultShapes.Shape s = ResultShapes.gapFill();
        assertThat(text(s, "en")).isEqualTo("Gap fills since 2020 during RTH — gap-up days (synthetic data): 822 of "
                + "1,050 gaps filled (78.29%). Median time to fill: 11 minutes; average 35.12 minutes.\n\n"
                + "| Gap size | Gaps | Filled, % | Median minutes to fill |\n|---|---|---|---|\n"
                + "| 0–0.25% | 600 | 92 | 6 |\n| 0.25–0.5% | 300 | 70 | 25 |\n| 0.5–1% | 150 | 40 | 71 |\n"
                + "| 1%+ | 0 | — | — |\n| all gaps | 1,050 | 78.29 | 11 |");
        assertThat(text(s, "ru")).startsWith("Закрытие гэпов с 2020 года в основную сессию (RTH) — дни с гэпом вверх "
                + "(синтетические данные): закрылись 822 из 1\u00a0050 гэпов (78,29%). Медианное время до закрытия — "
                + "11 минут, среднее — 35,12 минуты.").contains("| 0,25–0,5% | 300 | 70 | 25 |")
                .contains("| 1% и больше | 0 | — | — |").endsWith("| все гэпы | 1\u00a0050 | 78,29 | 11 |");
        ResultShapes.Shape none = ResultShapes.gapFillNone();
        assertThat(text(none, "en")).endsWith(": there were no gaps.");
        assertThat(text(none, "ru")).endsWith(": гэпов не было.");
        assertThat(type(none)).isEqualTo("no_data");
    }

    // ---- the heading names every filter in words ----

    @Test
    void theHeadingNamesEveryFilterOfThePlanInWords() {
        Plan plan = plan("""
                {"id": "s1", "operation": "count", "session": "RTH", "patterns": ["doji", "hammer"],
                 "events": ["fomc", "opex"], "weekdays": ["mon", "5"], "months": [3],
                 "consecutive": {"color": "green", "length": 3}, "time": {"from": "10:00", "to": "11:30"},
                 "filters": [{"metric": "range", "op": ">", "value": 1.5, "ref": "avg", "days": 20},
                             {"metric": "is_cpi", "op": "=", "value": 0}, {"metric": "gap_pct", "op": ">", "value": 0.5}],
                 "period": {"from": "2024-01-01", "to": "2024-12-31"}}""");
        QueryResult r = ResultShapes.count(7).result();
        String en = text(new ResultShapes.Shape("filters", plan, r), "en");
        assertThat(en).isEqualTo("Non-CPI FOMC or OPEX days with a range more than 1.5 times its 20-day average and "
                + "with a gap up of more than 0.5% and with a doji or a hammer in 2024 during RTH — Mondays or Fridays, "
                + "March, the 3rd green day in a row, from 10:00 to 11:30 ET (synthetic data): 7.");
        String ru = text(new ResultShapes.Shape("filters", plan, r), "ru");
        assertThat(ru).isEqualTo("Дни без CPI FOMC или экспирации опционов с диапазоном в 1,5 раза больше среднего "
                + "за 20 предыдущих дней и с гэпом вверх больше 0,5% и с доджи или молотом за 2024 год в основную "
                + "сессию (RTH) — понедельники или пятницы, март, 3-й зелёный день подряд, с 10:00 до 11:30 ET "
                + "(синтетические данные): 7.");
        assertGrounded(en, plan, r);
        assertGrounded(ru, plan, r);
    }

    @Test
    void everyShapeIsGroundedInBothLanguages() {
        for (ResultShapes.Shape s : ResultShapes.all()) {
            assertGrounded(s, text(s, "en"));
            assertGrounded(s, text(s, "ru"));
        }
    }
}
