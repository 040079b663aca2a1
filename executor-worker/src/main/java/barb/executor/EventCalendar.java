package barb.executor;

import barb.core.Json;

import java.io.IOException;
import java.io.InputStream;
import java.time.DayOfWeek;
import java.time.LocalDate;
import java.time.Month;
import java.time.YearMonth;
import java.time.temporal.TemporalAdjusters;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;

/**
 * Scheduled market events by trading day: FOMC decisions and CPI releases (dated lists), NFP (the BLS rule with
 * the releases that moved listed as overrides), monthly options expiration and quad witching (calendar rules).
 * How each date is derived: docs/market-data.md. Pure logic after loading {@code instruments/us-events.json}.
 */
public final class EventCalendar {
    public enum Event {
        FOMC, NFP, CPI, OPEX, QUAD_WITCHING;

        /** The flag column of the event in the derived tables, e.g. {@code is_fomc}. */
        public String column() {
            return "is_" + name().toLowerCase(Locale.ROOT);
        }
    }

    /** The dates for which an event's days are known; outside it a 0 flag means "unknown", not "no event". */
    public record Coverage(LocalDate from, LocalDate to) {
        public boolean contains(LocalDate d) {
            return !d.isBefore(from) && !d.isAfter(to);
        }
    }

    record EventsFile(Fomc fomc, Cpi cpi, Nfp nfp) {
    }

    record Fomc(LocalDate coverageFrom, LocalDate coverageTo, String source, List<LocalDate> scheduled,
                List<LocalDate> unscheduled) {
    }

    record Cpi(LocalDate coverageFrom, LocalDate coverageTo, String source, List<LocalDate> dates) {
    }

    record Nfp(LocalDate coverageFrom, LocalDate coverageTo, String source, List<NfpOverride> overrides) {
    }

    /** A release the rule would put on {@code computed} that happened on {@code actual} (null: not released). */
    record NfpOverride(LocalDate computed, LocalDate actual) {
    }

    private final TradingCalendar calendar;
    private final Set<LocalDate> fomc = new TreeSet<>();
    private final Set<LocalDate> cpi = new TreeSet<>();
    private final Map<LocalDate, Optional<LocalDate>> nfpOverrides = new HashMap<>();
    private final Map<Event, Coverage> coverage = new HashMap<>();

    EventCalendar(EventsFile file, TradingCalendar calendar) {
        if (file == null || file.fomc() == null || file.cpi() == null || file.nfp() == null
                || file.fomc().scheduled() == null || file.cpi().dates() == null) {
            throw new IllegalArgumentException("events file: fomc.scheduled, cpi.dates and nfp are required");
        }
        this.calendar = calendar;
        fomc.addAll(file.fomc().scheduled());
        if (file.fomc().unscheduled() != null) {
            fomc.addAll(file.fomc().unscheduled());
        }
        cpi.addAll(file.cpi().dates());
        if (file.nfp().overrides() != null) {
            for (NfpOverride o : file.nfp().overrides()) {
                nfpOverrides.put(o.computed(), Optional.ofNullable(o.actual()));
            }
        }
        coverage.put(Event.FOMC, new Coverage(file.fomc().coverageFrom(), file.fomc().coverageTo()));
        coverage.put(Event.CPI, new Coverage(file.cpi().coverageFrom(), file.cpi().coverageTo()));
        coverage.put(Event.NFP, new Coverage(file.nfp().coverageFrom(), file.nfp().coverageTo()));
        coverage.put(Event.OPEX, new Coverage(calendar.validFrom(), calendar.validTo()));
        coverage.put(Event.QUAD_WITCHING, new Coverage(calendar.validFrom(), calendar.validTo()));
    }

    static EventCalendar load(TradingCalendar calendar) {
        String path = "instruments/us-events.json";
        try (InputStream in = EventCalendar.class.getClassLoader().getResourceAsStream(path)) {
            if (in == null) {
                throw new IllegalArgumentException("no events file " + path);
            }
            return new EventCalendar(Json.fromBytes(in.readAllBytes(), EventsFile.class), calendar);
        } catch (IOException e) {
            throw new IllegalStateException("cannot read " + path, e);
        }
    }

    public Coverage coverage(Event event) {
        return coverage.get(event);
    }

    public boolean isEventDay(Event event, LocalDate date) {
        return switch (event) {
            case FOMC -> fomc.contains(date);
            case CPI -> cpi.contains(date);
            case NFP -> nfpRelease(YearMonth.from(date).minusMonths(1)).filter(date::equals).isPresent()
                    || nfpRelease(YearMonth.from(date).minusMonths(2)).filter(date::equals).isPresent();
            case OPEX -> date.equals(opex(YearMonth.from(date)));
            case QUAD_WITCHING -> isQuarterEnd(date.getMonth()) && date.equals(opex(YearMonth.from(date)));
        };
    }

    /** The event's days from {@code from} to {@code to}, inclusive, in order. */
    public List<LocalDate> dates(Event event, LocalDate from, LocalDate to) {
        List<LocalDate> out = new ArrayList<>();
        for (LocalDate d = from; !d.isAfter(to); d = d.plusDays(1)) {
            if (isEventDay(event, d)) {
                out.add(d);
            }
        }
        return out;
    }

    /**
     * The Employment Situation release for {@code dataMonth}: the third Friday after the week (Sunday to
     * Saturday) that contains the 12th; a week later when that falls on January 1–3; the Thursday before when
     * that Friday is Independence Day (observed). Shutdown-moved releases come from the overrides.
     */
    Optional<LocalDate> nfpRelease(YearMonth dataMonth) {
        LocalDate twelfth = dataMonth.atDay(12);
        int sundayBased = twelfth.getDayOfWeek().getValue() % 7;
        LocalDate weekEnd = twelfth.plusDays(6 - sundayBased);
        LocalDate release = weekEnd.plusDays(20);
        if (release.getMonth() == Month.JANUARY && release.getDayOfMonth() <= 3) {
            release = release.plusDays(7);
        }
        if (release.equals(TradingCalendar.observed(LocalDate.of(release.getYear(), Month.JULY, 4)))) {
            release = release.minusDays(1);
        }
        Optional<LocalDate> moved = nfpOverrides.get(release);
        return moved != null ? moved : Optional.of(release);
    }

    /**
     * Monthly options expiration: the third Friday, or the Thursday before when that Friday is a stock-market
     * holiday. Futures still trade with a halt on some of those (Juneteenth 2026-06-19, observed 2027-06-18), but
     * the options expire on the Thursday, so a holiday halt moves the date as a full close (Good Friday) does.
     */
    LocalDate opex(YearMonth month) {
        LocalDate friday = month.atDay(1).with(TemporalAdjusters.dayOfWeekInMonth(3, DayOfWeek.FRIDAY));
        TradingCalendar.DayKind kind = calendar.day(friday).kind();
        boolean holiday = kind == TradingCalendar.DayKind.FULL_CLOSE || kind == TradingCalendar.DayKind.HOLIDAY_HALT;
        return holiday ? friday.minusDays(1) : friday;
    }

    private static boolean isQuarterEnd(Month m) {
        return m == Month.MARCH || m == Month.JUNE || m == Month.SEPTEMBER || m == Month.DECEMBER;
    }
}
