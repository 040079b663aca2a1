package barb.agents.reading;

import barb.core.ChatMessage;
import barb.core.Memory;
import barb.core.ParsedStep;
import org.junit.jupiter.api.Test;

import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * One test per class of reading failure issue 10 names, each with sentences of our own (never the held-out sets'):
 * the mechanism, not a memorised sentence, is what is tested.
 */
class ReadingClassesTest {
    private static String read(String question) {
        Reading r = QuestionReader.read(question);
        return r.step() == null ? "-" : barb.agents.steps.StepText.render(r.step());
    }

    private static Memory after(String lastQuery) {
        return new Memory(List.of(ChatMessage.user("q"), ChatMessage.assistant("a")), List.of(),
                List.of(FollowUps.LAST_QUERY + ": " + lastQuery));
    }

    @Test
    void wordFormsTyposShorthandAndFillerDoNotStopAQuestion() {
        assertThat(read("averaged rnage on wendesday in 2023 pls")).isEqualTo(read("average range on wednesday in 2023"));
        assertThat(read("ср. ренж ртх по пт за 2024")).isEqualTo(read("средний диапазон rth по пятницам за 2024"));
        assertThat(read("btw avg ovn rng in 2022 lol")).isEqualTo(read("average overnight range in 2022"));
        assertThat(QuestionReader.read("btw avg ovn rng in 2022 lol").ignored()).isEmpty();
        Reading chatty = QuestionReader.read("avg rth range 2021 my buddy swears it was huge");
        assertThat(chatty.clarify()).isEmpty();
        assertThat(chatty.ignored()).contains("buddy", "swears", "huge");
    }

    @Test
    void aNumberGluedToItsUnitReadsAsTheNumberAndTheUnit() {
        assertThat(read("avg chg last 30d")).isEqualTo(read("average change last 30 days"));
        assertThat(read("avg chg last 3mo")).isEqualTo(read("average change last 3 months"));
        assertThat(read("avg rth rng last 2yrs")).isEqualTo(read("average rth range last 2 years"));
        assertThat(read("avg change 3d after cpi in 2023")).isEqualTo(read("average change 3 days after cpi in 2023"));
        assertThat(read("avg range first 15m of rth in 2024")).isEqualTo(read("average range in the first 15 minutes in 2024"));
        assertThat(read("avg range from 945am to 1015am in 2024")).isEqualTo(read("average range from 9:45 to 10:15 in 2024"));
        assertThat(read("средний диапазон ртх за последние 30д")).isEqualTo(read("средний диапазон ртх за последние 30 дней"));
        // a bar size stays a bar size
        assertThat(read("avg range of 15m bars in 2024")).contains("15m");
    }

    @Test
    void aNegatedEventIsReadBeforeTheEventItNegates() {
        assertThat(read("avg volume opex vs non-opex days in 2023")).startsWith("compare").contains("is_opex = 0");
        assertThat(read("средний объем в дни без опекса в 2023")).contains("is_opex = 0");
    }

    @Test
    void aRussianCloseAgainstTheOpenIsTheCandleColourInEveryTense() {
        assertThat(read("как часто нк закрывается выше открытия по средам"))
                .isEqualTo(read("как часто нк закрылся выше открытия по средам")).contains("is_green = 1");
        assertThat(read("как часто закроется ниже открытия в четверг")).contains("is_red = 1");
        // a gap that closes is still a fill
        assertThat(read("как часто закрывается гэп в 2023")).contains("gap fill");
    }

    @Test
    void aMeasureAfterAConditionOnADayIsReadTheNextDay() {
        assertThat(read("avg range after an inside day in 2021")).isEqualTo(read("avg range the day after an inside day in 2021"));
        assertThat(read("среднее изменение после зеленого дня в 2021")).startsWith("what happens to change_pct after");
        // a gap opens its own session: after a gap up is that day
        assertThat(read("avg change after a gap up in 2021")).startsWith("mean change_pct");
    }

    @Test
    void aThresholdOnAWickIsACondition() {
        assertThat(read("count days with a lower wick over 120 pts in 2021")).contains("lower_wick > 120");
        assertThat(read("сколько дней с верхней тенью больше 60 пунктов")).contains("upper_wick > 60");
    }

    @Test
    void aHundredIsAThresholdUnlessItNamesTheIndex() {
        // never dropped silently: with no measure named it is asked about
        assertThat(QuestionReader.read("count days over 100 pts in 2021").clarify()).contains("term:100");
        assertThat(read("avg range of the nasdaq 100 in 2021 during rth")).isEqualTo(read("avg range in 2021 during rth"));
    }

    @Test
    void theBestWeekdayOrMonthOnAverageRanksGroupsNotOneDay() {
        assertThat(read("best weekday in 2021")).isEqualTo("mean change_pct by weekday sorted descending in 2021");
        assertThat(read("худший день недели в 2021")).isEqualTo("mean change_pct by weekday sorted ascending in 2021");
        assertThat(read("worst month of the year since 2012")).startsWith("mean change_pct by month sorted ascending");
        assertThat(read("лучший месяц в среднем с 2012")).startsWith("mean change_pct by month sorted descending");
        assertThat(read("which year had the highest average volume")).startsWith("mean volume by year");
        // one month or one week of a year is still a bar of that size
        assertThat(read("worst month of 2021")).contains("monthly bars").contains("top 1");
        assertThat(read("best week of 2021")).contains("weekly bars").contains("top 1");
    }

    @Test
    void aComparativeWithThanComparesTwoSides() {
        assertThat(read("is the rth range bigger on cpi days than normal days in 2021"))
                .isEqualTo(read("rth range on cpi days vs normal days in 2021"));
        assertThat(read("do tuesdays have a bigger gap than thursdays")).startsWith("compare mean gap")
                .contains("weekday = tuesday vs").contains("weekday = thursday");
        assertThat(read("в дни nfp объем выше чем обычно?")).startsWith("compare mean volume");
        // a threshold's "more than" is no second side
        assertThat(read("how many days did nq fall more than 2% in 2021")).startsWith("count days");
    }

    @Test
    void onDaysAfterAConditionIsTheNextDay() {
        assertThat(read("avg rth range on days after an outside day since 2019"))
                .isEqualTo(read("avg rth range the day after an outside day since 2019"));
    }

    @Test
    void anUnknownWordThatMayBeAConditionOrAMeasureIsAskedAbout() {
        assertThat(QuestionReader.read("average rth range on squeeze days").clarify()).contains("term:squeeze");
        assertThat(QuestionReader.read("max drawdown in 2022").clarify()).contains("term:drawdown");
        assertThat(QuestionReader.read("how many days when the vix was above 30").outOfScope()).isNotNull();
    }

    @Test
    void aParenthesisThatRepeatsTheQuestionRefinesItInsteadOfComparing() {
        assertThat(read("average range in 2021 (RTH only) for RTH")).startsWith("mean range in 2021")
                .doesNotContain("compare");
        assertThat(read("count green months since 2015 (monthly candle, open vs close)"))
                .doesNotStartWith("compare").contains("monthly bars");
    }

    @Test
    void anOutcomeAfterAConditionIsReadTheNextDayInBothLanguages() {
        assertThat(read("probability of a red day after an outside day")).contains("next day");
        assertThat(read("вероятность зелёного дня после трёх красных дней подряд")).contains("next day");
        assertThat(read("chance of a green rth session after a gap up")).as("a gap opens the same session")
                .contains("same day");
    }

    @Test
    void whichDayIsTheTopDayWithItsDateAndWorstComesFirst() {
        assertThat(read("which day had the widest rth range in 2023")).startsWith("list top 1 days by range descending");
        assertThat(read("worst 3 days of 2021")).startsWith("list top 3 days by change_pct ascending");
        assertThat(read("худшие дни 2020 года")).contains("ascending");
    }

    @Test
    void aFollowUpKeepsWhatItDoesNotNameAndChangesWhatItDoes() {
        Memory memory = after("count days in 2024 where session = RTH, weekday = monday, range > 300");
        assertThat(render(FollowUps.resolve("and 2021?", memory).orElseThrow())).startsWith("count days in 2021 where")
                .contains("session = RTH").contains("weekday = monday").contains("range > 300");
        assertThat(render(FollowUps.resolve("same for thursdays", memory).orElseThrow()))
                .contains("weekday = thursday").contains("range > 300").contains("in 2024");
        assertThat(render(FollowUps.resolve("а больше 400?", memory).orElseThrow())).contains("range > 400");
        assertThat(render(FollowUps.resolve("list them", memory).orElseThrow())).startsWith("list days in 2024");
        assertThat(FollowUps.resolve("how many green days in 2019", memory)).as("a question of its own").isEmpty();
        // the average over the days counted replaces the count
        Memory counted = after("count days in 2015.. where event = nfp");
        assertThat(render(FollowUps.resolve("а средний рейндж ртх в эти дни?", counted).orElseThrow()))
                .startsWith("mean range in 2015..").contains("event = nfp");
    }

    @Test
    void theBiggestOfAListOfFallsIsItsFirst() {
        Memory drops = after("list top 5 days by change_pct ascending in 2019");
        assertThat(render(FollowUps.resolve("which was the biggest", drops).orElseThrow()))
                .contains("top 1").contains("ascending").contains("in 2019");
        assertThat(render(FollowUps.resolve("какой был самый большой", drops).orElseThrow())).contains("ascending");
        Memory rallies = after("list top 5 days by change_pct descending in 2019");
        assertThat(render(FollowUps.resolve("which was the biggest", rallies).orElseThrow())).contains("descending");
    }

    @Test
    void thatDayAndTheSecondOneAreDaysThePreviousAnswerShowed() {
        Memory one = new Memory(List.of(ChatMessage.user("q"), ChatMessage.assistant("a")), List.of(),
                List.of(FollowUps.LAST_QUERY + ": list top 1 days by change_pct ascending in 2019",
                        FollowUps.LAST_DAYS + ": 2019-05-13"));
        assertThat(render(FollowUps.resolve("what happened that day", one).orElseThrow()))
                .isEqualTo(read("what happened on 2019-05-13"));
        assertThat(render(FollowUps.resolve("что было в тот день?", one).orElseThrow()))
                .isEqualTo(read("what happened on 2019-05-13"));
        Memory three = new Memory(List.of(ChatMessage.user("q"), ChatMessage.assistant("a")), List.of(),
                List.of(FollowUps.LAST_QUERY + ": list top 3 days by gap descending in 2019",
                        FollowUps.LAST_DAYS + ": 2019-01-04,2019-06-04,2019-11-01"));
        assertThat(render(FollowUps.resolve("the second one", three).orElseThrow()))
                .isEqualTo(read("what happened on 2019-06-04"));
        assertThat(render(FollowUps.resolve("а третий?", three).orElseThrow()))
                .isEqualTo(read("what happened on 2019-11-01"));
        // "that day" of three days is not one day; past the rows there is nothing to name
        assertThat(FollowUps.resolve("what happened that day", three).map(ReadingClassesTest::render).orElse(""))
                .doesNotContain("what happened in 2019-");
        assertThat(FollowUps.resolve("the fifth one", three).map(ReadingClassesTest::render).orElse(""))
                .doesNotContain("what happened in 2019-");
    }

    @Test
    void byMonthAfterAMeasureGroupsItsDaysWhileMonthsCountsMonthlyBars() {
        Memory median = after("median range in 2021 where session = RTH");
        assertThat(render(FollowUps.resolve("а по месяцам?", median).orElseThrow()))
                .startsWith("median range by month in 2021").doesNotContain("monthly bars");
        Memory green = after("count days in 2021 where is_green = 1");
        assertThat(render(FollowUps.resolve("а месяцев?", green).orElseThrow())).contains("monthly bars");
    }

    @Test
    void aShortNewQuestionKeepsThePeriodAndSessionOfThePreviousOne() {
        Memory memory = after("mean range in 2023 where session = RTH, event = fomc");
        assertThat(render(FollowUps.inContext("how many inside days", memory).orElseThrow()))
                .contains("in 2023").contains("session = RTH");
    }

    @Test
    void smallTalkCapabilitiesAndConceptsAreNotData() {
        assertThat(SmallTalk.classify("ty, great job")).isEqualTo(SmallTalk.Kind.THANKS);
        assertThat(SmallTalk.classify("спасибо, огонь")).isEqualTo(SmallTalk.Kind.THANKS);
        assertThat(SmallTalk.classify("hey so what can you do exactly")).isEqualTo(SmallTalk.Kind.CAPABILITIES);
        assertThat(IntentClassifier.classify("quick one, how is rth different from eth?").intent()).isEqualTo("concept");
        assertThat(IntentClassifier.classify("что такое инсайд бар простыми словами").intent()).isEqualTo("concept");
    }

    @Test
    void theNewCapabilitiesAreRead() {
        assertThat(read("what did nq do on 2024-08-05")).isEqualTo("what happened in 2024-08-05");
        assertThat(read("gap fill stats by gap size since 2021")).startsWith("gap fill by gap size")
                .contains("session = RTH");
        assertThat(read("how often does rth take out the overnight high on mondays"))
                .startsWith("probability of broke_overnight_high = 1").contains("session = RTH");
        assertThat(read("share of octobers since 2012 that closed green")).contains("monthly bars")
                .contains("month = october");
        assertThat(read("when is the rth low usually set, 10 min buckets")).contains("10-minute buckets");
    }

    @Test
    void aQuestionInTwoPartsIsTwoSteps() {
        Reading r = QuestionReader.read("how often does rth break the overnight low, and what time does it happen?");
        assertThat(r.steps()).hasSize(2);
        assertThat(r.steps().get(0).operation()).isEqualTo("probability");
        assertThat(r.steps().get(1).operation()).isEqualTo("formation");
        assertThat(r.steps().get(1).id()).isEqualTo("s2");
    }

    @Test
    void aRangeAfterTheSidesAreNamedIsTheirSharedPeriodAndAListedSideIsManySides() {
        assertThat(read("avg rth range on nfp days vs other days, 2019-2022"))
                .startsWith("compare mean range in 2019..2022");
        assertThat(read("compare 2021 to 2023 avg rth range")).startsWith("compare").contains("in 2021")
                .contains("in 2023");
        String three = read("avg rth gap 2018 vs 2020 and 2022");
        assertThat(three).startsWith("compare").contains("in 2018").contains("in 2020").contains("in 2022");
        assertThat(read("средний ренж ртх 2018 против 2020 и 2022")).contains("in 2020").contains("in 2022");
    }

    @Test
    void groupsNamedSeparatelyAreComparedNotPooled() {
        assertThat(read("avg rth range on nfp days and on opex days in 2023, separately")).startsWith("compare")
                .doesNotContain("event in");
        assertThat(read("средний ренж ртх в дни nfp и в дни cpi за 2022, по отдельности")).startsWith("compare");
        assertThat(read("avg rth range on nfp days and on opex days in 2023")).doesNotStartWith("compare");
    }

    @Test
    void anAsideOfFeelingOrPurposeIsNotReadAsMoreOfTheQuestion() {
        assertThat(read("what % of octobers were red since 2012? october always feels ugly"))
                .isEqualTo(read("what % of octobers were red since 2012"));
        assertThat(read("avg range of 30m bars by hour in rth, 2021 - trying to see which hour moves most"))
                .isEqualTo(read("avg range of 30m bars by hour in rth, 2021"));
        assertThat(read("средний ренж ртх по средам за 2023, кажется среды самые тихие"))
                .isEqualTo(read("средний ренж ртх по средам за 2023"));
    }

    @Test
    void twoSidesForAnOperationOfOneSideAreAskedAbout() {
        assertThat(QuestionReader.read("chance of a green day in 2019 vs in 2021").clarify())
                .as("a probability reads one set of days").contains("compare_groups");
        assertThat(QuestionReader.read("avg rth range by weekday: range vs volume").clarify())
                .as("a grouping of two measures is one of them, unclear which").isNotEmpty();
    }

    @Test
    void aConditionOnOneWeekdayAndAnOutcomeOnTheNextIsReadTheNextDay() {
        assertThat(read("chance of a green thursday if wednesday was red, 2022")).contains("next day")
                .contains("weekday = wednesday").doesNotContain("thursday");
        assertThat(read("шанс красного понедельника если пятница была зеленой")).contains("next day")
                .contains("weekday = friday");
        assertThat(read("chance of green days on mondays and tuesdays")).as("a plain list of weekdays")
                .contains("same day").contains("monday").contains("tuesday");
    }

    @Test
    void theEventDayAndTheNextDayAreBothShown() {
        assertThat(read("avg change on nfp day and the day after since 2018")).contains("0 and 1 days after");
        assertThat(read("ср. изменение в день cpi и на след. день, с 2019")).contains("0 and 1 days after");
        assertThat(read("days nq fell 2% and the next day was green")).doesNotContain("0 and 1");
    }

    @Test
    void percentInBracketsAndOpenToCloseMovesAreMeasuresInPercent() {
        assertThat(read("correlation of the rth gap (%) and the open to close move (%) since 2020"))
                .startsWith("correlation of gap_pct with body_pct");
        assertThat(read("корреляция гэпа в % и движения от открытия до закрытия в % на ртх"))
                .startsWith("correlation of gap_pct with body_pct");
    }

    @Test
    void aNegatedDefinitionAndAnUnknownSizeWordAreNotFilters() {
        assertThat(read("how many days up more than 1% in 2023 (close to close, not green candles)"))
                .doesNotContain("is_green");
        assertThat(QuestionReader.read("how many big days in 2023").clarify()).containsExactly("threshold");
    }

    @Test
    void theOtherOvernightLevelAndGroupingFollowUpsReplaceTheirKind() {
        Memory broke = after("probability of broke_overnight_high = 1 same day where session = RTH");
        assertThat(render(FollowUps.resolve("and the overnight low?", broke).orElseThrow()))
                .contains("broke_overnight_low").doesNotContain("broke_overnight_high");
        assertThat(render(FollowUps.resolve("а лой?", broke).orElseThrow())).contains("broke_overnight_low");
        Memory grouped = after("mean is_green by weekday in 2015..");
        assertThat(render(FollowUps.resolve("а по месяцам?", grouped).orElseThrow())).contains("by month")
                .doesNotContain("monthly bars");
        assertThat(read("% зеленых дней по дням недели с 2015")).startsWith("mean is_green by weekday");
    }

    @Test
    void aMeasureTheNextDayAfterPickedDaysIsReadAround() {
        assertThat(read("after an inside day in rth, what is the avg rth range the next day?"))
                .startsWith("what happens to range after").contains("pattern = inside_day");
        assertThat(read("после дня cpi какой в среднем ренж на следующий день?")).startsWith("what happens to range");
        assertThat(read("avg rth range in 2023")).startsWith("mean range");
    }

    @Test
    void namedDaysAroundAnEventAreEachShown() {
        assertThat(read("avg change the day before, day of and day after fomc")).contains("1 days before")
                .contains("0 and 1 days after");
        assertThat(read("что делает нк в день cpi и через 1-3 дня?")).contains("1, 2 and 3 days after");
    }

    @Test
    void thresholdsWrittenTheTraderWayAreRead() {
        assertThat(read("list rth days of 2024 where volume was 3x+ the 10d avg")).contains("volume >= 3 x avg 10d");
        assertThat(read("how many 400+ pt rth ranges in 2023")).contains("range >= 400");
        assertThat(read("how many 0.5%+ gap downs in rth last year")).contains("gap_pct <= -0.5");
        assertThat(read("chance of a red day after a 3%+ up day")).contains("change_pct >= 3");
        assertThat(read("дни 2024 где объем на ртх был в 3 раза выше среднего за 10 дней"))
                .contains("volume > 3 x avg 10d");
    }

    @Test
    void russianAndEnglishShorthandForStatisticsBucketsAndPeriods() {
        assertThat(read("стд дневного изменения в % по годам")).startsWith("std change_pct by year");
        assertThat(read("распределение изменений в % за 2022, бинов 12")).contains("12 bins");
        assertThat(read("когда ставится хай ртх, интервалами по 2ч")).contains("120-minute buckets");
        assertThat(read("в какую 30-минутку чаще ставится лой ртх?")).contains("30-minute buckets");
        assertThat(read("какой % дней ртх пробивает лой овернайта с начала 2022")).contains("in 2022..");
        assertThat(read("сколько % месяцев с 2015 закрылись в плюс")).contains("monthly bars");
    }

    @Test
    void aConceptAskedAfterChatWordsIsAConcept() {
        assertThat(IntentClassifier.classify("hmm ok whats an inside day exactly?").intent()).isEqualTo("concept");
        assertThat(IntentClassifier.classify("so what is the avg range of inside days").intent()).isEqualTo("data");
    }

    @Test
    void predictionsTradeCallsAndOtherMarketsAreOutOfScope() {
        assertThat(QuestionReader.read("is nq gonna reach 28k by july?").outOfScope()).isNotNull();
        assertThat(QuestionReader.read("где будет нк к концу месяца, шорт брать?").outOfScope()).isNotNull();
        assertThat(QuestionReader.read("сколько прошел биток за неделю").outOfScope()).isNotNull();
    }

    @Test
    void aSharedPeriodAfterTheLastSideAndSessionHoursSpelledOutAreNotSides() {
        assertThat(read("avg rth range: tuesdays vs thursdays, since 2019")).startsWith("compare mean range in 2019..");
        assertThat(read("median overnight range in 2023 (globex, 6pm to 9:30)"))
                .isEqualTo("median range in 2023 where session = OVERNIGHT");
        assertThat(read("avg weekly range in 2023")).startsWith("mean range").contains("weekly bars");
    }

    @Test
    void aSizeWithoutANumberIsAskedAndTheAnswerIsItsThreshold() {
        assertThat(QuestionReader.read("how many huge gap downs in rth in 2022").clarify()).containsExactly("threshold");
        assertThat(QuestionReader.read("сколько было крупных падений в 2021").clarify()).contains("threshold");
        assertThat(QuestionReader.read("how many gap downs over 1% in rth in 2022").clarify()).isEmpty();
        assertThat(render(FollowUps.answer("how many huge gap downs in rth in 2022", "1.5%+")))
                .contains("gap_pct <= -1.5");
        assertThat(render(FollowUps.answer("how many big up days in 2021", "more than 2%"))).contains("change_pct > 2");
        assertThat(QuestionReader.read("top 5 biggest gap ups in 2024").clarify()).doesNotContain("threshold");
    }

    @Test
    void aRunLengthOrALevelAloneChangesThePreviousQuestion() {
        Memory run = after("probability of is_green = 1 next day where consecutive red >= 3");
        assertThat(render(FollowUps.resolve("4 in a row?", run).orElseThrow())).contains("consecutive red >= 4");
        assertThat(render(FollowUps.resolve("а после 6?", run).orElseThrow())).contains("consecutive red >= 6");
        assertThat(render(FollowUps.resolve("and in 2019?", run).orElseThrow())).contains("in 2019")
                .contains("consecutive red >= 3");
        Memory broke = after("probability of broke_overnight_high = 1 same day where session = RTH");
        assertThat(render(FollowUps.resolve("when does it break the low then? 30m buckets", broke).orElseThrow()))
                .startsWith("what time is the overnight low broken in 30-minute buckets");
        assertThat(render(FollowUps.resolve("а лой при гэпе вверх?", broke).orElseThrow()))
                .contains("broke_overnight_low").doesNotContain("broke_overnight_high");
    }

    @Test
    void aFollowUpColourOrThresholdReplacesTheColourItRefines() {
        assertThat(render(FollowUps.resolve("а красных?", after("count days in 2023 where is_green = 1")).orElseThrow()))
                .contains("is_red = 1").doesNotContain("is_green");
        Memory drop = after("probability of is_green = 1 next day where change_pct <= -2");
        assertThat(render(FollowUps.resolve("and if the down day was a friday?", drop).orElseThrow()))
                .doesNotContain("change < 0").contains("weekday = friday");
        Memory red = after("probability of is_green = 1 next day where is_red = 1, weekday = monday");
        assertThat(render(FollowUps.resolve("а если в пн упали больше чем на 2%?", red).orElseThrow()))
                .contains("change_pct < -2").doesNotContain("is_red");
    }

    @Test
    void theOutcomeSaidTwiceIsNoFilterAndBracketsOfCloseAndOpenAreAColour() {
        assertThat(read("how often does rth close red (close < open) after a gap up")).doesNotContain("where is_red")
                .startsWith("probability of is_red = 1");
        assertThat(read("longest streak of red weeks (weekly candles, close<open)")).contains("is_red = 1");
    }

    @Test
    void aCorrelationWithTheNextDaysSameMeasureReadsItADayLater() {
        assertThat(read("corelation of today's % change with tomorrow's since 2016"))
                .startsWith("correlation of change_pct with change_pct next day");
    }

    @Test
    void aSecondQuestionAboutTheChanceIsASecondStep() {
        Reading r = QuestionReader.read("сколько было inside day на ртх в 2023? и какой шанс что на след день красная свеча");
        assertThat(r.steps()).hasSize(2);
        assertThat(r.steps().get(1).operation()).isEqualTo("probability");
    }

    @Test
    void aRestrictionOrANewNumberKeepsThePreviousOperation() {
        Memory streaks = after("top 10 longest streaks of days in 2015.. where is_green = 1");
        assertThat(render(FollowUps.resolve("show top 4 instead", streaks).orElseThrow()))
                .startsWith("top 4 longest streaks");
        Memory fills = after("gap fill by gap size in 2023 where session = RTH");
        assertThat(render(FollowUps.resolve("gap ups only", fills).orElseThrow())).startsWith("gap fill by gap size")
                .contains("gap = up");
        Memory ranges = after("top 10 longest streaks of days in 2020.. where session = RTH, range > 300");
        assertThat(render(FollowUps.resolve("а если больше 200?", ranges).orElseThrow())).contains("range > 200")
                .doesNotContain("range > 300");
    }

    @Test
    void theDayItselfAndDaysAfterAreAllShown() {
        assertThat(read("как ведёт себя NQ в день nfp и через 1-2 дня?")).contains("0, 1 and 2 days after");
        assertThat(read("avg change on the day and 2 days after fomc")).contains("0 and 2 days after");
        assertThat(read("correlation of the change with the change 3 days out")).contains("3 days later");
    }

    @Test
    void aThresholdAnswerPicksTheDaysAndTheRunsColourIsNoSecondFilter() {
        assertThat(render(FollowUps.answer("how often does nq bounce after a big drop day?",
                "-2.5% or worse, and bounce = next day closes up")))
                .startsWith("probability of change_pct > 0 next day").contains("change_pct <= -2.5");
        assertThat(read("chance of a green day after 4 red days in a row (close<open)"))
                .doesNotContain("is_red = 1").contains("consecutive red >= 4");
    }

    @Test
    void whichMonthOfOneYearIsAMonthlyBarNotASeason() {
        assertThat(read("какой месяц в 2020 был самым сильным по изменению в %?"))
                .startsWith("list top 1").contains("monthly bars");
        assertThat(read("which month is the most volatile on average")).startsWith("mean range by month");
    }

    @Test
    void traderVocabularyAndShortYearsAreRead() {
        assertThat(read("средний рендж ртх за 2024")).isEqualTo(read("средний ренж ртх за 2024"));
        assertThat(read("сколько раз нас сливался больше чем на 3% за 2022")).contains("change_pct < -3");
        assertThat(read("top 5 craziest rth days in 2021")).startsWith("list top 5 days by range descending");
        assertThat(read("count red days in 21 and 22 combined")).contains("in 2021..2022").doesNotStartWith("compare");
        assertThat(read("avg rth range in q2 24")).contains("in 2024-q2");
        assertThat(read("гэпы вниз на ртх с 21 года")).contains("in 2021..");
    }

    @Test
    void clockTimesAndWindowsWrittenTheTraderWayAreRead() {
        assertThat(QuestionReader.read("how often does rth close green when nq gaps up at 9:30").clarify()).isEmpty();
        assertThat(read("how many 15 min candles between 2 and 3pm had a range over 30 pts in 2024"))
                .contains("15m bars").contains("time = 14:00-15:00");
        assertThat(read("avg range from 3pm to the close on fridays in 2024")).contains("time = 15:00-16:00");
        assertThat(read("avg range (10-11 et) in 2024")).contains("time = 10:00-11:00");
    }

    @Test
    void daysOfOneMonthAreAPeriodAndASnapshotShowsBothSessions() {
        assertThat(read("что было с 3 по 7 марта 2025? по дням, и ETH и RTH"))
                .isEqualTo("what happened in 2025-03-03..2025-03-07");
        assertThat(read("what did nq do march 3-7 2025")).isEqualTo("what happened in 2025-03-03..2025-03-07");
    }

    @Test
    void aMonthWithoutAYearBesideALongerPeriodIsEveryOneOfThem() {
        assertThat(read("how often does october close red? since 2012")).contains("monthly bars")
                .contains("month = october").contains("in 2012..");
    }

    @Test
    void theQuestionAfterAStoryIsReadAloneWhenItIsWhole() {
        assertThat(read("I fade the first push on mondays and my PnL is rough. how often does rth close red in 2024?"))
                .isEqualTo(read("how often does rth close red in 2024?"));
        assertThat(read("привет) сколько раз с 2015 г. было 5+ красных дней подряд?")).contains("in 2015..");
    }

    @Test
    void russianBarsBreaksAndDaysAfterNext() {
        assertThat(read("как часто RTH пробивает ночной лой? с 2022")).startsWith("probability of broke_overnight_low = 1");
        assertThat(read("сколько пятиминуток на RTH за 2024 имели рендж больше 80 пунктов"))
                .contains("5m bars").contains("range > 80");
        assertThat(read("средний рендж часовиков на RTH по часам за 2024")).contains("1h bars").contains("by hour");
        assertThat(read("что делает нас на след день и через день после NFP?")).contains("1 and 2 days after");
    }

    @Test
    void aMoveFromTheOpenIsTheBodyAndLatelyIsAskedAbout() {
        assertThat(read("chance rth closes up more than 1% from the open after a gap down"))
                .startsWith("probability of body_pct > 1");
        assertThat(QuestionReader.read("whats the avg rth gap been lately").clarify()).containsExactly("period");
        assertThat(QuestionReader.read("средний ренж ртх в последнее время").clarify()).contains("period");
    }

    @Test
    void aFirstPersonStoryAfterTheQuestionAndConceptsWithASecondClause() {
        assertThat(read("сколько было outside дней на RTH в 2024? торгую пробой аутсайдов, мне важно"))
                .isEqualTo(read("сколько было outside дней на RTH в 2024?"));
        assertThat(IntentClassifier.classify("what exactly counts as an inside day").intent()).isEqualTo("concept");
        assertThat(IntentClassifier.classify("что такое NR7 и чем он отличается от инсайд дня?").intent())
                .isEqualTo("concept");
    }

    @Test
    void aCountAskedInPercentIsAShare() {
        assertThat(read("how many red fridays in 2024, in %")).startsWith("probability of is_red = 1");
        assertThat(read("сколько раз март закрывался красным за всю историю, в процентах"))
                .startsWith("probability of is_red = 1").contains("monthly bars");
        assertThat(read("в каком проценте случаев вторник был зеленым в 2023")).startsWith("probability of is_green = 1");
        assertThat(read("what percentage of opex days were red")).startsWith("probability of is_red = 1");
        assertThat(read("сколько раз был рендж больше 300 в 2022")).startsWith("count days");
    }

    @Test
    void theRestOfTheDaysIsTheOtherSideAndWhatBothSidesNameIsCommon() {
        assertThat(read("mean rth range on opex fridays compared to other fridays in 2024"))
                .contains("weekday = friday:").contains("where event = opex vs where is_opex = 0")
                .doesNotContain("weekday != 5");
        assertThat(read("средний объем rth в пятницы экспирации и в обычные пятницы за 2024"))
                .startsWith("compare").contains("where event = opex vs where is_opex = 0");
        assertThat(read("avg rth range on cpi days and on normal days (no cpi) in 2023"))
                .contains("where event = cpi vs where is_cpi = 0");
        assertThat(read("сравни средний рендж в дни фомц и в обычные дни, с 2015")).contains("in 2015..");
        assertThat(read("how many fomc days were green")).startsWith("count days");
    }

    @Test
    void aSessionNamedInsideItsSessionIsThatPart() {
        assertThat(read("avg range of the last hour of cash in 2025")).isEqualTo(read("avg range of the last hour in 2025"));
        assertThat(read("первый час ртх средний объем 2024")).contains("session = RTH_OPEN").doesNotContain("compare");
        assertThat(read("rth vs first hour avg range 2024")).startsWith("compare");
        assertThat(read("средний рендж кэша за 2024")).contains("session = RTH");
    }

    @Test
    void whatANotionMeansIsAConceptAlsoAfterChatWordsAndWithAValue() {
        assertThat(IntentClassifier.classify("ok so what does a median mean here").intent()).isEqualTo("concept");
        assertThat(IntentClassifier.classify("what does a correlation of 0.4 mean").intent()).isEqualTo("concept");
        assertThat(IntentClassifier.classify("а что значит корреляция 0.3, это много?").intent()).isEqualTo("concept");
        assertThat(IntentClassifier.classify("how is a percentile calculated").intent()).isEqualTo("concept");
        assertThat(IntentClassifier.classify("what is the median rth range in 2024").intent()).isEqualTo("data");
        assertThat(IntentClassifier.classify("correlation of volume and range in 2024").intent()).isEqualTo("data");
        assertThat(ConceptCatalog.askedTerm("what does gap fill mean")).isNotNull();
        assertThat(ConceptCatalog.askedTerm("что значит закрытие гэпа")).isNotNull();
        assertThat(IntentClassifier.classify("how often does the gap fill in 2021").intent()).isEqualTo("data");
    }

    @Test
    void questionsAboutBarbsDataAreCapabilities() {
        assertThat(SmallTalk.classify("do you have minute data or only daily")).isEqualTo(SmallTalk.Kind.CAPABILITIES);
        assertThat(SmallTalk.classify("с какого года у тебя данные и считаешь ли по минуткам"))
                .isEqualTo(SmallTalk.Kind.CAPABILITIES);
        assertThat(SmallTalk.classify("avg range on 1m bars in 2024")).isNull();
    }

    @Test
    void severalMeasuresOfOneDayAreItsRecap() {
        assertThat(read("2024-08-05 range volume and gap")).startsWith("what happened in 2024-08-05");
        assertThat(read("дай картину за 5 августа 2024")).startsWith("what happened in 2024-08-05");
        assertThat(read("range vs volume correlation in 2024")).startsWith("correlation");
    }

    @Test
    void aComparisonAskedAfterAQuestionMakesThePreviousQuestionOneSide() {
        Memory memory = after("mean range in 2024 where session = RTH");
        assertThat(render(FollowUps.resolve("vs 2023?", memory).orElseThrow()))
                .isEqualTo("compare mean range where session = RTH: in 2024 vs in 2023");
        assertThat(render(FollowUps.resolve("сравни с 2023", memory).orElseThrow()))
                .isEqualTo("compare mean range where session = RTH: in 2024 vs in 2023");
        Memory mondays = after("mean range in 2024 where session = RTH, weekday = monday");
        assertThat(render(FollowUps.resolve("а против пятниц?", mondays).orElseThrow()))
                .contains("where weekday = monday vs where weekday = friday");
    }

    @Test
    void aPatternOfTheLaterDayIsTheOutcomeAndThePatternAfterAfterIsTheCondition() {
        assertThat(read("chance of an outside day after an inside day"))
                .isEqualTo("probability of is_outside = 1 next day where pattern = inside_day");
        assertThat(read("after a doji, odds the next day is a hammer"))
                .isEqualTo("probability of is_hammer = 1 next day where pattern = doji");
        // on one day a pattern picks the days and the colour is the outcome
        assertThat(read("chance of an inside day being green")).startsWith("probability of is_green = 1");
        // a pattern right after "after" is never the outcome: with nothing else, Barb asks what the outcome is
        assertThat(QuestionReader.read("probability after a doji").clarify()).containsExactly("outcome");
    }

    @Test
    void aCloseAboveOrBelowThePreviousCloseIsAnUpOrDownDayInEitherLanguage() {
        String up = "probability of change_pct > 0 next day where pattern = doji";
        assertThat(read("after a doji, chance the next day closes above the previous close")).isEqualTo(up);
        assertThat(read("после доджи какая вероятность что след. день закроется выше")).isEqualTo(up);
        assertThat(read("после доджи вероятность закрытия выше предыдущего на следующий день")).isEqualTo(up);
        assertThat(read("after a doji, chance the next day closes below the prior close"))
                .isEqualTo("probability of change_pct < 0 next day where pattern = doji");
    }

    @Test
    void aDayWithoutAYearIsTheMostRecentSuchDay() {
        assertThat(read("what happened on nov 28")).isEqualTo("what happened in --11-28");
        assertThat(read("что было 5 марта")).isEqualTo("what happened in --03-05");
        assertThat(read("what happened dec 15-19")).isEqualTo("what happened in --12-15..--12-19");
        assertThat(read("рендж 15-19 декабря")).isEqualTo(read("рендж с 15 по 19 декабря"));
        assertThat(read("range on dec 15-19 2025")).contains("2025-12-15..2025-12-19");
    }

    @Test
    void inAMessageOfSeveralSentencesTheQuestionIsTheSentenceThatAsks() {
        assertThat(read("hey barb, afternoon from london. whats the avg rth range over the last 30 days? feels like "
                + "nothing has moved since xmas tbh")).isEqualTo(read("avg rth range over the last 30 days"));
        assertThat(read("what happened on 5 aug 2024? the yen carry unwind day. our book got wrecked lol"))
                .isEqualTo("what happened in 2024-08-05");
        // a sentence that names data refines the question; an abbreviation ends no sentence
        assertThat(read("avg range on fridays? RTH only.")).isEqualTo(read("avg rth range on fridays"));
        assertThat(QuestionReader.questionSentences("после поглощения что дальше? интересует след. день и через 2 дня"))
                .isNull();
    }

    @Test
    void whenOnlyTheStoryAroundAQuestionStopsItTheQuestionIsReadAlone() {
        // the story names data ("обвал", "stop") but its words are what Barb would have to ask about
        assertThat(read("что было 5 августа 2024? помню меня ночью выбило по стопу на японском обвале, хочу глянуть цифры"))
                .isEqualTo("what happened in 2024-08-05");
        // a question Barb must ask about stays asked, whatever the story says
        assertThat(QuestionReader.read("avg range lately? i trade the open mostly").clarify()).isNotEmpty();
        // a refinement after the question is kept: both parts of the question are answered in 30-minute buckets
        assertThat(QuestionReader.read("how often does rth take out the overnight high, and when does it usually "
                + "happen? 30 min buckets is fine").steps()).hasSize(2);
    }

    @Test
    void definitionsDifferencesAndSameThingQuestionsAreConcepts() {
        for (String q : List.of("btw how do you define range exactly, just high minus low?",
                "объясни разницу между eth и rth", "is overnight and globex the same thing in ur data?",
                "овернайт и глобекс это одно и то же?", "а инсайд бар тогда что", "is rth the same as the cash session")) {
            assertThat(IntentClassifier.classify(q).intent()).as(q).isEqualTo("concept");
        }
        // a bare "а рендж что?" is as likely a follow-up about the range: it is not taken for a definition
        assertThat(ConceptCatalog.askedTerm("а рендж что")).isNull();
        assertThat(IntentClassifier.classify("is the avg range on mondays the same as on fridays").intent())
                .isEqualTo("data");
    }

    @Test
    void aRussianCaseEndingGluedToANumberIsTheNumber() {
        assertThat(read("вероятность зеленого дня после 4х красных подряд"))
                .isEqualTo(read("вероятность зеленого дня после 4 красных подряд"));
        assertThat(read("вероятность зеленого дня после 4-х красных подряд"))
                .isEqualTo(read("вероятность зеленого дня после 4 красных подряд"));
        assertThat(read("дни с рейнджем в 2х раза больше среднего за 20 дней"))
                .isEqualTo("list days where range > 2 x avg 20d");
        assertThat(read("сколько в 2025м было красных дней")).isEqualTo(read("сколько в 2025 было красных дней"));
    }

    @Test
    void aMonthOrWeekdayNamedBesideARankingOfMonthsOrWeekdaysIsAGuessNotAFilter() {
        assertThat(read("which calendar month has the biggest avg rth range? testing my august is dead idea"))
                .isEqualTo("mean range by month sorted descending where session = RTH");
        assertThat(read("which weekday has the biggest avg rth range, i bet friday"))
                .isEqualTo("mean range by weekday sorted descending where session = RTH");
        // without a ranking the month is the period the groups are taken from
        assertThat(read("average rth range by weekday in august 2024")).contains("in 2024-08");
    }

    @Test
    void monthsAndDaysOfLastOrThisYearAreThatYearsAndAMonthRangeIsNoEveryMonth() {
        assertThat(read("avg rth range oct to dec last yr"))
                .isEqualTo("mean range in october..december of last year where session = RTH");
        assertThat(read("средний рейндж ртх с октября по декабрь прошлого года"))
                .isEqualTo(read("avg rth range oct to dec last yr"));
        assertThat(read("средний рейндж ртх по декабрям")).isEqualTo("mean range where session = RTH, month = december");
        assertThat(read("what happened on march 5 last year")).isEqualTo("what happened in --03-05 of last year");
    }

    @Test
    void wideAndNarrowRankByTheRangeInRussianAndAPeriodInAnAsideIsKept() {
        assertThat(read("топ 3 самых широких дня по ртх в каждом месяце 2025"))
                .isEqualTo("top 3 days by range descending of each month in 2025 where session = RTH");
        assertThat(read("самые узкие дни ртх в 2024")).isEqualTo(read("narrowest rth days in 2024"));
        assertThat(read("как часто закрывается гэп на ртх? интересно в разбивке по размеру гэпа, с 2020г"))
                .contains("in 2020..");
    }

    @Test
    void aGenitiveYearAfterSinceIsSinceEvenAfterACompareWord() {
        assertThat(read("в дни cpi рейндж ртх больше чем в обычные дни? сравни средние с 2022 года"))
                .contains("in 2022..");
        assertThat(read("сравни средний рейндж ртх 2023 года с 2022 годом")).contains("in 2023 vs in 2022");
    }

    @Test
    void minutesToFillIsTheFillTimeMeasuredAndRussianShorthandForChangeAndCharts() {
        String median = "median gap_fill_minutes in 2025 where session = RTH, gap = up";
        assertThat(read("median minutes to fill rth gap ups in 2025")).isEqualTo(median);
        assertThat(read("how long does it take an rth gap up to fill, median, 2025")).isEqualTo(median);
        assertThat(read("если гэп вверх на ртх закрывается, через сколько минут обычно? медиана, 2025")).isEqualTo(median);
        // asked together with how often, the gap-fill table answers both
        assertThat(read("rth gap downs in 2024: how often do they fill and how long does it take"))
                .startsWith("gap fill");
        assertThat(read("распределение изм % за день по ртх в 2025, 20 бинов"))
                .isEqualTo("distribution of change_pct in 20 bins in 2025 where session = RTH");
        assertThat(read("на недельках самая длинная серия зеленых недель подряд")).contains("on weekly bars");
        assertThat(read("какой месяц хуже всего закрывается в среднем, по месячным свечам"))
                .contains("sorted ascending");
    }

    @Test
    void theBiggestDownDaysByTheChangeAreItsLowestValuesNotAFilter() {
        assertThat(read("top 5 biggest down days by % change in 2025"))
                .isEqualTo("list top 5 days by change_pct ascending in 2025");
        assertThat(read("топ 5 самых жестких дней вниз за 2025 по изм %"))
                .isEqualTo("list top 5 days by change_pct ascending in 2025");
        // another measure ranked on down days keeps the direction as the filter
        assertThat(read("top 5 biggest ranges on down days in 2024 rth")).contains("change_pct < 0");
    }

    @Test
    void aTrendClauseAnEtHourAndATwoDigitYearWithItsEnding() {
        // "how it grew" describes the series over the groups, it picks no days
        assertThat(read("ср рейндж ртх по годам с 2015, хочу видеть как рос"))
                .isEqualTo("mean range by year in 2015.. where session = RTH");
        // the trader's own zone is context when the hours are given in ET
        assertThat(QuestionReader.read("открытие у меня в 21:30 по нск. ср рейндж 9:30-10:00 ет в 2025").clarify())
                .isEmpty();
        assertThat(read("скок раз в 25м ртх делал рейндж > 2х от ср за 20 дней")).contains("in 2025");
    }

    @Test
    void folklorePurposeAsidesMarketExpectationsAndMoreOftenThanNot() {
        // a named effect is what the trader tests, not a filter of up days
        assertThat(read("% of decembers that closed green since 2010? is the santa rally legit or just folklore"))
                .isEqualTo(read("% of decembers that closed green since 2010"));
        assertThat(read("% зеленых декабрей с 2010? санта ралли проверяю, а то в этом году как-то не очень было"))
                .isEqualTo(read("% зеленых декабрей с 2010"));
        assertThat(read("distribution of rth opening gaps in % since 2022, 20 bins. want to size my overnight risk"))
                .isEqualTo("distribution of gap_pct in 20 bins in 2022.. where session = RTH");
        assertThat(QuestionReader.read("whats the market pricing for the jan meeting, any cuts?").outOfScope())
                .isNotNull();
        assertThat(read("on monthly opex days does nq close green more often than not? rth since 2020"))
                .startsWith("probability of is_green = 1").contains("event = opex");
    }

    @Test
    void thatWeekIsTheWeekOfTheDayAskedAboutAndADayNamedAloneIsItsRecap() {
        Memory day = after("what happened in 2020-03-18");
        assertThat(render(FollowUps.resolve("show me that whole week", day).orElseThrow()))
                .isEqualTo("what happened in 2020-03-16..2020-03-20");
        assertThat(render(FollowUps.resolve("а всю ту неделю покажи", day).orElseThrow()))
                .isEqualTo("what happened in 2020-03-16..2020-03-20");
        assertThat(render(FollowUps.resolve("а вся та неделя?", day).orElseThrow()))
                .isEqualTo("what happened in 2020-03-16..2020-03-20");
        assertThat(render(FollowUps.resolve("and the rest of that week", day).orElseThrow()))
                .isEqualTo("what happened in 2020-03-18..2020-03-20");
        // without one day before it there is no week to show
        assertThat(FollowUps.resolve("show me that whole week", after("mean range in 2024"))
                .map(r -> r.step().operation())).isNotEqualTo(java.util.Optional.of("snapshot"));
        assertThat(read("what was the damage on 27 jan 2025")).isEqualTo("what happened in 2025-01-27");
        assertThat(read("покажи 5 августа 2024")).isEqualTo("what happened in 2024-08-05");
        assertThat(read("was 2024-08-05 green")).startsWith("list days");
    }

    @Test
    void thanksWithWordsAroundAYearClosingAMessageDefinitionChecksAndTheOrderBook() {
        for (String q : List.of("Спасибо, это ровно то, что нужно.", "поняла, спасибо большое!", "бот ты топ",
                "thanks, exactly what i needed")) {
            assertThat(SmallTalk.classify(q)).as(q).isEqualTo(SmallTalk.Kind.THANKS);
        }
        assertThat(SmallTalk.classify("thanks, and the avg range for 2024?")).isNull();
        assertThat(read("скок гэп апов на ртх в 25")).isEqualTo("count days in 2025 where session = RTH, gap = up");
        assertThat(read("пре маркет ренж ср 25")).contains("in 2025");
        // with hours in the message "в 15" is three o'clock
        assertThat(read("хай в 10 утра как часто, в 15")).doesNotContain("2015");
        for (String q : List.of("nr7 это че", "инсайд это когда хай ниже вчерашнего а лой выше?",
                "девочки, а что значит «гэп закрылся»? до какой цены он должен дойти?",
                "а что такое quad witching и почему там такие объемы?")) {
            assertThat(IntentClassifier.classify(q).intent()).as(q).isEqualTo("concept");
        }
        assertThat(IntentClassifier.classify("hey barb whats the median rth range on tuesdays in 2025").intent())
                .isEqualTo("data");
        Memory decembers = after("probability of is_green = 1 same day in 2010.. on monthly bars where month = december");
        assertThat(render(FollowUps.resolve("а январи?", decembers).orElseThrow())).contains("month = january");
        assertThat(QuestionReader.read("стакан покажи").outOfScope()).contains("order book");
        assertThat(QuestionReader.read("а где стопы обычно стоят").outOfScope()).contains("order book");
    }

    @Test
    void aBareSkolkoCountsDaysButMeasuresAMetricNamedWithoutAConditionOnIt() {
        assertThat(read("сколько в среднем рейндж ртх в 2025")).isEqualTo("mean range in 2025 where session = RTH");
        assertThat(read("вчера ренж ртх скок")).isEqualTo(read("how much was the rth range yesterday"));
        assertThat(read("сколько красных дней в 2024")).isEqualTo("count days in 2024 where is_red = 1");
        assertThat(read("скок рейндж > 300 в 2025")).isEqualTo("count days in 2025 where range > 300");
        assertThat(read("сколько раз рейндж ртх был больше 300 в 2024")).startsWith("count days in 2024");
    }

    private static String render(Reading r) {
        ParsedStep step = r.step();
        return barb.agents.steps.StepText.render(step);
    }

    @Test
    void aMessageAboutTheMarketThatAsksNothingIsAskedWhatItWants() {
        for (String vague : List.of("whats the story with nasdaq", "so, the market, anything?", "give me some stats",
                "ну как там рынок", "стату по нк скинь", "show me the data")) {
            Reading r = QuestionReader.read(vague);
            assertThat(r.step()).as(vague).isNull();
            assertThat(r.clarify()).as(vague).containsExactly("goal");
        }
        // a list of every day is no answer to "show me the data"; a list with a condition or a period is
        assertThat(read("show me the days in 2024")).isEqualTo("list days in 2024");
        assertThat(read("list the inside days")).contains("inside");
        // nothing about the market: not a data question at all
        assertThat(QuestionReader.read("you know, the vibe").clarify()).isEmpty();
    }

    @Test
    void aBareDayHourOrMonthMovesThePreviousQuestionInTime() {
        Memory day = after("what happened in 2025-12-18");
        assertThat(render(FollowUps.resolve("а 19", day).orElseThrow())).isEqualTo("what happened in 2025-12-19");
        assertThat(render(FollowUps.resolve("and the 5th?", day).orElseThrow())).isEqualTo("what happened in 2025-12-05");
        assertThat(FollowUps.resolve("а 32", day).map(r -> render(r))).isNotEqualTo(java.util.Optional.of("what happened in 2025-12-32"));
        Memory hours = after("mean range in 2025 where session = RTH, time = 14:00-15:00");
        assertThat(render(FollowUps.resolve("а 15-16", hours).orElseThrow())).contains("time = 15:00-16:00")
                .contains("2025");
        assertThat(render(FollowUps.resolve("and 10:30 to 11", hours).orElseThrow())).contains("time = 10:30-11:00");
        Memory month = after("mean range in last month where session = RTH");
        assertThat(render(FollowUps.resolve("nov?", month).orElseThrow())).isEqualTo(
                "mean range in november where session = RTH");
        assertThat(render(FollowUps.resolve("ytd?", month).orElseThrow())).as("a word the reader knows is read by it")
                .isEqualTo("mean range this year where session = RTH");
        Memory gaps = after("count days in 2025 where session = RTH, gap = up");
        assertThat(render(FollowUps.resolve("а даунов", gaps).orElseThrow())).contains("gap = down");
    }

    @Test
    void aQuestionAboutHowBarbDefinesANotionIsAConceptQuestion() {
        for (String q : List.of("how do you count an inside day, strictly inside or equal highs too?",
                "is your close the cash close or the 17:00 one?", "in your data is a gap the rth open vs the prior close?",
                "что у тебя считается инсайд днем — строго внутри?", "доджи у тебя это когда тело совсем маленькое?",
                "а чем у вас ртх отличается от етх? (а то путаюсь)", "green meaning close over open?")) {
            assertThat(IntentClassifier.classify(q).intent()).as(q).isEqualTo("concept");
        }
        // the same words asking for a number are a data question
        assertThat(IntentClassifier.classify("how do you count inside days in 2024").intent()).isEqualTo("data");
        assertThat(IntentClassifier.classify("сколько у тебя инсайд дней в 2024").intent()).isEqualTo("data");
        // the first shape naming a notion Barb knows, wherever it stands
        assertThat(ConceptCatalog.askedTerm("whats the difference between a doji and a hammer? isnt it the same thing"))
                .isEqualTo("doji");
    }

    private static List<String> steps(String question) {
        return QuestionReader.read(question).steps().stream().map(barb.agents.steps.StepText::render).toList();
    }

    @Test
    void aListOfAsksAfterTheSceneIsOneStepPerAskOnTheSameDays() {
        assertThat(steps("march 2024 in numbers: median daily % change, avg eth range and how many green days"))
                .containsExactly("median change_pct in 2024-03", "mean range in 2024-03 where session = ETH",
                        "count days in 2024-03 where is_green = 1");
        assertThat(steps("за 2023 год по RTH: средний рейндж и сколько было красных дней"))
                .containsExactly("mean range in 2023 where session = RTH",
                        "count days in 2023 where session = RTH, is_red = 1");
        // a period said once, in a later part, is every part's
        assertThat(steps("по гэпам вверх на ртх: какая доля закрывается и сколько было гэпов больше 1%? данные с 2020 года"))
                .hasSize(2).allMatch(step -> step.contains("2020.."));
        // no colon, no list: one ask with two measures stays as it was read
        assertThat(steps("avg range and volume in 2024 rth")).hasSize(1);
    }

    @Test
    void whichHourlyBarComparesTheHoursOfTheDay() {
        assertThat(read("which 1h bar has the widest avg range in rth, 2023")).isEqualTo(
                read("which hour has the widest avg range in rth, 2023")).startsWith("mean range by hour");
        assertThat(read("какой часовой бар на ртх в среднем самый широкий в 2023"))
                .startsWith("mean range by hour").contains("2023");
        // the single biggest bar is still a ranking of bars
        assertThat(read("the biggest 1h bar in 2024")).startsWith("list top 1");
    }

    @Test
    void aRemarkInParenthesesIsNoPartOfTheQuestion() {
        assertThat(read("avg rth range in 2023 vs 2024 (although march was wild, i think)"))
                .isEqualTo(read("avg rth range in 2023 vs 2024"));
        assertThat(read("средний ренж ртх за 2024 (хотя лето, конечно, было тихое)"))
                .isEqualTo(read("средний ренж ртх за 2024"));
        assertThat(QuestionReader.withoutRemarks("гэпы вниз по пятницам? (т.е. перед выходными)"))
                .isEqualTo("гэпы вниз по пятницам?");
        // a refinement in parentheses stays
        assertThat(read("avg range in 2021 (rth only)")).contains("session = RTH");
        assertThat(read("средний ренж за 2024 (лучше медиана, ртх)")).startsWith("median");
        // the statistic named after "rather / лучше" is the one asked for; "лучшие дни" still ranks
        assertThat(read("avg range in 2024 or rather the median, rth")).startsWith("median range");
        assertThat(read("лучшие дни 2024")).startsWith("list top");
    }

    @Test
    void aRedoAsksThePreviousQuestionAgainWithTheSessionOrPeriodItNames() {
        Memory rth = after("mean range in 2022 where session = RTH");
        assertThat(render(FollowUps.resolve("hmm that seems small, redo it for eth", rth).orElseThrow()))
                .isEqualTo("mean range in 2022 where session = ETH");
        assertThat(render(FollowUps.resolve("не верю, пересчитай по всей сессии ETH", rth).orElseThrow()))
                .isEqualTo("mean range in 2022 where session = ETH");
        Memory eth = after("probability of is_green = 1 in 2021.. where weekday = friday");
        // the session named last is the one wanted ("это ведь по ETH? мне нужна RTH")
        assertThat(render(FollowUps.resolve("это же по eth? мне нужна ртх, пересчитай", eth).orElseThrow()))
                .contains("session = RTH").contains("weekday = friday");
        assertThat(render(FollowUps.resolve("do the same for 2019", rth).orElseThrow()))
                .isEqualTo("mean range in 2019 where session = RTH");
    }

    @Test
    void aCountAfterAnotherComputationCountsTheSameDays() {
        Memory streak = after("longest streak of is_green = 1 in 2015.. on 1W bars");
        assertThat(render(FollowUps.resolve("а сколько всего зелёных недель было в 2024?", streak).orElseThrow()))
                .startsWith("count").contains("2024").contains("weekly bars");
    }

    @Test
    void aPeriodBarbCannotDateIsAskedAboutNotLeftOut() {
        Reading election = QuestionReader.read("avg daily range since the merger");
        assertThat(election.clarify()).contains("period:merger");
        assertThat(QuestionReader.read("средний ренж ртх во время паники").clarify()).containsExactly("period:паники");
        // a period Barb knows is no question; a story word after "в" is none either
        assertThat(QuestionReader.read("avg daily rth range since 2021").clarify()).isEmpty();
        assertThat(QuestionReader.read("средний ренж ртх за 2024, я в теме").clarify()).doesNotContain("period:теме");
    }

    @Test
    void aRangeOfMonthsIsOnePeriodOrWithAYearEachOfItsMonths() {
        assertThat(read("avg range february-march 2020 rth")).isEqualTo("mean range in 2020-02..2020-03 where session = RTH");
        assertThat(read("средний ренж ртх февраль–март 2020")).contains("2020-02..2020-03");
        assertThat(read("avg rth range on mondays in nov-feb since 2016"))
                .isEqualTo("mean range in 2016.. where session = RTH, weekday = monday, month in (november, december, january, february)");
    }

    @Test
    void aFollowUpAfterAChatSentenceAndTheSamePeriodKeepThePreviousDays() {
        Memory range = after("mean range in 2021 where session = RTH");
        assertThat(render(FollowUps.resolve("ага, вижу. а медианный?", range).orElseThrow()))
                .isEqualTo("median range in 2021 where session = RTH");
        Memory green = after("probability of is_green = 1 in 2024");
        assertThat(render(FollowUps.inContext("right, and now the average % change on red days vs green days, same year",
                green).orElseThrow())).contains("2024");
        assertThat(render(FollowUps.inContext("средний ренж по понедельникам за тот же период", green).orElseThrow()))
                .contains("2024");
    }

    @Test
    void aHedgedSizeAnswersHowBigAndADirectionSignsAGap() {
        assertThat(render(FollowUps.answer("how many big gaps at the rth open in 2024", "let's say over 0.8%, down")))
                .contains("gap_pct < -0.8").doesNotContain("change");
        assertThat(render(FollowUps.answer("сколько было больших гэпов на ртх в 2024", "ну скажем от 1%, вверх")))
                .contains("gap_pct >");
        // the way said before the size, and "и выше" after it
        assertThat(render(FollowUps.answer("how many big gaps in 2025?", "up more than 0.5%")))
                .contains("gap_pct > 0.5").doesNotContain("change");
        assertThat(render(FollowUps.answer("сколько было больших гэпов на ртх в 2025?", "вниз больше 0.5%")))
                .contains("gap_pct < -0.5");
        assertThat(render(FollowUps.answer("как часто ртх открывается большим гэпом вверх?", "ну от 0.75% и выше")))
                .contains("gap_pct >= 0.75");
    }

    @Test
    void theSentenceThatAsksWhatANotionIsNamesIt() {
        assertThat(ConceptCatalog.askedTerm("что такое доджи? видел в чате, не понял")).isEqualTo("доджи");
        assertThat(IntentClassifier.classify("what's an outside day. someone mentioned it on a stream").intent())
                .isEqualTo("concept");
    }

    @Test
    void thanksWithWordsAroundThemIsSmallTalkUnlessItAsksForSomething() {
        assertThat(SmallTalk.classify("forget it actually, ta")).isNotNull();
        assertThat(SmallTalk.classify("ага, теперь вижу разницу, спасибо")).isEqualTo(SmallTalk.Kind.THANKS);
        assertThat(SmallTalk.classify("спасибо, теперь сравни с 2023")).isNull();
        assertThat(SmallTalk.classify("thanks, show me those days")).isNull();
    }

    @Test
    void daysCountedFromTheDayAreOffsets() {
        assertThat(read("avg % change after fomc, d+1 thru d+3")).contains("1, 2 and 3 days after");
        assertThat(read("что делает нк на д+1 и д+2 после цпи")).contains("1 and 2 days after");
        assertThat(read("avg change t-1 before nfp")).contains("event = nfp").contains("1 days before");
    }

    @Test
    void aWordDefinedByWhatFollowsItIsThatDefinition() {
        assertThat(read("crash = down 3% or more, how many in 2022")).isEqualTo(read("down 3% or more, how many in 2022"));
        // a canonical condition stays a condition
        assertThat(read("days in 2024 where is_green = 1, pattern = inside_day")).contains("inside_day");
    }

    @Test
    void wordsThatLiftAFilterOrNameARunsLengthAskNothing() {
        assertThat(QuestionReader.read("median minutes to fill for rth gap downs in general (any weekday)").clarify())
                .isEmpty();
        assertThat(QuestionReader.read("longest run of green months nq ever strung together").clarify()).isEmpty();
        assertThat(read("avg овн рнж за 2024")).isEqualTo(read("avg overnight range in 2024"));
    }

    @Test
    void anAverageForEachUnitIsOneFigurePerUnit() {
        assertThat(read("mean rth range for each year since 2016")).contains("by year");
        assertThat(read("median volume of each hourly candle in rth 2024")).contains("by hour");
        assertThat(read("средний объем по каждому часу ртх в 2024")).contains("by hour");
        assertThat(read("медианный объем ртх по каждому году с 2016")).contains("by year");
        assertThat(read("средний рейндж ртх по каждому месяцу 2023")).contains("by month");
        // how many days of a kind each unit has is a count per unit, not a mean change
        assertThat(QuestionReader.read("how many red days per quarter in 2022").step().atoms().get(0).what())
                .isEqualTo("days");
        assertThat(QuestionReader.read("сколько было гэпов вниз по годам").step().atoms().get(0).what())
                .isEqualTo("days");
        // a ranking per unit stays the best rows of each unit
        assertThat(read("top 2 days for each year since 2021")).contains("of each year");
    }

    @Test
    void aNamedMarketHolidayIsTheHolidayDaysOfItsMonth() {
        assertThat(read("avg range the day before christmas")).contains("day_before_holiday").contains("december");
        assertThat(read("средний рейндж после дня благодарения")).contains("day_after_holiday").contains("november");
        assertThat(read("avg change on the day before a market holiday")).contains("day_before_holiday")
                .doesNotContain("before where");
    }

    @Test
    void aSceneBeforeADashWithSeveralAsksIsOneStepPerAsk() {
        assertThat(QuestionReader.read("fomc days since 2019 - avg rth range and how often they closed red").steps())
                .hasSize(2);
        assertThat(QuestionReader.read("2023 summary: avg daily change, best day and worst day").steps()).hasSize(3);
        // a condition before the dash asks nothing: one question
        assertThat(QuestionReader.read("small q - when nq gaps up 1%, how often does rth close red?").steps())
                .hasSize(1);
        // "best and worst" is one ask
        assertThat(QuestionReader.read("so - best and worst weekday on average since 2015").steps()).hasSize(1);
    }

    @Test
    void aRunOfNOrMoreWeeksOrMonthsIsCountedOnThoseBars() {
        assertThat(read("how many times 4 or more green weeks in a row")).contains("consecutive green >= 4")
                .contains("weekly");
        assertThat(read("сколько раз было 3+ красных месяца подряд")).contains("consecutive red >= 3")
                .contains("monthly");
    }

    @Test
    void aMultipleInWordsIsTheNumber() {
        assertThat(read("days in 2023 when rth volume was more than double the 20-day average"))
                .contains("volume > 2 x avg 20d");
        assertThat(read("дни когда объем ртх втрое выше среднего")).contains("volume > 3 x avg 20d");
    }

    @Test
    void aYearThanAnotherYearIsAComparison() {
        assertThat(read("was 2019 a calmer year than 2021 in avg rth range")).startsWith("compare")
                .contains("2019").contains("2021");
        assertThat(read("в 2021 средний объем ртх ниже, чем в 2020?")).startsWith("compare");
        // "more than 2000" is a threshold, not a year
        assertThat(read("days of 2024 with volume more than 2000")).contains("volume > 2000");
    }

    @Test
    void aMeasureSpelledOutInParenthesesRestatesIt() {
        Reading r = QuestionReader.read("avg rth range (high minus low) on mondays in 2024");
        assertThat(r.clarify()).isEmpty();
        assertThat(read("avg rth range (high minus low) on mondays in 2024"))
                .isEqualTo(read("avg rth range on mondays in 2024"));
        assertThat(QuestionReader.read("средний рейндж ртх (хай минус лой) за 2023").clarify()).isEmpty();
    }

    @Test
    void aDaysRecapIgnoresSizeWordsInTheStoryAroundIt() {
        assertThat(read("what happened on 2024-08-05? heard there was a massive crash")).startsWith("what happened");
        assertThat(QuestionReader.read("что было 18 декабря 2024? говорят, был сильный обвал").clarify()).isEmpty();
    }

    @Test
    void aRussianComparativeWithTheGenitiveComparesWithTheOtherDays() {
        assertThat(read("в дни фомс объём ртх выше обычного?")).startsWith("compare").contains("is_fomc = 0");
    }

    @Test
    void aLaterSentenceAskingTheMedianTooIsASecondStep() {
        Reading r = QuestionReader.read("avg rth range in 2022? and, if possible, the median for the same period");
        assertThat(r.steps()).hasSize(2);
        assertThat(barb.agents.steps.StepText.render(r.steps().get(1))).contains("median range");
    }

    @Test
    void theWordsOfBarbsOwnAnswersAreConcepts() {
        assertThat(ConceptCatalog.find("what does n in the answer mean?").name()).isEqualTo("sample size");
        assertThat(ConceptCatalog.find("а что такое base_probability в таблице?").name()).isEqualTo("base probability");
        assertThat(ConceptCatalog.find("что такое хай овернайта?").name()).isEqualTo("overnight high");
        assertThat(ConceptCatalog.find("so what's the idea behind 'sell in may' anyway?").name()).isEqualTo("sell in May");
        // how a figure is computed is a question about its definition
        assertThat(ConceptCatalog.definitionAsked("is the 20-day average computed including that day?").name())
                .isEqualTo("20-day average");
        assertThat(IntentClassifier.classify("а среднее за 20 дней считается без сегодняшнего дня?").intent())
                .isEqualTo("concept");
        // a condition on the average stays a data question
        assertThat(IntentClassifier.classify("days in 2024 with rth range above 2x the 20-day average").intent())
                .isEqualTo("data");
    }

    @Test
    void theNDaysAfterAreEachDayUpToTheLast() {
        assertThat(read("avg % change in the 4 days after cpi")).contains("1, 2, 3 and 4 days after");
        assertThat(read("что делает nq в первые 2 дня после нфп")).contains("1 and 2 days after");
        // one day N days later stays that day
        assertThat(read("avg % change 4 days after cpi")).contains("4 days after").doesNotContain("1, 2");
    }

    @Test
    void aMoveOnTheWeekOrMonthIsCountedOnThoseBars() {
        assertThat(read("how often is nq up 3% on the week")).contains("weekly");
        assertThat(read("month over month correlation of % change")).contains("monthly");
        assertThat(read("how did june 2024 do, month as a whole in %")).contains("monthly");
    }

    @Test
    void todayBesideTomorrowInACorrelationIsADayOfTheHistory() {
        assertThat(read("correlation between volume today and range tomorrow on rth"))
                .contains("next day").doesNotContain("today");
        assertThat(read("связь между объёмом сегодня и рейнджем завтра")).contains("next day").doesNotContain("today");
    }

    @Test
    void theNextDayNamedAgainBeforeItsOutcomeOneRowPerGroupAndAMinuteBarsMeasure() {
        assertThat(QuestionReader.read("какой шанс что после зеленого дня следующий тоже будет зеленым").clarify())
                .isEmpty();
        assertThat(read("лучший день каждого года с 2019, по одному дню на год")).contains("top 1");
        assertThat(read("средний объем 15-минутки после открытия ртх")).contains("15m bars");
        // a slot of minutes for the time of the high stays a bucket
        assertThat(read("в какую 30-минутку чаще всего ставится хай дня на ртх")).contains("30-minute buckets");
    }

    @Test
    void politeHedgesAskNothing() {
        for (String q : List.of("distribution of daily % change in 2023, 25 bins if poss",
                "avg rth range in 2022 if possible", "средний рейндж ртх за 2022, если возможно",
                "средний рейндж ртх за 2022 по возможности")) {
            assertThat(QuestionReader.read(q).clarify()).as(q).isEmpty();
        }
    }

    @Test
    void theOtherLevelAskedTooIsASecondStep() {
        List<String> both = steps("how often does rth break the overnight low? and the high too");
        assertThat(both).hasSize(2);
        assertThat(both.get(1)).contains("broke_overnight_high");
        assertThat(steps("как часто ртх пробивает лой овернайта? ну и хай заодно")).hasSize(2);
    }

    @Test
    void walkMeThroughDaysIsTheirRecap() {
        assertThat(read("walk me through 2022-06-13")).startsWith("what happened");
        assertThat(read("разбери мне неделю 10-14 марта 2025")).startsWith("what happened");
    }

    @Test
    void yesterdaysMeasureAndTodaysInACorrelationAreADayAndItsNextDay() {
        assertThat(read("correlation between yesterday's rth volume and today's since 2019"))
                .isEqualTo(read("correlation between rth volume and next day's volume since 2019"));
        assertThat(read("связь вчерашнего объёма ртх и сегодняшнего с 2019")).contains("next day");
    }

    @Test
    void aDaySetAgainstANormalDayIsItsRecapAndDaysAgainstANormalDayAreTheRest() {
        assertThat(read("how did 2025-04-09 stack up vs a normal day?")).startsWith("what happened");
        assertThat(read("avg rth volume on cpi days vs a normal day")).startsWith("compare").contains("is_cpi = 0");
        assertThat(read("средний объём ртх в дни cpi по сравнению с обычным днём")).startsWith("compare")
                .contains("is_cpi = 0").doesNotContain("AFTERNOON");
    }

    @Test
    void askingWhatANotionMeansAnywhereInTheMessageIsAConceptQuestion() {
        assertThat(IntentClassifier.classify("whats an inside day mean, my mentor keeps saying it").intent())
                .isEqualTo("concept");
        assertThat(IntentClassifier.classify("а маробозу это что вообще, коллега упомянул").intent())
                .isEqualTo("concept");
        assertThat(IntentClassifier.classify("is a 5 min bar literally five minutes of trades?").intent())
                .isEqualTo("concept");
        assertThat(ConceptCatalog.definitionAsked("what's p90 in your answer").name()).isEqualTo("percentile");
        assertThat(ConceptCatalog.definitionAsked("что значит mean_minutes у вас в таблице").name())
                .isEqualTo("minutes to fill");
        // a measure of the notion's days, two notions, or the instrument itself stay data or small talk
        assertThat(IntentClassifier.classify("whats the avg volume on opex days").intent()).isEqualTo("data");
        assertThat(ConceptCatalog.definitionAsked("whats the range on inside days")).isNull();
        assertThat(ConceptCatalog.definitionAsked("so whats up with nq lately")).isNull();
        assertThat(ConceptCatalog.definitionAsked("whats nq trading at")).isNull();
        assertThat(ConceptCatalog.definitionAsked("whats the longest run of green months")).isNull();
    }

    @Test
    void goodbyesAndCapabilityQuestionsWithWordsAroundThemAreSmallTalk() {
        assertThat(SmallTalk.classify("ладно, на сегодня всё, до встречи")).isEqualTo(SmallTalk.Kind.BYE);
        assertThat(SmallTalk.classify("good night, heading off to sleep now")).isEqualTo(SmallTalk.Kind.BYE);
        assertThat(SmallTalk.classify("nm haha")).isEqualTo(SmallTalk.Kind.CANCEL);
        assertThat(SmallTalk.classify("а вы вообще что умеете, я только начинаю")).isEqualTo(SmallTalk.Kind.CAPABILITIES);
        assertThat(SmallTalk.classify("so what sorta things can u answer")).isEqualTo(SmallTalk.Kind.CAPABILITIES);
        assertThat(SmallTalk.classify("retired now, stare at screens all day. what can ya do for me?"))
                .isEqualTo(SmallTalk.Kind.CAPABILITIES);
        // a goodbye with a question about data is the question
        assertThat(SmallTalk.classify("last one before bye: avg rth range in 2023?")).isNull();
        assertThat(SmallTalk.classify("что вы можете посчитать по гэпам за 2024")).isNull();
    }

    @Test
    void advicePredictionsAlertsAndCausesAreOutOfScope() {
        assertThat(QuestionReader.read("should i even hold my shorts over cpi").outOfScope()).isNotNull();
        assertThat(QuestionReader.read("time to size up into opex?").outOfScope()).isNotNull();
        assertThat(QuestionReader.read("odds it finishes above 21500 by thursday").outOfScope()).isNotNull();
        assertThat(QuestionReader.read("what is nasdaq going to do after the fed").outOfScope()).isNotNull();
        assertThat(QuestionReader.read("text me when nq breaks the overnight high").outOfScope()).isNotNull();
        assertThat(QuestionReader.read("почему так упало в марте, из-за тарифов?").outOfScope()).isNotNull();
        // history of the same days stays a question
        assertThat(QuestionReader.read("how often did nq close green on cpi days in 2024").outOfScope()).isNull();
    }

    @Test
    void theRecordOrTheMostInARowIsTheLongestRun() {
        assertThat(read("all-time record of green days in a row?")).startsWith("top 1 longest streaks");
        assertThat(read("most down weeks in a row since 2015")).startsWith("top 1 longest streaks");
        assertThat(read("максимум сколько месяцев подряд nq падал")).startsWith("top 1 longest streaks");
        assertThat(read("самая длиная серия красных дней в 2023")).startsWith("top 1 longest streaks");
        // runs without a ranking word are all the runs
        assertThat(read("red days in a row in 2022")).doesNotContain("top 1");
    }

    @Test
    void aSessionOrBucketSaidAfterTheAsksRefinesEveryAsk() {
        List<String> both = steps("when does the rth high usually print and when does the low? 15 min buckets");
        assertThat(both).hasSize(2).allMatch(s -> s.contains("15-minute buckets"));
        assertThat(steps("во сколько обычно хай и во сколько лой? только ртх"))
                .hasSize(2).allMatch(s -> s.contains("session = RTH"));
        assertThat(read("time of the rth low, buckets of 15 minutes")).contains("15-minute buckets");
    }

    @Test
    void aCountOfColouredDaysAndAnotherMeasureAreTwoAsksTheSecondOverAllDays() {
        List<String> two = steps("how many red days in 2023 and avg rth range");
        assertThat(two).hasSize(2);
        assertThat(two.get(1)).contains("mean range in 2023").doesNotContain("is_red");
        assertThat(steps("сколько зелёных дней было в 2024 и средний ренж ртх").get(1)).doesNotContain("is_green");
        // asked about those days, the second keeps their colour
        assertThat(steps("сколько зелёных дней было в 2024 и средний ренж ртх у таких дней").get(1)).contains("is_green");
        assertThat(steps("how many red days in 2023 and the number of green ones")).hasSize(2);
    }

    @Test
    void clockTimesWithoutColonsAreAWindowWhenTheyLookLikeOne() {
        assertThat(read("avg rng 845 to 915 in 2023")).isEqualTo(read("average range from 8:45 to 9:15 in 2023"));
        assertThat(read("avg range 1045-1130 in 2023")).isEqualTo(read("average range from 10:45 to 11:30 in 2023"));
        assertThat(read("count gap downs at the 930 open in 2022")).isEqualTo(read("count gap downs at the 9:30 open in 2022"));
        // points stay points
        assertThat(read("days with a range of 150-245 points in 2023")).doesNotContain("time");
    }

    @Test
    void fromAnHourToTheOpenIsAWindowEndingAtTheCashOpen() {
        assertThat(read("median range from 5am to the cash open in 2022")).contains("time = 05:00-09:30");
        assertThat(read("медианный диапазон с 6 утра до открытия в 2022")).contains("time = 06:00-09:30");
        assertThat(read("avg range from 7pm till the open in 2022")).contains("time = 19:00-09:30");
        // an hour after the open is no window ending at it
        assertThat(read("avg range from 11am to the open in 2022")).doesNotContain("09:30");
    }

    @Test
    void twoDigitYearsSetAgainstEachOtherAreYears() {
        assertThat(read("avg rth volume 21 vs 22 vs 23")).isEqualTo(read("average rth volume 2021 vs 2022 vs 2023"));
        assertThat(read("median eth range 2019 v 2020")).isEqualTo(read("median eth range 2019 vs 2020"));
        // a clock window with "vs" is not a pair of years
        assertThat(read("avg rth range 10-10:30 vs 10:30-11 in 2024")).doesNotContain("2010");
    }

    @Test
    void aRussianListOfDaysLaterReadsEveryDay() {
        assertThat(read("что в среднем на следующий день, через 2 и через 4 дня после гэпа вниз"))
                .isEqualTo(read("что в среднем через 1, 2 и 4 дня после гэпа вниз"));
    }

    @Test
    void theSameColourOnBothDaysIsAConditionAndAnOutcome() {
        assertThat(read("after a red week how often is the next week red"))
                .contains("where is_red = 1").contains("probability of is_red = 1");
        assertThat(read("после красного дня как часто следующий тоже красный"))
                .contains("where is_red = 1").contains("probability of is_red = 1");
        assertThat(read("after 4 red days in a row, how often is the next day red too"))
                .startsWith("probability of is_red = 1").contains("consecutive red");
        // said twice on one day, it is the outcome alone
        assertThat(read("how often does rth close red (close < open) on fridays")).doesNotContain("where is_red");
    }

    @Test
    void aWhenQuestionAfterABreakOfTheOvernightLevelInTheSameMessageIsTheTimeOfTheBreak() {
        List<String> steps = QuestionReader.read("how often does rth break the ovn low, and when does it usually happen?")
                .steps().stream().map(barb.agents.steps.StepText::render).toList();
        assertThat(steps).hasSize(2);
        assertThat(steps.get(1)).contains("what time is the overnight low broken");
    }

    @Test
    void aSignedPercentBeforeDayIsTheDaysChange() {
        assertThat(read("avg range the day after a -2.5% day")).contains("change_pct <= -2.5");
        assertThat(read("how often is the next day green after a +2% session")).contains("change_pct >= 2");
    }

    @Test
    void aPatternTheNextDayShowsIsTheOutcome() {
        assertThat(read("outside days on rth - how often is the next day an inside day?"))
                .startsWith("probability of is_inside = 1 next day").contains("outside_day");
    }

    @Test
    void percentilesListedWithSlashesAreThePercentiles() {
        assertThat(read("percentiles of the rth range in 2023, say 10/50/90")).contains("10").contains("90")
                .startsWith("distribution");
        assertThat(read("percentiles of the rth range in 2023, say 10/50/90"))
                .isEqualTo(read("the 10, 50 and 90 percentiles of the rth range in 2023"));
    }

    @Test
    void aListOfAsksMayBeJoinedByPlusOrEndWithTheNumberOf() {
        assertThat(QuestionReader.read("cpi days since 2020, rth: median range + how many closed green").steps())
                .hasSize(2);
        assertThat(QuestionReader.read("2023 in brief, rth: avg range, avg volume, and # of red days").steps())
                .hasSize(3);
    }

    @Test
    void aVagueSizeInACorrelationAsksNothing() {
        assertThat(QuestionReader.read("correlation of the gap and the rth change? do big gaps fade").clarify())
                .doesNotContain("threshold");
        assertThat(QuestionReader.read("how many big gap downs in 2023").clarify()).contains("threshold");
    }

    @Test
    void theEndOfAChatForTodayNamesNoDay() {
        assertThat(SmallTalk.classify("ok that's all for today, thanks a lot, ttyl")).isNotNull();
        assertThat(SmallTalk.classify("спасибо, на сегодня все")).isNotNull();
    }

    @Test
    void thanksWithAReactionToTheAnswerIsThanks() {
        assertThat(SmallTalk.classify("ого ртх прям монстр, спасибки!!")).isEqualTo(SmallTalk.Kind.THANKS);
        assertThat(SmallTalk.classify("wow the overnight is wild, thanks")).isEqualTo(SmallTalk.Kind.THANKS);
        // a question after the thanks is asked
        assertThat(SmallTalk.classify("wow thanks, and rth?")).isNull();
        assertThat(SmallTalk.classify("а что ты вообще умеешь считать?")).isEqualTo(SmallTalk.Kind.CAPABILITIES);
    }

    @Test
    void aRussianAlertIsAboutPricesToCome() {
        assertThat(QuestionReader.read("поставь алерт когда нас упадет на 2%").outOfScope()).isNotNull();
        assertThat(QuestionReader.read("кинь уведомление если nq пробьет 25000").outOfScope()).isNotNull();
    }

    @Test
    void aNotionNamedHalfInEnglishHalfInRussianIsTheNotion() {
        assertThat(ConceptCatalog.askedTerm("что такое ovn лой?")).isNotNull();
    }

    @Test
    void aUnitSaidForOneAskOfAListIsNotTheOthers() {
        List<String> steps = QuestionReader.read("итоги ноября: ср изменение в %, ср рейндж ртх и сколько было зеленых дней")
                .steps().stream().map(barb.agents.steps.StepText::render).toList();
        assertThat(steps).hasSize(3);
        assertThat(steps.get(1)).contains("mean range").doesNotContain("range_pct");
        assertThat(steps.get(2)).startsWith("count");
    }

    @Test
    void russianMonthsCutShortMakeARangeOfMonths() {
        assertThat(read("ср рейндж ртх окт-дек 2022")).isEqualTo(read("средний рейндж ртх октябрь-декабрь 2022"))
                .contains("2022-10..2022-12");
    }

    @Test
    void aSideSaidTwiceIsOneSide() {
        assertThat(read("объём ночью vs в основную? сравни средний объём овернайта и ртх за 2023"))
                .isEqualTo("compare mean volume in 2023: where session = OVERNIGHT vs where session = RTH");
    }

    @Test
    void howManyOfTheGapsFilledIsACountOfFilledGaps() {
        List<String> steps = QuestionReader.read("сколько гэпов вниз больше 1% было на ртх в 2023? и сколько из них закрылись")
                .steps().stream().map(barb.agents.steps.StepText::render).toList();
        assertThat(steps).hasSize(2);
        assertThat(steps.get(1)).startsWith("count").contains("gap_filled = 1");
        // how long the fill takes is not a count
        assertThat(read("гэпы вниз на ртх с 2023: сколько минут обычно уходит до закрытия")).doesNotStartWith("count");
    }

    @Test
    void listThemAfterACountListsTheSameDays() {
        List<String> steps = QuestionReader.read("2023 eth: how many inside days, and list them").steps().stream()
                .map(barb.agents.steps.StepText::render).toList();
        assertThat(steps).hasSize(2);
        assertThat(steps.get(1)).startsWith("list").contains("inside_day");
    }

    @Test
    void aSessionSaidAtTheEndOfTwoAsksIsBoth() {
        List<String> steps = QuestionReader.read("median range and the number of green days on rth in 2022").steps()
                .stream().map(barb.agents.steps.StepText::render).toList();
        assertThat(steps).hasSize(2).allMatch(step -> step.contains("session = RTH"));
    }

    @Test
    void aMonthClosingDownIsTheMonthsCandle() {
        assertThat(read("в скольких % случаев май закрывался в минус с 2012?")).contains("monthly bars");
    }

    @Test
    void howManyPercentAfterASuperlativeIsItsSize() {
        assertThat(read("самый большой рост за день в 2023? дата и сколько %")).startsWith("list top 1")
                .contains("descending");
    }

    @Test
    void shortMonthNamesSetAgainstEachOtherAreMonths() {
        assertThat(read("avg daily change mar vs apr 2024")).isEqualTo(read("avg daily change march vs april 2024"))
                .startsWith("compare");
    }

    @Test
    void aComparativeBetweenTwoSidesComparesThem() {
        assertThat(read("is the eth range wider on mondays or on fridays")).startsWith("compare")
                .doesNotContain("change_pct > 0");
        assertThat(read("объем выше по вторникам или по четвергам?")).startsWith("compare");
    }

    @Test
    void anotherMeasureTooIsASecondAsk() {
        assertThat(QuestionReader.read("median rth volume in 2022 and the range too").steps()).hasSize(2);
        assertThat(QuestionReader.read("ср объем на ртх за 2022 и ренж тоже").steps()).hasSize(2);
    }

    @Test
    void whatFollowsIeSaysTheQuestionExactly() {
        assertThat(read("is there any momentum day to day in 2023? i.e. correlation of the change with the next day's change"))
                .startsWith("correlation").contains("2023");
        // an example after "то есть" asks nothing of its own and leaves the question as it was
        assertThat(read("есть ли связь между гэпом и изменением за день? то есть если открылись вверх то и закрылись вверх?"))
                .isEqualTo(read("есть ли связь между гэпом и изменением за день?"));
    }

    @Test
    void verbsThatOnlySayWhatNqDoesAskNothing() {
        assertThat(read("what does nq usually do the day after nfp comes out"))
                .isEqualTo(read("what does nq usually do the day after nfp"));
        assertThat(read("что нк обычно делает на следующий день после cpi"))
                .isEqualTo(read("что на следующий день после cpi"));
        assertThat(read("сколько в среднем пунктов ходит нк за ртх в 2023")).startsWith("mean range");
    }

    @Test
    void aPeriodSinceAnEventBarbCannotDateIsAskedAbout() {
        assertThat(QuestionReader.read("средний объем ртх после референдума").clarify())
                .anyMatch(c -> c.startsWith(StepBuilder.UNKNOWN_PERIOD));
    }

    @Test
    void theDayAfterARunNamedByItsNumberIsTheNextDay() {
        assertThat(read("if nq goes green 4 days straight whats the odds day 5 is red"))
                .isEqualTo("probability of is_red = 1 next day where consecutive green >= 4");
        assertThat(read("если нк рос 4 дня подряд какая вероятность что на 5й день он упадет"))
                .startsWith("probability of change_pct < 0 next day").contains("consecutive green >= 4");
    }

    @Test
    void whyNqMovedIsAQuestionAboutCauses() {
        assertThat(QuestionReader.read("why did nq tank on march 9 2020?").outOfScope()).isNotNull();
        // how it moved that day is data
        assertThat(QuestionReader.read("how did nq move on march 9 2020?").outOfScope()).isNull();
    }

    @Test
    void aShortenedHowManyStartsASecondAsk() {
        assertThat(QuestionReader.read("ср рейндж ртх по пт за 2023?? и скок из них были красные").steps()).hasSize(2);
    }

    @Test
    void aQuarterWithoutAYearNextToALongerPeriodIsThatQuarterOfEveryYear() {
        assertThat(read("median daily % change in q1 for each year since 2016 eth"))
                .contains("month in (january, february, march)").contains("by year");
    }

    @Test
    void ofTwoMeasuresTheOneTheStatisticIsTakenOfIsAsked() {
        assertThat(read("median of daily rth range by weekday since 2019, for a volume study"))
                .isEqualTo(read("median of daily rth range by weekday since 2019"));
        // two measures named together are both asked
        assertThat(read("avg range and volume on rth in 2024")).startsWith("compare");
    }

    @Test
    void theQuestionAfterAStoryStartsAtItsMarker() {
        assertThat(read("рынок сегодня вымотал. ладно, к делу: сколько красных вторников было в 2023?"))
                .isEqualTo(read("сколько красных вторников было в 2023?"));
    }

    @Test
    void theTradingFloorsWordsAreTheRegularSessionAndTheClose() {
        assertThat(read("avg pit session range in 2023")).isEqualTo(read("avg rth range in 2023"));
        assertThat(read("how often did the pit session settle above where it opened in 2021"))
                .isEqualTo(read("how often did rth close green in 2021"));
        // where someone stood is no session
        assertThat(read("i worked in the pit for years. avg range in 2023 full session")).doesNotContain("RTH");
    }

    @Test
    void aCloseAgainstThePreviousBarsCloseIsADirectionNotAPeriod() {
        assertThat(read("what % of weeks since 2015 closed above the prior week's close"))
                .startsWith("probability of change_pct > 0").doesNotContain("last week");
    }

    @Test
    void aYearFollowedByOnIsSinceThatYear() {
        assertThat(read("avg rth range by year, 2016 onwards")).isEqualTo(read("avg rth range by year since 2016"));
        assertThat(read("median gap by weekday, 2019 on")).isEqualTo(read("median gap by weekday since 2019"));
        // "on" before what the year is about is no "since"
        assertThat(read("avg rth range in 2019 on mondays")).contains("in 2019 ");
    }

    @Test
    void aPointMoveIsMeasuredInPoints() {
        assertThat(read("largest single day point gain since 2020")).contains("change in points");
    }

    @Test
    void londonsOpenInRussianIsTheLondonOpen() {
        assertThat(read("ср рейндж на открытии лондона в 2024")).contains("LONDON_OPEN");
        assertThat(read("европейское открытие: средний диапазон за 2023")).contains("LONDON_OPEN");
    }

    @Test
    void theOvernightLevelInItsShortRussianFormIsTheOvernightLevel() {
        assertThat(read("как часто ртх снимает лой овна в 2022")).contains("broke_overnight_low");
    }

    @Test
    void anotherStatisticOfTheSameMeasureIsAnotherAsk() {
        assertThat(QuestionReader.read("avg overnight range in 2022 and the max range").steps()).hasSize(2);
        assertThat(QuestionReader.read("средний рейндж ртх за 2021? и макс рейндж").steps()).hasSize(2);
    }

    @Test
    void aQuoteRightThisMinuteIsALivePrice() {
        assertThat(QuestionReader.read("where is nasdaq trading right this minute?").outOfScope()).isNotNull();
        assertThat(QuestionReader.read("can u gimme a quote on nq").outOfScope()).isNotNull();
    }

    @Test
    void howMovesWereSpreadOutIsTheirDistribution() {
        assertThat(read("how were daily rth ranges spread out in 2023, 15 bins")).startsWith("distribution of range in 15 bins");
    }

    @Test
    void aPercentBeforeAColourIsTheShareOfThatColour() {
        assertThat(read("fomc days: % red on rth since 2016?")).startsWith("probability of is_red = 1");
    }

    @Test
    void aNumberOfTheStoryIsNotFoundInsideAYearOfTheQuestion() {
        assertThat(read("used to trade a 20 lot back then, good times. opex fridays: avg rth range since 2020?"))
                .isEqualTo(read("opex fridays: avg rth range since 2020?"));
    }

    @Test
    void russianBarNounsAreTheBarSize() {
        assertThat(read("ср рейндж 15-минуток на ртх в 2024")).contains("on 15m bars");
    }

    @Test
    void aChangePerMonthIsTheMonthsOwnChange() {
        assertThat(read("среднее изменение в % за месяц по годам")).contains("on monthly bars");
        assertThat(read("median % change per month since 2018")).contains("on monthly bars");
    }

    @Test
    void aRunOfAtLeastSoManyDaysEachBeyondAThreshold() {
        assertThat(read("серии 4+ дня подряд с ростом больше 1% каждый день за 2021"))
                .contains("at least 4 days").contains("change_pct > 1");
        assertThat(QuestionReader.read("серии 4+ дня подряд с ростом больше 1% каждый день за 2021").clarify()).isEmpty();
    }

    @Test
    void minutesUntilTheGapClosesInRussianAreTheMinutesToFill() {
        assertThat(read("средние минуты до заполнения гэпа на ртх в 2023")).contains("gap_fill_minutes");
    }

    @Test
    void aWordInQuotesIsATermToAskAbout() {
        assertThat(QuestionReader.read("how many 'squeeze days' on rth in 2022").clarify()).contains("term:squeeze");
        assertThat(QuestionReader.read("сколько «пилообразных» дней на ртх в 2022").clarify())
                .contains("term:пилообразных");
    }

    @Test
    void theNextOneAfterARunOfDaysIsTheNextDay() {
        assertThat(read("after 4 red days how likely is the next one green")).startsWith("probability of is_green = 1 next day");
    }

    @Test
    void aMonthWithATwoDigitYearAndItsEndingIsThatMonth() {
        assertThat(read("ср рейндж ртх октябрь 22го")).isEqualTo(read("ср рейндж ртх октябрь 2022"));
    }

    @Test
    void numbersApartByASpaceAreAList() {
        assertThat(read("что делает нас через 1 3 и 10 дней после нфп")).contains("1, 3 and 10 days after");
    }

    @Test
    void theEventsDayItselfNamedAtTheEndIsTheDayItself() {
        assertThat(read("and on nfp day itself?")).contains("0 days after");
    }

    @Test
    void daysPickedAgainstTheirOwnAverageAreListedBiggestFirst() {
        assertThat(read("list days in 2024 when rth volume was over 1.5x its 20 day avg"))
                .startsWith("list days by volume descending").doesNotContain("top");
    }

    @Test
    void aQuestionAboutTwoNotionsOrACheckedDefinitionIsAConcept() {
        // own sentences of the class: several notions named, a possessive, "what is X and Y, and the difference"
        assertThat(IntentClassifier.classify("long story, but whats the difference between your rth and globex?")
                .intent()).isEqualTo("concept");
        assertThat(IntentClassifier.classify("слушай, объясни что такое доджи и марубозу, в чем разница?").intent())
                .isEqualTo("concept");
        assertThat(IntentClassifier.classify("so the median there = the middle day of the sample, right?").intent())
                .isEqualTo("concept");
        assertThat(ConceptCatalog.find("что такое перцентили тут, p10 p90")).isNotNull();
        // a measure of two sessions is still data
        assertThat(IntentClassifier.classify("what is the avg range of rth and eth in 2024").intent()).isEqualTo("data");
    }

    @Test
    void thanksWithACompliment() {
        assertThat(SmallTalk.classify("thanks man, best analyst i ever worked with")).isEqualTo(SmallTalk.Kind.THANKS);
        assertThat(SmallTalk.classify("thanks, and the avg range ever?")).isNull();
    }

    @Test
    void aRunAfterAfterIsTheConditionAndHowOftenARunHappensCountsRuns() {
        Reading run = QuestionReader.read("after 2 down days in a row, whats the chance of a green day next");
        assertThat(run.step().operation()).isEqualTo("probability");
        assertThat(render(run)).contains("consecutive red >= 2");
        assertThat(run.step().params().get("offset").asInt()).isEqualTo(1);
        // the run is what is counted, not the share of single down days
        Reading runs = QuestionReader.read("how often has nq fallen 5 days in a row");
        assertThat(runs.step().operation()).isEqualTo("streak");
        assertThat(runs.step().params().get("min_length").asInt()).isEqualTo(5);
        // colour, a verb, the number: "если зеленых было 3 подряд", and "следующий" with its colour is the next day
        Reading russian = QuestionReader.read("если зеленых было 3 подряд, как часто следующий красный");
        assertThat(render(russian)).contains("consecutive green >= 3");
        assertThat(russian.step().params().get("offset").asInt()).isEqualTo(1);
        assertThat(russian.ignored()).isEmpty();
        // the colour of the day after the run asked about: never a run that is both down and green
        Reading fourth = QuestionReader.read("after 4 down days in a row, is the 5th day green");
        assertThat(fourth.step().operation()).isEqualTo("probability");
        assertThat(render(fourth)).contains("consecutive red >= 4").doesNotContain("change_pct < 0");
        // a coloured hour is an hourly bar
        assertThat(QuestionReader.read("after a green hour how often is the next one red").step().atoms().get(0)
                .timeframe()).isEqualTo("1h");
    }

    @Test
    void aNamedDayIsItsRecapWhateverTheStorySaysAroundIt() {
        // "pull up" is a verb, not a rising day; "vix" only says which day it was when NQ is what is asked about
        assertThat(QuestionReader.read("pull up 2022-06-13 for me").step().operation()).isEqualTo("snapshot");
        assertThat(QuestionReader.read("2022-06-13, the big selloff. show me that day").step().operation())
                .isEqualTo("snapshot");
        assertThat(QuestionReader.read("what did nq do on 2020-03-16 when the vix spiked").step().operation())
                .isEqualTo("snapshot");
        assertThat(QuestionReader.read("what did the vix do on 2020-03-16").outOfScope()).contains("VIX");
    }

    @Test
    void blackFridayIsTheDayAfterThanksgivingNotEveryFriday() {
        String black = render(QuestionReader.read("black friday: avg range since 2016"));
        assertThat(black).contains("day_after_holiday").contains("november").doesNotContain("friday");
    }

    @Test
    void aMemoryWithItsOwnPeriodBeforeAQuestionWithAnotherIsLeftOut() {
        assertThat(read("2020 felt like 2008 all over again. top 5 worst days of 2020?"))
                .isEqualTo(read("top 5 worst days of 2020?"));
        // without a period of its own the question keeps the story's
        assertThat(read("2022 was brutal for me. what was the avg rth range?")).contains("2022");
        // a question that names nothing is not read without its story
        assertThat(QuestionReader.read("i was a clerk back then. what did nq do?").step())
                .matches(step -> step == null || !QuestionReader.isBareList(step));
    }

    @Test
    void theColourADayClosesWithIsTheOutcomeOfTheDaysNamedBeforeIt() {
        Reading english = QuestionReader.read("how often does a gap down day close red");
        assertThat(english.step().params().get("outcome").asText()).isEqualTo("is_red = 1");
        assertThat(render(english)).contains("gap = down");
        Reading russian = QuestionReader.read("как часто гэп вниз закрывается красным днём");
        assertThat(russian.step().params().get("outcome").asText()).isEqualTo("is_red = 1");
        // "днём" after a colour is the day, not the afternoon
        assertThat(render(russian)).doesNotContain("AFTERNOON");
        // "what % close green": a share, not a list
        assertThat(QuestionReader.read("fomc days: what % close red since 2018").step().operation())
                .isEqualTo("probability");
    }

    @Test
    void softSignTyposSingularSuperlativesAndWhichWayAComparisonWent() {
        // "обьем" with a soft sign is the volume, also as the measure of a relative threshold
        assertThat(read("средний обьем на ртх в 2024")).isEqualTo(read("средний объем на ртх в 2024"));
        assertThat(read("дни когда обьем был больше чем в 3 раза выше среднего за 20 дней"))
                .contains("volume > 3 x avg 20d");
        // one day asked for is one row
        assertThat(QuestionReader.read("самый спокойный день 2023 на ртх").step().params().get("n").asInt())
                .isEqualTo(1);
        assertThat(QuestionReader.read("the most volatile days of 2023").step().params().get("n").asInt())
                .isEqualTo(10);
        // "вырос или нет", "higher or lower": which way it went is asked, no rising days are picked
        assertThat(read("средний объем ртх 2023 vs 2022, вырос или нет")).doesNotContain("change");
        assertThat(read("avg rth range 2023 vs 2022, higher or lower?")).doesNotContain("change");
        // "the avg opening range" measures the range of the first hour
        assertThat(render(QuestionReader.read("avg opening range in 2023"))).startsWith("mean range");
    }

    @Test
    void everyDayOfTheHistoryIsNeverTheAnswerToAMessageThatAsksNothing() {
        assertThat(QuestionReader.read("give me the numbers").clarify()).containsExactly("goal");
        assertThat(QuestionReader.read("ну как обычно").step()).isNull();
        assertThat(QuestionReader.read("list all rth days").step().operation()).isEqualTo("list");
    }

    @Test
    void aSizeCorrelatedWithAChangeInPercentIsInPercentToo() {
        assertThat(read("correlation between the gap and the day's change")).contains("gap_pct with change_pct");
        // a unit said is kept
        assertThat(read("correlation of the gap in points and the day's change")).doesNotContain("gap_pct");
    }

    @Test
    void aBareNumberAfterAQuestionAboutARunIsTheRunsLength() {
        Memory run = after("probability of is_green = 1 next day where consecutive red >= 3");
        assertThat(render(FollowUps.resolve("а 4?", run).orElseThrow())).contains("consecutive red >= 4");
        assertThat(render(FollowUps.resolve("what about 6+", run).orElseThrow())).contains("consecutive red >= 6");
        // with another number in the question the bare number could mean either
        Memory twoNumbers = after("count days where consecutive red >= 3, change_pct < -1");
        assertThat(FollowUps.resolve("а 4?", twoNumbers).map(r -> render(r)).orElse(""))
                .doesNotContain("consecutive red >= 4");
    }

    @Test
    void spokenRussianDefinitionQuestionsAndTheWorstMonth() {
        assertThat(IntentClassifier.classify("марубозу это че такое").intent()).isEqualTo("concept");
        assertThat(IntentClassifier.classify("че такое опекс вообще").intent()).isEqualTo("concept");
        Reading month = QuestionReader.read("лучший месяц 2023 по изменению в %");
        assertThat(month.step().atoms().get(0).timeframe()).isEqualTo("1M");
        assertThat(month.step().params().get("n").asInt()).isEqualTo(1);
    }

    @Test
    void aThresholdInParenthesesTheNextMorningAndTheLargestAverage() {
        assertThat(read("avg change the next 2 days after a big gap up (more than 1.5%)")).contains("gap_pct > 1.5");
        Reading morning = QuestionReader.read("after 2 red days in a row whats the chance of a gap down next morning");
        assertThat(render(morning)).doesNotContain("MORNING");
        assertThat(morning.step().params().get("offset").asInt()).isEqualTo(1);
        // the trader's own clock beside New York's restates it
        assertThat(QuestionReader.read("avg range 9:30-10:30 ny time, 3pm for me, in 2024").clarify()).isEmpty();
        // "max avg range": the hours ranked by their average, not the largest range
        Reading hours = QuestionReader.read("which hour has the max avg range in rth? i am thinking the first one");
        assertThat(hours.step().params().get("aggregate").asText()).isEqualTo("mean");
        assertThat(hours.step().atoms()).hasSize(1);
    }

    @Test
    void numberedAsksAreReadOneByOneAndAFollowUpOfTheSameDaysFollowsTheLast() {
        Reading two = QuestionReader.read("two qs: (1) how many outside days in 2024 (2) what % of them closed red");
        assertThat(two.step().operation()).isEqualTo("count");
        assertThat(two.more()).hasSize(1);
        assertThat(render(new Reading(two.more().get(0), List.of(), null, List.of(), null)))
                .contains("is_red = 1").contains("outside");
        Memory both = after("count days in 2024 where pattern = outside_day" + FollowUps.STEP_SEPARATOR
                + "probability of is_red = 1 in 2024 where pattern = outside_day");
        assertThat(render(FollowUps.resolve("and next day red %?", both).orElseThrow()))
                .contains("next day").contains("outside_day");
    }

    @Test
    void aMoveOfEitherSignIsAskedForEachDirection() {
        // it was a share of rises among falls of more than 2 %: a plan of another question
        Reading r = QuestionReader.read("how often does nq close up or down more than 1.5% in 2023");
        assertThat(r.step().params().get("outcome").asText()).isEqualTo("change_pct > 1.5");
        assertThat(r.more()).hasSize(1);
        assertThat(r.more().get(0).params().get("outcome").asText()).isEqualTo("change_pct < -1.5");
        Reading ru = QuestionReader.read("сколько дней в 2024 нк двигался больше чем на 3% в любую сторону");
        assertThat(render(ru)).contains("change_pct > 3");
        assertThat(ru.more()).hasSize(1);
    }

    @Test
    void theGroupWithTheMostDaysOfAKindCountsThem() {
        Reading r = QuestionReader.read("which month has the most green days since 2020");
        assertThat(r.step().operation()).isEqualTo("group");
        assertThat(r.step().atoms().get(0).what()).isEqualTo("days");
        assertThat(r.step().params().has("aggregate")).isFalse();
        assertThat(QuestionReader.read("в какой день недели больше всего гэпов вниз").step().atoms().get(0).what())
                .isEqualTo("days");
        // the most volatile is a measure, not a count
        assertThat(QuestionReader.read("which weekday has the most volatile sessions in rth").step().atoms().get(0)
                .what()).isEqualTo("range");
    }

    @Test
    void aBareNumberNextToARankingWordIsHowManyDaysItShows() {
        assertThat(read("largest 7 gap downs in 2023")).isEqualTo(read("top 7 gap downs in 2023"))
                .contains("top 7 days");
        assertThat(read("по 4 самых сильных роста в каждом году с 2019")).contains("top 4 days").contains("of each year");
        assertThat(QuestionReader.read("biggest 3 rth ranges since 2021").clarify()).as("no number asked about").isEmpty();
        assertThat(read("biggest drop of 2022 after 3 red days")).as("a number of a condition stays one")
                .contains("consecutive red >= 3");
    }

    @Test
    void theSameColourAfterAnIfIsTheConditionNotTheOutcomeSaidTwice() {
        assertThat(read("odds the next day closes red if today closed red, since 2019")).contains("is_red = 1 next day")
                .contains("where is_red = 1");
    }

    @Test
    void theNDaysAfterIsEachDayAndAnNDayStreakIsARun() {
        assertThat(read("how did nq trade the 4 days after fomc since 2020")).contains("1, 2, 3 and 4 days after");
        assertThat(read("avg change 4 days after fomc since 2020")).contains("4 days after")
                .doesNotContain("1, 2, 3");
        assertThat(read("next day after a 6 day winning streak")).contains("consecutive green >= 6");
        assertThat(read("что после 4-дневной серии красных")).contains("consecutive red >= 4");
    }

    @Test
    void aNewOutcomeOfAShareReplacesTheOldOneInsteadOfBecomingACondition() {
        Memory gap = after(read("when rth gaps up more than 0.5%, how often does it close red? since 2018"));
        assertThat(render(FollowUps.resolve("and how often does the gap fill on those days", gap).orElseThrow()))
                .contains("gap_pct > 0.5").doesNotContain("is_red");
    }

    @Test
    void aMoveNamingAnEventBelongsToTheEventAndItsDateStartsTheDaysSinceIt() {
        Reading rally = QuestionReader.read("median range since the election rally");
        assertThat(rally.clarify()).contains("period:election rally");
        assertThat(read("median range since the election rally")).doesNotContain("change_pct");
        assertThat(render(FollowUps.answer("how many red days since the brexit selloff", "june 24 2016", "period")))
                .isEqualTo("count days in 2016-06-24.. where is_red = 1");
        // during an event, the date given is the days themselves
        assertThat(render(FollowUps.answer("how many red days during the brexit selloff", "june 24 2016", "period")))
                .isEqualTo("count days in 2016-06-24 where is_red = 1");
    }

    @Test
    void aReasonAfterTheQuestionAsksNothing() {
        assertThat(read("avg rth range in % in 2024 since prices are way higher now"))
                .isEqualTo(read("avg rth range in % in 2024"));
        assertThat(read("avg rth range in 2024 because vol keeps dropping")).isEqualTo(read("avg rth range in 2024"));
        assertThat(read("средний ренж ртх за 2023 в процентах а то цена с тех пор выросла"))
                .isEqualTo(read("средний ренж ртх за 2023 в процентах"));
        assertThat(read("а то же самое за 2023")).as("\"а то же\" is the same again, no reason").contains("2023");
        // a date or a past after "since" is the period
        assertThat(read("avg rth range since 2020")).contains("2020..");
    }

    @Test
    void aDirectionInAComparisonOfAMeasureAsksWhichSideIsBiggerUnlessItNamesDays() {
        assertThat(read("compare avg volume 2022 vs 2023, is volume falling?"))
                .isEqualTo(read("compare avg volume 2022 vs 2023"));
        assertThat(read("средний объём ртх 2021 против 2023 — падает?")).isEqualTo(read("средний объём ртх 2021 против 2023"));
        assertThat(read("compare avg volume on down days 2022 vs 2023")).contains("change_pct < 0");
    }

    @Test
    void aBareUsualRightAfterVersusIsTheOtherDays() {
        assertThat(read("дни цпи vs обычные: средний рейндж ртх с 2021"))
                .isEqualTo(read("дни цпи против обычных дней: средний рейндж ртх с 2021")).contains("is_cpi = 0");
        assertThat(read("cpi vs normal - avg rth range since 2021")).contains("is_cpi = 0");
        // "usual" elsewhere still asks for the usual values
        assertThat(read("обычный рейндж ртх в 2021")).startsWith("distribution");
    }

    @Test
    void aMeasureOnTheWeekdayAfterAConditionOnTheDayBeforeIsTheNextDay() {
        assertThat(read("when wednesday falls 1.5%, what does thursday do on average"))
                .isEqualTo(read("when wednesday falls 1.5%, what does the next day do on average"))
                .contains("weekday = wednesday");
        assertThat(read("если в пятницу рост больше 1% — что в понедельник? средний рейндж ртх"))
                .contains("after").contains("weekday = friday");
        // two kinds of day, no day after the other
        assertThat(read("avg range on green mondays and tuesdays rth")).contains("weekday in (monday, tuesday)");
    }

    @Test
    void moreOftenUpOrDownIsAShareOfTheFirstWay() {
        assertThat(read("после доджи на следующий день нк чаще растет или падает?"))
                .startsWith("probability of change_pct > 0 next day").doesNotContain("change_pct < 0");
        assertThat(read("after a doji does nq more often go up or down the next day"))
                .isEqualTo(read("after a doji how often does nq go up the next day"));
        // "green or red days" that are no share stay days of either colour
        assertThat(read("how many green or red days in 2024")).contains("is_red = 1");
    }

    @Test
    void theLaterWeekdayOfADayAfterOnlyNamesTheNextDay() {
        assertThat(read("is tuesday more often red after a red monday"))
                .isEqualTo(read("after a red monday how often is the next day red"));
    }

    @Test
    void theLastHourBeforeTheCashCloseIsTheNewYorkClose() {
        assertThat(read("median range in the last hour before the 4pm close, 2023")).contains("session = NY_CLOSE");
        assertThat(read("медианный рейндж в последний час перед закрытием в 16:00 за 2023")).contains("session = NY_CLOSE");
        // the last hour of RTH (09:30–17:00) stays RTH's
        assertThat(read("median range in the last hour of rth, 2023")).contains("session = RTH_CLOSE");
        assertThat(read("медианный рейндж лондон опен за 2023")).contains("session = LONDON_OPEN");
    }

    @Test
    void aRussianPeriodInTheGenitiveIsThePeriod() {
        assertThat(read("топ 5 самых спокойных дней прошлого года на ртх")).contains("last year");
        assertThat(read("медианный объем прошлого месяца")).isEqualTo(read("медианный объем за прошлый месяц"));
    }

    @Test
    void aSizeWithNoNumberAsksHowBigWhereverItStands() {
        assertThat(QuestionReader.read("how often does nq gap big at the cash open?").clarify()).contains("threshold");
        assertThat(QuestionReader.read("how often does nq have a huge week").clarify()).contains("threshold");
        assertThat(QuestionReader.read("как часто гэп большой на открытии ртх").clarify()).contains("threshold");
        // a ranking or a name is no size to ask about
        assertThat(QuestionReader.read("какой день недели самый жирный по рейнджу на ртх за 2024").clarify())
                .doesNotContain("threshold");
        assertThat(QuestionReader.read("show me the big days in 2025").clarify()).doesNotContain("threshold");
    }

    @Test
    void theOtherOvernightLevelNamedInAFollowUpReplacesTheFirstOnesBreak() {
        Memory memory = after("probability of broke_overnight_high = 1 same day where session = RTH");
        assertThat(render(FollowUps.resolve("а с лоем овернайта то же самое", memory).orElseThrow()))
                .startsWith("probability of broke_overnight_low = 1").doesNotContain("broke_overnight_high");
    }

    @Test
    void aColourSaidAsAConditionInAFollowUpChangesTheConditionNotTheOutcome() {
        Memory monday = after("probability of is_green = 1 next day where is_red = 1, weekday = monday");
        assertThat(render(FollowUps.resolve("and if monday was green", monday).orElseThrow()))
                .isEqualTo("probability of is_green = 1 next day where is_green = 1, weekday = monday");
        Memory friday = after("probability of is_green = 1 next day where is_red = 1, weekday = friday");
        assertThat(render(FollowUps.resolve("а если пятница зеленая?", friday).orElseThrow()))
                .contains("where is_green = 1, weekday = friday");
    }

    @Test
    void whatTheDayAfterAConditionShowsIsTheOutcome() {
        assertThat(read("how often is the day after a red day green"))
                .isEqualTo(read("how often is the next day green after a red day"));
        assertThat(read("how often is the session after a gap up red")).startsWith("probability of is_red = 1 next day")
                .contains("gap = up");
    }

    @Test
    void aGapSizedAfterAVerbOrAsWorseThanIsItsThreshold() {
        assertThat(read("сколько дней в 2025 на ртх гэп ап был больше 1%?"))
                .isEqualTo("count days in 2025 where session = RTH, gap_pct > 1");
        assertThat(read("how often does rth close green after a gap down worse than -0.5% since 2020?"))
                .isEqualTo(read("how often does rth close green after a gap down of more than 0.5% since 2020?"));
        assertThat(read("days with change worse than -2% in 2024")).contains("change_pct < -2");
    }

    @Test
    void aProbabilityWrittenAsPGivenIsAShareOfTheConditionsDays() {
        assertThat(read("P(rth closes green | gap down worse than -0.5%) since 2020?"))
                .isEqualTo("probability of is_green = 1 same day in 2020.. where session = RTH, gap_pct < -0.5");
        assertThat(read("p(зеленый день | гэп вниз больше 1%) с 2020")).startsWith("probability of is_green = 1")
                .contains("gap_pct < -1");
    }

    @Test
    void theOpeningWindowOfAQuestionAboutTheDaysExtremeIsItsBucket() {
        assertThat(read("hw often dose the rth high get set in the frist 30 min? since 2024"))
                .isEqualTo("when is the high set in 30-minute buckets in 2024.. where session = RTH");
        // the window opens RTH, so no session needs asking
        Reading low = QuestionReader.read("when is the low set in the first 15 minutes");
        assertThat(low.clarify()).isEmpty();
        assertThat(barb.agents.steps.StepText.render(low.step())).contains("15-minute buckets").contains("session = RTH");
        // a window that is not the opening stays a filter
        assertThat(read("what time is the high set between 10 and 11")).contains("time = 10:00-11:00");
    }

    @Test
    void aMoveRepeatedForWeeksOrMonthsInARowIsARunOfThem() {
        assertThat(read("how often does nq fall 3 weeks in a row"))
                .isEqualTo("streaks of days of at least 3 days on weekly bars where change_pct < 0");
        assertThat(read("бывало ли что насдак падал 5 недель подряд сколько раз такое было за всю историю"))
                .contains("at least 5").contains("weekly bars").doesNotContain("change_pct < -5");
    }

    @Test
    void aNotionSetAgainstTheMeaningsItMightHaveAsksForItsDefinition() {
        assertThat(ConceptCatalog.definitionAsked("hmm higher than i'd expect. is 'green' close>open for you or close > "
                + "prev close? matters a lot after a gap").name()).isEqualTo("green day");
        assertThat(ConceptCatalog.definitionAsked("and gap 'filled' = touched prev close, or traded through it?").name())
                .isEqualTo("gap fill");
        assertThat(ConceptCatalog.definitionAsked("range = high - low or close to close?").name()).isEqualTo("range");
        // the choices after a dash spell out the definition asked before it
        assertThat(ConceptCatalog.definitionAsked("what do you count as opex btw - monthly 3rd fri only, or weeklies too?")
                .name()).isEqualTo("OPEX");
        assertThat(ConceptCatalog.definitionAsked("what does n mean in that answer - number of 5-red runs or number of "
                + "days?").name()).isEqualTo("sample size");
        // a quoted notion in a question for data about it stays data
        assertThat(ConceptCatalog.definitionAsked("is the 'range' bigger on mondays or fridays?")).isNull();
        assertThat(IntentClassifier.classify("is rth range bigger on mondays or fridays?").intent()).isEqualTo("data");
    }

    @Test
    void aFollowUpMarkedAtItsEndOrAskedAfterOneKeepsThePreviousDays() {
        Memory wide = after(read("how often is rth range above 2x avg since 2020"));
        assertThat(render(FollowUps.resolve("avg rth range the day after one?", wide).orElseThrow()))
                .startsWith("what happens to range after").contains("range > 2 x avg 20d");
        Memory run = after(read("after 4 red days in a row how often is the next day up since 2010"));
        assertThat(render(FollowUps.resolve("avg % move the next day, same setup", run).orElseThrow()))
                .startsWith("what happens to change_pct after").contains("consecutive red >= 4");
        // without the marker it is a question of its own
        assertThat(FollowUps.resolve("avg % move the next day", run)).isEmpty();
    }

    @Test
    void aRunNamedAfterAfterIsTheConditionNotAQuestionAboutRuns() {
        assertThat(read("Что в среднем происходит с NQ через 1, 3 и 5 торговых дней после серии из четырёх зелёных дней "
                + "подряд? Интересует изменение в процентах."))
                .isEqualTo("what happens to change_pct 1, 3 and 5 days after where consecutive green >= 4");
        assertThat(read("how often is the next day green after a run of 3 red days"))
                .isEqualTo("probability of is_green = 1 next day where consecutive red >= 3");
        // runs asked for stay runs
        assertThat(read("how many runs of 3 red days in 2022")).startsWith("streaks of days");
    }

    @Test
    void whatTheNextDayTurnsOutToBeAsksNothingOfItsOwn() {
        Reading r = QuestionReader.read("Если NQ закрылся в минус три дня подряд какова вероятность того что следующий "
                + "день окажется зелёным");
        assertThat(r.clarify()).isEmpty();
        assertThat(barb.agents.steps.StepText.render(r.step()))
                .isEqualTo("probability of is_green = 1 next day where consecutive red >= 3");
    }

    @Test
    void anEventAndItsOwnNegationAreTheTwoSidesWhateverJoinsThem() {
        assertThat(read("сравните средний range в дни CPI и без CPI за 2023-2025 на ртх"))
                .isEqualTo("compare mean range in 2023..2025 where session = RTH: where event = cpi vs where is_cpi = 0");
        assertThat(read("compare avg rth range on cpi days and non-cpi days 2023-2025"))
                .isEqualTo(read("avg rth range cpi days vs non-cpi days 2023-2025"));
        // two years to compare stay two sides
        assertThat(read("compare 2023-2024 avg rth range")).contains("in 2023 vs in 2024");
    }

    @Test
    void theSizeOfBigGapsIsAShareOfAllDaysNotOfTheGapsThatWay() {
        assertThat(render(FollowUps.answer("how often do we get big gap ups at the rth open since 2020", "0.75%+")))
                .isEqualTo("probability of gap_pct >= 0.75 same day in 2020.. where session = RTH");
        assertThat(render(FollowUps.answer("how often are there big gap downs", "1%+")))
                .isEqualTo("probability of gap_pct <= -1 same day where session = RTH");
        // said at once, the same
        assertThat(read("как часто ртх открывается гэпом вверх от 0.75% и выше"))
                .isEqualTo("probability of gap_pct >= 0.75 same day where session = RTH");
    }

    @Test
    void theAbbreviationOfAYearIsAWholeWordAndAMultipleMayBeOfTheAverage() {
        Reading r = QuestionReader.read("покажи дни с начала 2025 где рендж RTH был больше чем в 2 раза выше среднего "
                + "за предыдущие 20 дней");
        assertThat(r.clarify()).isEmpty();
        assertThat(barb.agents.steps.StepText.render(r.step())).contains("in 2025..").contains("range > 2 x avg 20d");
        assertThat(read("how many days in 2025 had rth vol 1.5x or more of its 20d avg"))
                .contains("volume >= 1.5 x avg 20d");
    }

    @Test
    void aShareOfDaysShowingAPatternHasThePatternAsItsOutcome() {
        assertThat(read("what % of days does the opening hour (9:30-10:30 ny) print a doji? 2025"))
                .isEqualTo("probability of is_doji = 1 same day in 2025 where session = RTH_OPEN");
        assertThat(read("доля дней с доджи в 2025")).isEqualTo("probability of is_doji = 1 same day in 2025");
        // "how often" alone still counts the days
        assertThat(read("how often does nq print a doji in 2025")).isEqualTo("count days in 2025 where pattern = doji");
    }

    @Test
    void howMuchItTravelsIsTheRange() {
        assertThat(read("сколько в среднем проходит ночь (овернайт 18:00–9:30 ет) в пунктах, 2025"))
                .isEqualTo("mean range in 2025 where session = OVERNIGHT");
    }

    @Test
    void theTradersOwnMorningIsNoSession() {
        assertThat(read("avg range of the european session (3am to 9:30 NY, basically my morning) in 2025"))
                .isEqualTo("mean range in 2025 where session = EUROPEAN");
        assertThat(read("avg range of the morning session 2025")).contains("session = MORNING");
    }

    @Test
    void aMoveExceedingASizeInAnyFormOfTheVerbIsAThreshold() {
        assertThat(read("сколько раз с 2021 дневное падение NQ (от закрытия до закрытия) превышало 2,5 процента"))
                .isEqualTo("count days in 2021.. where change_pct < -2.5");
        assertThat(read("сколько дней в 2023 рост превысил 2%")).isEqualTo("count days in 2023 where change_pct > 2");
        assertThat(read("how often did nq rally (close to close) more than 1.5% in 2022"))
                .contains("change_pct > 1.5").contains("in 2022");
    }

    @Test
    void anotherFormOfARussianFillerWordAsksNothing() {
        assertThat(QuestionReader.read("что происходит с насдаком в день после cpi, среднее изменение в %").clarify())
                .isEmpty();
        assertThat(QuestionReader.read("как часто с фьючерсами нк бывает гэп вверх больше 1% в 2024").clarify())
                .isEmpty();
        // the forms of "весь" ("со всем 2024 годом") ask nothing either
        assertThat(QuestionReader.read("средний ренж ртх в январе 2025 в сравнении со всем 2024 годом").clarify())
                .isEmpty();
        // a word that is no form of a filler word is still asked about
        assertThat(QuestionReader.read("сколько дней с кракозяброй в 2024").clarify()).contains("term:кракозяброй");
        assertThat(Lexicon.isFillerForm("насдаком")).isTrue();
        assertThat(Lexicon.isFillerForm("nasdaqs")).as("English words are not stemmed here").isFalse();
    }

    @Test
    void whatSetsTheSceneBeforeNumberedAsksIsPartOfEachAndAGreetingLosesNoAsk() {
        assertThat(steps("quick ones for 2025 pls: 1) avg rth range 2) % of green days 3) biggest down day"))
                .hasSize(3).allSatisfy(step -> assertThat(step).contains("in 2025").contains("session = RTH"));
        assertThat(steps("за 2024 по RTH: 1) средний диапазон 2) сколько красных дней"))
                .containsExactly("mean range in 2024 where session = RTH",
                        "count days in 2024 where session = RTH, is_red = 1");
        assertThat(steps("Добрый день. Подскажите, пожалуйста, каков средний диапазон RTH за 2023 год и какая доля "
                + "дней закрылась в плюс?")).hasSize(2).first().isEqualTo("mean range in 2023 where session = RTH");
    }

    @Test
    void howManyAsksFollowIsNoNumberOfTheirs() {
        assertThat(steps("two things: avg rth range since 2023, and how often it closed green"))
                .containsExactly("mean range in 2023.. where session = RTH",
                        "probability of is_green = 1 same day in 2023.. where session = RTH");
        assertThat(steps("2 things - (1) how many rth inside days in 2024 (2) what % of them closed green"))
                .hasSize(2).first().isEqualTo("count days in 2024 where session = RTH, pattern = inside_day");
        assertThat(QuestionReader.read("пара вопросов: средний ренж ртх за 2024 и сколько было красных дней").clarify())
                .isEmpty();
    }

    @Test
    void whatTheTraderDoesWithTheAnswerAndCourtesiesAskNothing() {
        for (String question : List.of("распределение дневных изменений в % по пятницам за 2024 — подбираю страйки под 0dte",
                "Если это технически возможно, посчитайте средний диапазон RTH по дням недели за 2024 год.",
                "if it's technically possible, avg rth range by weekday for 2024")) {
            assertThat(QuestionReader.read(question).clarify()).as(question).isEmpty();
        }
        assertThat(read("Если это технически возможно, посчитайте средний диапазон RTH по дням недели за 2024 год."))
                .isEqualTo("mean range by weekday in 2024 where session = RTH");
    }

    @Test
    void russianChatSlangForMovesAndSizesIsRead() {
        assertThat(read("сколько было пампов больше 2% в 2024")).isEqualTo("count days in 2024 where change_pct > 2");
        assertThat(read("самые дохлые дни по объему за 2023")).isEqualTo("list top 10 days by volume ascending in 2023");
        assertThat(read("самые жирные гэпы вверх в 2025")).contains("top 10").contains("descending");
        assertThat(read("сколько гэпов вниз больше пол процента в 2023")).contains("gap_pct < -0.5");
        // a number of points, not Friday
        assertThat(read("сколько дней в 2024 верхняя тень была меньше 5 пт"))
                .isEqualTo("count days in 2024 where upper_wick < 5");
        assertThat(read("во сколько обычно ставится лой ртх? по 30м")).contains("in 30-minute buckets");
    }

    @Test
    void takingOutTheOvernightLevelInSlangIsABreak() {
        assertThat(read("как часто ртх снимает ночной лоу"))
                .isEqualTo("probability of broke_overnight_low = 1 same day where session = RTH");
    }

    @Test
    void newYorkNamedInRussianIsTheRegularSessionButItsClockIsNoSession() {
        assertThat(read("средний диапазон на нью йорке за 2024")).isEqualTo("mean range in 2024 where session = RTH");
        assertThat(read("средний ренж с 9 до 10 по нью-йорку за 2024")).doesNotContain("session");
    }

    @Test
    void powerHourIsTheStockMarketsLastHour() {
        assertThat(read("avg range of the power hour in 2024")).isEqualTo("mean range in 2024 where session = NY_CLOSE");
    }

    @Test
    void endingUpAsSomethingIsNoMoveUp() {
        assertThat(read("how often does the opening hour low end up being the low of the day"))
                .doesNotContain("change_pct");
    }

    @Test
    void usuallyAfterAConditionAsksWhatFollowsAndListedDaysAreEachAsked() {
        assertThat(read("what usually happens the next day after a 2% rally"))
                .isEqualTo("what happens to change_pct after where change_pct > 2");
        assertThat(read("after a 2% drop, avg change over the next 1, 3 and 5 days"))
                .isEqualTo("what happens to change_pct 1, 3 and 5 days after where change_pct < -2");
    }

    @Test
    void aParenthesisAboutTheTradersOwnPositionAsksNothing() {
        assertThat(read("how often is the next day red after 4 green days in a row (i'm short since monday)"))
                .isEqualTo("probability of is_red = 1 next day where consecutive green >= 4");
    }

    @Test
    void whichYearOrQuarterWasTheMostSomethingGroupsThem() {
        assertThat(read("какой год был самым волатильным на ртх"))
                .isEqualTo("mean range by year sorted descending where session = RTH");
        assertThat(read("в каком квартале чаще всего красные дни")).isEqualTo("mean is_red by quarter");
    }

    @Test
    void theMostWeeksOrMonthsInARowIsTheLongestRunOfThem() {
        assertThat(read("what's the most months in a row nq was red"))
                .isEqualTo("top 1 longest streaks of days on monthly bars where is_red = 1");
        assertThat(read("сколько максимум недель подряд нк был зеленым"))
                .isEqualTo("top 1 longest streaks of days on weekly bars where is_green = 1");
    }

    @Test
    void aShortYearClosingTheQuestionMayHaveAnAskAfterIt() {
        assertThat(read("средний ренж ртх за 24 скок")).isEqualTo("mean range in 2024 where session = RTH");
    }

    @Test
    void afterTheOvernightLevelIsTakenOutTheOutcomeIsThatDays() {
        assertThat(read("after rth takes out the overnight low, how often does the day close red"))
                .isEqualTo("probability of is_red = 1 same day where session = RTH, broke_overnight_low = 1");
        assertThat(read("after rth takes out the overnight low, how often is the next day red")).contains("next day");
    }

    @Test
    void aMoveEitherWayMayHaveItsVerbAndNoPreposition() {
        assertThat(steps("сколько дней в 2024 нк ходил больше 1,5% в любую сторону"))
                .containsExactly("count days in 2024 where change_pct > 1.5", "count days in 2024 where change_pct < -1.5");
        assertThat(steps("how many days in 2023 did nq move more than 2% either way"))
                .containsExactly("count days in 2023 where change_pct > 2", "count days in 2023 where change_pct < -2");
    }

    @Test
    void aStoryEndsWhereItsMarkerSaysTheQuestionStarts() {
        assertThat(read("вчера весь день просидел в шорте и слил, короче сколько было дней с падением больше 2% в 2025"))
                .isEqualTo("count days in 2025 where session = ETH, change_pct < -2");
        assertThat(read("got stopped out twice yesterday lol. fr tho what's the avg rth range in 2025"))
                .isEqualTo("mean range in 2025 where session = RTH");
    }

    @Test
    void aWindowOfHoursInCentralTimeIsNewYorksHourLater() {
        assertThat(read("avg rth range 10-11 ct in 2024"))
                .isEqualTo("mean range in 2024 where session = RTH, time = 11:00-12:00");
        // a window set against sessions would be read inside each of them: asked, not guessed
        assertThat(QuestionReader.read("lunch vs the opening hour, avg range 12-1 ct in 2024").clarify())
                .contains("compare_groups");
    }

    @Test
    void theFirstMinutesMayLeaveTheirUnitOutAndGettingChoppedUpIsNoMoveUp() {
        assertThat(read("avg range of the first 30 of the open in 2025"))
                .isEqualTo("mean range in 2025 where time = 09:30-10:00");
        assertThat(read("avg range 9:30-10 in 2024, the first 30 is where i get chopped up"))
                .isEqualTo("mean range in 2024 where time = 09:30-10:00");
    }

    @Test
    void theDayBeforeYesterdayIsOneDay() {
        assertThat(read("ренж ртх позавчера")).isEqualTo("list days by range in day before yesterday where session = RTH");
        assertThat(read("rth range the day before yesterday")).contains("day before yesterday");
    }

    @Test
    void theInitialBalanceIsANotionToDefine() {
        assertThat(ConceptCatalog.definitionAsked("whats ib mean, everyone keeps saying it").name())
                .isEqualTo("initial balance");
        assertThat(ConceptCatalog.definitionAsked("что такое начальный баланс?").name()).isEqualTo("initial balance");
        assertThat(ConceptCatalog.definitionAsked("avg ib range in 2024")).isNull();
    }

    @Test
    void theMinutesAfterATimeToFillAreItsUnit() {
        assertThat(read("how long does it take for an rth gap up to fill? median minutes"))
                .isEqualTo("median gap_fill_minutes where session = RTH, gap = up");
    }

    @Test
    void aWeekdayNamedOnlyWithTheRestNarrowsTheRestAlone() {
        assertThat(read("fomc days vs the other wednesdays, avg rth range since 2020")).isEqualTo("compare mean range "
                + "in 2020.. where session = RTH: where event = fomc vs where is_fomc = 0, weekday = wednesday");
        // named on both sides, it is common to them
        assertThat(read("opex fridays vs other fridays, avg rth range"))
                .contains("session = RTH, weekday = friday:");
    }

    @Test
    void theDayItselfMayCloseAListOfDaysAroundAnEvent() {
        assertThat(read("avg % change the day before cpi and on the day itself, since 2022"))
                .contains("1 days before and 0 days after");
    }

    @Test
    void weeksAndMonthsThatCloseInThePresentOrAsAWholeAreTheirOwnBars() {
        assertThat(read("when a month closes down 3% or more, how often is the next month green"))
                .contains("on monthly bars");
        assertThat(read("how many years did december close green as a whole month")).contains("on monthly bars");
        assertThat(read("если неделя закрывается в минус, как часто следующая неделя зеленая")).contains("on weekly bars");
    }

    @Test
    void theFirstMinutesOfTheSessionMayBeAnyNumberOfThem() {
        assertThat(read("avg range first 5 min of rth")).isEqualTo("mean range where time = 09:30-09:35");
        assertThat(read("средний ренж первые 10 минут ртх")).isEqualTo("mean range where time = 09:30-09:40");
        assertThat(read("avg range of the first 20 minutes of rth in 2024"))
                .isEqualTo("mean range in 2024 where time = 09:30-09:50");
    }

    @Test
    void aGapsDirectionInThePluralKeepsItsSize() {
        assertThat(read("скок было гэп даунов больше 1% на ртх в 25м"))
                .isEqualTo("count days in 2025 where session = RTH, gap_pct < -1");
        assertThat(read("сколько было гэп апов больше 0.5% в 2024")).contains("gap_pct > 0.5");
    }

    @Test
    void aChatWordCanEndASentenceThatTellsAStory() {
        assertThat(read("fomc wednesdays are always a casino lol. avg rth range on fomc days vs every other day?"))
                .isEqualTo("compare mean range where session = RTH: where event = fomc vs where is_fomc = 0");
    }

    @Test
    void thatDayWithNoDayNamedIsNoListOfEveryDay() {
        assertThat(QuestionReader.read("ok just show me that day").clarify()).containsExactly("goal");
        assertThat(QuestionReader.read("ну покажи тот день").clarify()).containsExactly("goal");
        assertThat(read("show me every day of 2024")).contains("2024");
    }

    @Test
    void aYearWithAPlusIsThatYearOn() {
        assertThat(read("avg rth range 2015+")).isEqualTo("mean range in 2015.. where session = RTH");
        assertThat(read("дни 2023+ где гэп вниз")).contains("in 2023..");
        // a price or a size with a plus stays a threshold
        assertThat(read("days with range 200+ pts in 2024")).contains("in 2024").doesNotContain("2024..");
    }

    @Test
    void anOrdinalWordAfterARunIsTheDayAfterIt() {
        assertThat(read("Если было 4 красных дня подряд, какова вероятность, что пятый будет зелёным?"))
                .isEqualTo("probability of is_green = 1 next day where consecutive red >= 4");
        // the run's own colour asked of the day after is that day's outcome, not the run said twice
        assertThat(read("3 зеленых дня подряд, вероятность что четвертый тоже зеленый"))
                .isEqualTo("probability of is_green = 1 next day where consecutive green >= 3");
        assertThat(read("after 3 green days in a row, odds the 4th is green too"))
                .isEqualTo("probability of is_green = 1 next day where consecutive green >= 3");
    }

    @Test
    void twoStatisticsOfOneMeasureAreTwoAnswers() {
        Reading both = QuestionReader.read("mean and median daily % change in 2024");
        assertThat(barb.agents.steps.StepText.render(both.step())).isEqualTo("mean change_pct in 2024");
        assertThat(both.more()).hasSize(1);
        assertThat(barb.agents.steps.StepText.render(both.more().get(0))).isEqualTo("median change_pct in 2024");
        assertThat(QuestionReader.read("средний и медианный рейндж ртх в 2024").more()).hasSize(1);
        // one statistic named twice is one answer
        assertThat(QuestionReader.read("avg and average rth range in 2024").more()).isEmpty();
    }

    @Test
    void daysAroundAnEventMayBeListedWithSlashes() {
        assertThat(read("FOMC: avg % chg day before / day of / day after, RTH, since 2020"))
                .contains("1 days before and 0 and 1 days after");
    }

    @Test
    void aDayWrittenTheExchangeWayIsThatDay() {
        assertThat(read("avg rth range from 10-Mar-23")).isEqualTo("mean range in 2023-03-10.. where session = RTH");
        assertThat(read("what happened on 5-Aug-2024")).isEqualTo("what happened in 2024-08-05");
    }

    @Test
    void thePeriodBeforeTheOneNamedIsTheOtherSide() {
        assertThat(read("last month's avg ovn range vs the month before"))
                .isEqualTo("compare mean range where session = OVERNIGHT: last month vs in month before last");
        assertThat(read("avg range last month vs the previous month")).endsWith("last month vs in month before last");
        assertThat(read("средний рейндж за прошлый месяц против позапрошлого"))
                .isEqualTo("compare mean range: last month vs in month before last");
        assertThat(read("avg RTH range last 30 days vs the 30 before that"))
                .isEqualTo("compare mean range where session = RTH: last 30 days vs in prior 30 days");
        // "the day before" an event is an offset, never a period
        assertThat(read("avg range 2 days before fomc")).contains("2 days before").doesNotContain("prior");
    }

    @Test
    void aConditionOnThePriorDayIsReadTheDayAfterIt() {
        assertThat(read("P(RTH green | prior RTH red) since 2022?"))
                .isEqualTo("probability of is_green = 1 next day in 2022.. where session = RTH, is_red = 1");
        assertThat(read("если предыдущий день красный, какая вероятность зеленого"))
                .isEqualTo("probability of is_green = 1 next day where is_red = 1");
        // the prior day's levels are prices of the same day's question
        assertThat(read("how often does rth take out the prior day high")).doesNotContain("next day");
    }

    @Test
    void theChanceNotationWithoutAConditionIsHowOften() {
        assertThat(read("after 4+ red RTH sessions in a row, P(next day green)?"))
                .isEqualTo("probability of is_green = 1 next day where session = RTH, consecutive red >= 4");
    }

    @Test
    void howOftenALevelBreaksByGroupIsItsShareInEachGroup() {
        assertThat(read("how often does rth break the ovn high by weekday"))
                .isEqualTo("mean broke_overnight_high by weekday where session = RTH");
        assertThat(read("как часто ртх снимает овн хай по годам"))
                .isEqualTo("mean broke_overnight_high by year where session = RTH");
        // with no group it stays a chance
        assertThat(read("how often does rth break the ovn high")).startsWith("probability of broke_overnight_high");
    }

    @Test
    void aRunOfAnotherLengthKeepsOrChangesHowTheRunIsCounted() {
        String last = "probability of is_green = 1 next day where session = RTH, consecutive red >= 4";
        assertThat(barb.agents.steps.StepText.render(FollowUps.resolve("exactly 4", after(last)).orElseThrow().step()))
                .endsWith("consecutive red = 4");
        String exactly = "probability of is_green = 1 next day where session = RTH, consecutive red = 4";
        assertThat(barb.agents.steps.StepText.render(FollowUps.resolve("and 5?", after(exactly)).orElseThrow().step()))
                .endsWith("consecutive red = 5");
        assertThat(barb.agents.steps.StepText.render(FollowUps.resolve("5+", after(exactly)).orElseThrow().step()))
                .endsWith("consecutive red >= 5");
    }

    @Test
    void theSamePeriodOfAnotherYearIsTheSameMonthsOfIt() {
        assertThat(FollowUps.sameDaysOfYear("october..december", "2024")).isEqualTo("2024-10..2024-12");
        assertThat(FollowUps.sameDaysOfYear("october..december of last year", "2024")).isEqualTo("2024-10..2024-12");
        assertThat(FollowUps.sameDaysOfYear("2025-q3", "2022")).isEqualTo("2022-q3");
        assertThat(FollowUps.sameDaysOfYear("2025-03-01..2025-03-15", "2024")).isEqualTo("2024-03-01..2024-03-15");
        // a span of years has no one year to move
        assertThat(FollowUps.sameDaysOfYear("2023-11..2024-02", "2022")).isNull();
        assertThat(barb.agents.steps.StepText.render(FollowUps.resolve("А за тот же период 2024 г.?",
                after("mean change_pct in october..december of last year")).orElseThrow().step()))
                .isEqualTo("mean change_pct in 2024-10..2024-12");
    }

    @Test
    void aListAskedAfterTheLongestRunIsEveryRun() {
        String longest = "top 1 longest streaks of days where is_red = 1";
        String listed = barb.agents.steps.StepText.render(FollowUps.resolve(
                "А серии красных дней в 2022 г. можно списком — от трёх дней и больше?", after(longest)).orElseThrow()
                .step());
        assertThat(listed).doesNotContain("top 1").contains("2022");
    }

    @Test
    void theDayItselfMayBeGivenItsSession() {
        assertThat(QuestionReader.findings("and on the day itself, RTH only").stream().map(f -> f.kind() + ":" + f.value()))
                .containsExactly("offsets:0", "session:RTH");
    }

    @Test
    void whichHasMoreDaysOfAColourIsACount() {
        assertThat(read("were there more green days in 2025 or 2024? rth"))
                .isEqualTo("compare count of days where session = RTH, is_green = 1: in 2025 vs in 2024");
        assertThat(read("в каком году было больше красных дней, 2022 или 2023")).startsWith("compare count of days");
    }

    @Test
    void aReasonAboutThePriceWithoutSinceIsAnAside() {
        assertThat(read("avg rth range, in % instead of points, price is way higher now"))
                .isEqualTo("mean range_pct where session = RTH");
        assertThat(read("avg rth range by year in %, price has doubled")).isEqualTo("mean range_pct by year where session = RTH");
    }

    @Test
    void aMoveOfEachSignSaidApartFromItsSizeIsAskedForEachDirection() {
        Reading counted = QuestionReader.read("how many 3%+ days in 2022, up and down separately");
        assertThat(render(counted)).contains("change_pct >= 3");
        assertThat(barb.agents.steps.StepText.render(counted.more().get(0))).contains("change_pct <= -3");
        Reading gaps = QuestionReader.read("what % of rth gaps were bigger than 1% in either direction in 2024");
        assertThat(gaps.step().params().get("outcome").asText()).isEqualTo("gap_pct > 1");
        assertThat(gaps.more().get(0).params().get("outcome").asText()).isEqualTo("gap_pct < -1");
        Reading ru = QuestionReader.read("как часто гэп на открытии ртх больше полутора процентов в обе стороны");
        assertThat(ru.more()).hasSize(1);
        assertThat(ru.step().params().get("outcome").asText()).isEqualTo("gap_pct > 1.5");
        // no size to mirror: no second reading
        assertThat(QuestionReader.read("avg rth range either way").more()).isEmpty();
    }

    @Test
    void aRankingFromBothEndsIsReadFromTheTopAndFromTheBottom() {
        Reading r = QuestionReader.read("10 best and worst weeks of 2020 by % change");
        assertThat(r.step().params().get("sort").asText()).isEqualTo("desc");
        assertThat(r.more()).hasSize(1);
        assertThat(r.more().get(0).params().get("sort").asText()).isEqualTo("asc");
        assertThat(QuestionReader.read("лучшие и худшие дни 2023 года").more()).hasSize(1);
    }

    @Test
    void aYearToNowRunsToTheEndOfTheData() {
        assertThat(read("avg rth range 2021 to now")).isEqualTo(read("avg rth range since 2021"));
        assertThat(read("средний ренж ртх с 2019 года по сейчас")).isEqualTo(read("средний ренж ртх с 2019 года"));
    }

    @Test
    void runItBackAsksTheSameQuestionAgain() {
        Memory memory = after("probability of is_green = 1 next day where consecutive red >= 2");
        assertThat(render(FollowUps.resolve("run it back for 2021", memory).orElseThrow()))
                .contains("in 2021").contains("consecutive red >= 2").startsWith("probability");
    }

    @Test
    void theSampleOfAnAnswerIsItsDaysCounted() {
        Memory memory = after("probability of is_red = 1 same day in 2022 where weekday = thursday");
        assertThat(render(FollowUps.resolve("sample size?", memory).orElseThrow()))
                .isEqualTo("count days in 2022 where weekday = thursday");
        assertThat(render(FollowUps.resolve("how many thursdays is that", memory).orElseThrow()))
                .isEqualTo("count days in 2022 where weekday = thursday");
        assertThat(render(FollowUps.resolve("а сколько таких дней было", memory).orElseThrow()))
                .isEqualTo("count days in 2022 where weekday = thursday");
        assertThat(FollowUps.asksSampleSize("whats the n", memory)).isTrue();
        assertThat(FollowUps.asksSampleSize("how many thursdays closed red in 2023", memory)).isFalse();
    }

    @Test
    void theWeekAfterOrBeforeDaysIsItsFiveSessions() {
        assertThat(read("what does nq do the week after fomc, day by day")).contains("1, 2, 3, 4 and 5");
        assertThat(read("как ведёт себя нк неделю до CPI по дням")).contains("1, 2, 3, 4 and 5 days before");
    }

    @Test
    void aYearLeftOutOfThePeriodIsAConditionNotAPeriod() {
        assertThat(read("avg rth range since 2016 ex-2020")).isEqualTo("mean range in 2016.. where session = RTH, year != 2020");
        assertThat(read("как часто зелёный день с 2012 без 2020 года"))
                .isEqualTo("probability of is_green = 1 same day in 2012.. where year != 2020");
        assertThat(read("median gap since 2010 excluding 2020 and 2022")).contains("year != 2020, year != 2022");
    }

    @Test
    void twoAsksJoinedByAPlusAQuestionWordOrAListAtTheEndAreTwoSteps() {
        Reading plus = QuestionReader.read("last week: avg rth range + how many red days");
        assertThat(render(plus)).startsWith("mean range");
        assertThat(barb.agents.steps.StepText.render(plus.more().get(0))).startsWith("count days");
        Reading both = QuestionReader.read("какой был минимальный объём в 2023 и какой максимальный?");
        assertThat(render(both)).startsWith("min volume");
        assertThat(barb.agents.steps.StepText.render(both.more().get(0))).startsWith("max volume");
        Reading listed = QuestionReader.read("how many rth gap ups over 1.5% in 2024, list them too");
        assertThat(render(listed)).startsWith("count days");
        assertThat(barb.agents.steps.StepText.render(listed.more().get(0))).startsWith("list days");
    }

    @Test
    void aQuestionWithoutItsQuestionMarkAfterAStoryOfNoDataIsTheQuestion() {
        Reading r = QuestionReader.read("простите, печатаю одним пальцем. сколько было красных дней в 2023 г и сколько "
                + "зелёных");
        assertThat(render(r)).isEqualTo("count days in 2023 where is_red = 1");
        assertThat(r.more()).hasSize(1);
    }

    @Test
    void aRunSaidAsDaysInARowThenTheirColourOrFallIsARun() {
        assertThat(read("если 4 дня подряд закрылись зелёными какой шанс что пятый будет красным"))
                .isEqualTo("probability of is_red = 1 next day where consecutive green >= 4");
        assertThat(read("after 2 days in a row closing green, odds the next one is red"))
                .contains("consecutive green >= 2");
        assertThat(read("сколько раз нк падал 6 дней подряд")).isEqualTo("count days where consecutive red >= 6");
        assertThat(read("как часто после того как нк рос 3 дня подряд следующий день красный"))
                .contains("consecutive green >= 3");
    }

    @Test
    void aDayWrittenWithSlashesIsMonthFirstInEnglishAndDayFirstInRussian() {
        assertThat(read("recap of 7/3/2023")).isEqualTo("what happened in 2023-07-03");
        assertThat(read("recap of 7/3/23")).isEqualTo("what happened in 2023-07-03");
        // a first number above 12 can only be the day
        assertThat(read("recap of 25/12/2024")).isEqualTo("what happened in 2024-12-25");
        assertThat(read("что было 7/3/2023")).isEqualTo("what happened in 2023-03-07");
        assertThat(read("avg range 2/1/2021 to 4/30/2021")).isEqualTo("mean range in 2021-02-01..2021-04-30");
    }

    @Test
    void twoDaysWrittenAsIsoDatesAreOneRangeNotTwoSides() {
        assertThat(read("avg range from 2023-02-01 to 2023-02-28")).isEqualTo("mean range in 2023-02-01..2023-02-28");
        assertThat(read("avg range 2023-02-01 - 2023-02-28")).isEqualTo("mean range in 2023-02-01..2023-02-28");
        assertThat(read("compare avg range 2023-01 vs 2023-02")).isEqualTo("compare mean range: in 2023-01 vs in 2023-02");
    }

    @Test
    void aGreetingSetOffByPunctuationIsNoSession() {
        assertThat(read("gm all, how many red days in 2024")).isEqualTo(read("how many red days in 2024"));
        assertThat(read("Morning! avg rth range 2023")).isEqualTo(read("avg rth range 2023"));
        assertThat(read("morning session range in 2023")).contains("session = MORNING");
    }

    @Test
    void theUnitAfterAPlusStaysTheThresholdsUnit() {
        assertThat(read("count days nq lost 300+ pts in 2022")).contains("change <= -300").doesNotContain("change_pct");
        assertThat(read("days nq gained 2%+ in 2022")).contains("change_pct >= 2");
    }

    @Test
    void theNextOneAfterARunIsTheNextDay() {
        Reading next = QuestionReader.read("4 green days in a row, what are the chances the next one prints red");
        assertThat(render(next)).contains("consecutive green >= 4").contains("is_red = 1");
        assertThat(next.step().params().get("offset").asInt()).isEqualTo(1);
        assertThat(QuestionReader.read("2 red days in a row - odds the next is green").step().params().get("offset")
                .asInt()).isEqualTo(1);
    }

    @Test
    void daysThatMovedOneWayAfterAfterAreARun() {
        assertThat(read("after 2 down days, chance of a green day")).contains("consecutive red >= 2");
        assertThat(read("after 3 straight up days, odds of a red one")).contains("consecutive green >= 3");
        assertThat(read("odds of green after 4 sessions down in a row")).contains("consecutive red >= 4");
        // a count of such days is no run
        assertThat(read("list the last 3 down days")).doesNotContain("consecutive");
    }

    @Test
    void patternsSaidTogetherOnOneDayAreAllOfThem() {
        assertThat(read("how many days made a lower high and a lower low in 2023"))
                .contains("is_lower_high = 1").contains("is_lower_low = 1").doesNotContain("pattern in");
        assertThat(read("days that were both an outside day and nr7")).contains("is_outside_day = 1")
                .contains("is_nr7 = 1");
        assertThat(read("days with a doji or a hammer")).contains("pattern in (doji, hammer)");
    }

    @Test
    void twoYearsSaidTogetherBesideOtherSidesAreOnePeriod() {
        assertThat(read("fomc days vs other days, avg range, 2022 and 2023")).contains("in 2022..2023")
                .contains("event = fomc vs");
        // the years themselves compared stay two sides
        assertThat(read("avg range in 2022 and 2023")).isEqualTo("compare mean range: in 2022 vs in 2023");
    }

    @Test
    void goingPastASizeIsMoreThanIt() {
        assertThat(read("days the range went past 1.5x its 20 day avg")).contains("range > 1.5 x avg 20d");
        assertThat(read("days nq fell past 2% in 2020")).contains("change_pct < -2");
        assertThat(read("avg range over the past 10 days")).doesNotContain("range >");
    }

    @Test
    void moreTraderWordsForRunsSessionsAndUnits() {
        assertThat(QuestionReader.read("longest string of red days in 2022").step().operation()).isEqualTo("streak");
        assertThat(read("avg pit volume in 2024")).contains("session = RTH");
        assertThat(read("best month on avg, pct terms")).contains("change_pct");
        assertThat(read("10 worst days in points off the prior close")).contains("by change ").doesNotContain("change_pct");
        assertThat(read("средний рейндж первого часа после открытия амеров")).contains("session = RTH");
        assertThat(read("как часто закрытие в плюс при гэп дауне больше 0,7%")).contains("gap_pct < -0.7");
    }

    @Test
    void theTradersReasonAfterTheQuestionAsksNothing() {
        assertThat(read("avg rth range in 2023 vs 2024, i feel like it got quieter"))
                .isEqualTo(read("avg rth range in 2023 vs 2024"));
        assertThat(read("средний объем ртх по пятницам в 2024, мне кажется праздники все испортили"))
                .isEqualTo(read("средний объем ртх по пятницам в 2024"));
        // a last clause that refines is kept
        assertThat(read("avg range on mondays in 2024, i mean rth only")).contains("session = RTH");
    }

    @Test
    void moreRussianWaysToSayYearsWeeksAndSigns() {
        assertThat(read("средний рейндж за весь 24-й год")).isEqualTo("mean range in 2024");
        assertThat(read("за прошлую неделю по дням")).isEqualTo("what happened last week");
        Reading plus = QuestionReader.read("если день вырос больше чем на 2%, какова вероятность что следующий день тоже будет плюс");
        assertThat(render(plus)).contains("change_pct > 0").contains("change_pct > 2");
        assertThat(plus.ignored()).isEmpty();
        Memory compared = after("compare mean range where session = RTH: in 2021 vs in 2024");
        assertThat(render(FollowUps.resolve("добавь еще 22-й", compared).orElseThrow())).contains("2022");
    }

    @Test
    void aRankedNumberOfRunsIsNoRunLength() {
        assertThat(read("top 3 green streaks since 2019")).doesNotContain("consecutive").contains("top 3");
        assertThat(read("топ 3 зеленых серий с 2019")).doesNotContain("consecutive").contains("top 3");
        assertThat(read("after 3 green days odds of red")).contains("consecutive green >= 3");
    }

    @Test
    void aMonthThatClosesIsTheMonthsBar() {
        assertThat(read("how many times did october close green since 2015")).contains("on monthly bars")
                .contains("month = october");
        assertThat(read("сколько раз октябрь закрывался в плюс с 2015")).contains("on monthly bars")
                .contains("month = october");
        assertThat(read("how often does the day close green in october")).doesNotContain("monthly");
    }

    @Test
    void aNumberAloneChangesTheRowsOrTheDaysAfterOfTheQuestionBefore() {
        Memory ranked = after("list top 3 days by range in 2024 where session = RTH");
        assertThat(render(FollowUps.resolve("make it 7", ranked).orElseThrow())).contains("top 7");
        Memory around = after("what happens to change_pct 1, 2 days after where consecutive red >= 4");
        assertThat(render(FollowUps.resolve("do 1, 3 and 10 instead", around).orElseThrow())).contains("1, 3 and 10 days");
    }

    @Test
    void clockWordsForTheCloseAndTheLastMinutesBeforeIt() {
        assertThat(read("avg range from 3:30 to the closing bell")).contains("time = 15:30-16:00");
        assertThat(read("avg range from the opening bell to 10:15")).contains("time = 09:30-10:15");
        assertThat(read("avg range in the last 20 min before the close")).contains("time = 15:40-16:00");
        assertThat(read("средний рейндж последних 15 минут перед закрытием")).contains("time = 15:45-16:00");
    }

    @Test
    void aComparisonSaidAfterTheSizeIsStillTheThreshold() {
        assertThat(read("rth range 350 pts or more in 2024")).contains("range >= 350");
        assertThat(read("days with a gap of 0.5% or less")).contains("gap_pct <= 0.5");
        assertThat(read("days with eth range 2% and up")).contains("range_pct >= 2");
    }

    @Test
    void aPeriodInTheDativeAndABarSaidAloneAsFollowUps() {
        assertThat(read("средний рейндж ртх по прошлому году")).isEqualTo("mean range last year where session = RTH");
        Memory weekly = after("mean range_pct by year in 2019.. on weekly bars");
        assertThat(render(FollowUps.resolve("а месячный тоже", weekly).orElseThrow())).contains("on monthly bars");
        assertThat(render(FollowUps.resolve("monthly too", weekly).orElseThrow())).contains("on monthly bars");
        // a typo of a weekday word is not the weekly bar
        assertThat(read("wich weekdy has the bigest avg rth range")).contains("by weekday");
    }

    @Test
    void aWeeksOrMonthsBarSpansEverySessionSoNoSessionIsAsked() {
        Reading weekly = QuestionReader.read("avg weekly range in 2024");
        assertThat(weekly.clarify()).doesNotContain("session");
        assertThat(QuestionReader.read("avg daily range in 2024").clarify()).contains("session");
    }

    @Test
    void aGapsFillAtTheOpenIsReadOnTheRegularSession() {
        assertThat(read("does the gap at the open usually fill, by size")).contains("gap fill").contains("session = RTH");
    }

    @Test
    void aSizeSaidAfterAWayIsTheSizeThatWay() {
        assertThat(read("odds of a red day when the gap is worse than 0.7%")).contains("gap_pct < -0.7");
        Memory downDays = after("count days in 2023 where change_pct < 0");
        assertThat(render(FollowUps.resolve("от 2% и больше за день", downDays).orElseThrow()))
                .contains("change_pct <= -2");
        Memory gapDowns = after("gap fill by gap size where session = RTH, gap = down");
        assertThat(render(FollowUps.resolve("only the ones over 0.5%", gapDowns).orElseThrow())).contains("gap_pct < -0.5");
        Memory afterGapDown = after("probability of is_green = 1 same day where session = RTH, gap = down");
        assertThat(render(FollowUps.resolve("and when the gap is bigger than 2%", afterGapDown).orElseThrow()))
                .contains("gap_pct < -2");
        Memory afterGapUp = after("probability of is_green = 1 same day where session = RTH, gap = up");
        assertThat(render(FollowUps.resolve("and when the gap is bigger than 2%", afterGapUp).orElseThrow()))
                .contains("gap_pct > 2");
    }

    @Test
    void sinceADayOfLastYearOrSinceLastYearRunsToToday() {
        assertThat(read("avg range since march 3 last year")).isEqualTo("mean range in --03-03 of last year..");
        assertThat(read("avg range since the start of last year")).isEqualTo("mean range last year..");
        assertThat(read("средний рейндж с прошлого года")).isEqualTo("mean range last year..");
        // the step's own text reads back to the same period
        assertThat(read("mean range in --03-03 of last year..")).isEqualTo("mean range in --03-03 of last year..");
        assertThat(read("avg range last year")).isEqualTo("mean range last year");
    }

    @Test
    void theHighestCloseIsThePriceNotTheMove() {
        assertThat(read("lowest rth close in 2023")).contains("by closing price ascending");
        assertThat(read("самое низкое закрытие в 2023")).contains("by closing price ascending");
        assertThat(read("biggest up days in 2023")).doesNotContain("closing price");
    }

    @Test
    void aShareOrACountEachYearIsOnePerYear() {
        assertThat(read("what % of days closed red, each year since 2019")).isEqualTo("mean is_red by year in 2019..");
        Reading counted = QuestionReader.read("how many red days each year since 2019");
        assertThat(counted.step().operation()).isEqualTo("group");
        assertThat(counted.step().params().get("group_by").asText()).isEqualTo("year");
    }

    @Test
    void aBareTwoDigitYearAfterAQuestionAboutOneYearIsThatYear() {
        Memory oneYear = after("mean range in 2023 where session = RTH");
        assertThat(render(FollowUps.resolve("and 21?", oneYear).orElseThrow())).isEqualTo("mean range in 2021 where session = RTH");
        // after a ranking the number may be how many days: never read as a year
        Memory ranked = after("list top 10 days by range descending in 2023 where session = RTH");
        assertThat(FollowUps.resolve("and 20?", ranked).map(ReadingClassesTest::render).orElse("")).doesNotContain("2020");
    }

    @Test
    void aSecondAskAfterWhenItDoesIsAskedOfTheSameDays() {
        List<String> both = steps("how often does rth take out the overnight low, and when it does, what time usually");
        assertThat(both).hasSize(2);
        assertThat(both.get(0)).contains("probability of broke_overnight_low = 1");
        assertThat(both.get(1)).contains("overnight low broken");
        // the minutes a gap takes to fill are in the gap-fill table: no count of days beside it
        assertThat(steps("how often do gap downs fill, and how many minutes")).hasSize(1);
    }

    @Test
    void aSubjectSaidWithSameWayChangesTheQuestionBefore() {
        Memory highs = after("when is the high set in 15-minute buckets in 2024 where session = RTH");
        assertThat(render(FollowUps.resolve("lows the same way", highs).orElseThrow()))
                .isEqualTo("when is the low set in 15-minute buckets in 2024 where session = RTH");
    }
}
