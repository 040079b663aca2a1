package barb.launcher;

import barb.executor.DataInfo;
import barb.executor.SyntheticHistory;
import org.junit.jupiter.api.Test;

import java.time.LocalDate;

import static org.assertj.core.api.Assertions.assertThat;

class DataSetupTest {
    private static DataInfo info(String source, String version) {
        return new DataInfo(source, version, LocalDate.of(2024, 1, 2), LocalDate.of(2024, 1, 5), 1000, 4);
    }

    @Test
    void onlySyntheticDataOfAnOlderGeneratorIsMadeAgain() {
        assertThat(DataSetup.isOutdatedSynthetic(info(DataInfo.SYNTHETIC, "2"))).isTrue();
        assertThat(DataSetup.isOutdatedSynthetic(info(DataInfo.SYNTHETIC, null))).isTrue();
        assertThat(DataSetup.isOutdatedSynthetic(info(DataInfo.SYNTHETIC, SyntheticHistory.GENERATOR_VERSION)))
                .isFalse();
        // imported bars are the user's: never regenerated, whatever the version says
        assertThat(DataSetup.isOutdatedSynthetic(info(DataInfo.IMPORTED, "2"))).isFalse();
        assertThat(DataSetup.isOutdatedSynthetic(info(DataInfo.IMPORTED, null))).isFalse();
    }
}
