package barb.launcher;

import barb.executor.MarketDataStore;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

import java.nio.file.Files;
import java.time.LocalDate;
import java.util.concurrent.Callable;

/** {@code barb data …}: market data housekeeping. */
@Command(name = "data", description = "Market data: generate the synthetic history.",
        subcommands = {DataCommand.Generate.class})
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
}
