package barb.launcher;

/** slf4j-simple settings for the command line: Barb's own lines at info, the libraries' chatter at warn. */
final class Logging {
    // Helidon logs through java.util.logging; a strong reference keeps the level from being collected away.
    private static final java.util.logging.Logger HELIDON = java.util.logging.Logger.getLogger("io.helidon");

    private Logging() {
    }

    static void configure() {
        setDefault("org.slf4j.simpleLogger.defaultLogLevel", "info");
        setDefault("org.slf4j.simpleLogger.showDateTime", "true");
        setDefault("org.slf4j.simpleLogger.dateTimeFormat", "HH:mm:ss.SSS");
        setDefault("org.slf4j.simpleLogger.showShortLogName", "true");
        setDefault("org.slf4j.simpleLogger.showThreadName", "false");
        for (String noisy : new String[]{"org.apache.kafka", "kafka", "state.change.logger", "io.zonky",
                "org.flywaydb", "com.zaxxer.hikari", "io.helidon"}) {
            setDefault("org.slf4j.simpleLogger.log." + noisy, "warn");
        }
        // The ops figures' global consumer hands its partition back after restoring the global store at every
        // start, and an offset answer arriving just after is logged as a warning that nothing follows from.
        setDefault("org.slf4j.simpleLogger.log.org.apache.kafka.clients.consumer.internals.OffsetFetcherUtils",
                "error");
        HELIDON.setLevel(java.util.logging.Level.WARNING);
    }

    /**
     * For commands that only read from Kafka: the clients' own warnings (a broker that does not answer is logged
     * at every reconnect) would bury the one sentence the command prints. Effective for loggers not created yet.
     */
    static void quietKafkaClients() {
        System.setProperty("org.slf4j.simpleLogger.log.org.apache.kafka", "error");
    }

    private static void setDefault(String key, String value) {
        if (System.getProperty(key) == null) {
            System.setProperty(key, value);
        }
    }
}
