package barb.gateway;

import barb.core.KafkaSettings;
import com.fasterxml.jackson.databind.JsonNode;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import javax.sql.DataSource;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.time.Duration;
import java.time.Instant;
import java.util.Date;
import java.util.Map;
import java.util.UUID;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The gateway with Supabase sign-in on (HS256 secret): every API route refuses requests without a valid token,
 * two signed-in users never see each other's chats, and the browser rules (JSON bodies, Origin, JSON 404/405).
 */
class GatewayAuthTest {
    private static final String ALICE = UUID.randomUUID().toString();
    private static final String BOB = UUID.randomUUID().toString();
    private static final String ALLOWED_ORIGIN = "https://barb.example.com";

    private static DataSource db;
    private static FakePipeline pipeline;
    private static Gateway gateway;
    private static SseClient alice;
    private static SseClient bob;
    private static SseClient anonymous;

    @BeforeAll
    static void start() throws Exception {
        KafkaSettings kafka = TestInfra.kafka();
        db = TestInfra.db();
        sql("insert into auth.users (id) values (?::uuid), (?::uuid) on conflict do nothing", ALICE, BOB);
        pipeline = new FakePipeline(kafka);
        GatewayConfig config = GatewayConfig.fromEnv(Map.of("BARB_HTTP_PORT", "0",
                "BARB_SUPABASE_JWT_SECRET", TestTokens.SECRET, "BARB_ALLOWED_ORIGINS", ALLOWED_ORIGIN));
        gateway = Gateway.start(config, kafka, db);
        alice = new SseClient(gateway.port(), TestTokens.hs256(ALICE));
        bob = new SseClient(gateway.port(), TestTokens.hs256(BOB));
        anonymous = new SseClient(gateway.port());
    }

    @AfterAll
    static void stop() {
        if (gateway != null) {
            gateway.close();
        }
        if (pipeline != null) {
            pipeline.close();
        }
    }

    @Test
    void everyApiRouteRefusesARequestWithoutAValidToken() throws Exception {
        String expired = TestTokens.hs256(TestTokens.claims(ALICE, null)
                .expirationTime(Date.from(Instant.now().minus(Duration.ofHours(1)))).build(), TestTokens.SECRET);
        String forged = TestTokens.hs256(TestTokens.claims(ALICE, null).build(),
                "a-secret-the-gateway-does-not-know-0123456789abcdef");
        String chat = UUID.randomUUID().toString();
        for (SseClient client : new SseClient[]{anonymous, new SseClient(gateway.port(), "not-a-jwt"),
                new SseClient(gateway.port(), expired), new SseClient(gateway.port(), forged)}) {
            assertUnauthorized(client.get("/chats"));
            assertUnauthorized(client.get("/chats/" + chat + "/messages"));
            assertUnauthorized(client.post("/chat/stream", "{\"message\": \"sneaky " + chat + "\"}"));
        }
        assertThat(new SseClient(gateway.port(), expired).get("/chats").json().get("message").asText())
                .isEqualTo("token expired");
        // Nothing ran: a later, valid request is answered while the refused ones never reached the pipeline.
        SseClient.Result ok = alice.post("/chat/stream", "{\"message\": \"after the refusals\"}");
        assertThat(ok.names()).contains("done");
        assertThat(pipeline.received.values()).noneMatch(e -> e.question().contains(chat));
    }

    @Test
    void everyUserRouteOfTheTableRefusesARequestWithoutAToken() throws Exception {
        String id = UUID.randomUUID().toString();
        for (ApiRoute route : gateway.routeTable()) {
            if (route.access() != ApiRoute.Access.USER) {
                continue;
            }
            String path = route.path().replace("{id}", id);
            SseClient.Result r = anonymous.send(route.method().text(), path, "{\"message\": \"sneaky " + id + "\"}",
                    "Content-Type", "application/json");
            assertThat(r.status()).as(route.method().text() + " " + path).isEqualTo(401);
            assertUnauthorized(r);
        }
        assertThat(pipeline.received.values()).noneMatch(e -> e.question().contains(id));
    }

    @Test
    void healthNeedsNoToken() throws Exception {
        assertThat(anonymous.get("/healthz").status()).isEqualTo(200);
    }

    @Test
    void aUserNeverReadsOrContinuesAnotherUsersChat() throws Exception {
        SseClient.Result first = alice.post("/chat/stream", "{\"message\": \"alice's secret question\"}");
        String chatId = first.first("done").data().get("chat_id").asText();
        assertThat(pipeline.receivedFor("alice's secret question").userId()).isEqualTo(ALICE);
        // What the trace-sink would store (it does not run here).
        sql("insert into chat_sessions (id, user_id, title) values (?::uuid, ?::uuid, 'alice') on conflict do nothing",
                chatId, ALICE);
        sql("insert into chat_logs (request_id, user_id, chat_id, question) values (?::uuid, ?::uuid, ?::uuid, ?)",
                first.first("done").data().get("request_id").asText(), ALICE, chatId, "alice's secret question");

        // Bob: not in his list, and the chat "does not exist" for him (404, not 403, so ids do not leak).
        assertThat(ids(bob.get("/chats").json())).doesNotContain(chatId);
        SseClient.Result read = bob.get("/chats/" + chatId + "/messages");
        assertThat(read.status()).isEqualTo(404);
        assertThat(read.json().get("error").asText()).isEqualTo("not_found");
        SseClient.Result unknown = bob.get("/chats/" + UUID.randomUUID() + "/messages");
        assertThat(read.json()).isEqualTo(unknown.json());
        SseClient.Result cont = bob.post("/chat/stream",
                "{\"message\": \"bob tries to continue\", \"chat_id\": \"" + chatId + "\"}");
        assertThat(cont.status()).isEqualTo(404);
        assertThat(cont.events()).isEmpty();
        assertThat(pipeline.receivedFor("bob tries to continue")).isNull();

        // Alice: her chat, her messages, and she continues it.
        assertThat(ids(alice.get("/chats").json())).contains(chatId);
        assertThat(alice.get("/chats/" + chatId + "/messages").json().get(0).get("question").asText())
                .isEqualTo("alice's secret question");
        SseClient.Result next = alice.post("/chat/stream",
                "{\"message\": \"alice continues\", \"chat_id\": \"" + chatId + "\"}");
        assertThat(next.first("done").data().get("chat_id").asText()).isEqualTo(chatId);
        // Bob's own chat stays his alone.
        String bobsChat = bob.post("/chat/stream", "{\"message\": \"bob's own\"}").first("done").data()
                .get("chat_id").asText();
        sql("insert into chat_sessions (id, user_id) values (?::uuid, ?::uuid) on conflict do nothing", bobsChat, BOB);
        assertThat(ids(bob.get("/chats").json())).contains(bobsChat);
        assertThat(bob.get("/chats/" + bobsChat + "/messages").status()).isEqualTo(200);
        assertThat(alice.get("/chats/" + bobsChat + "/messages").status()).isEqualTo(404);
        assertThat(pipeline.receivedFor("bob's own").userId()).isEqualTo(BOB);
    }

    @Test
    void aStreamCarriesOnlyTheRequestersEvents() throws Exception {
        SseClient.Result a = alice.post("/chat/stream", "{\"message\": \"alice streams\"}");
        SseClient.Result b = bob.post("/chat/stream", "{\"message\": \"bob streams\"}");
        String aRequest = a.first("done").data().get("request_id").asText();
        String bRequest = b.first("done").data().get("request_id").asText();
        assertThat(a.events()).allMatch(e -> e.id() == null || e.id().startsWith(aRequest + ":"));
        assertThat(b.events()).allMatch(e -> e.id() == null || e.id().startsWith(bRequest + ":"));
    }

    @Test
    void acceptsOnlyJsonBodies() throws Exception {
        SseClient.Result plain = alice.send("POST", "/chat/stream", "{\"message\": \"as text\"}",
                "Content-Type", "text/plain");
        assertThat(plain.status()).isEqualTo(415);
        assertThat(plain.json().get("error").asText()).isEqualTo("unsupported_media_type");
        SseClient.Result form = alice.send("POST", "/chat/stream", "message=hi",
                "Content-Type", "application/x-www-form-urlencoded");
        assertThat(form.status()).isEqualTo(415);
        assertThat(alice.send("POST", "/chat/stream", "{\"message\": \"with charset\"}",
                "Content-Type", "application/json; charset=utf-8").names()).contains("done");
        assertThat(pipeline.receivedFor("as text")).isNull();
    }

    @Test
    void refusesStateChangingRequestsFromOtherOrigins() throws Exception {
        SseClient.Result evil = alice.send("POST", "/chat/stream", "{\"message\": \"from evil\"}",
                "Content-Type", "application/json", "Origin", "https://evil.example");
        assertThat(evil.status()).isEqualTo(403);
        assertThat(evil.json().get("error").asText()).isEqualTo("origin_not_allowed");
        assertThat(alice.send("POST", "/chat/stream", "{\"message\": \"from null\"}",
                "Content-Type", "application/json", "Origin", "null").status()).isEqualTo(403);
        assertThat(pipeline.receivedFor("from evil")).isNull();

        SseClient.Result allowed = alice.send("POST", "/chat/stream", "{\"message\": \"from our page\"}",
                "Content-Type", "application/json", "Origin", ALLOWED_ORIGIN);
        assertThat(allowed.names()).contains("done");
        // Reading needs no Origin check: the token already says who asks, and GET changes nothing.
        assertThat(alice.send("GET", "/chats", null, "Origin", "https://evil.example").status()).isEqualTo(200);
    }

    @Test
    void answersUnknownRoutesAndMethodsWithJson() throws Exception {
        SseClient.Result missing = alice.get("/no/such/thing");
        assertThat(missing.status()).isEqualTo(404);
        assertThat(missing.json().get("error").asText()).isEqualTo("not_found");
        assertThat(anonymous.get("/index.html").status()).isEqualTo(404);
        // The chat page itself is open: it is what shows the sign-in form.
        SseClient.Result page = anonymous.get("/");
        assertThat(page.status()).isEqualTo(200);
        assertThat(page.header("Content-Type")).startsWith("text/html");
        // Sign-in is on, but with the HS256 secret only the page has no project to sign people in at.
        SseClient.Result config = anonymous.get("/config.json");
        assertThat(config.status()).isEqualTo(200);
        assertThat(config.json()).isEqualTo(barb.core.Json.object().put("auth", "supabase"));

        SseClient.Result wrong = alice.send("DELETE", "/chats", null);
        assertThat(wrong.status()).isEqualTo(405);
        assertThat(wrong.header("Allow")).isEqualTo("GET, POST");
        assertThat(wrong.json().get("error").asText()).isEqualTo("method_not_allowed");
        SseClient.Result getStream = alice.get("/chat/stream");
        assertThat(getStream.status()).isEqualTo(405);
        assertThat(getStream.header("Allow")).isEqualTo("POST");
    }

    @Test
    void operatorEndpointsServeThisMachineOnlyWithoutAnOperatorToken() throws Exception {
        // The test client is local, and a user's token is neither needed nor enough.
        assertThat(anonymous.get("/metrics").status()).isEqualTo(200);
        assertThat(anonymous.get("/ops/figures").status()).isIn(200, 503);
        // A page whose name was re-pointed at 127.0.0.1 still names itself in Host: refused.
        assertThat(rawGet("/metrics", "evil.example")).startsWith("HTTP/1.1 403");
        assertThat(rawGet("/metrics", "localhost:" + gateway.port())).startsWith("HTTP/1.1 200");
    }

    private static String rawGet(String path, String host) throws Exception {
        try (Socket s = new Socket("127.0.0.1", gateway.port())) {
            s.setSoTimeout(10_000);
            OutputStream out = s.getOutputStream();
            out.write(("GET " + path + " HTTP/1.1\r\nHost: " + host + "\r\nConnection: close\r\n\r\n")
                    .getBytes(StandardCharsets.US_ASCII));
            out.flush();
            InputStream in = s.getInputStream();
            return new String(in.readNBytes(64), StandardCharsets.US_ASCII);
        }
    }

    private static void assertUnauthorized(SseClient.Result r) {
        assertThat(r.status()).isEqualTo(401);
        assertThat(r.header("WWW-Authenticate")).startsWith("Bearer");
        assertThat(r.json().get("error").asText()).isEqualTo("unauthorized");
        assertThat(r.json().get("message").asText()).isNotBlank();
    }

    private static java.util.List<String> ids(JsonNode chats) {
        java.util.List<String> out = new java.util.ArrayList<>();
        chats.forEach(c -> out.add(c.get("chat_id").asText()));
        return out;
    }

    private static void sql(String statement, Object... params) throws Exception {
        try (Connection c = db.getConnection(); PreparedStatement ps = c.prepareStatement(statement)) {
            for (int i = 0; i < params.length; i++) {
                ps.setObject(i + 1, params[i]);
            }
            ps.executeUpdate();
        }
    }
}
