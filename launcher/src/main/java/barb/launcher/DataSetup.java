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

    /**
     * The market data, ready to serve and opened read-only, so that further executors on the same machine can
     * share the file. It is opened for writing only when something must be written first (the first run's
     * generation, a newer generator, derived tables of a newer layout), then reopened read-only.
     */
    static MarketDataStore openOrGenerate(LauncherConfig config) throws Exception {
        Files.createDirectories(config.dataDir());
        if (Files.exists(config.duckdbFile())) {
            MarketDataStore shared = openReadOnly(config);
            if (shared != null) {
                try {
                    if (isReady(shared)) {
                        return shared;
                    }
                } catch (Exception e) {
                    shared.close();
                    throw e;
                }
                shared.close();
            }
        }
        try (MarketDataStore store = openForWriting(config)) {
            prepare(store, config);
        }
        MarketDataStore shared = openReadOnly(config);
        if (shared == null) {
            throw busy(config, null);
        }
        return shared;
    }

    private static boolean isReady(MarketDataStore store) throws SQLException {
        return store.hasData() && !isOutdatedSynthetic(store.meta("source"), store.meta("generator_version"))
                && store.hasDerivedTables();
    }

    private static void prepare(MarketDataStore store, LauncherConfig config) throws SQLException {
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
    }

    /** The file opened read-only, or null when another process holds it for writing. */
    private static MarketDataStore openReadOnly(LauncherConfig config) throws SQLException {
        try {
            return MarketDataStore.openReadOnly(config.duckdbFile());
        } catch (SQLException e) {
            if (isLocked(e)) {
                return null;
            }
            throw e;
        }
    }

    /** One process at a time may write a DuckDB file: the next one gets a sentence, not a stack trace. */
    private static MarketDataStore openForWriting(LauncherConfig config) throws SQLException {
        try {
            return MarketDataStore.open(config.duckdbFile());
        } catch (SQLException e) {
            if (!isLocked(e)) {
                throw e;
            }
            throw busy(config, e);
        }
    }

    private static boolean isLocked(SQLException e) {
        return e.getMessage() != null && e.getMessage().contains("Could not set lock");
    }

    private static IllegalStateException busy(LauncherConfig config, Exception cause) {
        return new IllegalStateException("the market data " + config.duckdbFile() + " is open in another process "
                + "that writes it (a `barb data import`, a first-run generation, or an older Barb); executors share "
                + "the file read-only once it is ready: wait for that process to finish, or give this one another "
                + "BARB_DATA_DIR", cause);
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
