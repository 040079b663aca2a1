package barb.executor;

import barb.executor.EventCalendar.Event;
import org.junit.jupiter.api.Test;

import java.time.LocalDate;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

class EventCalendarTest {
    private final EventCalendar events = Instrument.nq().events();

    private static LocalDate d(String s) {
        return LocalDate.parse(s);
    }

    @Test
    void fomcIsADatedList() {
        assertThat(events.isEventDay(Event.FOMC, d("2024-09-18"))).isTrue();
        assertThat(events.isEventDay(Event.FOMC, d("2024-09-17"))).isFalse();
        assertThat(events.isEventDay(Event.FOMC, d("2020-03-16"))).isTrue(); // unscheduled, reacted to on Monday
        assertThat(events.dates(Event.FOMC, d("2024-01-01"), d("2024-12-31"))).hasSize(8);
        assertThat(events.dates(Event.FOMC, d("2008-01-01"), d("2008-12-31"))).hasSize(10);
        assertThat(events.coverage(Event.FOMC).contains(d("2026-12-09"))).isTrue();
        assertThat(events.coverage(Event.FOMC).contains(d("2027-01-27"))).isFalse();
    }

    @Test
    void nfpFollowsTheBlsRule() {
        // The third Friday after the week that contains the 12th.
        assertThat(events.dates(Event.NFP, d("2024-01-01"), d("2024-12-31"))).containsExactly(
                d("2024-01-05"), d("2024-02-02"), d("2024-03-08"), d("2024-04-05"), d("2024-05-03"),
                d("2024-06-07"), d("2024-07-05"), d("2024-08-02"), d("2024-09-06"), d("2024-10-04"),
                d("2024-11-01"), d("2024-12-06"));
        // January 1–3 moves a week later; a Friday July 4 (or observed July 3) moves to Thursday.
        assertThat(events.isEventDay(Event.NFP, d("2025-01-10"))).isTrue();
        assertThat(events.isEventDay(Event.NFP, d("2025-01-03"))).isFalse();
        assertThat(events.isEventDay(Event.NFP, d("2025-07-03"))).isTrue();
        assertThat(events.isEventDay(Event.NFP, d("2020-07-02"))).isTrue();
        // Good Friday is not a federal holiday: the report came out anyway.
        assertThat(events.isEventDay(Event.NFP, d("2021-04-02"))).isTrue();
        // Shutdown-moved releases.
        assertThat(events.isEventDay(Event.NFP, d("2013-10-22"))).isTrue();
        assertThat(events.isEventDay(Event.NFP, d("2013-10-04"))).isFalse();
        assertThat(events.isEventDay(Event.NFP, d("2025-11-20"))).isTrue();
        assertThat(events.isEventDay(Event.NFP, d("2025-11-07"))).isFalse();
    }

    @Test
    void cpiIsADatedListWithItsCoverage() {
        assertThat(events.isEventDay(Event.CPI, d("2024-05-15"))).isTrue();
        assertThat(events.dates(Event.CPI, d("2023-01-01"), d("2023-12-31"))).hasSize(12);
        assertThat(events.coverage(Event.CPI).contains(d("2007-12-31"))).isFalse();
    }

    @Test
    void opexAndQuadWitching() {
        assertThat(events.isEventDay(Event.OPEX, d("2024-04-19"))).isTrue();
        assertThat(events.isEventDay(Event.OPEX, d("2024-03-15"))).isTrue();
        assertThat(events.isEventDay(Event.QUAD_WITCHING, d("2024-03-15"))).isTrue();
        assertThat(events.isEventDay(Event.QUAD_WITCHING, d("2024-04-19"))).isFalse();
        // Third Friday on Good Friday: expiration moves to the Thursday before.
        assertThat(events.isEventDay(Event.OPEX, d("2014-04-17"))).isTrue();
        assertThat(events.isEventDay(Event.OPEX, d("2014-04-18"))).isFalse();
        assertThat(events.dates(Event.QUAD_WITCHING, d("2024-01-01"), d("2024-12-31")))
                .isEqualTo(List.of(d("2024-03-15"), d("2024-06-21"), d("2024-09-20"), d("2024-12-20")));
        assertThat(Event.QUAD_WITCHING.column()).isEqualTo("is_quad_witching");
    }

    @Test
    void fomcDatesCheckedAgainstTheFedCalendars() {
        // The 2020-03-17/18 meeting was cancelled; the Sunday 2020-03-15 cut is put on trading day 2020-03-16.
        assertThat(events.isEventDay(Event.FOMC, d("2020-03-18"))).isFalse();
        assertThat(events.isEventDay(Event.FOMC, d("2020-03-15"))).isFalse();
        assertThat(events.isEventDay(Event.FOMC, d("2020-03-03"))).isTrue();
        assertThat(events.dates(Event.FOMC, d("2020-01-01"), d("2020-12-31"))).hasSize(9);
        // Unscheduled actions without a rate change are not FOMC days here.
        assertThat(events.isEventDay(Event.FOMC, d("2019-10-11"))).isFalse();
        assertThat(events.isEventDay(Event.FOMC, d("2020-03-23"))).isFalse();
        // Thursday statements.
        assertThat(events.isEventDay(Event.FOMC, d("2012-09-13"))).isTrue();
        assertThat(events.isEventDay(Event.FOMC, d("2024-11-07"))).isTrue();
        // 2025 ends December 9-10, not 17.
        assertThat(events.isEventDay(Event.FOMC, d("2025-12-10"))).isTrue();
        assertThat(events.isEventDay(Event.FOMC, d("2025-12-17"))).isFalse();
        assertThat(events.dates(Event.FOMC, d("2026-01-01"), d("2026-12-31"))).containsExactly(
                d("2026-01-28"), d("2026-03-18"), d("2026-04-29"), d("2026-06-17"), d("2026-07-29"),
                d("2026-09-16"), d("2026-10-28"), d("2026-12-09"));
        for (int year = 2009; year <= 2026; year++) {
            int expected = year == 2020 ? 9 : 8;
            assertThat(events.dates(Event.FOMC, LocalDate.of(year, 1, 1), LocalDate.of(year, 12, 31)))
                    .as("FOMC days of %d", year).hasSize(expected);
        }
    }

    @Test
    void cpiCoversJanuary2008ToJune2026() {
        assertThat(events.coverage(Event.CPI)).isEqualTo(new EventCalendar.Coverage(d("2008-01-01"), d("2026-06-30")));
        for (int year = 2008; year <= 2024; year++) {
            assertThat(events.dates(Event.CPI, LocalDate.of(year, 1, 1), LocalDate.of(year, 12, 31)))
                    .as("CPI days of %d", year).hasSize(12);
        }
        assertThat(events.dates(Event.CPI, d("2008-01-01"), d("2008-12-31"))).containsExactly(
                d("2008-01-16"), d("2008-02-20"), d("2008-03-14"), d("2008-04-16"), d("2008-05-14"),
                d("2008-06-13"), d("2008-07-16"), d("2008-08-14"), d("2008-09-16"), d("2008-10-16"),
                d("2008-11-19"), d("2008-12-16"));
        // Checked against the BLS schedules and news-release archive (f10_events.csv).
        assertThat(events.dates(Event.CPI, d("2015-01-01"), d("2015-12-31"))).containsExactly(
                d("2015-01-16"), d("2015-02-26"), d("2015-03-24"), d("2015-04-17"), d("2015-05-22"),
                d("2015-06-18"), d("2015-07-17"), d("2015-08-19"), d("2015-09-16"), d("2015-10-15"),
                d("2015-11-17"), d("2015-12-15"));
        assertThat(events.isEventDay(Event.CPI, d("2013-10-30"))).isTrue(); // September 2013, moved by the shutdown
        assertThat(events.isEventDay(Event.CPI, d("2013-10-16"))).isFalse();
        assertThat(events.isEventDay(Event.CPI, d("2014-07-22"))).isTrue();
        assertThat(events.isEventDay(Event.CPI, d("2021-12-10"))).isTrue();
        // 2025: September on 2025-10-24, no October release, November on 2025-12-18.
        assertThat(events.dates(Event.CPI, d("2025-10-01"), d("2025-12-31")))
                .containsExactly(d("2025-10-24"), d("2025-12-18"));
        assertThat(events.dates(Event.CPI, d("2026-01-01"), d("2026-06-30"))).containsExactly(
                d("2026-01-13"), d("2026-02-13"), d("2026-03-11"), d("2026-04-10"), d("2026-05-12"),
                d("2026-06-10"));
        assertThat(events.coverage(Event.CPI).contains(d("2026-07-14"))).isFalse();
    }

    @Test
    void nfpRuleMatchesTheBlsSchedules() {
        // BLS annual schedules as extracted in f10_events.csv (2013 with the shutdown moves, 2015 and 2020 with the
        // Thursday release before an observed July 3 holiday).
        assertThat(events.dates(Event.NFP, d("2013-01-01"), d("2013-12-31"))).containsExactly(
                d("2013-01-04"), d("2013-02-01"), d("2013-03-08"), d("2013-04-05"), d("2013-05-03"),
                d("2013-06-07"), d("2013-07-05"), d("2013-08-02"), d("2013-09-06"), d("2013-10-22"),
                d("2013-11-08"), d("2013-12-06"));
        assertThat(events.dates(Event.NFP, d("2015-01-01"), d("2015-12-31"))).containsExactly(
                d("2015-01-09"), d("2015-02-06"), d("2015-03-06"), d("2015-04-03"), d("2015-05-08"),
                d("2015-06-05"), d("2015-07-02"), d("2015-08-07"), d("2015-09-04"), d("2015-10-02"),
                d("2015-11-06"), d("2015-12-04"));
        assertThat(events.dates(Event.NFP, d("2020-01-01"), d("2020-12-31"))).containsExactly(
                d("2020-01-10"), d("2020-02-07"), d("2020-03-06"), d("2020-04-03"), d("2020-05-08"),
                d("2020-06-05"), d("2020-07-02"), d("2020-08-07"), d("2020-09-04"), d("2020-10-02"),
                d("2020-11-06"), d("2020-12-04"));
    }
}
