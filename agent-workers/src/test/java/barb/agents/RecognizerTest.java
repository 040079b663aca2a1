package barb.agents;

import barb.core.Plan;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import java.util.List;
import java.util.Optional;

import static org.assertj.core.api.Assertions.assertThat;

class RecognizerTest {
    private static final List<QuestionSpec> SPECS = List.of(
            new QuestionSpec("aggregate", "range", "mean", null, List.of(), null, null, "RTH", "2024", null),
            new QuestionSpec("aggregate", "change_pct", "median", null,
                    List.of(new Plan.Condition("is_green", "=", 1)), null, null, null, "all", null),
            new QuestionSpec("list", "range", null, null, List.of(), "desc", 5, "ETH", "2024", null),
            new QuestionSpec("list", "change_pct", null, null, List.of(new Plan.Condition("change_pct", "<", -2)),
                    "asc", null, null, "2022", null),
            new QuestionSpec("list", "gap", null, null, List.of(new Plan.Condition("gap", ">", 0)), "desc", 3,
                    null, "2020..2023", null),
            new QuestionSpec("count", null, null, null, List.of(new Plan.Condition("is_green", "=", 1)), null, null,
                    null, "2023", null),
            new QuestionSpec("count", null, null, null, List.of(), null, null, null, "this year", null),
            new QuestionSpec("count", null, null, null, List.of(new Plan.Condition("range", ">", 300),
                    new Plan.Condition("gap", "<", 0)), null, null, "RTH", "last year", null),
            new QuestionSpec("group", "range", "mean", "weekday", List.of(), null, null, "ETH", "all", null),
            new QuestionSpec("group", "change_pct", "max", "month", List.of(), null, null, null, "2021", null),
            new QuestionSpec("formation", null, null, null, List.of(), null, null, "RTH", "all", "high"),
            new QuestionSpec("formation", null, null, null, List.of(), null, null, "ETH", "2024", "low"));

    @Test
    void expandedQueryReadsBackToTheSameSpec() {
        for (QuestionSpec spec : SPECS) {
            assertThat(QuestionRecognizer.recognize(spec.expandedQuery()))
                    .as(spec.expandedQuery()).contains(spec);
        }
    }

    @Test
    void typosAreCorrectedOnlyWhenOneWordIsClose() {
        assertThat(QuestionRecognizer.recognize("avergae daily rnage in 2024 rth")).contains(SPECS.get(0));
        assertThat(TextNormalizer.correct("rnage", QuestionRecognizer.VOCABULARY)).isEqualTo("range");
        assertThat(TextNormalizer.correct("hammers", QuestionRecognizer.VOCABULARY)).isEqualTo("hammers");
        assertThat(TextNormalizer.correct("doji", QuestionRecognizer.VOCABULARY)).isEqualTo("doji");
    }

    @ParameterizedTest
    @ValueSource(strings = {
            "how many inside days in 2024",
            "how many days did NQ close above 20000",
            "compare range 2023 vs 2024",
            "average range in 2022 2023 2024",
            "average range rth eth",
            "how many hammers in 2024",
            "what will the range be tomorrow",
            "top 5 days by volume",
            "days when NQ fell more than 2 points",
            "average range on fomc days",
            "probability of a green day after a gap up",
            "hello",
            ""})
    void questionsOutsideTheRulesAreNotRecognised(String question) {
        assertThat(QuestionRecognizer.recognize(question)).isEmpty();
    }

    @Test
    void russianQuestionsTranslateToTheSameSpecsAsEnglish() {
        assertThat(Questions.recognize("средний дневной диапазон за 2024 (RTH)"))
                .isEqualTo(QuestionRecognizer.recognize("average daily range in 2024 (RTH)"));
        assertThat(Questions.recognize("дни когда NQ упал больше чем на 2% в 2022")).contains(SPECS.get(3));
        QuestionSpec wide = Questions.recognize(
                "сколько дней с диапазоном больше 300 пунктов и гэпом вниз в прошлом году ртх").orElseThrow();
        assertThat(wide.operation()).isEqualTo("count");
        assertThat(wide.session()).isEqualTo("RTH");
        assertThat(wide.when()).isEqualTo("last year");
        assertThat(wide.filters()).containsExactlyInAnyOrderElementsOf(SPECS.get(7).filters());
        Optional<QuestionSpec> typical = Questions.recognize("какой обычно дневной диапазон?");
        assertThat(typical).isPresent();
        assertThat(typical.get().needsSessionClarification()).isTrue();
    }

    @Test
    void languageDetectionCountsLatinTermsInRussianAsRussian() {
        assertThat(LanguageDetector.detect("что такое inside day?")).isEqualTo("ru");
        assertThat(LanguageDetector.detect("в какой час обычно формируется хай дня в RTH")).isEqualTo("ru");
        assertThat(LanguageDetector.detect("what is an inside day?")).isEqualTo("en");
        assertThat(LanguageDetector.detect("RTH")).isEqualTo("en");
        assertThat(LanguageDetector.detect("2024")).isEqualTo("en");
    }

    @Test
    void sessionClarificationOnlyForAverageRangeWithoutSession() {
        assertThat(QuestionRecognizer.recognize("what's the typical daily range?").orElseThrow()
                .needsSessionClarification()).isTrue();
        assertThat(QuestionRecognizer.recognize("top 5 days by range").orElseThrow()
                .needsSessionClarification()).isFalse();
        assertThat(QuestionRecognizer.recognize("average range by weekday").orElseThrow()
                .needsSessionClarification()).isFalse();
        assertThat(QuestionRecognizer.recognize("average change in 2024").orElseThrow()
                .needsSessionClarification()).isFalse();
    }

    @Test
    void groupsByQuarterInBothLanguages() {
        QuestionSpec en = QuestionRecognizer.recognize("average range by quarter in 2024").orElseThrow();
        assertThat(en.operation()).isEqualTo("group");
        assertThat(en.groupBy()).isEqualTo("quarter");
        QuestionSpec ru = QuestionRecognizer.recognize(RussianTranslator.toEnglish("средний диапазон по кварталам в 2024"))
                .orElseThrow();
        assertThat(ru.groupBy()).isEqualTo("quarter");
        assertThat(ru.metric()).isEqualTo(en.metric());
    }
}
