package barb.agents.reading;

import barb.agents.text.TextNormalizer;
import barb.agents.text.Vocabulary;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/** Short, correct definitions of the trading terms Barb explains, in English and Russian. */
public final class ConceptCatalog {
    public record Concept(String name, List<String> aliases, String en, String ru) {
    }

    private static final List<Concept> CONCEPTS = List.of(
            new Concept("inside day", List.of("inside day", "inside days", "inside bar", "inside bars", "инсайд день",
                    "инсайд дэй", "внутренний день", "внутренний бар", "инсайд бар", "инсайд"),
                    "An inside day is a day whose high is below the previous day's high and whose low is above the "
                            + "previous day's low: its whole range fits inside the prior day's range. It usually "
                            + "marks a pause or consolidation, and traders watch for a breakout of its high or low.",
                    "Inside day (внутренний день) — день, у которого хай ниже хая предыдущего дня, а лой выше его "
                            + "лоя: весь диапазон помещается внутри вчерашнего. Обычно это пауза или консолидация, "
                            + "и трейдеры ждут пробоя его хая или лоя."),
            new Concept("outside day", List.of("outside day", "outside days", "outside bar", "аутсайд день",
                    "внешний день", "внешний бар"),
                    "An outside day is a day whose high is above the previous day's high and whose low is below the "
                            + "previous day's low: it engulfs the prior day's whole range, a sign of expanding "
                            + "volatility.",
                    "Outside day (внешний день) — день, у которого хай выше вчерашнего хая, а лой ниже вчерашнего "
                            + "лоя: он целиком перекрывает диапазон предыдущего дня, признак расширения волатильности."),
            new Concept("gap", List.of("gap", "gaps", "gap up", "gap down", "гэп", "гэпы", "геп", "гэп вверх",
                    "гэп вниз"),
                    "A gap is the difference between a day's open and the previous day's close. A gap up opens above "
                            + "the prior close, a gap down below it; Barb measures it on the trading day that starts "
                            + "at 18:00 ET.",
                    "Гэп — разница между открытием дня и закрытием предыдущего дня. Гэп вверх — открытие выше "
                            + "вчерашнего закрытия, гэп вниз — ниже; Barb считает его по торговому дню, который "
                            + "начинается в 18:00 ET."),
            new Concept("gap fill", List.of("gap fill", "gap fills", "gap filled", "filling the gap", "fill the gap",
                    "закрытие гэпа", "заполнение гэпа", "закрытие гепа", "гэп закрылся", "гэп закрыт", "закрылся гэп",
                    "gap got filled", "the gap filled"),
                    "A gap fills when, after opening away from the previous close, the session trades back to that "
                            + "close: a gap up fills when the low reaches the previous close, a gap down when the high "
                            + "does. Barb can show how often gaps fill and how many minutes it takes, by gap size.",
                    "Гэп закрывается (заполняется), когда после открытия в стороне от вчерашнего закрытия цена "
                            + "возвращается к этому закрытию: гэп вверх — когда лой дня доходит до него, гэп вниз — "
                            + "когда хай. Barb может показать, как часто гэпы закрываются и за сколько минут, по размеру гэпа."),
            new Concept("RTH", List.of("rth", "regular trading hours", "regular session", "ртх"),
                    "RTH means Regular Trading Hours: the main US session when volume is highest. In Barb's NQ data "
                            + "RTH is 09:30–17:00 ET (the cash index itself trades 09:30–16:00).",
                    "RTH (Regular Trading Hours) — основная американская сессия с самым большим объёмом. В данных "
                            + "Barb по NQ это 09:30–17:00 ET (сам индекс торгуется 09:30–16:00)."),
            new Concept("ETH", List.of("eth", "extended trading hours", "electronic trading hours", "globex",
                    "етх"),
                    "ETH means Extended (electronic) Trading Hours: the whole Globex trading day of NQ futures, from "
                            + "18:00 ET the evening before to 17:00 ET, including the overnight session and RTH.",
                    "ETH (Extended Trading Hours) — весь электронный торговый день фьючерса NQ на Globex: с 18:00 ET "
                            + "предыдущего вечера до 17:00 ET, включая ночную сессию и RTH."),
            new Concept("range", List.of("range", "daily range", "day range", "диапазон", "дневной диапазон",
                    "рейндж"),
                    "The range of a day is its high minus its low, in index points. It is the simplest measure of "
                            + "how much the market moved, and it is much larger for the whole trading day (ETH) "
                            + "than for RTH alone.",
                    "Диапазон дня — хай минус лой, в пунктах индекса. Это самая простая мера того, насколько "
                            + "двигался рынок; за весь торговый день (ETH) он заметно больше, чем за одну RTH."),
            new Concept("doji", List.of("doji", "doji candle", "доджи"),
                    "A doji is a candle whose open and close are almost equal, so its body is tiny compared with its "
                            + "range. It shows indecision: neither buyers nor sellers won the period.",
                    "Доджи — свеча, у которой открытие и закрытие почти совпадают, поэтому тело крошечное по сравнению "
                            + "с диапазоном. Это признак нерешительности: ни покупатели, ни продавцы не победили."),
            new Concept("NR7", List.of("nr7", "narrow range 7", "narrow range seven", "нр7"),
                    "NR7 is a day whose range is the narrowest of the last seven days. Such compressed days often "
                            + "come before a range expansion, so traders watch for a breakout.",
                    "NR7 — день с самым узким диапазоном за последние семь дней. После такого сжатия часто идёт "
                            + "расширение диапазона, поэтому трейдеры ждут пробоя."),
            new Concept("OPEX", List.of("opex", "options expiration", "option expiration", "экспирация",
                    "экспирация опционов", "опекс"),
                    "OPEX is the monthly options expiration, on the third Friday of the month. Hedging around it "
                            + "often brings higher volume and unusual moves.",
                    "OPEX — ежемесячная экспирация опционов, третья пятница месяца. Хеджирование вокруг неё часто "
                            + "даёт повышенный объём и необычные движения."),
            new Concept("quad witching", List.of("quad witching", "triple witching", "квадвитчинг",
                    "квадруплет", "четверная экспирация"),
                    "Quad witching is the third Friday of March, June, September and December, when stock index "
                            + "futures, index options and stock options expire on the same day; volume is usually "
                            + "very high.",
                    "Quad witching — третья пятница марта, июня, сентября и декабря, когда в один день истекают "
                            + "фьючерсы на индексы, опционы на индексы и на акции; объём обычно очень высокий."),
            new Concept("FOMC", List.of("fomc", "fed meeting", "фомс", "фрс", "заседание фрс"),
                    "FOMC is the Federal Reserve's Federal Open Market Committee, which sets US interest rates at "
                            + "eight scheduled meetings a year. Its 14:00 ET statement often moves NQ sharply.",
                    "FOMC — Комитет по открытым рынкам ФРС, который устанавливает ставку на восьми плановых "
                            + "заседаниях в год. Заявление в 14:00 ET часто резко двигает NQ."),
            new Concept("NQ", List.of("nq", "nq futures", "nasdaq futures", "e mini nasdaq", "emini nasdaq",
                    "нк", "фьючерс nq"),
                    "NQ is the E-mini Nasdaq-100 futures contract on CME: it tracks the Nasdaq-100 index, is worth "
                            + "$20 per index point and trades almost around the clock, Sunday to Friday.",
                    "NQ — фьючерс E-mini Nasdaq-100 на CME: следует за индексом Nasdaq-100, стоит $20 за пункт "
                            + "и торгуется почти круглосуточно с воскресенья по пятницу."),
            new Concept("hammer", List.of("hammer", "hammers", "hammer candle", "молот", "молоток"),
                    "A hammer is a candle with a small body near the top of its range and a long lower shadow, at "
                            + "least twice the body: sellers pushed the price down but buyers took it back. After a "
                            + "decline it is read as a possible bottom.",
                    "Молот — свеча с маленьким телом в верхней части диапазона и длинной нижней тенью, минимум вдвое "
                            + "длиннее тела: продавцы продавили цену, но покупатели её вернули. После снижения его "
                            + "считают возможным признаком дна."),
            new Concept("inverted hammer", List.of("inverted hammer", "перевернутый молот", "обратный молот"),
                    "An inverted hammer is a candle with a small body near the bottom of its range and a long upper "
                            + "shadow; after a decline it hints that buyers are starting to push back.",
                    "Перевёрнутый молот — свеча с маленьким телом внизу диапазона и длинной верхней тенью; после "
                            + "снижения намекает, что покупатели начинают давить."),
            new Concept("shooting star", List.of("shooting star", "падающая звезда"),
                    "A shooting star is a candle with a small body near the bottom of its range and a long upper "
                            + "shadow after a rise: buyers pushed up but sellers took the price back, a possible top.",
                    "Падающая звезда — свеча с маленьким телом внизу диапазона и длинной верхней тенью после роста: "
                            + "покупатели толкнули цену вверх, но продавцы её вернули, возможная вершина."),
            new Concept("engulfing", List.of("engulfing", "engulfing pattern", "bullish engulfing", "bearish engulfing",
                    "поглощение", "бычье поглощение", "медвежье поглощение"),
                    "An engulfing pattern is two candles where the second body completely covers the first body in "
                            + "the opposite direction: bullish engulfing (a green body over a red one) or bearish "
                            + "engulfing (a red body over a green one).",
                    "Поглощение — две свечи, где тело второй целиком перекрывает тело первой в обратную сторону: "
                            + "бычье (зелёное тело поверх красного) или медвежье (красное поверх зелёного)."),
            new Concept("marubozu", List.of("marubozu", "марубозу"),
                    "A marubozu is a candle with almost no shadows: it opens at one end of its range and closes at "
                            + "the other, showing one side in full control.",
                    "Марубозу — свеча почти без теней: открывается у одного края диапазона и закрывается у другого, "
                            + "одна сторона полностью контролирует рынок."),
            new Concept("overnight session", List.of("overnight", "overnight session", "the overnight session",
                    "ночная сессия", "овернайт", "овернайт сессия"),
                    "The overnight session is the part of the NQ trading day before the regular session: from the "
                            + "18:00 ET open to 09:30 ET, covering the Asian and European hours.",
                    "Ночная (овернайт) сессия — часть торгового дня NQ до основной сессии: с открытия в 18:00 ET до "
                            + "09:30 ET, включая азиатские и европейские часы."),
            new Concept("initial balance", List.of("ib", "initial balance", "the initial balance", "ib range",
                    "opening range", "first hour", "the first hour", "начальный баланс", "первый час"),
                    "The initial balance (IB), or opening range, is the range of the first hour of the regular "
                            + "session, 09:30-10:30 ET; a break of its high or low later in the day is what traders "
                            + "watch.",
                    "Начальный баланс (IB), или диапазон открытия, — диапазон первого часа основной сессии, "
                            + "09:30-10:30 ET; трейдеры следят, пробьёт ли день позже его хай или лой."),
            new Concept("premarket", List.of("premarket", "pre market", "премаркет"),
                    "The premarket is the last stretch of the overnight session before the 09:30 ET regular open, "
                            + "when US economic data (08:30 ET) often moves NQ.",
                    "Премаркет — последний отрезок ночной сессии перед открытием основной в 09:30 ET; в это время "
                            + "часто выходят данные по экономике США (08:30 ET) и двигают NQ."),
            new Concept("CPI", List.of("cpi", "cpi report", "consumer price index", "инфляция", "данные по инфляции"),
                    "CPI is the US Consumer Price Index, the monthly inflation report released at 08:30 ET; "
                            + "a surprise often moves NQ sharply.",
                    "CPI — индекс потребительских цен США, ежемесячный отчёт по инфляции в 08:30 ET; неожиданные "
                            + "цифры часто резко двигают NQ."),
            new Concept("NFP", List.of("nfp", "non farm payrolls", "nonfarm payrolls", "payrolls", "jobs report",
                    "нонфарм", "нфп"),
                    "NFP (non-farm payrolls) is the US monthly jobs report, usually released on the first Friday of "
                            + "the month at 08:30 ET.",
                    "NFP (non-farm payrolls) — ежемесячный отчёт о занятости в США, обычно в первую пятницу месяца "
                            + "в 08:30 ET."),
            new Concept("close", List.of("close", "the close", "daily close", "closing price", "settle",
                    "settlement", "settlement price", "закрытие", "цена закрытия", "дневное закрытие", "сеттл"),
                    "A day's close in Barb is the last price of the session asked about: the close of its last "
                            + "one-minute bar, not the exchange's settlement price. The ETH day and Barb's RTH both end "
                            + "at 17:00 ET, when CME halts NQ for the daily break; the cash index closes at 16:00, and "
                            + "that close is the US session (09:30–16:00).",
                    "Закрытие дня у Barb — последняя цена выбранной сессии: закрытие её последнего минутного бара, а "
                            + "не расчётная цена биржи. День ETH и RTH у Barb заканчиваются в 17:00 ET, когда CME "
                            + "останавливает торги NQ на дневной перерыв; сам индекс закрывается в 16:00 — это "
                            + "закрытие сессии US (09:30–16:00)."),
            new Concept("green day", List.of("green day", "green days", "green", "red day", "red days", "red",
                    "green candle", "red candle", "up day", "down day", "зеленый день", "зелёный день",
                    "зеленые дни", "зелёные дни", "красный день", "красные дни", "зеленая свеча", "зелёная свеча",
                    "красная свеча"),
                    "A green day closes above its own open, in the session asked about (ETH opens at 18:00 the "
                            + "evening before, RTH at 09:30); a red day closes below it. An up day is another thing: "
                            + "it closes above the previous day's close (the change), so a day can gap up, fall all "
                            + "day and still be up, yet red.",
                    "Зелёный день закрывается выше своего открытия в выбранной сессии (ETH открывается в 18:00 "
                            + "накануне, RTH — в 09:30); красный — ниже. День роста — другое: он закрывается выше "
                            + "закрытия предыдущего дня (изменение), поэтому день может открыться гэпом вверх, падать "
                            + "весь день и всё равно быть в плюсе, но красным."),
            new Concept("trading day", List.of("trading day", "торговый день"),
                    "A trading day of NQ futures runs from 18:00 ET to 17:00 ET the next day, with an hour's break "
                            + "in between; Barb dates each day by the day it ends.",
                    "Торговый день фьючерса NQ длится с 18:00 ET до 17:00 ET следующего дня с часовым перерывом "
                            + "между днями; Barb датирует день по дате его окончания."),
            new Concept("correlation", List.of("correlation", "correlations", "correlation coefficient", "корреляция",
                    "корреляции", "коэффициент корреляции"),
                    "Correlation (Pearson's r) measures how closely two series move together, from -1 to +1: near "
                            + "+1 they rise and fall together, near -1 one rises when the other falls, near 0 there is "
                            + "no straight-line relation. For daily market measures, |r| below 0.2 is weak, 0.2–0.5 "
                            + "moderate and above 0.5 strong; r² is the share of one series' variation the other "
                            + "explains (r = 0.6 explains 36 %). It says nothing about cause.",
                    "Корреляция (коэффициент Пирсона r) показывает, насколько согласованно движутся два ряда, от -1 "
                            + "до +1: около +1 растут и падают вместе, около -1 — в противоположные стороны, около 0 "
                            + "линейной связи нет. Для дневных рыночных величин |r| ниже 0,2 — слабая связь, 0,2–0,5 "
                            + "— умеренная, выше 0,5 — сильная; r² — доля изменчивости одного ряда, которую объясняет "
                            + "другой (r = 0,6 объясняет 36 %). О причине и следствии она ничего не говорит."),
            new Concept("median", List.of("median", "медиана", "медианный"),
                    "The median is the middle value: half of the days are below it and half above. Unlike the mean "
                            + "it is not pulled up by a few extreme days, so for ranges and moves it is usually the "
                            + "better \"typical\" figure.",
                    "Медиана — серединное значение: половина дней ниже неё, половина выше. В отличие от среднего её "
                            + "не тянут вверх несколько экстремальных дней, поэтому для диапазонов и движений она "
                            + "обычно лучше описывает «типичный» день."),
            new Concept("percentile", List.of("percentile", "percentiles", "перцентиль", "перцентили", "процентиль",
                    "квантиль", "p5", "p10", "p25", "p50", "p75", "p90", "p95", "p99"),
                    "The p-th percentile is the value below which p % of the observations fall: the 90th percentile "
                            + "of the daily range is a range only one day in ten exceeds. The 50th percentile is the "
                            + "median.",
                    "P-й перцентиль — значение, ниже которого лежит p % наблюдений: 90-й перцентиль дневного "
                            + "диапазона превышает лишь один день из десяти. 50-й перцентиль — это медиана."),
            new Concept("standard deviation", List.of("standard deviation", "std", "stdev", "std dev",
                    "стандартное отклонение", "стандартное отклонения", "ско", "стд"),
                    "The standard deviation measures how far values typically sit from their mean, in the same "
                            + "units; for roughly normal data about two thirds of the values lie within one standard "
                            + "deviation of the mean. Market moves have fat tails, so extreme days happen more often "
                            + "than that rule suggests.",
                    "Стандартное отклонение показывает, насколько значения обычно отстоят от среднего, в тех же "
                            + "единицах; для примерно нормальных данных около двух третей значений лежат в пределах "
                            + "одного отклонения от среднего. У рыночных движений толстые хвосты, поэтому крайние дни "
                            + "случаются чаще, чем следует из этого правила."),
            // the words of Barb's own answers: what a trader reads in a table and asks about next
            new Concept("sample size", List.of("n", "sample size", "sample", "the n", "выборка", "размер выборки",
                    "число дней", "количество дней"),
                    "n in an answer is how many days (or weeks, months) the figure was computed from: the days that "
                            + "met the question's conditions in its period. The smaller n is, the more a few unusual "
                            + "days can move the figure; below about 30 treat it as a rough hint.",
                    "n в ответе — сколько дней (или недель, месяцев) вошло в расчёт: дни периода, подходящие под "
                            + "условия вопроса. Чем меньше n, тем сильнее цифру сдвигают несколько необычных дней; "
                            + "при n меньше 30 это скорее ориентир."),
            new Concept("base probability", List.of("base probability", "base_probability", "base rate",
                    "базовая вероятность", "базовая частота"),
                    "The base probability is how often the outcome happened on all days of the same period, with no "
                            + "condition. Compare the conditional figure with it: if they are close, the condition "
                            + "tells you little.",
                    "Базовая вероятность — как часто исход случался во все дни того же периода, без всяких условий. "
                            + "С ней и сравнивают вероятность при условии: если цифры близки, условие почти ничего не "
                            + "говорит."),
            new Concept("overnight high", List.of("overnight high", "overnight low", "overnight high and low",
                    "ovn high", "ovn low", "ovn хай", "ovn лой", "overnight хай", "overnight лой", "onh", "onl", "овернайт хай", "овернайт лой", "хай овернайта",
                    "лой овернайта", "ночной хай", "ночной лой"),
                    "The overnight high (low) is the highest (lowest) price of the overnight session, from 18:00 ET the "
                            + "evening before to 09:30 ET. RTH breaks it when it trades above that high (below that "
                            + "low) after the open.",
                    "Хай (лой) овернайта — самая высокая (низкая) цена ночной сессии, с 18:00 ET накануне до "
                            + "09:30 ET. RTH его пробивает, если после открытия торгуется выше этого хая (ниже лоя)."),
            new Concept("20-day average", List.of("20-day average", "20 day average", "20d average",
                    "20-day avg", "20 day avg", "the 20-day average", "среднее за 20 дней", "20-дневное среднее",
                    "двадцатидневное среднее", "range vs avg", "volume vs avg", "avg 20d range", "avg 20d volume"),
                    "The 20-day average in a condition such as \"range above 1.5x its 20-day average\" is the mean of "
                            + "the 20 trading days before that day, not counting the day itself.",
                    "Среднее за 20 дней в условии вроде «диапазон больше 1,5 среднего за 20 дней» — среднее 20 "
                            + "торговых дней перед этим днём, сам день в него не входит."),
            new Concept("minutes to fill", List.of("minutes to fill", "median minutes", "mean minutes",
                    "gap fill minutes", "gap fill time", "минуты до закрытия гэпа", "минут до закрытия гэпа"),
                    "In a gap-fill answer the minutes to fill are counted from the session's start (09:30 ET for RTH) "
                            + "to the first minute that traded back to the previous close; median_minutes is the "
                            + "middle of those times over the gaps that filled and mean_minutes their average. Gaps "
                            + "that never filled are not in them.",
                    "В ответе о закрытии гэпов минуты считаются от начала сессии (09:30 ET для RTH) до первой "
                            + "минуты, когда цена вернулась к закрытию предыдущего дня; median_minutes — середина этих "
                            + "времён по закрывшимся гэпам, mean_minutes — их среднее. Незакрывшиеся гэпы в них не "
                            + "входят."),
            new Concept("minute bars", List.of("5m candle", "5 min candle", "5 minute candle", "5m bar", "5 min bar",
                    "5 minute bar", "1m candle", "1 minute candle", "minute bar", "minute bars", "intraday bar",
                    "5 минутная свеча", "5 минутка", "пятиминутка", "минутная свеча", "минутный бар"),
                    "A 5-minute candle (bar) is five minutes of trading summed up: the first price (open), the highest "
                            + "and lowest prices and the last price (close) of those minutes, and the contracts "
                            + "traded. Barb builds every bar, 1 minute to 4 hours, from NQ's one-minute history; a "
                            + "daily candle is the same for a whole session.",
                    "5-минутная свеча (бар) — пять минут торгов в одной записи: первая цена (открытие), самая "
                            + "высокая и самая низкая цены и последняя цена (закрытие) этих минут, и объём. Barb "
                            + "строит любые бары, от 1 минуты до 4 часов, из минутной истории NQ; дневная свеча — то "
                            + "же самое за целую сессию."),
            new Concept("sell in May", List.of("sell in may", "sell in may and go away", "продавай в мае"),
                    "\"Sell in May and go away\" is an old seasonal saying: stocks did better from November to April "
                            + "than from May to October, so the advice was to stay out over the summer. Barb can test "
                            + "it on NQ, e.g. the average monthly change by calendar month.",
                    "«Sell in May and go away» — старая сезонная примета: акции исторически лучше росли с ноября по "
                            + "апрель, чем с мая по октябрь, поэтому летом советовали быть вне рынка. На NQ это можно "
                            + "проверить, например средним изменением по месяцам."));

    /** Every alias of every concept, matched with typos and other word forms. */
    private static final Vocabulary ALIASES = new Vocabulary(
            CONCEPTS.stream().flatMap(c -> c.aliases().stream()).toList(), List.of());

    private static final List<String> PREFIXES = List.of("what is a ", "what is an ", "what is the ", "what is ",
            "what are ", "what does ", "what do you mean by ", "define ", "explain ", "meaning of ",
            "tell me about ", "что такое ", "что значит ", "что означает ", "объясни ", "объясни что такое ",
            "расскажи про ", "расскажи о ", "расскажи что такое ", "что это ", "what an ", "what a ",
            "explain what ", "explain what a ", "explain what an ", "explain what the ", "can you explain ",
            "could you explain ", "please explain ", "explain to me ", "what exactly is ", "what exactly is a ",
            "what is meant by ", "what do they mean by ", "объясни что ", "объясните ", "объясните что такое ",
            "поясни ", "поясни что такое ", "что за ", "а что такое ", "что вообще такое ", "what's the idea behind ",
            "what is the idea behind ", "the idea behind ", "what's the logic behind ", "what is the logic behind ",
            "откуда взялось ", "откуда взялась ", "в чем смысл ", "че такое ", "а че такое ", "че за ", "че значит ");
    /**
     * Questions about what a notion is, wherever they start: "how is X different from Y", "the difference between
     * X and Y", "what counts as X", "чем X отличается от Y"; the first group (or the second) is the notion.
     */
    private static final java.util.regex.Pattern SHAPES = java.util.regex.Pattern.compile(
            "(?:how (?:is|are|does|do) (?:an? |the )?([\\p{L}\\d ]+?) (?:different|differ)(?: from| to)|"
            + "(?:the )?(?:difference|diff|differences) (?:between|of) (?:an? |the |your |ur |ya )?([\\p{L}\\d ]+?) and |"
            + "what (?:exactly )?(?:counts|qualifies) as (?:an? |the )?([\\p{L}\\d ]+)|"
            + "what (?:is|s) considered (?:an? |the )?([\\p{L}\\d ]+)|"
            + "чем (?:отличается |отличаются )?([\\p{L}\\d ]+?) (?:отличается |отличаются )?от|"
            + "(?:в )?чем разница (?:между )?([\\p{L}\\d ]+?) и |разница между ([\\p{L}\\d ]+?) и |"
            + "что (?:считается|называют) ([\\p{L}\\d ]+)|"
            // "how is the correlation calculated", "как считается медиана": how a notion is computed
            + "how (?:is|are|do you|does barb|do they) (?:calculate |compute |measure )?(?:an? |the )?([\\p{L}\\d ]+?) "
            + "(?:calculated|computed|measured|defined)|"
            + "как (?:считается|считают|вычисляется|рассчитывается|определяется|считать) ([\\p{L}\\d ]+)|"
            // "how do you define range exactly", "разницу между eth и rth", "is overnight and globex the same thing",
            // "овернайт и глобекс это одно и то же", "а инсайд бар тогда что"
            + "how (?:do|does|would) (?:you|u|barb|they) define (?:an? |the )?([\\p{L}\\d ]+?)(?= exactly| here| in |$)|"
            + "разниц\\p{L}* (?:между )?([\\p{L}\\d ]+?) и |"
            + "(?:is|are) (?:an? |the )?([\\p{L}\\d ]+?) (?:and (?:an? |the )?[\\p{L}\\d ]+? )?the same(?: thing)?(?= as| in|$)|"
            + "^([\\p{L}\\d ]+?) и [\\p{L}\\d ]+? (?:это )?одно и то же|"
            + "^([\\p{L}\\d ]+?) (?:(?:(?:тогда|вообще|это) )+(?:что|че|чё)|(?:что|че|чё) (?:это|такое))$|"
            // "инсайд это когда хай ниже вчерашнего?", "is an inside day when the high is lower": checking a definition
            + "^([\\p{L}\\d ]+?) (?:это|is (?:it )?when|means) (?:когда|that|the day)(?![\\p{L}])|"
            // "sorry, p5 there = the cutoff for the worst 5% of days, yes?": a definition checked, then "yes?"
            + "^(?:(?:sorry|so|wait|ok|ah|а|так|то есть),? )*([\\p{L}\\d_ ]+?) (?:there |here |тут |там )?(?:=|means|is|это) "
            + "[^?]+?,? (?:yes|right|correct|верно|да|правильно|так ведь)$)");
    private static final List<String> SUFFIXES = List.of(" mean", " means", " означает", " значит", " это",
            " in trading", " в трейдинге", " is", " are", " такое", " простыми словами", " in simple terms",
            " in plain english", " exactly", " точно", " вообще", " в ответе", " in the answer", " in your answer",
            " in the table", " в таблице", " in the first place", " изначально", " anyway", " then");
    /** Words that only say what kind of thing a term is: "a hammer candle" asks about the hammer. */
    private static final List<String> KIND_WORDS = List.of(" candle", " candles", " candlestick", " pattern",
            " patterns", " свеча", " свечи", " паттерн", " фигура", " day", " days", " день", " дни", " bar", " бар");

    private ConceptCatalog() {
    }

    private static final java.util.regex.Pattern BARBS = java.util.regex.Pattern.compile(
            "(?:^| )(?:у (?:тебя|вас|барба)|в (?:твоих|ваших) данных|in your (?:data|numbers|stats)|for you)(?= |$)");

    /**
     * "how do you define range", "inside day у тебя — это строго внутри…?", "что у тебя считается гэпом",
     * "in your data is the daily close the 17:00 settle or the 16:00 cash close?": a question about how Barb defines
     * or counts a notion it knows, however it is worded. The reading's findings tell a definition apart from a data
     * question worded the same way ("how do you calculate the average range in 2024" asks for a number).
     */
    private static final java.util.regex.Pattern DEFINITION_ASK = java.util.regex.Pattern.compile(
            "how (?:do|does|would) (?:you|u|barb) (?:define|count|calculate|compute|measure|treat|handle|mark)|"
            + "what (?:do you |does barb )?(?:count|counts|qualifies) as|(?:in|on) your (?:data|numbers|stats)|"
            + "(?:is|does|do) your (?:rth|eth|session|sessions|close|day|range|gap|gaps|data|definition)|"
            + "your (?:rth|eth|session|close|day|definition)s? (?:runs?|ends?|starts?|is|are|means?|includes?)|"
            + "\\p{L} meaning (?:the )?(?:close|open|high|low|above|below|green|red)|"
            + "у (?:тебя|вас) (?:это|считается|значит|означает|определяется|понимается|включ\\p{L}*|"
            + "(?:\\p{L}+ )?(?:считается|это))|"
            + "(?:считается|считаются|calculated|computed|counted) (?:включая|including|with(?:out)?|без|с учетом)|"
            + "(?:include|includes|including|включая) (?:the day|that day|this day|сам (?:этот |тот )?день)(?: itself)?|"
            + "что (?:у (?:тебя|вас) )?(?:считается|ты считаешь|вы считаете)|как (?:ты|вы) (?:считаешь|считаете|"
            + "определяешь|определяете)|(?:^|[,.;:!?] )(?:объясни|поясни)\\p{L}*,? (?:что|как|почему)");

    /** Kinds of findings that make a question one about data, not about a definition. */
    private static final java.util.Set<String> DATA_KINDS = java.util.Set.of("agg", "op", "when", "rank", "freq",
            "n", "howmuch", "snapshot", "group", "later", "after");

    /**
     * Words that ask what something means, wherever they stand in the message: "whats nr7 mean, ppl keep saying it",
     * "а nr7 это что", "доджи что это такое объясните", "is a 5m candle literally just 5 min", "what's p5 in that
     * answer". With a notion Barb knows and nothing else that asks for data, the message asks for its definition.
     */
    private static final java.util.regex.Pattern MEANING_ASK = java.util.regex.Pattern.compile(
            "(?<![\\p{L}\\d])(?:(?:what(?: i|')?s|whats|wats|what (?:does|do)) (?:an? |the )?[\\p{L}\\d_ ]{1,30}? "
            + "(?:means?|stands? for)|what(?: i|')?s|whats|wats|what (?:is|are)|wtf is|means?(?= *(?:[.;:!?]|$))|"
            + "meaning|stands? for|define|explain|что такое|что это(?: такое| за)?|это что|что значит|что означает|"
            // "доджи это че такое", "че такое инсайд": the spoken "че" for "что"
            + "че такое|че это(?: такое| за)?|это че(?: такое)?|че значит|че за|"
            + "значит|означает|объясни\\p{L}*|поясни\\p{L}*|(?:is|are) [\\p{L}\\d' ]{0,30}?(?:just|literally|only|really)|"
            + "(?:in|from) (?:that|the|this|your|ur) (?:answer|table|reply|output)|"
            + "в (?:вашей |твоей |этой |вашем |твоем |этом )?(?:табличке|таблице|ответе))(?![\\p{L}\\d])");

    private static final java.util.regex.Pattern INSTRUMENT = java.util.regex.Pattern.compile(
            "(?<![\\p{L}\\d])(?:nq|mnq|nasdaq|нк|насдак\\p{L}*)(?![\\p{L}\\d])");

    private static final java.util.Set<String> MEANING_DATA_KINDS = java.util.Set.of("agg", "op", "when", "rank",
            "freq", "n", "howmuch", "snapshot", "group", "later", "after", "metric");

    /**
     * A notion set against what it might mean, with the meanings to choose from after it: "is 'green' close>open for
     * you or close > prev close?", "and gap 'filled' = touched prev close, or traded through it?", "does n mean runs
     * or days?". Group 1 is a quoted notion and the word before it, group 2 a notion said before "=" or "mean(s)".
     */
    private static final java.util.regex.Pattern MEANINGS_OFFERED = java.util.regex.Pattern.compile(
            "^(?:(?:and|so|hmm+|ok|wait|а|и|так|то есть)[ ,]+)*(?:(?:is|does|do|are|это) )?(?:the |a |an |your |ur )?"
            + "(?:((?:[\\p{L}\\d_]+ )?['\"«“][\\p{L}\\d_ ]{1,30}['\"»”])|([\\p{L}\\d_][\\p{L}\\d_ ]{0,29}?) "
            + "(?==|means?(?= )|значит|означает))[^?]*? (?:or|или) [^?]+\\??$");
    /** The sentence ends of a message: "hmm higher than i'd expect. is 'green' …". */
    private static final java.util.regex.Pattern SENTENCE_END = java.util.regex.Pattern.compile("(?<=[.!?])\\s+");
    /** A dash between a question and the choices it offers: "what does n mean in that answer - runs or days?". */
    private static final java.util.regex.Pattern DASH = java.util.regex.Pattern.compile("\\s+[-–—]\\s+");
    private static final java.util.regex.Pattern CHOICE = java.util.regex.Pattern.compile(
            "(?<![\\p{L}])(?:or|или|which|какой|какая|какое|какие)(?![\\p{L}])");

    /** The notion whose meanings are offered to choose from (see {@link #MEANINGS_OFFERED}), or null. */
    private static Concept meaningsOffered(String text) {
        for (String sentence : SENTENCE_END.split(text.strip().toLowerCase(java.util.Locale.ROOT))) {
            java.util.regex.Matcher m = MEANINGS_OFFERED.matcher(sentence.strip());
            if (!m.find()) {
                continue;
            }
            String said = (m.group(1) != null ? m.group(1) : m.group(2)).replaceAll("['\"«»“”]", "").strip();
            Concept c = lookupExact(said);
            // "gap 'filled'": the word before the quotes belongs to the notion, or is a word of the question
            if (c == null && said.contains(" ")) {
                c = lookupExact(said.substring(said.indexOf(' ') + 1));
            }
            // "is the 'range' bigger on mondays or fridays?" asks for data about the notion, not what it means
            String choices = sentence.strip().substring(m.end(m.group(1) != null ? 1 : 2));
            if (c != null && QuestionReader.findings(choices).stream().noneMatch(f -> DATA_KINDS.contains(f.kind()))) {
                return c;
            }
        }
        return null;
    }

    /** The notion a definition question is about (see {@link #DEFINITION_ASK} and {@link #MEANING_ASK}), or null. */
    public static Concept definitionAsked(String text) {
        if (text == null || text.isBlank()) {
            return null;
        }
        Concept offered = meaningsOffered(text);
        if (offered != null) {
            return offered;
        }
        // "what do you count as opex btw - monthly 3rd fri only, or weeklies too?": the choices after the dash spell
        // out the definition asked before it, and ask for no data of their own
        String[] sides = DASH.split(text.strip(), 2);
        if (sides.length == 2 && CHOICE.matcher(sides[1].toLowerCase(java.util.Locale.ROOT)).find()) {
            Concept before = definitionAskedIn(sides[0]);
            if (before != null) {
                return before;
            }
        }
        return definitionAskedIn(text);
    }

    private static Concept definitionAskedIn(String text) {
        String s = TextNormalizer.normalize(text);
        java.util.regex.Matcher ask = DEFINITION_ASK.matcher(s);
        String rest;
        boolean meaning = false;
        if (ask.find()) {
            rest = s.substring(0, ask.start()) + " " + s.substring(ask.end());
        } else {
            rest = MEANING_ASK.matcher(s).replaceAll(" ");
            meaning = !rest.equals(s);
            if (!meaning) {
                return null;
            }
        }
        // "so whats the deal with nq": the instrument every question is about is no notion asked about
        java.util.Set<Concept> named = meaning ? named(INSTRUMENT.matcher(s).replaceAll(" ")) : null;
        Concept concept = meaning ? named.stream().findFirst().orElse(null) : mentioned(s);
        if (concept == null) {
            return null;
        }
        // "whats the range on nr7 days" names two notions: a measure of some days, not a definition
        if (meaning && named.size() > 1) {
            return null;
        }
        // the asking words themselves ("how do you count") are no operation, nor is the notion's own name ("среднее
        // за 20 дней")
        List<String> longestFirst = concept.aliases().stream()
                .sorted(java.util.Comparator.comparingInt(String::length).reversed()).toList();
        String withNames = rest;
        for (String alias : longestFirst) {
            rest = rest.replace(alias, " ");
            if (alias.contains(" ") || alias.contains("_")) {
                withNames = withNames.replace(alias, " ");
            }
        }
        // "whats the record for red weeks in a row": with the notion's one-word name left in, the words around it
        // ask for an operation on days of that kind
        if (meaning && QuestionReader.findings(withNames).stream()
                .anyMatch(f -> f.kind().equals("op") || f.kind().equals("rank") || f.kind().equals("freq"))) {
            return null;
        }
        // "whats the vol on fomc days" asks for a measure of the days, not what FOMC is
        java.util.Set<String> blocking = meaning ? MEANING_DATA_KINDS : DATA_KINDS;
        if (QuestionReader.findings(rest).stream().anyMatch(f -> blocking.contains(f.kind()))) {
            return null;
        }
        return concept;
    }

    /**
     * The notions named in the normalised text, in order: by an alias as written, or a long word misspelt
     * ("квадвичинг"); a short or common word is never corrected into a notion ("trading" is no trading day).
     */
    static java.util.LinkedHashSet<Concept> named(String normalized) {
        java.util.LinkedHashSet<Concept> found = new java.util.LinkedHashSet<>();
        String[] words = normalized.replaceAll("[^\\p{L}\\d ]", " ").strip().split(" +");
        for (int i = 0; i < words.length; i++) {
            for (int n = Math.min(4, words.length - i); n >= 1; n--) {
                String window = String.join(" ", java.util.Arrays.copyOfRange(words, i, i + n));
                Concept c = n == 1 && window.length() >= 8 ? lookupExact(window) : byAlias(window);
                if (c != null) {
                    found.add(c);
                    i += n - 1;
                    break;
                }
            }
        }
        return found;
    }

    private static Concept byAlias(String term) {
        for (Concept c : CONCEPTS) {
            if (c.aliases().contains(term)) {
                return c;
            }
        }
        return null;
    }

    /** The first notion Barb knows named anywhere in the normalised text, longest names first. */
    static Concept mentioned(String normalized) {
        String[] words = normalized.replaceAll("[^\\p{L}\\d ]", " ").strip().split(" +");
        for (int i = 0; i < words.length; i++) {
            for (int n = Math.min(4, words.length - i); n >= 1; n--) {
                Concept c = lookupExact(String.join(" ", java.util.Arrays.copyOfRange(words, i, i + n)));
                if (c != null) {
                    return c;
                }
            }
        }
        return null;
    }

    /** The term a "what is X" question asks about, or null when the text is not shaped like one. */
    public static String askedTerm(String text) {
        String whole = askedTermOf(text);
        if (whole == null || lookup(whole) != null || text == null) {
            return whole;
        }
        // "что такое NR7? слышал от коллег, но руки не дошли": the sentence that asks names the notion
        String[] sentences = text.strip().split("(?<=[?!.])\\s+");
        for (String sentence : sentences.length > 1 ? sentences : new String[0]) {
            String term = askedTermOf(sentence);
            if (term != null && lookup(term) != null) {
                return term;
            }
        }
        return whole;
    }

    private static String askedTermOf(String text) {
        // "а что значит …", "ok so what does … mean": a chat word before the question asks nothing
        String s = TextNormalizer.normalize(text).replaceAll("(?<=\\s|^)['\"«»“”]|['\"«»“”](?=[\\s,.;:!?]|$)", "")
                .replaceFirst("^(?:(?:а|и|ну|ок|ok|okay|so|and|but|also|wait|hmm|хм|так|то есть)(?: |, ?))+", "");
        // "чем у тебя RTH отличается от ETH": whose definition is asked about changes nothing in the question
        s = BARBS.matcher(s).replaceAll(" ").strip();
        // "noob q but how is eth different from rth", "wait what counts as an nr7 day exactly"
        // "whats the difference between an nr7 and an inside day? arent they the same thing": the first shape whose
        // notion Barb knows, wherever it starts ("is the difference … the same thing" is a shape too)
        java.util.regex.Matcher shape = SHAPES.matcher(s);
        for (int from = 0; from < s.length() && shape.find(from); from = shape.start() + 1) {
            String term = null;
            for (int g = 1; g <= shape.groupCount() && term == null; g++) {
                term = shape.group(g);
            }
            for (String suffix : SUFFIXES) {
                if (term.endsWith(suffix)) {
                    term = term.substring(0, term.length() - suffix.length()).strip();
                }
            }
            term = term.replaceAll(" (?:exactly|precisely|on nq|for nq|in nq|на nq|у nq|вообще)$", "").strip();
            if (lookup(term) != null) {
                return term;
            }
        }
        String best = null;
        for (String p : PREFIXES) {
            if (s.startsWith(p) && (best == null || p.length() > best.length())) {
                best = p;
            }
        }
        if (best == null) {
            return askedLater(s);
        }
        // "что такое NR7 и чем он отличается от инсайд дня", "what's an nr7, and how is it computed": the first notion
        String term = s.substring(best.length()).strip()
                .split("(?: (?:и|and|,|а|-|–))? ?(?<=\\S |^)(?:чем|как|how|what|why|в чем|это|is it|много|мало|почему|"
                        + "зачем|откуда)(?![\\p{L}])")[0]
                .replaceAll(" \\d+(?:\\.\\d+)?$", "").strip();
        // "nr7 mean exactly", "a median mean here": every closing word goes, in any order
        String before;
        do {
            before = term;
            term = term.replaceFirst(" (?:here|тут|здесь)$", "").strip();
            for (String suffix : SUFFIXES) {
                if (term.endsWith(suffix)) {
                    term = term.substring(0, term.length() - suffix.length()).strip();
                }
            }
        } while (!term.equals(before));
        // "what does a correlation of 0.4 mean", "что значит корреляция 0.6": the notion, not its value
        term = term.replaceFirst("^(?:an?|the) ", "").replaceFirst(" (?:of |в |=)?-?\\d+(?:\\.\\d+)?%?$", "").strip();
        return term.isEmpty() ? null : term;
    }

    /** Chat openers before a "what is": "wait whats an nr7 day exactly", "wtf is an nr7 day, keep seeing it". */
    private static final java.util.regex.Pattern LATER_ASK = java.util.regex.Pattern.compile(
            "(?:^|[,.;:!?]\\s*|\\s)(?:(?:what is|whats|what's|what s) the (?:idea|logic|story) behind|what is|whats|"
            + "what s|wtf is|what the hell is|что такое|что за|что значит)"
            + " (?:an? |the )?([\\p{L}\\d ]+?)(?:\\s*(?:[,.;:!?]|$| keep| i keep| people| everyone| я | все ))");

    private static final java.util.regex.Pattern DIFFERENCE_ASKED = java.util.regex.Pattern.compile(
            "(?<![\\p{L}])(?:(?:и |and )?(?:в )?чем (?:между ними )?(?:разница|отличие|отличаются)(?: между ними)?|"
            + "(?:and )?(?:what is )?the difference(?: between them)?|(?:and )?how (?:do they|are they) differ(?:ent)?)"
            + "(?![\\p{L}])");

    /** A "what is X" asked after a few chat words; only a term Barb knows counts, so data questions stay data. */
    private static String askedLater(String s) {
        java.util.regex.Matcher m = LATER_ASK.matcher(s);
        while (m.find()) {
            String term = m.group(1).strip();
            for (String suffix : SUFFIXES) {
                if (term.endsWith(suffix)) {
                    term = term.substring(0, term.length() - suffix.length()).strip();
                }
            }
            // "что значит «гэп закрылся» до какой цены…": the notion is the longest run of its first words Barb knows,
            // when what follows asks for no data ("whats the median rth range on tuesdays" is a data question)
            String[] words = term.split(" ");
            for (int n = Math.min(4, words.length); n >= 1; n--) {
                String head = String.join(" ", java.util.Arrays.asList(words).subList(0, n));
                String rest = String.join(" ", java.util.Arrays.asList(words).subList(n, words.length));
                // "что такое rth и eth, в чем разница": their difference is part of what they are
                rest = DIFFERENCE_ASKED.matcher(rest).replaceAll(" ").strip();
                if (lookup(head) != null && !StepBuilder.isDataLike(QuestionReader.findings(rest))) {
                    return head;
                }
            }
        }
        return null;
    }

    /** The concept a question asks about: "what is an inside day?", "что такое OPEX", or just "doji?". */
    public static Concept find(String text) {
        String term = askedTerm(text);
        if (term == null) {
            term = TextNormalizer.normalize(text);
        }
        return lookup(term);
    }

    /** Words between notion names that name nothing: "перцентили там? p5 p95", "rth and eth". */
    private static final java.util.regex.Pattern LIST_GLUE = java.util.regex.Pattern.compile(
            "\\s*(?:,|/|&|(?<![\\p{L}])(?:and|or|vs|и|или|там|тут|here|there|the|an?|your|ur)(?![\\p{L}]))\\s*");

    static Concept lookup(String term) {
        Concept exact = lookupExact(term);
        if (exact != null) {
            return exact;
        }
        // "rth и eth", "percentiles p5 p95": a list of notions asks about the first (its answer names the others)
        Concept listed = firstOfList(term);
        if (listed != null) {
            return listed;
        }
        for (String kind : KIND_WORDS) {
            if (term.endsWith(kind) && term.length() > kind.length()) {
                return lookupExact(term.substring(0, term.length() - kind.length()).strip());
            }
            String leading = kind.strip() + " ";
            if (term.startsWith(leading) && term.length() > leading.length()) {
                return lookupExact(term.substring(leading.length()).strip());
            }
        }
        return null;
    }

    /** The first notion of a text made only of notions and the words between them, or null. */
    private static Concept firstOfList(String term) {
        String[] parts = LIST_GLUE.split(term.strip());
        if (parts.length == 1 && !term.strip().contains(" ")) {
            return null;
        }
        Concept first = null;
        for (String part : parts) {
            if (part.isBlank()) {
                continue;
            }
            // each part one notion, or notions side by side ("p10 p90")
            Concept c = lookupExact(part.strip());
            for (String word : c == null ? part.strip().split(" +") : new String[0]) {
                Concept w = lookupExact(word);
                if (w == null) {
                    return null;
                }
                c = c == null ? w : c;
            }
            first = first == null ? c : first;
        }
        return first;
    }

    private static Concept lookupExact(String term) {
        Concept exact = byAlias(term);
        if (exact != null) {
            return exact;
        }
        String corrected = ALIASES.match(term).map(Vocabulary.Match::word).orElse(term);
        for (Concept c : CONCEPTS) {
            if (c.aliases().contains(corrected)) {
                return c;
            }
        }
        return null;
    }

    public static List<String> names() {
        List<String> names = new ArrayList<>();
        for (Concept c : CONCEPTS) {
            names.add(c.name());
        }
        return names;
    }
}
