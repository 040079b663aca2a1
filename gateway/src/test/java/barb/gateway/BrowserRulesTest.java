package barb.gateway;

import org.junit.jupiter.api.Test;

import java.net.InetSocketAddress;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** The pure rules behind the gateway's door: origins, loopback names, operator access, bearer headers. */
class BrowserRulesTest {
    private static final InetSocketAddress LOCAL = new InetSocketAddress("127.0.0.1", 50_000);
    private static final InetSocketAddress REMOTE = new InetSocketAddress("203.0.113.7", 50_000);

    @Test
    void theDefaultOriginIsTheGatewaysOwn() {
        OriginCheck own = OriginCheck.of(List.of(), "127.0.0.1", 8080);
        assertThat(own.allows("http://localhost:8080")).isTrue();
        assertThat(own.allows("http://127.0.0.1:8080")).isTrue();
        assertThat(own.allows("http://localhost:8081")).isFalse();
        assertThat(own.allows("https://evil.example")).isFalse();
        assertThat(own.allows("null")).isFalse();
        assertThat(own.allows(null)).isTrue();
        OriginCheck configured = OriginCheck.of(List.of("https://Barb.Example.com/"), "0.0.0.0", 8080);
        assertThat(configured.allows("https://barb.example.com")).isTrue();
        assertThat(configured.allows("http://localhost:8080")).isFalse();
    }

    @Test
    void knowsLoopbackNamesWithoutAskingDns() {
        assertThat(Loopback.isLoopbackHostHeader("localhost:8080")).isTrue();
        assertThat(Loopback.isLoopbackHostHeader("127.0.0.1")).isTrue();
        assertThat(Loopback.isLoopbackHostHeader("[::1]:8080")).isTrue();
        assertThat(Loopback.isLoopbackHostHeader("evil.example:8080")).isFalse();
        assertThat(Loopback.isLoopbackHostHeader("localhost.evil.example")).isFalse();
        assertThat(Loopback.isLoopbackHostHeader("127.0.0.1.evil.example")).isFalse();
        assertThat(Loopback.isLoopbackHostHeader("localhost:80x")).isFalse();
        assertThat(Loopback.isLoopbackHostHeader(null)).isFalse();
        assertThat(Loopback.isLoopbackHost("127.0.0.1")).isTrue();
        assertThat(Loopback.isLoopbackHost("0.0.0.0")).isFalse();
    }

    @Test
    void operatorsAreLocalUnlessATokenIsConfigured() {
        OperatorAccess local = new OperatorAccess(null);
        assertThat(local.decide(LOCAL, "localhost:8080", null)).isEqualTo(OperatorAccess.Decision.ALLOWED);
        assertThat(local.decide(REMOTE, "barb.example.com", null)).isEqualTo(OperatorAccess.Decision.LOCAL_ONLY);
        assertThat(local.decide(LOCAL, "evil.example", null)).isEqualTo(OperatorAccess.Decision.LOCAL_ONLY);

        OperatorAccess token = new OperatorAccess("operator-token-0123456789");
        assertThat(token.decide(REMOTE, "barb.example.com", "Bearer operator-token-0123456789"))
                .isEqualTo(OperatorAccess.Decision.ALLOWED);
        // Once a token exists, being local is not enough (a proxy on the same host makes everyone local).
        assertThat(token.decide(LOCAL, "localhost", null)).isEqualTo(OperatorAccess.Decision.NEEDS_TOKEN);
        assertThat(token.decide(LOCAL, "localhost", "Bearer operator-token-012345678"))
                .isEqualTo(OperatorAccess.Decision.NEEDS_TOKEN);
        assertThatThrownBy(() -> new OperatorAccess("short")).hasMessageContaining("at least");
    }

    @Test
    void readsBearerHeaders() {
        assertThat(Bearer.token("Bearer abc")).isEqualTo("abc");
        assertThat(Bearer.token("bearer  abc ")).isEqualTo("abc");
        assertThat(Bearer.token("Basic abc")).isNull();
        assertThat(Bearer.token("Bearer ")).isNull();
        assertThat(Bearer.token("Bearerabc")).isNull();
        assertThat(Bearer.token(null)).isNull();
    }

    @Test
    void requiresJsonBodies() {
        HttpJson.requireJson("application/json");
        HttpJson.requireJson("Application/JSON; charset=utf-8");
        for (String type : new String[]{null, "", "text/plain", "application/x-www-form-urlencoded",
                "multipart/form-data; boundary=x", "application/jsonx"}) {
            assertThatThrownBy(() -> HttpJson.requireJson(type)).isInstanceOf(HttpError.class)
                    .extracting(e -> ((HttpError) e).status()).isEqualTo(415);
        }
    }
}
