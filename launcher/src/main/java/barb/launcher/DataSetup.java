package barb.launcher;

import barb.executor.DataInfo;
import barb.executor.MarketDataStore;
import barb.executor.SyntheticHistory;
import me.tongfei.progressbar.ProgressBar;
import me.tongfei.progressbar.ProgressBarBuilder;
import me.tongfei.progressbar.ProgressBarStyle;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.nio.file.Files;
import java.sql.SQLException;
import java.time.LocalDate;

/** Opens the market data file, generating the synthetic history on first run. */
final class DataSetup {
    private static final Logger log = LoggerFactory.getLogger(DataSetup.class);

    private DataSetup() {
    }

    static MarketDataStore openOrGenerate(LauncherConfig config) throws Exception {
        Files.createDirectories(config.dataDir());
        MarketDataStore store = open(config);
        try {
            if (!store.hasData()) {
                log.info("No market data in {} yet: generating the synthetic NQ history {} → {} (once)",
                        config.duckdbFile(), config.dataFrom(), config.dataTo());
                generate(store, config.dataFrom(), config.dataTo());
            } else if (isOutdatedSynthetic(store.meta("source"), store.meta("generator_version"))) {
                // imported bars are never touched; synthetic ones follow the generator (e.g. a calendar fix)
                log.info("The synthetic history in {} was made by generator version {}, this is version {}: "
                        + "generating it again", config.duckdbFile(), store.meta("generator_version"),
                        SyntheticHistory.GENERATOR_VERSION);
                generate(store, config.dataFrom(), config.dataTo());
            } else if (!store.hasDerivedTables()) {
                store.buildDerivedTables();
            }
            return store;
        } catch (Exception e) {
            store.close();
            throw e;
        }
    }

    /** One process owns a DuckDB file; a second executor on the same folder gets a sentence, not a stack trace. */
    private static MarketDataStore open(LauncherConfig config) throws SQLException {
        try {
            return MarketDataStore.open(config.duckdbFile());
        } catch (SQLException e) {
            if (e.getMessage() == null || !e.getMessage().contains("Could not set lock")) {
                throw e;
            }
            throw new IllegalStateException("the market data " + config.duckdbFile() + " is open in another "
                    + "process (an executor or ./barb up using the same BARB_DATA_DIR); each executor needs its own "
                    + "copy: give this one another BARB_DATA_DIR and copy market.duckdb there, or let it generate "
                    + "its own", e);
        }
    }

    static boolean isOutdatedSynthetic(String source, String generatorVersion) {
        return DataInfo.SYNTHETIC.equals(source) && !SyntheticHistory.GENERATOR_VERSION.equals(generatorVersion);
    }

    /** Generates with a progress bar on the terminal, then builds the daily tables. */
    static SyntheticHistory.Report generate(MarketDataStore store, LocalDate from, LocalDate to) throws SQLException {
        SyntheticHistory.Report report;
        try (ProgressBar bar = new ProgressBarBuilder().setTaskName("Generating NQ minutes")
                .setStyle(ProgressBarStyle.ASCII).setInitialMax(to.getYear() - from.getYear() + 1)
                .setUpdateIntervalMillis(200).continuousUpdate().build()) {
            report = SyntheticHistory.generate(store, from, to, (done, total, step) -> {
                bar.maxHint(total);
                bar.stepTo(done);
                bar.setExtraMessage(step);
            });
        }
        long t0 = System.nanoTime();
        store.buildDerivedTables();
        log.info("Generated {} synthetic bars over {} trading days in {} ms; daily tables built in {} ms",
                report.bars(), report.days(), report.durationMs(), (System.nanoTime() - t0) / 1_000_000);
        return report;
    }
}
