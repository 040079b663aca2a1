package barb.launcher;

import barb.executor.DataInfo;
import barb.executor.MarketDataStore;
import barb.executor.SyntheticHistory;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class DataSetupTest {
    @Test
    void onlySyntheticDataOfAnOlderGeneratorIsMadeAgain() {
        assertThat(DataSetup.isOutdatedSynthetic(DataInfo.SYNTHETIC, "2")).isTrue();
        assertThat(DataSetup.isOutdatedSynthetic(DataInfo.SYNTHETIC, null)).isTrue();
        assertThat(DataSetup.isOutdatedSynthetic(DataInfo.SYNTHETIC, SyntheticHistory.GENERATOR_VERSION))
                .isFalse();
        // imported bars are the user's: never regenerated, whatever the version says
        assertThat(DataSetup.isOutdatedSynthetic(DataInfo.IMPORTED, "2")).isFalse();
        assertThat(DataSetup.isOutdatedSynthetic(DataInfo.IMPORTED, null)).isFalse();
    }

    @Test
    void anExecutorBesideAProcessWritingTheDataGetsASentenceNotADuckDbStackTrace(@TempDir Path dir)
            throws Exception {
        LauncherConfig config = LauncherConfig.fromEnv(Map.of("BARB_DATA_DIR", dir.toString()));
        Process holder = holdInChild(config.duckdbFile(), "read-write");
        try {
            assertThatThrownBy(() -> DataSetup.openOrGenerate(config)).isInstanceOf(IllegalStateException.class)
                    .hasMessageContaining("is open in another process").hasMessageContaining("BARB_DATA_DIR");
        } finally {
            holder.destroyForcibly();
        }
    }

    @Test
    void executorsInSeveralProcessesShareOneReadyDataFolderReadOnly(@TempDir Path dir) throws Exception {
        LauncherConfig config = LauncherConfig.fromEnv(Map.of("BARB_DATA_DIR", dir.toString(),
                "BARB_DATA_FROM", "2024-01-02", "BARB_DATA_TO", "2024-02-29"));
        long bars;
        try (MarketDataStore first = DataSetup.openOrGenerate(config)) {
            bars = first.info().barCount();
        }
        Process other = holdInChild(config.duckdbFile(), "read-only");
        try (MarketDataStore second = DataSetup.openOrGenerate(config)) {
            assertThat(second.info().barCount()).isEqualTo(bars).isPositive();
            // a plan's temporary table works on a shared file; the file itself cannot be changed
            long counted = second.withConnection(c -> {
                try (var st = c.createStatement()) {
                    st.execute("create temp table plan_probe as select count(*) n from bars");
                    var rs = st.executeQuery("select n from plan_probe");
                    rs.next();
                    return rs.getLong(1);
                }
            });
            assertThat(counted).isEqualTo(bars);
            assertThatThrownBy(() -> second.withConnection(c -> c.createStatement().execute(
                    "create table written (v int)"))).isInstanceOf(java.sql.SQLException.class);
        } finally {
            other.destroyForcibly();
        }
    }

    private static Process holdInChild(Path file, String mode) throws Exception {
        Process holder = new ProcessBuilder(List.of(ProcessHandle.current().info().command().orElseThrow(), "-cp",
                System.getProperty("java.class.path"), DuckDbInChild.class.getName(), file.toString(), mode))
                .redirectErrorStream(true).start();
        BufferedReader out = new BufferedReader(new InputStreamReader(holder.getInputStream(),
                StandardCharsets.UTF_8));
        String line;
        while ((line = out.readLine()) != null && !line.equals(DuckDbInChild.READY)) {
            // the child's start-up output
        }
        assertThat(line).as("the child holds the file").isEqualTo(DuckDbInChild.READY);
        return holder;
    }
}
