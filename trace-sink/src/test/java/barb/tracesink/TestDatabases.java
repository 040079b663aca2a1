package barb.tracesink;

import barb.embedded.EmbeddedPostgresServer;
import barb.embedded.SharedInfra;
import com.zaxxer.hikari.HikariDataSource;

import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.concurrent.atomic.AtomicInteger;

/** A new, empty database in the shared server for each test class, so their rows never meet. */
final class TestDatabases {
    private static final AtomicInteger counter = new AtomicInteger();

    private TestDatabases() {
    }

    static HikariDataSource fresh(String prefix) {
        EmbeddedPostgresServer pg = SharedInfra.postgres();
        String name = prefix + "_" + ProcessHandle.current().pid() + "_" + counter.incrementAndGet();
        try (Connection c = DriverManager.getConnection(pg.jdbcUrl(), pg.user(), pg.password());
             Statement st = c.createStatement()) {
            st.execute("create database " + name);
        } catch (SQLException e) {
            throw new IllegalStateException("cannot create test database " + name, e);
        }
        String base = pg.jdbcUrl();
        String url = base.substring(0, base.lastIndexOf('/') + 1) + name;
        return new PgSettings(url, pg.user(), pg.password(), 4).dataSource();
    }
}
