package barb.gateway;

import barb.core.ConsumerGroups;
import barb.core.Json;
import barb.core.KafkaSettings;
import barb.core.Stage;
import barb.lag.LagMonitor;
import com.fasterxml.jackson.databind.JsonNode;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/** The operators' endpoints: {@code /metrics} in Prometheus text and {@code /lag} as JSON. */
class GatewayOpsTest {
    private static ProcessMetrics metrics;
    private static Gateway gateway;
    private static final HttpClient http = HttpClient.newHttpClient();

    @BeforeAll
    static void start() throws Exception {
        KafkaSettings kafka = TestInfra.kafka();
        metrics = new ProcessMetrics();
        LagMonitor.Settings lag = LagMonitor.Settings.defaults(ConsumerGroups.all(ConsumerGroups.TRACE_SINK))
                .withInterval(Duration.ofMillis(200));
        gateway = Gateway.start(GatewayConfig.fromEnv(Map.of("BARB_HTTP_PORT", "0")), kafka, TestInfra.db(), metrics,
                lag);
    }

    @AfterAll
    static void stop() {
        if (gateway != null) {
            gateway.close();
        }
        if (metrics != null) {
            metrics.close();
        }
    }

    private static HttpResponse<String> get(String path) throws Exception {
        return http.send(HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + gateway.port() + path)).build(),
                HttpResponse.BodyHandlers.ofString());
    }

    @Test
    void metricsServeTheLagUnderKafkaLagExporterNamesWithTheStatusAndTheJvm() throws Exception {
        await().atMost(Duration.ofSeconds(60)).until(() -> get("/metrics").body()
                .contains("kafka_consumergroup_group_lag{"));
        HttpResponse<String> r = get("/metrics");

        assertThat(r.statusCode()).isEqualTo(200);
        assertThat(r.headers().firstValue("content-type").orElse("")).startsWith("text/plain");
        String body = r.body();
        String parser = "group=\"" + Stage.PARSER.groupId() + "\"";
        assertThat(body).containsPattern("(?m)^kafka_consumergroup_group_lag\\{.*" + parser
                + ".*partition=\"0\".*topic=\"barb.stage.parser.v1\".*} \\d");
        assertThat(body).containsPattern("(?m)^kafka_consumergroup_group_lag_seconds\\{.*" + parser + ".*} ");
        assertThat(body).containsPattern("(?m)^kafka_consumergroup_group_max_lag\\{.*" + parser + ".*} ");
        assertThat(body).containsPattern("(?m)^kafka_consumergroup_group_max_lag_seconds\\{.*" + parser + ".*} ");
        assertThat(body).containsPattern("(?m)^kafka_consumergroup_group_sum_lag\\{.*" + parser + ".*} ");
        assertThat(body).containsPattern("(?m)^kafka_consumergroup_group_sum_lag\\{.*group=\"barb-trace-sink\".*} ");
        assertThat(body).containsPattern("(?m)^barb_consumergroup_status\\{.*" + parser + ".*status=\"OK\".*} 1");
        assertThat(body).contains("cluster_name=\"barb\"");
        assertThat(body).containsPattern("(?m)^jvm_memory_used_bytes\\{");
        assertThat(body).containsPattern("(?m)^barb_lag_monitor_admin_calls_total \\d");
        assertThat(body).containsPattern("(?m)^barb_gateway_streams_open 0");
    }

    @Test
    void lagIsTheSameSnapshotAsJson() throws Exception {
        await().atMost(Duration.ofSeconds(60)).until(() -> get("/lag").statusCode() == 200);
        HttpResponse<String> r = get("/lag");

        assertThat(r.headers().firstValue("content-type").orElse("")).startsWith("application/json");
        JsonNode body = Json.parse(r.body());
        assertThat(body.path("sampled_at").asText()).isNotBlank();
        // every stage, the trace-sink and the ops figures' Streams application
        assertThat(body.path("groups")).hasSize(Stage.values().length + 2);
        JsonNode intent = body.path("groups").get(0);
        assertThat(intent.path("group").asText()).isEqualTo(Stage.INTENT.groupId());
        assertThat(intent.path("topics").get(0).asText()).isEqualTo(Stage.INTENT.topic());
        assertThat(intent.path("status").asText()).isIn("OK", "WARN", "ERR");
        assertThat(intent.path("partitions")).hasSize(3);
        JsonNode p0 = intent.path("partitions").get(0);
        assertThat(p0.path("topic").asText()).isEqualTo(Stage.INTENT.topic());
        assertThat(p0.path("partition").asInt()).isZero();
        assertThat(p0.has("log_end_offset")).isTrue();
        assertThat(p0.has("lag")).isTrue();
        assertThat(p0.path("status").asText()).isNotBlank();
    }
}
