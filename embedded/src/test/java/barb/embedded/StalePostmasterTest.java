package barb.embedded;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.Statement;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** Issue 13 §5: after kill -9 of the process that ran the embedded PostgreSQL, the next start works first time. */
class StalePostmasterTest {

    @Test
    void aPostgresOrphanedByAKilledJvmIsStoppedAndTheNextStartSucceeds(@TempDir Path dir) throws Exception {
        Path data = dir.resolve("postgres");
        Process child = startChild(data);
        String oldUrl = awaitReady(child);
        long orphan = StalePostmaster.PidFile.read(data.resolve(StalePostmaster.PID_FILE)).orElseThrow().pid();

        child.destroyForcibly();
        assertThat(child.waitFor(60, TimeUnit.SECONDS)).isTrue();
        assertThat(ProcessHandle.of(orphan).map(ProcessHandle::isAlive)).as("the postmaster outlives its JVM")
                .contains(true);
        try (Connection c = DriverManager.getConnection(oldUrl, "postgres", "");
             Statement s = c.createStatement()) {
            s.execute("create table kept (v int); insert into kept values (42)");
        }

        try (EmbeddedPostgresServer pg = EmbeddedPostgresServer.start(data, 0)) {
            assertThat(ProcessHandle.of(orphan).map(ProcessHandle::isAlive).orElse(false)).isFalse();
            try (Connection c = DriverManager.getConnection(pg.jdbcUrl(), pg.user(), pg.password());
                 Statement s = c.createStatement(); ResultSet rs = s.executeQuery("select v from kept")) {
                assertThat(rs.next()).isTrue();
                assertThat(rs.getInt(1)).as("what the old server committed is still there").isEqualTo(42);
            }
        }
    }

    @Test
    void aPidFileOfADeadOrForeignProcessIsRemoved(@TempDir Path data) throws Exception {
        // The pid of this test JVM: alive, but not a postgres, as after a pid was reused.
        Files.writeString(data.resolve(StalePostmaster.PID_FILE), ProcessHandle.current().pid() + "\n" + data + "\n");

        StalePostmaster.clear(data, Duration.ofSeconds(5));

        assertThat(data.resolve(StalePostmaster.PID_FILE)).doesNotExist();
        assertThat(ProcessHandle.current().isAlive()).isTrue();
    }

    @Test
    void aFolderThatALiveProcessOwnsIsLeftAloneWithAClearError(@TempDir Path data) throws Exception {
        Files.writeString(data.resolve(StalePostmaster.PID_FILE), "1\n" + data + "\n");
        try (var ch = java.nio.channels.FileChannel.open(data.resolve(StalePostmaster.OWNER_LOCK),
                java.nio.file.StandardOpenOption.CREATE, java.nio.file.StandardOpenOption.WRITE);
             var lock = ch.lock()) {
            assertThatThrownBy(() -> StalePostmaster.clear(data, Duration.ofSeconds(5)))
                    .isInstanceOf(IllegalStateException.class).hasMessageContaining("in use by another running Barb");
        }
        assertThat(data.resolve(StalePostmaster.PID_FILE)).exists();
    }

    private static Process startChild(Path data) throws Exception {
        List<String> cmd = new ArrayList<>();
        cmd.add(ProcessHandle.current().info().command().orElseThrow());
        cmd.add("-cp");
        cmd.add(System.getProperty("java.class.path"));
        cmd.add(PostgresInChild.class.getName());
        cmd.add(data.toString());
        return new ProcessBuilder(cmd).redirectErrorStream(true).start();
    }

    /** Reads the child's output until it says the server is up; the JDBC URL it printed. */
    private static String awaitReady(Process child) throws Exception {
        BufferedReader out = new BufferedReader(new InputStreamReader(child.getInputStream(), StandardCharsets.UTF_8));
        StringBuilder seen = new StringBuilder();
        String line;
        while ((line = out.readLine()) != null) {
            if (line.startsWith(PostgresInChild.READY)) {
                return line.substring(PostgresInChild.READY.length()).strip();
            }
            seen.append(line).append('\n');
        }
        throw new AssertionError("the child ended before PostgreSQL was ready:\n" + seen);
    }
}
