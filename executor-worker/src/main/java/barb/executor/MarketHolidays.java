package barb.executor;

import java.time.DayOfWeek;
import java.time.LocalDate;
import java.time.Month;

/**
 * The CME full-close days the synthetic history leaves out: Christmas, New Year's Day and Good Friday.
 * Deliberately a short rule, not the exchange calendar: early closes and the other holidays (which CME
 * equity futures trade with a shortened session) come with the instrument's holiday data later.
 *
 * <p>A holiday on a Saturday is observed on the Friday before (Christmas only: CME trades the Friday before a
 * Saturday New Year), one on a Sunday on the Monday after.
 */
final class MarketHolidays {
    private MarketHolidays() {
    }

    /** True when {@code day} is a weekday on which CME equity futures have no session at all. */
    static boolean isFullClose(LocalDate day) {
        DayOfWeek dow = day.getDayOfWeek();
        if (dow == DayOfWeek.SATURDAY || dow == DayOfWeek.SUNDAY) {
            return false;
        }
        return day.equals(observed(LocalDate.of(day.getYear(), Month.DECEMBER, 25), true))
                || day.equals(observed(LocalDate.of(day.getYear(), Month.JANUARY, 1), false))
                || day.equals(goodFriday(day.getYear()));
    }

    /** A trading day: Monday to Friday and not a full close. */
    static boolean isTradingDay(LocalDate day) {
        DayOfWeek dow = day.getDayOfWeek();
        return dow != DayOfWeek.SATURDAY && dow != DayOfWeek.SUNDAY && !isFullClose(day);
    }

    private static LocalDate observed(LocalDate holiday, boolean saturdayMovesToFriday) {
        return switch (holiday.getDayOfWeek()) {
            case SATURDAY -> saturdayMovesToFriday ? holiday.minusDays(1) : null;
            case SUNDAY -> holiday.plusDays(1);
            default -> holiday;
        };
    }

    /** Two days before Easter Sunday (anonymous Gregorian algorithm). */
    static LocalDate goodFriday(int year) {
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
