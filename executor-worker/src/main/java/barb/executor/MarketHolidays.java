package barb.executor;

import java.time.LocalDate;

/**
 * Short-hand for the NQ trading calendar ({@link TradingCalendar}, CME equity-index rules): which weekdays have
 * no session at all. Kept for callers that only need "is there a trading day on this date".
 */
final class MarketHolidays {
    private MarketHolidays() {
    }

    /** True when {@code day} is a weekday on which CME equity futures have no session at all. */
    static boolean isFullClose(LocalDate day) {
        return Instrument.nq().calendar().isFullClose(day);
    }

    /** A trading day: Monday to Friday and not a full close (holiday halts and early closes are trading days). */
    static boolean isTradingDay(LocalDate day) {
        return Instrument.nq().calendar().isTradingDay(day);
    }

    /** Two days before Easter Sunday. */
    static LocalDate goodFriday(int year) {
        return TradingCalendar.goodFriday(year);
    }
}
