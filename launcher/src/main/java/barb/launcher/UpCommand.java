package barb.launcher;

import picocli.CommandLine.Command;

import java.util.EnumSet;
import java.util.concurrent.Callable;
import java.util.concurrent.CountDownLatch;

/** {@code barb up}: every service in one process, with embedded Kafka and PostgreSQL unless configured otherwise. */
@Command(name = "up", description = "Start Barb: Kafka, PostgreSQL, market data, every stage, trace-sink and gateway.")
final class UpCommand implements Callable<Integer> {
    @Override
    public Integer call() throws Exception {
        long t0 = System.nanoTime();
        LauncherConfig config = LauncherConfig.fromEnv(System.getenv());
        BarbStack stack = BarbStack.start(config, System.getenv(), EnumSet.allOf(BarbStack.Part.class),
                BarbStack.agentStages());
        CountDownLatch stopped = new CountDownLatch(1);
        // The one shutdown hook: it owns the order of the stop (BarbStack.close). No library registers its own,
        // or it would stop its part in parallel, e.g. the database while the trace-sink still writes.
        Runtime.getRuntime().addShutdownHook(new Thread(() -> {
            System.out.println("\nStopping Barb…");
            stack.close();
            stopped.countDown();
        }, "barb-shutdown"));
        long ms = (System.nanoTime() - t0) / 1_000_000;
        System.out.printf("%nBarb is up in %.1f s. Chat page: http://127.0.0.1:%d/  (API: POST /chat/stream)%n",
                ms / 1000.0, stack.httpPort());
        System.out.println("Try:  ./barb ask \"top 5 days by range in 2024\"      Ctrl-C stops everything.");
        System.out.printf("Kafka: %s (more workers: BARB_KAFKA_BOOTSTRAP=%s BARB_PG_URL=%s ./barb worker NAME)%n",
                stack.bootstrap(), stack.bootstrap(), stack.jdbcUrl());
        stopped.await();
        return 0;
    }
}
