package barb.gateway;

import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class GatewayConfigTest {
    @Test
    void defaults() {
        GatewayConfig c = GatewayConfig.fromEnv(Map.of());
        assertThat(c.host()).isEqualTo("127.0.0.1");
        assertThat(c.port()).isEqualTo(8080);
        assertThat(c.requestTimeout()).isEqualTo(Duration.ofSeconds(60));
        assertThat(c.grace()).isEqualTo(Duration.ofSeconds(5));
        assertThat(c.maxMessageChars()).isEqualTo(4000);
        assertThat(c.devUserId()).isEqualTo("00000000-0000-0000-0000-000000000001");
    }

    @Test
    void readsAndChecksTheEnvironment() {
        GatewayConfig c = GatewayConfig.fromEnv(Map.of("BARB_HTTP_PORT", "0", "BARB_HTTP_HOST", "0.0.0.0",
                "BARB_REQUEST_TIMEOUT_SECONDS", "5", "BARB_MAX_MESSAGE_CHARS", "10",
                "BARB_DEV_USER_ID", "AAAAAAAA-0000-0000-0000-000000000009"));
        assertThat(c.port()).isZero();
        assertThat(c.host()).isEqualTo("0.0.0.0");
        assertThat(c.requestTimeout()).isEqualTo(Duration.ofSeconds(5));
        assertThat(c.maxMessageChars()).isEqualTo(10);
        assertThat(c.devUserId()).isEqualTo("aaaaaaaa-0000-0000-0000-000000000009");

        assertThatThrownBy(() -> GatewayConfig.fromEnv(Map.of("BARB_HTTP_PORT", "70000")))
                .hasMessageContaining("BARB_HTTP_PORT");
        assertThatThrownBy(() -> GatewayConfig.fromEnv(Map.of("BARB_REQUEST_TIMEOUT_SECONDS", "0")))
                .hasMessageContaining("BARB_REQUEST_TIMEOUT_SECONDS");
        assertThatThrownBy(() -> GatewayConfig.fromEnv(Map.of("BARB_DEV_USER_ID", "dev")))
                .hasMessageContaining("BARB_DEV_USER_ID");
    }
}
