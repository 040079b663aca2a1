package barb.gemini;

import barb.agents.PresenterHandler;
import barb.core.ChatMessage;
import barb.core.ChatState;
import barb.core.ClarificationState;
import barb.core.DataCoverage;
import barb.core.EventType;
import barb.core.Json;
import barb.core.Memory;
import barb.core.MemorySummary;
import barb.core.Plan;
import barb.core.QueryResult;
import barb.core.RequestEnvelope;
import barb.core.Stage;
import barb.core.StageHandler;
import barb.core.StageOutcome;
import com.fasterxml.jackson.databind.JsonNode;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.time.Clock;
import java.time.Instant;
import java.time.LocalDate;
import java.time.ZoneOffset;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

/** The Gemini presenter's text and its grounding check, through the real SDK against the local stub. */
class GeminiPresenterTest {
    private static final DataCoverage COVERAGE = new DataCoverage(LocalDate.of(2008, 1, 2), LocalDate.of(2026, 1, 7),
            "synthetic");
    private static final Plan.Period Y2024 = new Plan.Period(LocalDate.of(2024, 1, 1), LocalDate.of(2024, 12, 31));
    private static final Plan AVG_RANGE = new Plan("s1", "aggregate", Y2024, "RTH", "1D", "range", "mean", null,
            List.of(), null, null, null, "2024");
    private static final QueryResult AVG_RANGE_RESULT = new QueryResult("s1", "aggregate",
            new QueryResult.Summary("scalar", 1, "mean_range", 245.31, null, null, null, null, null, null, null),
            List.of("mean_range", "count"), List.of(row("mean_range", 245.31, "count", 252)),
            List.of(row("trade_date", "2024-01-02", "range", 311.75)), 252,
            new QueryResult.Metadata("2024-01-01", "2024-12-31", "RTH", "1D", 252, "synthetic", "SELECT 1", List.of(),
                    7));
    private static final String GROUNDED = "{\"answer\": \"The average RTH range in 2024 was 245.31 points over 252 "
            + "days (synthetic data).\"}";
    private static final String INVENTED = "{\"answer\": \"The average RTH range in 2024 was 245.31 points, up 4.1% "
            + "on the year (synthetic data).\"}";

    private GeminiStub stub;
    private GeminiClient client;
    private StageHandler presenter;

    @BeforeEach
    void start() throws IOException {
        stub = new GeminiStub();
        GeminiSettings settings = GeminiSettings.fromEnv(Map.of("BARB_GEMINI_API_KEY", "test-key",
                "BARB_GEMINI_BASE_URL", stub.baseUrl(), "BARB_GEMINI_TIMEOUT_MS", "1500",
                "BARB_GEMINI_BACKOFF_MS", "1", "BARB_GEMINI_MAX_BACKOFF_MS", "5"));
        client = new GeminiClient(settings, ModelPrices.standard(), d -> { },
                Clock.fixed(Instant.parse("2026-11-22T12:00:00Z"), ZoneOffset.UTC));
        presenter = GeminiAgents.handlers(client, () -> COVERAGE).stream()
                .filter(h -> h.stage() == Stage.PRESENTER).findFirst().orElseThrow();
    }

    @AfterEach
    void stop() throws Exception {
        client.close();
        stub.close();
    }

    private static Map<String, Object> row(Object... kv) {
        Map<String, Object> m = new LinkedHashMap<>();
        for (int i = 0; i < kv.length; i += 2) {
            m.put((String) kv[i], kv[i + 1]);
        }
        return m;
    }

    private static RequestEnvelope envelope(String question, String lang, Plan plan, QueryResult result,
                                            ChatState state) {
        return RequestEnvelope.start("req-1", "chat-1", "user-1", question, 1_000, 61_000, false, state)
                .withIntent("data", lang, question)
                .withUnderstanding(Json.object(), "mean of range in 2024 where session = RTH")
                .withParsedQuery(Json.parse("[{\"id\":\"s1\"}]"))
                .withPlans(Json.tree(List.of(plan)))
                .withResults(Json.tree(List.of(result)));
    }

    private static RequestEnvelope avgRange() {
        return envelope("average RTH range in 2024?", "en", AVG_RANGE, AVG_RANGE_RESULT, null);
    }

    private static String rulesText(RequestEnvelope env) {
        return new PresenterHandler().handle(env).finish().response();
    }

    @Test
    void aGroundedAnswerIsTheAnswerAndEverythingElseIsTheRulesPresenters() throws Exception {
        stub.then(GeminiStub.ok(GROUNDED, 400, 30, 0, 0));
        RequestEnvelope env = avgRange();
        StageOutcome o = presenter.handle(env);
        StageOutcome rules = new PresenterHandler().handle(env);

        String text = "The average RTH range in 2024 was 245.31 points over 252 days (synthetic data).";
        assertThat(o.finish().response()).isEqualTo(text);
        assertThat(o.finish().route()).isEqualTo(rules.finish().route());
        assertThat(o.finish().keyFacts()).isEqualTo(rules.finish().keyFacts());
        assertThat(o.finish().clarification()).isEqualTo(ClarificationState.none());
        // the rules presenter's messages (its data blocks, if any), with the answer's text replaced
        assertThat(o.messages()).extracting(StageOutcome.ClientMessage::type)
                .isEqualTo(rules.messages().stream().map(StageOutcome.ClientMessage::type).toList());
        assertThat(o.messages()).filteredOn(m -> m.type() == EventType.ANSWER).singleElement()
                .satisfies(m -> assertThat(m.payload().path("content").asText()).isEqualTo(text));
        assertThat(o.output().path("summary").asText()).isEqualTo(text);
        assertThat(o.output().path("title")).isEqualTo(rules.output().path("title"));
        assertThat(o.output().path("type")).isEqualTo(rules.output().path("type"));
        assertThat(o.input()).isEqualTo(rules.input());
        JsonNode grounding = o.output().path("grounding");
        assertThat(grounding.path("status").asText()).isEqualTo("grounded");
        assertThat(grounding.path("ungrounded")).isEmpty();
        assertThat(grounding.path("model_calls").asInt()).isEqualTo(1);
        assertThat(o.usage().inputTokens()).isEqualTo(400);
        assertThat(o.usage().costUsd()).isPositive();

        GeminiStub.Request request = stub.requests().get(0);
        assertThat(request.path()).contains("gemini-2.5-flash-lite");
        JsonNode sent = Json.parse(request.userText());
        assertThat(sent.path("results").path(0).path("summary").path("value").asDouble()).isEqualTo(245.31);
        assertThat(sent.path("results").path(0).path("data_source").asText()).isEqualTo("synthetic");
        // the summary, never the table or the source rows
        assertThat(request.userText()).doesNotContain("\"table\"", "source_rows", "311.75", "SELECT");
        assertThat(request.generationConfig().path("responseSchema").path("required").toString()).contains("answer");
    }

    @Test
    void anInventedNumberIsRegeneratedExactlyOnceNamingTheNumber() throws Exception {
        stub.then(GeminiStub.ok(INVENTED, 400, 30, 0, 0)).then(GeminiStub.ok(GROUNDED, 500, 30, 0, 0));
        StageOutcome o = presenter.handle(avgRange());

        assertThat(o.finish().response()).startsWith("The average RTH range in 2024 was 245.31 points over 252");
        JsonNode grounding = o.output().path("grounding");
        assertThat(grounding.path("status").asText()).isEqualTo("regenerated");
        assertThat(grounding.path("ungrounded").toString()).isEqualTo("[\"4.1\"]");
        assertThat(grounding.path("ungrounded_after_regeneration")).isEmpty();
        assertThat(grounding.path("model_calls").asInt()).isEqualTo(2);
        assertThat(stub.requests()).hasSize(2);
        assertThat(stub.requests().get(1).userText()).contains("up 4.1% on the year",
                "These numbers in it are not in the input: 4.1.");
        assertThat(o.usage().inputTokens()).isEqualTo(900);
    }

    @Test
    void inventedTwiceFallsBackToTheRulesText() throws Exception {
        stub.then(GeminiStub.ok(INVENTED, 400, 30, 0, 0))
                .then(GeminiStub.ok("{\"answer\": \"About 250 points on average (synthetic data).\"}", 500, 30, 0, 0));
        RequestEnvelope env = avgRange();
        StageOutcome o = presenter.handle(env);

        assertThat(o.finish().response()).isEqualTo(rulesText(env)).contains("245.31");
        assertThat(o.messages().get(0).payload().path("content").asText()).isEqualTo(rulesText(env));
        JsonNode grounding = o.output().path("grounding");
        assertThat(grounding.path("status").asText()).isEqualTo("fell_back");
        assertThat(grounding.path("reason").asText()).isEqualTo("ungrounded_numbers");
        assertThat(grounding.path("ungrounded").toString()).isEqualTo("[\"4.1\"]");
        assertThat(grounding.path("ungrounded_after_regeneration").toString()).isEqualTo("[\"250\"]");
        assertThat(stub.requests()).hasSize(2);
        // the calls were made, so they are counted
        assertThat(o.usage().inputTokens()).isEqualTo(900);
    }

    @Test
    void russianSeparatorsAndPercentSignsAreTheResultsNumbers() throws Exception {
        QueryResult gapFill = new QueryResult("s1", "gap_fill",
                new QueryResult.Summary("dict", 5, "filled_pct", 61.26,
                        Map.of("days", 1234.0, "filled", 756.0, "filled_pct", 61.26, "median_minutes", 42.5,
                                "mean_minutes", 1234.5),
                        null, null, null, null, null, null, Map.of("gap_size", "all")),
                List.of("gap_size", "days", "filled", "filled_pct"), List.of(row("gap_size", "all", "days", 1234)),
                List.of(), 1234, new QueryResult.Metadata("2020-01-02", "2026-01-07", "RTH", "1D", 1500, "synthetic",
                "SELECT 1", List.of(), 9));
        Plan plan = new Plan("s1", "gap_fill", new Plan.Period(LocalDate.of(2020, 1, 1), null), "RTH", "1D", null,
                null, null, List.of(), null, null, null, "2020..");
        stub.then(GeminiStub.ok("{\"answer\": \"С 2020 года гэп на RTH закрывался в 61,3% случаев — 756 из "
                + "1 234, в среднем через 1\u00a0234,5 минуты, медиана 42,5 (синтетические данные).\"}", 300, 40, 0, 0));
        RequestEnvelope env = envelope("как часто закрывается гэп на ртх с 2020?", "ru", plan, gapFill, null);
        StageOutcome o = presenter.handle(env);
        // the rules presenter's data blocks for a Russian reader stay, in their place before the answer
        StageOutcome rules = new PresenterHandler().handle(env);
        assertThat(o.messages()).hasSameSizeAs(rules.messages());
        for (int i = 0; i < o.messages().size() - 1; i++) {
            assertThat(o.messages().get(i)).isEqualTo(rules.messages().get(i));
        }
        assertThat(o.messages().get(o.messages().size() - 1).type()).isEqualTo(EventType.ANSWER);

        assertThat(o.output().path("grounding").path("status").asText()).isEqualTo("grounded");
        assertThat(o.finish().response()).contains("61,3%", "1 234", "1\u00a0234,5");
        assertThat(stub.requests()).hasSize(1);
        assertThat(stub.requests().get(0).userText()).contains("\"lang\":\"ru\"");
    }

    @Test
    void withoutAnExecutorResultTheModelIsNotCalled() throws Exception {
        RequestEnvelope noResults = avgRange().withResults(Json.MAPPER.createArrayNode());
        assertThat(presenter.handle(noResults).finish()).isEqualTo(new PresenterHandler().handle(noResults).finish());
        RequestEnvelope nothingPlanned = avgRange().withPlans(null).withResults(null);
        StageOutcome o = presenter.handle(nothingPlanned);
        assertThat(o.finish().response()).isEqualTo(rulesText(nothingPlanned));
        assertThat(o.output().has("grounding")).isFalse();
        assertThat(o.usage()).isEqualTo(new PresenterHandler().handle(nothingPlanned).usage());
        assertThat(stub.requests()).isEmpty();
    }

    @Test
    void anAnswerThatIsNotJsonTwiceFallsBackWithTheError() throws Exception {
        stub.then(GeminiStub.ok("The range was big.", 100, 10, 0, 0)).then(GeminiStub.ok("{\"answer\": \"\"}", 120,
                10, 0, 0));
        RequestEnvelope env = avgRange();
        StageOutcome o = presenter.handle(env);
        assertThat(o.finish().response()).isEqualTo(rulesText(env));
        JsonNode grounding = o.output().path("grounding");
        assertThat(grounding.path("status").asText()).isEqualTo("fell_back");
        assertThat(grounding.path("reason").asText()).isEqualTo("invalid_output: answer is empty");
        assertThat(grounding.path("model_calls").asInt()).isEqualTo(2);
        assertThat(o.usage().inputTokens()).isEqualTo(220);
    }

    @Test
    void anUnavailableModelCostsTheWordingNotTheAnswer() throws Exception {
        stub.always(GeminiStub.error(503, "UNAVAILABLE", Map.of()));
        RequestEnvelope env = avgRange();
        StageOutcome o = presenter.handle(env);
        assertThat(o.finish().response()).isEqualTo(rulesText(env));
        assertThat(o.output().path("grounding").path("status").asText()).isEqualTo("fell_back");
        assertThat(o.output().path("grounding").path("reason").asText()).isEqualTo("llm_unavailable");
        assertThat(stub.requests()).hasSize(3);
    }

    @Test
    void theCompactionNoteAndTheSyntheticLabelAreKept() throws Exception {
        Memory compacted = new Memory(List.of(ChatMessage.user("x")), List.of(new MemorySummary("asked: y")),
                List.of());
        ChatState state = new ChatState("chat-1", "user-1", "t", compacted, ClarificationState.none(), null, 0);
        stub.then(GeminiStub.ok("{\"answer\": \"245.31 points on average in 2024.\"}", 300, 20, 0, 0));
        RequestEnvelope env = envelope("average RTH range in 2024?", "en", AVG_RANGE, AVG_RANGE_RESULT, state);
        StageOutcome o = presenter.handle(env);
        String rules = rulesText(env);
        String note = rules.substring(rules.lastIndexOf("\n\n"));
        assertThat(note).startsWith("\n\n(");
        assertThat(o.finish().response()).isEqualTo("245.31 points on average in 2024. (synthetic data)" + note);
    }
}
