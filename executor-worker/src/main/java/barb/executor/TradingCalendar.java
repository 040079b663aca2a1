package barb.executor;

import barb.core.Json;

import java.io.IOException;
import java.io.InputStream;
import java.time.DayOfWeek;
import java.time.LocalDate;
import java.time.LocalTime;
import java.time.Month;
import java.time.temporal.TemporalAdjusters;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.NavigableMap;
import java.util.TreeMap;

/**
 * Which days CME equity-index futures trade and until when: full closes, holidays traded with an early halt,
 * early closes and one-off halts. The rules are code (below); the times and the one-off days come from a
 * calendar file ({@code instruments/<name>.calendar.json}). Pure logic, no I/O after loading.
 *
 * <p>A day here is a trading day in the exchange's sense: trading day D runs from 18:00 ET of the previous
 * calendar day to the close of D (17:00, or the early halt/close). Rules and their sources: docs/market-data.md.
 */
public final class TradingCalendar {
    /** What kind of day a weekday (or weekend day) is. */
    public enum DayKind {
        /** Saturday or Sunday: no trading day. */
        WEEKEND,
        /** No session at all (New Year's Day, Good Friday, Christmas). */
        FULL_CLOSE,
        /**
         * A holiday on which Globex trades and halts early (MLK, Presidents', Memorial, Juneteenth, July 4, Labor,
         * Thanksgiving; Good Friday in the years listed in the calendar file's special halts).
         */
        HOLIDAY_HALT,
        /** A regular early close at 13:15 ET (day after Thanksgiving, Christmas Eve, July 3). */
        EARLY_CLOSE,
        /** A one-off early halt (national day of mourning, market-wide emergency). */
        SPECIAL_HALT,
        REGULAR
    }

    /**
     * One calendar day.
     *
     * @param name  the holiday or event that makes the day special; null on regular days
     * @param close when the trading day ends (17:00 on regular days); null when there is no trading day
     */
    public record Day(LocalDate date, DayKind kind, String name, LocalTime close) {
        public boolean isTradingDay() {
            return kind != DayKind.WEEKEND && kind != DayKind.FULL_CLOSE;
        }

        /** The day ends before the regular close (holiday halt, early close or special halt). */
        public boolean closesEarly() {
            return kind == DayKind.HOLIDAY_HALT || kind == DayKind.EARLY_CLOSE || kind == DayKind.SPECIAL_HALT;
        }
    }

    /** The calendar file. */
    record CalendarFile(String name, String description, LocalDate validFrom, LocalDate validTo,
                        List<HaltFrom> holidayHalts, LocalTime earlyClose, List<SpecialHalt> specialHalts) {
    }

    record HaltFrom(LocalDate from, LocalTime time) {
    }

    record SpecialHalt(LocalDate date, LocalTime time, String name) {
    }

    private final String name;
    private final LocalDate validFrom;
    private final LocalDate validTo;
    private final LocalTime dayStart;
    private final LocalTime regularClose;
    private final NavigableMap<LocalDate, LocalTime> holidayHalts = new TreeMap<>();
    private final LocalTime earlyClose;
    private final Map<LocalDate, SpecialHalt> specialHalts = new TreeMap<>();

    TradingCalendar(CalendarFile file, LocalTime dayStart, LocalTime regularClose) {
        if (file == null || file.name() == null || file.validFrom() == null || file.validTo() == null
                || file.earlyClose() == null || file.holidayHalts() == null || file.holidayHalts().isEmpty()) {
            throw new IllegalArgumentException("calendar file: name, valid_from, valid_to, early_close and "
                    + "holiday_halts are required");
        }
        this.name = file.name();
        this.validFrom = file.validFrom();
        this.validTo = file.validTo();
        this.dayStart = dayStart;
        this.regularClose = regularClose;
        this.earlyClose = file.earlyClose();
        for (HaltFrom h : file.holidayHalts()) {
            if (h.from() == null || h.time() == null) {
                throw new IllegalArgumentException("calendar " + name + ": holiday_halts entries need from and time");
            }
            holidayHalts.put(h.from(), h.time());
        }
        if (file.specialHalts() != null) {
            for (SpecialHalt s : file.specialHalts()) {
                if (s.date() == null || s.time() == null || s.name() == null) {
                    throw new IllegalArgumentException("calendar " + name + ": special_halts entries need date, time and name");
                }
                specialHalts.put(s.date(), s);
            }
        }
    }

    /** Loads {@code instruments/<name>.calendar.json} from the class path. */
    static TradingCalendar load(String name, LocalTime dayStart, LocalTime regularClose) {
        String path = "instruments/" + name + ".calendar.json";
        try (InputStream in = TradingCalendar.class.getClassLoader().getResourceAsStream(path)) {
            if (in == null) {
                throw new IllegalArgumentException("no calendar file " + path);
            }
            return new TradingCalendar(Json.fromBytes(in.readAllBytes(), CalendarFile.class), dayStart, regularClose);
        } catch (IOException e) {
            throw new IllegalStateException("cannot read " + path, e);
        }
    }

    public String name() {
        return name;
    }

    /** First and last date whose special days (one-off halts) are known; the rules themselves hold for any year. */
    public LocalDate validFrom() {
        return validFrom;
    }

    public LocalDate validTo() {
        return validTo;
    }

    public Day day(LocalDate date) {
        DayOfWeek dow = date.getDayOfWeek();
        if (dow == DayOfWeek.SATURDAY || dow == DayOfWeek.SUNDAY) {
            return new Day(date, DayKind.WEEKEND, null, null);
        }
        String fullClose = fullCloseName(date);
        SpecialHalt special = specialHalts.get(date);
        if (fullClose != null && special != null) {
            // A full-close holiday on which Globex opened an abbreviated session (Good Friday with the jobs report):
            // still a holiday (stock market closed, options expire the day before), but a trading day ending early.
            return new Day(date, DayKind.HOLIDAY_HALT, special.name(), special.time());
        }
        if (fullClose != null) {
            return new Day(date, DayKind.FULL_CLOSE, fullClose, null);
        }
        if (special != null) {
            return new Day(date, DayKind.SPECIAL_HALT, special.name(), special.time());
        }
        String holiday = holidayHaltName(date);
        if (holiday != null) {
            return new Day(date, DayKind.HOLIDAY_HALT, holiday, holidayHalts.floorEntry(date) == null
                    ? holidayHalts.firstEntry().getValue() : holidayHalts.floorEntry(date).getValue());
        }
        String early = earlyCloseName(date);
        if (early != null) {
            return new Day(date, DayKind.EARLY_CLOSE, early, earlyClose);
        }
        return new Day(date, DayKind.REGULAR, null, regularClose);
    }

    public boolean isTradingDay(LocalDate date) {
        return day(date).isTradingDay();
    }

    public boolean isFullClose(LocalDate date) {
        return day(date).kind() == DayKind.FULL_CLOSE;
    }

    /** When trading day {@code date} ends; null when it is not a trading day. */
    public LocalTime closeTime(LocalDate date) {
        return day(date).close();
    }

    /** Minutes of trading in trading day {@code date}, counted from its 18:00 start; 0 when closed. */
    public int minutesOpen(LocalDate date) {
        LocalTime close = closeTime(date);
        if (close == null) {
            return 0;
        }
        int minutes = Math.floorMod(close.toSecondOfDay() / 60 - dayStart.toSecondOfDay() / 60, 1440);
        return minutes == 0 ? 1440 : minutes;
    }

    /** A trading day whose next weekday is a holiday (full close or holiday halt). */
    public boolean isDayBeforeHoliday(LocalDate date) {
        return isTradingDay(date) && isHoliday(nextWeekday(date));
    }

    /** A trading day whose previous weekday was a holiday (full close or holiday halt). */
    public boolean isDayAfterHoliday(LocalDate date) {
        return isTradingDay(date) && isHoliday(previousWeekday(date));
    }

    private boolean isHoliday(LocalDate date) {
        DayKind kind = day(date).kind();
        return kind == DayKind.FULL_CLOSE || kind == DayKind.HOLIDAY_HALT;
    }

    /** Every weekday of {@code year} that is not a regular day, in date order. */
    public List<Day> specialDays(int year) {
        List<Day> out = new ArrayList<>();
        for (LocalDate d = LocalDate.of(year, 1, 1); d.getYear() == year; d = d.plusDays(1)) {
            Day day = day(d);
            if (day.kind() != DayKind.REGULAR && day.kind() != DayKind.WEEKEND) {
                out.add(day);
            }
        }
        return out;
    }

    private static String fullCloseName(LocalDate d) {
        int y = d.getYear();
        // New Year on a Saturday is not moved to the Friday before (NYSE Rule 7.2; CME followed it in 2011, 2022).
        LocalDate newYear = LocalDate.of(y, Month.JANUARY, 1);
        if (newYear.getDayOfWeek() != DayOfWeek.SATURDAY && d.equals(observed(newYear))) {
            return "New Year's Day";
        }
        if (d.equals(goodFriday(y))) {
            return "Good Friday";
        }
        if (d.equals(observed(LocalDate.of(y, Month.DECEMBER, 25)))) {
            return "Christmas";
        }
        return null;
    }

    private static String holidayHaltName(LocalDate d) {
        int y = d.getYear();
        if (d.equals(nthWeekday(y, Month.JANUARY, DayOfWeek.MONDAY, 3))) {
            return "Martin Luther King Jr. Day";
        }
        if (d.equals(nthWeekday(y, Month.FEBRUARY, DayOfWeek.MONDAY, 3))) {
            return "Presidents' Day";
        }
        if (d.equals(LocalDate.of(y, Month.MAY, 1).with(TemporalAdjusters.lastInMonth(DayOfWeek.MONDAY)))) {
            return "Memorial Day";
        }
        if (y >= 2022 && d.equals(observed(LocalDate.of(y, Month.JUNE, 19)))) {
            return "Juneteenth";
        }
        if (d.equals(observed(LocalDate.of(y, Month.JULY, 4)))) {
            return "Independence Day";
        }
        if (d.equals(nthWeekday(y, Month.SEPTEMBER, DayOfWeek.MONDAY, 1))) {
            return "Labor Day";
        }
        if (d.equals(thanksgiving(y))) {
            return "Thanksgiving";
        }
        return null;
    }

    private static String earlyCloseName(LocalDate d) {
        int y = d.getYear();
        if (d.equals(thanksgiving(y).plusDays(1))) {
            return "Day after Thanksgiving";
        }
        // Weekday checks: a Friday Dec 24 / Jul 3 is the observed holiday itself, caught before this.
        if (d.getMonth() == Month.DECEMBER && d.getDayOfMonth() == 24) {
            return "Christmas Eve";
        }
        if (d.getMonth() == Month.JULY && d.getDayOfMonth() == 3) {
            return "Day before Independence Day";
        }
        return null;
    }

    static LocalDate thanksgiving(int year) {
        return nthWeekday(year, Month.NOVEMBER, DayOfWeek.THURSDAY, 4);
    }

    /** Saturday → the Friday before, Sunday → the Monday after. */
    static LocalDate observed(LocalDate holiday) {
        return switch (holiday.getDayOfWeek()) {
            case SATURDAY -> holiday.minusDays(1);
            case SUNDAY -> holiday.plusDays(1);
            default -> holiday;
        };
    }

    static LocalDate nthWeekday(int year, Month month, DayOfWeek dow, int n) {
        return LocalDate.of(year, month, 1).with(TemporalAdjusters.dayOfWeekInMonth(n, dow));
    }

    static LocalDate nextWeekday(LocalDate d) {
        LocalDate next = d.plusDays(1);
        while (next.getDayOfWeek() == DayOfWeek.SATURDAY || next.getDayOfWeek() == DayOfWeek.SUNDAY) {
            next = next.plusDays(1);
        }
        return next;
    }

    static LocalDate previousWeekday(LocalDate d) {
        LocalDate prev = d.minusDays(1);
        while (prev.getDayOfWeek() == DayOfWeek.SATURDAY || prev.getDayOfWeek() == DayOfWeek.SUNDAY) {
            prev = prev.minusDays(1);
        }
        return prev;
    }

    /** Two days before Easter Sunday (anonymous Gregorian algorithm). */
    public static LocalDate goodFriday(int year) {
        int a = year % 19;
        int b = year / 100;
        int c = year % 100;
        int d = b / 4;
        int e = b % 4;
        int f = (b + 8) / 25;
        int g = (b - f + 1) / 3;
        int h = (19 * a + b - d - g + 15) % 30;
        int i = c / 4;
        int k = c % 4;
        int l = (32 + 2 * e + 2 * i - h - k) % 7;
        int m = (a + 11 * h + 22 * l) / 451;
        int month = (h + l - 7 * m + 114) / 31;
        int day = (h + l - 7 * m + 114) % 31 + 1;
        return LocalDate.of(year, month, day).minusDays(2);
    }
}
