package barb.gateway;

import barb.core.KafkaSettings;
import barb.core.TopicCreator;
import barb.core.Topics;
import barb.embedded.SharedInfra;
import com.zaxxer.hikari.HikariConfig;
import com.zaxxer.hikari.HikariDataSource;

import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.Statement;
import java.util.List;

/** The shared broker with Barb's topics and the shared database with the chat schema, set up once per JVM. */
final class TestInfra {
    private static KafkaSettings kafka;
    private static HikariDataSource db;

    private TestInfra() {
    }

    static synchronized KafkaSettings kafka() {
        if (kafka == null) {
            String bootstrap = SharedInfra.kafka().bootstrap();
            TopicCreator.ensure(bootstrap, Topics.all(3, 86_400_000L), (short) 1);
            kafka = KafkaSettings.of(bootstrap);
        }
        return kafka;
    }

    static synchronized HikariDataSource db() throws Exception {
        if (db == null) {
            var pg = SharedInfra.postgres();
            HikariConfig cfg = new HikariConfig();
            cfg.setJdbcUrl(pg.jdbcUrl());
            cfg.setUsername(pg.user());
            cfg.setPassword(pg.password());
            cfg.setMaximumPoolSize(8);
            db = new HikariDataSource(cfg);
            // The trace-sink module owns the migrations (Flyway); here the schema files are simply executed in
            // version order (each is written to be run again safely).
            List<Path> migrations;
            try (var files = Files.list(Path.of("../sql"))) {
                migrations = files.filter(f -> f.getFileName().toString().matches("V\\d+__.*\\.sql"))
                        .sorted(java.util.Comparator.comparingInt(TestInfra::version)).toList();
            }
            try (Connection c = db.getConnection(); Statement st = c.createStatement()) {
                for (Path migration : migrations) {
                    st.execute(Files.readString(migration));
                }
            }
        }
        return db;
    }

    private static int version(Path migration) {
        String name = migration.getFileName().toString();
        return Integer.parseInt(name.substring(1, name.indexOf("__")));
    }
}
