package barb.agents.answers;

import barb.core.Json;
import barb.core.Plan;
import barb.core.QueryResult;
import com.ibm.icu.text.MessageFormat;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** The two message bundles: the same keys, patterns that parse, plural forms and number formats per language. */
class BundlesTest {
    private static final Messages EN = Messages.of("en");
    private static final Messages RU = Messages.of("ru");

    @Test
    void everyLanguageHasTheSameKeys() {
        assertThat(RU.keys()).containsExactlyInAnyOrderElementsOf(EN.keys());
        assertThat(EN.keys()).hasSizeGreaterThan(300);
    }

    @Test
    void everyPatternParses() {
        for (Messages m : List.of(EN, RU)) {
            for (String key : m.keys()) {
                MessageFormat format = new MessageFormat(m.pattern(key), m.locale());
                assertThat(format.toPattern()).as(m.lang() + " " + key).isNotNull();
            }
        }
    }

    @Test
    void anUnknownKeyOrLanguageIsNoSilentFallback() {
        assertThatThrownBy(() -> RU.get("no.such.key")).hasMessageContaining("no.such.key").hasMessageContaining("ru");
        assertThat(Messages.of("de")).isSameAs(EN);
        assertThat(Messages.of(null)).isSameAs(EN);
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', value = {
            "1 | 1 день | 1 пункт | 1 раз | 1 дню | 1 дня | 1 неделя | 1 минута",
            "2 | 2 дня | 2 пункта | 2 раза | 2 дням | 2 дней | 2 недели | 2 минуты",
            "5 | 5 дней | 5 пунктов | 5 раз | 5 дням | 5 дней | 5 недель | 5 минут",
            "11 | 11 дней | 11 пунктов | 11 раз | 11 дням | 11 дней | 11 недель | 11 минут",
            "21 | 21 день | 21 пункт | 21 раз | 21 дню | 21 дня | 21 неделя | 21 минута",
            "22 | 22 дня | 22 пункта | 22 раза | 22 дням | 22 дней | 22 недели | 22 минуты"})
    void russianPluralForms(int n, String days, String points, String times, String daysOver, String daysOf,
                            String weeks, String minutes) {
        assertThat(RU.get("count.rows", "unit", "day", "n", n)).isEqualTo(days);
        assertThat(RU.get("value.points", "v", n)).isEqualTo(points);
        assertThat(RU.get("value.times", "v", n)).isEqualTo(times);
        assertThat(RU.get("count.rows.over", "unit", "day", "n", n)).isEqualTo(daysOver);
        assertThat(RU.get("count.rows.of", "unit", "day", "n", n)).isEqualTo(daysOf);
        assertThat(RU.get("count.rows", "unit", "week", "n", n)).isEqualTo(weeks);
        assertThat(RU.get("value.minutes", "v", n)).isEqualTo(minutes);
    }

    @Test
    void russianFractionsTakeTheGenitiveSingular() {
        assertThat(RU.get("count.rows", "unit", "day", "n", 4.33)).isEqualTo("4,33 дня");
        assertThat(RU.get("value.points", "v", 245.31)).isEqualTo("245,31 пункта");
        assertThat(RU.get("value.times", "v", 1.5)).isEqualTo("1,5 раза");
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', value = {
            "1 | 1 day | 1 point | 1 time | 1 run | 1 week | 1 minute",
            "2 | 2 days | 2 points | 2 times | 2 runs | 2 weeks | 2 minutes"})
    void englishPluralForms(int n, String days, String points, String times, String runs, String weeks,
                            String minutes) {
        assertThat(EN.get("count.rows", "unit", "day", "n", n)).isEqualTo(days);
        assertThat(EN.get("value.points", "v", n)).isEqualTo(points);
        assertThat(EN.get("value.times", "v", n)).isEqualTo(times);
        assertThat(EN.get("count.runs", "n", n)).isEqualTo(runs);
        assertThat(EN.get("count.rows", "unit", "week", "n", n)).isEqualTo(weeks);
        assertThat(EN.get("value.minutes", "v", n)).isEqualTo(minutes);
    }

    @Test
    void numbersUseTheLanguagesSeparatorsAndTwoDecimals() {
        assertThat(Numbers.format(1234.5, RU)).isEqualTo("1\u00a0234,5");
        assertThat(Numbers.format(-0.47, RU)).isEqualTo("-0,47");
        assertThat(Numbers.format(1234.5, EN)).isEqualTo("1,234.5");
        assertThat(Numbers.format(2.675, EN)).isEqualTo("2.68");
        assertThat(Numbers.format(15.0, EN)).isEqualTo("15");
        assertThat(Numbers.plain(2024L)).isEqualTo("2024");
        assertThat(Numbers.date("2024-08-05", EN)).isEqualTo("Aug 5, 2024");
        assertThat(Numbers.date("2024-08-05", RU)).isEqualTo("5 августа 2024\u202fг.");
        assertThat(RU.get("value.points", "v", 1234.5)).isEqualTo("1\u00a0234,5 пункта");
    }

    @Test
    void oneDayIsOneDayInTheAnswer() {
        Plan plan = Json.convert(Json.parse("""
                {"id": "s1", "operation": "aggregate", "metric": "range", "aggregate": "mean", "session": "RTH"}"""),
                Plan.class);
        QueryResult one = new QueryResult("s1", "aggregate", new QueryResult.Summary("scalar", 1, "mean_range", 312.5,
                Map.of("mean_range", 312.5, "count", 1.0), null, null, null, null, null, null, null),
                List.of("mean_range", "count"), List.of(Map.<String, Object>of("mean_range", 312.5, "count", 1L)), List.of(), 1, null);
        assertThat(AnswerWriter.write(one, plan, "en").text()).endsWith("312.5 points over 1 day.");
        assertThat(AnswerWriter.write(one, plan, "ru").text()).endsWith("312,5 пункта по 1 дню.");
    }
}
