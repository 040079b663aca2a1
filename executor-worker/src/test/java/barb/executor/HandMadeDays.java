package barb.executor;

import barb.core.Json;
import barb.core.Plan;

import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.LocalTime;

/**
 * A DuckDB store whose {@code session_days} table is written by hand, so every operation can be checked against
 * numbers worked out on paper. The RTH rows are the predecessor's {@code sample_df} (trading-agent-spec §15.1):
 * 20 days from 2024-01-01, open 100+i, high 105+i, low 95+i, close 102+i, and the listed change / range / gap
 * values. ETH repeats them with twice the range. MORNING holds {@code grouped_df}, AFTERNOON {@code around_df}.
 * Every row has 450 bars.
 */
final class HandMadeDays {
    static final double[] CHANGE = {0.5, -0.3, 0.8, -0.2, 1.0, -0.5, 0.3, 0.7, -0.4, 0.2, -0.1, 0.6, -0.8, 0.4, -0.3,
            0.9, -0.6, 0.1, 0.5, -0.2};
    static final double[] RANGE = {10, 12, 8, 15, 9, 11, 13, 7, 14, 10, 11, 9, 12, 8, 13, 10, 14, 11, 9, 12};
    static final double[] GAP = {0.2, -0.1, 0.5, -0.3, 0.1, 0.4, -0.2, 0.3, -0.1, 0.2, -0.4, 0.1, 0.3, -0.2, 0.5, -0.1,
            0.2, 0.4, -0.3, 0.1};
    static final double[] GROUPED_CHANGE = {1, -1, 1, -1, 1, 2, -2, 2, -2, 2};
    static final double[] AROUND_CHANGE = {0.5, -0.3, 0.8, -0.2, 1.0, -0.5, 0.3, 0.7, -0.4, 0.2};
    static final LocalDate DAY0 = LocalDate.of(2024, 1, 1);

    private static MarketDataStore store;

    private HandMadeDays() {
    }

    static synchronized MarketDataStore store() {
        if (store != null) {
            return store;
        }
        try {
            Path dir = Files.createTempDirectory("barb-hand-made");
            store = MarketDataStore.open(dir.resolve("hand.duckdb"));
            store.withConnection(c -> {
                try (Statement s = c.createStatement()) {
                    s.execute("""
                            CREATE TABLE session_days (session VARCHAR, trade_date DATE, open DOUBLE, high DOUBLE,
                              low DOUBLE, close DOUBLE, volume BIGINT, range DOUBLE, change_pct DOUBLE, gap DOUBLE,
                              gap_pct DOUBLE, is_green INTEGER, is_red INTEGER, weekday INTEGER, weekday_name VARCHAR,
                              month INTEGER, month_name VARCHAR, year INTEGER, change DOUBLE, is_fomc INTEGER,
                              is_opex INTEGER, is_day_before_holiday INTEGER, is_doji INTEGER, is_hammer INTEGER,
                              high_time TIMESTAMP, low_time TIMESTAMP)""");
                }
                try (PreparedStatement ps = c.prepareStatement("INSERT INTO session_days VALUES "
                        + "(?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)")) {
                    for (int i = 0; i < 20; i++) {
                        insert(ps, "RTH", i, CHANGE[i], RANGE[i], GAP[i], i % 5 + 1);
                        insert(ps, "ETH", i, CHANGE[i], 2 * RANGE[i], GAP[i], i % 5 + 1);
                    }
                    for (int i = 0; i < 10; i++) {
                        insert(ps, "MORNING", i, GROUPED_CHANGE[i], 10, 0.1, i / 2 + 1);
                        insert(ps, "AFTERNOON", i, AROUND_CHANGE[i], 10, 0.1, i % 5 + 1);
                    }
                    ps.executeBatch();
                }
                try (Statement s = c.createStatement()) {
                    // minute bars per session-day, which week and month rows add up
                    s.execute("ALTER TABLE session_days ADD COLUMN bars BIGINT DEFAULT 450");
                }
                return null;
            });
            Runtime.getRuntime().addShutdownHook(new Thread(store::close));
            return store;
        } catch (Exception e) {
            throw new IllegalStateException("cannot write the hand-made session days", e);
        }
    }

    /** The minute (after 09:30) at which day i set its high: spread over the RTH session. */
    static int highMinute(int i) {
        return (i * 37) % 450;
    }

    private static void insert(PreparedStatement ps, String session, int i, double change, double range, double gap,
                               int weekday) throws SQLException {
        LocalDate d = DAY0.plusDays(i);
        int k = 1;
        ps.setString(k++, session);
        ps.setObject(k++, d);
        ps.setDouble(k++, 100 + i);
        ps.setDouble(k++, 105 + i);
        ps.setDouble(k++, 95 + i);
        ps.setDouble(k++, 102 + i);
        ps.setLong(k++, 1_000_000 + 10_000L * i);
        ps.setDouble(k++, range);
        ps.setDouble(k++, change);
        ps.setDouble(k++, gap);
        ps.setDouble(k++, gap);
        ps.setInt(k++, change > 0 ? 1 : 0);
        ps.setInt(k++, change < 0 ? 1 : 0);
        ps.setInt(k++, weekday);
        ps.setString(k++, PlanVocabulary.WEEKDAYS.get(weekday - 1));
        ps.setInt(k++, 1);
        ps.setString(k++, "January");
        ps.setInt(k++, 2024);
        ps.setDouble(k++, change);
        ps.setInt(k++, i == 2 || i == 9 ? 1 : 0);
        ps.setInt(k++, i == 14 ? 1 : 0);
        ps.setInt(k++, i == 5 ? 1 : 0);
        ps.setInt(k++, i == 1 || i == 11 ? 1 : 0);
        ps.setInt(k++, i == 11 || i == 16 ? 1 : 0);
        ps.setObject(k++, LocalDateTime.of(d, LocalTime.of(9, 30)).plusMinutes(highMinute(i)));
        ps.setObject(k, LocalDateTime.of(d, LocalTime.of(9, 30)).plusMinutes((i * 53) % 450));
        ps.addBatch();
    }

    /** A plan from its JSON (the planner's wire format). */
    static Plan plan(String json) {
        return Json.fromString(json, Plan.class);
    }

    static PlanExecutor executor() {
        return new PlanExecutor(store());
    }

    static String day(int i) {
        return DAY0.plusDays(i).toString();
    }
}
