package barb.gemini;

import barb.core.ContractException;
import barb.core.StageException;
import barb.core.Usage;
import com.fasterxml.jackson.databind.JsonNode;
import com.google.genai.types.Schema;
import com.google.genai.types.Type;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.time.ZonedDateTime;
import java.time.format.DateTimeFormatter;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

class GeminiClientTest {
    private static final Schema BIAS_SCHEMA = Schema.builder()
            .type(Type.Known.OBJECT)
            .properties(Map.of(
                    "bias", Schema.builder().type(Type.Known.STRING).enum_(List.of("long", "short", "flat")).build(),
                    "confidence", Schema.builder().type(Type.Known.NUMBER).build()))
            .required(List.of("bias", "confidence"))
            .build();

    record Bias(String bias, double confidence) {
    }

    static Bias validateBias(JsonNode node) {
        String bias = node.path("bias").asText("");
        if (!List.of("long", "short", "flat").contains(bias)) {
            throw new ContractException("bias must be one of long, short, flat, got '" + bias + "'");
        }
        JsonNode confidence = node.get("confidence");
        if (confidence == null || !confidence.isNumber()) {
            throw new IllegalArgumentException("confidence must be a number");
        }
        return new Bias(bias, confidence.asDouble());
    }

    private static final Instant NOW = Instant.parse("2026-11-22T12:00:00Z");

    private GeminiStub stub;
    private final List<Duration> waits = new CopyOnWriteArrayList<>();

    @BeforeEach
    void startStub() throws IOException {
        stub = new GeminiStub();
    }

    @AfterEach
    void stopStub() {
        stub.close();
    }

    private GeminiClient client(Map<String, String> extraEnv) {
        Map<String, String> env = new HashMap<>();
        env.put("BARB_GEMINI_API_KEY", "test-key");
        env.put("BARB_GEMINI_BASE_URL", stub.baseUrl());
        env.put("BARB_GEMINI_TIMEOUT_MS", "2000");
        env.put("BARB_GEMINI_BACKOFF_MS", "10");
        env.putAll(extraEnv);
        return new GeminiClient(GeminiSettings.fromEnv(env), ModelPrices.standard(), waits::add,
                Clock.fixed(NOW, ZoneOffset.UTC));
    }

    @Test
    void goodAnswerGivesValueUsageAndCostAndSendsTheAgentsSettings() throws Exception {
        stub.then(GeminiStub.ok("{\"bias\":\"long\",\"confidence\":0.7}", 1200, 40, 300, 1000));
        try (GeminiClient client = client(Map.of())) {
            StructuredCall.Result<Bias> result = new StructuredCall(client)
                    .call("understander", "You judge bias.", "Is NQ bullish?", BIAS_SCHEMA, GeminiClientTest::validateBias);

            assertThat(result.value()).isEqualTo(new Bias("long", 0.7));
            assertThat(result.calls()).isEqualTo(1);
            assertThat(result.repaired()).isFalse();
            Usage usage = result.usage();
            assertThat(usage.inputTokens()).isEqualTo(1200);
            assertThat(usage.cachedTokens()).isEqualTo(1000);
            assertThat(usage.outputTokens()).isEqualTo(40);
            assertThat(usage.thinkingTokens()).isEqualTo(300);
            // gemini-2.5-flash: 200 fresh input at 0.30, 1000 cached at 0.03, 340 output+thinking at 2.50 per 1M
            assertThat(usage.costUsd()).isCloseTo((200 * 0.30 + 1000 * 0.03 + 340 * 2.50) / 1e6, within(1e-12));
        }
        assertThat(stub.requests()).hasSize(1);
        GeminiStub.Request request = stub.requests().getFirst();
        assertThat(request.path()).isEqualTo("/v1beta/models/gemini-2.5-flash:generateContent");
        assertThat(request.apiKey()).isEqualTo("test-key");
        assertThat(request.userText()).isEqualTo("Is NQ bullish?");
        assertThat(request.body().path("systemInstruction").path("parts").path(0).path("text").asText())
                .isEqualTo("You judge bias.");
        JsonNode config = request.generationConfig();
        assertThat(config.path("responseMimeType").asText()).isEqualTo("application/json");
        assertThat(config.path("temperature").asDouble()).isCloseTo(0.2, within(1e-6));
        assertThat(config.path("maxOutputTokens").asInt()).isEqualTo(4096);
        assertThat(config.path("thinkingConfig").path("thinkingBudget").asInt()).isEqualTo(1024);
        JsonNode schema = config.path("responseSchema");
        assertThat(schema.path("type").asText()).isEqualTo("OBJECT");
        assertThat(schema.path("properties").path("bias").path("enum").toString()).isEqualTo("[\"long\",\"short\",\"flat\"]");
        assertThat(schema.path("required").toString()).contains("bias", "confidence");
    }

    @Test
    void aModelWithoutThinkingGetsNoThinkingConfigAndAnUnknownModelCostsNothing() throws Exception {
        stub.then(GeminiStub.ok("{\"bias\":\"flat\",\"confidence\":0.1}", 100, 10, 0, 0))
                .then(GeminiStub.ok("{\"bias\":\"flat\",\"confidence\":0.1}", 100, 10, 0, 0));
        try (GeminiClient client = client(Map.of("BARB_GEMINI_INTENT_MODEL", "gemini-2.0-flash",
                "BARB_GEMINI_PRESENTER_MODEL", "some-future-model"))) {
            GeminiClient.Reply intent = client.call("intent", "sys", "hi", BIAS_SCHEMA);
            GeminiClient.Reply presenter = client.call("presenter", "sys", "hi", BIAS_SCHEMA);
            assertThat(intent.model()).isEqualTo("gemini-2.0-flash");
            assertThat(intent.usage().costUsd()).isCloseTo((100 * 0.10 + 10 * 0.40) / 1e6, within(1e-12));
            assertThat(presenter.usage().costUsd()).isZero();
            assertThat(presenter.usage().inputTokens()).isEqualTo(100);
        }
        assertThat(stub.requests().get(0).path()).isEqualTo("/v1beta/models/gemini-2.0-flash:generateContent");
        assertThat(stub.requests().get(0).generationConfig().has("thinkingConfig")).isFalse();
        assertThat(stub.requests().get(1).path()).isEqualTo("/v1beta/models/some-future-model:generateContent");
    }

    @Test
    void malformedJsonIsRepairedOnceAndUsageIsSummedOverBothCalls() throws Exception {
        stub.then(GeminiStub.ok("{\"bias\": \"long\", confidence: }", 100, 20, 0, 0))
                .then(GeminiStub.ok("{\"bias\":\"short\",\"confidence\":0.4}", 150, 15, 0, 0));
        try (GeminiClient client = client(Map.of())) {
            StructuredCall.Result<Bias> result = new StructuredCall(client)
                    .call("parser", "sys", "Parse this.", BIAS_SCHEMA, GeminiClientTest::validateBias);

            assertThat(result.value()).isEqualTo(new Bias("short", 0.4));
            assertThat(result.repaired()).isTrue();
            assertThat(result.calls()).isEqualTo(2);
            assertThat(result.usage().inputTokens()).isEqualTo(250);
            assertThat(result.usage().outputTokens()).isEqualTo(35);
            // gemini-2.5-flash-lite: 250 input at 0.10, 35 output at 0.40 per 1M
            assertThat(result.usage().costUsd()).isCloseTo((250 * 0.10 + 35 * 0.40) / 1e6, within(1e-12));
        }
        assertThat(stub.requests()).hasSize(2);
        String repairText = stub.requests().get(1).userText();
        assertThat(repairText).startsWith("Parse this.")
                .contains("{\"bias\": \"long\", confidence: }")
                .contains("Your previous output was invalid: not valid JSON")
                .endsWith("Return corrected JSON only.");
        assertThat(stub.requests().get(0).generationConfig().path("thinkingConfig").path("thinkingBudget").asInt())
                .isEqualTo(512);
    }

    @Test
    void aSchemaViolationTwiceIsAFailureWithTheValidatorsMessage() {
        stub.then(GeminiStub.ok("{\"bias\":\"sideways\",\"confidence\":0.5}", 100, 10, 0, 0))
                .then(GeminiStub.ok("{\"bias\":\"up\",\"confidence\":0.5}", 120, 12, 0, 0));
        try (GeminiClient client = client(Map.of())) {
            assertThatThrownBy(() -> new StructuredCall(client)
                    .call("clarifier", "sys", "Ask.", BIAS_SCHEMA, GeminiClientTest::validateBias))
                    .isInstanceOfSatisfying(StructuredCall.Failure.class, failure -> {
                        assertThat(failure.error()).isEqualTo("bias must be one of long, short, flat, got 'up'");
                        assertThat(failure.calls()).isEqualTo(2);
                        assertThat(failure.usage().inputTokens()).isEqualTo(220);
                        assertThat(failure.usage().outputTokens()).isEqualTo(22);
                        assertThat(failure.usage().costUsd()).isPositive();
                    });
        }
        assertThat(stub.requests()).hasSize(2);
        assertThat(stub.requests().get(1).userText())
                .contains("Your previous output was invalid: bias must be one of long, short, flat, got 'sideways'.");
    }

    @Test
    void a429WithRetryAfterIsRetriedAfterAtLeastThatLong() {
        stub.then(GeminiStub.error(429, "RESOURCE_EXHAUSTED", Map.of("Retry-After", "1")))
                .then(GeminiStub.ok("{\"bias\":\"long\",\"confidence\":1}", 10, 5, 0, 0));
        try (GeminiClient client = client(Map.of())) {
            GeminiClient.Reply reply = client.call("responder", "sys", "hi", BIAS_SCHEMA);
            assertThat(reply.attempts()).isEqualTo(2);
            assertThat(reply.text()).contains("long");
        }
        assertThat(stub.requests()).hasSize(2);
        // The own backoff here is 10 ms, so a wait of a second can only come from the header.
        assertThat(waits).hasSize(1);
        assertThat(waits.getFirst()).isGreaterThanOrEqualTo(Duration.ofSeconds(1));
    }

    @Test
    void a429RetryAfterHttpDateIsHonoured() {
        String inFiveSeconds = DateTimeFormatter.RFC_1123_DATE_TIME
                .format(ZonedDateTime.ofInstant(NOW.plusSeconds(5), ZoneOffset.UTC));
        stub.then(GeminiStub.error(429, "RESOURCE_EXHAUSTED", Map.of("Retry-After", inFiveSeconds)))
                .then(GeminiStub.ok("{}", 10, 5, 0, 0));
        try (GeminiClient client = client(Map.of())) {
            client.call("intent", "sys", "hi", BIAS_SCHEMA);
        }
        assertThat(waits).containsExactly(Duration.ofSeconds(5));
    }

    @Test
    void a429RetryDelayInTheBodyIsHonouredButCappedAtMaxBackoff() {
        stub.then(GeminiStub.quotaExceeded("3s"))
                .then(GeminiStub.quotaExceeded("30s"))
                .then(GeminiStub.ok("{}", 10, 5, 0, 0));
        try (GeminiClient client = client(Map.of("BARB_GEMINI_MAX_BACKOFF_MS", "8000"))) {
            assertThat(client.call("intent", "sys", "hi", BIAS_SCHEMA).attempts()).isEqualTo(3);
        }
        assertThat(waits).hasSize(2);
        assertThat(waits.get(0)).isGreaterThanOrEqualTo(Duration.ofSeconds(3)).isLessThan(Duration.ofSeconds(4));
        assertThat(waits.get(1)).isEqualTo(Duration.ofSeconds(8));
    }

    @Test
    void serverErrorsEveryTimeGiveUpAfterExactlyMaxAttempts() {
        stub.always(GeminiStub.error(500, "INTERNAL", Map.of()));
        try (GeminiClient client = client(Map.of("BARB_GEMINI_MAX_ATTEMPTS", "3"))) {
            assertThatThrownBy(() -> client.call("intent", "sys", "hi", BIAS_SCHEMA))
                    .isInstanceOfSatisfying(StageException.class, e -> {
                        assertThat(e.code()).isEqualTo("llm_unavailable");
                        assertThat(e.retriable()).isFalse();
                        assertThat(e.getMessage()).isEqualTo(GeminiClient.UNAVAILABLE_MESSAGE);
                    });
        }
        // Exactly our attempts: the SDK's own retry is off.
        assertThat(stub.requests()).hasSize(3);
        assertThat(waits).hasSize(2);
        assertThat(waits).allSatisfy(w -> assertThat(w).isLessThanOrEqualTo(Duration.ofSeconds(8)));
    }

    @Test
    void aServerThatNeverAnswersTimesOutIsRetriedAndGivesUp() {
        stub.always(new GeminiStub.Hang());
        try (GeminiClient client = client(Map.of("BARB_GEMINI_TIMEOUT_MS", "1000", "BARB_GEMINI_MAX_ATTEMPTS", "2"))) {
            assertThatThrownBy(() -> client.call("intent", "sys", "hi", BIAS_SCHEMA))
                    .isInstanceOfSatisfying(StageException.class, e -> {
                        assertThat(e.code()).isEqualTo("llm_unavailable");
                        assertThat(e.retriable()).isFalse();
                    });
        }
        assertThat(stub.requests()).hasSize(2);
        assertThat(waits).hasSize(1);
    }

    @Test
    void aBadRequestIsNotRetried() {
        stub.always(GeminiStub.error(400, "INVALID_ARGUMENT", Map.of()));
        try (GeminiClient client = client(Map.of())) {
            assertThatThrownBy(() -> client.call("intent", "sys", "hi", BIAS_SCHEMA))
                    .isInstanceOfSatisfying(StageException.class, e -> {
                        assertThat(e.code()).isEqualTo("llm_rejected");
                        assertThat(e.retriable()).isFalse();
                    });
        }
        assertThat(stub.requests()).hasSize(1);
        assertThat(waits).isEmpty();
    }

    @Test
    void a503ThenSuccessCountsBothAttempts() {
        stub.then(GeminiStub.error(503, "UNAVAILABLE", Map.of()))
                .then(GeminiStub.ok("{}", 10, 5, 0, 0));
        try (GeminiClient client = client(Map.of())) {
            GeminiClient.Reply reply = client.call("intent", "sys", "hi", BIAS_SCHEMA);
            assertThat(reply.attempts()).isEqualTo(2);
            assertThat(reply.usage().inputTokens()).isEqualTo(10);
        }
        assertThat(waits).hasSize(1);
        assertThat(waits.getFirst()).isBetween(Duration.ofMillis(5), Duration.ofMillis(10));
    }

    @Test
    void anInterruptedWaitStopsAtOnceAndLeavesTheRecordRetriable() {
        stub.always(GeminiStub.error(503, "UNAVAILABLE", Map.of()));
        Map<String, String> env = Map.of("BARB_GEMINI_API_KEY", "k", "BARB_GEMINI_BASE_URL", stub.baseUrl());
        Sleeper interrupted = d -> {
            throw new InterruptedException("shutdown");
        };
        try (GeminiClient client = new GeminiClient(GeminiSettings.fromEnv(env), ModelPrices.standard(), interrupted,
                Clock.systemUTC())) {
            assertThatThrownBy(() -> client.call("intent", "sys", "hi", BIAS_SCHEMA))
                    .isInstanceOfSatisfying(StageException.class, e -> assertThat(e.retriable()).isTrue());
            assertThat(Thread.interrupted()).isTrue();
        }
        assertThat(stub.requests()).hasSize(1);
    }

    @Test
    void anUnknownAgentOrMissingKeyIsRejectedBeforeAnyRequest() {
        try (GeminiClient client = client(Map.of())) {
            assertThatThrownBy(() -> client.call("planner", "sys", "hi", BIAS_SCHEMA))
                    .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("planner");
        }
        assertThatThrownBy(() -> new GeminiClient(GeminiSettings.defaults(null)))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("BARB_GEMINI_API_KEY");
        assertThat(stub.requests()).isEmpty();
    }
}
