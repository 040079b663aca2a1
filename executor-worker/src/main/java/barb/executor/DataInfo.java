package barb.executor;

import java.time.LocalDate;

/**
 * What market data a store holds.
 *
 * @param source           "synthetic" (made by {@link SyntheticHistory}) or "imported" (real bars)
 * @param generatorVersion the synthetic generator's version, null for imported data
 * @param firstTradingDay  the first trading day with bars
 * @param lastTradingDay   the last trading day with bars
 */
public record DataInfo(String source, String generatorVersion, LocalDate firstTradingDay, LocalDate lastTradingDay,
                       long barCount, long tradingDayCount) {

    public static final String SYNTHETIC = "synthetic";
    public static final String IMPORTED = "imported";
}
