package barb.embedded;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The embedded PostgreSQL is native code: the binaries of every platform zonky ships are on the class path, so
 * {@code ./barb up} can start on arm64 Linux and Apple silicon as well as on x86-64 Linux, macOS and Windows.
 * (Only the running platform's binaries can be started here; the others are checked to be packaged.)
 */
class PostgresBinariesTest {
    @ParameterizedTest
    @ValueSource(strings = {"postgres-linux-x86_64.txz", "postgres-linux-arm_64.txz", "postgres-darwin-x86_64.txz",
            "postgres-darwin-arm_64.txz", "postgres-windows-x86_64.txz"})
    void theBinariesOfEachPlatformAreOnTheClassPath(String archive) {
        assertThat(getClass().getClassLoader().getResource(archive)).as(archive).isNotNull();
    }
}
