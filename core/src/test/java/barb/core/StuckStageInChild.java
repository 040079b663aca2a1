package barb.core;

import java.util.concurrent.CountDownLatch;

/**
 * Run as a child JVM by {@link StageTakeoverTest}: one member of the clarify-continue group whose handler says
 * which request it got and then never returns, so the request is stuck with it until the process is killed.
 */
public final class StuckStageInChild {
    static final String ASSIGNED = "ASSIGNED";
    static final String GOT = "GOT ";

    private StuckStageInChild() {
    }

    public static void main(String[] args) throws InterruptedException {
        StageHandler stuck = new StageHandler() {
            @Override
            public Stage stage() {
                return Stage.CLARIFY_CONTINUE;
            }

            @Override
            public StageOutcome handle(RequestEnvelope env) throws InterruptedException {
                System.out.println(GOT + env.requestId());
                System.out.flush();
                new CountDownLatch(1).await();
                throw new IllegalStateException("unreachable");
            }
        };
        StageWorker w = new StageWorker(stuck, KafkaSettings.of(args[0]), StageWorker.Settings.defaults()).start();
        while (!w.isAssigned()) {
            Thread.sleep(20);
        }
        System.out.println(ASSIGNED);
        System.out.flush();
        new CountDownLatch(1).await();
    }
}
