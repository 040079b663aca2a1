package barb.executor;

import barb.core.Json;

import java.io.IOException;
import java.io.InputStream;
import java.time.LocalTime;
import java.time.ZoneId;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.regex.Pattern;

/**
 * A futures contract as data: tick, trading day, sessions, holiday calendar and event calendar, loaded from
 * {@code instruments/<SYMBOL>.json} on the class path. Adding ES, YM or RTY is adding a file, not code.
 *
 * <p>All times are exchange wall-clock time in {@link #timezone()} (ET for the CME equity-index contracts). A
 * trading day runs from {@link #tradingDayStart()} of the previous calendar day to {@link #tradingDayEnd()};
 * the gap between them is the daily maintenance break.
 */
public record Instrument(String symbol, String name, String exchange, double tickSize, double tickValue,
                         ZoneId timezone, LocalTime tradingDayStart, LocalTime tradingDayEnd,
                         LocalTime maintenanceStart, LocalTime maintenanceEnd, String defaultSession,
                         Sessions sessions, TradingCalendar calendar, EventCalendar events) {
    /** The contracts shipped with the executor. */
    public static final List<String> SYMBOLS = List.of("NQ", "ES", "YM", "RTY");
    private static final Pattern SYMBOL = Pattern.compile("[A-Z0-9]{1,10}");
    private static final Map<String, Instrument> CACHE = new ConcurrentHashMap<>();

    record InstrumentFile(String symbol, String name, String exchange, Double tickSize, Double tickValue,
                          String timezone, LocalTime tradingDayStart, LocalTime tradingDayEnd, Maintenance maintenance,
                          String defaultSession, String calendar, List<SessionFile> sessions) {
    }

    record Maintenance(LocalTime start, LocalTime end) {
    }

    record SessionFile(String name, LocalTime start, LocalTime end, String description) {
    }

    /** NQ, the default instrument. */
    public static Instrument nq() {
        return load("NQ");
    }

    /** The instrument with this symbol (any case); unknown symbols are an error naming the known ones. */
    public static Instrument load(String symbol) {
        String key = symbol == null ? "" : symbol.trim().toUpperCase(Locale.ROOT);
        if (!SYMBOL.matcher(key).matches()) {
            throw new IllegalArgumentException("not an instrument symbol: '" + symbol + "'");
        }
        return CACHE.computeIfAbsent(key, Instrument::read);
    }

    private static Instrument read(String symbol) {
        String path = "instruments/" + symbol + ".json";
        try (InputStream in = Instrument.class.getClassLoader().getResourceAsStream(path)) {
            if (in == null) {
                throw new IllegalArgumentException("unknown instrument '" + symbol + "' (known: "
                        + String.join(", ", SYMBOLS) + ")");
            }
            return from(Json.fromBytes(in.readAllBytes(), InstrumentFile.class));
        } catch (IOException e) {
            throw new IllegalStateException("cannot read " + path, e);
        }
    }

    static Instrument from(InstrumentFile f) {
        String where = "instrument " + (f.symbol() == null ? "?" : f.symbol());
        require(f.symbol() != null && SYMBOL.matcher(f.symbol()).matches(), where + ": symbol");
        require(f.tickSize() != null && f.tickSize() > 0, where + ": tick_size must be > 0");
        require(f.tickValue() != null && f.tickValue() > 0, where + ": tick_value must be > 0");
        require(f.timezone() != null, where + ": timezone is required");
        require(f.tradingDayStart() != null && f.tradingDayEnd() != null, where + ": trading_day_start/end are required");
        require(f.maintenance() != null && f.tradingDayEnd().equals(f.maintenance().start())
                && f.tradingDayStart().equals(f.maintenance().end()),
                where + ": the maintenance break must run from trading_day_end to trading_day_start");
        require(f.calendar() != null, where + ": calendar is required");
        require(f.sessions() != null && !f.sessions().isEmpty(), where + ": sessions are required");
        List<SessionSpec> specs = new ArrayList<>();
        for (SessionFile s : f.sessions()) {
            SessionSpec spec = new SessionSpec(s.name(), s.start(), s.end(), s.description());
            int dayLength = minutesFrom(f.tradingDayStart(), f.tradingDayEnd());
            int startPos = minutesFrom(f.tradingDayStart(), spec.start());
            int endPos = minutesFrom(f.tradingDayStart(), spec.end());
            require(startPos < dayLength && endPos <= dayLength && startPos < endPos,
                    where + ": session " + spec.name() + " (" + spec.window() + ") must lie inside the trading day "
                            + f.tradingDayStart() + "–" + f.tradingDayEnd());
            specs.add(spec);
        }
        Sessions sessions = new Sessions(specs);
        String defaultSession = f.defaultSession() == null ? sessions.names().getFirst() : f.defaultSession();
        require(sessions.contains(defaultSession), where + ": default_session " + defaultSession + " is not a session");
        TradingCalendar calendar = TradingCalendar.load(f.calendar(), f.tradingDayStart(), f.tradingDayEnd());
        return new Instrument(f.symbol(), f.name(), f.exchange(), f.tickSize(), f.tickValue(), ZoneId.of(f.timezone()),
                f.tradingDayStart(), f.tradingDayEnd(), f.maintenance().start(), f.maintenance().end(),
                defaultSession, sessions, calendar, EventCalendar.load(calendar));
    }

    /** Minutes from the trading-day start to {@code time} (18:00 → 0, 09:30 → 930, 17:00 → 1380). */
    private static int minutesFrom(LocalTime dayStart, LocalTime time) {
        return Math.floorMod(time.toSecondOfDay() / 60 - dayStart.toSecondOfDay() / 60, 1440);
    }

    private static void require(boolean ok, String message) {
        if (!ok) {
            throw new IllegalArgumentException(message);
        }
    }

    /** Minutes from the trading-day start back to midnight: the trading day of a bar is the date of ts + this. */
    public int tradeDateShiftMinutes() {
        return 1440 - tradingDayStart.toSecondOfDay() / 60;
    }

    /** Minutes in a regular trading day (1,380 for 18:00 → 17:00). */
    public int tradingDayMinutes() {
        return minutesFrom(tradingDayStart, tradingDayEnd);
    }

    /** Position of a wall-clock minute inside the trading day (18:00 → 0). */
    public int positionInTradingDay(LocalTime time) {
        return minutesFrom(tradingDayStart, time);
    }
}
