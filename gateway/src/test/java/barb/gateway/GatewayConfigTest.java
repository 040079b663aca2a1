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
                "BARB_SUPABASE_URL", "https://project.supabase.co/", "BARB_REQUEST_TIMEOUT_SECONDS", "5", "BARB_MAX_MESSAGE_CHARS", "10",
                "BARB_DEV_USER_ID", "AAAAAAAA-0000-0000-0000-000000000009"));
        assertThat(c.port()).isZero();
        assertThat(c.host()).isEqualTo("0.0.0.0");
        assertThat(c.requestTimeout()).isEqualTo(Duration.ofSeconds(5));
        assertThat(c.maxMessageChars()).isEqualTo(10);
        assertThat(c.devUserId()).isEqualTo("aaaaaaaa-0000-0000-0000-000000000009");
        assertThat(c.auth().kind()).isEqualTo(AuthMode.Kind.SUPABASE);
        assertThat(c.auth().supabaseUrl()).isEqualTo("https://project.supabase.co");

        assertThatThrownBy(() -> GatewayConfig.fromEnv(Map.of("BARB_HTTP_PORT", "70000")))
                .hasMessageContaining("BARB_HTTP_PORT");
        assertThatThrownBy(() -> GatewayConfig.fromEnv(Map.of("BARB_REQUEST_TIMEOUT_SECONDS", "0")))
                .hasMessageContaining("BARB_REQUEST_TIMEOUT_SECONDS");
        assertThatThrownBy(() -> GatewayConfig.fromEnv(Map.of("BARB_DEV_USER_ID", "dev")))
                .hasMessageContaining("BARB_DEV_USER_ID");
    }

    @Test
    void devModeWhenNothingIsSetOnLoopback() {
        GatewayConfig c = GatewayConfig.fromEnv(Map.of());
        assertThat(c.auth().isDev()).isTrue();
        assertThat(c.auth().explicit()).isFalse();
        assertThat(GatewayConfig.fromEnv(Map.of("BARB_AUTH", "dev", "BARB_HTTP_HOST", "localhost")).auth().isDev())
                .isTrue();
    }

    @Test
    void refusesDevModeOnAnAddressOtherMachinesReach() {
        assertThatThrownBy(() -> GatewayConfig.fromEnv(Map.of("BARB_HTTP_HOST", "0.0.0.0")))
                .hasMessageContaining("refusing to start").hasMessageContaining("BARB_SUPABASE_JWT_SECRET");
        assertThatThrownBy(() -> GatewayConfig.fromEnv(Map.of("BARB_HTTP_HOST", "0.0.0.0", "BARB_AUTH", "dev")))
                .hasMessageContaining("refusing to start");
        assertThatThrownBy(() -> GatewayConfig.fromEnv(Map.of("BARB_HTTP_HOST", "::")))
                .hasMessageContaining("refusing to start");
    }

    @Test
    void signInIsOnWithASecretOrAUrl() {
        GatewayConfig secret = GatewayConfig.fromEnv(Map.of("BARB_HTTP_HOST", "0.0.0.0",
                "BARB_SUPABASE_JWT_SECRET", TestTokens.SECRET));
        assertThat(secret.auth().kind()).isEqualTo(AuthMode.Kind.SUPABASE);
        assertThat(secret.toString()).doesNotContain(TestTokens.SECRET);
        assertThatThrownBy(() -> GatewayConfig.fromEnv(Map.of("BARB_AUTH", "dev",
                "BARB_SUPABASE_JWT_SECRET", TestTokens.SECRET))).hasMessageContaining("both set");
        assertThatThrownBy(() -> GatewayConfig.fromEnv(Map.of("BARB_AUTH", "supabase")))
                .hasMessageContaining("needs BARB_SUPABASE_JWT_SECRET");
        assertThatThrownBy(() -> GatewayConfig.fromEnv(Map.of("BARB_AUTH", "none")))
                .hasMessageContaining("BARB_AUTH must be dev or supabase");
        assertThatThrownBy(() -> GatewayConfig.fromEnv(Map.of("BARB_SUPABASE_URL", "project.supabase.co")))
                .hasMessageContaining("http(s) URL");
    }

    @Test
    void readsOriginsAndTheOperatorTokenWithoutPrintingIt() {
        String token = "operator-token-0123456789";
        GatewayConfig c = GatewayConfig.fromEnv(Map.of("BARB_ALLOWED_ORIGINS",
                "https://barb.example.com, http://localhost:5173", "BARB_OPERATOR_TOKEN", token));
        assertThat(c.allowedOrigins()).containsExactly("https://barb.example.com", "http://localhost:5173");
        assertThat(c.toString()).doesNotContain(token);
        assertThatThrownBy(() -> GatewayConfig.fromEnv(Map.of("BARB_ALLOWED_ORIGINS", "https://x.example/path")))
                .hasMessageContaining("not an origin");
        assertThatThrownBy(() -> GatewayConfig.fromEnv(Map.of("BARB_OPERATOR_TOKEN", "short")))
                .hasMessageContaining("at least 16");
    }

    @Test
    void readsTheAnonKeyTheChatPageSignsInWith() {
        GatewayConfig c = GatewayConfig.fromEnv(Map.of("BARB_SUPABASE_URL", "https://project.supabase.co",
                "BARB_SUPABASE_ANON_KEY", " eyJhbGciOiJIUzI1NiJ9.eyJyb2xlIjoiYW5vbiJ9.c2ln "));
        assertThat(c.auth().anonKey()).isEqualTo("eyJhbGciOiJIUzI1NiJ9.eyJyb2xlIjoiYW5vbiJ9.c2ln");
        assertThat(GatewayConfig.fromEnv(Map.of("BARB_SUPABASE_URL", "https://project.supabase.co")).auth().anonKey())
                .isNull();
        assertThatThrownBy(() -> GatewayConfig.fromEnv(Map.of("BARB_SUPABASE_ANON_KEY", "sb_publishable_x")))
                .hasMessageContaining("BARB_SUPABASE_ANON_KEY is set but BARB_SUPABASE_URL is not");
        assertThatThrownBy(() -> GatewayConfig.fromEnv(Map.of("BARB_SUPABASE_URL", "https://project.supabase.co",
                "BARB_SUPABASE_ANON_KEY", "key\"><script>")))
                .hasMessageContaining("BARB_SUPABASE_ANON_KEY must be");
    }
}
