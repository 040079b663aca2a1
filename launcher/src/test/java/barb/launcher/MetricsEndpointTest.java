package barb.launcher;

import org.junit.jupiter.api.Test;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class MetricsEndpointTest {
    private static HttpResponse<String> send(HttpRequest request) throws Exception {
        return HttpClient.newHttpClient().send(request, HttpResponse.BodyHandlers.ofString());
    }

    @Test
    void servesTheRegistrysTextAtMetricsAndJsonErrorsElsewhere() throws Exception {
        barb.gateway.ProcessMetrics metrics = new barb.gateway.ProcessMetrics();
        metrics.registry().counter("barb_stage_records_handled", "stage", "parser").increment(3);
        try (MetricsEndpoint endpoint = MetricsEndpoint.start("127.0.0.1", 0, metrics::scrape)) {
            String base = "http://127.0.0.1:" + endpoint.port();
            HttpResponse<String> ok = send(HttpRequest.newBuilder(URI.create(base + "/metrics")).GET().build());
            assertThat(ok.statusCode()).isEqualTo(200);
            assertThat(ok.headers().firstValue("Content-Type")).hasValueSatisfying(v -> assertThat(v).startsWith("text/plain"));
            assertThat(ok.body()).contains("barb_stage_records_handled_total{stage=\"parser\"} 3.0")
                    .contains("jvm_memory_used_bytes");
            HttpResponse<String> missing = send(HttpRequest.newBuilder(URI.create(base + "/chats")).GET().build());
            assertThat(missing.statusCode()).isEqualTo(404);
            assertThat(missing.body()).contains("\"error\":\"not_found\"");
            HttpResponse<String> post = send(HttpRequest.newBuilder(URI.create(base + "/metrics"))
                    .POST(HttpRequest.BodyPublishers.ofString("x")).build());
            assertThat(post.statusCode()).isEqualTo(405);
        } finally {
            metrics.close();
        }
    }

    @Test
    void thePortIsTheDefaultANumberOrOffAndAnythingElseIsRefused() {
        assertThat(MetricsEndpoint.port(Map.of())).isEqualTo(MetricsEndpoint.DEFAULT_PORT);
        assertThat(MetricsEndpoint.port(Map.of("BARB_METRICS_PORT", "9555"))).isEqualTo(9555);
        assertThat(MetricsEndpoint.port(Map.of("BARB_METRICS_PORT", "off"))).isEqualTo(-1);
        assertThatThrownBy(() -> MetricsEndpoint.port(Map.of("BARB_METRICS_PORT", "ninety")))
                .hasMessageContaining("BARB_METRICS_PORT must be 0..65535 or off");
        assertThatThrownBy(() -> MetricsEndpoint.port(Map.of("BARB_METRICS_PORT", "70000")))
                .hasMessageContaining("BARB_METRICS_PORT");
    }
}
