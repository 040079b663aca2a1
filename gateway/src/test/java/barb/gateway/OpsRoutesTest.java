package barb.gateway;

import barb.core.ConsumerGroups;
import barb.core.Json;
import barb.core.KafkaSettings;
import barb.figures.FiguresService;
import barb.embedded.SharedInfra;
import barb.lag.LagMonitor;
import com.fasterxml.jackson.databind.JsonNode;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.time.Duration;
import java.util.Map;
import java.util.UUID;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/** The ops page's endpoints: the page, the figures, the lag history, the slowest requests and a request's trace. */
class OpsRoutesTest {
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
                lag, new FiguresService.Settings("ops-routes-test-" + UUID.randomUUID(),
                        SharedInfra.tempDir("ops-routes-figures")));
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
    void servesThePageAsHtml() throws Exception {
        HttpResponse<String> r = get("/ops");

        assertThat(r.statusCode()).isEqualTo(200);
        assertThat(r.headers().firstValue("content-type").orElse("")).startsWith("text/html");
        assertThat(r.body()).contains("<title>Barb · operations</title>").contains("/ops/figures");
    }

    @Test
    void servesTheLastFifteenMinutesOfFiguresOnceTheTopologyRuns() throws Exception {
        await().atMost(Duration.ofSeconds(90)).until(() -> get("/ops/figures").statusCode() == 200);
        JsonNode body = Json.parse(get("/ops/figures").body());

        assertThat(body.path("window_seconds").asInt()).isEqualTo(60);
        assertThat(body.path("minutes")).hasSize(15);
        JsonNode minute = body.path("minutes").get(14);
        assertThat(minute.path("minute").asText()).endsWith(":00Z");
        assertThat(minute.has("requests")).isTrue();
        assertThat(minute.path("stages").isObject()).isTrue();
        assertThat(Json.parse(get("/ops/figures?minutes=3").body()).path("minutes")).hasSize(3);
    }

    @Test
    void keepsTheLagReadingsForTheChart() throws Exception {
        await().atMost(Duration.ofSeconds(60)).until(() ->
                Json.parse(get("/ops/lag-history").body()).path("points").size() >= 2);
        JsonNode body = Json.parse(get("/ops/lag-history").body());

        assertThat(body.path("span_seconds").asInt()).isEqualTo(900);
        JsonNode point = body.path("points").get(0);
        assertThat(point.path("at").asText()).isNotBlank();
        assertThat(point.has("sum_lag")).isTrue();
        assertThat(point.has("groups_not_ok")).isTrue();
    }

    @Test
    void listsTheSlowestRecentRequestWithALinkToItsStoredSteps() throws Exception {
        String requestId = storeRequest(59_000);

        JsonNode slowest = Json.parse(get("/ops/slowest?minutes=5&limit=3").body());
        JsonNode first = slowest.path("requests").get(0);
        assertThat(first.path("request_id").asText()).isEqualTo(requestId);
        assertThat(first.path("duration_ms").asInt()).isEqualTo(59_000);
        assertThat(first.path("route").asText()).isEqualTo("data");
        String traceUrl = first.path("trace_url").asText();
        assertThat(traceUrl).isEqualTo("/ops/requests/" + requestId + "/trace");

        HttpResponse<String> trace = get(traceUrl);
        assertThat(trace.statusCode()).isEqualTo(200);
        JsonNode body = Json.parse(trace.body());
        assertThat(body.path("request").path("question").asText()).isEqualTo("slow question " + requestId);
        assertThat(body.path("steps")).hasSize(2);
        assertThat(body.path("steps").get(0).path("agent_name").asText()).isEqualTo("intent");
        assertThat(body.path("steps").get(1).path("agent_name").asText()).isEqualTo("executor");
        assertThat(body.path("steps").get(1).path("duration_ms").asInt()).isEqualTo(58_000);
    }

    @Test
    void refusesBadInputAndAnswers404ForAnUnknownRequest() throws Exception {
        assertThat(get("/ops/requests/not-a-uuid/trace").statusCode()).isEqualTo(400);
        assertThat(get("/ops/requests/" + UUID.randomUUID() + "/trace").statusCode()).isEqualTo(404);
        assertThat(get("/ops/slowest?limit=0").statusCode()).isEqualTo(400);
        assertThat(get("/ops/slowest?minutes=abc").statusCode()).isEqualTo(400);
        HttpResponse<String> tooMany = get("/ops/figures?minutes=61");
        assertThat(tooMany.statusCode()).isEqualTo(400);
        assertThat(Json.parse(tooMany.body()).path("message").asText()).contains("minutes");
    }

    /** A finished request with two steps, as the trace-sink stores it. */
    static String storeRequest(int durationMs) throws Exception {
        String userId = UUID.randomUUID().toString();
        String chatId = UUID.randomUUID().toString();
        String requestId = UUID.randomUUID().toString();
        try (Connection c = TestInfra.db().getConnection()) {
            exec(c, "insert into auth.users (id) values (?::uuid)", userId);
            exec(c, "insert into public.chat_sessions (id, user_id) values (?::uuid, ?::uuid)", chatId, userId);
            exec(c, "insert into public.chat_logs (request_id, user_id, chat_id, question, route, agents_used,"
                    + " duration_ms, completed_at) values (?::uuid, ?::uuid, ?::uuid, ?, 'data',"
                    + " '{intent,executor}', " + durationMs + ", now())",
                    requestId, userId, chatId, "slow question " + requestId);
            exec(c, "insert into public.request_traces (request_id, user_id, step_number, agent_name, duration_ms)"
                    + " values (?::uuid, ?::uuid, 1, 'intent', 3), (?::uuid, ?::uuid, 2, 'executor', 58000)",
                    requestId, userId, requestId, userId);
        }
        return requestId;
    }

    private static void exec(Connection c, String sql, String... params) throws Exception {
        try (PreparedStatement ps = c.prepareStatement(sql)) {
            for (int i = 0; i < params.length; i++) {
                ps.setString(i + 1, params[i]);
            }
            ps.executeUpdate();
        }
    }
}
