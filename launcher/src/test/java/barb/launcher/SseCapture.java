package barb.launcher;

import barb.core.Json;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;

import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

/** Posts a question to the gateway and collects the whole SSE stream. */
final class SseCapture {
    record Event(String id, String name, JsonNode data) {
    }

    record Stream(int status, List<Event> events) {
        List<String> names() {
            return events.stream().map(Event::name).toList();
        }

        Event first(String name) {
            return events.stream().filter(e -> e.name().equals(name)).findFirst()
                    .orElseThrow(() -> new AssertionError("no " + name + " event in " + names()));
        }

        List<Event> all(String name) {
            return events.stream().filter(e -> e.name().equals(name)).toList();
        }

        String answer() {
            return first("answer").data().path("content").asText();
        }

        JsonNode done() {
            return first("done").data();
        }
    }

    private static final HttpClient HTTP = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).build();

    private SseCapture() {
    }

    static Stream ask(int port, String question, String chatId) throws Exception {
        return ask(URI.create("http://127.0.0.1:" + port), question, chatId);
    }

    /**
     * {@code POST /chat/stream} on the gateway at {@code gateway} (scheme, host and port), with headers (name, value
     * …) such as {@code Authorization}.
     */
    static Stream ask(URI gateway, String question, String chatId, String... headers) throws Exception {
        ObjectNode body = Json.object().put("message", question);
        if (chatId != null) {
            body.put("chat_id", chatId);
        }
        HttpRequest.Builder b = HttpRequest.newBuilder(gateway.resolve("/chat/stream"))
                .timeout(Duration.ofSeconds(120))
                .header("Content-Type", "application/json")
                .POST(HttpRequest.BodyPublishers.ofString(Json.toString(body)));
        if (headers.length > 0) {
            b.headers(headers);
        }
        return read(HTTP.send(b.build(), HttpResponse.BodyHandlers.ofInputStream()));
    }

    /** {@code GET path} of a stream, such as {@code /requests/{id}/events}, with headers (name, value …). */
    static Stream get(int port, String path, String... headers) throws Exception {
        HttpRequest.Builder b = HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port + path))
                .timeout(Duration.ofSeconds(120)).GET();
        if (headers.length > 0) {
            b.headers(headers);
        }
        return read(HTTP.send(b.build(), HttpResponse.BodyHandlers.ofInputStream()));
    }

    private static Stream read(HttpResponse<java.io.InputStream> response) throws Exception {
        List<Event> events = new ArrayList<>();
        try (BufferedReader reader = new BufferedReader(new InputStreamReader(response.body(), StandardCharsets.UTF_8))) {
            if (response.statusCode() != 200) {
                return new Stream(response.statusCode(), events);
            }
            SseParser.read(reader, e -> events.add(new Event(e.id(), e.event(), Json.parse(e.data()))));
        }
        return new Stream(response.statusCode(), events);
    }
}
