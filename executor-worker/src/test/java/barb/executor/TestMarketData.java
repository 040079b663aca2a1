package barb.executor;

import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.List;

/**
 * One small synthetic history (2022-12-01 → 2024-12-31, about 740k bars) generated once per test JVM and
 * shared by the test classes, plus helpers to ask it independent questions.
 */
final class TestMarketData {
    static final LocalDate FROM = LocalDate.of(2022, 12, 1);
    static final LocalDate TO = LocalDate.of(2024, 12, 31);

    private static MarketDataStore store;
    static final List<String> progress = new ArrayList<>();

    private TestMarketData() {
    }

    static synchronized MarketDataStore store() {
        if (store != null) {
            return store;
        }
        try {
            Path dir = Files.createTempDirectory("barb-executor-test");
            store = MarketDataStore.open(dir.resolve("nq.duckdb"));
            SyntheticHistory.generate(store, FROM, TO, (done, total, step) -> progress.add(done + "/" + total + " " + step));
            store.buildDerivedTables();
            Runtime.getRuntime().addShutdownHook(new Thread(store::close));
            return store;
        } catch (Exception e) {
            throw new IllegalStateException("cannot generate the test market data", e);
        }
    }

    /** Runs an independent check query on the shared store and returns its rows as lists of objects. */
    static List<List<Object>> rows(String sql, Object... params) {
        try {
            return store().withConnection(c -> {
                try (PreparedStatement ps = c.prepareStatement(sql)) {
                    for (int i = 0; i < params.length; i++) {
                        ps.setObject(i + 1, params[i]);
                    }
                    try (ResultSet rs = ps.executeQuery()) {
                        List<List<Object>> out = new ArrayList<>();
                        int n = rs.getMetaData().getColumnCount();
                        while (rs.next()) {
                            List<Object> row = new ArrayList<>();
                            for (int i = 1; i <= n; i++) {
                                row.add(rs.getObject(i));
                            }
                            out.add(row);
                        }
                        return out;
                    }
                }
            });
        } catch (SQLException e) {
            throw new IllegalStateException(e);
        }
    }

    static Object scalar(String sql, Object... params) {
        return rows(sql, params).getFirst().getFirst();
    }

    static long count(String sql, Object... params) {
        return ((Number) scalar(sql, params)).longValue();
    }

    static double number(String sql, Object... params) {
        return ((Number) scalar(sql, params)).doubleValue();
    }

    /**
     * Independent daily bars straight from the minute bars (not from the derived tables): trade_date, open,
     * high, low, close, volume, bars for sessions whose minutes satisfy {@code timeFilter}.
     */
    static String dailyFromBars(String timeFilter) {
        return """
                (SELECT CAST(ts + INTERVAL 6 HOUR AS DATE) AS d, arg_min(open, ts) AS o, max(high) AS h,
                        min(low) AS l, arg_max(close, ts) AS c, sum(volume) AS v, count(*) AS n
                 FROM bars WHERE %s GROUP BY 1)""".formatted(timeFilter);
    }

    static final String ALL = "TRUE";
    static final String RTH = "CAST(ts AS TIME) >= TIME '09:30' AND CAST(ts AS TIME) < TIME '17:00'";
}
