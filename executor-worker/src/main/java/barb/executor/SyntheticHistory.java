package barb.executor;

import org.duckdb.DuckDBAppender;
import org.duckdb.DuckDBConnection;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.LocalDate;
import java.util.List;

/**
 * Makes a deterministic, realistic synthetic NQ 1-minute history and stores it as the {@code bars} table.
 *
 * <p>Bars follow CME Globex hours: Sunday 18:00 ET to Friday 17:00 ET with the daily 17:00–18:00 break,
 * timestamps in ET wall-clock time. The trading day of a bar is the date of ts + 6 h. The NQ trading calendar
 * ({@link TradingCalendar}) decides the days: full-close days have no bars; on a holiday halt, an early close or a
 * special halt the day's bars stop at that time (the next trading day still opens at 18:00).
 *
 * <p>How: {@link PricePath} decides each day's open, close and volatility (a few thousand rows, in Java); SQL
 * fills each day's minutes (1,380 on a regular day) with a Brownian bridge from that open to that close, with hash-based noise
 * of the minute (so the same minute always gets the same noise), a U-shaped intraday volatility and volume
 * profile, bigger moves in RTH, and prices on the 0.25 tick. Generated one year per statement, reported to
 * the {@link ProgressListener}.
 */
public final class SyntheticHistory {
    private static final Logger log = LoggerFactory.getLogger(SyntheticHistory.class);

    public static final LocalDate DEFAULT_FROM = LocalDate.of(2008, 1, 2);
    public static final LocalDate DEFAULT_TO = LocalDate.of(2026, 1, 7);
    /** Bump when the output changes (3: Good Friday jobs-report sessions); `barb up` regenerates older files. */
    public static final String GENERATOR_VERSION = "3";
    private static final long SEED = 20080102L;
    /** Minutes in a regular trading day: 18:00 → 17:00. */
    static final int SESSION_MINUTES = 1380;

    /**
     * How many bars were made.
     *
     * @param days the trading days generated
     */
    public record Report(LocalDate from, LocalDate to, long bars, long days, long durationMs) {
    }

    private SyntheticHistory() {
    }

    /** The default history, 2008-01-02 → 2026-01-07. */
    public static Report generate(MarketDataStore store, ProgressListener listener) throws SQLException {
        return generate(store, DEFAULT_FROM, DEFAULT_TO, listener);
    }

    /**
     * Replaces the store's bars with synthetic trading days {@code from} … {@code to} (inclusive) and records
     * their provenance in {@code meta}. Derived tables are not built here: call
     * {@link MarketDataStore#buildDerivedTables()} afterwards. Progress steps: one per calendar year.
     */
    public static Report generate(MarketDataStore store, LocalDate from, LocalDate to, ProgressListener listener)
            throws SQLException {
        if (from == null || to == null || from.isAfter(to)) {
            throw new IllegalArgumentException("synthetic history: need from <= to, got " + from + " … " + to);
        }
        ProgressListener progress = listener == null ? ProgressListener.NONE : listener;
        long started = System.nanoTime();
        List<PricePath.Day> days = PricePath.days(from, to, SEED);
        int years = to.getYear() - from.getYear() + 1;
        long bars = store.withConnection(c -> {
            prepareTables(c, days);
            progress.progress(0, years, String.valueOf(from.getYear()));
            for (int year = from.getYear(); year <= to.getYear(); year++) {
                LocalDate chunkFrom = year == from.getYear() ? from : LocalDate.of(year, 1, 1);
                LocalDate chunkTo = year == to.getYear() ? to : LocalDate.of(year, 12, 31);
                insertBars(c, chunkFrom, chunkTo);
                progress.progress(year - from.getYear() + 1, years, String.valueOf(year));
            }
            try (Statement s = c.createStatement()) {
                s.execute("DROP TABLE synthetic_days");
                s.execute("DROP TABLE intraday_profile");
                s.execute("CHECKPOINT");
            }
            writeMeta(c, from, to);
            return MarketDataStore.scalarLong(c, "SELECT count(*) FROM bars");
        });
        long ms = (System.nanoTime() - started) / 1_000_000;
        log.info("generated {} synthetic bars over {} trading days ({} … {}) in {} ms", bars, days.size(), from,
                to, ms);
        return new Report(from, to, bars, days.size(), ms);
    }

    private static void prepareTables(Connection c, List<PricePath.Day> days) throws SQLException {
        try (Statement s = c.createStatement()) {
            s.execute("DROP TABLE IF EXISTS meta");
            s.execute("DROP TABLE IF EXISTS daily");
            s.execute("DROP TABLE IF EXISTS daily_rth");
            s.execute(MarketDataStore.BARS_DDL);
            s.execute("CREATE OR REPLACE TABLE synthetic_days (trade_date DATE, day_open DOUBLE, "
                    + "day_close DOUBLE, sigma DOUBLE, volume_scale DOUBLE, minutes INTEGER, var_end DOUBLE)");
            s.execute(INTRADAY_PROFILE_SQL);
        }
        TradingCalendar calendar = Instrument.nq().calendar();
        try (DuckDBAppender appender = c.unwrap(DuckDBConnection.class).createAppender("synthetic_days")) {
            for (PricePath.Day d : days) {
                appender.beginRow()
                        .append(d.tradeDate())
                        .append(d.open())
                        .append(d.close())
                        .append(d.sigma())
                        .append(d.volumeScale())
                        .append(calendar.minutesOpen(d.tradeDate()))
                        .appendNull()
                        .endRow();
            }
        }
        // The profile's variance up to each day's last minute: the bridge's time scale (1 on a full day).
        try (Statement s = c.createStatement()) {
            s.execute("UPDATE synthetic_days SET var_end = p.var_through FROM intraday_profile p "
                    + "WHERE p.pos = synthetic_days.minutes - 1");
        }
    }

    private static void insertBars(Connection c, LocalDate chunkFrom, LocalDate chunkTo) throws SQLException {
        try (PreparedStatement ps = c.prepareStatement(BARS_SQL)) {
            ps.setString(1, chunkFrom.toString());
            ps.setString(2, chunkTo.toString());
            ps.executeUpdate();
        }
    }

    private static void writeMeta(Connection c, LocalDate from, LocalDate to) throws SQLException {
        try (Statement s = c.createStatement()) {
            s.execute("CREATE OR REPLACE TABLE meta (key VARCHAR PRIMARY KEY, value VARCHAR NOT NULL)");
        }
        try (PreparedStatement ps = c.prepareStatement("INSERT INTO meta VALUES (?, ?)")) {
            String[][] rows = {
                    {"source", DataInfo.SYNTHETIC},
                    {"generator_version", GENERATOR_VERSION},
                    {"seed", String.valueOf(SEED)},
                    {"range_from", from.toString()},
                    {"range_to", to.toString()},
                    {"instrument", "NQ"},
                    {"timezone", "America/New_York (wall clock)"},
            };
            for (String[] row : rows) {
                ps.setString(1, row[0]);
                ps.setString(2, row[1]);
                ps.addBatch();
            }
            ps.executeBatch();
        }
    }

    /**
     * Per minute of the trading day (pos 0 = 18:00 … 1379 = 16:59): the share of the day's volatility and a
     * volume weight. RTH (09:30–16:00) is busiest, with a U shape (open and close spikes); 08:30 news; quiet
     * Asian hours. vol_frac is normalised so the shares' variances add up to one day.
     */
    private static final String INTRADAY_PROFILE_SQL = """
            CREATE OR REPLACE TABLE intraday_profile AS
            WITH p AS (
                SELECT range AS pos, (range + 1080) % 1440 AS tod FROM range(0, 1380)
            ), w AS (
                SELECT pos,
                       CASE
                           WHEN tod >= 570 AND tod < 960
                               THEN 1.0 + 1.6 * exp(-(tod - 570) / 25.0) + 0.5 * exp(-(959 - tod) / 30.0)
                           WHEN tod >= 510 AND tod < 570 THEN 0.55 + 0.8 * exp(-(tod - 510) / 8.0)
                           WHEN tod >= 180 AND tod < 510 THEN 0.40
                           WHEN tod >= 960 AND tod < 1020 THEN 0.35 + 0.3 * exp(-(tod - 960) / 10.0)
                           WHEN tod >= 1080 AND tod < 1200 THEN 0.35
                           ELSE 0.25
                       END AS vol_weight,
                       CASE
                           WHEN tod >= 570 AND tod < 960
                               THEN 1.0 + 3.0 * exp(-(tod - 570) / 30.0) + 2.0 * exp(-(959 - tod) / 25.0)
                           WHEN tod >= 510 AND tod < 570 THEN 0.25 + 0.5 * exp(-(tod - 510) / 8.0)
                           WHEN tod >= 180 AND tod < 510 THEN 0.15
                           WHEN tod >= 960 AND tod < 1020 THEN 0.12
                           ELSE 0.06
                       END AS volume_weight
                FROM p
            ), n AS (
                SELECT pos, vol_weight / sqrt(sum(vol_weight * vol_weight) OVER ()) AS vol_frac, volume_weight
                FROM w
            )
            SELECT pos, vol_frac, volume_weight,
                   sum(vol_frac * vol_frac) OVER (ORDER BY pos) AS var_through,
                   sum(vol_frac * vol_frac) OVER (ORDER BY pos) - vol_frac * vol_frac AS var_before
            FROM n
            """;

    /** Standard normal from two hashes of (minute, stream, seed): Box–Muller. */
    private static String normal(int stream) {
        return "(sqrt(-2 * ln(" + uniform(stream) + ")) * cos(2 * pi() * " + uniform(stream + 100) + "))";
    }

    /** Uniform in (0, 1) from a hash of (minute, stream, seed). */
    private static String uniform(int stream) {
        return "((CAST(hash(minute_id, " + stream + ", " + SEED + ") >> 11 AS DOUBLE) + 0.5) / 9007199254740992.0)";
    }

    /**
     * One chunk of trading days × their minutes (1,380, fewer on a day that halts or closes early). The walk is a
     * Brownian bridge in "variance time": the cumulative noise minus the share of the day's total noise that the
     * variance up to this minute represents, plus the same share of the open→close move. The share is taken of
     * the variance up to the day's last minute, so each day starts at day_open, ends exactly at day_close (also
     * when it ends early), and moves most where the profile is busiest (RTH). A bar's open is the walk one step
     * earlier (the previous bar's close), so bars chain without a window lag.
     */
    private static final String BARS_SQL = """
            INSERT INTO bars
            WITH minutes AS (
                SELECT d.trade_date, p.pos,
                       CAST(d.trade_date - INTERVAL 6 HOUR AS TIMESTAMP) + to_minutes(p.pos) AS ts,
                       date_diff('day', DATE '2000-01-01', d.trade_date) * 1440 + p.pos AS minute_id,
                       d.day_open, d.day_close, d.sigma, d.volume_scale,
                       p.vol_frac, p.volume_weight,
                       p.var_through / d.var_end AS var_through,
                       p.var_before / d.var_end AS var_before
                FROM synthetic_days d
                CROSS JOIN intraday_profile p
                WHERE d.trade_date BETWEEN CAST(? AS DATE) AND CAST(? AS DATE)
                  AND p.pos - d.minutes < 0
            ), noise AS (
                SELECT *,
                       0.8 * sigma * vol_frac * %s AS step,
                       abs(%s) AS wick_up,
                       abs(%s) AS wick_down,
                       %s AS volume_noise
                FROM minutes
            ), walk AS (
                SELECT *,
                       sum(step) OVER (PARTITION BY trade_date ORDER BY pos ROWS UNBOUNDED PRECEDING) AS walked,
                       sum(step) OVER (PARTITION BY trade_date) AS walked_total,
                       ln(day_close / day_open) AS day_move
                FROM noise
            ), path AS (
                SELECT ts, sigma, vol_frac, volume_weight, volume_scale, wick_up, wick_down, volume_noise,
                       exp(ln(day_open) + (day_move - walked_total) * var_through + walked) AS raw_close,
                       exp(ln(day_open) + (day_move - walked_total) * var_before + walked - step) AS raw_open
                FROM walk
            ), ticks AS (
                SELECT *, round(raw_open * 4) / 4 AS o, round(raw_close * 4) / 4 AS c FROM path
            )
            SELECT ts,
                   o AS open,
                   greatest(o, c) + round(wick_up * 0.4 * sigma * vol_frac * raw_close * 4) / 4 AS high,
                   least(o, c) - round(wick_down * 0.4 * sigma * vol_frac * raw_close * 4) / 4 AS low,
                   c AS close,
                   CAST(round(900 * volume_weight * volume_scale * (0.5 + volume_noise)) AS BIGINT) AS volume
            FROM ticks
            ORDER BY ts
            """.formatted(normal(1), normal(2), normal(3), uniform(4));
}
