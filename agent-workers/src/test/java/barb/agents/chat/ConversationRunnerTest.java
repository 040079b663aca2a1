package barb.agents.chat;

import barb.agents.RulesAgents;
import barb.core.DataCoverage;
import barb.core.Json;
import org.junit.jupiter.api.Test;

import java.time.LocalDate;

import static org.assertj.core.api.Assertions.assertThat;

/** Whole dialogues through the rules agents, turn after turn, as a chat carries its memory. */
class ConversationRunnerTest {
    private static final DataCoverage DATA = new DataCoverage(LocalDate.parse("2008-01-02"),
            LocalDate.parse("2026-01-07"), "test");

    private final ConversationRunner chat = new ConversationRunner(RulesAgents.handlers(() -> DATA));

    @Test
    void theDaysOfANotionJustExplainedAreWhatTheNextQuestionCounts() {
        ConversationRunner.Turn explained = chat.ask("что такое доджи?");
        assertThat(explained.route()).isEqualTo("concept");

        ConversationRunner.Turn counted = chat.ask("а сколько таких дней было в 2024 на ртх?");

        assertThat(counted.route()).isEqualTo("data");
        String plan = Json.toString(counted.plans());
        assertThat(plan).contains("\"operation\":\"count\"").contains("\"patterns\":[\"doji\"]")
                .contains("\"from\":\"2024-01-01\"").contains("\"session\":\"RTH\"");
    }

    @Test
    void aNotionThatNamesNoDaysLeavesNothingToFollow() {
        chat.ask("what is the median?");

        ConversationRunner.Turn next = chat.ask("and in 2024?");

        assertThat(Json.toString(next.plans())).doesNotContain("patterns\":[\"");
    }

    @Test
    void aSessionNamedTwiceOrInAnotherCaseAnswersTheSessionAsked() {
        assertThat(chat.ask("какой день недели в среднем самый широкий по рейнджу?").field()).isEqualTo("session");

        ConversationRunner.Turn answered = chat.ask("ртх, основная сессия");

        assertThat(answered.route()).isEqualTo("data");
        assertThat(Json.toString(answered.plans())).contains("\"session\":\"RTH\"").contains("\"group_by\":\"weekday\"");

        chat.reset();
        chat.ask("топ 5 самых широких дней за 2023");
        assertThat(Json.toString(chat.ask("по всему дню").plans())).contains("\"session\":\"ETH\"");
    }

    @Test
    void aFollowUpChangesEveryStepOfAQuestionOfSeveralAsks() {
        ConversationRunner.Turn first = chat.ask("2023 in numbers: avg daily % change and how many green days");
        assertThat(first.plans()).hasSize(2);

        ConversationRunner.Turn next = chat.ask("same two for 2021?");

        String plans = Json.toString(next.plans());
        assertThat(next.plans()).hasSize(2);
        assertThat(plans).contains("\"operation\":\"aggregate\"").contains("\"operation\":\"count\"")
                .contains("\"from\":\"2021-01-01\"").doesNotContain("2023-");
    }

    @Test
    void moreBinsAskedInWordsRedrawTheDistribution() {
        chat.ask("распределение недельных изменений в % с 2018");

        ConversationRunner.Turn more = chat.ask("а можно столбиков побольше, штук 25?");

        assertThat(Json.toString(more.plans())).contains("\"bins\":25").contains("\"operation\":\"distribution\"");
    }

    @Test
    void aQuestionAboutAnotherInstrumentWhileAskedSomethingIsRefused() {
        assertThat(chat.ask("avg range in 2024").field()).isEqualTo("session");

        ConversationRunner.Turn other = chat.ask("hmm and is gold's range bigger in the asian session?");

        assertThat(other.route()).isEqualTo("unsupported");
        assertThat(other.reply()).contains("gold");
    }

    @Test
    void aPeriodThrownInAfterAComparisonIsOneMoreSide() {
        chat.ask("avg rth range 2021 vs 2022");

        String more = Json.toString(chat.ask("throw 2020 in there as well").plans());

        assertThat(more).contains("\"from\":\"2020-01-01\"").contains("\"from\":\"2021-01-01\"")
                .contains("\"from\":\"2022-01-01\"");
        // a restriction said the same way changes the days of every side
        chat.reset();
        chat.ask("avg rth range 2021 vs 2022");
        assertThat(Json.toString(chat.ask("add mondays only").plans())).contains("monday").doesNotContain("2020");
    }

    @Test
    void thatMonthAfterADayIsTheMonthOfThatDay() {
        chat.ask("what happened on 2023-03-13");

        String asked = Json.toString(chat.ask("and the avg rth range that month?").plans());
        assertThat(asked).contains("\"operation\":\"aggregate\"").contains("\"from\":\"2023-03-01\"")
                .contains("\"to\":\"2023-03-31\"");

        chat.reset();
        chat.ask("что было 13 марта 2023?");
        assertThat(Json.toString(chat.ask("а весь тот месяц?").plans())).contains("\"operation\":\"snapshot\"")
                .contains("\"from\":\"2023-03-01\"").contains("\"to\":\"2023-03-31\"");
    }

    @Test
    void monthsNextToEachOtherGivenAsTheAskedPeriodAreOneSpan() {
        assertThat(chat.ask("avg rth range during the banking crisis").field()).isEqualTo("period");

        String answered = Json.toString(chat.ask("march and april 2023").plans());

        assertThat(answered).contains("\"from\":\"2023-03-01\"").contains("\"to\":\"2023-04-30\"")
                .doesNotContain("\"operation\":\"compare\"");
    }

    @Test
    void aRunAfterOneDayOfItsColourReplacesThatDay() {
        chat.ask("what are the odds of a green day after a red day?");

        String run = Json.toString(chat.ask("and after 3 red days in a row?").plans());

        assertThat(run).contains("\"consecutive\":{\"color\":\"red\",\"length\":3")
                .doesNotContain("\"metric\":\"is_red\"").contains("\"metric\":\"is_green\"");
    }

    @Test
    void theBestAfterACountOfColouredRowsIsTheBestOfAllUnlessOfThem() {
        chat.ask("how many green weeks in 2023?");
        assertThat(Json.toString(chat.ask("which week was the best?").plans())).doesNotContain("is_green");

        chat.reset();
        chat.ask("how many green weeks in 2023?");
        // the learned check may ask to confirm a short follow-up; the rules' reading, answered or offered first,
        // keeps the colour
        ConversationRunner.Turn ofThem = chat.ask("and the 3 smallest of them?");
        if (ofThem.plans().isEmpty()) {
            assertThat(ofThem.field()).isEqualTo("reading");
            assertThat(ofThem.reply()).contains("3 weeks with the lowest % change in 2023")
                    .containsPattern("Did you mean [^?]*green weeks or");
        } else {
            assertThat(Json.toString(ofThem.plans())).contains("is_green");
        }
    }

    @Test
    void aFollowUpKeepsItsMeasureWhenALaterSentenceOnlySaysWhatTheTraderThinks() {
        chat.ask("avg daily % change in 2023?");

        String std = Json.toString(chat.ask("and the std? thats basically volatility, am i right").plans());

        assertThat(std).contains("\"aggregate\":\"std\"").contains("\"metric\":\"change_pct\"");
    }

    @Test
    void meetingDaysAreFedDaysAndAnOvernightLevelAfterItsNameIsItsBreak() {
        assertThat(Json.toString(chat.ask("avg rth range on meeting days vs other days").plans())).contains("is_fomc");
        chat.reset();
        assertThat(Json.toString(chat.ask("во сколько обычно на ртх пробивают лой ovn?").plans()))
                .contains("overnight_low_break");
    }

    @Test
    void theDayItselfAfterTheDayAfterIsTheEventsOwnDay() {
        chat.ask("avg % change the day after nfp since 2019");

        assertThat(Json.toString(chat.ask("and on the day itself?").plans())).contains("\"offsets\":[0")
                .contains("\"events\":[\"nfp\"]");
        chat.reset();
        chat.ask("средний % изменения на следующий день после фомс");
        // a condition on that day stays a condition
        assertThat(Json.toString(chat.ask("а если в сам день фомс закрылись красным?").plans()))
                .doesNotContain("\"offsets\":[0");
    }

    @Test
    void theOtherSideGivenWhenAskedWhatToCompareWithIsAddedBesideTheFirst() {
        assertThat(chat.ask("compare tuesdays please").field()).isEqualTo("compare_groups");

        String both = Json.toString(chat.ask("vs thursdays. median % change since 2021").plans());

        assertThat(both).contains("\"operation\":\"compare\"").contains("tuesday").contains("thursday");
    }

    @Test
    void aQuestionAboutANotionWhileAskedSomethingEndsTheClarificationWithItsAnswer() {
        assertThat(chat.ask("avg range in 2023").route()).isEqualTo("clarify");

        ConversationRunner.Turn explained = chat.ask("hold on, whats an nr7 mean exactly?");

        assertThat(explained.route()).isEqualTo("concept");
        assertThat(explained.reply()).contains("narrowest");
        // the clarification is over: "rth" no longer completes the question about 2023
        assertThat(Json.toString(chat.ask("rth").plans())).doesNotContain("2023-01-01");
    }

    @Test
    void whenItHappensAfterABreakOfTheOvernightLevelIsTheTimeOfThatBreak() {
        chat.ask("how often does rth break the overnight low on gap down days in 2023");

        ConversationRunner.Turn when = chat.ask("when does that usually happen?");

        String plan = Json.toString(when.plans());
        assertThat(plan).contains("\"operation\":\"formation\"").contains("\"extreme\":\"overnight_low_break\"")
                .contains("\"gap\":\"down\"").contains("2023-01-01");
    }

    @Test
    void theDaysOfThePreviousCountAreTheConditionOfWhatTheNextDayShows() {
        chat.ask("how many outside days on rth in 2022?");

        ConversationRunner.Turn next = chat.ask("and after one, how often is the next day red?");

        String plan = Json.toString(next.plans());
        assertThat(plan).contains("\"operation\":\"probability\"").contains("\"patterns\":[\"outside_day\"]")
                .contains("\"metric\":\"is_red\"").contains("\"offset\":1");
    }

    @Test
    void statisticsOfSomeDaysWithoutAMeasureAskWhatMatters() {
        assertThat(chat.ask("some stats on fridays pls").field()).isEqualTo("goal");
        chat.reset();
        assertThat(chat.ask("show fridays in march 2024").route()).isEqualTo("data");
    }

    @Test
    void whenTheBreakHappensInBucketsIsTheTimeOfTheBreakInThoseBuckets() {
        chat.ask("как часто ртх пробивает лой овернайта в 2024");

        String plan = Json.toString(chat.ask("и во сколько обычно пробой? по 30 мин").plans());

        assertThat(plan).contains("\"extreme\":\"overnight_low_break\"").contains("\"bucket\":\"30m\"");
    }

    @Test
    void aMeasureOfTheDayItselfAfterTheDaysAfterAnEventDropsTheDaysAfter() {
        chat.ask("what does nq do 1 and 3 days after cpi");

        String plan = Json.toString(chat.ask("and on the day itself, avg rth range?").plans());

        assertThat(plan).contains("\"operation\":\"aggregate\"").contains("\"metric\":\"range\"")
                .contains("\"events\":[\"cpi\"]").contains("\"offsets\":[]");
    }

    @Test
    void anAverageAfterAShareIsTheAverageOverTheSameDays() {
        chat.ask("how often do thursdays in 2023 close green");

        String plan = Json.toString(chat.ask("and the median % change?").plans());

        assertThat(plan).contains("\"operation\":\"aggregate\"").contains("\"aggregate\":\"median\"")
                .contains("\"weekdays\":[\"thursday\"]").doesNotContain("is_green");
    }

    @Test
    void theRestSpelledOutIsTheNewDaysNotAComparison() {
        chat.ask("avg rth range on mondays in 2024");

        String plan = Json.toString(chat.ask("and the other days (tue-fri)?").plans());

        assertThat(plan).contains("\"operation\":\"aggregate\"")
                .contains("\"weekdays\":[\"tuesday\",\"wednesday\",\"thursday\",\"friday\"]");
    }

    @Test
    void aSessionNamedAfterAClockWindowReplacesTheWindow() {
        chat.ask("avg range 9:30-9:45 in 2024");

        String plan = Json.toString(chat.ask("and the whole last hour?").plans());

        assertThat(plan).contains("\"session\":\"RTH_CLOSE\"").doesNotContain("\"time\"");
    }

    @Test
    void minutesAskedAfterHowOftenGapsFillAreTheMinutesToFill() {
        chat.ask("how often does the rth gap fill in 2024");

        String plan = Json.toString(chat.ask("and on average how many minutes till it fills?").plans());

        assertThat(plan).contains("\"metric\":\"gap_fill_minutes\"").contains("2024-01-01");
    }

    @Test
    void aMonthAfterAMonthOfEveryYearReplacesOnlyTheMonth() {
        chat.ask("how often was march red since 2012");

        String plan = Json.toString(chat.ask("and april?").plans());

        assertThat(plan).contains("\"months\":[\"april\"]").contains("2012-01-01");
    }

    @Test
    void aMonthAfterAMonthOfOneYearIsThatMonthOfTheSameYear() {
        chat.ask("avg rth range in october 2022");

        String plan = Json.toString(chat.ask("а в ноябре?").plans());

        assertThat(plan).contains("\"from\":\"2022-11-01\"").contains("\"to\":\"2022-11-30\"");
    }

    @Test
    void howManyOfThoseCountsAmongThePreviousDays() {
        chat.ask("list the rth days in 2023 with a range over 400 points");

        String plan = Json.toString(chat.ask("how many of those closed green").plans());

        assertThat(plan).contains("\"operation\":\"count\"").contains("\"metric\":\"range\"")
                .contains("\"metric\":\"is_green\"").contains("2023-01-01");
    }

    @Test
    void outOfHowManyCountsTheSameDaysWithoutTheColour() {
        chat.ask("how many cpi days closed green on rth since 2019?");

        String plan = Json.toString(chat.ask("out of how many in total?").plans());

        assertThat(plan).contains("\"operation\":\"count\"").contains("\"events\":[\"cpi\"]")
                .doesNotContain("is_green");
    }

    @Test
    void aQuestionEndingInThenFollowsThePreviousOne() {
        chat.ask("how often were octobers red since 2012?");

        String plan = Json.toString(chat.ask("whats the median % change for october then").plans());

        assertThat(plan).contains("\"operation\":\"aggregate\"").contains("\"months\":[\"october\"]")
                .contains("2012-01-01");
    }

    @Test
    void theVeryBiggestOfThemOnWhatDateIsTheFirstRow() {
        chat.ask("top 5 rth days by range in 2021");

        String plan = Json.toString(chat.ask("а самый-самый какого числа был?").plans());

        assertThat(plan).contains("\"limit\":1").contains("2021-01-01");
    }

    @Test
    void ordinalsAfterPercentilesAreOtherPercentiles() {
        chat.ask("distribution of the daily overnight range in 2023, percentiles 5/50/95");

        String plan = Json.toString(chat.ask("just the 20th and 80th pls").plans());

        assertThat(plan).contains("\"operation\":\"distribution\"").contains("\"percentiles\":[20.0,80.0]")
                .contains("2023-01-01");
    }

    @Test
    void aBareBiggerSizeAfterDropsIsABiggerDrop() {
        chat.ask("how many days did nq fall more than 1.5% in 2023");

        String plan = Json.toString(chat.ask("and more than 2.5?").plans());

        assertThat(plan).contains("\"op\":\"<\",\"value\":-2.5");
    }

    @Test
    void whatAColumnOfTheAnswerMeansIsExplained() {
        chat.ask("after 2 green days how often is the next day red since 2015");

        assertThat(chat.ask("whats base_probability mean there").route()).isEqualTo("concept");
    }

    @Test
    void theBestOneAfterTheWorstIsTheOtherEndOfTheRanking() {
        chat.ask("worst day by % change in each year since 2018, rth");

        String plan = Json.toString(chat.ask("and the best one each year").plans());

        assertThat(plan).contains("\"operation\":\"top_n\"").contains("\"sort\":\"desc\"");
    }

    @Test
    void oneMeasureAfterACorrelationReplacesItsSecondMeasure() {
        chat.ask("correlation of rth gap % with rth % change since 2016");

        String plan = Json.toString(chat.ask("and with the next day's change?").plans());

        assertThat(plan).contains("\"metric\":\"gap_pct\"").contains("\"metric2\":\"change_pct\"")
                .contains("\"offset\":1");
    }

    @Test
    void theDayAfterADaySaidWithoutItsYearIsTheNextDay() {
        assertThat(Json.toString(chat.ask("what happened on dec 18").plans())).contains("\"from\":\"2025-12-18\"");

        ConversationRunner.Turn next = chat.ask("and the day after?");

        assertThat(Json.toString(next.plans())).contains("\"operation\":\"snapshot\"")
                .contains("\"from\":\"2025-12-19\",\"to\":\"2025-12-19\"");
        chat.reset();
        chat.ask("что было 31 марта");
        assertThat(Json.toString(chat.ask("а на следующий день?").plans())).contains("\"from\":\"2025-04-01\"");
    }

    @Test
    void theDayOfARefusedQuestionIsWhatThatDayMeansNext() {
        assertThat(chat.ask("почему 27 января 2025 так упали? какие новости были?").route()).isEqualTo("unsupported");

        ConversationRunner.Turn shown = chat.ask("ну хоть покажи что было в тот день");

        assertThat(shown.route()).isEqualTo("data");
        assertThat(Json.toString(shown.plans())).contains("\"operation\":\"snapshot\"")
                .contains("\"from\":\"2025-01-27\",\"to\":\"2025-01-27\"");
        // a day without its year is dated when it is shown
        chat.reset();
        chat.ask("какие новости двигали рынок 10 декабря? там же фед вроде был");
        assertThat(Json.toString(chat.ask("ок, тогда просто покажи, что было в тот день по цифрам").plans()))
                .contains("\"from\":\"2025-12-10\",\"to\":\"2025-12-10\"");
        // a refusal that names no day leaves no day behind
        chat.reset();
        chat.ask("why did nq dump, what news");
        assertThat(chat.ask("ok just show me that day").plans()).isEmpty();
    }

    @Test
    void anotherEventSetAgainstTheOtherDaysKeepsBothSides() {
        chat.ask("avg rth range on fomc days vs all other days since 2021");

        String plan = Json.toString(chat.ask("same for cpi").plans());

        assertThat(plan).contains("\"operation\":\"compare\"").contains("\"events\":[\"cpi\"]")
                .contains("{\"metric\":\"is_cpi\",\"op\":\"=\",\"value\":0.0}").doesNotContain("fomc");
    }

    @Test
    void flippingAGapToItsOtherSideKeepsItsSize() {
        chat.ask("after a gap up of 1.5% or more, what does nq do the next day");
        String downs = Json.toString(chat.ask("ok flip it, what about gap downs").plans());
        assertThat(downs).contains("\"operation\":\"around\"")
                .contains("{\"metric\":\"gap_pct\",\"op\":\"<=\",\"value\":-1.5}");

        chat.reset();
        chat.ask("как часто день закрывается зелёным после гэпа вверх больше 0.7% на ртх");
        assertThat(Json.toString(chat.ask("теперь наоборот: гэп вниз").plans()))
                .contains("{\"metric\":\"gap_pct\",\"op\":\"<\",\"value\":-0.7}");
    }

    @Test
    void aFollowUpMarkedAtItsEndOrAfterSameThingChangesThePreviousQuestion() {
        chat.ask("how often do rth gap downs fill since 2021");
        String gapUps = Json.toString(chat.ask("gap ups too").plans());
        assertThat(gapUps).contains("\"operation\":\"gap_fill\"").contains("\"gap\":\"up\"")
                .contains("\"from\":\"2021-01-01\"");

        chat.reset();
        chat.ask("odds nq closes red when it gaps up at the open");
        String fridays = Json.toString(chat.ask("same thing but on fridays").plans());
        assertThat(fridays).contains("\"operation\":\"probability\"").contains("\"weekdays\":[\"friday\"]")
                .contains("\"gap\":\"up\"").contains("\"metric\":\"is_red\"");

        chat.reset();
        chat.ask("средний ренж ртх за 2024");
        assertThat(Json.toString(chat.ask("спасибо огромное, а за 2023?").plans()))
                .contains("\"from\":\"2023-01-01\",\"to\":\"2023-12-31\"").contains("\"metric\":\"range\"");
    }

    @Test
    void aMeasureSaidAgainWithoutItsUnitKeepsTheUnitAsked() {
        chat.ask("distribution of rth gaps in % since 2021, 20 bins");

        String plan = Json.toString(chat.ask("fridays only (the friday gap)").plans());

        assertThat(plan).contains("\"metric\":\"gap_pct\"").contains("\"weekdays\":[\"friday\"]")
                .contains("\"bins\":20");
    }

    @Test
    void aBareNumberChangesThePreviousQuestionsOneSize() {
        chat.ask("how often does nq drop more than 1.5% in a day");
        assertThat(Json.toString(chat.ask("and 2.5?").plans()))
                .contains("\"outcome\":{\"metric\":\"change_pct\",\"op\":\"<\",\"value\":-2.5}");
    }

    @Test
    void aBareNumberAfterARankingIsHowManyAreRanked() {
        chat.ask("the 10 widest rth ranges since 2020");
        assertThat(Json.toString(chat.ask("and 3?").plans())).contains("\"limit\":3").contains("\"sort\":\"desc\"")
                .contains("\"from\":\"2020-01-01\"");
    }

    @Test
    void aBareNumberAfterARunIsItsLength() {
        chat.ask("покажи серии падений от 4 дней подряд с 2020");
        assertThat(Json.toString(chat.ask("а 6?").plans())).contains("\"min_length\":6")
                .contains("{\"metric\":\"change_pct\",\"op\":\"<\",\"value\":0.0}");

        chat.reset();
        chat.ask("show me the runs of 4 or more red days in a row since 2020");
        assertThat(Json.toString(chat.ask("and 6?").plans())).contains("\"min_length\":6")
                .contains("{\"metric\":\"is_red\",\"op\":\"=\",\"value\":1.0}");
    }

    @Test
    void theDayItselfAndADayCountAfterItAreBothOffsets() {
        chat.ask("средний % изменения после cpi");
        assertThat(Json.toString(chat.ask("а в сам день и через 3").plans())).contains("\"offsets\":[0,3]");
    }

    @Test
    void aSizeAfterAfterChangesTheMoveTheDaysComeAfter() {
        chat.ask("средний ренж после дней с ростом больше 2%");
        assertThat(Json.toString(chat.ask("а после 3%").plans()))
                .contains("{\"metric\":\"change_pct\",\"op\":\">\",\"value\":3.0}");
    }

    @Test
    void theOtherGapAfterARankingOfGapsTurnsTheRankingRound() {
        chat.ask("top 10 biggest gap ups in % since 2020, rth");
        String downs = Json.toString(chat.ask("and the gap downs").plans());
        assertThat(downs).contains("\"sort\":\"asc\"").contains("\"filters\":[]").contains("2020-01-01");

        chat.reset();
        chat.ask("самые большие гэп дауны в % с 2021");
        assertThat(Json.toString(chat.ask("а гэп апы?").plans())).contains("\"sort\":\"desc\"")
                .contains("\"filters\":[]");
    }

    @Test
    void aSideOfTheComparedKindAddedIsOneMoreSide() {
        chat.ask("mondays vs fridays, avg rth range since 2023");
        assertThat(Json.toString(chat.ask("throw wednesday in there too").plans()))
                .contains("\"label\":\"monday vs friday vs wednesday\"");

        chat.reset();
        chat.ask("rth vs eth avg range 2024");
        assertThat(Json.toString(chat.ask("добавь овернайт").plans())).contains("\"label\":\"RTH vs ETH vs OVERNIGHT\"");
    }

    @Test
    void aFollowUpWhileAClarificationIsUnansweredIsNotAnsweredWithTheDoubtedReading() {
        assertThat(chat.ask("средний % изменения после cpi").field()).isEqualTo("reading");
        // "а за 2022?" answers neither choice: the question is asked again rather than answered with a guess
        ConversationRunner.Turn followUp = chat.ask("а за 2022?");
        assertThat(followUp.route()).isEqualTo("clarify");
        assertThat(followUp.plans()).isEmpty();

        // nor with an answer given before the question asked about
        chat.reset();
        assertThat(chat.ask("как часто ртх закрывается зеленым").route()).isEqualTo("data");
        assertThat(chat.ask("средний % изменения после cpi").field()).isEqualTo("reading");
        assertThat(chat.ask("а за 2023?").route()).isEqualTo("clarify");

        chat.reset();
        assertThat(chat.ask("is there any momentum day to day on nq, like correlation between todays % change and "
                + "tmrws").field()).isEqualTo("ambiguous_term");
        assertThat(chat.ask("ok now do 2024 only").route()).isEqualTo("clarify");
    }

    @Test
    void aDayGivenForAnUnknownWordIsTheDayMeant() {
        assertThat(chat.ask("а что было в тот день когда Пауэлл всех напугал и NQ улетел вниз?").field())
                .isEqualTo("ambiguous_term");
        ConversationRunner.Turn day = chat.ask("5 августа 2024 кажется");
        assertThat(day.route()).isEqualTo("data");
        assertThat(Json.toString(day.plans())).contains("\"operation\":\"snapshot\"").contains("2024-08-05");
    }

    @Test
    void theShareOfGreenDaysPerYearIsAnsweredAndWordedAsAShare() {
        ConversationRunner.Turn english = chat.ask("how often does nq close green, per year");
        assertThat(english.route()).isEqualTo("data");
        assertThat(english.reply()).contains("share of green days by year").doesNotContain("is green");

        ConversationRunner.Turn russian = new ConversationRunner(RulesAgents.handlers(() -> DATA))
                .ask("как часто нк закрывается зеленым по годам");
        assertThat(russian.route()).isEqualTo("data");
        assertThat(russian.reply()).contains("доля зелёных дней по годам");
    }
}
