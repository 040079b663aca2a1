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
        MarketDataStore store = MarketDataStore.open(config.duckdbFile());
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
