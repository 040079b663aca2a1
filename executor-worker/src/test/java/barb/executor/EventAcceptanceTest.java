package barb.executor;

import barb.executor.EventCalendar.Event;
import org.junit.jupiter.api.Test;

import java.time.DayOfWeek;
import java.time.LocalDate;
import java.time.YearMonth;
import java.util.EnumSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * The event cases of trading-agent-spec §15.7, ported to {@link EventCalendar} (NQ).
 *
 * <p>Not ported, because Barb does not model them: VIX expiration (the predecessor's "OPEX − 2 days" rule is also
 * wrong in months like March 2024, when VIX expired on the 20th), event categories, impact levels and display
 * names. Cases that encoded a predecessor defect assert the fixed behaviour and say so.
 */
class EventAcceptanceTest {
    private static final EventCalendar EVENTS = Instrument.nq().events();

    private static LocalDate d(String s) {
        return LocalDate.parse(s);
    }

    /** Every event on {@code date} (the predecessor's get_events_for_date). */
    private static Set<Event> eventsOn(String date) {
        Set<Event> out = EnumSet.noneOf(Event.class);
        for (Event e : Event.values()) {
            if (EVENTS.isEventDay(e, d(date))) {
                out.add(e);
            }
        }
        return out;
    }

    /** Date → events for the dates that have any (the predecessor's check_dates_for_events). */
    private static Map<LocalDate, Set<Event>> eventsAmong(List<String> dates) {
        Map<LocalDate, Set<Event>> out = new TreeMap<>();
        for (String date : dates) {
            Set<Event> on = eventsOn(date);
            if (!on.isEmpty()) {
                out.put(d(date), on);
            }
        }
        return out;
    }

    @Test
    void opexIsTheThirdFriday() {
        assertThat(EVENTS.opex(YearMonth.of(2024, 3))).isEqualTo(d("2024-03-15"));
        assertThat(EVENTS.opex(YearMonth.of(2024, 4))).isEqualTo(d("2024-04-19"));
        assertThat(EVENTS.opex(YearMonth.of(2025, 1))).isEqualTo(d("2025-01-17"));
        for (String date : List.of("2024-03-15", "2024-04-19", "2025-01-17")) {
            assertThat(d(date).getDayOfWeek()).isEqualTo(DayOfWeek.FRIDAY);
        }
    }

    @Test
    void opexMovesToThursdayWhenTheFridayIsAMarketHoliday() {
        // Fixed (§9.4 "no holiday adjustment"): Good Friday on the third Friday moves expiration to Thursday.
        assertThat(EVENTS.opex(YearMonth.of(2014, 4))).isEqualTo(d("2014-04-17"));
        assertThat(EVENTS.opex(YearMonth.of(2025, 4))).isEqualTo(d("2025-04-17"));
        // Juneteenth is a stock-market holiday on which equity futures still trade with a halt: June 2026's
        // expiration (and quad witching) is Thursday June 18; in 2027 Juneteenth is observed Friday June 18.
        assertThat(EVENTS.opex(YearMonth.of(2026, 6))).isEqualTo(d("2026-06-18"));
        assertThat(eventsOn("2026-06-18")).contains(Event.OPEX, Event.QUAD_WITCHING);
        assertThat(eventsOn("2026-06-19")).doesNotContain(Event.OPEX, Event.QUAD_WITCHING);
        assertThat(EVENTS.opex(YearMonth.of(2027, 6))).isEqualTo(d("2027-06-17"));
    }

    @Test
    void nfp() {
        assertThat(EVENTS.isEventDay(Event.NFP, d("2024-01-05"))).isTrue();
        assertThat(EVENTS.isEventDay(Event.NFP, d("2024-02-02"))).isTrue();
        // Predecessor: 2024-03 → 03-01 (NFP = first Friday, a simplification, §9.4). Fixed: the BLS rule puts the
        // February 2024 report on Friday March 8 (third Friday after the week containing Feb 12).
        assertThat(EVENTS.isEventDay(Event.NFP, d("2024-03-08"))).isTrue();
        assertThat(EVENTS.isEventDay(Event.NFP, d("2024-03-01"))).isFalse();
    }

    @Test
    void ranges() {
        assertThat(EVENTS.dates(Event.OPEX, d("2024-01-01"), d("2024-03-31")))
                .containsExactly(d("2024-01-19"), d("2024-02-16"), d("2024-03-15"));
        assertThat(EVENTS.dates(Event.QUAD_WITCHING, d("2024-01-01"), d("2024-12-31")))
                .containsExactly(d("2024-03-15"), d("2024-06-21"), d("2024-09-20"), d("2024-12-20"));
        // Fixed (first-Friday NFP, §9.4): March is the 8th, not the 1st.
        assertThat(EVENTS.dates(Event.NFP, d("2024-01-01"), d("2024-03-31")))
                .containsExactly(d("2024-01-05"), d("2024-02-02"), d("2024-03-08"));
        // Predecessor: fomc 2024 → [] (§16.1 #7, FOMC has no date data). Fixed: the eight 2024 decisions.
        assertThat(EVENTS.dates(Event.FOMC, d("2024-01-01"), d("2024-12-31"))).containsExactly(
                d("2024-01-31"), d("2024-03-20"), d("2024-05-01"), d("2024-06-12"),
                d("2024-07-31"), d("2024-09-18"), d("2024-11-07"), d("2024-12-18"));
        assertThat(EVENTS.coverage(Event.FOMC).contains(d("2024-06-12"))).isTrue();
    }

    @Test
    void eventsForDate() {
        assertThat(eventsOn("2024-04-19")).contains(Event.OPEX).doesNotContain(Event.QUAD_WITCHING);
        // The predecessor listed only quad_witching here. Deliberate difference (docs/market-data.md): OPEX is the
        // monthly expiration of every month, quad-witching months included, so both flags are set.
        assertThat(eventsOn("2024-03-15")).containsExactlyInAnyOrder(Event.OPEX, Event.QUAD_WITCHING);
        assertThat(eventsOn("2024-01-05")).containsExactly(Event.NFP);
        assertThat(eventsOn("2024-01-02")).isEmpty();
    }

    @Test
    void eventDaysWhereThePredecessorSaidHighImpact() {
        // Impact levels are not modelled; the predecessor's high-impact days (OPEX or NFP) are event days here.
        assertThat(eventsOn("2024-04-19")).isNotEmpty();
        assertThat(eventsOn("2024-01-05")).isNotEmpty();
        assertThat(eventsOn("2024-01-02")).isEmpty();
    }

    @Test
    void eventTypesAndLookup() {
        // NQ knows NFP, FOMC, OPEX (every instrument shares the US event calendar).
        assertThat(EnumSet.allOf(Event.class)).contains(Event.NFP, Event.FOMC, Event.OPEX);
        assertThat(Instrument.load("ES").events().isEventDay(Event.NFP, d("2024-01-05"))).isTrue();
        // Unknown symbol: the predecessor fell back to the macro events; here the instrument is refused.
        assertThatThrownBy(() -> Instrument.load("UNKNOWN")).isInstanceOf(IllegalArgumentException.class);
        // get_event_type: lookup by id; unknown ids are refused.
        assertThat(Event.valueOf("NFP").column()).isEqualTo("is_nfp");
        assertThat(Event.valueOf("OPEX").column()).isEqualTo("is_opex");
        assertThatThrownBy(() -> Event.valueOf("UNKNOWN")).isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void checkDatesForEvents() {
        assertThat(eventsAmong(List.of("2024-01-02", "2024-01-03", "2024-01-04"))).isEmpty();
        Map<LocalDate, Set<Event>> opexWeek = eventsAmong(List.of("2024-04-18", "2024-04-19", "2024-04-20"));
        assertThat(opexWeek).containsOnlyKeys(d("2024-04-19"));
        assertThat(opexWeek.get(d("2024-04-19"))).contains(Event.OPEX);
        assertThat(eventsAmong(List.of("2024-03-15")).get(d("2024-03-15"))).contains(Event.QUAD_WITCHING);
        assertThat(eventsAmong(List.of())).isEmpty();
    }

    @Test
    void definitions() {
        // Macro: FOMC, NFP, CPI; options: OPEX, QUAD_WITCHING (VIX expiration is not modelled).
        assertThat(Event.values()).containsExactly(Event.FOMC, Event.NFP, Event.CPI, Event.OPEX, Event.QUAD_WITCHING);
        assertThat(Event.CPI.column()).isEqualTo("is_cpi");
        assertThat(Event.QUAD_WITCHING.column()).isEqualTo("is_quad_witching");
        // Every event has a coverage, so a 0 flag outside it can be reported as "unknown".
        for (Event e : Event.values()) {
            assertThat(EVENTS.coverage(e)).as("coverage of %s", e).isNotNull();
        }
    }
}
