package barb.launcher;

import barb.embedded.SharedInfra;
import barb.executor.MarketDataStore;

import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The whole Barb stack against the test JVM's shared broker and database, with three years of synthetic data,
 * plus plain SQL over its market data for the independent checks of the end-to-end tests.
 */
final class TestStack {
    private TestStack() {
    }

    static BarbStack start(String name) throws Exception {
        Map<String, String> env = env(name);
        return BarbStack.start(LauncherConfig.fromEnv(env), env, EnumSet.allOf(BarbStack.Part.class),
                BarbStack.agentStages());
    }

    /**
     * Only a gateway, with extra settings (sign-in, say), over the same broker and database: the stages of a
     * stack from {@link #start} answer its requests, as a second gateway instance of one deployment would.
     */
    static BarbStack startGateway(String name, Map<String, String> settings) throws Exception {
        Map<String, String> env = env(name);
        env.putAll(settings);
        return BarbStack.start(LauncherConfig.fromEnv(env), env, EnumSet.of(BarbStack.Part.GATEWAY), Set.of());
    }

    private static Map<String, String> env(String name) {
        Map<String, String> env = new HashMap<>();
        env.put("BARB_KAFKA_BOOTSTRAP", SharedInfra.kafka().bootstrap());
        env.put("BARB_PG_URL", SharedInfra.postgres().jdbcUrl());
        env.put("BARB_PG_USER", SharedInfra.postgres().user());
        env.put("BARB_DATA_DIR", SharedInfra.tempDir(name).toString());
        env.put("BARB_DATA_FROM", "2021-11-01");
        env.put("BARB_DATA_TO", "2024-12-31");
        env.put("BARB_HTTP_PORT", "0");
        env.put("BARB_TOPIC_PARTITIONS", "3");
        return env;
    }

    static double scalar(MarketDataStore store, String sql) throws SQLException {
        return store.withConnection(c -> {
            try (Statement s = c.createStatement(); ResultSet rs = s.executeQuery(sql)) {
                rs.next();
                return rs.getDouble(1);
            }
        });
    }

    /** Rows as maps; dates come back as "YYYY-MM-DD" strings, like the executor's. */
    static List<Map<String, Object>> rows(MarketDataStore store, String sql) throws SQLException {
        return store.withConnection(c -> {
            List<Map<String, Object>> out = new ArrayList<>();
            try (Statement s = c.createStatement(); ResultSet rs = s.executeQuery(sql)) {
                int n = rs.getMetaData().getColumnCount();
                while (rs.next()) {
                    Map<String, Object> row = new HashMap<>();
                    for (int i = 1; i <= n; i++) {
                        Object v = rs.getObject(i);
                        row.put(rs.getMetaData().getColumnLabel(i),
                                v instanceof java.sql.Date || v instanceof java.time.LocalDate ? v.toString() : v);
                    }
                    out.add(row);
                }
            }
            return out;
        });
    }
}
