package barb.core;

import java.time.LocalDate;

/**
 * The trading days the loaded market data covers. Relative periods of history questions ("yesterday", "last
 * month") resolve against {@link #lastDay()}, never the wall clock, and "all" means first to last day.
 *
 * @param source synthetic | imported
 */
public record DataCoverage(LocalDate firstDay, LocalDate lastDay, String source) {
    public DataCoverage {
        if (firstDay == null || lastDay == null) {
            throw new IllegalArgumentException("data coverage needs a first and a last day");
        }
        if (firstDay.isAfter(lastDay)) {
            throw new IllegalArgumentException("data coverage: first day " + firstDay + " is after last day " + lastDay);
        }
    }
}
