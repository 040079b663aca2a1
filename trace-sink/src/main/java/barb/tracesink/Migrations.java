package barb.tracesink;

import org.flywaydb.core.Flyway;
import org.flywaydb.core.api.MigrationInfo;
import org.flywaydb.core.api.output.MigrateResult;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import javax.sql.DataSource;

/** Applies the schema in sql/ (packaged under db/migration) with Flyway. */
public final class Migrations {
    private static final Logger log = LoggerFactory.getLogger(Migrations.class);

    private Migrations() {
    }

    /**
     * Brings the database up to the newest migration; returns how many were applied (0 when it already was).
     * A database that already holds other objects but no Flyway history (a Supabase project) is baselined at
     * version 0, so V1 still runs: it only creates what is missing.
     */
    public static int apply(DataSource ds) {
        Flyway flyway = Flyway.configure()
                .dataSource(ds)
                .locations("classpath:db/migration")
                .baselineOnMigrate(true)
                .baselineVersion("0")
                .load();
        MigrateResult result = flyway.migrate();
        MigrationInfo current = flyway.info().current();
        log.info("database schema at version {} ({} migration(s) applied now)",
                current == null ? "none" : current.getVersion(), result.migrationsExecuted);
        return result.migrationsExecuted;
    }
}
