package barb.executor;

import org.duckdb.DuckDBAppender;
import org.duckdb.DuckDBConnection;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.LocalDate;
import java.time.LocalTime;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;

/**
 * Builds the day-level tables every plan runs on, so a typical question scans thousands of rows instead of
 * millions of minutes. Column meanings: docs/plan-schema.md; calendar, events and patterns: docs/market-data.md.
 *
 * <ul>
 *   <li>{@code sessions}: the instrument's sessions (name, start, end, minutes of day).</li>
 *   <li>{@code calendar_days}: one row per calendar date of the data's span with the day kind, close time,
 *       holiday and event flags, from {@link TradingCalendar} and {@link EventCalendar}.</li>
 *   <li>{@code session_days}: one row per (session, trading day) that has bars in that session, for every
 *       session of the instrument, with prices, enrichment, previous-day values, calendar flags and pattern
 *       flags, the gap fill and the overnight-break columns ({@link SessionLevels}). Previous-day values and
 *       patterns compare with the previous row of the <em>same</em> session.</li>
 *   <li>{@code daily} (= session ETH, the whole trading day) and {@code daily_rth} (= session RTH): the same
 *       columns without {@code session}, kept as tables because every daily-level plan reads them.</li>
 * </ul>
 * Prices and point differences are exact (prices sit on the tick); percentages keep full precision so that
 * "fell more than 2%" includes a -2.004% day. Results are rounded once, on the way out, by {@link Numbers}.
 */
final class DerivedTables {
    static final String DAILY = "daily";
    static final String DAILY_RTH = "daily_rth";
    static final String SESSION_DAYS = "session_days";
    static final String CALENDAR_DAYS = "calendar_days";
    static final String SESSIONS = "sessions";

    /**
     * Pattern name → the SQL condition on one session-day row (columns of {@code linked} below). Column
     * {@code is_<name>} is 1 when the condition holds, 0 otherwise (also when there is too little history).
     * Definitions in words: docs/market-data.md.
     */
    static final Map<String, String> PATTERNS = patterns();

    private DerivedTables() {
    }

    private static Map<String, String> patterns() {
        String range = "(high - low)";
        String body = "abs(close - open)";
        String upper = "(high - greatest(open, close))";
        String lower = "(least(open, close) - low)";
        String downTrend = "p_close < p6_close";
        String upTrend = "p_close > p6_close";
        String hammerShape = "high > low AND %s <= 0.3 * %s AND %s >= 0.6 * %s AND %s <= 0.1 * %s"
                .formatted(body, range, lower, range, upper, range);
        String invertedShape = "high > low AND %s <= 0.3 * %s AND %s >= 0.6 * %s AND %s <= 0.1 * %s"
                .formatted(body, range, upper, range, lower, range);
        Map<String, String> p = new LinkedHashMap<>();
        p.put("doji", "high > low AND %s <= 0.1 * %s".formatted(body, range));
        p.put("hammer", hammerShape + " AND " + downTrend);
        p.put("hanging_man", hammerShape + " AND " + upTrend);
        p.put("inverted_hammer", invertedShape + " AND " + downTrend);
        p.put("shooting_star", invertedShape + " AND " + upTrend);
        p.put("bullish_engulfing", "p_close < p_open AND close > open AND open <= p_close AND close >= p_open "
                + "AND close - open > p_open - p_close");
        p.put("bearish_engulfing", "p_close > p_open AND close < open AND open >= p_close AND close <= p_open "
                + "AND open - close > p_close - p_open");
        p.put("bullish_harami", "p_close < p_open AND close > open AND p_open - p_close >= 0.5 * (p_high - p_low) "
                + "AND open > p_close AND close < p_open");
        p.put("bearish_harami", "p_close > p_open AND close < open AND p_close - p_open >= 0.5 * (p_high - p_low) "
                + "AND open < p_close AND close > p_open");
        p.put("morning_star", "p2_close < p2_open AND p2_open - p2_close >= 0.5 * (p2_high - p2_low) "
                + "AND abs(p_close - p_open) <= 0.3 * (p_high - p_low) "
                + "AND close > open AND close > (p2_open + p2_close) / 2");
        p.put("evening_star", "p2_close > p2_open AND p2_close - p2_open >= 0.5 * (p2_high - p2_low) "
                + "AND abs(p_close - p_open) <= 0.3 * (p_high - p_low) "
                + "AND close < open AND close < (p2_open + p2_close) / 2");
        p.put("three_white_soldiers", "p2_close > p2_open AND p_close > p_open AND close > open "
                + "AND p_close > p2_close AND close > p_close "
                + "AND p_open BETWEEN p2_open AND p2_close AND open BETWEEN p_open AND p_close");
        p.put("three_black_crows", "p2_close < p2_open AND p_close < p_open AND close < open "
                + "AND p_close < p2_close AND close < p_close "
                + "AND p_open BETWEEN p2_close AND p2_open AND open BETWEEN p_close AND p_open");
        p.put("marubozu", "high > low AND %s >= 0.9 * %s".formatted(body, range));
        p.put("spinning_top", "high > low AND %s > 0.1 * %s AND %s <= 0.3 * %s AND %s >= 0.25 * %s AND %s >= 0.25 * %s"
                .formatted(body, range, body, range, upper, range, lower, range));
        p.put("inside_day", "high < p_high AND low > p_low");
        p.put("outside_day", "high > p_high AND low < p_low");
        p.put("nr4", "earlier_days >= 3 AND high - low < min_range_3");
        p.put("nr7", "earlier_days >= 6 AND high - low < min_range_6");
        p.put("higher_high", "high > p_high");
        p.put("higher_low", "low > p_low");
        p.put("lower_high", "high < p_high");
        p.put("lower_low", "low < p_low");
        p.put("breakout_high", "earlier_days >= 20 AND high > max_high_20");
        p.put("breakout_low", "earlier_days >= 20 AND low < min_low_20");
        return java.util.Collections.unmodifiableMap(p);
    }

    /** Builds every derived table for the instrument named in {@code meta} (NQ when there is none). */
    static void build(Connection c) throws SQLException {
        build(c, instrumentOf(c));
    }

    static void build(Connection c, Instrument instrument) throws SQLException {
        if (!instrument.sessions().contains("ETH") || !instrument.sessions().contains("RTH")) {
            throw new IllegalArgumentException("instrument " + instrument.symbol() + " needs sessions ETH and RTH");
        }
        writeSessions(c, instrument);
        writeCalendarDays(c, instrument);
        int shift = instrument.tradeDateShiftMinutes();
        int blocks = blockMinutes(instrument);
        try (Statement s = c.createStatement()) {
            s.execute(minuteBlocksSql(shift, blocks));
            s.execute("CREATE OR REPLACE TABLE block_size AS SELECT " + blocks + " AS minutes");
            s.execute(sessionFoldsSql(blocks));
            s.execute(SessionLevels.sql(shift, blocks, overnightEndPosition(instrument)));
            s.execute(sessionDaysSql(shift, blocks));
            s.execute("DROP TABLE " + SESSION_FOLDS);
            s.execute("DROP TABLE " + SessionLevels.TABLE);
            s.execute("CREATE OR REPLACE TABLE " + DAILY + " AS SELECT * EXCLUDE (session) FROM " + SESSION_DAYS
                    + " WHERE session = 'ETH' ORDER BY trade_date");
            s.execute("CREATE OR REPLACE TABLE " + DAILY_RTH + " AS SELECT * EXCLUDE (session) FROM " + SESSION_DAYS
                    + " WHERE session = 'RTH' ORDER BY trade_date");
            // written last: a build cut short, or one of an older layout, reads as "rebuild needed"
            s.execute("CREATE OR REPLACE TABLE " + VERSION_TABLE + " AS SELECT " + VERSION + " AS version");
        }
    }

    /**
     * The layout of the derived tables; raised whenever a column is added or its meaning changes, so data files
     * built by an older Barb are rebuilt at start-up. 3: quarter and the green/red run columns. 4: the gap fill
     * and overnight high/low columns.
     */
    static final int VERSION = 4;
    static final String VERSION_TABLE = "derived_version";

    /** The minute blocks table: written once per load, read by session_days and by block-aligned time windows. */
    static final String MINUTE_BLOCKS = "minute_blocks";

    static String minuteBlocksSql(int shiftMinutes, int blockMinutes) {
        // Minutes are numbered on a global clock (epoch minutes) and grouped by one key, the block's number: much
        // cheaper over millions of minutes than date and time-of-day functions and a two-column key. A block never
        // straddles two trading days (its length divides the trading-day start), so within a block the earliest
        // minute is also the earliest of the trading day, and the trading day and block of day are worked out once
        // per block. Among minutes at the high (low) the earliest wins: the key high * 1e6 - minute keeps the
        // highest high first, as the minutes of one block differ by less than a tick × 1e6.
        return """
                CREATE OR REPLACE TABLE minute_blocks AS
                WITH epoch AS (
                    SELECT epoch_us(ts) // 60000000 AS em, ts, open, high, low, close, volume FROM bars
                ), blocks AS (
                    SELECT em // %2$d AS k,
                           min(ts) AS first_ts, max(ts) AS last_ts,
                           arg_min(open, ts) AS open, max(high) AS high, min(low) AS low, arg_max(close, ts) AS close,
                           sum(volume) AS volume, count(*) AS bars,
                           arg_max(ts, high * 1000000 - em) AS high_time, arg_min(ts, low * 1000000 + em) AS low_time
                    FROM epoch
                    GROUP BY k
                )
                SELECT DATE '1970-01-01' + CAST((k * %2$d + %1$d) // 1440 AS INTEGER) AS trade_date,
                       k * %2$d %% 1440 // %2$d AS block,
                       first_ts, last_ts, open, high, low, close, volume, bars,
                       high_time, (epoch_us(high_time) // 60000000 + %1$d) %% 1440 AS high_pos,
                       low_time, (epoch_us(low_time) // 60000000 + %1$d) %% 1440 AS low_pos
                FROM blocks
                ORDER BY trade_date, block
                """.formatted(shiftMinutes, blockMinutes);
    }

    /** Every session-day folded from its blocks (prices, volume, extremes), read by session_levels and session_days. */
    static final String SESSION_FOLDS = "session_folds";

    static String sessionFoldsSql(int blockMinutes) {
        return """
                CREATE OR REPLACE TEMP TABLE session_folds AS
                WITH sb AS (
                    %s
                )
                SELECT sb.session, k.trade_date,
                       arg_min(k.open, k.first_ts) AS open,
                       max(k.high) AS high,
                       min(k.low) AS low,
                       arg_max(k.close, k.last_ts) AS close,
                       sum(k.volume) AS volume,
                       CAST(sum(k.bars) AS BIGINT) AS bars,
                       arg_max(k.high_time, k.high * 1000000 - k.high_pos) AS high_time,
                       arg_min(k.low_time, k.low * 1000000 + k.low_pos) AS low_time
                FROM minute_blocks k JOIN sb ON sb.block = k.block
                GROUP BY sb.session, k.trade_date
                """.formatted(SessionLevels.sessionBlocksSql(blockMinutes));
    }

    /**
     * Where the instrument's OVERNIGHT session ends, as a position in the trading day, or -1 without one. Sessions
     * starting there or later get the overnight high and low.
     */
    static int overnightEndPosition(Instrument instrument) {
        return instrument.sessions().find(SessionLevels.OVERNIGHT)
                .map(spec -> instrument.positionInTradingDay(spec.end()))
                .orElse(-1);
    }

    /** The largest block length (minutes) that divides every session boundary and the trading-day start. */
    static int blockMinutes(Instrument instrument) {
        int g = 60;
        g = gcd(g, instrument.tradingDayStart().toSecondOfDay() / 60);
        for (SessionSpec spec : instrument.sessions().all()) {
            g = gcd(g, spec.start().toSecondOfDay() / 60);
            g = gcd(g, spec.end().toSecondOfDay() / 60);
        }
        return g;
    }

    private static int gcd(int a, int b) {
        return b == 0 ? a : gcd(b, a % b);
    }

    private static Instrument instrumentOf(Connection c) throws SQLException {
        if (!MarketDataStore.tableExists(c, "meta")) {
            return Instrument.nq();
        }
        String symbol = MarketDataStore.metaValue(c, "instrument");
        return symbol == null ? Instrument.nq() : Instrument.load(symbol);
    }

    private static void writeSessions(Connection c, Instrument instrument) throws SQLException {
        try (Statement s = c.createStatement()) {
            s.execute("CREATE OR REPLACE TABLE " + SESSIONS + " (session VARCHAR PRIMARY KEY, start_time TIME NOT NULL, "
                    + "end_time TIME NOT NULL, start_minute INTEGER NOT NULL, end_minute INTEGER NOT NULL, "
                    + "minutes INTEGER NOT NULL, description VARCHAR)");
        }
        try (PreparedStatement ps = c.prepareStatement("INSERT INTO " + SESSIONS + " VALUES (?, ?, ?, ?, ?, ?, ?)")) {
            for (SessionSpec spec : instrument.sessions().all()) {
                ps.setString(1, spec.name());
                ps.setObject(2, spec.start());
                ps.setObject(3, spec.end());
                ps.setInt(4, spec.start().toSecondOfDay() / 60);
                ps.setInt(5, spec.end().toSecondOfDay() / 60);
                ps.setInt(6, spec.minutes());
                ps.setString(7, spec.description());
                ps.addBatch();
            }
            ps.executeBatch();
        }
    }

    /** One row per calendar date from the first to the last trading day of the bars. */
    private static void writeCalendarDays(Connection c, Instrument instrument) throws SQLException {
        try (Statement s = c.createStatement()) {
            s.execute("CREATE OR REPLACE TABLE " + CALENDAR_DAYS + " (trade_date DATE PRIMARY KEY, day_kind VARCHAR NOT NULL, "
                    + "holiday_name VARCHAR, close_time TIME, is_trading_day INTEGER NOT NULL, is_holiday INTEGER NOT NULL, "
                    + "is_early_close INTEGER NOT NULL, is_day_before_holiday INTEGER NOT NULL, "
                    + "is_day_after_holiday INTEGER NOT NULL, is_fomc INTEGER NOT NULL, is_nfp INTEGER NOT NULL, "
                    + "is_cpi INTEGER NOT NULL, is_opex INTEGER NOT NULL, is_quad_witching INTEGER NOT NULL)");
        }
        LocalDate first;
        LocalDate last;
        int shift = instrument.tradeDateShiftMinutes();
        try (Statement s = c.createStatement();
             ResultSet rs = s.executeQuery("SELECT CAST(min(ts + INTERVAL " + shift + " MINUTE) AS DATE), "
                     + "CAST(max(ts + INTERVAL " + shift + " MINUTE) AS DATE) FROM bars")) {
            rs.next();
            first = rs.getObject(1, LocalDate.class);
            last = rs.getObject(2, LocalDate.class);
        }
        if (first == null) {
            return;
        }
        TradingCalendar calendar = instrument.calendar();
        EventCalendar events = instrument.events();
        try (DuckDBAppender a = c.unwrap(DuckDBConnection.class).createAppender(CALENDAR_DAYS)) {
            for (LocalDate d = first; !d.isAfter(last); d = d.plusDays(1)) {
                TradingCalendar.Day day = calendar.day(d);
                boolean trading = day.isTradingDay();
                a.beginRow().append(d).append(day.kind().name().toLowerCase(java.util.Locale.ROOT));
                appendNullable(a, day.name());
                appendNullable(a, day.close());
                a.append(flag(trading))
                        .append(flag(day.kind() == TradingCalendar.DayKind.HOLIDAY_HALT))
                        .append(flag(day.kind() == TradingCalendar.DayKind.EARLY_CLOSE
                                || day.kind() == TradingCalendar.DayKind.SPECIAL_HALT))
                        .append(flag(calendar.isDayBeforeHoliday(d)))
                        .append(flag(calendar.isDayAfterHoliday(d)))
                        .append(flag(events.isEventDay(EventCalendar.Event.FOMC, d)))
                        .append(flag(events.isEventDay(EventCalendar.Event.NFP, d)))
                        .append(flag(events.isEventDay(EventCalendar.Event.CPI, d)))
                        .append(flag(events.isEventDay(EventCalendar.Event.OPEX, d)))
                        .append(flag(events.isEventDay(EventCalendar.Event.QUAD_WITCHING, d)))
                        .endRow();
            }
        }
    }

    private static void appendNullable(DuckDBAppender a, String value) throws SQLException {
        if (value == null) {
            a.appendNull();
        } else {
            a.append(value);
        }
    }

    private static void appendNullable(DuckDBAppender a, LocalTime value) throws SQLException {
        if (value == null) {
            a.appendNull();
        } else {
            a.append(value);
        }
    }

    private static int flag(boolean b) {
        return b ? 1 : 0;
    }

    /** The calendar flag columns copied from {@code calendar_days} onto every session-day. */
    static final List<String> CALENDAR_FLAGS = List.of("is_holiday", "is_early_close", "is_day_before_holiday",
            "is_day_after_holiday", "is_fomc", "is_nfp", "is_cpi", "is_opex", "is_quad_witching");

    /**
     * Two steps so that 17 sessions cost little more than one: minute bars are first folded into blocks of
     * {@code blockMinutes} (a divisor of every session boundary, so a block lies wholly inside or outside each
     * session), then each session-day is folded from its blocks.
     *
     * <p>high_time / low_time are the first minute that reached the session-day's extreme: among tied minutes the
     * earliest, which is what "when was the high set" means. The ordering key {@code high * 1e6 - pos} puts the
     * highest high first and, within it, the earliest minute of the trading day (pos < 1440 stays below any
     * tick × 1e6).
     */
    static String sessionDaysSql(int shiftMinutes, int blockMinutes) {
        String flags = CALENDAR_FLAGS.stream()
                .map(f -> "coalesce(cd." + f + ", 0) AS " + f)
                .collect(Collectors.joining(",\n       "));
        String patterns = PATTERNS.entrySet().stream()
                .map(e -> "CAST(coalesce(" + e.getValue() + ", FALSE) AS INTEGER) AS is_" + e.getKey())
                .collect(Collectors.joining(",\n       "));
        return """
                CREATE OR REPLACE TABLE session_days AS
                WITH days AS (
                    SELECT * FROM session_folds
                ), linked AS (
                    SELECT *,
                           lag(open) OVER w AS p_open, lag(high) OVER w AS p_high, lag(low) OVER w AS p_low,
                           lag(close) OVER w AS p_close, lag(volume) OVER w AS p_volume,
                           lag(open, 2) OVER w AS p2_open, lag(high, 2) OVER w AS p2_high,
                           lag(low, 2) OVER w AS p2_low, lag(close, 2) OVER w AS p2_close,
                           lag(close, 6) OVER w AS p6_close,
                           row_number() OVER w - 1 AS earlier_days,
                           min(high - low) OVER (PARTITION BY session ORDER BY trade_date
                                                 ROWS BETWEEN 3 PRECEDING AND 1 PRECEDING) AS min_range_3,
                           min(high - low) OVER (PARTITION BY session ORDER BY trade_date
                                                 ROWS BETWEEN 6 PRECEDING AND 1 PRECEDING) AS min_range_6,
                           max(high) OVER (PARTITION BY session ORDER BY trade_date
                                           ROWS BETWEEN 20 PRECEDING AND 1 PRECEDING) AS max_high_20,
                           min(low) OVER (PARTITION BY session ORDER BY trade_date
                                          ROWS BETWEEN 20 PRECEDING AND 1 PRECEDING) AS min_low_20
                    FROM days
                    WINDOW w AS (PARTITION BY session ORDER BY trade_date)
                ), enriched AS (
                SELECT l.session,
                       l.trade_date,
                       round(open, 2) AS open,
                       round(high, 2) AS high,
                       round(low, 2) AS low,
                       round(close, 2) AS close,
                       volume,
                       bars,
                       round(high - low, 2) AS range,
                       100 * (high - low) / low AS range_pct,
                       round(close - open, 2) AS body,
                       100 * (close - open) / open AS body_pct,
                       round(high - greatest(open, close), 2) AS upper_wick,
                       round(least(open, close) - low, 2) AS lower_wick,
                       round(p_close, 2) AS prev_close,
                       round(close - p_close, 2) AS change,
                       100 * (close - p_close) / p_close AS change_pct,
                       round(open - p_close, 2) AS gap,
                       100 * (open - p_close) / p_close AS gap_pct,
                       CAST(close > open AS INTEGER) AS is_green,
                       CAST(close < open AS INTEGER) AS is_red,
                       CAST(coalesce(high < p_high AND low > p_low, FALSE) AS INTEGER) AS is_inside,
                       CAST(coalesce(high > p_high AND low < p_low, FALSE) AS INTEGER) AS is_outside,
                       isodow(l.trade_date) AS weekday,
                       dayname(l.trade_date) AS weekday_name,
                       month(l.trade_date) AS month,
                       monthname(l.trade_date) AS month_name,
                       year(l.trade_date) AS year,
                       quarter(l.trade_date) AS quarter,
                       'Q' || quarter(l.trade_date) AS quarter_name,
                       high_time,
                       low_time,
                       hour(high_time) AS high_hour,
                       hour(low_time) AS low_hour,
                       round(p_open, 2) AS prev_open,
                       round(p_high, 2) AS prev_high,
                       round(p_low, 2) AS prev_low,
                       round(p_high - p_low, 2) AS prev_range,
                       100 * (p_close - p2_close) / p2_close AS prev_change_pct,
                       p_volume AS prev_volume,
                       cd.close_time,
                       cd.holiday_name,
                       %2$s,
                       %3$s,
                       CASE WHEN p_close IS NULL OR open = p_close THEN NULL
                            WHEN (open > p_close AND low <= p_close) OR (open < p_close AND high >= p_close) THEN 1
                            ELSE 0 END AS gap_filled,
                       lv.gap_fill_minutes,
                       lv.gap_fill_time,
                       round(lv.overnight_high, 2) AS overnight_high,
                       round(lv.overnight_low, 2) AS overnight_low,
                       CAST(high > lv.overnight_high AS INTEGER) AS broke_overnight_high,
                       CAST(low < lv.overnight_low AS INTEGER) AS broke_overnight_low,
                       lv.overnight_high_break_minutes,
                       lv.overnight_low_break_minutes,
                       lv.overnight_high_break_time,
                       lv.overnight_low_break_time
                FROM linked l
                LEFT JOIN calendar_days cd ON cd.trade_date = l.trade_date
                LEFT JOIN session_levels lv ON lv.session = l.session AND lv.trade_date = l.trade_date
                ), coloured AS (
                    SELECT *, lag(is_green) OVER c AS p_green, lag(is_red) OVER c AS p_red
                    FROM enriched
                    WINDOW c AS (PARTITION BY session ORDER BY trade_date)
                ), runs AS (
                    SELECT *, sum(CASE WHEN is_green = p_green AND is_red = p_red THEN 0 ELSE 1 END)
                                  OVER (PARTITION BY session ORDER BY trade_date ROWS UNBOUNDED PRECEDING) AS run_group
                    FROM coloured
                )
                SELECT * EXCLUDE (p_green, p_red, run_group),
                       CASE WHEN is_green = 1 THEN row_number() OVER r ELSE 0 END AS green_streak,
                       CASE WHEN is_red = 1 THEN row_number() OVER r ELSE 0 END AS red_streak,
                       count(*) OVER (PARTITION BY session, run_group) AS run_length
                FROM runs
                WINDOW r AS (PARTITION BY session, run_group ORDER BY trade_date)
                ORDER BY session, trade_date
                """.formatted(shiftMinutes, flags, patterns, blockMinutes);
    }
}
