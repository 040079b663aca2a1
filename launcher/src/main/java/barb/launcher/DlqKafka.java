package barb.launcher;

import barb.lag.BootstrapAddress;
import picocli.CommandLine.Option;

import java.time.Duration;
import java.util.Map;

/**
 * The options every {@code barb dlq} command shares: which Kafka, and how long to wait for it. The Kafka is found
 * like {@code barb lag} finds it ({@link RunningKafka}).
 */
final class DlqKafka {
    /** Where BARB_KAFKA_BOOTSTRAP and BARB_DATA_DIR come from; tests replace it. */
    Map<String, String> env = System.getenv();

    @Option(names = "--bootstrap", paramLabel = "HOST:PORT",
            description = "Kafka to read (default: BARB_KAFKA_BOOTSTRAP, else the broker of a running ./barb up).")
    String bootstrap;

    @Option(names = "--timeout", paramLabel = "SECONDS", description = "Longest wait for Kafka (default 10).")
    int timeoutSeconds = 10;

    /**
     * @throws IllegalArgumentException with one sentence when no Kafka can be found, the address is not
     *                                  host:port or the timeout is out of range
     */
    RunningKafka find() {
        if (timeoutSeconds < 1 || timeoutSeconds > 300) {
            throw new IllegalArgumentException("--timeout must be between 1 and 300 seconds");
        }
        RunningKafka found = RunningKafka.find(bootstrap, env, LauncherConfig.fromEnv(env));
        Logging.quietKafkaClients();
        return new RunningKafka(BootstrapAddress.check(found.bootstrap()), found.origin());
    }

    Duration timeout() {
        return Duration.ofSeconds(timeoutSeconds);
    }
}
