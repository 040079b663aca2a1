package barb.embedded;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** Issue 13 §5: a data folder that is kept is written durably; only a throw-away cluster trades that for speed. */
class EmbeddedPostgresServerTest {

    @Test
    void aKeptDataFolderIsWrittenDurably(@TempDir Path dir) throws Exception {
        try (EmbeddedPostgresServer pg = EmbeddedPostgresServer.start(dir.resolve("postgres"), 0)) {
            assertThat(setting(pg, "fsync")).isEqualTo("on");
            assertThat(setting(pg, "full_page_writes")).isEqualTo("on");
            assertThat(setting(pg, "synchronous_commit")).isEqualTo("on");
        }
    }

    @Test
    void onlyTheThrowAwayClusterRunsWithoutDurability() throws Exception {
        try (EmbeddedPostgresServer pg = EmbeddedPostgresServer.startThrowaway()) {
            assertThat(setting(pg, "fsync")).isEqualTo("off");
            assertThat(setting(pg, "synchronous_commit")).isEqualTo("off");
        }
    }

    @Test
    void aKeptServerNeedsItsFolder() {
        assertThatThrownBy(() -> EmbeddedPostgresServer.start(null, 0)).isInstanceOf(IllegalArgumentException.class);
    }

    private static String setting(EmbeddedPostgresServer pg, String name) throws SQLException {
        try (Connection c = DriverManager.getConnection(pg.jdbcUrl(), pg.user(), pg.password());
             Statement s = c.createStatement(); ResultSet rs = s.executeQuery("show " + name)) {
            rs.next();
            return rs.getString(1);
        }
    }
}
