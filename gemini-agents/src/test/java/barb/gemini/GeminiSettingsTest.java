package barb.gemini;

import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class GeminiSettingsTest {

    @Test
    void defaultsMatchTheDocumentedTable() {
        GeminiSettings s = GeminiSettings.fromEnv(Map.of());
        assertThat(s.hasApiKey()).isFalse();
        assertThat(s.baseUrl()).isEqualTo("https://generativelanguage.googleapis.com");
        assertThat(s.timeout()).isEqualTo(Duration.ofSeconds(20));
        assertThat(s.maxAttempts()).isEqualTo(3);
        assertThat(s.baseBackoff()).isEqualTo(Duration.ofMillis(500));
        assertThat(s.maxBackoff()).isEqualTo(Duration.ofSeconds(8));
        assertThat(s.agent("understander")).isEqualTo(new AgentModelSettings("gemini-2.5-flash", 0.2, 1024, 4096));
        assertThat(s.agent("parser")).isEqualTo(new AgentModelSettings("gemini-2.5-flash-lite", 0.1, 512, 2048));
        for (String agent : new String[] {"intent", "clarifier", "clarify_continue", "presenter", "responder"}) {
            assertThat(s.agent(agent)).isEqualTo(new AgentModelSettings("gemini-2.5-flash-lite", 0.1, 0, 2048));
        }
        assertThat(s.agents().keySet()).containsExactlyInAnyOrderElementsOf(GeminiSettings.AGENTS);
    }

    @Test
    void environmentOverridesEachAgentAndTheTransport() {
        GeminiSettings s = GeminiSettings.fromEnv(Map.of(
                "BARB_GEMINI_API_KEY", " key-1 ",
                "BARB_GEMINI_BASE_URL", "http://127.0.0.1:9999/",
                "BARB_GEMINI_TIMEOUT_MS", "1500",
                "BARB_GEMINI_MAX_ATTEMPTS", "5",
                "BARB_GEMINI_CLARIFY_CONTINUE_MODEL", "gemini-2.5-pro",
                "BARB_GEMINI_CLARIFY_CONTINUE_TEMPERATURE", "0.75",
                "BARB_GEMINI_CLARIFY_CONTINUE_THINKING_BUDGET", "2048",
                "BARB_GEMINI_CLARIFY_CONTINUE_MAX_OUTPUT_TOKENS", "8192"));
        assertThat(s.apiKey()).isEqualTo("key-1");
        assertThat(s.baseUrl()).isEqualTo("http://127.0.0.1:9999");
        assertThat(s.timeout()).isEqualTo(Duration.ofMillis(1500));
        assertThat(s.maxAttempts()).isEqualTo(5);
        assertThat(s.agent("clarify_continue")).isEqualTo(new AgentModelSettings("gemini-2.5-pro", 0.75, 2048, 8192));
        assertThat(s.agent("clarifier").model()).isEqualTo("gemini-2.5-flash-lite");
    }

    @Test
    void theKeyFallsBackToGeminiThenGoogleVariables() {
        assertThat(GeminiSettings.fromEnv(Map.of("GOOGLE_API_KEY", "g", "GEMINI_API_KEY", "m")).apiKey()).isEqualTo("m");
        assertThat(GeminiSettings.fromEnv(Map.of("GOOGLE_API_KEY", "g")).apiKey()).isEqualTo("g");
        assertThat(GeminiSettings.fromEnv(Map.of("GOOGLE_API_KEY", "g", "BARB_GEMINI_API_KEY", "b")).apiKey()).isEqualTo("b");
    }

    @Test
    void theKeyNeverShowsInToString() {
        GeminiSettings s = GeminiSettings.defaults("secret-value");
        assertThat(s.toString()).doesNotContain("secret-value").contains("apiKey=***");
    }

    @Test
    void badValuesNameTheVariable() {
        assertBad("BARB_GEMINI_PARSER_TEMPERATURE", "warm");
        assertBad("BARB_GEMINI_PARSER_TEMPERATURE", "2.5");
        assertBad("BARB_GEMINI_PARSER_TEMPERATURE", "-0.1");
        assertBad("BARB_GEMINI_PARSER_TEMPERATURE", "NaN");
        assertBad("BARB_GEMINI_INTENT_THINKING_BUDGET", "-1");
        assertBad("BARB_GEMINI_INTENT_THINKING_BUDGET", "lots");
        assertBad("BARB_GEMINI_RESPONDER_MAX_OUTPUT_TOKENS", "0");
        assertBad("BARB_GEMINI_UNDERSTANDER_MODEL", "../../etc");
        assertBad("BARB_GEMINI_TIMEOUT_MS", "-5");
        assertBad("BARB_GEMINI_TIMEOUT_MS", "20s");
        assertBad("BARB_GEMINI_MAX_ATTEMPTS", "0");
        assertBad("BARB_GEMINI_BASE_URL", "ftp://example");
        assertThatThrownBy(() -> GeminiSettings.fromEnv(Map.of("BARB_GEMINI_BACKOFF_MS", "9000")))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("BARB_GEMINI_MAX_BACKOFF_MS");
    }

    @Test
    void anUnknownAgentIsAnError() {
        assertThatThrownBy(() -> GeminiSettings.defaults(null).agent("executor"))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("executor");
    }

    private static void assertBad(String variable, String value) {
        assertThatThrownBy(() -> GeminiSettings.fromEnv(Map.of(variable, value)))
                .as("%s=%s", variable, value)
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining(variable);
    }
}
