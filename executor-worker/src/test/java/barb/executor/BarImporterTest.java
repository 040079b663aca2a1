package barb.executor;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.ZoneId;
import java.util.ArrayList;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class BarImporterTest {

    /** Line numbers matter: the assertions below name them. Line 6 is blank. */
    private static final String MIXED = """
            timestamp,open,high,low,close,volume
            2024-01-02 09:30,100,101,99.5,100.5,10
            2024-01-02 09:31,100.5,102,100,101.5,20
            2024-01-02 09:32:00,101.5,101.75,100.25,101,30
            2024-01-02T16:59:00,101,103,100.75,102,40

            2024-01-02 18:00,102,102.5,101.5,102.25,5
            2024-01-03 10:00,102.25,104,102,103.5,50
            not-a-time,1,2,0.5,1.5,1
            2024-01-03 10:01,abc,2,1,1.5,1
            2024-01-03 10:02,1,2,1
            2024-01-03 10:03,100,99,101,100,1
            2024-01-03 10:04,100,100.5,99,101,1
            2024-01-03 10:05,100,101,100.5,100.25,1
            2024-01-03 10:06,0,1,0,0.5,1
            2024-01-03 10:07,100,101,99,100,-1
            2024-01-03 10:08:30,100,101,99,100,1
            2024-01-02 17:30,100,101,99,100,1
            2024-01-06 12:00,100,101,99,100,1
            2024-01-05 17:00,100,101,99,100,1
            2024-01-07 17:59,100,101,99,100,1
            2024-01-07 18:00,100,101,99,100,1
            2024-01-02 09:31,1,2,0.5,1.5,7
            2024-01-03 10:09,100,101,99,100,1.5
            """;

    @Test
    void acceptsGoodRowsAndRejectsEachKindOfBadRowWithItsReason(@TempDir Path dir) throws Exception {
        Path csv = write(dir, "nq.csv", MIXED);
        try (MarketDataStore store = MarketDataStore.open(dir.resolve("data/nq.duckdb"))) {
            ImportReport report = BarImporter.importFile(store, csv, null, null, null);

            assertThat(report.format()).isEqualTo(BarImporter.Format.CSV);
            assertThat(report.rowsRead()).isEqualTo(22);
            assertThat(report.accepted()).isEqualTo(7);
            assertThat(report.rejected()).isEqualTo(15);
            assertThat(report.rejectedByReason()).containsOnly(
                    entry(RejectReason.BAD_TIMESTAMP, 1), entry(RejectReason.BAD_NUMBER, 2),
                    entry(RejectReason.WRONG_FIELD_COUNT, 1), entry(RejectReason.HIGH_BELOW_LOW, 1),
                    entry(RejectReason.HIGH_BELOW_OPEN_CLOSE, 1), entry(RejectReason.LOW_ABOVE_OPEN_CLOSE, 1),
                    entry(RejectReason.NON_POSITIVE_PRICE, 1), entry(RejectReason.NEGATIVE_VOLUME, 1),
                    entry(RejectReason.NOT_WHOLE_MINUTE, 1), entry(RejectReason.OUTSIDE_TRADING_HOURS, 4),
                    entry(RejectReason.DUPLICATE_TIMESTAMP, 1));
            assertThat(linesOf(report, RejectReason.BAD_TIMESTAMP)).containsExactly(9L);
            assertThat(linesOf(report, RejectReason.BAD_NUMBER)).containsExactly(10L, 24L);
            assertThat(linesOf(report, RejectReason.WRONG_FIELD_COUNT)).containsExactly(11L);
            assertThat(linesOf(report, RejectReason.OUTSIDE_TRADING_HOURS)).containsExactly(18L, 19L, 20L);
            assertThat(linesOf(report, RejectReason.DUPLICATE_TIMESTAMP)).containsExactly(23L);
            ImportReport.RejectedRow duplicate = example(report, RejectReason.DUPLICATE_TIMESTAMP);
            assertThat(duplicate.detail()).contains("line 3");
            assertThat(duplicate.raw()).isEqualTo("2024-01-02 09:31,1,2,0.5,1.5,7");
            assertThat(example(report, RejectReason.HIGH_BELOW_LOW).detail()).isEqualTo("high 99.0 < low 101.0");
            assertThat(example(report, RejectReason.BAD_NUMBER).detail()).isEqualTo("open 'abc' is not a number");
            assertThat(report.replacedData()).as("the store was empty: nothing was replaced").isFalse();
            assertThat(report.firstBar()).isEqualTo(LocalDateTime.of(2024, 1, 2, 9, 30));
            assertThat(report.lastBar()).isEqualTo(LocalDateTime.of(2024, 1, 7, 18, 0));

            // The first of two rows with the same time is the one kept.
            assertThat(rows(store, "SELECT CAST(ts AS VARCHAR), open, high, low, close, volume FROM bars ORDER BY ts"))
                    .containsExactly(
                            List.of("2024-01-02 09:30:00", 100.0, 101.0, 99.5, 100.5, 10L),
                            List.of("2024-01-02 09:31:00", 100.5, 102.0, 100.0, 101.5, 20L),
                            List.of("2024-01-02 09:32:00", 101.5, 101.75, 100.25, 101.0, 30L),
                            List.of("2024-01-02 16:59:00", 101.0, 103.0, 100.75, 102.0, 40L),
                            List.of("2024-01-02 18:00:00", 102.0, 102.5, 101.5, 102.25, 5L),
                            List.of("2024-01-03 10:00:00", 102.25, 104.0, 102.0, 103.5, 50L),
                            List.of("2024-01-07 18:00:00", 100.0, 101.0, 99.0, 100.0, 1L));

            // Every rejected row is in the rejects file beside the input, with its line and reason.
            assertThat(report.rejectsFile()).isEqualTo(dir.resolve("nq.csv.rejects.csv").toAbsolutePath());
            List<String> rejects = Files.readAllLines(report.rejectsFile());
            assertThat(rejects.getFirst()).isEqualTo("line,reason,detail,raw");
            assertThat(rejects).hasSize(16);
            assertThat(rejects.get(1)).startsWith("9,bad_timestamp,");
            assertThat(rejects).anyMatch(l -> l.startsWith("23,duplicate_timestamp,"));
            assertThat(rejects).anyMatch(l -> l.startsWith("21,outside_trading_hours,"));

            // Daily bars are rebuilt from the imported minutes; the data says where it came from.
            assertThat(rows(store, "SELECT CAST(trade_date AS VARCHAR), open, high, low, close, CAST(volume AS BIGINT), bars "
                    + "FROM daily ORDER BY trade_date")).containsExactly(
                    List.of("2024-01-02", 100.0, 103.0, 99.5, 102.0, 100L, 4L),
                    List.of("2024-01-03", 102.0, 104.0, 101.5, 103.5, 55L, 2L),
                    List.of("2024-01-08", 100.0, 101.0, 99.0, 100.0, 1L, 1L));
            assertThat(store.hasDerivedTables()).isTrue();
            DataInfo info = store.info();
            assertThat(info.source()).isEqualTo(DataInfo.IMPORTED);
            assertThat(info.generatorVersion()).isNull();
            assertThat(info.barCount()).isEqualTo(7);
            assertThat(store.withConnection(store::dataSource)).isEqualTo("imported");
            assertThat(meta(store, "last_import_file")).isEqualTo(csv.toAbsolutePath().toString());
            assertThat(meta(store, "last_import_rows_rejected")).isEqualTo("15");
            assertThat(meta(store, "last_import_timezone")).isEqualTo("America/New_York");
            assertThat(meta(store, "import_count")).isEqualTo("1");

            assertThat(String.join("\n", report.lines()))
                    .contains("rows read: 22, accepted: 7, rejected: 15")
                    .contains("rejected 4 × outside_trading_hours")
                    .contains("line 23: ")
                    .contains(report.rejectsFile().toString());
        }
    }

    @Test
    void importingTheSameFileTwiceLeavesExactlyTheSameBars(@TempDir Path dir) throws Exception {
        Path csv = write(dir, "nq.csv", MIXED);
        try (MarketDataStore store = MarketDataStore.open(dir.resolve("nq.duckdb"))) {
            BarImporter.importFile(store, csv, null, null, null);
            List<List<Object>> first = rows(store, CHECKSUM);
            List<List<Object>> firstDaily = rows(store, "SELECT * FROM daily ORDER BY trade_date");

            ImportReport again = BarImporter.importFile(store, csv, null, null, null);

            assertThat(rows(store, CHECKSUM)).isEqualTo(first);
            assertThat(first.getFirst().getFirst()).isEqualTo(7L);
            assertThat(rows(store, "SELECT * FROM daily ORDER BY trade_date")).isEqualTo(firstDaily);
            assertThat(again.replacedData()).isFalse();
            assertThat(again.barsReplaced()).isEqualTo(7);
            assertThat(again.barsInStore()).isEqualTo(7);
            assertThat(meta(store, "import_count")).isEqualTo("2");
        }
    }

    @Test
    void aSecondFileExtendsTheHistoryAndWinsAtTheSameTimestamps(@TempDir Path dir) throws Exception {
        Path january = write(dir, "jan.csv", """
                2024-01-02 09:30,100,101,99,100.5,10
                2024-01-02 09:31,100.5,101,100,100.75,10
                """);
        Path later = write(dir, "later.csv", """
                timestamp,open,high,low,close,volume
                2024-01-02 09:31,200,201,199,200.5,99
                2024-01-03 09:30,100,101,99,100,10
                """);
        try (MarketDataStore store = MarketDataStore.open(dir.resolve("nq.duckdb"))) {
            BarImporter.importFile(store, january, null, null, null);
            ImportReport second = BarImporter.importFile(store, later, null, null, null);

            assertThat(second.barsReplaced()).isEqualTo(1);
            assertThat(second.barsInStore()).isEqualTo(3);
            assertThat(rows(store, "SELECT CAST(ts AS VARCHAR), close, volume FROM bars ORDER BY ts")).containsExactly(
                    List.of("2024-01-02 09:30:00", 100.5, 10L),
                    List.of("2024-01-02 09:31:00", 200.5, 99L),
                    List.of("2024-01-03 09:30:00", 100.0, 10L));
            // Rows stay stored in time order whatever order the files came in.
            assertThat(rows(store, "SELECT count(*) FROM (SELECT ts, lag(ts) OVER () AS prev FROM bars) "
                    + "WHERE prev >= ts")).containsExactly(List.of(0L));
            assertThat(rows(store, "SELECT count(*) FROM daily")).containsExactly(List.of(2L));
        }
    }

    @Test
    void theFirstImportReplacesSyntheticBarsWholesale(@TempDir Path dir) throws Exception {
        Path csv = write(dir, "nq.csv", MIXED);
        try (MarketDataStore store = MarketDataStore.open(dir.resolve("nq.duckdb"))) {
            SyntheticHistory.generate(store, LocalDate.of(2023, 6, 1), LocalDate.of(2023, 6, 9), null);
            store.buildDerivedTables();
            assertThat(store.info().source()).isEqualTo(DataInfo.SYNTHETIC);

            ImportReport report = BarImporter.importFile(store, csv, null, null, null);

            assertThat(report.replacedData()).isTrue();
            assertThat(rows(store, "SELECT count(*), min(ts) >= TIMESTAMP '2024-01-01' FROM bars"))
                    .containsExactly(List.of(7L, true));
            assertThat(meta(store, "generator_version")).isNull();
            assertThat(meta(store, "source")).isEqualTo("imported");
            assertThat(rows(store, "SELECT min(trade_date) = DATE '2024-01-02' FROM daily")).containsExactly(List.of(true));
        }
    }

    @Test
    void aFileWithNoAcceptableRowLeavesTheStoreUnchanged(@TempDir Path dir) throws Exception {
        Path csv = write(dir, "bad.csv", """
                2024-01-06 12:00,100,101,99,100,1
                2024-01-03 10:03,100,99,101,100,1
                """);
        try (MarketDataStore store = MarketDataStore.open(dir.resolve("nq.duckdb"))) {
            SyntheticHistory.generate(store, LocalDate.of(2023, 6, 1), LocalDate.of(2023, 6, 2), null);
            store.buildDerivedTables();
            List<List<Object>> before = rows(store, CHECKSUM);

            ImportReport report = BarImporter.importFile(store, csv, null, null, null);

            assertThat(report.accepted()).isZero();
            assertThat(report.rejected()).isEqualTo(2);
            assertThat(report.lines()).anyMatch(l -> l.contains("nothing imported"));
            assertThat(rows(store, CHECKSUM)).isEqualTo(before);
            assertThat(store.info().source()).isEqualTo(DataInfo.SYNTHETIC);
            assertThat(store.hasDerivedTables()).isTrue();
        }
    }

    @Test
    void timestampsInAnotherZoneOrWithAnOffsetAreStoredAsNewYorkWallClock(@TempDir Path dir) throws Exception {
        Path csv = write(dir, "utc.csv", """
                timestamp,open,high,low,close,volume
                2024-01-02 14:30,100,101,99,100,1
                2024-07-02 13:30:00,100,101,99,100,1
                2024-01-02T22:30:00,100,101,99,100,1
                2024-01-03T09:30:00-05:00,100,101,99,100,1
                2024-07-03T15:00:00Z,100,101,99,100,1
                """);
        try (MarketDataStore store = MarketDataStore.open(dir.resolve("nq.duckdb"))) {
            ImportReport report = BarImporter.importFile(store, csv, null, ZoneId.of("UTC"), null);

            // 22:30 UTC in January is 17:30 ET: the maintenance break.
            assertThat(report.rejectedByReason()).containsOnly(entry(RejectReason.OUTSIDE_TRADING_HOURS, 1));
            assertThat(linesOf(report, RejectReason.OUTSIDE_TRADING_HOURS)).containsExactly(4L);
            assertThat(rows(store, "SELECT CAST(ts AS VARCHAR) FROM bars ORDER BY ts")).containsExactly(
                    List.of("2024-01-02 09:30:00"),
                    List.of("2024-01-03 09:30:00"),
                    List.of("2024-07-02 09:30:00"),
                    List.of("2024-07-03 11:00:00"));
            assertThat(meta(store, "last_import_timezone")).isEqualTo("UTC");
        }
    }

    @Test
    void europeanWallClockFollowsBothDaylightSavingCalendars(@TempDir Path dir) throws Exception {
        // 2024-03-12: New York already on EDT (UTC-4), Berlin still on CET (UTC+1): 5 hours apart, not 6.
        Path csv = write(dir, "berlin.csv", """
                2024-03-12 14:30,100,101,99,100,1
                2024-01-09 15:30,100,101,99,100,1
                """);
        try (MarketDataStore store = MarketDataStore.open(dir.resolve("nq.duckdb"))) {
            BarImporter.importFile(store, csv, BarImporter.Format.CSV, ZoneId.of("Europe/Berlin"), null);
            assertThat(rows(store, "SELECT CAST(ts AS VARCHAR) FROM bars ORDER BY ts")).containsExactly(
                    List.of("2024-01-09 09:30:00"), List.of("2024-03-12 09:30:00"));
        }
    }

    @Test
    void headerlessReorderedAndTsNamedLayoutsAllRead(@TempDir Path dir) throws Exception {
        Path reordered = write(dir, "reordered.csv", """
                symbol,volume,close,low,high,open,ts
                NQ,5,100.25,99,101,100,2024-01-02 09:30
                NQ,6,"100.5",99.5,101,100.25,"2024-01-02 09:31"
                """);
        try (MarketDataStore store = MarketDataStore.open(dir.resolve("nq.duckdb"))) {
            ImportReport report = BarImporter.importFile(store, reordered, null, null, null);
            assertThat(report.accepted()).isEqualTo(2);
            assertThat(rows(store, "SELECT open, high, low, close, volume FROM bars ORDER BY ts")).containsExactly(
                    List.of(100.0, 101.0, 99.0, 100.25, 5L), List.of(100.25, 101.0, 99.5, 100.5, 6L));
        }
    }

    @Test
    void aSpreadsheetExportWithByteOrderMarkQuotesAndCrLfReads(@TempDir Path dir) throws Exception {
        Path csv = dir.resolve("excel.csv");
        Files.writeString(csv, "\uFEFF\"Timestamp\",\"Open\",\"High\",\"Low\",\"Close\",\"Volume\"\r\n"
                + "\"2024-01-02 09:30\",\"100\",\"101\",\"99\",\"100.5\",\"10\"\r\n"
                + " 2024-01-02 09:31 , 100.5 , 101 , 100 , 100.75 , 12 \r\n"
                + "   \r\n");
        try (MarketDataStore store = MarketDataStore.open(dir.resolve("nq.duckdb"))) {
            ImportReport report = BarImporter.importFile(store, csv, null, null, null);
            assertThat(report.rowsRead()).isEqualTo(2);
            assertThat(report.rejected()).isZero();
            assertThat(rows(store, "SELECT CAST(ts AS VARCHAR), close, volume FROM bars ORDER BY ts")).containsExactly(
                    List.of("2024-01-02 09:30:00", 100.5, 10L), List.of("2024-01-02 09:31:00", 100.75, 12L));
            assertThat(Files.readAllLines(report.rejectsFile())).containsExactly("line,reason,detail,raw");
        }
    }

    @Test
    void parquetFilesImportWithRowNumbersInTheReport(@TempDir Path dir) throws Exception {
        Path parquet = dir.resolve("bars.parquet");
        try (MarketDataStore scratch = MarketDataStore.open(dir.resolve("scratch.duckdb"))) {
            scratch.withConnection(c -> {
                try (Statement s = c.createStatement()) {
                    s.execute("""
                            COPY (SELECT * FROM (VALUES
                                (TIMESTAMP '2024-01-02 09:30', 100.0, 101.0, 99.0, 100.5, 10),
                                (TIMESTAMP '2024-01-02 09:31', 100.5, 100.0, 101.0, 100.5, 10),
                                (TIMESTAMP '2024-01-02 09:32', 100.5, 102.0, 100.0, 101.0, 12),
                                (TIMESTAMP '2024-01-02 09:30', 100.0, 101.0, 99.0, 100.5, 10))
                                AS t("timestamp", open, high, low, close, volume))
                            TO '%s' (FORMAT parquet)""".formatted(parquet));
                }
                return null;
            });
        }
        try (MarketDataStore store = MarketDataStore.open(dir.resolve("nq.duckdb"))) {
            List<String> steps = new ArrayList<>();
            ImportReport report = BarImporter.importFile(store, parquet, null, null,
                    (done, total, step) -> steps.add(done + "/" + total + " " + step));

            assertThat(report.format()).isEqualTo(BarImporter.Format.PARQUET);
            assertThat(report.rowsRead()).isEqualTo(4);
            assertThat(report.accepted()).isEqualTo(2);
            assertThat(linesOf(report, RejectReason.HIGH_BELOW_LOW)).containsExactly(2L);
            ImportReport.RejectedRow duplicate = example(report, RejectReason.DUPLICATE_TIMESTAMP);
            assertThat(duplicate.line()).isEqualTo(4);
            assertThat(duplicate.detail()).isEqualTo("2024-01-02 09:30 ET, as row 1");
            assertThat(duplicate.raw()).isEqualTo("2024-01-02 09:30:00,100.0,101.0,99.0,100.5,10");
            assertThat(Files.readAllLines(report.rejectsFile()).getFirst()).isEqualTo("row,reason,detail,raw");
            assertThat(rows(store, "SELECT CAST(ts AS VARCHAR), volume FROM bars ORDER BY ts")).containsExactly(
                    List.of("2024-01-02 09:30:00", 10L), List.of("2024-01-02 09:32:00", 12L));
            assertThat(report.lines()).anyMatch(l -> l.startsWith("      row 2: high 100.0 < low 101.0"));
            assertThat(steps).containsExactly("0/4 reading", "1/4 checking", "2/4 rejects", "3/5 2024", "4/5 daily tables",
                    "5/5 done");
        }
    }

    @Test
    void parquetWithAnInstantColumnIsConvertedFromItsOffset(@TempDir Path dir) throws Exception {
        Path parquet = dir.resolve("tz.parquet");
        try (MarketDataStore scratch = MarketDataStore.open(dir.resolve("scratch.duckdb"))) {
            scratch.withConnection(c -> {
                try (Statement s = c.createStatement()) {
                    s.execute("""
                            COPY (SELECT TIMESTAMPTZ '2024-07-02 13:30:00+00' AS ts, 100.0 AS open, 101.0 AS high,
                                         99.0 AS low, 100.0 AS close, 3 AS volume)
                            TO '%s' (FORMAT parquet)""".formatted(parquet));
                }
                return null;
            });
        }
        try (MarketDataStore store = MarketDataStore.open(dir.resolve("nq.duckdb"))) {
            // The zone given is ignored for instants: the column knows its own offset.
            BarImporter.importFile(store, parquet, null, ZoneId.of("Asia/Tokyo"), null);
            assertThat(rows(store, "SELECT CAST(ts AS VARCHAR) FROM bars")).containsExactly(List.of("2024-07-02 09:30:00"));
        }
    }

    @Test
    void filesThatCannotBeImportedGiveOneClearLineAndChangeNothing(@TempDir Path dir) throws Exception {
        Path good = write(dir, "good.csv", MIXED);
        try (MarketDataStore store = MarketDataStore.open(dir.resolve("nq.duckdb"))) {
            BarImporter.importFile(store, good, null, null, null);
            List<List<Object>> before = rows(store, CHECKSUM);

            assertProblem(store, dir.resolve("missing.csv"), "file not found");
            assertProblem(store, write(dir, "empty.csv", ""), "the file is empty");
            assertProblem(store, write(dir, "blank.csv", "\n\n  \n"), "no rows");
            assertProblem(store, write(dir, "cols.csv", "time,open,high,low,close\n2024-01-02 09:30,1,2,0.5,1,1\n"),
                    "lacks column(s) timestamp, volume");
            assertProblem(store, write(dir, "four.csv", "2024-01-02 09:30,1,2,0.5\n"), "has 4 fields");
            assertProblem(store, write(dir, "fake.parquet", "this is not parquet\n"), "cannot read it as Parquet");
            assertProblem(store, dir, "not a regular file");

            assertThat(rows(store, CHECKSUM)).isEqualTo(before);
        }
    }

    @Test
    void aParquetFileWithoutTheBarColumnsIsRefusedByName(@TempDir Path dir) throws Exception {
        Path parquet = dir.resolve("prices.parquet");
        try (MarketDataStore store = MarketDataStore.open(dir.resolve("nq.duckdb"))) {
            store.withConnection(c -> {
                try (Statement s = c.createStatement()) {
                    s.execute("COPY (SELECT TIMESTAMP '2024-01-02 09:30' AS \"timestamp\", 1.0 AS price) TO '%s' "
                            .formatted(parquet) + "(FORMAT parquet)");
                }
                return null;
            });
            assertProblem(store, parquet, "lacks column(s) open, high, low, close, volume");
        }
    }

    private static void assertProblem(MarketDataStore store, Path file, String expected) {
        assertThatThrownBy(() -> BarImporter.importFile(store, file, null, null, null))
                .isInstanceOf(BarImportException.class)
                .hasMessageContaining(expected)
                .hasMessageContaining(file.toString())
                .satisfies(e -> assertThat(e.getMessage()).doesNotContain("\n"));
    }

    private static final String CHECKSUM = "SELECT count(*), sum(hash(ts, open, high, low, close, volume)) FROM bars";

    private static java.util.Map.Entry<RejectReason, Long> entry(RejectReason reason, long count) {
        return java.util.Map.entry(reason, count);
    }

    private static List<Long> linesOf(ImportReport report, RejectReason reason) {
        return report.examples().stream().filter(r -> r.reason() == reason).map(ImportReport.RejectedRow::line).toList();
    }

    private static ImportReport.RejectedRow example(ImportReport report, RejectReason reason) {
        return report.examples().stream().filter(r -> r.reason() == reason).findFirst().orElseThrow();
    }

    private static Path write(Path dir, String name, String text) throws Exception {
        return Files.writeString(dir.resolve(name), text);
    }

    private static String meta(MarketDataStore store, String key) throws SQLException {
        return store.withConnection(c -> MarketDataStore.metaValue(c, key));
    }

    static List<List<Object>> rows(MarketDataStore store, String sql) throws SQLException {
        return store.withConnection(c -> {
            try (PreparedStatement ps = c.prepareStatement(sql); ResultSet rs = ps.executeQuery()) {
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
        });
    }
}
