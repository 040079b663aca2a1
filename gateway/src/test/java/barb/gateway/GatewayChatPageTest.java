package barb.gateway;

import barb.core.Json;
import com.fasterxml.jackson.databind.JsonNode;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

/** The chat page as the gateway serves it: the HTML with its security headers, its files, and /config.json. */
class GatewayChatPageTest {
    private static final HttpClient http = HttpClient.newHttpClient();
    private static Gateway gateway;

    @BeforeAll
    static void start() throws Exception {
        gateway = Gateway.start(GatewayConfig.fromEnv(Map.of("BARB_HTTP_PORT", "0")), TestInfra.kafka(),
                TestInfra.db());
    }

    @AfterAll
    static void stop() {
        if (gateway != null) {
            gateway.close();
        }
    }

    private static HttpResponse<String> send(HttpRequest.Builder request) throws Exception {
        return http.send(request.build(), HttpResponse.BodyHandlers.ofString());
    }

    private static HttpRequest.Builder request(String path) {
        return HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + gateway.port() + path));
    }

    @Test
    void servesThePageWithItsSecurityHeaders() throws Exception {
        HttpResponse<String> page = send(request("/"));
        assertThat(page.statusCode()).isEqualTo(200);
        assertThat(page.headers().firstValue("content-type")).hasValue("text/html; charset=utf-8");
        assertThat(page.headers().firstValue("content-security-policy").orElseThrow())
                .contains("script-src 'self'", "connect-src 'self';");
        assertThat(page.headers().firstValue("x-frame-options")).hasValue("DENY");
        assertThat(page.body()).contains("<script type=\"module\" src=\"/assets/app.js\"></script>");
    }

    @Test
    void servesEachFileOfThePageWithItsTypeAndRevalidation() throws Exception {
        for (String name : ChatPage.ASSETS) {
            HttpResponse<String> asset = send(request("/assets/" + name));
            assertThat(asset.statusCode()).as(name).isEqualTo(200);
            assertThat(asset.headers().firstValue("content-type")).as(name).hasValue(ChatPage.contentType(name));
            assertThat(asset.headers().firstValue("x-content-type-options")).hasValue("nosniff");
            String etag = asset.headers().firstValue("etag").orElseThrow();
            HttpResponse<String> again = send(request("/assets/" + name).header("If-None-Match", etag));
            assertThat(again.statusCode()).as(name).isEqualTo(304);
            assertThat(again.body()).isEmpty();
        }
        assertThat(send(request("/assets/app.js")).body()).contains("new ChatApp().start()");
    }

    @Test
    void servesNothingElseUnderAssets() throws Exception {
        for (String path : new String[]{"/assets/nope.js", "/assets/..%2Fops.html", "/assets/", "/assets/a/b.js"}) {
            HttpResponse<String> r = send(request(path));
            assertThat(r.statusCode()).as(path).isEqualTo(404);
            assertThat(Json.parse(r.body()).get("error").asText()).isEqualTo("not_found");
        }
        HttpResponse<String> post = send(request("/").header("Content-Type", "application/json")
                .POST(HttpRequest.BodyPublishers.ofString("{}")));
        assertThat(post.statusCode()).isEqualTo(405);
        assertThat(post.headers().firstValue("allow")).hasValue("GET");
    }

    @Test
    void configTellsThePageThereIsNoSignInInDevMode() throws Exception {
        HttpResponse<String> r = send(request("/config.json"));
        assertThat(r.statusCode()).isEqualTo(200);
        assertThat(r.headers().firstValue("content-type")).hasValue("application/json");
        JsonNode config = Json.parse(r.body());
        assertThat(config).isEqualTo(Json.object().put("auth", "dev"));
    }
}
