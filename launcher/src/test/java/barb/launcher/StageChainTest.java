package barb.launcher;

import org.junit.jupiter.api.Test;

import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class StageChainTest {
    @Test
    void theRulesAgentsAreChainedUnlessSaidOtherwise() {
        assertThat(StageChain.fromEnv(Map.of())).isEqualTo(StageChain.RULES);
        assertThat(StageChain.fromEnv(Map.of(StageChain.VARIABLE, ""))).isEqualTo(StageChain.RULES);
        assertThat(StageChain.fromEnv(Map.of(StageChain.VARIABLE, "OFF"))).isEqualTo(StageChain.OFF);
        assertThat(StageChain.fromEnv(Map.of(StageChain.VARIABLE, " rules+executor ")))
                .isEqualTo(StageChain.RULES_AND_EXECUTOR);
    }

    @Test
    void anUnknownValueIsRefusedWithTheChoices() {
        assertThatThrownBy(() -> StageChain.fromEnv(Map.of(StageChain.VARIABLE, "all")))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("BARB_STAGE_CHAIN must be off, rules or rules+executor, not 'all'");
    }
}
