package barb.executor;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.time.LocalDate;

import static barb.executor.TestMarketData.count;
import static barb.executor.TestMarketData.number;
import static barb.executor.TestMarketData.rows;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class SyntheticHistoryTest {
    private static final String CHECKSUM = """
            SELECT count(*), sum(hash(ts, open, high, low, close, volume)) FROM bars
            WHERE ts >= CAST(? AS TIMESTAMP) AND ts < CAST(? AS TIMESTAMP)""";

    @Test
    void sameRangeGivesIdenticalBarsAndASubRangeMatchesTheLongerHistory(@TempDir Path dir) throws Exception {
        LocalDate from = LocalDate.of(2023, 3, 1);
        LocalDate to = LocalDate.of(2023, 4, 28);
        Object[] first;
        Object[] second;
        try (MarketDataStore a = MarketDataStore.open(dir.resolve("a.duckdb"));
             MarketDataStore b = MarketDataStore.open(dir.resolve("b.duckdb"))) {
            SyntheticHistory.generate(a, from, to, null);
            SyntheticHistory.generate(b, from, to, null);
            first = checksum(a, "2023-02-28 18:00", "2023-04-28 18:00");
            second = checksum(b, "2023-02-28 18:00", "2023-04-28 18:00");
        }
        assertThat(((Number) first[0]).longValue()).isGreaterThan(40_000);
        assertThat(second).containsExactly(first);
        // The same days inside the shared 2022-12 → 2024-12 history carry exactly the same bars.
        TestMarketData.store();
        Object[] inLongHistory = rows(CHECKSUM, "2023-02-28 18:00", "2023-04-28 18:00").getFirst().toArray();
        assertThat(inLongHistory).containsExactly(first);
    }

    private static Object[] checksum(MarketDataStore store, String from, String to) throws Exception {
        return store.withConnection(c -> {
            try (var ps = c.prepareStatement(CHECKSUM)) {
                ps.setString(1, from);
                ps.setString(2, to);
                try (var rs = ps.executeQuery()) {
                    rs.next();
                    return new Object[]{rs.getObject(1), rs.getObject(2)};
                }
            }
        });
    }

    @Test
    void barsAreConsistentOhlcOnTheTickGrid() {
        assertThat(count("SELECT count(*) FROM bars")).isGreaterThan(700_000);
        assertThat(count("""
                SELECT count(*) FROM bars
                WHERE high < greatest(open, close) OR low > least(open, close) OR high < low OR volume < 0
                   OR low <= 0""")).isZero();
        assertThat(count("""
                SELECT count(*) FROM bars
                WHERE open * 4 <> round(open * 4) OR high * 4 <> round(high * 4)
                   OR low * 4 <> round(low * 4) OR close * 4 <> round(close * 4)""")).isZero();
        assertThat(count("SELECT count(*) FROM (SELECT ts FROM bars GROUP BY ts HAVING count(*) > 1)")).isZero();
    }

    @Test
    void barsLieOnlyInGlobexHours() {
        assertThat(count("SELECT count(*) FROM bars WHERE hour(ts) = 17")).isZero();
        assertThat(count("SELECT count(*) FROM bars WHERE isodow(ts) = 6")).isZero();
        assertThat(count("SELECT count(*) FROM bars WHERE isodow(ts) = 5 AND hour(ts) >= 17")).isZero();
        assertThat(count("SELECT count(*) FROM bars WHERE isodow(ts) = 7 AND hour(ts) < 18")).isZero();
        // A regular trading day is a whole 18:00 → 17:00 session on a weekday; holiday halts and early closes
        // end it sooner (checked day by day in GeneratedDataPropertiesTest).
        assertThat(rows("""
                SELECT DISTINCT n FROM (SELECT count(*) AS n FROM bars GROUP BY CAST(ts + INTERVAL 6 HOUR AS DATE))
                ORDER BY n""")).containsExactly(java.util.List.of(915L), java.util.List.of(1140L),
                java.util.List.of(1155L), java.util.List.of(1380L));
        assertThat(count("SELECT count(*) FROM bars WHERE isodow(CAST(ts + INTERVAL 6 HOUR AS DATE)) > 5"))
                .isZero();
        assertThat(rows("SELECT min(ts), max(ts) FROM bars").getFirst().stream().map(Object::toString))
                .containsExactly("2022-11-30 18:00:00.0", "2024-12-31 16:59:00.0");
    }

    @Test
    void fullCloseDaysHaveNoSession() {
        for (String day : new String[]{"2022-12-26", "2023-01-02", "2023-12-25", "2024-01-01",
                "2024-03-29", "2024-12-25"}) {
            assertThat(count("SELECT count(*) FROM bars WHERE CAST(ts + INTERVAL 6 HOUR AS DATE) = CAST(? AS DATE)",
                    day)).as(day).isZero();
        }
        // Good Friday 2023 had the jobs report: Globex traded from Thursday 18:00 until 09:15 ET.
        assertThat(rows("SELECT min(ts), max(ts), count(*) FROM bars WHERE CAST(ts + INTERVAL 6 HOUR AS DATE) = "
                + "DATE '2023-04-07'").getFirst().stream().map(Object::toString))
                .containsExactly("2023-04-06 18:00:00.0", "2023-04-07 09:14:00.0", "915");
        // The day after a holiday is open and starts at 18:00 on the holiday itself.
        assertThat(count("SELECT count(*) FROM bars WHERE CAST(ts + INTERVAL 6 HOUR AS DATE) = DATE '2024-12-26'"))
                .isEqualTo(1380);
        assertThat(rows("SELECT min(ts) FROM bars WHERE CAST(ts + INTERVAL 6 HOUR AS DATE) = DATE '2024-12-26'")
                .getFirst().getFirst().toString()).isEqualTo("2024-12-25 18:00:00.0");
    }

    @Test
    void priceLevelFollowsNqRoughlyAndRthIsBusier() {
        double close2023 = number("SELECT arg_max(close, ts) FROM bars WHERE ts < TIMESTAMP '2023-12-30'");
        double close2024 = number("SELECT arg_max(close, ts) FROM bars");
        assertThat(close2023).isBetween(17_000 * 0.75, 17_000 * 1.25);
        assertThat(close2024).isBetween(21_000 * 0.75, 21_000 * 1.25);
        double rthVolume = number("SELECT avg(volume) FROM bars WHERE " + TestMarketData.RTH
                + " AND CAST(ts AS TIME) < TIME '16:00'");
        double nightVolume = number("SELECT avg(volume) FROM bars WHERE hour(ts) BETWEEN 0 AND 2");
        assertThat(rthVolume).isGreaterThan(4 * nightVolume);
        double rthMove = number("SELECT avg(high - low) FROM bars WHERE " + TestMarketData.RTH
                + " AND CAST(ts AS TIME) < TIME '16:00'");
        double nightMove = number("SELECT avg(high - low) FROM bars WHERE hour(ts) BETWEEN 0 AND 2");
        assertThat(rthMove).isGreaterThan(2 * nightMove);
    }

    @Test
    void metaAndInfoSaySynthetic() throws Exception {
        MarketDataStore store = TestMarketData.store();
        assertThat(store.hasData()).isTrue();
        assertThat(store.hasDerivedTables()).isTrue();
        DataInfo info = store.info();
        assertThat(info.source()).isEqualTo("synthetic");
        assertThat(info.generatorVersion()).isEqualTo(SyntheticHistory.GENERATOR_VERSION);
        assertThat(store.meta("source")).isEqualTo("synthetic");
        assertThat(store.meta("generator_version")).isEqualTo(SyntheticHistory.GENERATOR_VERSION);
        assertThat(store.meta("no_such_key")).isNull();
        assertThat(info.firstTradingDay()).isEqualTo(LocalDate.of(2022, 12, 1));
        assertThat(info.lastTradingDay()).isEqualTo(LocalDate.of(2024, 12, 31));
        assertThat(info.tradingDayCount()).isEqualTo(count("SELECT count(*) FROM daily"));
        long expectedBars = 0;
        for (LocalDate d = TestMarketData.FROM; !d.isAfter(TestMarketData.TO); d = d.plusDays(1)) {
            expectedBars += Instrument.nq().calendar().minutesOpen(d);
        }
        assertThat(info.barCount()).isEqualTo(expectedBars);
        assertThat(rows("SELECT value FROM meta WHERE key = 'range_from'").getFirst().getFirst())
                .isEqualTo("2022-12-01");
        assertThat(TestMarketData.progress).containsExactly("0/3 2022", "1/3 2022", "2/3 2023", "3/3 2024");
        assertThat(count("SELECT count(*) FROM information_schema.tables WHERE table_name IN "
                + "('synthetic_days', 'intraday_profile')")).isZero();
    }

    @Test
    void emptyStoreHasNoDataAndABadRangeIsRefused(@TempDir Path dir) throws Exception {
        try (MarketDataStore empty = MarketDataStore.open(dir.resolve("empty.duckdb"))) {
            assertThatThrownBy(empty::info).hasMessageContaining("bars is missing");
            assertThat(empty.hasData()).isFalse();
            assertThat(empty.meta("source")).isNull();
            // Bars without meta are an interrupted load, not data.
            empty.withConnection(c -> {
                try (var st = c.createStatement()) {
                    st.execute("CREATE TABLE bars AS SELECT TIMESTAMP '2024-01-02 10:00' AS ts, 1.0 AS open");
                }
                return null;
            });
            assertThat(empty.hasData()).isFalse();
            assertThat(empty.hasDerivedTables()).isFalse();
            assertThatThrownBy(() -> SyntheticHistory.generate(empty, LocalDate.of(2024, 2, 1),
                    LocalDate.of(2024, 1, 1), null)).isInstanceOf(IllegalArgumentException.class);
        }
    }

    @Test
    void derivedTablesOfAnOlderLayoutReadAsRebuildNeeded(@TempDir Path dir) throws Exception {
        try (MarketDataStore store = MarketDataStore.open(dir.resolve("old.duckdb"))) {
            SyntheticHistory.generate(store, LocalDate.of(2024, 3, 4), LocalDate.of(2024, 3, 8), ProgressListener.NONE);
            store.buildDerivedTables();
            assertThat(store.hasDerivedTables()).isTrue();
            store.withConnection(c -> {
                try (var st = c.createStatement()) {
                    st.execute("UPDATE derived_version SET version = version - 1");
                }
                return null;
            });
            assertThat(store.hasDerivedTables()).isFalse();
            store.buildDerivedTables();
            assertThat(store.hasDerivedTables()).isTrue();
        }
    }
}
