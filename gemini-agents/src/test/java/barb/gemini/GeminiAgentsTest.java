package barb.gemini;

import barb.core.ChatMessage;
import barb.core.ChatState;
import barb.core.ClarificationState;
import barb.core.DataCoverage;
import barb.core.Json;
import barb.core.Memory;
import barb.core.RequestEnvelope;
import barb.core.Stage;
import barb.core.StageException;
import barb.core.StageHandler;
import barb.core.StageOutcome;
import com.fasterxml.jackson.databind.JsonNode;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.LocalDate;
import java.time.ZoneOffset;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** The Gemini agents through the real SDK against a local stub of the Gemini REST API. */
class GeminiAgentsTest {
    private static final DataCoverage COVERAGE = new DataCoverage(LocalDate.of(2008, 1, 2), LocalDate.of(2026, 1, 7),
            "synthetic");

    private GeminiStub stub;
    private GeminiClient client;
    private final List<Duration> waits = new CopyOnWriteArrayList<>();
    private Map<Stage, StageHandler> handlers;

    @BeforeEach
    void start() throws IOException {
        stub = new GeminiStub();
        Map<String, String> env = new HashMap<>();
        env.put("BARB_GEMINI_API_KEY", "test-key");
        env.put("BARB_GEMINI_BASE_URL", stub.baseUrl());
        env.put("BARB_GEMINI_TIMEOUT_MS", "1500");
        env.put("BARB_GEMINI_BACKOFF_MS", "10");
        client = new GeminiClient(GeminiSettings.fromEnv(env), ModelPrices.standard(), waits::add,
                Clock.fixed(Instant.parse("2026-11-22T12:00:00Z"), ZoneOffset.UTC));
        handlers = new HashMap<>();
        for (StageHandler h : GeminiAgents.handlers(client, () -> COVERAGE)) {
            handlers.put(h.stage(), h);
        }
    }

    @AfterEach
    void stop() throws Exception {
        client.close();
        stub.close();
    }

    private static RequestEnvelope envelope(String question, ChatState state) {
        return RequestEnvelope.start("req-1", "chat-1", "user-1", question, 1_000, 61_000, true, state);
    }

    @Test
    void intentClassifiesAndCountsTheTokens() throws Exception {
        stub.then(GeminiStub.ok("{\"intent\": \"data\", \"lang\": \"ru\", \"internal_query\": \"top 5 days by range in 2024\"}",
                120, 20, 0, 100));
        StageOutcome o = handlers.get(Stage.INTENT).handle(envelope("топ 5 дней по диапазону 2024", null));
        assertThat(o.next()).isEqualTo(Stage.UNDERSTANDER);
        assertThat(o.envelope().lang()).isEqualTo("ru");
        assertThat(o.output().path("internal_query").asText()).isEqualTo("top 5 days by range in 2024");
        assertThat(o.usage().inputTokens()).isEqualTo(120);
        assertThat(o.usage().cachedTokens()).isEqualTo(100);
        assertThat(o.usage().costUsd()).isPositive();
        JsonNode request = stub.requests().get(0).body();
        assertThat(request.path("generationConfig").path("responseSchema").path("required").toString())
                .contains("intent", "lang", "internal_query");
        assertThat(stub.requests().get(0).path()).contains("gemini-2.5-flash-lite");
    }

    @Test
    void anUnderstoodQuestionGoesToTheParserWithItsAcknowledgeAndTitle() throws Exception {
        stub.then(GeminiStub.ok("""
                {"intent": "data", "goal": "find extreme days", "understood": true, "topic_changed": false,
                 "expanded_query": "list top 5 days by range descending in 2024 where session = RTH",
                 "acknowledge": "Понял, смотрю топ-5 дней", "suggested_title": "Волатильность 2024",
                 "need_clarification": null}""", 800, 60, 40, 0));
        StageOutcome o = handlers.get(Stage.UNDERSTANDER).handle(envelope("топ 5", null).withIntent("data", "ru",
                "top 5 most volatile days of 2024 in RTH"));
        assertThat(o.next()).isEqualTo(Stage.PARSER);
        assertThat(o.envelope().expandedQuery()).startsWith("list top 5 days");
        assertThat(o.output().path("suggested_title").asText()).isEqualTo("Волатильность 2024");
        assertThat(o.messages()).extracting(m -> m.type().name()).contains("ACKNOWLEDGE");
        assertThat(o.usage().thinkingTokens()).isEqualTo(40);
        assertThat(stub.requests().get(0).path()).contains("gemini-2.5-flash:");
        assertThat(stub.requests().get(0).userText()).contains("\"data_last_day\":\"2026-01-07\"");
    }

    @Test
    void anUnderstandingThatBreaksTheContractTwiceBecomesAClarification() throws Exception {
        String broken = "{\"intent\": \"data\", \"goal\": \"x\", \"understood\": true, \"topic_changed\": false, "
                + "\"expanded_query\": null, \"acknowledge\": \"ok\", \"need_clarification\": null}";
        stub.then(GeminiStub.ok(broken, 100, 10, 0, 0)).then(GeminiStub.ok(broken, 150, 10, 0, 0));
        StageOutcome o = handlers.get(Stage.UNDERSTANDER).handle(envelope("hmm", null).withIntent("data", "en", "hmm"));
        assertThat(o.next()).isEqualTo(Stage.CLARIFIER);
        assertThat(o.output().path("need_clarification").path("required").path(0).path("reason").asText())
                .contains("expanded_query");
        assertThat(o.usage().inputTokens()).isEqualTo(250);
        assertThat(stub.requests()).hasSize(2);
        assertThat(stub.requests().get(1).userText()).contains("Your previous output was invalid");
    }

    @Test
    void malformedParserJsonIsRepairedAndValidatorFixesAreRecorded() throws Exception {
        stub.then(GeminiStub.ok("{\"steps\": [ {\"id\": \"s1\", ", 300, 20, 0, 0));
        stub.then(GeminiStub.ok("""
                {"steps": [{"id": "s1", "operation": "count", "atoms": [{"when": "2024", "what": "days",
                 "filter": "pattern = inside_bar", "timeframe": "1d"}], "params": {}}], "thoughts": "count inside days"}""",
                320, 40, 0, 0));
        StageOutcome o = handlers.get(Stage.PARSER).handle(envelope("q", null)
                .withUnderstanding(Json.object(), "count days where pattern = inside_bar in 2024"));
        assertThat(o.next()).isEqualTo(Stage.PLANNER);
        JsonNode step = o.envelope().parsedQuery().get(0);
        assertThat(step.path("atoms").path(0).path("filter").asText()).isEqualTo("pattern = inside_day");
        assertThat(step.path("atoms").path(0).path("timeframe").asText()).isEqualTo("1D");
        JsonNode changes = o.output().path("validator_changes");
        assertThat(changes.findValuesAsText("validator")).contains("normalize_pattern_aliases", "fix_timeframe");
        assertThat(changes.toString()).contains("\"old_value\":\"1d\"", "\"new_value\":\"1D\"",
                "steps[0].atoms[0].filter");
        assertThat(o.output().path("raw_output").path("thoughts").asText()).isEqualTo("count inside days");
        assertThat(o.usage().inputTokens()).isEqualTo(620);
    }

    @Test
    void aRateLimitIsWaitedOutAsTheServerAsks() throws Exception {
        stub.then(new GeminiStub.Reply(429, "{\"error\":{\"code\":429,\"message\":\"slow down\",\"status\":"
                + "\"RESOURCE_EXHAUSTED\"}}", Map.of("Retry-After", "2")));
        stub.then(GeminiStub.ok("{\"response\": \"RTH или ETH?\"}", 50, 10, 0, 0));
        RequestEnvelope env = envelope("средний диапазон?", null).withIntent("data", "ru", "average range?")
                .withUnderstanding(Json.tree(new barb.core.Understanding("data", null, false, false, null, null, null,
                        new barb.core.NeedClarification(List.of(new barb.core.ClarificationItem("session",
                                "differs", List.of("RTH", "ETH"))), List.of(), "avg range"))), null);
        StageOutcome o = handlers.get(Stage.CLARIFIER).handle(env);
        assertThat(o.finish().route()).isEqualTo("clarify");
        assertThat(o.finish().clarification().rounds()).isEqualTo(1);
        assertThat(waits).anySatisfy(w -> assertThat(w).isGreaterThanOrEqualTo(Duration.ofSeconds(2)));
        assertThat(stub.requests()).hasSize(2);
    }

    @Test
    void theSafetyNetIsOursNotTheModels() throws Exception {
        ClarificationState exhausted = new ClarificationState(true, "average range?",
                List.of(ChatMessage.assistant("RTH or ETH?"), ChatMessage.user("x"), ChatMessage.assistant("again?"),
                        ChatMessage.user("y"), ChatMessage.assistant("third?")), 3, null);
        stub.then(GeminiStub.ok("""
                {"understood": false, "topic_changed": false, "awaiting_clarification": true,
                 "need_clarification": {"required": [{"field": "session", "reason": "r", "options": []}],
                 "optional": [], "context": "c"}}""", 10, 10, 0, 0));
        ChatState state = new ChatState("chat-1", "user-1", null, Memory.empty(), exhausted, null, 0);
        StageOutcome o = handlers.get(Stage.CLARIFY_CONTINUE).handle(envelope("zzz", state).withIntent("data", "en", "zzz"));
        assertThat(o.next()).isEqualTo(Stage.RESPONDER);
        assertThat(o.output().path("response").asText()).contains("rephrase");
        assertThat(o.output().path("awaiting_clarification").asBoolean(true)).isFalse();
    }

    @Test
    void serverErrorsUntilTheAttemptsAreSpentEndInAnErrorNotARetryLoop() throws Exception {
        stub.always(GeminiStub.error(500, "INTERNAL", Map.of()));
        assertThatThrownBy(() -> handlers.get(Stage.INTENT).handle(envelope("hi", null)))
                .isInstanceOfSatisfying(StageException.class, e -> {
                    assertThat(e.code()).isEqualTo("llm_unavailable");
                    assertThat(e.retriable()).isFalse();
                });
        assertThat(stub.requests()).hasSize(3);
    }

    @Test
    void aTimeoutIsRetriedThenGivesUp() throws Exception {
        stub.always(new GeminiStub.Hang());
        assertThatThrownBy(() -> handlers.get(Stage.INTENT).handle(envelope("hi", null)))
                .isInstanceOfSatisfying(StageException.class, e -> assertThat(e.code()).isEqualTo("llm_unavailable"));
        assertThat(stub.requests()).hasSize(3);
    }

    @Test
    void aParserAnswerTheValidatorsRefuseTwiceIsAnErrorNamingTheField() throws Exception {
        String bad = "{\"steps\": [{\"id\": \"s1\", \"operation\": \"dance\", \"atoms\": [{\"when\": \"2024\", "
                + "\"what\": \"range\", \"filter\": null, \"timeframe\": \"1D\"}], \"params\": {}}]}";
        stub.then(GeminiStub.ok(bad, 10, 10, 0, 0)).then(GeminiStub.ok(bad, 10, 10, 0, 0));
        assertThatThrownBy(() -> handlers.get(Stage.PARSER).handle(envelope("q", null)
                .withUnderstanding(Json.object(), "dance in 2024")))
                .isInstanceOfSatisfying(StageException.class, e -> {
                    assertThat(e.code()).isEqualTo("llm_invalid_output");
                    assertThat(e.getMessage()).contains("steps[0].operation 'dance'");
                });
    }
}
