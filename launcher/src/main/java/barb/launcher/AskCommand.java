package barb.launcher;

import barb.core.Json;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.io.PrintStream;
import java.net.ConnectException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;

/** {@code barb ask "question"}: posts to a running gateway and prints the streamed answer and its table. */
@Command(name = "ask", description = "Ask a running Barb a question and print the streamed answer."
        + " With sign-in on, set BARB_TOKEN to your Supabase access token.")
final class AskCommand implements Callable<Integer> {
    @Parameters(index = "0", paramLabel = "QUESTION", description = "The question, in quotes.")
    String question;

    @Option(names = "--chat", paramLabel = "ID", description = "Continue this chat (its id is printed after each answer).")
    String chatId;

    @Option(names = "--url", paramLabel = "URL", description = "Gateway URL (default: http://127.0.0.1:$BARB_HTTP_PORT or :8080).")
    String url;

    @Option(names = "--steps", description = "Also print every pipeline step as it starts and ends.")
    boolean steps;

    @Override
    public Integer call() throws Exception {
        String base = url != null ? url : "http://127.0.0.1:" + System.getenv().getOrDefault("BARB_HTTP_PORT", "8080");
        ObjectNode body = Json.object().put("message", question);
        if (chatId != null) {
            body.put("chat_id", chatId);
        }
        HttpClient http = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).build();
        HttpRequest.Builder builder = HttpRequest.newBuilder(URI.create(base + "/chat/stream"))
                .header("Content-Type", "application/json")
                .header("Accept", "text/event-stream")
                .POST(HttpRequest.BodyPublishers.ofString(Json.toString(body)));
        // With sign-in on, the user's Supabase access token; read from the environment so it stays out of the
        // shell history and the process list.
        String token = System.getenv("BARB_TOKEN");
        if (token != null && !token.isBlank()) {
            builder.header("Authorization", "Bearer " + token.trim());
        }
        HttpRequest request = builder.build();
        HttpResponse<java.io.InputStream> response;
        try {
            response = http.send(request, HttpResponse.BodyHandlers.ofInputStream());
        } catch (ConnectException e) {
            System.err.println("No Barb is listening at " + base + ". Start it with ./barb up");
            return 2;
        }
        if (response.statusCode() != 200) {
            String text = new String(response.body().readAllBytes(), StandardCharsets.UTF_8);
            System.err.println("Barb answered HTTP " + response.statusCode() + ": " + text);
            return 1;
        }
        AnswerPrinter printer = new AnswerPrinter(System.out, System.err, steps);
        try (BufferedReader reader = new BufferedReader(new InputStreamReader(response.body(), StandardCharsets.UTF_8))) {
            SseParser.read(reader, e -> printer.accept(e.event(), Json.parse(e.data())));
        }
        return printer.failed() ? 1 : 0;
    }

    /** Turns SSE events into terminal output as they arrive. */
    static final class AnswerPrinter {
        private final PrintStream out;
        private final PrintStream err;
        private final boolean steps;
        private final List<JsonNode> dataBlocks = new ArrayList<>();
        private boolean failed;

        AnswerPrinter(PrintStream out, PrintStream err, boolean steps) {
            this.out = out;
            this.err = err;
            this.steps = steps;
        }

        boolean failed() {
            return failed;
        }

        void accept(String event, JsonNode data) {
            switch (event) {
                case "step_start" -> {
                    if (steps) {
                        err.println("  … " + data.path("agent").asText());
                    }
                }
                case "step_end" -> {
                    if (steps) {
                        err.println("  ✓ " + data.path("agent").asText() + " " + data.path("duration_ms").asLong() + " ms");
                    }
                }
                case "acknowledge" -> out.println(data.path("content").asText());
                case "data_block" -> dataBlocks.add(data);
                case "answer" -> {
                    out.println();
                    out.println(data.path("content").asText());
                }
                case "error" -> {
                    failed = true;
                    err.println("error (" + data.path("code").asText() + "): " + data.path("message").asText());
                }
                case "cancelled" -> {
                    failed = true;
                    err.println("cancelled (the request was stopped at the " + data.path("agent").asText() + " step)");
                }
                case "done" -> {
                    for (JsonNode block : dataBlocks) {
                        printTable(block);
                    }
                    out.println();
                    out.println("chat " + data.path("chat_id").asText() + " · " + data.path("route").asText()
                            + " · " + data.path("duration_ms").asLong() + " ms");
                }
                default -> {
                    // events the CLI does not show
                }
            }
            out.flush();
        }

        private void printTable(JsonNode block) {
            JsonNode table = block.path("table");
            if (!table.isArray() || table.isEmpty()) {
                return;
            }
            List<String> columns = new ArrayList<>();
            block.path("columns").forEach(c -> columns.add(c.asText()));
            if (columns.isEmpty()) {
                table.get(0).fieldNames().forEachRemaining(columns::add);
            }
            out.println();
            out.print(TablePrinter.render(columns, table));
            JsonNode meta = block.path("metadata");
            long sources = block.path("source_row_count").asLong(0);
            StringBuilder note = new StringBuilder();
            if (sources > 0) {
                note.append(sources).append(" source rows");
            }
            if (meta.hasNonNull("data_source")) {
                if (!note.isEmpty()) {
                    note.append(" · ");
                }
                note.append(meta.get("data_source").asText()).append(" data");
            }
            if (!note.isEmpty()) {
                out.println("(" + note + ")");
            }
        }
    }
}
