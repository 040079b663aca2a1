package barb.launcher;

import barb.core.Json;

import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.BooleanSupplier;

/**
 * Questions posted to one or more gateways by {@code concurrency} clients (client c uses gateway c mod n), each
 * stream read to its end and checked by {@link StreamCheck}. Used by {@code barb bench pipeline} and
 * {@code barb bench chaos}.
 */
final class PipelineLoad {
    /**
     * How one question ended.
     *
     * @param status    HTTP status, -1 when no response came (connection refused, time-out)
     * @param firstMs   to the first SSE event, -1 when none
     * @param totalMs   to the end of the stream (or the failure)
     * @param stream    the stream's verdict; null when there was no stream
     * @param failure   what went wrong outside the stream (HTTP error body, exception), null when nothing
     * @param overDeadline the stream ended (or did not) after the client's deadline
     */
    record Outcome(int status, long firstMs, long totalMs, StreamCheck.Stream stream, String failure,
                   boolean overDeadline) {
        boolean answered() {
            return stream != null && stream.done() && !stream.error() && stream.problems().isEmpty();
        }

        /** Ended with an answer or an explicit error: an error event and done, or a refusal with a status. */
        boolean ended() {
            if (overDeadline) {
                return false;
            }
            if (stream != null) {
                return stream.ended();
            }
            return status >= 400;
        }

        String requestId() {
            return stream == null ? null : stream.requestId();
        }
    }

    private final List<String> urls;
    private final Duration deadline;
    private final HttpClient http = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).build();
    private final StreamCheck check = new StreamCheck();

    /** @param deadline how long a client waits for a stream to end before it counts the request as silent */
    PipelineLoad(List<String> urls, Duration deadline) {
        if (urls.isEmpty()) {
            throw new IllegalArgumentException("at least one gateway URL");
        }
        this.urls = List.copyOf(urls);
        this.deadline = deadline;
    }

    /** Every outcome of a run, in the order they ended. */
    record Run(List<Outcome> outcomes, double seconds) {
        long count(java.util.function.Predicate<Outcome> p) {
            return outcomes.stream().filter(p).count();
        }

        List<Long> totals() {
            return outcomes.stream().filter(Outcome::answered).map(Outcome::totalMs).toList();
        }

        List<Long> firsts() {
            return outcomes.stream().filter(Outcome::answered).map(Outcome::firstMs).toList();
        }

        List<String> problems() {
            List<String> p = new ArrayList<>();
            for (Outcome o : outcomes) {
                if (o.stream() != null) {
                    o.stream().problems().forEach(x -> p.add((o.requestId() == null ? "?" : o.requestId()) + ": " + x));
                }
            }
            return p;
        }
    }

    /** Sends {@code requests} questions (or until {@code stop} says so when requests is 0) and waits for all. */
    Run run(List<String> questions, int requests, int concurrency, BooleanSupplier stop) throws Exception {
        List<Outcome> outcomes = Collections.synchronizedList(new ArrayList<>());
        AtomicInteger next = new AtomicInteger();
        AtomicBoolean limitless = new AtomicBoolean(requests <= 0);
        long t0 = System.nanoTime();
        try (ExecutorService pool = Executors.newVirtualThreadPerTaskExecutor()) {
            List<Future<?>> clients = new ArrayList<>();
            for (int c = 0; c < concurrency; c++) {
                String url = urls.get(c % urls.size());
                clients.add(pool.submit(() -> {
                    int i;
                    while (!stop.getAsBoolean()
                            && ((i = next.getAndIncrement()) < requests || limitless.get())) {
                        outcomes.add(ask(url, questions.get(Math.floorMod(i, questions.size()))));
                    }
                    return null;
                }));
            }
            for (Future<?> f : clients) {
                f.get();
            }
        }
        return new Run(List.copyOf(outcomes), (System.nanoTime() - t0) / 1e9);
    }

    Outcome ask(String url, String question) {
        long start = System.nanoTime();
        HttpRequest request = HttpRequest.newBuilder(URI.create(url + "/chat/stream"))
                .header("Content-Type", "application/json").timeout(deadline)
                .POST(HttpRequest.BodyPublishers.ofString(Json.toString(Json.object().put("message", question))))
                .build();
        long[] first = {-1};
        int status = -1;
        try {
            HttpResponse<java.io.InputStream> response = http.send(request, HttpResponse.BodyHandlers.ofInputStream());
            status = response.statusCode();
            try (BufferedReader reader = new BufferedReader(
                    new InputStreamReader(response.body(), StandardCharsets.UTF_8))) {
                if (status != 200) {
                    String body = reader.lines().collect(java.util.stream.Collectors.joining(" "));
                    return new Outcome(status, -1, ms(start), null, "HTTP " + status + " " + body, late(start));
                }
                List<SseParser.SseEvent> events = new ArrayList<>();
                // the reader is closed from outside when the deadline passes with the stream still open
                Thread watchdog = Thread.ofVirtual().start(() -> {
                    try {
                        Thread.sleep(deadline);
                        response.body().close();
                    } catch (InterruptedException | java.io.IOException ignored) {
                        // ended in time
                    }
                });
                try {
                    SseParser.read(reader, e -> {
                        if (first[0] < 0) {
                            first[0] = ms(start);
                        }
                        events.add(e);
                    });
                } catch (java.io.IOException e) {
                    // the stream broke (the watchdog, or the gateway went away): judged by what arrived
                } finally {
                    watchdog.interrupt();
                }
                return new Outcome(status, first[0], ms(start), check.check(events), null, late(start));
            }
        } catch (Exception e) {
            return new Outcome(status, first[0], ms(start), null, e.toString(), late(start));
        }
    }

    private boolean late(long start) {
        return System.nanoTime() - start > deadline.toNanos();
    }

    private static long ms(long start) {
        return (System.nanoTime() - start) / 1_000_000;
    }
}
