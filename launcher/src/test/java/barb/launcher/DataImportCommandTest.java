package barb.launcher;

import barb.executor.BarImporter;
import barb.executor.DataInfo;
import barb.executor.MarketDataStore;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

class DataImportCommandTest {
    private final StringWriter out = new StringWriter();
    private final StringWriter err = new StringWriter();

    private int run(DataCommand.Import command, String... args) {
        CommandLine cli = new CommandLine(command).setCaseInsensitiveEnumValuesAllowed(true);
        cli.setOut(new PrintWriter(out, true));
        cli.setErr(new PrintWriter(err, true));
        return cli.execute(args);
    }

    @Test
    void dataHasBothGenerateAndImport() {
        assertThat(new CommandLine(new DataCommand()).getSubcommands()).containsKeys("generate", "import");
    }

    @Test
    void optionsAreParsedWithTheirDefaults() {
        DataCommand.Import command = new DataCommand.Import();
        new CommandLine(command).setCaseInsensitiveEnumValuesAllowed(true)
                .parseArgs("bars.pq", "--tz", "UTC", "--format", "csv");
        assertThat(command.file).isEqualTo(Path.of("bars.pq"));
        assertThat(command.timeZone).isEqualTo("UTC");
        assertThat(command.format).isEqualTo(BarImporter.Format.CSV);

        DataCommand.Import defaults = new DataCommand.Import();
        new CommandLine(defaults).parseArgs("bars.csv");
        assertThat(defaults.timeZone).isEqualTo("America/New_York");
        assertThat(defaults.format).isNull();
    }

    @Test
    void badArgumentsGiveOneClearLine(@TempDir Path dir) {
        assertThat(run(new DataCommand.Import(), "x.csv", "--tz", "Mars/Olympus")).isEqualTo(2);
        assertThat(err.toString()).contains("--tz: unknown time zone 'Mars/Olympus'");

        assertThat(run(new DataCommand.Import(), "x.csv", "--format", "xlsx")).isEqualTo(2);
        assertThat(err.toString()).contains("--format");

        assertThat(run(new DataCommand.Import())).isEqualTo(2);
        assertThat(err.toString()).contains("FILE");

        DataCommand.Import missing = importInto(dir);
        assertThat(run(missing, dir.resolve("nope.csv").toString())).isEqualTo(1);
        assertThat(err.toString()).contains("nope.csv: file not found");
        assertThat(Files.exists(dir.resolve("data/market.duckdb"))).isFalse();
    }

    @Test
    void importsAFileIntoTheConfiguredDataFolderAndPrintsTheReport(@TempDir Path dir) throws Exception {
        Path csv = Files.writeString(dir.resolve("nq.csv"), """
                timestamp,open,high,low,close,volume
                2024-01-02 14:30,100,101,99,100.5,10
                2024-01-02 14:31,100.5,101,100,100.75,12
                2024-01-06 14:31,100.5,101,100,100.75,12
                """);
        assertThat(run(importInto(dir), csv.toString(), "--tz", "UTC")).as("imported with a row rejected").isEqualTo(3);

        assertThat(out.toString()).contains("rows read: 3, accepted: 2, rejected: 1")
                .contains("outside_trading_hours").contains("nq.csv.rejects.csv")
                .as("nothing was in the store to replace").contains("into an empty store")
                .doesNotContain("replaced the previous (synthetic) data");
        assertThat(err.toString()).contains("1 of 3 rows were rejected");
        try (MarketDataStore store = MarketDataStore.open(dir.resolve("data/market.duckdb"))) {
            DataInfo info = store.info();
            assertThat(info.source()).isEqualTo(DataInfo.IMPORTED);
            assertThat(info.barCount()).isEqualTo(2);
            assertThat(store.hasDerivedTables()).isTrue();
        }
    }

    @Test
    void aCleanFileExitsWithZeroAndAnImplausiblePriceIsRejected(@TempDir Path dir) throws Exception {
        Path clean = Files.writeString(dir.resolve("clean.csv"), """
                timestamp,open,high,low,close,volume
                2024-01-02 14:30,100,101,99,100.5,10
                """);
        assertThat(run(importInto(dir), clean.toString(), "--tz", "UTC")).isEqualTo(0);
        Path absurd = Files.writeString(dir.resolve("absurd.csv"), """
                timestamp,open,high,low,close,volume
                2024-01-02 14:31,100,1e300,99,100.5,10
                2024-01-02 14:32,100,101,99,100.5,10
                """);
        assertThat(run(importInto(dir), absurd.toString(), "--tz", "UTC")).isEqualTo(3);
        assertThat(out.toString()).contains("implausible_price");
        try (MarketDataStore store = MarketDataStore.open(dir.resolve("data/market.duckdb"))) {
            assertThat(store.info().barCount()).isEqualTo(2);
        }
    }

    @Test
    void aFileWithNothingToImportExitsWithOne(@TempDir Path dir) throws Exception {
        Path csv = Files.writeString(dir.resolve("bad.csv"), "timestamp,open,high,low,close\n");
        assertThat(run(importInto(dir), csv.toString())).isEqualTo(1);
        assertThat(err.toString()).contains("lacks column(s) volume");
    }

    private static DataCommand.Import importInto(Path dir) {
        DataCommand.Import command = new DataCommand.Import();
        command.env = Map.of("BARB_DATA_DIR", dir.resolve("data").toString());
        return command;
    }
}
