package barb.agents.periods;

import barb.core.Plan;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

import java.time.LocalDate;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class DateResolverTest {
    private static final LocalDate DATA_FIRST = LocalDate.of(2008, 1, 2);
    /** A Wednesday. */
    private static final LocalDate REFERENCE = LocalDate.of(2026, 1, 7);
    private static final DateResolver RESOLVER = new DateResolver(DATA_FIRST, REFERENCE);

    @ParameterizedTest(name = "{0} = {1}..{2}")
    @CsvSource(delimiter = '|', textBlock = """
            all                    | 2008-01-02 | 2026-01-07
            2024                   | 2024-01-01 | 2024-12-31
            2023..2024             | 2023-01-01 | 2024-12-31
            2024-q1                | 2024-01-01 | 2024-03-31
            2024-q4                | 2024-10-01 | 2024-12-31
            2024-03                | 2024-03-01 | 2024-03-31
            2024-02                | 2024-02-01 | 2024-02-29
            2024-03-15             | 2024-03-15 | 2024-03-15
            2024-w10               | 2024-03-04 | 2024-03-10
            2024-w01               | 2024-01-01 | 2024-01-07
            2021-w01               | 2021-01-04 | 2021-01-10
            2020-w53               | 2020-12-28 | 2021-01-03
            2024-03..2024-05       | 2024-03-01 | 2024-05-31
            2024-03-01..2024-04-15 | 2024-03-01 | 2024-04-15
            2024-q1..2024-q3       | 2024-01-01 | 2024-09-30
            2023..2024-06          | 2023-01-01 | 2024-06-30
            2024-w10..2024-03-20   | 2024-03-04 | 2024-03-20
            2020..                 | 2020-01-01 | 2026-01-07
            2025-12-15..           | 2025-12-15 | 2026-01-07
            ..2015                 | 2008-01-02 | 2015-12-31
            ..2005                 | 2005-01-01 | 2005-12-31
            2005                   | 2005-01-01 | 2005-12-31
            march                  | 2025-03-01 | 2025-03-31
            december               | 2025-12-01 | 2025-12-31
            january                | 2026-01-01 | 2026-01-07
            q1                     | 2026-01-01 | 2026-01-07
            q3                     | 2025-07-01 | 2025-09-30
            q4                     | 2025-10-01 | 2025-12-31
            march..may             | 2025-03-01 | 2025-05-31
            --11-28                | 2025-11-28 | 2025-11-28
            --01-05                | 2026-01-05 | 2026-01-05
            --01-10                | 2025-01-10 | 2025-01-10
            --02-29                | 2024-02-29 | 2024-02-29
            --12-15..--12-19       | 2025-12-15 | 2025-12-19
            --12-28..--01-03       | 2025-12-28 | 2026-01-03
            --01-03..--01-10       | 2026-01-03 | 2026-01-07
            --03-05..              | 2025-03-05 | 2026-01-07
            october..december of last year | 2025-10-01 | 2025-12-31
            march of last year     | 2025-03-01 | 2025-03-31
            january of this year   | 2026-01-01 | 2026-01-07
            --03-05 of last year   | 2025-03-05 | 2025-03-05
            q2 of last year        | 2025-04-01 | 2025-06-30
            november..february of this year | 2025-11-01 | 2026-01-07
            november..february     | 2025-11-01 | 2026-01-07
            january..march         | 2026-01-01 | 2026-01-07
            q1..q2                 | 2026-01-01 | 2026-01-07
            q2..q3                 | 2025-04-01 | 2025-09-30
            march..                | 2025-03-01 | 2026-01-07
            ..march                | 2008-01-02 | 2025-03-31
            2026                   | 2026-01-01 | 2026-01-07
            2025..2026             | 2025-01-01 | 2026-01-07
            today                  | 2026-01-07 | 2026-01-07
            yesterday              | 2026-01-06 | 2026-01-06
            this week              | 2026-01-05 | 2026-01-07
            last week              | 2025-12-29 | 2026-01-04
            this month             | 2026-01-01 | 2026-01-07
            mtd                    | 2026-01-01 | 2026-01-07
            last month             | 2025-12-01 | 2025-12-31
            this quarter           | 2026-01-01 | 2026-01-07
            last quarter           | 2025-10-01 | 2025-12-31
            this year              | 2026-01-01 | 2026-01-07
            ytd                    | 2026-01-01 | 2026-01-07
            last year              | 2025-01-01 | 2025-12-31
            last 1 days            | 2026-01-07 | 2026-01-07
            last 5 days            | 2026-01-03 | 2026-01-07
            last 1 weeks           | 2026-01-01 | 2026-01-07
            last 3 weeks           | 2025-12-18 | 2026-01-07
            last 6 months          | 2025-07-08 | 2026-01-07
            last 1 years           | 2025-01-08 | 2026-01-07
            last 1 year            | 2025-01-08 | 2026-01-07
            last 2 years           | 2024-01-08 | 2026-01-07
            last 20 years          | 2006-01-08 | 2026-01-07
            week before last       | 2025-12-22 | 2025-12-28
            month before last      | 2025-11-01 | 2025-11-30
            quarter before last    | 2025-07-01 | 2025-09-30
            year before last       | 2024-01-01 | 2024-12-31
            prior 30 days          | 2025-11-09 | 2025-12-08
            prior 2 months         | 2025-09-08 | 2025-11-07
            ' 2024-Q1 '            | 2024-01-01 | 2024-03-31
            last year..            | 2025-01-01 | 2026-01-07
            --03-03 of last year.. | 2025-03-03 | 2026-01-07
            """)
    void resolvesEveryForm(String when, LocalDate from, LocalDate to) {
        assertThat(RESOLVER.resolve(when)).isEqualTo(new Plan.Period(from, to));
    }

    @Test
    void nullOrBlankIsAll() {
        Plan.Period all = new Plan.Period(DATA_FIRST, REFERENCE);
        assertThat(RESOLVER.resolve(null)).isEqualTo(all);
        assertThat(RESOLVER.resolve("  ")).isEqualTo(all);
    }

    @ParameterizedTest(name = "reference {0}: {1} = {2}..{3}")
    @CsvSource(delimiter = '|', textBlock = """
            2024-03-11 | yesterday    | 2024-03-08 | 2024-03-08
            2024-03-11 | day before yesterday | 2024-03-07 | 2024-03-07
            2024-03-12 | day before yesterday | 2024-03-08 | 2024-03-08
            2024-03-11 | this week    | 2024-03-11 | 2024-03-11
            2024-03-11 | last week    | 2024-03-04 | 2024-03-10
            2024-03-31 | last month   | 2024-02-01 | 2024-02-29
            2024-05-15 | this quarter | 2024-04-01 | 2024-05-15
            2024-05-15 | last quarter | 2024-01-01 | 2024-03-31
            2024-03-31 | last 1 months| 2024-03-01 | 2024-03-31
            2024-05-15 | march        | 2024-03-01 | 2024-03-31
            2024-05-15 | may          | 2024-05-01 | 2024-05-15
            2024-05-15 | june         | 2023-06-01 | 2023-06-30
            2024-05-15 | q2           | 2024-04-01 | 2024-05-15
            """)
    void relativeFormsFollowTheReference(LocalDate reference, String when, LocalDate from, LocalDate to) {
        assertThat(new DateResolver(DATA_FIRST, reference).resolve(when)).isEqualTo(new Plan.Period(from, to));
    }

    @ParameterizedTest(name = "{0}: {1}")
    @CsvSource(delimiter = '|', quoteCharacter = '"', textBlock = """
            2024-13                | when '2024-13': month 13 does not exist
            2024-00                | when '2024-00': month 0 does not exist
            2024-02-30             | when '2024-02-30': day 30 does not exist in 2024-02
            --02-30                | when '--02-30': day 30 does not exist in month 2
            --13-01                | month 13 does not exist
            2024 of last year      | '2024' already has a year or is no month, quarter or day
            2023-02-29             | day 29 does not exist in 2023-02
            2024-q5                | quarter 5 does not exist
            q0                     | quarter 0 does not exist
            2024-w54               | week 54 does not exist in 2024 (it has 52 ISO weeks)
            2024-w00               | week 0 does not exist in 2024
            2024..2023             | when '2024..2023': it starts 2024-01-01, after it ends 2023-12-31
            2024-05..2024-03       | it starts 2024-05-01, after it ends 2024-03-31
            2027                   | when '2027': 2027 is after the last day of the data, 2026-01-07
            2026-02                | 2026-02 is after the last day of the data, 2026-01-07
            2027..                 | 2027.. is after the last day of the data, 2026-01-07
            last 0 days            | when 'last 0 days': N must be at least 1, not 0
            1899                   | when '1899': year 1899 is before 1900
            1899..2020             | year 1899 is before 1900
            next year              | when 'next year': 'next year' is not a period Barb understands
            march 2024             | 'march 2024' is not a period Barb understands
            2024..2025..2026       | a range has exactly one '..'
            ..                     | a range needs a start, an end or both
            24                     | '24' is not a period Barb understands
            """)
    void rejectsBadTextNamingIt(String when, String message) {
        assertThatThrownBy(() -> RESOLVER.resolve(when))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining(message);
    }

    @ParameterizedTest
    @ValueSource(strings = {"all", "2024", "2023..2024", "2024-q1", "2024-03", "2024-03-15", "2024-w10", "2024-w5",
            "2024-03..2024-05", "2023..2024-06", "2020..", "..2015", "march", "q1", "march..may", "q1..q3", "--03-15", "--12-15..--12-19", "today",
            "yesterday", "this week", "last week", "this month", "last month", "this quarter", "last quarter",
            "this year", "last year", "ytd", "mtd", "last 5 days", "last 3 weeks", "last 6 months", "last 2 years",
            "last 1 years", "2027"})
    void canonicalTexts(String when) {
        assertThat(DateResolver.isCanonical(when)).isTrue();
    }

    @ParameterizedTest
    @ValueSource(strings = {"", " ", "2024-13", "2024-02-30", "2024..2023", "last 0 days", "1899", "March",
            " 2024", "last  5 days", "2024-Q1", "in 2024", "mar", "2024-3", "next week", "h1 2024", "2024..2025.."})
    void notCanonicalTexts(String when) {
        assertThat(DateResolver.isCanonical(when)).isFalse();
    }

    @Test
    void isCanonicalOfNullIsFalse() {
        assertThat(DateResolver.isCanonical(null)).isFalse();
    }

    @Test
    void dataMustStartBeforeTheReference() {
        assertThatThrownBy(() -> new DateResolver(REFERENCE, DATA_FIRST))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("dataFirst 2026-01-07 is after reference 2008-01-02");
    }
}
