package barb.launcher;

import barb.core.Stage;
import org.junit.jupiter.api.Test;

import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class AgentSelectionTest {

    @Test
    void rulesWithoutAKeyGeminiWithOneAndPerAgentOverrides() {
        assertThat(AgentSelection.fromEnv(Map.of(), false).anyGemini()).isFalse();
        AgentSelection withKey = AgentSelection.fromEnv(Map.of(), true);
        assertThat(withKey.gemini(Stage.UNDERSTANDER)).isTrue();
        assertThat(withKey.gemini(Stage.PLANNER)).isFalse();
        AgentSelection mixed = AgentSelection.fromEnv(Map.of("BARB_LLM", "rules", "BARB_LLM_PARSER", "Gemini"), true);
        assertThat(mixed.gemini(Stage.PARSER)).isTrue();
        assertThat(mixed.gemini(Stage.INTENT)).isFalse();
        assertThat(withKey.gemini(Stage.PRESENTER)).isTrue();
        AgentSelection rulesText = AgentSelection.fromEnv(Map.of("BARB_LLM_PRESENTER", "rules"), true);
        assertThat(rulesText.gemini(Stage.PRESENTER)).isFalse();
        assertThat(rulesText.gemini(Stage.PARSER)).isTrue();
    }

    @Test
    void badChoicesNameTheVariable() {
        assertThatThrownBy(() -> AgentSelection.fromEnv(Map.of("BARB_LLM_CLARIFIER", "gpt"), true))
                .hasMessageContaining("BARB_LLM_CLARIFIER must be rules or gemini");
        assertThatThrownBy(() -> AgentSelection.fromEnv(Map.of("BARB_LLM", "gemini"), false))
                .hasMessageContaining("no Gemini API key");
    }
}
