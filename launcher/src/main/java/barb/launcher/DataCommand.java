package barb.launcher;

import barb.executor.BarImportException;
import barb.executor.BarImporter;
import barb.executor.ImportReport;
import barb.executor.MarketDataStore;
import me.tongfei.progressbar.ProgressBar;
import me.tongfei.progressbar.ProgressBarBuilder;
import me.tongfei.progressbar.ProgressBarStyle;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.SQLException;
import java.time.DateTimeException;
import java.time.LocalDate;
import java.time.ZoneId;
import java.util.Map;
import java.util.concurrent.Callable;

/** {@code barb data …}: market data housekeeping. */
@Command(name = "data", description = "Market data: generate the synthetic history or import real minute bars.",
        subcommands = {DataCommand.Generate.class, DataCommand.Import.class})
final class DataCommand implements Runnable {
    @Override
    public void run() {
        new picocli.CommandLine(this).usage(System.out);
    }

    @Command(name = "generate", description = "Generate the deterministic synthetic NQ minute history (replaces what is there).")
    static final class Generate implements Callable<Integer> {
        @Option(names = "--from", description = "First day (default BARB_DATA_FROM or 2008-01-02).")
        LocalDate from;

        @Option(names = "--to", description = "Last day (default BARB_DATA_TO or 2026-01-07).")
        LocalDate to;

        @Override
        public Integer call() throws Exception {
            LauncherConfig config = LauncherConfig.fromEnv(System.getenv());
            LocalDate f = from != null ? from : config.dataFrom();
            LocalDate t = to != null ? to : config.dataTo();
            if (!f.isBefore(t)) {
                System.err.println("--from must be before --to");
                return 2;
            }
            Files.createDirectories(config.dataDir());
            try (MarketDataStore store = MarketDataStore.open(config.duckdbFile())) {
                DataSetup.generate(store, f, t);
                System.out.println(store.info());
            }
            return 0;
        }
    }

    @Command(name = "import", description = {
            "Import real 1-minute bars from CSV (timestamp,open,high,low,close,volume; header optional) or Parquet.",
            "Bad rows are rejected and listed with their reason in FILE.rejects.csv beside the file. Bars are merged "
                    + "by timestamp (importing the same file twice changes nothing); the first import replaces "
                    + "synthetic data. The daily tables are rebuilt. Stop `barb up` first: it holds the data file.",
            "Exit status: 0 every row imported, 3 imported with some rows rejected, 1 nothing imported, 2 bad options."})
    static final class Import implements Callable<Integer> {
        @Parameters(index = "0", paramLabel = "FILE", description = "The CSV or Parquet file.")
        Path file;

        @Option(names = "--tz", paramLabel = "ZONE", defaultValue = "America/New_York",
                description = "Time zone of the file's timestamps (default ${DEFAULT-VALUE}); "
                        + "timestamps with an offset (Z, -05:00) are taken as instants.")
        String timeZone;

        @Option(names = "--format", paramLabel = "csv|parquet",
                description = "File format (default: parquet for .parquet/.pq files, csv otherwise).")
        BarImporter.Format format;

        @Spec
        CommandSpec spec;

        /** Where the configuration comes from; a test points it at a temporary data folder. */
        Map<String, String> env = System.getenv();

        @Override
        public Integer call() throws Exception {
            PrintWriter out = spec.commandLine().getOut();
            PrintWriter err = spec.commandLine().getErr();
            ZoneId zone;
            try {
                zone = ZoneId.of(timeZone);
            } catch (DateTimeException e) {
                err.println("--tz: unknown time zone '" + timeZone + "' (use a region like America/Chicago or UTC)");
                return 2;
            }
            if (!Files.isRegularFile(file)) {
                err.println(file + ": " + (Files.exists(file) ? "not a regular file" : "file not found"));
                return 1;
            }
            LauncherConfig config = LauncherConfig.fromEnv(env);
            Files.createDirectories(config.dataDir());
            MarketDataStore store;
            try {
                store = MarketDataStore.open(config.duckdbFile());
            } catch (SQLException e) {
                err.println("cannot open " + config.duckdbFile() + " (is `barb up` running? it holds the file): "
                        + firstLine(e.getMessage()));
                return 1;
            }
            try (store) {
                ImportReport report;
                try (ProgressBar bar = new ProgressBarBuilder().setTaskName("Importing bars")
                        .setStyle(ProgressBarStyle.ASCII).setInitialMax(4).setUpdateIntervalMillis(200)
                        .continuousUpdate().build()) {
                    report = BarImporter.importFile(store, file, format, zone, (done, total, step) -> {
                        bar.maxHint(total);
                        bar.stepTo(done);
                        bar.setExtraMessage(step);
                    });
                }
                report.lines().forEach(out::println);
                out.flush();
                if (report.accepted() == 0) {
                    return 1;
                }
                // a script must not take a partly refused file for a clean import
                long rejected = report.rowsRead() - report.accepted();
                if (rejected > 0) {
                    err.println(rejected + " of " + report.rowsRead() + " rows were rejected (see "
                            + report.rejectsFile() + "); the accepted rows are imported");
                    return 3;
                }
                return 0;
            } catch (BarImportException e) {
                err.println(e.getMessage());
                return 1;
            }
        }

        private static String firstLine(String message) {
            if (message == null) {
                return "";
            }
            int newline = message.indexOf('\n');
            return newline < 0 ? message : message.substring(0, newline);
        }
    }
}
