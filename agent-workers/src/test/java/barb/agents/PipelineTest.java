package barb.agents;

import barb.core.Json;
import barb.core.Plan;
import barb.core.Stage;
import com.fasterxml.jackson.databind.JsonNode;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

import java.time.LocalDate;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;

import static org.assertj.core.api.Assertions.assertThat;

/** Every acceptance question, in English and Russian, from intent to the plan the executor receives. */
class PipelineTest {
    private static final Plan.Period Y2024 = new Plan.Period(LocalDate.of(2024, 1, 1), LocalDate.of(2024, 12, 31));
    private static final Plan.Period Y2023 = new Plan.Period(LocalDate.of(2023, 1, 1), LocalDate.of(2023, 12, 31));
    private static final Plan.Period Y2022 = new Plan.Period(LocalDate.of(2022, 1, 1), LocalDate.of(2022, 12, 31));
    private static final Plan.Period ALL = new Plan.Period(null, null);

    static final Plan AVG_RANGE_2024_RTH = new Plan("s1", "aggregate", Y2024, "RTH", "1D", "range", "mean", null,
            List.of(), null, null, null, "2024");
    static final Plan TOP5_RANGE_2024 = new Plan("s1", "list", Y2024, "ETH", "1D", "range", null, null, List.of(),
            "desc", 5, null, "2024");
    static final Plan GREEN_2023 = new Plan("s1", "count", Y2023, null, "1D", null, null, null,
            List.of(new Plan.Condition("is_green", "=", 1)), null, null, null, "2023");
    static final Plan RANGE_BY_WEEKDAY = new Plan("s1", "group", ALL, "ETH", "1D", "range", "mean", "weekday",
            List.of(), null, null, null, "all");
    static final Plan GAP_UP_2024 = new Plan("s1", "count", Y2024, null, "1D", null, null, null,
            List.of(new Plan.Condition("gap", ">", 0)), null, null, null, "2024");
    static final Plan DROPS_2022 = new Plan("s1", "list", Y2022, null, "1D", "change_pct", null, null,
            List.of(new Plan.Condition("change_pct", "<", -2)), "asc", null, null, "2022");
    static final Plan RTH_HIGH_HOUR = new Plan("s1", "formation", ALL, "RTH", "1D", null, null, null, List.of(),
            null, null, "high", "all");
    static final Plan TRADING_DAYS_2024 = new Plan("s1", "count", Y2024, null, "1D", null, null, null, List.of(),
            null, null, null, "2024");

    static Stream<Arguments> questions() {
        return Stream.of(
                Arguments.of("average daily range in 2024 (RTH)", "en", AVG_RANGE_2024_RTH),
                Arguments.of("средний дневной диапазон за 2024 (RTH)", "ru", AVG_RANGE_2024_RTH),
                Arguments.of("What's the avrage daily rnage in 2024 during RTH?", "en", AVG_RANGE_2024_RTH),
                Arguments.of("mean daily range for 2024, regular trading hours", "en", AVG_RANGE_2024_RTH),
                Arguments.of("средний диапозон за 2024 год ртх", "ru", AVG_RANGE_2024_RTH),

                Arguments.of("top 5 days by range in 2024", "en", TOP5_RANGE_2024),
                Arguments.of("топ 5 дней по диапазону в 2024", "ru", TOP5_RANGE_2024),
                Arguments.of("top 5 most volatile days of 2024", "en", TOP5_RANGE_2024),
                Arguments.of("5 most volatile days in 2024", "en", TOP5_RANGE_2024),
                Arguments.of("топ 5 самых волатильных дней 2024", "ru", TOP5_RANGE_2024),

                Arguments.of("how many green days in 2023", "en", GREEN_2023),
                Arguments.of("сколько зелёных дней в 2023", "ru", GREEN_2023),
                Arguments.of("сколько зеленых дней в 2023", "ru", GREEN_2023),
                Arguments.of("How many days closed green in 2023?", "en", GREEN_2023),
                Arguments.of("number of gren days in 2023", "en", GREEN_2023),

                Arguments.of("average range by weekday", "en", RANGE_BY_WEEKDAY),
                Arguments.of("средний диапазон по дням недели", "ru", RANGE_BY_WEEKDAY),
                Arguments.of("average daily range by day of the week", "en", RANGE_BY_WEEKDAY),

                Arguments.of("number of gap-up days in 2024", "en", GAP_UP_2024),
                Arguments.of("сколько дней с гэпом вверх в 2024", "ru", GAP_UP_2024),
                Arguments.of("how many times did NQ gap up in 2024", "en", GAP_UP_2024),
                Arguments.of("how many gap up days in 2024?", "en", GAP_UP_2024),

                Arguments.of("days when NQ fell more than 2% in 2022", "en", DROPS_2022),
                Arguments.of("дни когда NQ упал больше чем на 2% в 2022", "ru", DROPS_2022),
                Arguments.of("show days in 2022 when nq dropped by more than 2 percent", "en", DROPS_2022),

                Arguments.of("what hour is the RTH high of the day usually set", "en", RTH_HIGH_HOUR),
                Arguments.of("в какой час обычно формируется хай дня в RTH", "ru", RTH_HIGH_HOUR),
                Arguments.of("when is the high of the day usually set during RTH?", "en", RTH_HIGH_HOUR),

                Arguments.of("trading days in 2024", "en", TRADING_DAYS_2024),
                Arguments.of("торговые дни в 2024", "ru", TRADING_DAYS_2024),
                Arguments.of("how many trading days in 2024?", "en", TRADING_DAYS_2024));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("questions")
    void questionBecomesExactPlan(String question, String lang, Plan expected) {
        Pipeline.Run run = new Pipeline().run(question);

        if (expected == null) {
            assertThat(run.finish().route()).isEqualTo("unsupported");
            return;
        }
        assertThat(run.stoppedAt()).as("agents %s", run.agents()).isEqualTo(Stage.EXECUTOR);
        assertThat(run.agents()).containsExactly("intent", "understander", "parser", "planner");
        assertThat(run.last().lang()).isEqualTo(lang);
        assertThat(run.last().intent()).isEqualTo("data");
        List<Plan> plans = new ArrayList<>();
        for (JsonNode p : run.last().plans()) {
            plans.add(Json.convert(p, Plan.class));
        }
        assertThat(plans).containsExactly(expected);
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', value = {
            "hi | chitchat | en | Hi!",
            "привет | chitchat | ru | Привет!",
            "what is an inside day? | concept | en | An inside day is a day whose high is below",
            "что такое inside day? | concept | ru | Inside day (внутренний день) — день, у которого хай ниже",
            "thanks! | chitchat | en | You're welcome!",
            "what's the weather like? | chitchat | en | I don't have an explanation"})
    void nonDataMessagesAreAnsweredByTheResponder(String question, String route, String lang, String start) {
        Pipeline.Run run = new Pipeline().run(question);
        assertThat(run.agents()).containsExactly("intent", "responder");
        assertThat(run.finish().route()).isEqualTo(route);
        assertThat(run.last().lang()).isEqualTo(lang);
        assertThat(run.finish().response()).startsWith(start);
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', value = {
            "how many inside days in 2024 | en | I can't compute that kind of question yet",
            "compare the range of 2023 vs 2024 | en | I can't compute that kind of question yet",
            "what will NQ do tomorrow? | en | I don't make forecasts",
            "what is the NQ price right now? | en | I don't have live data",
            "сколько было молотов в 2024 | ru | Такой вопрос я пока не умею посчитать",
            "какой будет диапазон завтра? | ru | Прогнозов я не делаю"})
    void unsupportedDataQuestionsGetAnHonestAnswerWithoutNumbers(String question, String lang, String start) {
        Pipeline.Run run = new Pipeline().run(question);
        assertThat(run.agents()).containsExactly("intent", "understander", "responder");
        assertThat(run.finish().route()).isEqualTo("unsupported");
        assertThat(run.last().lang()).isEqualTo(lang);
        assertThat(run.finish().response()).startsWith(start).doesNotContainPattern("\\d");
    }
}
