package barb.agents.reading;

import barb.agents.steps.StepText;
import barb.agents.text.LanguageDetector;
import barb.core.ParsedStep;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

import java.util.Arrays;
import java.util.List;
import java.util.stream.Stream;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Questions (English and Russian, with typos and slang) → the step the rules read, written as its controlled
 * English (StepText.render, which reads back into the same step), and the clarifications.
 */
public class QuestionReaderTest {

    /** A data question, the step it becomes (as controlled English) and the fields to clarify. */
    public record Case(String question, String expected, List<String> clarify) {
        @Override
        public String toString() {
            return question;
        }
    }

    /** A question Barb cannot answer, and the start of the reason. */
    record OutCase(String question, String reason) {
        @Override
        public String toString() {
            return question;
        }
    }

    static Case c(String question, String expected, String clarify) {
        List<String> fields = clarify.isBlank() ? List.of() : Arrays.stream(clarify.split(",\\s*")).toList();
        return new Case(question, expected, fields);
    }

    static Case none(String question, String clarify) {
        return c(question, null, clarify);
    }

    static OutCase out(String question, String reason) {
        return new OutCase(question, reason);
    }

    /** The data questions; StepTextTest and StepPlannerTest (barb.agents.steps) read them too. */
    public static Stream<Case> cases() {
        return Stream.of(
                c("What was the average RTH range in 2024?",
                        "mean range in 2024 where session = RTH", ""),
                c("How many days fell more than 2% in 2023?",
                        "count days in 2023 where change_pct < -2", ""),
                c("biggest drops in 2024",
                        "list top 10 days by change_pct ascending in 2024", ""),
                c("what was the biggest drop ever",
                        "list top 1 days by change_pct ascending", ""),
                c("average range by weekday in RTH",
                        "mean range by weekday where session = RTH", ""),
                c("top 3 ranges of each month of 2024 in RTH",
                        "top 3 days by range descending of each month in 2024 where session = RTH", ""),
                c("compare RTH vs ETH range in 2024",
                        "compare mean range in 2024: where session = RTH vs where session = ETH", ""),
                c("average change on FOMC days vs other days",
                        "compare mean change_pct: where event = fomc vs where is_fomc = 0", ""),
                c("probability of a green day after a gap up on mondays",
                        "probability of is_green = 1 same day where session = RTH, weekday = monday, gap = up", ""),
                c("what happens 1, 2 and 5 days after three red days in a row",
                        "what happens to change_pct 1, 2 and 5 days after where consecutive red >= 3", ""),
                c("longest streak of gap down days",
                        "top 1 longest streaks of days where session = RTH, gap = down", ""),
                c("correlation between gap and change",
                        "correlation of gap_pct with change_pct where session = RTH", ""),
                c("correlation between gap and next day's change",
                        "correlation of gap_pct with change_pct next day where session = RTH", ""),
                c("when is the high usually set in RTH in 15-minute buckets",
                        "when is the high set in 15-minute buckets where session = RTH", ""),
                c("distribution of daily change in 2024 in 20 bins",
                        "distribution of change_pct in 20 bins in 2024", ""),
                c("what's the avarage volatilty in 2023",
                        "mean range in 2023", "session"),
                c("range between 10:00 and 11:00 by weekday in RTH",
                        "mean range by weekday where session = RTH, time = 10:00-11:00", ""),
                c("days with range 1.5 times the 20-day average in 2024",
                        "list days in 2024 where range > 1.5 x avg 20d", ""),
                c("how many doji days in 2024",
                        "count days in 2024 where pattern = doji", ""),
                c("count days with a doji or a hammer",
                        "count days where pattern in (doji, hammer)", ""),
                c("Какой средний диапазон в RTH за 2024 год?",
                        "mean range in 2024 where session = RTH", ""),
                c("сколько раз было 3 красных дня подряд в 2023",
                        "count days in 2023 where consecutive red >= 3", ""),
                c("средний ренж по понедельникам в ртх",
                        "mean range where session = RTH, weekday = monday", ""),
                c("какая вероятность зелёного дня после гэпа вверх",
                        "probability of is_green = 1 same day where session = RTH, gap = up", ""),
                c("покажи топ 5 самых сильных падений в 2022",
                        "list top 5 days by change_pct ascending in 2022", ""),
                c("волатильнсть в основной сессии по дням недели",
                        "mean range by weekday where session = RTH", ""),
                c("средний гэп в 2024",
                        "mean gap in 2024 where session = RTH", ""),
                c("сравни 2023 и 2024 по волатильности в RTH",
                        "compare mean range where session = RTH: in 2023 vs in 2024", ""),
                c("what's the typical range in RTH",
                        "distribution of range where session = RTH", ""),
                c("average range in 2023 vs 2024 in rth",
                        "compare mean range where session = RTH: in 2023 vs in 2024", ""),
                c("how often was the next day green after a gap down",
                        "probability of is_green = 1 next day where session = RTH, gap = down", ""),
                c("what's the chance NQ closes up the day after FOMC",
                        "probability of change_pct > 0 next day where event = fomc", ""),
                c("what did NQ do after CPI",
                        "what happens to change_pct after where event = cpi", ""),
                c("average range on hourly bars in RTH by hour",
                        "mean range by hour on 1h bars where session = RTH", ""),
                c("15-minute candles range in the first hour",
                        "mean range on 15m bars where session = RTH_OPEN", ""),
                c("how many inside days in 2024",
                        "count days in 2024 where pattern = inside_day", ""),
                c("how many NR7 days in 2023 in RTH",
                        "count days in 2023 where session = RTH, pattern = nr7", ""),
                c("average change on opex days",
                        "mean change_pct where event = opex", ""),
                c("quad witching days in 2024",
                        "list days in 2024 where event = quad_witching", ""),
                c("count days before holidays",
                        "count days where event = day_before_holiday", ""),
                c("average change not on FOMC days",
                        "mean change_pct where is_fomc = 0", ""),
                c("every March average change",
                        "mean change_pct where month = march", ""),
                c("average change in March",
                        "mean change_pct in march", ""),
                c("how many days gapped up more than 0.5% in 2024",
                        "count days in 2024 where session = RTH, gap_pct > 0.5", ""),
                c("gap up more than 1% probability of green close",
                        "probability of is_green = 1 same day where session = RTH, gap_pct > 1", ""),
                c("days when range above 300 points in 2024",
                        "list days in 2024 where range > 300", ""),
                c("range above 2% days count",
                        "count days where range_pct > 2", ""),
                c("average volume by month in 2024",
                        "mean volume by month in 2024", ""),
                c("median range in RTH in 2024",
                        "median range in 2024 where session = RTH", ""),
                c("standard deviation of daily change",
                        "std change_pct", ""),
                c("average gap by year",
                        "mean gap by year where session = RTH", ""),
                c("what's the std of range in RTH",
                        "std range where session = RTH", ""),
                c("show days in 2024 when the range was more than 1.5 times the 20-day average in RTH",
                        "list days by range descending in 2024 where session = RTH, range > 1.5 x avg 20d", ""),
                c("distribution of range in RTH with percentiles 10, 50 and 90",
                        "distribution of range with percentiles 10, 50 and 90 where session = RTH", ""),
                c("top 10 widest days in RTH",
                        "list top 10 days by range descending where session = RTH", ""),
                c("5 smallest ranges in 2023 in RTH",
                        "list top 5 days by range ascending in 2023 where session = RTH", ""),
                c("longest streak of green days",
                        "top 1 longest streaks of days where is_green = 1", ""),
                c("streaks of at least 4 red days",
                        "streaks of days of at least 4 days where is_red = 1", ""),
                c("exactly 3 green days in a row then what happens next day",
                        "what happens to change_pct after where consecutive green = 3", ""),
                c("average range between 10:00 and 11:00 in RTH",
                        "mean range where session = RTH, time = 10:00-11:00", ""),
                c("range from 9:30 to 10:30",
                        "mean range where time = 09:30-10:30", ""),
                c("what time is the low usually made in RTH",
                        "when is the low set where session = RTH", ""),
                c("when is the high of the day set by hour",
                        "when is the high set", "session"),
                c("overnight range average",
                        "mean range where session = OVERNIGHT", ""),
                c("asian session range",
                        "mean range where session = ASIAN", ""),
                c("london session average range in 2024",
                        "mean range in 2024 where session = EUROPEAN", ""),
                c("premarket volume average",
                        "mean volume where session = PREMARKET", ""),
                c("average range in morning session",
                        "mean range where session = MORNING", ""),
                c("lunch range average",
                        "mean range where session = LUNCH", ""),
                c("afternoon session range vs morning session range",
                        "compare mean range: where session = AFTERNOON vs where session = MORNING", ""),
                c("mondays vs fridays range in RTH",
                        "compare mean range where session = RTH: where weekday = monday vs where weekday = friday", ""),
                c("which weekday is the most volatile in RTH",
                        "mean range by weekday sorted descending where session = RTH", ""),
                c("which month has the biggest average range in RTH",
                        "mean range by month sorted descending where session = RTH", ""),
                c("average change by quarter",
                        "mean change_pct by quarter", ""),
                c("bullish engulfing days in 2024",
                        "list days in 2024 where pattern = bullish_engulfing", ""),
                c("count shooting star days",
                        "count days where pattern = shooting_star", ""),
                c("morning star patterns in 2023",
                        "list days in 2023 where pattern = morning_star", ""),
                c("three white soldiers",
                        "list days where pattern = three_white_soldiers", ""),
                c("three black crows in 2022",
                        "list days in 2022 where pattern = three_black_crows", ""),
                c("marubozu count in rth",
                        "count days where session = RTH, pattern = marubozu", ""),
                c("spinning top days",
                        "list days where pattern = spinning_top", ""),
                c("hanging man count",
                        "count days where pattern = hanging_man", ""),
                c("inverted hammer days count",
                        "count days where pattern = inverted_hammer", ""),
                c("harami count",
                        "count days where pattern in (bullish_harami, bearish_harami)", ""),
                c("outside days in 2024 count",
                        "count days in 2024 where pattern = outside_day", ""),
                c("NR4 days count",
                        "count days where pattern = nr4", ""),
                c("higher highs count in 2024",
                        "count days in 2024 where pattern = higher_high", ""),
                c("breakouts above the 20-day high in 2024",
                        "list days in 2024 where pattern = breakout_high", ""),
                c("how many early close days",
                        "count days where event = early_close", ""),
                c("how many trading days in 2024",
                        "count days in 2024", ""),
                c("how many trading days were there last year",
                        "count days last year", ""),
                c("what was the range on 2024-03-15",
                        "list days by range in 2024-03-15", ""),
                c("range yesterday",
                        "list days by range yesterday", ""),
                c("up days count in 2024",
                        "count days in 2024 where change_pct > 0", ""),
                c("down days in 2024 count",
                        "count days in 2024 where change_pct < 0", ""),
                c("average range of red days in RTH",
                        "mean range where session = RTH, is_red = 1", ""),
                c("green vs red days average volume",
                        "compare mean volume: where is_green = 1 vs where is_red = 1", ""),
                c("average range last 30 days in RTH",
                        "mean range last 30 days where session = RTH", ""),
                c("average range this year in RTH vs last year",
                        "compare mean range where session = RTH: this year vs last year", ""),
                c("average range ytd in rth",
                        "mean range this year where session = RTH", ""),
                c("range in q1 2024 vs q1 2023 in rth",
                        "compare mean range where session = RTH: in 2024-q1 vs in 2023-q1", ""),
                c("range in 2024-q1 in rth",
                        "mean range in 2024-q1 where session = RTH", ""),
                c("average upper wick in RTH",
                        "mean upper_wick where session = RTH", ""),
                c("average body in percent",
                        "mean body_pct", ""),
                c("average range in percent in RTH",
                        "mean range_pct where session = RTH", ""),
                c("change in points average in 2024",
                        "mean change in points in 2024", ""),
                c("compare volatility",
                        "compare range", "session, compare_groups"),
                c("average range and volume in 2024 in RTH",
                        "compare mean in 2024 where session = RTH: range vs volume", ""),
                c("probability that NQ rises next day after 3 red days in a row",
                        "probability of change_pct > 0 next day where consecutive red >= 3", ""),
                c("probability of a gap down on fridays",
                        "probability of gap < 0 same day where session = RTH, weekday = friday", ""),
                c("chance of a down day after an up day",
                        "probability of change_pct < 0 next day where change_pct > 0", ""),
                c("average range please nq",
                        "mean range", "session"),
                c("Сколько зелёных дней было в 2024 году?",
                        "count days in 2024 where is_green = 1", ""),
                c("сколько красных свечей в 2023",
                        "count days in 2023 where is_red = 1", ""),
                c("какой средний диапазон по понедельникам в ртх",
                        "mean range where session = RTH, weekday = monday", ""),
                c("топ 10 дней по волатильности в основной сессии за 2024",
                        "list top 10 days by range descending in 2024 where session = RTH", ""),
                c("самый большой диапазон в 2023 в RTH",
                        "list top 1 days by range descending in 2023 where session = RTH", ""),
                c("самые сильные падения в 2022",
                        "list top 10 days by change_pct ascending in 2022", ""),
                c("сколько дней упали больше чем на 2% в 2022",
                        "count days in 2022 where change_pct < -2", ""),
                c("сколько раз наск вырос более 1% в 2024",
                        "count days in 2024 where change_pct > 1", ""),
                c("медиана диапазона в RTH в 2024",
                        "median range in 2024 where session = RTH", ""),
                c("типичный диапазон в RTH",
                        "distribution of range where session = RTH", ""),
                c("распределение изменения за 2024",
                        "distribution of change_pct in 2024", ""),
                c("средний объем по месяцам",
                        "mean volume by month", ""),
                c("средняя волатильность по годам в ртх",
                        "mean range by year where session = RTH", ""),
                c("в какой день недели самая большая волатильность в ртх",
                        "mean range by weekday sorted descending where session = RTH", ""),
                c("когда формируется хай дня в RTH",
                        "when is the high set where session = RTH", ""),
                c("в какое время обычно лой в основной сессии",
                        "when is the low set where session = RTH", ""),
                c("во сколько формируется максимум дня по 15 минутным интервалам в ртх",
                        "when is the high set in 15-minute buckets where session = RTH", ""),
                c("вероятность зеленого дня после гэпа вниз",
                        "probability of is_green = 1 same day where session = RTH, gap = down", ""),
                c("какой шанс что на следующий день будет рост после 3 красных дней подряд",
                        "probability of change_pct > 0 next day where consecutive red >= 3", ""),
                c("что происходит после FOMC",
                        "what happens to change_pct after where event = fomc", ""),
                c("что было через 1, 2 и 5 дней после экспирации",
                        "what happens to change_pct 1, 2 and 5 days after where event = opex", ""),
                c("самая длинная серия зеленых дней",
                        "top 1 longest streaks of days where is_green = 1", ""),
                c("серии из не менее 3 красных дней",
                        "streaks of days of at least 3 days where is_red = 1", ""),
                c("корреляция гэпа и изменения",
                        "correlation of gap_pct with change_pct where session = RTH", ""),
                c("связь между объемом и диапазоном в ртх",
                        "correlation of volume with range where session = RTH", ""),
                c("сравни волатильность в понедельник и пятницу в ртх",
                        "compare mean range where session = RTH: where weekday = monday vs where weekday = friday", ""),
                c("сравни 2023 и 2024 по среднему изменению",
                        "compare mean change_pct: in 2023 vs in 2024", ""),
                c("диапазон в RTH против ETH в 2024",
                        "compare mean range in 2024: where session = RTH vs where session = ETH", ""),
                c("сколько дней с доджи в 2024",
                        "count days in 2024 where pattern = doji", ""),
                c("сколько было молотов в 2023",
                        "count days in 2023 where pattern = hammer", ""),
                c("перевёрнутый молот",
                        "list days where pattern = inverted_hammer", ""),
                c("повешенный в 2024",
                        "list days in 2024 where pattern = hanging_man", ""),
                c("падающая звезда сколько раз",
                        "count days where pattern = shooting_star", ""),
                c("бычье поглощение в 2024",
                        "list days in 2024 where pattern = bullish_engulfing", ""),
                c("медвежье поглощение сколько",
                        "count days where pattern = bearish_engulfing", ""),
                c("поглощение в 2023",
                        "list days in 2023 where pattern in (bullish_engulfing, bearish_engulfing)", ""),
                c("харами в 2024",
                        "list days in 2024 where pattern in (bullish_harami, bearish_harami)", ""),
                c("утренняя звезда в 2023",
                        "list days in 2023 where pattern = morning_star", ""),
                c("вечерняя звезда",
                        "list days where pattern = evening_star", ""),
                c("три белых солдата",
                        "list days where pattern = three_white_soldiers", ""),
                c("три чёрные вороны в 2022",
                        "list days in 2022 where pattern = three_black_crows", ""),
                c("марубозу сколько",
                        "count days where pattern = marubozu", ""),
                c("волчок в 2024",
                        "list days in 2024 where pattern = spinning_top", ""),
                c("внутренний день сколько раз в 2024",
                        "count days in 2024 where pattern = inside_day", ""),
                c("внешний бар в 2023",
                        "list days in 2023 where pattern = outside_day", ""),
                c("NR7 сколько дней в 2024",
                        "count days in 2024 where pattern = nr7", ""),
                c("пробой вверх в 2024",
                        "list days in 2024 where pattern = breakout_high", ""),
                c("средний диапазон в дни FOMC",
                        "mean range where event = fomc", "session"),
                c("средний диапазон в дни ФРС в ртх",
                        "mean range where session = RTH, event = fomc", ""),
                c("изменение в дни CPI",
                        "mean change_pct where event = cpi", ""),
                c("инфляция: средний диапазон в ртх",
                        "mean range where session = RTH, event = cpi", ""),
                c("нонфарм средний диапазон в ртх",
                        "mean range where session = RTH, event = nfp", ""),
                c("экспирация средний диапазон в ртх",
                        "mean range where session = RTH, event = opex", ""),
                c("средний диапазон перед праздниками в ртх",
                        "mean range where session = RTH, event = day_before_holiday", ""),
                c("средний диапазон после праздников в ртх",
                        "mean range where session = RTH, event = day_after_holiday", ""),
                c("средний диапазон в дни квадрупл витчинг в ртх",
                        "mean range where session = RTH, event = quad_witching", ""),
                c("средний диапазон с 10 до 11 в ртх",
                        "mean range where session = RTH, time = 10:00-11:00", ""),
                c("средний диапазон на часовых свечах в ртх по часам",
                        "mean range by hour on 1h bars where session = RTH", ""),
                c("средний диапазон ночной сессии",
                        "mean range where session = OVERNIGHT", ""),
                c("средний диапазон первый час",
                        "mean range where session = RTH_OPEN", ""),
                c("средний диапазон в азиатскую сессию",
                        "mean range where session = ASIAN", ""),
                c("европейская сессия средний диапазон",
                        "mean range where session = EUROPEAN", ""),
                c("премаркет средний объем",
                        "mean volume where session = PREMARKET", ""),
                c("средний ренж по пятницам",
                        "mean range where weekday = friday", "session"),
                c("средний гэп вверх в 2024",
                        "mean gap in 2024 where session = RTH, gap = up", ""),
                c("сколько гэпов вниз в 2023",
                        "count days in 2023 where session = RTH, gap = down", ""),
                c("сколько гэпов вверх больше 0.5% в 2024",
                        "count days in 2024 where session = RTH, gap_pct > 0.5", ""),
                c("средний диапазон в 2023 и 2024 в ртх",
                        "compare mean range where session = RTH: in 2023 vs in 2024", ""),
                c("средний диапазон в процентах в ртх",
                        "mean range_pct where session = RTH", ""),
                c("среднее изменение в пунктах",
                        "mean change in points", ""),
                c("средний диапазон по каждому марту",
                        "mean range where month = march", "session"),
                c("средний диапазон в марте в ртх",
                        "mean range in march where session = RTH", ""),
                c("средний диапазон по мартам в ртх",
                        "mean range where session = RTH, month = march", ""),
                c("средний диапазон за последние 30 дней в ртх",
                        "mean range last 30 days where session = RTH", ""),
                c("средний диапазон в этом году в ртх",
                        "mean range this year where session = RTH", ""),
                c("топ 3 дня по диапазону каждого месяца в 2024 в ртх",
                        "top 3 days by range descending of each month in 2024 where session = RTH", ""),
                c("дни когда диапазон был в 1.5 раза больше среднего за 20 дней в 2024 в ртх",
                        "list days by range descending in 2024 where session = RTH, range > 1.5 x avg 20d", ""),
                c("волатильнсть в ртх средняя",
                        "mean range where session = RTH", ""),
                c("средний ренж дневки ртх",
                        "mean range where session = RTH", ""),
                c("зеленые дни по пятницам сколько",
                        "count days where is_green = 1, weekday = friday", ""),
                c("средний диапазон на 15-минутных свечах в ртх",
                        "mean range on 15m bars where session = RTH", ""),
                c("wich weekday has the highest average range in rth",
                        "mean range by weekday sorted descending where session = RTH", ""),
                c("how many green days in 2024",
                        "count days in 2024 where is_green = 1", ""),
                c("how many red candles in 2023",
                        "count days in 2023 where is_red = 1", ""),
                c("the 3 biggest gaps up in 2024",
                        "list top 3 days by gap descending in 2024 where session = RTH", ""),
                c("days with range above 300 points in 2024 in RTH",
                        "list days in 2024 where session = RTH, range > 300", ""),
                c("what's the average gap",
                        "mean gap where session = RTH", ""),
                c("average change on mondays in 2024",
                        "mean change_pct in 2024 where weekday = monday", ""),
                c("average change in marches",
                        "mean change_pct where month = march", ""),
                c("top 5 days by volume in 2024",
                        "list top 5 days by volume descending in 2024", ""),
                c("smallest range day in 2024 in rth",
                        "list top 1 days by range ascending in 2024 where session = RTH", ""),
                c("count down days after FOMC",
                        "probability of change_pct < 0 next day where event = fomc", ""),
                c("what is the average range on 5-minute bars between 9:30 and 10:00 in RTH",
                        "mean range on 5m bars where session = RTH, time = 09:30-10:00", ""),
                c("what time is the low of the day typically set in the overnight session",
                        "when is the low set where session = OVERNIGHT", ""),
                c("how likely is nq to close higher after an inside day",
                        "probability of change_pct > 0 next day where pattern = inside_day", ""),
                c("average range of doji days in RTH vs other days",
                        "compare mean range where session = RTH: where pattern = doji vs where is_doji = 0", ""),
                c("what did nq do the day after CPI",
                        "what happens to change_pct after where event = cpi", ""),
                c("average volume first hour vs last hour",
                        "compare mean volume: where session = RTH_OPEN vs where session = RTH_CLOSE", ""),
                c("how often does the range exceed 400 points in rth",
                        "probability of range > 400 same day where session = RTH", ""),
                c("range on cpi days vs nfp days in rth",
                        "compare mean range where session = RTH: where event = cpi vs where event = nfp", ""),
                c("average range on fomc days in 2024 vs 2023 in rth",
                        "compare mean range where session = RTH, event = fomc: in 2024 vs in 2023", ""),
                c("how many days did nq close above 20000 in 2024",
                        "count days in 2024 where close > 20000", ""),
                c("average range in the first 30 minutes",
                        "mean range where time = 09:30-10:00", ""),
                c("what is the average overnight gap",
                        "mean gap where session = OVERNIGHT", ""),
                c("how many times did nq drop 3 days in a row in 2022",
                        "streaks of days of at least 3 days in 2022 where change_pct < 0", ""),
                c("average range on the day before fomc in rth",
                        "what happens to range 1 days before where session = RTH, event = fomc", ""),
                c("biggest gap down ever",
                        "list top 1 days by gap ascending where session = RTH", ""),
                c("what was the max drawdown in 2022",
                        "max change_pct in 2022", "term:drawdown"),
                c("how many up days on fridays vs mondays in 2024",
                        "compare count of days in 2024 where change_pct > 0: where weekday = friday vs where weekday = monday", ""),
                c("average range from 2020 to 2023 in rth",
                        "mean range in 2020..2023 where session = RTH", ""),
                c("средний диапазон с 2020 по 2023 в ртх",
                        "mean range in 2020..2023 where session = RTH", ""),
                c("сколько дней nq закрылся выше 20000",
                        "count days where close > 20000", ""),
                c("средняя доходность в понедельник или в пятницу",
                        "compare mean change_pct: where weekday = monday vs where weekday = friday", ""),
                c("как часто бывает гэп вверх по понедельникам",
                        "probability of gap > 0 same day where session = RTH, weekday = monday", ""),
                c("покажи все доджи за прошлый месяц",
                        "list days last month where pattern = doji", ""),
                c("what happens 2 days before and 1, 3 days after cpi",
                        "what happens to change_pct 2 days before and 1 and 3 days after where event = cpi", ""),
                c("longest runs of gap-down days",
                        "top 10 longest streaks of days where session = RTH, gap = down", ""),
                c("average range on days with high volume in rth",
                        "compare mean where session = RTH: range vs volume", "term:high"),
                c("range on days with big wicks in rth",
                        "list days by range where session = RTH", "term:big wicks"),
                c("5 дней с самым большим объёмом в 2024",
                        "list top 5 days by volume descending in 2024", ""),
                c("как часто диапазон RTH был больше 400 пунктов в 2025?",
                        "probability of range > 400 same day in 2025 where session = RTH", ""),
                c("насколько в среднем NQ падает в красные дни в 2024?",
                        "mean change_pct in 2024 where is_red = 1", ""),
                c("сколько было гэп апов в 2025?",
                        "count days in 2025 where session = RTH, gap = up", ""),
                c("сравни средний диапазон RTH в январе и феврале 2025",
                        "compare mean range where session = RTH: in 2025-01 vs in 2025-02", ""),
                c("сравни среднюю доходность в первом и втором квартале 2024",
                        "compare mean change_pct: in 2024-q1 vs in 2024-q2", ""),
                c("correlation of today's change with the next day's change",
                        "correlation of change_pct with change_pct next day", ""),
                c("how many 15-minute RTH bars rose more than 0.5% in 2025?",
                        "count days in 2025 on 15m bars where session = RTH, change_pct > 0.5", ""),
                c("how many red days up to and including 2015?",
                        "count days in ..2015 where is_red = 1", ""),
                c("сколько максимум дней подряд NQ падал в 2023?",
                        "top 1 longest streaks of days in 2023 where change_pct < 0", ""),
                c("if NQ gaps up, what's the chance the day closes green?",
                        "probability of is_green = 1 same day where session = RTH, gap = up", ""),
                c("is the average RTH range bigger on gap up days or gap down days?",
                        "compare mean range where session = RTH: where gap = up vs where gap = down", ""),
                c("hw many green days in 2023",
                        "count days in 2023 where is_green = 1", ""),
                c("wats the medain ETH range in 2023",
                        "median range in 2023 where session = ETH", ""),
                c("топ-3 серии роста подряд за 2025",
                        "top 3 longest streaks of days in 2025 where change_pct > 0", ""),
                c("streaks of 3 or more red days",
                        "streaks of days of at least 3 days where is_red = 1", ""),
                c("сколько красных понедельников в 2024?",
                        "count days in 2024 where is_red = 1, weekday = monday", ""),
                // generalisation: vocabulary, grammar, filler words, number words
                c("5 самых маленьких диапазонов RTH за 2025",
                        "list top 5 days by range ascending in 2025 where session = RTH", ""),
                c("how many days in 2021 closed above their open?",
                        "count days in 2021 where is_green = 1", ""),
                c("сколько дней закрылось ниже открытия в 2022?",
                        "count days in 2022 where is_red = 1", ""),
                c("стандартное отклонение дневной доходности за 2020", "std change_pct in 2020", ""),
                c("какой средний дневной диапазон в процентах в ETH с 2019?",
                        "mean range_pct in 2019.. where session = ETH", ""),
                c("слушай, а можешь посчитать средний объём по месяцам за 2024? хочу понять сезонность",
                        "mean volume by month in 2024", ""),
                c("посчитай зеленые дни за 2024", "count days in 2024 where is_green = 1", ""),
                c("what was the seasonality of returns?", "mean change_pct by month", ""),
                c("10th and 90th percentile of daily change since 2020",
                        "distribution of change_pct with percentiles 10 and 90 in 2020..", ""),
                c("distribution of the RTH range with p10 and p90",
                        "distribution of range with percentiles 10 and 90 where session = RTH", ""),
                c("что происходит через 1 и 5 дней после дня, когда диапазон RTH был больше 2х среднего за 20 дней?",
                        "what happens to change_pct 1 and 5 days after where session = RTH, range > 2 x avg 20d", ""),
                c("что происходит после гэпа вниз?",
                        "what happens to change_pct after where session = RTH, gap = down", ""),
                c("what happens the day before and the day after FOMC?",
                        "what happens to change_pct 1 days before and 1 days after where event = fomc", ""),
                c("2020: the three longest runs of consecutive red days",
                        "top 3 longest streaks of days in 2020 where is_red = 1", ""),
                c("после серии ровно из 2 красных дней подряд - какова вероятность, что следующий день закроется в плюс?",
                        "probability of change_pct > 0 next day where consecutive red = 2", ""),
                c("is today's gap correlated with tomorrow's change?",
                        "correlation of gap_pct with change_pct next day where session = RTH", ""),
                c("средняя доходность в первый день после праздников",
                        "mean change_pct where event = day_after_holiday", ""),
                c("сколько раз NQ вырос в дни квадвитчинга?",
                        "count days where change_pct > 0, event = quad_witching", ""),
                c("I'm trying to understand the overnight session - what was its average range last year?",
                        "mean range last year where session = OVERNIGHT", ""),
                c("как в среднем менялся NQ за последние полгода?", "mean change_pct last 6 months", ""),
                c("сколько гэпдаунов набралось за 2023?", "count days in 2023 where session = RTH, gap = down", ""),
                c("how many gap downs of more than 1% in 2024?",
                        "count days in 2024 where session = RTH, gap_pct < -1", ""),
                c("ok different question: how many hammers in 2024?", "count days in 2024 where pattern = hammer", ""),
                c("list every day in Q2 2025 when the RTH range was above 600 points",
                        "list days in 2025-q2 where session = RTH, range > 600", ""),
                c("give me the 5 quietest days of 2024 in RTH",
                        "list top 5 days by range ascending in 2024 where session = RTH", ""),
                c("what are the odds NQ closes higher the day after a 2% drop?",
                        "probability of change_pct > 0 next day where change_pct < -2", ""),
                c("можешь показать топ 5 гэпов вверх за 2025?",
                        "list top 5 days by gap descending in 2025 where session = RTH", ""),
                // harmless words never force a question; unknown content words still do
                c("show me days with positive delta in 2023", "list days in 2023", "term:positive delta"),
                c("list days when nq fell more than 3% and the next day was green",
                        "list days where change_pct < -3, is_green = 1", "term:next day"));
    }

    static Stream<OutCase> outOfScope() {
        return Stream.of(
                out("range on days when RSI > 70", "Barb has no RSI data"),
                out("what is the current price of NQ", "Barb answers from the loaded NQ history and has no live prices"),
                out("will NQ go up tomorrow?", "Barb does not predict prices"),
                out("should I buy NQ now", "Barb does not give trading advice or buy/sell signals"),
                out("what's the VIX doing", "Barb only has NQ (Nasdaq-100 futures) data"),
                out("ES vs NQ correlation", "Barb only has NQ (Nasdaq-100 futures) data"),
                out("show me support and resistance levels", "Barb has no support or resistance levels"),
                out("any news today", "Barb has no news or earnings data"),
                out("options flow for NQ", "Barb has no options data"),
                out("50 day moving average", "Barb has no moving average data"),
                out("какой прогноз на завтра", "Barb does not predict prices"),
                out("стоит ли покупать NQ сейчас", "Barb does not give trading advice or buy/sell signals"),
                out("какая цена сейчас", "Barb answers from the loaded NQ history and has no live prices"),
                out("RSI больше 70 средний диапазон", "Barb has no RSI data"),
                out("сравни NQ и ES", "Barb only has NQ (Nasdaq-100 futures) data"),
                out("куда пойдёт NQ на следующей неделе?", "Barb does not predict prices"),
                out("дай сигнал на вход в лонг", "Barb does not give trading advice or buy/sell signals"),
                out("what's NQ trading at right now?", "Barb answers from the loaded NQ history and has no live prices"),
                out("average VIX in 2024", "Barb only has NQ (Nasdaq-100 futures) data"),
                out("average ES range in 2024", "Barb only has NQ (Nasdaq-100 futures) data"),
                out("покажи дни, когда RSI был ниже 30", "Barb has no RSI data"),
                out("какие уровни поддержки у NQ?", "Barb has no support or resistance levels"),
                out("should I buy NQ at the open?", "Barb does not give trading advice or buy/sell signals"),
                out("average range when the 20 day moving average is rising", "Barb has no moving average data"),
                out("what does the MACD say", "Barb has no MACD data"),
                out("how did SPX do on FOMC days", "Barb only has NQ (Nasdaq-100 futures) data"),
                out("bitcoin volatility in 2024", "Barb only has NQ (Nasdaq-100 futures) data"),
                out("what is the put call ratio", "Barb has no options data"),
                out("новости по NQ сегодня", "Barb has no news or earnings data"));
    }

    static Stream<Case> noStep() {
        return Stream.of(
                none("is it worth holding NQ over the weekend", "goal, term:weekend"),
                none("hello", ""),
                none("имеет ли смысл держать позицию", "goal"));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("cases")
    void readsTheQuestionIntoOneStep(Case c) {
        Reading reading = QuestionReader.read(c.question());

        assertThat(reading.outOfScope()).isNull();
        assertThat(reading.step()).isNotNull();
        assertThat(reading.step().id()).isEqualTo("s1");
        assertThat(StepText.render(reading.step())).isEqualTo(c.expected());
        assertThat(reading.clarify()).isEqualTo(c.clarify());
        assertThat(reading.goal()).isNotBlank();
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("outOfScope")
    void saysWhatBarbCannotAnswer(OutCase c) {
        Reading reading = QuestionReader.read(c.question());

        assertThat(reading.step()).isNull();
        assertThat(reading.outOfScope()).startsWith(c.reason());
        assertThat(reading.alternatives()).isNotEmpty();
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("noStep")
    void findsNoStepInTextWithoutData(Case c) {
        Reading reading = QuestionReader.read(c.question());

        assertThat(reading.step()).isNull();
        assertThat(reading.outOfScope()).isNull();
        assertThat(reading.clarify()).isEqualTo(c.clarify());
    }

    @Test
    void anIndicatorIsNeverDroppedFromAFilter() {
        Reading reading = QuestionReader.read("range on days when RSI > 70");

        assertThat(reading.step()).isNull();
        assertThat(reading.outOfScope()).contains("RSI");
    }

    @Test
    void anUnknownContentWordBecomesATermClarification() {
        Reading squeeze = QuestionReader.read("average range after a squeeze in RTH");
        assertThat(squeeze.clarify()).contains("term:squeeze");

        Reading gamma = QuestionReader.read("average range on days with high gamma in RTH");
        assertThat(gamma.step()).isNull();
        assertThat(gamma.outOfScope()).startsWith("Barb has no options data");
    }

    @Test
    void theSessionQuestionLeavesTheStepCompleteSoTheAnswerCanBeFilledIn() {
        Reading reading = QuestionReader.read("top 5 biggest ranges in 2024");

        assertThat(reading.clarify()).containsExactly("session");
        ParsedStep step = reading.step();
        assertThat(step.operation()).isEqualTo("list");
        assertThat(step.atoms().get(0).when()).isEqualTo("2024");
        assertThat(step.atoms().get(0).what()).isEqualTo("range");
        assertThat(step.params().get("n").asInt()).isEqualTo(5);
        assertThat(step.params().get("sort").asText()).isEqualTo("desc");
    }

    @Test
    void gapQuestionsUseRthAndDailyChangeNeedsNoSession() {
        assertThat(QuestionReader.read("average gap in 2024").step().atoms().get(0).filter())
                .isEqualTo("session = RTH");
        assertThat(QuestionReader.read("average gap in ETH in 2024").step().atoms().get(0).filter())
                .isEqualTo("session = ETH");
        Reading change = QuestionReader.read("average daily change in 2024");
        assertThat(change.clarify()).isEmpty();
        assertThat(change.step().atoms().get(0).filter()).isEmpty();
    }

    @Test
    void theInstrumentNameIsNotAFilter() {
        Reading reading = QuestionReader.read("NQ futures nasdaq average change in 2024 please");

        assertThat(StepText.render(reading.step())).isEqualTo("mean change_pct in 2024");
        assertThat(reading.clarify()).isEmpty();
    }

    @Test
    void findingsTellWhichPartsOfAStepATextNames() {
        assertThat(QuestionReader.findings("RTH")).extracting(Lexicon.Finding::kind).containsExactly("session");
        assertThat(QuestionReader.findings("вся сессия")).extracting(Lexicon.Finding::value).containsExactly("ETH");
        assertThat(QuestionReader.findings("average range in 2024")).extracting(Lexicon.Finding::kind)
                .containsExactly("agg", "metric", "when");
        assertThat(QuestionReader.findings("  ")).isEmpty();
    }

    @Test
    void whatIsQuestionsAboutANamedThingAreConcepts() {
        for (String q : List.of("what's a hammer candle?", "explain what opex is", "что такое овернайт сессия?",
                "what is a shooting star?", "что за паттерн поглощение?", "what does premarket mean?")) {
            assertThat(IntentClassifier.classify(q).intent()).as(q).isEqualTo("concept");
        }
        assertThat(ConceptCatalog.find("what's a hammer candle?").name()).isEqualTo("hammer");
        assertThat(ConceptCatalog.find("что такое овернайт сессия?").name()).isEqualTo("overnight session");
        // a "what is" about data stays a data question
        assertThat(IntentClassifier.classify("what is the average range of hammer days in 2024?").intent())
                .isEqualTo("data");
    }

    @Test
    void tomorrowNextToTodayIsHistoryButAloneIsAForecast() {
        assertThat(QuestionReader.read("is today's gap correlated with tomorrow's change?").outOfScope()).isNull();
        assertThat(QuestionReader.read("will NQ rise tomorrow?").outOfScope()).startsWith("Barb does not predict");
        assertThat(QuestionReader.read("average range when RSI is above 70").outOfScope()).startsWith("Barb has no RSI");
    }

    @Test
    void neverThrowsOnOddText() {
        for (String text : List.of("", "   ", "???", "12345", "where", "vs vs vs", "where session = MARS",
                "compare", ":", "top", "between 99 and 100", "∑∂ƒ©", "a".repeat(5000), "в", "с 25 до 30")) {
            Reading reading = QuestionReader.read(text);
            assertThat(reading).isNotNull();
            assertThat(reading.clarify()).isNotNull();
        }
        assertThat(QuestionReader.read(null).step()).isNull();
    }

    @Test
    void russianAndEnglishReadTheSame() {
        assertThat(QuestionReader.read("средний диапазон по понедельникам в ртх за 2024").step())
                .isEqualTo(QuestionReader.read("average range on mondays in RTH in 2024").step());
        assertThat(QuestionReader.read("сколько зелёных дней в 2023").step())
                .isEqualTo(QuestionReader.read("how many green days in 2023").step());
    }

    @Test
    void theCasesCoverEveryOperationAndAboutHalfAreRussian() {
        List<Case> all = cases().toList();
        assertThat(all.size()).isGreaterThanOrEqualTo(120);
        long russian = all.stream().filter(c -> LanguageDetector.hasCyrillic(c.question())).count();
        assertThat(russian).isGreaterThanOrEqualTo(all.size() / 3);
        List<String> operations = all.stream().map(c -> QuestionReader.read(c.question()).step().operation())
                .distinct().toList();
        assertThat(operations).containsExactlyInAnyOrder("list", "count", "aggregate", "group", "distribution",
                "probability", "streak", "correlation", "formation", "around", "compare", "top_n");
    }
}
