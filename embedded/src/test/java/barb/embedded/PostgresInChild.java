package barb.embedded;

import java.nio.file.Path;
import java.util.concurrent.CountDownLatch;

/** Run as a child JVM by {@link StalePostmasterTest}: starts a kept PostgreSQL, says so, and waits to be killed. */
public final class PostgresInChild {
    static final String READY = "POSTGRES READY ";

    private PostgresInChild() {
    }

    public static void main(String[] args) throws InterruptedException {
        EmbeddedPostgresServer pg = EmbeddedPostgresServer.start(Path.of(args[0]), 0);
        System.out.println(READY + pg.jdbcUrl());
        System.out.flush();
        new CountDownLatch(1).await();
    }
}
