package barb.executor;

import org.duckdb.DuckDBConnection;
import org.duckdb.DuckDBDriver;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentLinkedQueue;

/**
 * Owns one DuckDB file: the minute bars ({@code bars}), their provenance ({@code meta}) and the tables derived
 * from them ({@code session_days}, {@code daily}, {@code daily_rth}, {@code calendar_days}, {@code sessions}).
 *
 * <p>Only one process can open a DuckDB file, so this object is the single owner inside the JVM. A DuckDB
 * connection must never be used by two threads at once; {@link #withConnection} lends each caller its own
 * {@code duplicate()} of the main connection and takes it back afterwards. A pool rather than a ThreadLocal,
 * because stage handlers run on virtual threads and a ThreadLocal would open one connection per request.
 */
public final class MarketDataStore implements AutoCloseable {
    /** The minute bars table, ET wall-clock time; written by the generator and the importer alike. */
    static final String BARS_DDL = "CREATE OR REPLACE TABLE bars (ts TIMESTAMP NOT NULL, open DOUBLE NOT NULL, "
            + "high DOUBLE NOT NULL, low DOUBLE NOT NULL, close DOUBLE NOT NULL, volume BIGINT NOT NULL)";
    private static final Object NULL = new Object();
    private final java.util.concurrent.ConcurrentHashMap<String, Object> catalogCache =
            new java.util.concurrent.ConcurrentHashMap<>();
    private static final Logger log = LoggerFactory.getLogger(MarketDataStore.class);

    /** Prepared statements per pooled connection; only the thread holding the connection touches its map. */
    private final java.util.concurrent.ConcurrentHashMap<Connection, Map<String, PreparedStatement>> statements =
            new java.util.concurrent.ConcurrentHashMap<>();
    private static final int STATEMENTS_PER_CONNECTION = 256;

    private final Path file;
    private final DuckDBConnection main;
    private final ConcurrentLinkedQueue<DuckDBConnection> idle = new ConcurrentLinkedQueue<>();
    private final List<DuckDBConnection> all = new ArrayList<>();
    private volatile boolean closed;

    /** A piece of work that needs a connection for its duration. */
    @FunctionalInterface
    public interface ConnectionWork<T> {
        T run(Connection connection) throws SQLException;
    }

    private MarketDataStore(Path file, DuckDBConnection main) {
        this.file = file;
        this.main = main;
    }

    /** Opens (or creates) the DuckDB file; its parent folder is created when missing. */
    public static MarketDataStore open(Path file) throws SQLException {
        try {
            Path parent = file.toAbsolutePath().getParent();
            if (parent != null) {
                Files.createDirectories(parent);
            }
        } catch (java.io.IOException e) {
            throw new SQLException("cannot create the folder of " + file, e);
        }
        Connection c = DriverManager.getConnection("jdbc:duckdb:" + file.toAbsolutePath());
        log.info("opened market data {}", file.toAbsolutePath());
        return new MarketDataStore(file, c.unwrap(DuckDBConnection.class));
    }

    /**
     * Opens an existing DuckDB file for reading only. Any number of processes may do so at once (each executor
     * of a scaled-out layout on one machine), as long as none holds it for writing; temporary tables still work.
     */
    public static MarketDataStore openReadOnly(Path file) throws SQLException {
        java.util.Properties read = new java.util.Properties();
        read.setProperty(DuckDBDriver.DUCKDB_READONLY_PROPERTY, "true");
        Connection c = DriverManager.getConnection("jdbc:duckdb:" + file.toAbsolutePath(), read);
        log.info("opened market data {} read-only", file.toAbsolutePath());
        return new MarketDataStore(file, c.unwrap(DuckDBConnection.class));
    }

    public Path file() {
        return file;
    }

    /** Runs {@code work} on a connection no other thread is using at the same time. */
    public <T> T withConnection(ConnectionWork<T> work) throws SQLException {
        if (closed) {
            throw new SQLException("market data store " + file + " is closed");
        }
        DuckDBConnection c = idle.poll();
        if (c == null) {
            c = newConnection();
        }
        try {
            return work.run(c);
        } finally {
            if (closed) {
                closeQuietly(c);
            } else {
                idle.offer(c);
            }
        }
    }

    private DuckDBConnection newConnection() throws SQLException {
        synchronized (all) {
            DuckDBConnection c = main.duplicate();
            all.add(c);
            return c;
        }
    }

    /**
     * True when a finished load is present: minute bars plus the {@code meta} table, which a load writes last
     * (so a generation killed halfway reads as "no data" and is simply redone).
     */
    public boolean hasData() throws SQLException {
        return withConnection(c -> tableExists(c, "bars") && tableExists(c, "meta")
                && scalarLong(c, "SELECT count(*) FROM bars") > 0);
    }

    /**
     * True when the derived tables of the current layout ({@link DerivedTables#VERSION}) exist (they are built by
     * {@link #buildDerivedTables()}); a file built by an older Barb reads as "rebuild needed".
     */
    public boolean hasDerivedTables() throws SQLException {
        return withConnection(c -> {
            for (String table : List.of(DerivedTables.DAILY, DerivedTables.DAILY_RTH, DerivedTables.SESSION_DAYS,
                    DerivedTables.CALENDAR_DAYS, DerivedTables.SESSIONS, DerivedTables.VERSION_TABLE)) {
                if (!tableExists(c, table)) {
                    return false;
                }
            }
            return scalarLong(c, "SELECT max(version) FROM " + DerivedTables.VERSION_TABLE) == DerivedTables.VERSION;
        });
    }

    /** What data is loaded: its source, span and size. Throws when there is no data. */
    public DataInfo info() throws SQLException {
        return withConnection(c -> {
            if (!tableExists(c, "bars")) {
                throw new SQLException("no market data in " + file + ": table bars is missing");
            }
            String source = tableExists(c, "meta") ? metaValue(c, "source") : null;
            String version = tableExists(c, "meta") ? metaValue(c, "generator_version") : null;
            try (Statement s = c.createStatement();
                 ResultSet rs = s.executeQuery("""
                         SELECT CAST(min(ts + INTERVAL 6 HOUR) AS DATE), CAST(max(ts + INTERVAL 6 HOUR) AS DATE),
                                count(*), count(DISTINCT CAST(ts + INTERVAL 6 HOUR AS DATE))
                         FROM bars""")) {
                rs.next();
                return new DataInfo(source == null ? DataInfo.IMPORTED : source, version,
                        rs.getObject(1, LocalDate.class), rs.getObject(2, LocalDate.class), rs.getLong(3),
                        rs.getLong(4));
            }
        });
    }

    /**
     * The provenance written by the last load ({@code source}, {@code generator_version} …), or null when there is
     * none. Reads only the small {@code meta} table, unlike {@link #info()}, which scans the bars.
     */
    public String meta(String key) throws SQLException {
        return withConnection(c -> tableExists(c, "meta") ? metaValue(c, key) : null);
    }

    /** The data source label shown with every result: "synthetic" or "imported". */
    String dataSource(Connection c) throws SQLException {
        return cached(c, "data_source", cc -> {
            String source = tableExists(cc, "meta") ? metaValue(cc, "source") : null;
            return source == null ? DataInfo.IMPORTED : source;
        });
    }

    /**
     * Facts about the loaded tables (which exist, their columns, session windows, date bounds) change only when
     * the data is rebuilt; asking DuckDB's catalog for them on every plan cost more than most plans themselves.
     * Cleared by {@link #buildDerivedTables()} and {@link #invalidateCatalogCache()}.
     */
    <T> T cached(Connection c, String key, ConnectionWork<T> compute) throws SQLException {
        Object hit = catalogCache.get(key);
        if (hit != null) {
            @SuppressWarnings("unchecked")
            T value = hit == NULL ? null : (T) hit;
            return value;
        }
        T value = compute.run(c);
        catalogCache.put(key, value == null ? NULL : value);
        return value;
    }

    /** Forgets the cached catalog facts and prepared statements; call after changing tables by hand. */
    public void invalidateCatalogCache() {
        catalogCache.clear();
        for (Map<String, PreparedStatement> cache : statements.values()) {
            synchronized (cache) {
                cache.values().forEach(MarketDataStore::closeQuietly);
                cache.clear();
            }
        }
    }

    /**
     * A prepared statement of this connection, kept for reuse: planning a statement costs DuckDB about as much as
     * running a small one (measured: 5.5 ms prepared each time, 2.5 ms reused). The caller binds every parameter
     * and must not close it.
     */
    PreparedStatement prepared(Connection c, String sql) throws SQLException {
        Map<String, PreparedStatement> cache = statements.computeIfAbsent(c, k -> new LinkedHashMap<>(64, 0.75f, true) {
            @Override
            protected boolean removeEldestEntry(Map.Entry<String, PreparedStatement> eldest) {
                if (size() <= STATEMENTS_PER_CONNECTION) {
                    return false;
                }
                closeQuietly(eldest.getValue());
                return true;
            }
        });
        synchronized (cache) {
            PreparedStatement ps = cache.get(sql);
            if (ps == null || ps.isClosed()) {
                ps = c.prepareStatement(sql);
                cache.put(sql, ps);
            }
            return ps;
        }
    }

    private static void closeQuietly(PreparedStatement ps) {
        try {
            ps.close();
        } catch (SQLException e) {
            log.debug("closing a cached statement failed: {}", e.getMessage());
        }
    }

    /**
     * (Re)builds the derived tables from {@code bars}: {@code sessions}, {@code calendar_days},
     * {@code session_days} (every session of the instrument named in {@code meta}, NQ by default), {@code daily}
     * (= ETH) and {@code daily_rth} (= RTH). Run after every load.
     */
    public void buildDerivedTables() throws SQLException {
        long start = System.nanoTime();
        invalidateCatalogCache();
        withConnection(c -> {
            DerivedTables.build(c);
            return null;
        });
        invalidateCatalogCache();
        log.info("built session_days, daily and daily_rth in {} ms", (System.nanoTime() - start) / 1_000_000);
    }

    static boolean tableExists(Connection c, String table) throws SQLException {
        try (var ps = c.prepareStatement(
                "SELECT count(*) FROM information_schema.tables WHERE table_schema = 'main' AND table_name = ?")) {
            ps.setString(1, table);
            try (ResultSet rs = ps.executeQuery()) {
                rs.next();
                return rs.getLong(1) > 0;
            }
        }
    }

    static String metaValue(Connection c, String key) throws SQLException {
        try (var ps = c.prepareStatement("SELECT value FROM meta WHERE key = ?")) {
            ps.setString(1, key);
            try (ResultSet rs = ps.executeQuery()) {
                return rs.next() ? rs.getString(1) : null;
            }
        }
    }

    static long scalarLong(Connection c, String sql) throws SQLException {
        try (Statement s = c.createStatement(); ResultSet rs = s.executeQuery(sql)) {
            rs.next();
            return rs.getLong(1);
        }
    }

    @Override
    public void close() {
        closed = true;
        synchronized (all) {
            for (DuckDBConnection c : all) {
                closeQuietly(c);
            }
            all.clear();
        }
        idle.clear();
        closeQuietly(main);
        log.info("closed market data {}", file.toAbsolutePath());
    }

    private static void closeQuietly(Connection c) {
        try {
            c.close();
        } catch (SQLException e) {
            log.warn("closing a DuckDB connection failed: {}", e.getMessage());
        }
    }
}
