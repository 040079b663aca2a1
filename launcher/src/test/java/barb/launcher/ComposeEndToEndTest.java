package barb.launcher;

import barb.core.Json;
import barb.launcher.deploy.Repository;
import com.fasterxml.jackson.databind.JsonNode;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.TestMethodOrder;
import org.testcontainers.DockerClientFactory;
import org.testcontainers.containers.ComposeContainer;
import org.testcontainers.containers.ContainerState;
import org.testcontainers.containers.wait.strategy.Wait;
import org.testcontainers.containers.wait.strategy.WaitStrategy;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;

import static barb.launcher.PipelineEndToEndTest.DATA_AGENTS;
import static barb.launcher.PipelineEndToEndTest.assertMentions;
import static barb.launcher.PipelineEndToEndTest.assertStepSequence;
import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

/**
 * docker-compose.yml end to end, as it is: the image built from ./Dockerfile, three KRaft brokers, PostgreSQL and
 * every service in two replicas, started by Testcontainers through the local {@code docker compose}. Signed-in users
 * ask through both gateway replicas at once; each stream must end with done and carry only its own request's events,
 * a data answer must have its data block, and the trace-sink's rows in PostgreSQL are checked as
 * {@link PipelineEndToEndTest} checks them on the embedded stack. Then one parser replica is killed and the other
 * answers.
 *
 * <p>Without a Docker engine the class is skipped, and says so on stdout so the build log shows it. The check for the
 * engine comes first, so a skipped run builds and pulls nothing.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
class ComposeEndToEndTest {
    static final String SKIPPED = "no Docker engine: the compose end-to-end run is skipped (where Docker and its "
            + "compose plugin are installed, run it with ./mvnw -pl launcher -am verify -Dtest=ComposeEndToEndTest "
            + "-Dsurefire.failIfNoSpecifiedTests=false)";

    private static final int GATEWAY_PORT = 8080;
    private static final int POSTGRES_PORT = 5432;
    /**
     * The compose file requires a Supabase project URL. Tokens here are HS256, checked with the JWT secret below, so
     * the URL only has to match the tokens' issuer and is never contacted (.invalid never resolves).
     */
    private static final String SUPABASE_URL = "https://compose-e2e.invalid";

    private final String jwtSecret = "compose-e2e-" + UUID.randomUUID() + "-" + UUID.randomUUID();
    private final String pgPassword = UUID.randomUUID().toString();
    private final HttpClient http = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).build();

    private boolean engine;
    private ComposeContainer compose;
    private URI gateway1;
    private URI gateway2;
    private String pgUrl;

    @BeforeAll
    void startTheComposeDeployment() {
        engine = DockerClientFactory.instance().isDockerAvailable();
        if (!engine) {
            System.out.println("ComposeEndToEndTest: " + SKIPPED);
            return;
        }
        compose = new ComposeContainer(Repository.root().resolve("docker-compose.yml").toFile())
                // `docker compose` from the PATH: the containerised one would copy the whole checkout into its
                // container before it could build
                .withLocalCompose(true)
                // `up --build`: the services run this checkout's sources, not an older barb:latest
                .withBuild(true)
                // the secrets the compose file requires; fresh for every run, and the process environment wins over
                // a .env file a developer may have
                .withEnv(Map.of(
                        "BARB_PG_PASSWORD", pgPassword,
                        "BARB_SUPABASE_URL", SUPABASE_URL,
                        "BARB_SUPABASE_JWT_SECRET", jwtSecret))
                // Both gateway replicas, each through Testcontainers' proxy container. The compose file also
                // publishes them on the host's 8080-8081, so those ports must be free.
                .withExposedService("gateway", 1, GATEWAY_PORT, healthz())
                .withExposedService("gateway", 2, GATEWAY_PORT, healthz())
                // PostgreSQL is published to nobody; the proxy lets the test read what the trace-sink wrote
                .withExposedService("postgres", 1, POSTGRES_PORT,
                        Wait.forHealthcheck().withStartupTimeout(Duration.ofMinutes(5)));
        compose.start();

        gateway1 = URI.create("http://" + compose.getServiceHost("gateway-1", GATEWAY_PORT) + ":"
                + compose.getServicePort("gateway-1", GATEWAY_PORT));
        gateway2 = URI.create("http://" + compose.getServiceHost("gateway-2", GATEWAY_PORT) + ":"
                + compose.getServicePort("gateway-2", GATEWAY_PORT));
        pgUrl = "jdbc:postgresql://" + compose.getServiceHost("postgres-1", POSTGRES_PORT) + ":"
                + compose.getServicePort("postgres-1", POSTGRES_PORT) + "/barb";

        // Healthy gateways do not mean every stage has joined its group, and on the first start one executor
        // generates the market data before it consumes (the other restarts meanwhile): ask until a data
        // question is answered.
        String[] auth = bearer(UUID.randomUUID().toString());
        await("a data answer from the compose deployment").atMost(Duration.ofMinutes(10))
                .pollInterval(Duration.ofSeconds(5)).ignoreExceptions()
                .until(() -> isDataAnswer(SseCapture.ask(gateway1, "how many trading days in 2024", null, auth)));
    }

    /** Each test is skipped on its own, so the build's summary counts them as skipped rather than not run. */
    @BeforeEach
    void needsADockerEngine() {
        assumeTrue(engine, SKIPPED);
    }

    @AfterAll
    void stopTheComposeDeployment() {
        if (compose != null) {
            // `docker compose down -v`: the containers and the run's volumes go
            compose.stop();
        }
    }

    @Test
    @Order(1)
    void twoUsersAskAtOnceOnTheTwoGatewaysAndEachStreamCarriesOnlyItsOwnRequest() throws Exception {
        String alice = UUID.randomUUID().toString();
        String bob = UUID.randomUUID().toString();
        SseCapture.Stream a;
        SseCapture.Stream b;
        try (ExecutorService clients = Executors.newFixedThreadPool(2)) {
            Future<SseCapture.Stream> first = clients.submit(
                    () -> SseCapture.ask(gateway1, "top 5 days by range in 2024 ETH", null, bearer(alice)));
            Future<SseCapture.Stream> second = clients.submit(
                    () -> SseCapture.ask(gateway2, "how many green days in 2023", null, bearer(bob)));
            a = first.get(3, TimeUnit.MINUTES);
            b = second.get(3, TimeUnit.MINUTES);
        }

        assertDataAnswer(a);
        assertDataAnswer(b);
        assertThat(a.first("data_block").data().path("table")).as("rows of the top 5").hasSize(5);
        double greenDays = b.first("data_block").data().path("summary").path("value").asDouble();
        assertThat(greenDays).isPositive();
        assertMentions(b.answer(), greenDays, 0);

        String aRequest = a.done().path("request_id").asText();
        String bRequest = b.done().path("request_id").asText();
        assertThat(aRequest).isNotEqualTo(bRequest);
        assertThat(eventIds(a)).noneMatch(id -> id.startsWith(bRequest));
        assertThat(eventIds(b)).noneMatch(id -> id.startsWith(aRequest));
        String aChat = a.done().path("chat_id").asText();
        String bChat = b.done().path("chat_id").asText();
        assertThat(aChat).isNotEqualTo(bChat);

        assertChatLog(a, alice);
        assertChatLog(b, bob);

        // Each user's chat list, asked of the other replica than the one that streamed, has their chat only.
        await().atMost(Duration.ofSeconds(60)).untilAsserted(() -> {
            assertThat(chatIds(gateway2, alice)).contains(aChat).doesNotContain(bChat);
            assertThat(chatIds(gateway1, bob)).contains(bChat).doesNotContain(aChat);
        });
    }

    @Test
    @Order(2)
    void aQuestionIsAnsweredAfterOneParserReplicaIsKilled() throws Exception {
        ContainerState parser = compose.getContainerByServiceName("parser-1").orElseThrow();
        // SIGKILL: the replica leaves no goodbye; its partitions move to parser-2 once the group's 3 s session ends
        DockerClientFactory.instance().client().killContainerCmd(parser.getContainerId()).exec();

        String carol = UUID.randomUUID().toString();
        SseCapture.Stream s = SseCapture.ask(gateway1, "average range by quarter in 2024 during ETH", null,
                bearer(carol));
        assertDataAnswer(s);
        assertThat(s.first("data_block").data().path("table")).as("one row per quarter").hasSize(4);
        assertChatLog(s, carol);
    }

    private static WaitStrategy healthz() {
        // 200 only once the gateway reaches Kafka and PostgreSQL (Gateway#health)
        return Wait.forHttp("/healthz").forPort(GATEWAY_PORT).forStatusCode(200)
                .withStartupTimeout(Duration.ofMinutes(5));
    }

    private static boolean isDataAnswer(SseCapture.Stream s) {
        return s.status() == 200 && s.names().contains("data_block") && s.names().contains("done")
                && s.done().path("route").asText().equals("data");
    }

    /** What {@link PipelineEndToEndTest} asserts on a data answer's stream, and that it is one request's alone. */
    private static void assertDataAnswer(SseCapture.Stream s) {
        assertThat(s.status()).isEqualTo(200);
        assertStepSequence(s, DATA_AGENTS);
        assertThat(s.names()).contains("acknowledge", "data_block", "answer", "done");
        assertThat(s.names()).filteredOn("done"::equals).hasSize(1);
        assertThat(s.done().path("route").asText()).isEqualTo("data");
        assertThat(s.first("data_block").data().path("metadata").path("data_source").asText()).isEqualTo("synthetic");
        assertThat(s.answer()).isNotBlank();
        // Every event id is <request_id>:<n>, n = 1, 2, 3 … (SseWriter): nothing of another request, nothing twice.
        String requestId = s.done().path("request_id").asText();
        List<String> expected = new ArrayList<>();
        for (int n = 1; n <= s.events().size(); n++) {
            expected.add(requestId + ":" + n);
        }
        assertThat(eventIds(s)).as("event ids").containsExactlyElementsOf(expected);
    }

    private static List<String> eventIds(SseCapture.Stream s) {
        return s.events().stream().map(SseCapture.Event::id).toList();
    }

    /** The trace-sink's rows: the chat log completed for this user, the traces numbered 1..n without gaps. */
    private void assertChatLog(SseCapture.Stream s, String userId) throws Exception {
        String requestId = s.done().path("request_id").asText();
        // barb is the compose database's POSTGRES_USER, a superuser, so row-level security does not hide rows
        try (Connection c = DriverManager.getConnection(pgUrl, "barb", pgPassword)) {
            await().atMost(Duration.ofSeconds(60)).until(() -> PipelineEndToEndTest.completed(c, requestId));
            try (PreparedStatement ps = c.prepareStatement("SELECT route, agents_used, response, chat_id, user_id "
                    + "FROM chat_logs WHERE request_id = ?::uuid")) {
                ps.setString(1, requestId);
                try (ResultSet rs = ps.executeQuery()) {
                    assertThat(rs.next()).isTrue();
                    assertThat(rs.getString("route")).isEqualTo("data");
                    assertThat(List.of((String[]) rs.getArray("agents_used").getArray()))
                            .containsExactlyElementsOf(DATA_AGENTS);
                    assertThat(rs.getString("response")).isEqualTo(s.answer());
                    assertThat(rs.getString("chat_id")).isEqualTo(s.done().path("chat_id").asText());
                    assertThat(rs.getString("user_id")).isEqualTo(userId);
                }
            }
            assertThat(PipelineEndToEndTest.traceSteps(c, requestId)).as("request_traces of %s", requestId)
                    .containsExactlyElementsOf(PipelineEndToEndTest.numbered(DATA_AGENTS));
        }
    }

    /** {@code GET /chats} as the user: the ids of their chats. */
    private List<String> chatIds(URI gateway, String userId) throws Exception {
        HttpRequest request = HttpRequest.newBuilder(gateway.resolve("/chats"))
                .timeout(Duration.ofSeconds(30)).headers(bearer(userId)).GET().build();
        HttpResponse<String> response = http.send(request, HttpResponse.BodyHandlers.ofString());
        assertThat(response.statusCode()).as("GET /chats: %s", response.body()).isEqualTo(200);
        List<String> ids = new ArrayList<>();
        for (JsonNode chat : Json.parse(response.body())) {
            ids.add(chat.path("chat_id").asText());
        }
        return ids;
    }

    /** The Authorization header of a signed-in user, as the gateway the compose file configures checks it. */
    private String[] bearer(String userId) {
        return new String[]{"Authorization", "Bearer " + accessToken(userId)};
    }

    /** A Supabase access token signed with the project's legacy HS256 secret: aud, sub, exp and the issuer. */
    private String accessToken(String userId) {
        return FakeSupabaseAuth.accessToken(userId, null, SUPABASE_URL + "/auth/v1", jwtSecret, Duration.ofHours(1));
    }
}
