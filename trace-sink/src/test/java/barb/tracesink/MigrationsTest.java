package barb.tracesink;

import com.zaxxer.hikari.HikariDataSource;
import org.junit.jupiter.api.Test;

import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;

import static org.assertj.core.api.Assertions.assertThat;

class MigrationsTest {

    @Test
    void schemaIsPackagedAndAppliedOnceOnAFreshDatabase() throws SQLException {
        assertThat(Migrations.class.getResource("/db/migration/V1__chat_schema.sql")).isNotNull();
        try (HikariDataSource ds = TestDatabases.fresh("migrations")) {
            assertThat(Migrations.apply(ds)).isEqualTo(4);
            assertThat(Migrations.apply(ds)).isZero();
            try (Connection c = ds.getConnection(); Statement st = c.createStatement();
                 ResultSet rs = st.executeQuery("""
                         select count(*) from information_schema.tables
                          where table_schema = 'public'
                            and table_name in ('chat_sessions', 'chat_logs', 'request_traces')""")) {
                rs.next();
                assertThat(rs.getInt(1)).isEqualTo(3);
            }
            try (Connection c = ds.getConnection(); Statement st = c.createStatement();
                 ResultSet rs = st.executeQuery("""
                         select count(*) from information_schema.columns
                          where table_schema = 'public'
                            and (table_name, column_name) in (('chat_logs', 'replay_of'), ('chat_logs', 'replay_mode'),
                                                              ('request_traces', 'replay_of'))""")) {
                rs.next();
                assertThat(rs.getInt(1)).as("the replay marks of V2").isEqualTo(3);
            }
        }
    }

    @Test
    void aDatabaseWithOtherObjectsButNoHistoryIsBaselinedAndStillMigrated() throws SQLException {
        try (HikariDataSource ds = TestDatabases.fresh("baseline")) {
            try (Connection c = ds.getConnection(); Statement st = c.createStatement()) {
                st.execute("create table public.something_else (id int)");
            }
            assertThat(Migrations.apply(ds)).isEqualTo(4);
            try (Connection c = ds.getConnection(); Statement st = c.createStatement();
                 ResultSet rs = st.executeQuery("select to_regclass('public.chat_logs') is not null")) {
                rs.next();
                assertThat(rs.getBoolean(1)).isTrue();
            }
        }
    }
}
