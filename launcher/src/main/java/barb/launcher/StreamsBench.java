package barb.launcher;

import barb.core.Json;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

import java.io.BufferedReader;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Callable;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * {@code barb bench streams}: how many idle SSE streams one gateway holds and what each costs. Run it against a
 * stack whose answers take long (e.g. {@code BARB_SIMULATED_LLM_MS=200000-250000 BARB_REQUEST_TIMEOUT_SECONDS=900
 * ./barb up}), so every stream stays open with nothing but heartbeats; with {@code --pid} of the gateway's JVM it
 * collects garbage there (jcmd) before and after and reports heap and RSS per stream.
 */
@Command(name = "streams", description = "Open many idle SSE streams on one gateway and report memory per stream.")
final class StreamsBench implements Callable<Integer> {
    private static final Pattern HEAP = Pattern.compile("(?m)^jvm_memory_used_bytes\\{[^}]*area=\"heap\"[^}]*} (\\S+)");
    private static final Pattern OPEN = Pattern.compile("(?m)^barb_gateway_streams_open(?:\\{[^}]*})? (\\S+)");

    @Option(names = "--url", description = "Gateway URL (default http://127.0.0.1:8080).")
    String url = "http://127.0.0.1:8080";

    @Option(names = "--count", description = "Streams to open (default 10000).")
    int count = 10_000;

    @Option(names = "--pid", description = "Process id of the gateway's JVM, for heap and RSS per stream.")
    Long pid;

    @Option(names = "--open-timeout", description = "Seconds to wait for every stream's first line, an event or a "
            + "heartbeat (default 300).")
    int openTimeout = 300;

    @Override
    public Integer call() throws Exception {
        if (count < 1) {
            System.err.println("--count must be at least 1");
            return 2;
        }
        HttpClient http = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(30)).build();
        Memory before = memory(http);
        System.out.printf(Locale.ROOT, "before: %s%n", before);
        CountDownLatch opened = new CountDownLatch(count);
        AtomicInteger failed = new AtomicInteger();
        ConcurrentLinkedQueue<InputStream> bodies = new ConcurrentLinkedQueue<>();
        long t0 = System.nanoTime();
        try (ExecutorService pool = Executors.newVirtualThreadPerTaskExecutor()) {
            for (int i = 0; i < count; i++) {
                int n = i;
                pool.submit(() -> hold(http, n, opened, failed, bodies));
            }
            boolean all = opened.await(openTimeout, TimeUnit.SECONDS);
            double seconds = (System.nanoTime() - t0) / 1e9;
            long open = count - opened.getCount() - failed.get();
            System.out.printf(Locale.ROOT, "opened %d of %d streams in %.1f s (%d refused or failed)%n", open, count,
                    seconds, failed.get());
            Memory after = memory(http);
            System.out.printf(Locale.ROOT, "with them open: %s%n", after);
            if (before.rssBytes() > 0 && after.rssBytes() > 0 && open > 0) {
                System.out.printf(Locale.ROOT, "per stream: heap %.1f KiB, RSS %.1f KiB%n",
                        (after.heapBytes() - before.heapBytes()) / 1024.0 / open,
                        (after.rssBytes() - before.rssBytes()) / 1024.0 / open);
            }
            // the clients leave: the gateway must notice and free every stream
            bodies.forEach(StreamsBench::closeQuietly);
            pool.shutdownNow();
            if (!all) {
                System.out.println("not every stream opened before --open-timeout");
            }
            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(120);
            Memory left = memory(http);
            while (left.open() > 0 && System.nanoTime() < deadline) {
                Thread.sleep(1000);
                left = memory(http);
            }
            System.out.printf(Locale.ROOT, "after the clients left: %s%n", left);
            if (left.open() > 0) {
                System.out.println("the gateway still holds streams whose clients left");
            }
            return all && failed.get() == 0 && left.open() <= 0 ? 0 : 1;
        }
    }

    private void hold(HttpClient http, int n, CountDownLatch opened, AtomicInteger failed,
                      ConcurrentLinkedQueue<InputStream> bodies) {
        HttpRequest request = HttpRequest.newBuilder(URI.create(url + "/chat/stream"))
                .header("Content-Type", "application/json")
                .POST(HttpRequest.BodyPublishers.ofString(Json.toString(Json.object()
                        .put("message", "how many green days in " + (2008 + n % 18)))))
                .build();
        boolean counted = false;
        try {
            HttpResponse<InputStream> response = http.send(request, HttpResponse.BodyHandlers.ofInputStream());
            bodies.add(response.body());
            if (response.statusCode() != 200) {
                failed.incrementAndGet();
                counted = true;
                opened.countDown();
                return;
            }
            BufferedReader reader = new BufferedReader(new InputStreamReader(response.body(), StandardCharsets.UTF_8));
            String line;
            while ((line = reader.readLine()) != null) {
                // an event or a heartbeat comment: the stream is open and being kept alive
                if (!counted) {
                    counted = true;
                    opened.countDown();
                }
            }
        } catch (Exception e) {
            // closed by us at the end, or refused
        }
        if (!counted) {
            failed.incrementAndGet();
            opened.countDown();
        }
    }

    /** Heap (after a collection, when the pid is known), RSS and open streams of the gateway. */
    private Memory memory(HttpClient http) throws Exception {
        long rss = -1;
        if (pid != null) {
            Process gc = new ProcessBuilder(List.of(jcmd(), pid.toString(), "GC.run")).redirectErrorStream(true)
                    .start();
            gc.getInputStream().readAllBytes();
            gc.waitFor(60, TimeUnit.SECONDS);
            for (String line : Files.readAllLines(Path.of("/proc", pid.toString(), "status"))) {
                if (line.startsWith("VmRSS:")) {
                    rss = Long.parseLong(line.replaceAll("\\D", "")) * 1024;
                }
            }
        }
        HttpResponse<String> metrics = http.send(HttpRequest.newBuilder(URI.create(url + "/metrics")).build(),
                HttpResponse.BodyHandlers.ofString());
        double heap = 0;
        double open = -1;
        if (metrics.statusCode() == 200) {
            Matcher m = HEAP.matcher(metrics.body());
            while (m.find()) {
                heap += Double.parseDouble(m.group(1));
            }
            Matcher o = OPEN.matcher(metrics.body());
            if (o.find()) {
                open = Double.parseDouble(o.group(1));
            }
        }
        return new Memory((long) heap, rss, (long) open);
    }

    private static String jcmd() {
        Path beside = Path.of(System.getProperty("java.home"), "bin", "jcmd");
        return Files.isExecutable(beside) ? beside.toString() : "jcmd";
    }

    private static void closeQuietly(InputStream in) {
        try {
            in.close();
        } catch (Exception e) {
            // leaving anyway
        }
    }

    record Memory(long heapBytes, long rssBytes, long open) {
        @Override
        public String toString() {
            return String.format(Locale.ROOT, "heap %.1f MiB, RSS %s, streams open %d", heapBytes / 1048576.0,
                    rssBytes < 0 ? "n/a (no --pid)" : String.format(Locale.ROOT, "%.1f MiB", rssBytes / 1048576.0),
                    open);
        }
    }
}
