package barb.gemini;

import barb.core.Json;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;

import java.io.IOException;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;

/** A local stand-in for the Gemini REST API: answers POST /v1beta/models/{model}:generateContent from a script. */
final class GeminiStub implements AutoCloseable {

    /** What the stub saw. */
    record Request(String path, JsonNode body, String apiKey) {
        String userText() {
            return body.path("contents").path(0).path("parts").path(0).path("text").asText();
        }

        JsonNode generationConfig() {
            return body.path("generationConfig");
        }
    }

    /** One scripted answer. */
    sealed interface Answer permits Reply, Hang {
    }

    record Reply(int status, String body, Map<String, String> headers) implements Answer {
    }

    /** Keeps the exchange open until the stub is closed, then answers: the client must time out first. */
    record Hang() implements Answer {
    }

    private final HttpServer server;
    private final ExecutorService executor = Executors.newCachedThreadPool();
    private final Deque<Answer> script = new ArrayDeque<>();
    private final List<Request> requests = new CopyOnWriteArrayList<>();
    private final CountDownLatch release = new CountDownLatch(1);
    private Answer fallback;

    GeminiStub() throws IOException {
        server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
        server.setExecutor(executor);
        server.createContext("/", this::handle);
        server.start();
    }

    String baseUrl() {
        return "http://127.0.0.1:" + server.getAddress().getPort();
    }

    synchronized GeminiStub then(Answer answer) {
        script.addLast(answer);
        return this;
    }

    /** The answer once the script is used up. */
    synchronized GeminiStub always(Answer answer) {
        fallback = answer;
        return this;
    }

    List<Request> requests() {
        return List.copyOf(requests);
    }

    static Reply ok(String text, int prompt, int candidates, int thoughts, int cached) {
        ObjectNode root = Json.object();
        ArrayNode candidatesNode = root.putArray("candidates");
        ObjectNode candidate = candidatesNode.addObject();
        ObjectNode content = candidate.putObject("content");
        content.put("role", "model");
        content.putArray("parts").addObject().put("text", text);
        candidate.put("finishReason", "STOP");
        candidate.put("index", 0);
        ObjectNode usage = root.putObject("usageMetadata");
        usage.put("promptTokenCount", prompt);
        usage.put("candidatesTokenCount", candidates);
        usage.put("thoughtsTokenCount", thoughts);
        usage.put("cachedContentTokenCount", cached);
        usage.put("totalTokenCount", prompt + candidates + thoughts);
        root.put("modelVersion", "stub");
        root.put("responseId", "stub-response");
        return new Reply(200, root.toString(), Map.of());
    }

    static Reply error(int status, String grpcStatus, Map<String, String> headers) {
        return new Reply(status, "{\"error\":{\"code\":" + status + ",\"message\":\"scripted failure\",\"status\":\""
                + grpcStatus + "\"}}", headers);
    }

    /** Gemini's real 429 shape: RetryInfo in error.details. */
    static Reply quotaExceeded(String retryDelay) {
        return new Reply(429, """
                {"error":{"code":429,"message":"You exceeded your current quota.","status":"RESOURCE_EXHAUSTED",
                 "details":[{"@type":"type.googleapis.com/google.rpc.RetryInfo","retryDelay":"%s"}]}}"""
                .formatted(retryDelay), Map.of());
    }

    private void handle(HttpExchange exchange) throws IOException {
        try (exchange) {
            byte[] raw = exchange.getRequestBody().readAllBytes();
            JsonNode body = raw.length == 0 ? Json.object() : Json.parse(new String(raw, StandardCharsets.UTF_8));
            requests.add(new Request(exchange.getRequestURI().getPath(), body,
                    exchange.getRequestHeaders().getFirst("x-goog-api-key")));
            Answer answer = next();
            if (answer instanceof Hang) {
                release.await(30, TimeUnit.SECONDS);
                answer = ok("{}", 1, 1, 0, 0);
            }
            Reply reply = (Reply) answer;
            byte[] out = reply.body().getBytes(StandardCharsets.UTF_8);
            exchange.getResponseHeaders().set("Content-Type", "application/json; charset=UTF-8");
            reply.headers().forEach((k, v) -> exchange.getResponseHeaders().set(k, v));
            exchange.sendResponseHeaders(reply.status(), out.length);
            try (OutputStream os = exchange.getResponseBody()) {
                os.write(out);
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        } catch (IOException e) {
            // The client gave up on this exchange (timeout): nothing to answer.
        }
    }

    private synchronized Answer next() {
        Answer answer = script.pollFirst();
        if (answer != null) {
            return answer;
        }
        if (fallback != null) {
            return fallback;
        }
        return error(500, "INTERNAL", Map.of());
    }

    @Override
    public void close() {
        release.countDown();
        server.stop(0);
        executor.shutdownNow();
    }
}
