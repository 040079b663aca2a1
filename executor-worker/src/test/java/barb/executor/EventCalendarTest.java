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
        assertThat(events.coverage(Event.CPI).contains(d("2015-06-01"))).isFalse();
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
}
