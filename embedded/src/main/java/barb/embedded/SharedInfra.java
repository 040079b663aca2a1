package barb.embedded;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * One broker and one database per test JVM, started on first use and stopped when the JVM exits, so a
 * module's test classes share them instead of paying the start-up for each.
 */
public final class SharedInfra {
    private static EmbeddedKafka kafka;
    private static EmbeddedPostgresServer postgres;

    private SharedInfra() {
    }

    public static synchronized EmbeddedKafka kafka() {
        if (kafka == null) {
            try {
                kafka = EmbeddedKafka.start(Files.createTempDirectory("barb-kafka"), 0);
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
            EmbeddedKafka k = kafka;
            Runtime.getRuntime().addShutdownHook(new Thread(k::close));
        }
        return kafka;
    }

    public static synchronized EmbeddedPostgresServer postgres() {
        if (postgres == null) {
            postgres = EmbeddedPostgresServer.startThrowaway();
            EmbeddedPostgresServer p = postgres;
            Runtime.getRuntime().addShutdownHook(new Thread(p::close));
        }
        return postgres;
    }

    public static Path tempDir(String prefix) {
        try {
            return Files.createTempDirectory(prefix);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
