package barb.launcher;

import java.io.IOException;
import java.io.Reader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.Properties;

/**
 * Which Kafka a command that inspects a running Barb talks to: {@code --bootstrap}, else BARB_KAFKA_BOOTSTRAP,
 * else the embedded broker of {@code ./barb up}, whose port (BARB_KAFKA_PORT, 9092 by default) is read from the
 * server.properties it writes under BARB_DATA_DIR.
 *
 * @param bootstrap host:port list
 * @param origin    where it came from, for messages ("--bootstrap", "BARB_KAFKA_BOOTSTRAP", the file)
 */
record RunningKafka(String bootstrap, String origin) {

    /** @throws IllegalArgumentException with a sentence saying how to name a Kafka when none can be found */
    static RunningKafka find(String option, Map<String, String> env, LauncherConfig config) {
        if (option != null) {
            return new RunningKafka(option, "--bootstrap");
        }
        if (config.kafkaBootstrap() != null) {
            return new RunningKafka(config.kafkaBootstrap(), "BARB_KAFKA_BOOTSTRAP");
        }
        Path file = config.dataDir().resolve("kafka").resolve("server.properties");
        String embedded = advertisedListener(file);
        if (embedded == null) {
            throw new IllegalArgumentException("no Kafka to read: give --bootstrap host:port, set "
                    + "BARB_KAFKA_BOOTSTRAP, or start Barb with ./barb up (no embedded broker found in " + file + ")");
        }
        return new RunningKafka(embedded, "the embedded broker of ./barb up (" + file + ")");
    }

    /** host:port of the PLAINTEXT listener in a broker's server.properties; null when there is none. */
    static String advertisedListener(Path serverProperties) {
        if (!Files.isRegularFile(serverProperties)) {
            return null;
        }
        Properties p = new Properties();
        try (Reader r = Files.newBufferedReader(serverProperties)) {
            p.load(r);
        } catch (IOException e) {
            return null;
        }
        String listeners = p.getProperty("advertised.listeners");
        if (listeners == null) {
            return null;
        }
        for (String l : listeners.split(",")) {
            String trimmed = l.strip();
            if (trimmed.startsWith("PLAINTEXT://")) {
                return trimmed.substring("PLAINTEXT://".length());
            }
        }
        return null;
    }
}
