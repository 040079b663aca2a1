package barb.launcher;

import com.sun.net.httpserver.HttpServer;

import java.io.IOException;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.util.Map;
import java.util.function.Supplier;

/**
 * {@code GET /metrics} for a worker process that runs no gateway ({@code barb worker parser}, {@code barb worker
 * trace-sink}): Prometheus scrapes every process, not only the one with the chat API. The JDK's small HTTP server is
 * enough for one read-only text endpoint.
 */
final class MetricsEndpoint implements AutoCloseable {
    static final int DEFAULT_PORT = 9400;

    private final HttpServer server;

    private MetricsEndpoint(HttpServer server) {
        this.server = server;
    }

    /**
     * @param scrape the Prometheus text of the process's registry, read at each request
     */
    static MetricsEndpoint start(String host, int port, Supplier<String> scrape) throws IOException {
        HttpServer server = HttpServer.create(new InetSocketAddress(host, port), 0);
        server.createContext("/", exchange -> {
            try (exchange) {
                boolean metrics = exchange.getRequestURI().getPath().equals("/metrics");
                boolean get = exchange.getRequestMethod().equals("GET");
                String body;
                int status;
                if (!metrics) {
                    status = 404;
                    body = "{\"error\":\"not_found\",\"message\":\"only /metrics is served here\"}";
                    exchange.getResponseHeaders().set("Content-Type", "application/json");
                } else if (!get) {
                    status = 405;
                    body = "{\"error\":\"method_not_allowed\",\"message\":\"/metrics answers GET\"}";
                    exchange.getResponseHeaders().set("Content-Type", "application/json");
                } else {
                    status = 200;
                    body = scrape.get();
                    exchange.getResponseHeaders().set("Content-Type", "text/plain; version=0.0.4; charset=utf-8");
                }
                byte[] bytes = body.getBytes(StandardCharsets.UTF_8);
                exchange.sendResponseHeaders(status, bytes.length);
                try (OutputStream out = exchange.getResponseBody()) {
                    out.write(bytes);
                }
            }
        });
        server.start();
        return new MetricsEndpoint(server);
    }

    /** The port from {@code BARB_METRICS_PORT}: the default when unset, -1 for "off"; bad values are refused. */
    static int port(Map<String, String> env) {
        String value = env.get("BARB_METRICS_PORT");
        if (value == null || value.isBlank()) {
            return DEFAULT_PORT;
        }
        if (value.strip().equalsIgnoreCase("off")) {
            return -1;
        }
        int port;
        try {
            port = Integer.parseInt(value.strip());
        } catch (NumberFormatException e) {
            port = -1;
        }
        if (port < 0 || port > 65535) {
            throw new IllegalArgumentException("BARB_METRICS_PORT must be 0..65535 or off, got " + value);
        }
        return port;
    }

    int port() {
        return server.getAddress().getPort();
    }

    @Override
    public void close() {
        server.stop(0);
    }
}
