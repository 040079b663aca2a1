package barb.gateway;

import barb.core.Json;
import com.fasterxml.jackson.databind.JsonNode;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.UUID;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import static org.assertj.core.api.Assertions.assertThat;

/** {@code GET /openapi.json} held to the gateway's real route table, and the routes to the document. */
class OpenApiTest {
    private static final Set<String> METHODS = Set.of("get", "put", "post", "delete", "options", "head", "patch",
            "trace");
    private static final Pattern PATH_PARAM = Pattern.compile("\\{([^}]+)}");

    private static Gateway gateway;
    private static SseClient client;
    private static JsonNode doc;

    @BeforeAll
    static void start() throws Exception {
        gateway = Gateway.start(GatewayConfig.fromEnv(Map.of("BARB_HTTP_PORT", "0")), TestInfra.kafka(),
                TestInfra.db());
        client = new SseClient(gateway.port());
        SseClient.Result r = client.get("/openapi.json");
        assertThat(r.status()).isEqualTo(200);
        assertThat(r.header("Content-Type")).startsWith("application/json");
        doc = r.json();
    }

    @AfterAll
    static void stop() {
        if (gateway != null) {
            gateway.close();
        }
    }

    /** One documented operation. */
    private record Operation(String method, String path, JsonNode pathItem, JsonNode operation) {
        String key() {
            return method.toUpperCase() + " " + path;
        }
    }

    private static List<Operation> operations() {
        List<Operation> out = new ArrayList<>();
        for (Iterator<Map.Entry<String, JsonNode>> paths = doc.get("paths").fields(); paths.hasNext(); ) {
            Map.Entry<String, JsonNode> path = paths.next();
            for (Iterator<Map.Entry<String, JsonNode>> ops = path.getValue().fields(); ops.hasNext(); ) {
                Map.Entry<String, JsonNode> op = ops.next();
                if (METHODS.contains(op.getKey())) {
                    out.add(new Operation(op.getKey(), path.getKey(), path.getValue(), op.getValue()));
                }
            }
        }
        return out;
    }

    private static ApiRoute routeOf(Operation op) {
        return gateway.routeTable().stream()
                .filter(r -> r.method().text().equalsIgnoreCase(op.method()) && r.path().equals(op.path()))
                .findFirst().orElseThrow(() -> new AssertionError("no route for " + op.key()));
    }

    @Test
    void documentsExactlyTheRoutesTheServerHas() {
        assertThat(doc.get("openapi").asText()).startsWith("3.1.");
        assertThat(doc.at("/info/title").asText()).isEqualTo("Barb");
        List<String> documented = operations().stream().map(Operation::key).toList();
        List<String> routed = gateway.routeTable().stream().map(r -> r.method().text() + " " + r.path()).toList();
        assertThat(documented).doesNotHaveDuplicates().containsExactlyInAnyOrderElementsOf(routed);
    }

    @Test
    void everyDocumentedOperationIsAnsweredByItsRouteNotByTheFallback() throws Exception {
        for (Operation op : operations()) {
            String path = PATH_PARAM.matcher(op.path()).replaceAll(UUID.randomUUID().toString());
            String body = op.method().equals("post") || op.method().equals("patch") ? "{}" : null;
            SseClient.Result r = body == null ? client.send(op.method().toUpperCase(), path, null)
                    : client.send(op.method().toUpperCase(), path, body, "Content-Type", "application/json");
            assertThat(r.status()).as(op.key()).isNotEqualTo(405);
            if (r.status() == 404 && r.json() != null) {
                assertThat(r.json().get("message").asText()).as(op.key()).doesNotStartWith("no such route");
            }
            assertThat(op.operation().get("responses").has(Integer.toString(r.status())))
                    .as(op.key() + " answered " + r.status() + ", which the document does not list").isTrue();
        }
    }

    @Test
    void eachOperationIsWellFormedAndItsSecurityMatchesTheRoute() {
        Set<String> operationIds = new HashSet<>();
        for (Operation op : operations()) {
            JsonNode o = op.operation();
            assertThat(operationIds.add(o.path("operationId").asText())).as(op.key() + " operationId").isTrue();
            assertThat(o.path("summary").asText()).as(op.key()).isNotBlank();
            assertThat(o.path("responses").size()).as(op.key()).isPositive();

            Set<String> inPath = new HashSet<>();
            Matcher m = PATH_PARAM.matcher(op.path());
            while (m.find()) {
                inPath.add(m.group(1));
            }
            Set<String> declared = new HashSet<>();
            for (JsonNode params : List.of(op.pathItem().path("parameters"), o.path("parameters"))) {
                for (JsonNode p : params) {
                    if (p.path("in").asText().equals("path")) {
                        assertThat(p.path("required").asBoolean()).as(op.key() + " " + p).isTrue();
                        declared.add(p.path("name").asText());
                    }
                }
            }
            assertThat(declared).as(op.key() + " path parameters").isEqualTo(inPath);

            ApiRoute route = routeOf(op);
            JsonNode security = o.has("security") ? o.get("security") : doc.get("security");
            List<String> schemes = new ArrayList<>();
            security.forEach(req -> req.fieldNames().forEachRemaining(schemes::add));
            switch (route.access()) {
                case USER -> assertThat(schemes).as(op.key()).containsExactly("userToken");
                case OPERATOR -> assertThat(schemes).as(op.key()).containsExactly("operatorToken");
                case PUBLIC -> assertThat(schemes).as(op.key()).isEmpty();
            }
            assertThat(RequestGuard.isOperatorPath(op.path())).as(op.key())
                    .isEqualTo(route.access() == ApiRoute.Access.OPERATOR);
        }
    }

    @Test
    void everyReferenceResolves() {
        List<String> refs = new ArrayList<>();
        collectRefs(doc, refs);
        assertThat(refs).isNotEmpty();
        for (String ref : refs) {
            assertThat(ref).startsWith("#/");
            assertThat(doc.at(ref.substring(1)).isMissingNode()).as(ref).isFalse();
        }
        doc.at("/components/securitySchemes").fieldNames().forEachRemaining(name ->
                assertThat(Json.toString(doc)).contains("\"" + name + "\":[]"));
    }

    private static void collectRefs(JsonNode node, List<String> refs) {
        if (node.isObject()) {
            node.fields().forEachRemaining(e -> {
                if (e.getKey().equals("$ref")) {
                    refs.add(e.getValue().asText());
                } else {
                    collectRefs(e.getValue(), refs);
                }
            });
        } else if (node.isArray()) {
            node.forEach(n -> collectRefs(n, refs));
        }
    }
}
