package barb.executor;

import java.time.LocalDate;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;

/**
 * The day-by-day skeleton of the synthetic history: each trading day's open, close and volatility. The minute
 * bars are filled in by SQL ({@link SyntheticHistory}) between these two prices.
 *
 * <p>The log price is an anchor curve that follows NQ's real path (interpolated between the points below)
 * plus a mean-reverting deviation, so it wanders like a market yet lands near the real levels. Daily
 * volatility follows real regimes (2008, 2020, 2022, April 2025 …) times a slow random factor that makes
 * calm and wild weeks cluster.
 *
 * <p>The simulation always starts at {@link #SIMULATION_START} (or earlier, if asked), whatever range is
 * emitted, so a day has the same prices in a two-year test file as in the full history.
 */
final class PricePath {
    static final LocalDate SIMULATION_START = LocalDate.of(2008, 1, 2);

    /** Pull of the deviation back to the anchor per day, in calm markets; stronger when volatile (below). */
    private static final double MEAN_REVERSION = 0.08;
    /** Persistence and spread of the log volatility factor (volatility clustering). */
    private static final double VOL_PERSISTENCE = 0.97;
    private static final double VOL_OF_VOL = 0.25;

    /** NQ's approximate level on these dates; log-linear in between, flat outside. */
    private static final List<Anchor> LEVELS = List.of(
            at("2008-01-02", 2050), at("2008-03-10", 1720), at("2008-06-05", 2050), at("2008-09-01", 1850),
            at("2008-11-20", 1120), at("2008-12-31", 1220), at("2009-03-09", 1120), at("2009-12-31", 1860),
            at("2010-07-01", 1760), at("2010-12-31", 2220), at("2011-08-08", 2050), at("2011-12-31", 2280),
            at("2012-12-31", 2660), at("2013-12-31", 3590), at("2014-12-31", 4230), at("2015-08-24", 4200),
            at("2015-12-31", 4600), at("2016-02-11", 4000), at("2016-12-31", 4870), at("2017-12-31", 6400),
            at("2018-09-30", 7650), at("2018-12-24", 5900), at("2019-12-31", 8730), at("2020-02-19", 9700),
            at("2020-03-23", 6900), at("2020-12-31", 12900), at("2021-11-19", 16700), at("2021-12-31", 16350),
            at("2022-06-16", 11100), at("2022-08-16", 13700), at("2022-10-13", 10700), at("2022-12-31", 10950),
            at("2023-07-31", 15800), at("2023-10-27", 14100), at("2023-12-31", 17000), at("2024-07-10", 20800),
            at("2024-08-05", 17900), at("2024-12-31", 21200), at("2025-04-08", 17000), at("2025-06-30", 22700),
            at("2025-10-29", 26300), at("2025-11-20", 24300), at("2026-01-07", 25600));

    /** Typical standard deviation of a daily log return on these dates; linear in between, flat outside. */
    private static final List<Anchor> VOLATILITY = List.of(
            at("2008-01-02", 0.020), at("2008-08-15", 0.018), at("2008-10-15", 0.048), at("2008-12-15", 0.035),
            at("2009-03-15", 0.028), at("2009-12-15", 0.013), at("2010-04-15", 0.010), at("2010-05-20", 0.022),
            at("2010-12-15", 0.010), at("2011-07-15", 0.010), at("2011-08-15", 0.028), at("2011-12-15", 0.014),
            at("2012-12-15", 0.010), at("2014-12-15", 0.009), at("2015-08-01", 0.008), at("2015-08-25", 0.022),
            at("2016-02-15", 0.016), at("2016-12-15", 0.008), at("2017-12-15", 0.007), at("2018-02-08", 0.022),
            at("2018-06-15", 0.011), at("2018-12-24", 0.026), at("2019-06-15", 0.011), at("2020-02-15", 0.010),
            at("2020-03-16", 0.050), at("2020-06-15", 0.020), at("2020-12-15", 0.015), at("2021-12-15", 0.013),
            at("2022-05-15", 0.023), at("2022-12-15", 0.018), at("2023-06-15", 0.011), at("2024-06-15", 0.010),
            at("2024-08-05", 0.020), at("2024-10-15", 0.011), at("2025-02-15", 0.012), at("2025-04-08", 0.035),
            at("2025-06-15", 0.011), at("2026-01-07", 0.011));

    /**
     * One trading day of the skeleton.
     *
     * @param sigma       typical daily log-return deviation of this day (drives the minute noise)
     * @param volumeScale multiplier of the minute volume profile (busier on volatile days)
     */
    record Day(LocalDate tradeDate, double open, double close, double sigma, double volumeScale) {
    }

    private PricePath() {
    }

    /** The trading days from {@code from} to {@code to} inclusive. */
    static List<Day> days(LocalDate from, LocalDate to, long seed) {
        SplittableRandom random = new SplittableRandom(seed);
        LocalDate start = from.isBefore(SIMULATION_START) ? from : SIMULATION_START;
        List<Day> out = new ArrayList<>();
        double deviation = 0;
        double volFactor = 0;
        double previousClose = anchorLevel(start);
        LocalDate previousDay = null;
        TradingCalendar calendar = Instrument.nq().calendar();
        for (LocalDate d = start; !d.isAfter(to); d = d.plusDays(1)) {
            if (!calendar.isTradingDay(d)) {
                continue;
            }
            // Always draw the same numbers in the same order, emitted or not, so every range agrees.
            double zVol = random.nextGaussian();
            double zMove = random.nextGaussian();
            double zGap = random.nextGaussian();
            volFactor = VOL_PERSISTENCE * volFactor
                    + VOL_OF_VOL * Math.sqrt(1 - VOL_PERSISTENCE * VOL_PERSISTENCE) * zVol;
            double sigma = anchorVolatility(d) * Math.exp(volFactor - VOL_OF_VOL * VOL_OF_VOL / 2);
            // In a crash the noise is large; a stronger pull keeps the lows near the real ones.
            double pull = Math.min(0.5, MEAN_REVERSION * Math.max(1, sigma / 0.015));
            deviation = (1 - pull) * deviation + sigma * zMove;
            double close = Math.exp(Math.log(anchorLevel(d)) + deviation);
            boolean afterBreak = previousDay != null && !previousDay.plusDays(1).equals(d);
            double gapSigma = sigma * (afterBreak ? 0.25 : 0.06);
            double open = previousClose * Math.exp(gapSigma * zGap);
            if (!d.isBefore(from)) {
                double volumeScale = Math.min(3.0, 0.6 + 0.4 * sigma / 0.012);
                out.add(new Day(d, open, close, sigma, volumeScale));
            }
            previousClose = close;
            previousDay = d;
        }
        return out;
    }

    static double anchorLevel(LocalDate d) {
        return Math.exp(interpolate(LEVELS, d, true));
    }

    static double anchorVolatility(LocalDate d) {
        return interpolate(VOLATILITY, d, false);
    }

    private static double interpolate(List<Anchor> anchors, LocalDate d, boolean logScale) {
        for (int i = 0; i < anchors.size(); i++) {
            Anchor at = anchors.get(i);
            if (!d.isAfter(at.date())) {
                if (i == 0) {
                    return at.value(logScale);
                }
                Anchor before = anchors.get(i - 1);
                double w = (double) ChronoUnit.DAYS.between(before.date(), d)
                        / ChronoUnit.DAYS.between(before.date(), at.date());
                return before.value(logScale) * (1 - w) + at.value(logScale) * w;
            }
        }
        return anchors.getLast().value(logScale);
    }

    private static Anchor at(String date, double value) {
        return new Anchor(LocalDate.parse(date), value);
    }

    private record Anchor(LocalDate date, double value) {
        double value(boolean logScale) {
            return logScale ? Math.log(value) : value;
        }
    }
}
