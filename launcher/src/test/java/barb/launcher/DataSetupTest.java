package barb.launcher;

import barb.executor.DataInfo;
import barb.executor.SyntheticHistory;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

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
}
