package barb.launcher;

import java.io.BufferedReader;
import java.io.IOException;
import java.util.function.Consumer;

/** Reads a text/event-stream: one {@link SseEvent} per blank-line-terminated block (WHATWG rules, minus retry). */
final class SseParser {
    record SseEvent(String id, String event, String data) {
    }

    private SseParser() {
    }

    static void read(BufferedReader reader, Consumer<SseEvent> sink) throws IOException {
        String id = null;
        String event = "message";
        StringBuilder data = null;
        String line;
        while ((line = reader.readLine()) != null) {
            if (line.isEmpty()) {
                if (data != null) {
                    sink.accept(new SseEvent(id, event, data.toString()));
                }
                event = "message";
                data = null;
                continue;
            }
            if (line.startsWith(":")) {
                continue;
            }
            int colon = line.indexOf(':');
            String field = colon < 0 ? line : line.substring(0, colon);
            String value = colon < 0 ? "" : line.substring(colon + 1);
            if (value.startsWith(" ")) {
                value = value.substring(1);
            }
            switch (field) {
                case "id" -> id = value;
                case "event" -> event = value;
                case "data" -> {
                    if (data == null) {
                        data = new StringBuilder(value);
                    } else {
                        data.append('\n').append(value);
                    }
                }
                default -> {
                    // other fields (retry, unknown) carry nothing for the CLI
                }
            }
        }
        if (data != null) {
            sink.accept(new SseEvent(id, event, data.toString()));
        }
    }
}
