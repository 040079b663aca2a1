package barb.gateway;

import barb.core.KafkaSettings;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import javax.sql.DataSource;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.util.Map;
import java.util.UUID;

import static org.assertj.core.api.Assertions.assertThat;

/** Per-user limits through the real gateway: a user over the rate gets 429 with Retry-After, another is served. */
class GatewayLimitsTest {
    private static final String ALICE = UUID.randomUUID().toString();
    private static final String BOB = UUID.randomUUID().toString();

    private static FakePipeline pipeline;
    private static Gateway gateway;

    @BeforeAll
    static void start() throws Exception {
        KafkaSettings kafka = TestInfra.kafka();
        DataSource db = TestInfra.db();
        try (Connection c = db.getConnection(); PreparedStatement ps = c.prepareStatement(
                "insert into auth.users (id) values (?::uuid), (?::uuid) on conflict do nothing")) {
            ps.setString(1, ALICE);
            ps.setString(2, BOB);
            ps.executeUpdate();
        }
        pipeline = new FakePipeline(kafka);
        GatewayConfig config = GatewayConfig.fromEnv(Map.of("BARB_HTTP_PORT", "0",
                "BARB_SUPABASE_JWT_SECRET", TestTokens.SECRET, "BARB_USER_REQUESTS_PER_MINUTE", "2"));
        gateway = Gateway.start(config, kafka, db);
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
    void aUserOverTheRateIsRefusedBeforeAnythingRunsAndAnotherUserIsStillServed() throws Exception {
        SseClient alice = new SseClient(gateway.port(), TestTokens.hs256(ALICE));
        SseClient bob = new SseClient(gateway.port(), TestTokens.hs256(BOB));
        assertThat(alice.post("/chat/stream", "{\"message\": \"alice one\"}").names()).contains("done");
        assertThat(alice.post("/chat/stream", "{\"message\": \"alice two\"}").names()).contains("done");

        SseClient.Result third = alice.post("/chat/stream", "{\"message\": \"alice three\"}");
        assertThat(third.status()).isEqualTo(429);
        assertThat(third.json().get("error").asText()).isEqualTo("rate_limited");
        long retryAfter = Long.parseLong(third.header("Retry-After"));
        assertThat(retryAfter).isBetween(1L, 60L);
        assertThat(third.json().get("retry_after_seconds").asLong()).isEqualTo(retryAfter);
        assertThat(pipeline.receivedFor("alice three")).as("a refused request never reaches Kafka").isNull();

        assertThat(bob.post("/chat/stream", "{\"message\": \"bob one\"}").names()).contains("done");
    }
}
