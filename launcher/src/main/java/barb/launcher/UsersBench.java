package barb.launcher;

import barb.core.Json;
import com.fasterxml.jackson.databind.JsonNode;
import com.nimbusds.jose.JOSEException;
import com.nimbusds.jose.JWSAlgorithm;
import com.nimbusds.jose.JWSHeader;
import com.nimbusds.jose.crypto.MACSigner;
import com.nimbusds.jwt.JWTClaimsSet;
import com.nimbusds.jwt.SignedJWT;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collections;
import java.util.Date;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.UUID;
import java.util.concurrent.Callable;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * {@code barb bench users}: many signed-in users at once against a running Barb that signs users in with a shared
 * secret (BARB_SUPABASE_JWT_SECRET). Each user has its own token and chats. Phase one: the quiet users alone, each
 * asking one question at a time. Phase two: the same, beside one noisy user who floods with many questions at
 * once. It reports the quiet users' latency in both phases, what happened to the flood (answered, refused with
 * 429), and checks isolation: every event of a stream belongs to the request that stream started, and a user's
 * chat list holds only the chats that user made.
 */
@Command(name = "users", description = "Many signed-in users at once, with and without a noisy neighbour; checks "
        + "that no user's events or chats reach another (needs Barb started with BARB_SUPABASE_JWT_SECRET).")
final class UsersBench implements Callable<Integer> {
    @Option(names = "--url", description = "Gateway URL (default http://127.0.0.1:8080).")
    String url = "http://127.0.0.1:8080";

    @Option(names = "--users", description = "Quiet users (default 8).")
    int users = 8;

    @Option(names = "--questions", description = "Questions each quiet user asks per phase, one at a time (default 15).")
    int questions = 15;

    @Option(names = "--noisy-concurrency", description = "Questions the noisy user keeps in flight (default 32; 0: "
            + "no noisy user in this process, e.g. when another process floods with --flood-only).")
    int noisyConcurrency = 32;

    @Option(names = "--flood-only", paramLabel = "SECONDS", description = "Only be the noisy user, for this many "
            + "seconds, and print what happened to the flood: run it as a separate (e.g. niced) process so its own "
            + "CPU does not count against the quiet users on a small machine.")
    int floodOnlySeconds;

    @Option(names = "--noisy-ignores-retry-after", description = "The noisy user asks again at once after a 429 "
            + "instead of waiting the Retry-After it was given (default: it waits, as an HTTP client library does).")
    boolean ignoreRetryAfter;

    @Option(names = "--secret", description = "The JWT secret Barb checks tokens with (default: BARB_SUPABASE_JWT_SECRET).")
    String secret = System.getenv("BARB_SUPABASE_JWT_SECRET");

    private final HttpClient http = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).build();
    private final AtomicInteger leaks = new AtomicInteger();

    /** One user: its id, its token and the chats it made. */
    private record User(String id, String token, Set<String> chats) {
    }

    /** How one question ended; retryAfterSeconds from a 429's header, else 0. */
    private record Answer(int status, long millis, String chatId, long retryAfterSeconds) {
        Answer(int status, long millis, String chatId) {
            this(status, millis, chatId, 0);
        }
    }

    @Override
    public Integer call() throws Exception {
        if (secret == null || secret.length() < 32) {
            System.err.println("--secret (or BARB_SUPABASE_JWT_SECRET) must be the gateway's JWT secret, 32+ characters");
            return 2;
        }
        if (users < 1 || questions < 1 || noisyConcurrency < 0 || floodOnlySeconds < 0
                || floodOnlySeconds > 0 && noisyConcurrency < 1) {
            System.err.println("--users and --questions must be at least 1, --noisy-concurrency at least 0 (1 with "
                    + "--flood-only), --flood-only not negative");
            return 2;
        }
        if (floodOnlySeconds > 0) {
            return floodOnly();
        }
        List<User> quiet = new ArrayList<>();
        for (int i = 0; i < users; i++) {
            quiet.add(newUser());
        }
        User noisy = newUser();
        for (User u : quiet) {
            ask(u, "hi", null); // warm-up, and the first sight of each user
        }

        List<Long> alone = quietPhase(quiet);
        AtomicBoolean flooding = new AtomicBoolean(true);
        List<Answer> flood = Collections.synchronizedList(new ArrayList<>());
        List<Long> beside;
        try (ExecutorService pool = Executors.newVirtualThreadPerTaskExecutor()) {
            List<Future<?>> floods = flood(pool, noisy, flooding, flood);
            beside = quietPhase(quiet);
            flooding.set(false);
            for (Future<?> f : floods) {
                f.get();
            }
        }
        List<User> everyone = new ArrayList<>(quiet);
        everyone.add(noisy);
        int foreignChats = 0;
        for (User u : everyone) {
            foreignChats += foreignChats(u, everyone);
        }

        long answered = flood.stream().filter(a -> a.status() == 200).count();
        long refused = flood.stream().filter(a -> a.status() == 429).count();
        long failed = flood.size() - answered - refused;
        System.out.printf("quiet users %d, %d questions each per phase, one at a time%n", users, questions);
        System.out.printf("quiet alone          p50 %d ms  p99 %d ms  max %d ms%n", BenchCommand.Pipeline.pct(alone, 50), BenchCommand.Pipeline.pct(alone, 99),
                BenchCommand.Pipeline.pct(alone, 100));
        System.out.printf("quiet beside noisy   p50 %d ms  p99 %d ms  max %d ms%n", BenchCommand.Pipeline.pct(beside, 50), BenchCommand.Pipeline.pct(beside, 99),
                BenchCommand.Pipeline.pct(beside, 100));
        System.out.printf("noisy user, %d in flight, %s: %d asked, %d answered, %d refused (429), %d failed%n",
                noisyConcurrency, ignoreRetryAfter ? "asking again at once after a 429" : "waiting Retry-After",
                flood.size(), answered, refused, failed);
        System.out.printf("isolation: %d events on another request's stream, %d chats listed for a user but "
                + "made by someone else%n", leaks.get(), foreignChats);
        boolean quietAllAnswered = alone.size() == (long) users * questions && beside.size() == (long) users * questions;
        if (!quietAllAnswered) {
            System.out.println("some quiet users' questions were not answered");
        }
        return leaks.get() == 0 && foreignChats == 0 && quietAllAnswered ? 0 : 1;
    }

    /** The noisy user's questions, noisyConcurrency at a time, until flooding is cleared. */
    private List<Future<?>> flood(ExecutorService pool, User noisy, AtomicBoolean flooding, List<Answer> answers) {
        List<Future<?>> floods = new ArrayList<>();
        for (int c = 0; c < noisyConcurrency; c++) {
            int n = c;
            floods.add(pool.submit(() -> {
                int i = 0;
                while (flooding.get()) {
                    Answer a;
                    try {
                        a = ask(noisy, BenchCommand.Pipeline.QUESTIONS.get((n + i++)
                                % BenchCommand.Pipeline.QUESTIONS.size()), null);
                    } catch (java.io.IOException e) {
                        a = new Answer(-1, 0, null); // a refused or reset connection is a failed question
                    }
                    answers.add(a);
                    // a well-behaved client waits what the 429 said, checking now and then whether the bench ended
                    long until = System.nanoTime() + a.retryAfterSeconds() * 1_000_000_000L;
                    while (!ignoreRetryAfter && flooding.get() && System.nanoTime() < until) {
                        Thread.sleep(100);
                    }
                }
                return null;
            }));
        }
        return floods;
    }

    private int floodOnly() throws Exception {
        User noisy = newUser();
        AtomicBoolean flooding = new AtomicBoolean(true);
        List<Answer> answers = Collections.synchronizedList(new ArrayList<>());
        try (ExecutorService pool = Executors.newVirtualThreadPerTaskExecutor()) {
            List<Future<?>> floods = flood(pool, noisy, flooding, answers);
            Thread.sleep(floodOnlySeconds * 1000L);
            flooding.set(false);
            for (Future<?> f : floods) {
                f.get();
            }
        }
        long answered = answers.stream().filter(a -> a.status() == 200).count();
        long refused = answers.stream().filter(a -> a.status() == 429).count();
        System.out.printf("noisy user alone for %d s, %d in flight, %s: %d asked, %d answered, %d refused (429), "
                        + "%d failed%n", floodOnlySeconds, noisyConcurrency,
                ignoreRetryAfter ? "asking again at once after a 429" : "waiting Retry-After", answers.size(),
                answered, refused, answers.size() - answered - refused);
        return 0;
    }

    /** Every quiet user asks its questions one after another, all users at once; the latencies of the answered. */
    private List<Long> quietPhase(List<User> quiet) throws Exception {
        List<Long> millis = Collections.synchronizedList(new ArrayList<>());
        try (ExecutorService pool = Executors.newVirtualThreadPerTaskExecutor()) {
            List<Future<?>> all = new ArrayList<>();
            for (int u = 0; u < quiet.size(); u++) {
                User user = quiet.get(u);
                int offset = u;
                all.add(pool.submit(() -> {
                    String chat = null;
                    for (int i = 0; i < questions; i++) {
                        Answer a = ask(user, BenchCommand.Pipeline.QUESTIONS.get((offset + i) % BenchCommand.Pipeline.QUESTIONS.size()), chat);
                        if (a.status() == 200) {
                            millis.add(a.millis());
                            chat = a.chatId();
                        }
                    }
                    return null;
                }));
            }
            for (Future<?> f : all) {
                f.get();
            }
        }
        return millis;
    }

    private User newUser() throws JOSEException {
        String id = UUID.randomUUID().toString();
        Instant now = Instant.now();
        JWTClaimsSet claims = new JWTClaimsSet.Builder().subject(id).audience("authenticated")
                .claim("role", "authenticated").issueTime(Date.from(now))
                .expirationTime(Date.from(now.plus(Duration.ofHours(2)))).build();
        SignedJWT jwt = new SignedJWT(new JWSHeader(JWSAlgorithm.HS256), claims);
        jwt.sign(new MACSigner(secret.getBytes(StandardCharsets.UTF_8)));
        return new User(id, jwt.serialize(), Collections.synchronizedSet(new HashSet<>()));
    }

    /**
     * Asks one question on the user's stream. Every event's id must name the request the stream started (ids are
     * "request_id:n"); one that does not is counted as a leak.
     */
    private Answer ask(User user, String question, String chatId) throws Exception {
        var body = Json.object().put("message", question);
        if (chatId != null) {
            body.put("chat_id", chatId);
        }
        HttpRequest request = HttpRequest.newBuilder(URI.create(url + "/chat/stream"))
                .header("Content-Type", "application/json")
                .header("Authorization", "Bearer " + user.token())
                .POST(HttpRequest.BodyPublishers.ofString(Json.toString(body)))
                .build();
        long start = System.nanoTime();
        HttpResponse<java.io.InputStream> response = http.send(request, HttpResponse.BodyHandlers.ofInputStream());
        String[] requestId = {null};
        String[] chat = {null};
        boolean[] done = {false};
        try (BufferedReader reader = new BufferedReader(new InputStreamReader(response.body(), StandardCharsets.UTF_8))) {
            if (response.statusCode() != 200) {
                long retryAfter = response.headers().firstValue("Retry-After").map(v -> {
                    try {
                        return Long.parseLong(v.trim());
                    } catch (NumberFormatException e) {
                        return 1L;
                    }
                }).orElse(0L);
                return new Answer(response.statusCode(), 0, null, retryAfter);
            }
            SseParser.read(reader, e -> {
                String id = e.id() == null ? "" : e.id();
                String eventRequest = id.contains(":") ? id.substring(0, id.lastIndexOf(':')) : id;
                if (requestId[0] == null) {
                    requestId[0] = eventRequest;
                } else if (!eventRequest.isEmpty() && !eventRequest.equals(requestId[0])) {
                    leaks.incrementAndGet();
                }
                if (e.event().equals("done")) {
                    done[0] = true;
                    JsonNode data = Json.parse(e.data());
                    chat[0] = data.path("chat_id").asText(null);
                }
            });
        }
        if (chat[0] != null) {
            user.chats().add(chat[0]);
        }
        long millis = (System.nanoTime() - start) / 1_000_000;
        return done[0] ? new Answer(200, millis, chat[0]) : new Answer(-1, millis, null);
    }

    /** Chats the gateway lists for the user that another user made. */
    private int foreignChats(User user, List<User> everyone) throws Exception {
        HttpRequest request = HttpRequest.newBuilder(URI.create(url + "/chats"))
                .header("Authorization", "Bearer " + user.token()).GET().build();
        HttpResponse<String> response = http.send(request, HttpResponse.BodyHandlers.ofString());
        if (response.statusCode() != 200) {
            System.err.println("GET /chats answered " + response.statusCode() + " for user " + user.id());
            return 0;
        }
        int foreign = 0;
        for (JsonNode chat : Json.parse(response.body())) {
            String id = chat.path("chat_id").asText();
            for (User other : everyone) {
                if (other != user && other.chats().contains(id)) {
                    foreign++;
                }
            }
        }
        return foreign;
    }

}
