package barb.launcher;

import barb.executor.DataInfo;
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
    void aSecondExecutorOnTheSameDataFolderGetsASentenceNotADuckDbStackTrace(@TempDir Path dir) throws Exception {
        LauncherConfig config = LauncherConfig.fromEnv(Map.of("BARB_DATA_DIR", dir.toString()));
        Process holder = new ProcessBuilder(List.of(ProcessHandle.current().info().command().orElseThrow(), "-cp",
                System.getProperty("java.class.path"), DuckDbInChild.class.getName(), config.duckdbFile().toString()))
                .redirectErrorStream(true).start();
        try {
            BufferedReader out = new BufferedReader(new InputStreamReader(holder.getInputStream(),
                    StandardCharsets.UTF_8));
            String line;
            while ((line = out.readLine()) != null && !line.equals(DuckDbInChild.READY)) {
                // the child's start-up output
            }
            assertThat(line).as("the child holds the file").isEqualTo(DuckDbInChild.READY);

            assertThatThrownBy(() -> DataSetup.openOrGenerate(config)).isInstanceOf(IllegalStateException.class)
                    .hasMessageContaining("is open in another process").hasMessageContaining("BARB_DATA_DIR");
        } finally {
            holder.destroyForcibly();
        }
    }
}
