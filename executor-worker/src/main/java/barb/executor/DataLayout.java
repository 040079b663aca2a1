package barb.executor;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.LocalTime;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * Where a plan's session-day rows come from in the loaded data, and which columns they have.
 *
 * <ul>
 *   <li>{@code TABLE}: a derived table — {@code session_days} (one row per session and trade_date, filtered by
 *       {@code session = ?}) when it exists, otherwise {@code daily} (ETH) or {@code daily_rth} (RTH).</li>
 *   <li>{@code MINUTES}: aggregated on the fly from {@code bars}, for a time-of-day window or a session no derived
 *       table holds. Event flags then come from {@code flagsTable} by trade_date.</li>
 * </ul>
 *
 * @param table         the derived table (TABLE), or the table the period's ends are read from (MINUTES)
 * @param bySession     the table has a {@code session} column to filter on
 * @param columns       columns of a session-day row
 * @param flagsTable    MINUTES: the table event flags are joined from, or null
 * @param flagsSession  MINUTES: the session of {@code flagsTable} rows to join, when it has one
 * @param flagColumns   MINUTES: the flag columns available from {@code flagsTable}
 * @param window        the session's time window: from the data's {@code sessions} table when it has one, else
 *                      the vocabulary's NQ default
 * @param blockMinutes  MINUTES: the length of the stored {@code minute_blocks}, 0 when there are none; windows whose
 *                      bounds fall on block bounds are folded from blocks instead of minutes
 */
record DataLayout(Mode mode, String table, boolean bySession, Set<String> columns, String flagsTable,
                  String flagsSession, List<String> flagColumns, PlanVocabulary.SessionWindow window,
                  int blockMinutes) {

    DataLayout(Mode mode, String table, boolean bySession, Set<String> columns, String flagsTable,
               String flagsSession, List<String> flagColumns, PlanVocabulary.SessionWindow window) {
        this(mode, table, bySession, columns, flagsTable, flagsSession, flagColumns, window, 0);
    }

    static final String SESSION_DAYS = "session_days";

    enum Mode { TABLE, MINUTES }

    DataLayout {
        columns = Set.copyOf(columns);
        flagColumns = flagColumns == null ? List.of() : List.copyOf(flagColumns);
    }

    /** The layout of the issue-2 tables, used when nothing else is known (compiler tests). */
    static DataLayout dailyTables(String session) {
        String table = session.equals("RTH") ? DerivedTables.DAILY_RTH : DerivedTables.DAILY;
        Set<String> columns = new HashSet<>(List.of("trade_date", "open", "high", "low", "close", "volume", "bars",
                "range", "range_pct", "body", "body_pct", "upper_wick", "lower_wick", "prev_close", "change",
                "change_pct", "gap", "gap_pct", "is_green", "is_red", "is_inside", "is_outside", "weekday",
                "weekday_name", "month", "month_name", "year", "high_time", "low_time", "high_hour", "low_hour"));
        return new DataLayout(Mode.TABLE, table, false, columns, null, null, List.of(),
                PlanVocabulary.SESSIONS.get(session));
    }

    /**
     * Picks the source for {@code session} (and a time-of-day window, which always needs the minute bars) from
     * what the connection holds. Returns null when there is nothing to read.
     */
    static DataLayout detect(Connection c, String session, boolean timeWindow) throws SQLException {
        boolean sessionDays = MarketDataStore.tableExists(c, SESSION_DAYS);
        PlanVocabulary.SessionWindow window = window(c, session);
        if (!timeWindow) {
            if (sessionDays && (session.equals("ETH") || session.equals("RTH"))) {
                // daily / daily_rth are copies of one session of session_days, a seventeenth of its rows: a plan
                // over them reads less and needs no session filter. Used when they hold every column.
                String table = session.equals("RTH") ? DerivedTables.DAILY_RTH : DerivedTables.DAILY;
                if (MarketDataStore.tableExists(c, table)) {
                    Set<String> copy = columns(c, table);
                    Set<String> all = new HashSet<>(columns(c, SESSION_DAYS));
                    all.remove("session");
                    if (copy.containsAll(all)) {
                        return new DataLayout(Mode.TABLE, table, false, copy, null, null, null, window);
                    }
                }
            }
            if (sessionDays && hasSession(c, session)) {
                return new DataLayout(Mode.TABLE, SESSION_DAYS, true, columns(c, SESSION_DAYS), null, null, null,
                        window);
            }
            if (!sessionDays && (session.equals("ETH") || session.equals("RTH"))) {
                String table = session.equals("RTH") ? DerivedTables.DAILY_RTH : DerivedTables.DAILY;
                if (MarketDataStore.tableExists(c, table)) {
                    return new DataLayout(Mode.TABLE, table, false, columns(c, table), null, null, null, window);
                }
            }
        }
        if (!MarketDataStore.tableExists(c, "bars")) {
            return null;
        }
        String flagsTable = sessionDays ? SESSION_DAYS
                : MarketDataStore.tableExists(c, DerivedTables.DAILY) ? DerivedTables.DAILY : null;
        String flagsSession = null;
        List<String> flags = List.of();
        if (flagsTable != null) {
            Set<String> flagTableColumns = columns(c, flagsTable);
            flags = PlanVocabulary.FLAG_COLUMNS.stream().filter(flagTableColumns::contains).toList();
            if (flagsTable.equals(SESSION_DAYS)) {
                flagsSession = hasSession(c, "ETH") ? "ETH" : anySession(c);
            }
        }
        Set<String> columns = new HashSet<>(PlanVocabulary.MINUTE_COLUMNS);
        columns.addAll(flags);
        for (String pattern : DerivedTables.PATTERNS.keySet()) {
            columns.add("is_" + pattern);
        }
        String periodTable = flagsTable == null ? "bars" : flagsTable;
        return new DataLayout(Mode.MINUTES, periodTable, flagsSession != null && periodTable.equals(SESSION_DAYS),
                columns, flagsTable, flagsSession, flags, window, blockMinutes(c));
    }

    private static int blockMinutes(Connection c) throws SQLException {
        if (!MarketDataStore.tableExists(c, DerivedTables.MINUTE_BLOCKS) || !MarketDataStore.tableExists(c, "block_size")) {
            return 0;
        }
        try (PreparedStatement ps = c.prepareStatement("SELECT minutes FROM block_size");
             ResultSet rs = ps.executeQuery()) {
            return rs.next() ? rs.getInt(1) : 0;
        }
    }

    private static PlanVocabulary.SessionWindow window(Connection c, String session) throws SQLException {
        if (MarketDataStore.tableExists(c, "sessions")) {
            try (PreparedStatement ps = c.prepareStatement(
                    "SELECT start_time, end_time FROM sessions WHERE session = ?")) {
                ps.setString(1, session);
                try (ResultSet rs = ps.executeQuery()) {
                    if (rs.next()) {
                        return new PlanVocabulary.SessionWindow(rs.getObject(1, LocalTime.class),
                                rs.getObject(2, LocalTime.class));
                    }
                }
            }
        }
        return PlanVocabulary.SESSIONS.get(session);
    }

    private static boolean hasSession(Connection c, String session) throws SQLException {
        try (PreparedStatement ps = c.prepareStatement("SELECT 1 FROM session_days WHERE session = ? LIMIT 1")) {
            ps.setString(1, session);
            try (ResultSet rs = ps.executeQuery()) {
                return rs.next();
            }
        }
    }

    private static String anySession(Connection c) throws SQLException {
        try (PreparedStatement ps = c.prepareStatement("SELECT min(session) FROM session_days");
             ResultSet rs = ps.executeQuery()) {
            return rs.next() ? rs.getString(1) : null;
        }
    }

    static Set<String> columns(Connection c, String table) throws SQLException {
        Set<String> out = new HashSet<>();
        try (PreparedStatement ps = c.prepareStatement("SELECT column_name FROM information_schema.columns "
                + "WHERE table_schema = 'main' AND table_name = ?")) {
            ps.setString(1, table);
            try (ResultSet rs = ps.executeQuery()) {
                while (rs.next()) {
                    out.add(rs.getString(1));
                }
            }
        }
        return out;
    }
}
