package barb.executor;

import barb.executor.TradingCalendar.DayKind;
import org.junit.jupiter.api.Test;

import java.time.LocalDate;
import java.time.LocalTime;

import static org.assertj.core.api.Assertions.assertThat;

class TradingCalendarTest {
    private final TradingCalendar cal = Instrument.nq().calendar();

    private DayKind kind(String date) {
        return cal.day(LocalDate.parse(date)).kind();
    }

    private LocalTime close(String date) {
        return cal.closeTime(LocalDate.parse(date));
    }

    @Test
    void fullClosesUseObservedDates() {
        assertThat(kind("2024-03-29")).isEqualTo(DayKind.FULL_CLOSE); // Good Friday
        assertThat(TradingCalendar.goodFriday(2008)).isEqualTo(LocalDate.of(2008, 3, 21));
        assertThat(TradingCalendar.goodFriday(2025)).isEqualTo(LocalDate.of(2025, 4, 18));
        assertThat(kind("2024-12-25")).isEqualTo(DayKind.FULL_CLOSE);
        assertThat(kind("2021-12-24")).isEqualTo(DayKind.FULL_CLOSE); // Christmas on Saturday → Friday
        assertThat(kind("2022-12-26")).isEqualTo(DayKind.FULL_CLOSE); // Christmas on Sunday → Monday
        assertThat(kind("2023-01-02")).isEqualTo(DayKind.FULL_CLOSE); // New Year on Sunday → Monday
        assertThat(kind("2024-01-01")).isEqualTo(DayKind.FULL_CLOSE);
        // New Year 2022 fell on a Saturday: not observed on Friday 2021-12-31 (NYSE Rule 7.2; CME traded).
        assertThat(kind("2021-12-31")).isEqualTo(DayKind.REGULAR);
        assertThat(kind("2010-12-31")).isEqualTo(DayKind.REGULAR);
        assertThat(cal.isTradingDay(LocalDate.parse("2024-03-29"))).isFalse();
        assertThat(cal.minutesOpen(LocalDate.parse("2024-03-29"))).isZero();
    }

    @Test
    void holidaysTradeWithAnEarlyHalt() {
        assertThat(kind("2024-11-28")).isEqualTo(DayKind.HOLIDAY_HALT); // Thanksgiving
        assertThat(close("2024-11-28")).isEqualTo(LocalTime.of(13, 0));
        assertThat(kind("2024-01-15")).isEqualTo(DayKind.HOLIDAY_HALT); // MLK
        assertThat(kind("2024-02-19")).isEqualTo(DayKind.HOLIDAY_HALT); // Presidents'
        assertThat(kind("2024-05-27")).isEqualTo(DayKind.HOLIDAY_HALT); // Memorial
        assertThat(kind("2024-07-04")).isEqualTo(DayKind.HOLIDAY_HALT);
        assertThat(kind("2024-09-02")).isEqualTo(DayKind.HOLIDAY_HALT); // Labor
        assertThat(kind("2020-07-03")).isEqualTo(DayKind.HOLIDAY_HALT); // July 4 on Saturday → Friday
        assertThat(kind("2021-07-05")).isEqualTo(DayKind.HOLIDAY_HALT); // July 4 on Sunday → Monday
        // Juneteenth only from 2022.
        assertThat(kind("2021-06-18")).isEqualTo(DayKind.REGULAR);
        assertThat(kind("2021-06-21")).isEqualTo(DayKind.REGULAR);
        assertThat(kind("2022-06-20")).isEqualTo(DayKind.HOLIDAY_HALT);
        assertThat(kind("2024-06-19")).isEqualTo(DayKind.HOLIDAY_HALT);
        // Before 2014 the equity halt was 10:30 CT = 11:30 ET.
        assertThat(close("2013-07-04")).isEqualTo(LocalTime.of(11, 30));
        assertThat(cal.isTradingDay(LocalDate.parse("2024-11-28"))).isTrue();
        assertThat(cal.minutesOpen(LocalDate.parse("2024-11-28"))).isEqualTo(19 * 60);
    }

    @Test
    void earlyClosesAt1315() {
        assertThat(kind("2024-11-29")).isEqualTo(DayKind.EARLY_CLOSE);
        assertThat(close("2024-11-29")).isEqualTo(LocalTime.of(13, 15));
        assertThat(kind("2024-12-24")).isEqualTo(DayKind.EARLY_CLOSE);
        assertThat(kind("2018-12-24")).isEqualTo(DayKind.EARLY_CLOSE); // Monday
        assertThat(kind("2024-07-03")).isEqualTo(DayKind.EARLY_CLOSE);
        assertThat(kind("2023-07-03")).isEqualTo(DayKind.EARLY_CLOSE); // Monday before a Tuesday July 4
        // July 3 that is itself the observed holiday, and July 2 then: no early close (as 2015, 2020).
        assertThat(kind("2026-07-03")).isEqualTo(DayKind.HOLIDAY_HALT);
        assertThat(kind("2026-07-02")).isEqualTo(DayKind.REGULAR);
        // December 31 is a regular day for equity futures.
        assertThat(kind("2024-12-31")).isEqualTo(DayKind.REGULAR);
        assertThat(cal.minutesOpen(LocalDate.parse("2024-11-29"))).isEqualTo(19 * 60 + 15);
        assertThat(cal.minutesOpen(LocalDate.parse("2024-11-27"))).isEqualTo(1380);
    }

    @Test
    void specialHaltsAndWeekends() {
        assertThat(kind("2025-01-09")).isEqualTo(DayKind.SPECIAL_HALT);
        assertThat(close("2025-01-09")).isEqualTo(LocalTime.of(9, 30));
        assertThat(kind("2024-06-08")).isEqualTo(DayKind.WEEKEND);
        assertThat(cal.isTradingDay(LocalDate.parse("2024-06-09"))).isFalse();
        assertThat(cal.isTradingDay(LocalDate.parse("2024-06-10"))).isTrue();
    }

    @Test
    void daysBeforeAndAfterHolidays() {
        assertThat(cal.isDayBeforeHoliday(LocalDate.parse("2024-11-27"))).isTrue(); // before Thanksgiving
        assertThat(cal.isDayAfterHoliday(LocalDate.parse("2024-11-29"))).isTrue();
        assertThat(cal.isDayBeforeHoliday(LocalDate.parse("2024-01-12"))).isTrue(); // Friday before MLK
        assertThat(cal.isDayAfterHoliday(LocalDate.parse("2024-01-16"))).isTrue();
        assertThat(cal.isDayBeforeHoliday(LocalDate.parse("2024-03-28"))).isTrue(); // before Good Friday
        assertThat(cal.isDayAfterHoliday(LocalDate.parse("2024-04-01"))).isTrue();
        assertThat(cal.isDayAfterHoliday(LocalDate.parse("2024-12-26"))).isTrue();
        assertThat(cal.isDayBeforeHoliday(LocalDate.parse("2024-11-26"))).isFalse();
        // A closed day is never "the day before".
        assertThat(cal.isDayBeforeHoliday(LocalDate.parse("2022-12-23"))).isTrue();
        assertThat(cal.isDayBeforeHoliday(LocalDate.parse("2021-12-23"))).isTrue();
    }

    @Test
    void aYearHasTheExpectedSpecialDays() {
        // 2024: 3 full closes, 7 holiday halts (incl. Juneteenth), 3 early closes.
        var days = cal.specialDays(2024);
        assertThat(days.stream().filter(d -> d.kind() == DayKind.FULL_CLOSE)).hasSize(3);
        assertThat(days.stream().filter(d -> d.kind() == DayKind.HOLIDAY_HALT)).hasSize(7);
        assertThat(days.stream().filter(d -> d.kind() == DayKind.EARLY_CLOSE)).hasSize(3);
        // 2021: no Juneteenth, Christmas observed on Friday Dec 24 (so no Christmas Eve early close); Good Friday
        // traded until 09:15 for the jobs report, so it counts as a holiday halt, not a full close.
        var y2021 = cal.specialDays(2021);
        assertThat(y2021.stream().filter(d -> d.kind() == DayKind.HOLIDAY_HALT)).hasSize(7);
        assertThat(y2021.stream().filter(d -> d.kind() == DayKind.FULL_CLOSE)).hasSize(2);
        assertThat(y2021.stream().filter(d -> d.kind() == DayKind.EARLY_CLOSE)).hasSize(1);
    }

    @Test
    void goodFridayWithTheJobsReportIsAnAbbreviatedSession() {
        // 2015-04-03 and 2021-04-02: the jobs report came out on Good Friday and CME equity futures traded until
        // 08:15 CT = 09:15 ET (daytradetowin.com 2015 notice; MarketWatch 2021-04-02 "futures trading will close at 9:15 a.m.").
        for (String date : new String[]{"2015-04-03", "2021-04-02", "2023-04-07"}) {
            assertThat(kind(date)).as(date).isEqualTo(DayKind.HOLIDAY_HALT);
            assertThat(close(date)).as(date).isEqualTo(LocalTime.of(9, 15));
            assertThat(cal.isTradingDay(LocalDate.parse(date))).as(date).isTrue();
            assertThat(cal.isFullClose(LocalDate.parse(date))).as(date).isFalse();
            assertThat(cal.minutesOpen(LocalDate.parse(date))).as(date).isEqualTo(15 * 60 + 15);
        }
        assertThat(cal.day(LocalDate.parse("2021-04-02")).name()).startsWith("Good Friday");
        // Still a holiday: the Thursday before is a day before a holiday, the Monday after a day after one.
        assertThat(cal.isDayBeforeHoliday(LocalDate.parse("2021-04-01"))).isTrue();
        assertThat(cal.isDayAfterHoliday(LocalDate.parse("2021-04-05"))).isTrue();
        // Other Good Fridays stay full closes. 2010-04-02 and 2012-04-06 are not modelled: their session times
        // are unverified (docs/market-data.md).
        assertThat(kind("2024-03-29")).isEqualTo(DayKind.FULL_CLOSE);
        assertThat(kind("2012-04-06")).isEqualTo(DayKind.FULL_CLOSE);
    }

    @Test
    void haltTimesOfThe2013ChicagoNotices() {
        // CME notice for July 2013 (CT): equity index close 12:15 on July 3, 10:30 on July 4.
        assertThat(close("2013-07-03")).isEqualTo(LocalTime.of(13, 15));
        assertThat(close("2013-07-04")).isEqualTo(LocalTime.of(11, 30));
        // CME 2008 Labor Day notice: Globex halts at 10:30 CT.
        assertThat(close("2008-09-01")).isEqualTo(LocalTime.of(11, 30));
        // forexlive 2024-11-28: equity products halted at 12:00 CT on Thanksgiving.
        assertThat(close("2024-11-28")).isEqualTo(LocalTime.of(13, 0));
    }
}
