package barb.agents.periods;

import barb.core.Plan;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

import java.time.LocalDate;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class PeriodPhrasesTest {
    /** Data 2008-01-02 .. 2026-01-07 (a Wednesday). */
    private static final DateResolver RESOLVER = new DateResolver(LocalDate.of(2008, 1, 2), LocalDate.of(2026, 1, 7));

    @ParameterizedTest(name = "{0} -> {1} = {2}..{3}")
    @CsvSource(delimiter = '|', textBlock = """
            in 2024                      | 2024                  | 2024-01-01 | 2024-12-31
            for 2024                     | 2024                  | 2024-01-01 | 2024-12-31
            2024                         | 2024                  | 2024-01-01 | 2024-12-31
            during 2024                  | 2024                  | 2024-01-01 | 2024-12-31
            the year 2024                | 2024                  | 2024-01-01 | 2024-12-31
            2023 to 2024                 | 2023..2024            | 2023-01-01 | 2024-12-31
            from 2023 to 2024            | 2023..2024            | 2023-01-01 | 2024-12-31
            2023-2024                    | 2023..2024            | 2023-01-01 | 2024-12-31
            2023-24                      | 2023..2024            | 2023-01-01 | 2024-12-31
            between 2020 and 2023        | 2020..2023            | 2020-01-01 | 2023-12-31
            since 2020                   | 2020..                | 2020-01-01 | 2026-01-07
            from 2020 onwards            | 2020..                | 2020-01-01 | 2026-01-07
            after 2020                   | 2021..                | 2021-01-01 | 2026-01-07
            after march 2024             | 2024-04..             | 2024-04-01 | 2026-01-07
            before 2015                  | ..2015                | 2008-01-02 | 2015-12-31
            until 2015                   | ..2015                | 2008-01-02 | 2015-12-31
            before march 2024            | ..2024-03             | 2008-01-02 | 2024-03-31
            in march                     | march                 | 2025-03-01 | 2025-03-31
            in may                       | may                   | 2025-05-01 | 2025-05-31
            march 2024                   | 2024-03               | 2024-03-01 | 2024-03-31
            in march of 2024             | 2024-03               | 2024-03-01 | 2024-03-31
            in jan 2024                  | 2024-01               | 2024-01-01 | 2024-01-31
            2008-09                      | 2008-09               | 2008-09-01 | 2008-09-30
            from march to may 2024       | 2024-03..2024-05      | 2024-03-01 | 2024-05-31
            from november to february 2024 | 2023-11..2024-02    | 2023-11-01 | 2024-02-29
            march to may                 | march..may            | 2025-03-01 | 2025-05-31
            q1 2024                      | 2024-q1               | 2024-01-01 | 2024-03-31
            2024 q1                      | 2024-q1               | 2024-01-01 | 2024-03-31
            first quarter of 2024        | 2024-q1               | 2024-01-01 | 2024-03-31
            the first quarter            | q1                    | 2026-01-01 | 2026-01-07
            q3                           | q3                    | 2025-07-01 | 2025-09-30
            2024-q1..2024-q3             | 2024-q1..2024-q3      | 2024-01-01 | 2024-09-30
            h1 2024                      | 2024-01..2024-06      | 2024-01-01 | 2024-06-30
            first half of 2024           | 2024-01..2024-06      | 2024-01-01 | 2024-06-30
            the second half of 2023      | 2023-07..2023-12      | 2023-07-01 | 2023-12-31
            first half of the year       | q1..q2                | 2026-01-01 | 2026-01-07
            on 2024-03-15                | 2024-03-15            | 2024-03-15 | 2024-03-15
            march 15, 2024               | 2024-03-15            | 2024-03-15 | 2024-03-15
            15 march 2024                | 2024-03-15            | 2024-03-15 | 2024-03-15
            march 15 2024                | 2024-03-15            | 2024-03-15 | 2024-03-15
            the 15th of march, 2024      | 2024-03-15            | 2024-03-15 | 2024-03-15
            2024-03-15 to 2024-04-01     | 2024-03-15..2024-04-01 | 2024-03-15 | 2024-04-01
            march 1 to april 15, 2024    | 2024-03-01..2024-04-15 | 2024-03-01 | 2024-04-15
            15.03.2024                   | 2024-03-15            | 2024-03-15 | 2024-03-15
            week 10 of 2024              | 2024-w10              | 2024-03-04 | 2024-03-10
            2024-w10                     | 2024-w10              | 2024-03-04 | 2024-03-10
            yesterday                    | yesterday             | 2026-01-06 | 2026-01-06
            today                        | today                 | 2026-01-07 | 2026-01-07
            this week                    | this week             | 2026-01-05 | 2026-01-07
            last week                    | last week             | 2025-12-29 | 2026-01-04
            past week                    | last 1 weeks          | 2026-01-01 | 2026-01-07
            this month                   | this month            | 2026-01-01 | 2026-01-07
            last month                   | last month            | 2025-12-01 | 2025-12-31
            previous month               | last month            | 2025-12-01 | 2025-12-31
            past month                   | last 1 months         | 2025-12-08 | 2026-01-07
            this quarter                 | this quarter          | 2026-01-01 | 2026-01-07
            last quarter                 | last quarter          | 2025-10-01 | 2025-12-31
            past quarter                 | last 3 months         | 2025-10-08 | 2026-01-07
            this year                    | this year             | 2026-01-01 | 2026-01-07
            last year                    | last year             | 2025-01-01 | 2025-12-31
            past year                    | last 1 years          | 2025-01-08 | 2026-01-07
            ytd                          | this year             | 2026-01-01 | 2026-01-07
            year to date                 | this year             | 2026-01-01 | 2026-01-07
            month to date                | this month            | 2026-01-01 | 2026-01-07
            last 5 days                  | last 5 days           | 2026-01-03 | 2026-01-07
            past 5 days                  | last 5 days           | 2026-01-03 | 2026-01-07
            the last 3 weeks             | last 3 weeks          | 2025-12-18 | 2026-01-07
            last 6 months                | last 6 months         | 2025-07-08 | 2026-01-07
            past two years               | last 2 years          | 2024-01-08 | 2026-01-07
            over the last twelve months  | last 12 months        | 2025-01-08 | 2026-01-07
            last 30 trading days         | last 30 days          | 2025-12-09 | 2026-01-07
            all time                     | all                   | 2008-01-02 | 2026-01-07
            all data                     | all                   | 2008-01-02 | 2026-01-07
            over all data                | all                   | 2008-01-02 | 2026-01-07
            over the whole history       | all                   | 2008-01-02 | 2026-01-07
            ever                         | all                   | 2008-01-02 | 2026-01-07
            в 2024                       | 2024                  | 2024-01-01 | 2024-12-31
            за 2024                      | 2024                  | 2024-01-01 | 2024-12-31
            2024 год                     | 2024                  | 2024-01-01 | 2024-12-31
            в 2024 году                  | 2024                  | 2024-01-01 | 2024-12-31
            за 2024 год                  | 2024                  | 2024-01-01 | 2024-12-31
            в 2024 г.                    | 2024                  | 2024-01-01 | 2024-12-31
            с 2023 по 2024               | 2023..2024            | 2023-01-01 | 2024-12-31
            с 2023 по 2024 год           | 2023..2024            | 2023-01-01 | 2024-12-31
            от 2020 до 2023              | 2020..2023            | 2020-01-01 | 2023-12-31
            2023-2024 гг.                | 2023..2024            | 2023-01-01 | 2024-12-31
            в 2023–2024 годах            | 2023..2024            | 2023-01-01 | 2024-12-31
            с 2020 года                  | 2020..                | 2020-01-01 | 2026-01-07
            начиная с 2020               | 2020..                | 2020-01-01 | 2026-01-07
            после 2020 года              | 2021..                | 2021-01-01 | 2026-01-07
            до 2015 года                 | ..2015                | 2008-01-02 | 2015-12-31
            в марте                      | march                 | 2025-03-01 | 2025-03-31
            за март                      | march                 | 2025-03-01 | 2025-03-31
            в январе                     | january               | 2026-01-01 | 2026-01-07
            март 2024                    | 2024-03               | 2024-03-01 | 2024-03-31
            в марте 2024                 | 2024-03               | 2024-03-01 | 2024-03-31
            в марте 2024 года            | 2024-03               | 2024-03-01 | 2024-03-31
            с марта по май 2024          | 2024-03..2024-05      | 2024-03-01 | 2024-05-31
            с марта по май               | march..may            | 2025-03-01 | 2025-05-31
            за первый квартал 2024       | 2024-q1               | 2024-01-01 | 2024-03-31
            в 1 квартале 2024            | 2024-q1               | 2024-01-01 | 2024-03-31
            в первом квартале            | q1                    | 2026-01-01 | 2026-01-07
            в четвертом квартале 2023 года | 2023-q4             | 2023-10-01 | 2023-12-31
            за первое полугодие 2024     | 2024-01..2024-06      | 2024-01-01 | 2024-06-30
            во втором полугодии 2023     | 2023-07..2023-12      | 2023-07-01 | 2023-12-31
            первое полугодие             | q1..q2                | 2026-01-01 | 2026-01-07
            15 марта 2024                | 2024-03-15            | 2024-03-15 | 2024-03-15
            15 марта 2024 года           | 2024-03-15            | 2024-03-15 | 2024-03-15
            с 1 марта по 15 апреля 2024  | 2024-03-01..2024-04-15 | 2024-03-01 | 2024-04-15
            10-я неделя 2024 года        | 2024-w10              | 2024-03-04 | 2024-03-10
            вчера                        | yesterday             | 2026-01-06 | 2026-01-06
            сегодня                      | today                 | 2026-01-07 | 2026-01-07
            на этой неделе               | this week             | 2026-01-05 | 2026-01-07
            на прошлой неделе            | last week             | 2025-12-29 | 2026-01-04
            за прошлую неделю            | last week             | 2025-12-29 | 2026-01-04
            за последнюю неделю          | last 1 weeks          | 2026-01-01 | 2026-01-07
            в этом месяце                | this month            | 2026-01-01 | 2026-01-07
            за прошлый месяц             | last month            | 2025-12-01 | 2025-12-31
            в прошлом месяце             | last month            | 2025-12-01 | 2025-12-31
            за последний месяц           | last 1 months         | 2025-12-08 | 2026-01-07
            в этом квартале              | this quarter          | 2026-01-01 | 2026-01-07
            за прошлый квартал           | last quarter          | 2025-10-01 | 2025-12-31
            в этом году                  | this year             | 2026-01-01 | 2026-01-07
            за этот год                  | this year             | 2026-01-01 | 2026-01-07
            в прошлом году               | last year             | 2025-01-01 | 2025-12-31
            за прошлый год               | last year             | 2025-01-01 | 2025-12-31
            прошлого года                | last year             | 2025-01-01 | 2025-12-31
            этого года                   | this year             | 2026-01-01 | 2026-01-07
            прошлого месяца              | last month            | 2025-12-01 | 2025-12-31
            прошлой недели               | last week             | 2025-12-29 | 2026-01-04
            с начала года                | this year             | 2026-01-01 | 2026-01-07
            с начала месяца              | this month            | 2026-01-01 | 2026-01-07
            за последние 5 дней          | last 5 days           | 2026-01-03 | 2026-01-07
            за 5 последних дней          | last 5 days           | 2026-01-03 | 2026-01-07
            за последние 30 торговых дней | last 30 days         | 2025-12-09 | 2026-01-07
            за последние 3 недели        | last 3 weeks          | 2025-12-18 | 2026-01-07
            за последние полгода         | last 6 months         | 2025-07-08 | 2026-01-07
            за последний год             | last 1 years          | 2025-01-08 | 2026-01-07
            за последние 2 года          | last 2 years          | 2024-01-08 | 2026-01-07
            за последние два года        | last 2 years          | 2024-01-08 | 2026-01-07
            за все время                 | all                   | 2008-01-02 | 2026-01-07
            за всю историю               | all                   | 2008-01-02 | 2026-01-07
            on march 15                  | --03-15               | 2025-03-15 | 2025-03-15
            nov 28                       | --11-28               | 2025-11-28 | 2025-11-28
            5 января                     | --01-05               | 2026-01-05 | 2026-01-05
            с 15 марта                   | --03-15..             | 2025-03-15 | 2026-01-07
            from dec 28 to jan 3         | --12-28..--01-03      | 2025-12-28 | 2026-01-03
            in 2025-10-01..              | 2025-10-01..          | 2025-10-01 | 2026-01-07
            in ..2015                    | ..2015                | 2008-01-02 | 2015-12-31
            in --10-01..                 | --10-01..             | 2025-10-01 | 2026-01-07
            oct to dec last yr           | october..december of last year | 2025-10-01 | 2025-12-31
            в марте прошлого года        | march of last year    | 2025-03-01 | 2025-03-31
            с октября по декабрь прошлого года | october..december of last year | 2025-10-01 | 2025-12-31
            jan 5 this year              | --01-05 of this year  | 2026-01-05 | 2026-01-05
            from 6 nov 2024              | 2024-11-06..          | 2024-11-06 | 2026-01-07
            from 2019                    | 2019..                | 2019-01-01 | 2026-01-07
            from 2019 to 2021            | 2019..2021            | 2019-01-01 | 2021-12-31
            """)
    void findsThePhraseAndItResolves(String text, String when, LocalDate from, LocalDate to) {
        List<PeriodPhrases.Found> found = PeriodPhrases.findAll(text);

        assertThat(found).containsExactly(new PeriodPhrases.Found(when, 0, text.length()));
        assertThat(DateResolver.isCanonical(when)).as("canonical").isTrue();
        assertThat(RESOLVER.resolve(when)).isEqualTo(new Plan.Period(from, to));
        assertThat(PeriodPhrases.without(text, found)).isEmpty();
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', textBlock = """
            average range in march of 2024 on rth          | in march of 2024    | 2024-03      | average range on rth
            top 5 days by range last 6 months               | last 6 months       | last 6 months | top 5 days by range
            top 10 days of the last 3 months by gap         | of the last 3 months | last 3 months | top 10 days by gap
            how may days were green in may                  | in may              | may          | how may days were green
            самые волатильные дни прошлого года на ртх      | прошлого года       | last year    | самые волатильные дни на ртх
            biggest range ever on rth                       | ever                | all          | biggest range on rth
            what was the high on march 15, 2024?            | on march 15, 2024   | 2024-03-15   | what was the high ?
            days with range > 200 in 2024                   | in 2024             | 2024         | days with range > 200
            days when close between 2000 and 2100 in 2010   | in 2010             | 2010         | days when close between 2000 and 2100
            средний диапазон в марте 2024 года на rth       | в марте 2024 года   | 2024-03      | средний диапазон на rth
            сколько зеленых дней за последние 3 недели?     | за последние 3 недели | last 3 weeks | сколько зеленых дней ?
            дни с гэпом вверх в 2024                        | в 2024              | 2024         | дни с гэпом вверх
            first half hour of rth in 2024                  | in 2024             | 2024         | first half hour of rth
            rth 2020-2023 average range                     | 2020-2023           | 2020..2023   | rth average range
            """)
    void findsThePhraseInsideAQuestion(String text, String phrase, String when, String rest) {
        List<PeriodPhrases.Found> found = PeriodPhrases.findAll(text);

        assertThat(found).hasSize(1);
        PeriodPhrases.Found f = found.getFirst();
        assertThat(text.substring(f.start(), f.end())).isEqualTo(phrase);
        assertThat(f.when()).isEqualTo(when);
        assertThat(PeriodPhrases.without(text, found)).isEqualTo(rest);
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', textBlock = """
            compare 2023 to 2024                  | 2023, 2024
            difference between 2020 and 2023      | 2020, 2023
            сравни 2023 и 2024                    | 2023, 2024
            2024 в сравнении с 2023               | 2024, 2023
            average range last year vs this year  | last year, this year
            q1 2024 and q1 2023                   | 2024-q1, 2023-q1
            в прошлом году и в этом году          | last year, this year
            in 2024 and 2023                      | 2024, 2023
            """)
    void findsSeveralPeriodsLeftToRight(String text, String whens) {
        assertThat(PeriodPhrases.findAll(text)).extracting(PeriodPhrases.Found::when)
                .containsExactly(whens.split(", "));
    }

    @ParameterizedTest
    @ValueSource(strings = {"top 5 days by range", "days with range > 200", "3 red days in a row",
            "days that fell 2%", "what happened at 10:00", "range > 2000", "days with range above 2000",
            "gap of 2000 points", "close 2000", "движение больше 2000 пунктов", "range 2024.5",
            "days when close between 2000 and 2100", "first half hour of rth", "the first quarter hour",
            "дни с 10:00 до 11:00", "how may i help",
            "last 3 red days", "every monday", "2000%", "up 2000 pts", "$2024 target", "1985", "2101",
            "2024-13", "h1 candles", "average gap", ""})
    void numbersThatAreNoPeriodAreNotFound(String text) {
        assertThat(PeriodPhrases.findAll(text)).isEmpty();
    }

    @ParameterizedTest(name = "month {0}")
    @CsvSource(delimiter = '|', textBlock = """
            1  | january jan январь января январе январю январем
            2  | february feb февраль февраля феврале февралю февралем
            3  | march mar март марта марте марту мартом
            4  | april apr апрель апреля апреле апрелю апрелем
            5  | may май мая мае маю маем
            6  | june jun июнь июня июне июню июнем
            7  | july jul июль июля июле июлю июлем
            8  | august aug август августа августе августу августом
            9  | september sep sept сентябрь сентября сентябре сентябрю сентябрем
            10 | october oct октябрь октября октябре октябрю октябрем
            11 | november nov ноябрь ноября ноябре ноябрю ноябрем
            12 | december dec декабрь декабря декабре декабрю декабрем
            """)
    void knowsEveryMonthName(int month, String forms) {
        String name = DateResolver.MONTH_NAMES.get(month - 1);
        String yearMonth = "2024-" + (month < 10 ? "0" + month : month);
        for (String form : forms.split(" ")) {
            assertThat(PeriodPhrases.findAll("in " + form + " 2024")).as(form)
                    .extracting(PeriodPhrases.Found::when).containsExactly(yearMonth);
            assertThat(PeriodPhrases.findAll("в " + form)).as(form)
                    .extracting(PeriodPhrases.Found::when).containsExactly(name);
        }
    }

    @Test
    void withoutRemovesEverySpanAndCollapsesWhitespace() {
        String text = "range in 2024 vs last year on rth";
        List<PeriodPhrases.Found> found = PeriodPhrases.findAll(text);

        assertThat(found).containsExactly(new PeriodPhrases.Found("2024", 6, 13),
                new PeriodPhrases.Found("last year", 17, 26));
        assertThat(PeriodPhrases.without(text, found)).isEqualTo("range vs on rth");
        assertThat(PeriodPhrases.without(" range  on rth ", List.of())).isEqualTo("range on rth");
    }

    @Test
    void withoutRejectsSpansThatDoNotFit() {
        assertThatThrownBy(() -> PeriodPhrases.without("in 2024", List.of(new PeriodPhrases.Found("2024", 3, 20))))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("does not fit the text of length 7");
        assertThatThrownBy(() -> PeriodPhrases.without("in 2024 and 2023", List.of(
                new PeriodPhrases.Found("2024", 0, 7), new PeriodPhrases.Found("2024", 3, 7))))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("overlaps another");
    }

    /**
     * Skipping the rules a word cannot start is a speed-up only: over every message of every question set, each
     * written as typed and in lower case, the findings are those of trying every rule at every word start.
     */
    @Test
    void skippingRulesByTheFirstWordChangesNoFinding() throws Exception {
        List<String> texts = new java.util.ArrayList<>();
        try (var files = java.nio.file.Files.list(java.nio.file.Path.of("src/main/resources/catalogue"))) {
            for (java.nio.file.Path f : files.filter(p -> p.toString().endsWith(".json")).sorted().toList()) {
                for (var c : barb.core.Json.parse(java.nio.file.Files.readString(f)).path("cases")) {
                    for (var turn : c.path("turns")) {
                        String user = turn.path("user").asText();
                        texts.add(user);
                        texts.add(user.toLowerCase(java.util.Locale.ROOT));
                    }
                }
            }
        }
        assertThat(texts).hasSizeGreaterThan(10_000);
        int withPeriods = 0;
        for (String text : texts) {
            List<PeriodPhrases.Found> skipping = PeriodPhrases.findAll(text, true);
            assertThat(skipping).as(text).isEqualTo(PeriodPhrases.findAll(text, false));
            withPeriods += skipping.isEmpty() ? 0 : 1;
        }
        assertThat(withPeriods).as("texts with a period, so the comparison is not of empty lists").isGreaterThan(4_000);
    }
}
