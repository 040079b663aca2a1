package barb.gemini;

import barb.agents.RulesAgents;
import barb.agents.chat.ConversationRunner;
import barb.agents.reading.FollowUps;
import barb.core.DataCoverage;
import barb.core.Json;
import barb.core.Operation;
import barb.core.Plan;
import barb.core.PlanNames;
import barb.core.RequestEnvelope;
import barb.core.Stage;
import barb.core.StageHandler;
import com.fasterxml.jackson.databind.JsonNode;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.time.Clock;
import java.time.Instant;
import java.time.LocalDate;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * What the models are told: every part of the plan language (docs/plan-schema.md) and the reading conventions
 * reach the prompt or the response schema as sent over HTTP, and a model answer in the new language passes the
 * contracts end to end through the handlers, as `barb eval --llm gemini` chains them.
 */
class GeminiPromptsTest {
    private static final DataCoverage COVERAGE = new DataCoverage(LocalDate.of(2008, 1, 2), LocalDate.of(2026, 1, 7),
            "synthetic");
    private static final List<String> NEW_COLUMNS = List.of("gap_filled", "gap_fill_minutes", "overnight_high",
            "overnight_low", "broke_overnight_high", "broke_overnight_low", "overnight_high_break_minutes",
            "overnight_low_break_minutes");

    private GeminiStub stub;
    private GeminiClient client;
    private Map<Stage, StageHandler> gemini;

    @BeforeEach
    void start() throws IOException {
        stub = new GeminiStub();
        GeminiSettings settings = GeminiSettings.fromEnv(Map.of("BARB_GEMINI_API_KEY", "test-key",
                "BARB_GEMINI_BASE_URL", stub.baseUrl(), "BARB_GEMINI_TIMEOUT_MS", "1500",
                "BARB_GEMINI_BACKOFF_MS", "1", "BARB_GEMINI_MAX_BACKOFF_MS", "5"));
        client = new GeminiClient(settings, ModelPrices.standard(), d -> { },
                Clock.fixed(Instant.parse("2026-11-22T12:00:00Z"), ZoneOffset.UTC));
        gemini = new EnumMap<>(Stage.class);
        for (StageHandler h : GeminiAgents.handlers(client, () -> COVERAGE)) {
            gemini.put(h.stage(), h);
        }
    }

    @AfterEach
    void stop() throws Exception {
        client.close();
        stub.close();
    }

    private static RequestEnvelope envelope(String question) {
        return RequestEnvelope.start("req-1", "chat-1", "user-1", question, 1_000, 61_000, true, null);
    }

    private static String prompt(GeminiStub.Request request) {
        // line breaks of the text blocks are not part of the wording
        return request.body().path("systemInstruction").path("parts").path(0).path("text").asText()
                .replaceAll("\\s+", " ");
    }

    private static String schema(GeminiStub.Request request) {
        return request.generationConfig().path("responseSchema").toString();
    }

    private static final String UNDERSTOOD = """
            {"intent": "data", "goal": "gap fill odds", "understood": true, "topic_changed": false,
             "expanded_query": "gap fill by gap size in 2020.. where session = RTH, gap = up",
             "acknowledge": "Понял, смотрю закрытие гэпов", "suggested_title": "Закрытие гэпов",
             "need_clarification": null}""";

    @Test
    void theParserIsToldTheWholePlanLanguage() throws Exception {
        stub.then(GeminiStub.ok("{\"steps\": [{\"id\": \"s1\", \"operation\": \"count\", \"atoms\": [{\"when\": "
                + "\"2024\", \"what\": \"days\", \"filter\": null, \"timeframe\": \"1D\"}], \"params\": {}}]}",
                10, 10, 0, 0));
        gemini.get(Stage.PARSER).handle(envelope("q").withUnderstanding(Json.object(), "count days in 2024"));
        GeminiStub.Request request = stub.requests().get(0);
        String prompt = prompt(request);
        String schema = schema(request);

        for (Operation op : Operation.values()) {
            assertThat(prompt).contains(op.wireName());
            assertThat(schema).contains("\"" + op.wireName() + "\"");
        }
        assertThat(prompt).contains(NEW_COLUMNS);
        for (String tf : List.of("1W", "1M")) {
            assertThat(prompt).contains(tf);
            assertThat(schema).contains("\"" + tf + "\"");
        }
        for (String extreme : List.of("overnight_high_break", "overnight_low_break")) {
            assertThat(prompt).contains(extreme);
            assertThat(schema).contains("\"" + extreme + "\"");
        }
        for (String bucket : List.of("5m", "10m", "15m", "20m", "30m", "60m", "120m")) {
            assertThat(prompt).contains(bucket);
            assertThat(schema).contains("\"" + bucket + "\"");
        }
        assertThat(prompt).contains("the following trading day", "(offset 1", "a top-1 list with its date",
                "change_pct ascending, the worst first", "\"как часто\" = probability");
    }

    @Test
    void theSchemasNamesAreThePlanLanguagesNames() {
        // the schema keeps its own order (the model reads it); this catches a name added to the plan language only
        assertThat(GeminiSchemas.OPERATIONS).containsExactlyInAnyOrderElementsOf(
                Arrays.stream(Operation.values()).map(Operation::wireName).toList());
        assertThat(GeminiSchemas.TIMEFRAMES).containsExactlyInAnyOrderElementsOf(PlanNames.TIMEFRAMES);
        assertThat(GeminiSchemas.EXTREMES).containsExactlyInAnyOrderElementsOf(PlanNames.EXTREMES);
        assertThat(GeminiSchemas.BUCKETS).containsExactlyInAnyOrderElementsOf(PlanNames.BUCKETS);
        assertThat(GeminiSchemas.AGGREGATES).containsExactlyInAnyOrderElementsOf(PlanNames.AGGREGATES);
        assertThat(GeminiSchemas.GROUP_BY).containsExactlyInAnyOrderElementsOf(PlanNames.GROUP_BY);
        assertThat(PlanNames.METRICS).containsAll(NEW_COLUMNS);
    }

    @Test
    void theUnderstanderIsToldTheNewQuestionsAndHowToReadThem() throws Exception {
        stub.then(GeminiStub.ok(UNDERSTOOD, 10, 10, 0, 0));
        gemini.get(Stage.UNDERSTANDER).handle(envelope("как часто закрывается гэп вверх на ртх с 2020?")
                .withIntent("data", "ru", "how often does the RTH gap up fill since 2020?"));
        GeminiStub.Request request = stub.requests().get(0);
        String prompt = prompt(request);

        assertThat(prompt).contains("snapshot", "what happened in 2024-08-05", "gap fill by gap size",
                "broke_overnight_high = 1", "overnight_high_break", "overnight high broken", "on monthly bars",
                "timeframe 1W / 1M");
        assertThat(prompt).contains("\"на следующий день\"", "\"после\" = the following trading day",
                "\"худшие дни\"", "\"what share\", \"как часто\" = probability",
                "keeps its period, session, weekday and threshold", "questions about Barb itself",
                "the ONE closest thing Barb can do");
        assertThat(schema(request)).contains("\"out_of_scope\"", "the one closest thing Barb can do");
    }

    @Test
    void smallTalkAndCapabilitiesAreNotDataAndClarifyContinueReadsAlike() throws Exception {
        stub.then(GeminiStub.ok("{\"intent\": \"chitchat\", \"lang\": \"ru\", \"internal_query\": \"what can you "
                + "do?\"}", 10, 10, 0, 0));
        gemini.get(Stage.INTENT).handle(envelope("что ты умеешь?"));
        assertThat(prompt(stub.requests().get(0))).contains("questions about Barb itself (\"what can you do?\"");

        assertThat(GeminiPrompts.CLARIFY_CONTINUE.replaceAll("\\s+", " ")).contains("\"как часто\" = probability", "snapshot",
                "broke_overnight_high = 1");
    }

    /** The eval's handlers: the rules ones with every Gemini one in their place (launcher EvalCommand). */
    private List<StageHandler> evalHandlers() {
        Map<Stage, StageHandler> byStage = new EnumMap<>(Stage.class);
        for (StageHandler h : RulesAgents.handlers(() -> COVERAGE)) {
            byStage.put(h.stage(), h);
        }
        byStage.putAll(gemini);
        return new ArrayList<>(byStage.values());
    }

    @Test
    void anEvalTurnCallsNoPresenterModelWithoutAnExecutorResult() {
        stub.then(GeminiStub.ok("{\"intent\": \"data\", \"lang\": \"en\", \"internal_query\": \"how many green "
                + "days in 2023?\"}", 10, 10, 0, 0));
        stub.then(GeminiStub.ok("""
                {"intent": "data", "goal": "count green days", "understood": true, "topic_changed": false,
                 "expanded_query": "count days where is_green = 1 in 2023", "acknowledge": "Counting green days",
                 "suggested_title": "Green days 2023", "need_clarification": null}""", 10, 10, 0, 0));
        stub.then(GeminiStub.ok("""
                {"steps": [{"id": "s1", "operation": "count", "atoms": [{"when": "2023", "what": "days",
                 "filter": "is_green = 1", "timeframe": "1D"}], "params": {}}]}""", 10, 10, 0, 0));
        ConversationRunner runner = new ConversationRunner(evalHandlers());
        ConversationRunner.Turn turn = runner.ask("how many green days in 2023?");

        assertThat(turn.route()).isEqualTo("data");
        assertThat(turn.plans()).extracting(Plan::operation).containsExactly("count");
        assertThat(turn.agents()).containsExactly("intent", "understander", "parser", "planner");
        // the presenter still ran for the chat's key facts (what follow-ups build on), without a model call
        assertThat(runner.state().memory().keyFact(FollowUps.LAST_QUERY)).isEqualTo("count days where is_green = 1 in 2023");
        assertThat(stub.requests()).hasSize(3);
    }

    @Test
    void aModelAnswerInTheNewLanguageBecomesAPlanAndThePresenterCallsNoModelWithoutAResult() {
        stub.then(GeminiStub.ok("{\"intent\": \"data\", \"lang\": \"ru\", \"internal_query\": \"how often does the "
                + "RTH gap up fill since 2020, by gap size?\"}", 10, 10, 0, 0));
        stub.then(GeminiStub.ok(UNDERSTOOD, 10, 10, 0, 0));
        stub.then(GeminiStub.ok("""
                {"steps": [{"id": "s1", "operation": "gap_fill", "atoms": [{"when": "2020..", "what": "days",
                 "filter": "session = RTH, gap = up", "timeframe": "1D"}], "params": {}}],
                 "thoughts": "gap fill by size"}""", 10, 10, 0, 0));
        ConversationRunner.Turn turn = new ConversationRunner(evalHandlers())
                .ask("как часто закрывается гэп вверх на ртх с 2020? по размеру гэпа");

        assertThat(turn.route()).as(turn.reply()).isEqualTo("data");
        Plan plan = turn.plans().get(0);
        assertThat(plan.operation()).isEqualTo("gap_fill");
        assertThat(plan.session()).isEqualTo("RTH");
        assertThat(plan.gap()).isEqualTo("up");
        assertThat(plan.period().from()).isEqualTo(LocalDate.of(2020, 1, 1));
        // intent, understander, parser: the presenter ran for the chat's key facts only, without a model
        assertThat(stub.requests()).hasSize(3);
    }

    @Test
    void twoQuestionsWithTheOvernightBreakBecomeAProbabilityAndAFormation() {
        stub.then(GeminiStub.ok("{\"intent\": \"data\", \"lang\": \"en\", \"internal_query\": \"how often does rth "
                + "take out the overnight high and when, 30 min buckets\"}", 10, 10, 0, 0));
        stub.then(GeminiStub.ok("""
                {"intent": "data", "goal": "overnight high breaks", "understood": true, "topic_changed": false,
                 "expanded_query": "probability of broke_overnight_high = 1 where session = RTH; what time is the overnight high broken in 30-minute buckets where session = RTH",
                 "acknowledge": "Looking at overnight high breaks", "suggested_title": "ON high breaks",
                 "need_clarification": null}""", 10, 10, 0, 0));
        stub.then(GeminiStub.ok("""
                {"steps": [
                 {"id": "s1", "operation": "probability", "atoms": [{"when": "all", "what": "days",
                  "filter": "session = RTH", "timeframe": "1D"}], "params": {"outcome": "broke_overnight_high = 1"}},
                 {"id": "s2", "operation": "formation", "atoms": [{"when": "all", "what": "overnight_high_break",
                  "filter": "session = RTH", "timeframe": "1D"}],
                  "params": {"extreme": "overnight_high_break", "bucket": "30m"}}]}""", 10, 10, 0, 0));
        ConversationRunner.Turn turn = new ConversationRunner(evalHandlers())
                .ask("how often does rth take out the overnight high and when? 30 min buckets");

        assertThat(turn.route()).as(turn.reply()).isEqualTo("data");
        assertThat(turn.plans()).extracting(Plan::operation).containsExactly("probability", "formation");
        assertThat(turn.plans().get(0).outcome()).isEqualTo(new Plan.Condition("broke_overnight_high", "=", 1));
        assertThat(turn.plans().get(1).extreme()).isEqualTo("overnight_high_break");
        assertThat(turn.plans().get(1).bucket()).isEqualTo("30m");
        assertThat(stub.requests()).hasSize(3);
    }

    @Test
    void aMonthlyShareAndASnapshotBecomePlans() {
        stub.then(GeminiStub.ok("{\"intent\": \"data\", \"lang\": \"en\", \"internal_query\": \"% of Augusts since "
                + "2015 that closed green\"}", 10, 10, 0, 0));
        stub.then(GeminiStub.ok("""
                {"intent": "data", "goal": "august seasonality", "understood": true, "topic_changed": false,
                 "expanded_query": "probability of is_green = 1 in 2015.. on monthly bars where month = august",
                 "acknowledge": "Checking Augusts", "suggested_title": "August seasonality",
                 "need_clarification": null}""", 10, 10, 0, 0));
        stub.then(GeminiStub.ok("""
                {"steps": [{"id": "s1", "operation": "probability", "atoms": [{"when": "2015..", "what": "days",
                 "filter": "month = august", "timeframe": "1M"}], "params": {"outcome": "is_green = 1"}}]}""",
                10, 10, 0, 0));
        ConversationRunner runner = new ConversationRunner(evalHandlers());
        ConversationRunner.Turn monthly = runner.ask("% of Augusts since 2015 that closed green");
        assertThat(monthly.route()).as(monthly.reply()).isEqualTo("data");
        assertThat(monthly.plans().get(0).timeframe()).isEqualTo("1M");
        assertThat(monthly.plans().get(0).months()).containsExactly("august");

        stub.then(GeminiStub.ok("{\"intent\": \"data\", \"lang\": \"en\", \"internal_query\": \"what happened on "
                + "2024-08-05?\"}", 10, 10, 0, 0));
        stub.then(GeminiStub.ok("""
                {"intent": "data", "goal": "one day", "understood": true, "topic_changed": false,
                 "expanded_query": "what happened in 2024-08-05", "acknowledge": "Looking at 2024-08-05",
                 "suggested_title": null, "need_clarification": null}""", 10, 10, 0, 0));
        stub.then(GeminiStub.ok("""
                {"steps": [{"id": "s1", "operation": "snapshot", "atoms": [{"when": "2024-08-05", "what": "days",
                 "filter": null, "timeframe": "1D"}], "params": {}}]}""", 10, 10, 0, 0));
        ConversationRunner.Turn snapshot = runner.ask("what happened on 2024-08-05?");
        assertThat(snapshot.route()).as(snapshot.reply()).isEqualTo("data");
        assertThat(snapshot.plans().get(0).operation()).isEqualTo("snapshot");
        assertThat(snapshot.plans().get(0).period()).isEqualTo(new Plan.Period(LocalDate.of(2024, 8, 5),
                LocalDate.of(2024, 8, 5)));
        assertThat(stub.requests()).hasSize(6);
    }
}
