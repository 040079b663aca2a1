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
            // The trace-sink module owns the migrations (Flyway); here the schema file is simply executed.
            String schema = Files.readString(Path.of("../sql/V1__chat_schema.sql"));
            try (Connection c = db.getConnection(); Statement st = c.createStatement()) {
                st.execute(schema);
            }
        }
        return db;
    }
}
