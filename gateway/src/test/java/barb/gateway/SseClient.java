package barb.gateway;

import barb.core.Json;
import com.fasterxml.jackson.databind.JsonNode;

import java.io.BufferedReader;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

/** A small blocking client for the gateway's HTTP API and its SSE streams. */
final class SseClient {
    /** One parsed SSE event. */
    record Event(String name, String id, JsonNode data) {
    }

    /** A finished call: status, headers, and either the events of a stream or a JSON body. */
    record Result(int status, HttpResponse<?> response, List<Event> events, JsonNode json) {
        List<String> names() {
            return events.stream().map(Event::name).toList();
        }

        Event first(String name) {
            return events.stream().filter(e -> e.name().equals(name)).findFirst().orElseThrow();
        }

        String header(String name) {
            return response.headers().firstValue(name).orElse(null);
        }
    }

    private final HttpClient http = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1)
            .connectTimeout(Duration.ofSeconds(10)).build();
    private final String base;
    private final String token;

    SseClient(int port) {
        this(port, null);
    }

    /** @param token sent as {@code Authorization: Bearer} on every call, or null */
    SseClient(int port, String token) {
        this.base = "http://127.0.0.1:" + port;
        this.token = token;
    }

    Result post(String path, String body) throws Exception {
        HttpRequest req = builder(path)
                .timeout(Duration.ofSeconds(90))
                .header("Content-Type", "application/json")
                .POST(HttpRequest.BodyPublishers.ofString(body)).build();
        return read(http.send(req, HttpResponse.BodyHandlers.ofInputStream()));
    }

    /** Any method, with the given headers (name, value, name, value …) and an optional body. */
    Result send(String method, String path, String body, String... headers) throws Exception {
        HttpRequest.Builder b = builder(path).timeout(Duration.ofSeconds(90))
                .method(method, body == null ? HttpRequest.BodyPublishers.noBody()
                        : HttpRequest.BodyPublishers.ofString(body));
        if (headers.length > 0) {
            b.headers(headers);
        }
        return read(http.send(b.build(), HttpResponse.BodyHandlers.ofInputStream()));
    }

    private HttpRequest.Builder builder(String path) {
        HttpRequest.Builder b = HttpRequest.newBuilder(URI.create(base + path));
        return token == null ? b : b.header("Authorization", "Bearer " + token);
    }

    /** Starts a stream and returns its open body, for tests that hang up early. */
    HttpResponse<InputStream> open(String path, String body) throws Exception {
        HttpRequest req = builder(path)
                .header("Content-Type", "application/json")
                .POST(HttpRequest.BodyPublishers.ofString(body)).build();
        return http.send(req, HttpResponse.BodyHandlers.ofInputStream());
    }

    /** Opens {@code GET path} with the given headers (name, value …) and returns its open body. */
    HttpResponse<InputStream> openGet(String path, String... headers) throws Exception {
        HttpRequest.Builder b = builder(path).GET();
        if (headers.length > 0) {
            b.headers(headers);
        }
        return http.send(b.build(), HttpResponse.BodyHandlers.ofInputStream());
    }

    /** {@code GET path} with the given headers (name, value …), read to the end. */
    Result get(String path, String... headers) throws Exception {
        HttpRequest.Builder b = builder(path).timeout(Duration.ofSeconds(90)).GET();
        if (headers.length > 0) {
            b.headers(headers);
        }
        return read(http.send(b.build(), HttpResponse.BodyHandlers.ofInputStream()));
    }

    Result get(String path) throws Exception {
        HttpRequest req = builder(path).timeout(Duration.ofSeconds(30)).GET().build();
        return read(http.send(req, HttpResponse.BodyHandlers.ofInputStream()));
    }

    private static Result read(HttpResponse<InputStream> res) throws Exception {
        String type = res.headers().firstValue("Content-Type").orElse("");
        try (InputStream in = res.body()) {
            if (type.startsWith("text/event-stream")) {
                return new Result(res.statusCode(), res, readEvents(in), null);
            }
            String text = new String(in.readAllBytes(), StandardCharsets.UTF_8);
            JsonNode json = type.startsWith("application/json") && !text.isEmpty() ? Json.parse(text) : null;
            return new Result(res.statusCode(), res, List.of(), json);
        }
    }

    /** Reads events until the server ends the stream. */
    static List<Event> readEvents(InputStream in) throws Exception {
        List<Event> events = new ArrayList<>();
        EventReader reader = new EventReader(in);
        for (Event e = reader.next(); e != null; e = reader.next()) {
            events.add(e);
        }
        return events;
    }

    /** Reads a stream's events one at a time, as they come, and counts the comments between them. */
    static final class EventReader {
        private final BufferedReader reader;
        private int comments;

        EventReader(InputStream in) {
            this.reader = new BufferedReader(new InputStreamReader(in, StandardCharsets.UTF_8));
        }

        /** The next event, or null when the stream ended. */
        Event next() throws Exception {
            String name = null;
            String id = null;
            StringBuilder data = new StringBuilder();
            String line;
            while ((line = reader.readLine()) != null) {
                if (line.isEmpty()) {
                    if (name != null || !data.isEmpty()) {
                        return new Event(name, id, data.isEmpty() ? null : Json.parse(data.toString()));
                    }
                } else if (line.startsWith(":")) {
                    comments++;
                } else if (line.startsWith("event:")) {
                    name = value(line);
                } else if (line.startsWith("id:")) {
                    id = value(line);
                } else if (line.startsWith("data:")) {
                    if (!data.isEmpty()) {
                        data.append('\n');
                    }
                    data.append(value(line));
                }
            }
            return null;
        }

        int comments() {
            return comments;
        }
    }

    /** The field's value; one space after the colon is part of the syntax, not of the value. */
    private static String value(String line) {
        String v = line.substring(line.indexOf(':') + 1);
        return v.startsWith(" ") ? v.substring(1) : v;
    }
}
