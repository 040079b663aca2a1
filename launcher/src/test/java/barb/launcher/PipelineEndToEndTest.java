package barb.launcher;

import barb.agents.RulesAgents;
import barb.core.RequestEnvelope;
import barb.core.Stage;
import barb.core.StageHandler;
import barb.core.StageOutcome;
import barb.core.StageWorker;
import barb.embedded.SharedInfra;
import com.fasterxml.jackson.databind.JsonNode;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;
import static org.awaitility.Awaitility.await;

/**
 * The whole pipeline on a real broker, database and DuckDB: every question of issue 2 in English and Russian
 * through the gateway; each answer's numbers checked against an independent SQL query over the minute bars;
 * the SSE sequence and the Postgres rows checked against seed 000 §8.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class PipelineEndToEndTest {
    static final List<String> DATA_AGENTS = List.of("intent", "understander", "parser", "planner", "executor",
            "presenter");

    BarbStack stack;
    int port;

    @BeforeAll
    void start() throws Exception {
        stack = TestStack.start("barb-e2e");
        port = stack.httpPort();
    }

    @AfterAll
    void stop() {
        if (stack != null) {
            stack.close();
        }
    }

    // ---- independent SQL over the minute bars, sharing nothing with the executor's derived tables ----

    private static final String TRADING_DAYS = """
            SELECT CAST(ts + INTERVAL 6 HOUR AS DATE) AS d, arg_min(open, ts) AS o, max(high) AS h, min(low) AS l,
                   arg_max(close, ts) AS c
            FROM bars GROUP BY 1""";

    private static final String RTH_DAYS = """
            SELECT CAST(ts + INTERVAL 6 HOUR AS DATE) AS d, max(high) AS h, min(low) AS l
            FROM bars WHERE CAST(ts AS TIME) >= TIME '09:30' AND CAST(ts AS TIME) < TIME '17:00' GROUP BY 1""";

    private static final String RTH_OPEN_CLOSE = """
            SELECT CAST(ts + INTERVAL 6 HOUR AS DATE) AS d, arg_min(open, ts) AS o, arg_max(close, ts) AS c
            FROM bars WHERE CAST(ts AS TIME) >= TIME '09:30' AND CAST(ts AS TIME) < TIME '17:00' GROUP BY 1""";

    private double scalar(String sql) throws SQLException {
        return TestStack.scalar(stack.store(), sql);
    }

    private List<Map<String, Object>> rows(String sql) throws SQLException {
        return TestStack.rows(stack.store(), sql);
    }

    /**
     * All numbers written in a text, thousands separators removed; a number with a decimal comma (Russian answers:
     * "245,31", "1 234,5") is also read that way.
     */
    static List<Double> numbersIn(String text) {
        List<Double> out = new ArrayList<>();
        Matcher m = Pattern.compile("-?\\d[\\d,\\u00a0 ]*(?:\\.\\d+)?").matcher(text);
        while (m.find()) {
            String raw = m.group().replaceAll("[,\\u00a0 ]", "").trim();
            addNumber(out, raw);
            String written = m.group().trim();
            if (written.matches("-?[\\d\\u00a0 ]*\\d,\\d+")) {
                addNumber(out, written.replaceAll("[\\u00a0 ]", "").replace(',', '.'));
            }
        }
        return out;
    }

    private static void addNumber(List<Double> out, String raw) {
        try {
            out.add(Double.parseDouble(raw));
        } catch (NumberFormatException ignored) {
            // a stray separator, not a number
        }
    }

    static void assertMentions(String answer, double expected, double tolerance) {
        assertThat(numbersIn(answer)).as("numbers in: %s", answer)
                .anySatisfy(n -> assertThat(n).isCloseTo(expected, within(tolerance)));
    }

    static void assertStepSequence(SseCapture.Stream s, List<String> agents) {
        List<String> steps = new ArrayList<>();
        int expectedStep = 1;
        for (SseCapture.Event e : s.events()) {
            if (e.name().equals("step_start") || e.name().equals("step_end")) {
                steps.add(e.name() + ":" + e.data().path("agent").asText() + ":" + e.data().path("step").asInt());
            }
        }
        List<String> expected = new ArrayList<>();
        for (String a : agents) {
            expected.add("step_start:" + a + ":" + expectedStep);
            expected.add("step_end:" + a + ":" + expectedStep);
            expectedStep++;
        }
        assertThat(steps).containsExactlyElementsOf(expected);
        assertThat(s.names().get(s.names().size() - 1)).isIn("done", "chat");
        assertThat(s.names()).doesNotContain("error");
        for (SseCapture.Event e : s.all("step_end")) {
            assertThat(e.data().path("duration_ms").asLong(-1)).isGreaterThanOrEqualTo(0);
        }
    }

    // ---- the questions ----

    static Stream<Arguments> chitchatAndConcepts() {
        return Stream.of(
                Arguments.of("hi", "chitchat"),
                Arguments.of("привет", "chitchat"),
                Arguments.of("what is an inside day?", "concept"),
                Arguments.of("что такое inside day?", "concept"));
    }

    @ParameterizedTest
    @MethodSource("chitchatAndConcepts")
    void chitchatAndConceptsGoStraightToTheResponder(String question, String route) throws Exception {
        SseCapture.Stream s = SseCapture.ask(port, question, null);
        assertThat(s.status()).isEqualTo(200);
        assertStepSequence(s, List.of("intent", "responder"));
        assertThat(s.answer()).isNotBlank();
        if (question.contains("inside")) {
            assertThat(s.answer().toLowerCase()).containsAnyOf("inside", "внутр");
        }
        if (question.equals("привет") || question.startsWith("что")) {
            assertThat(s.answer()).containsPattern("[А-Яа-я]");
        }
        assertThat(s.done().path("route").asText()).isEqualTo(route);
        assertChatLog(s, route, List.of("intent", "responder"));
    }

    @ParameterizedTest
    @MethodSource("averageRangeRth")
    void averageDailyRangeIn2024Rth(String question) throws Exception {
        SseCapture.Stream s = dataQuestion(question);
        double expected = scalar("SELECT avg(h - l) FROM (" + RTH_DAYS
                + ") WHERE d BETWEEN DATE '2024-01-01' AND DATE '2024-12-31'");
        JsonNode summary = s.first("data_block").data().path("summary");
        assertThat(summary.path("value").asDouble()).isCloseTo(expected, within(0.01));
        assertMentions(s.answer(), expected, 0.01);
    }

    static Stream<String> averageRangeRth() {
        return Stream.of("average daily range in 2024 (RTH)", "средний дневной диапазон за 2024 (RTH)");
    }

    @ParameterizedTest
    @MethodSource("topFive")
    void topFiveDaysByRangeIn2024(String question) throws Exception {
        SseCapture.Stream s = dataQuestion(question);
        List<Map<String, Object>> expected = rows("SELECT CAST(d AS VARCHAR) AS d, h - l AS r FROM (" + TRADING_DAYS
                + ") WHERE d BETWEEN DATE '2024-01-01' AND DATE '2024-12-31' ORDER BY r DESC LIMIT 5");
        JsonNode table = s.first("data_block").data().path("table");
        assertThat(table).hasSize(5);
        for (int i = 0; i < 5; i++) {
            assertThat(table.get(i).toString()).contains((String) expected.get(i).get("d"));
            assertMentions(s.answer(), ((Number) expected.get(i).get("r")).doubleValue(), 0.01);
        }
    }

    static Stream<String> topFive() {
        return Stream.of("top 5 days by range in 2024 ETH", "топ 5 дней по диапазону в 2024 ETH");
    }

    @ParameterizedTest
    @MethodSource("greenDays")
    void greenDaysIn2023(String question) throws Exception {
        SseCapture.Stream s = dataQuestion(question);
        double expected = scalar("SELECT count(*) FROM (" + TRADING_DAYS
                + ") WHERE d BETWEEN DATE '2023-01-01' AND DATE '2023-12-31' AND c > o");
        assertThat(s.first("data_block").data().path("summary").path("value").asDouble()).isEqualTo(expected);
        assertMentions(s.answer(), expected, 0);
    }

    static Stream<String> greenDays() {
        return Stream.of("how many green days in 2023", "сколько зелёных дней в 2023");
    }

    @ParameterizedTest
    @MethodSource("byWeekday")
    void averageRangeByWeekday(String question) throws Exception {
        SseCapture.Stream s = dataQuestion(question);
        List<Map<String, Object>> expected = rows("SELECT isodow(d) AS wd, avg(h - l) AS r FROM (" + TRADING_DAYS
                + ") GROUP BY 1 ORDER BY 1");
        JsonNode table = s.first("data_block").data().path("table");
        assertThat(table).hasSize(expected.size());
        double best = expected.stream().mapToDouble(r -> ((Number) r.get("r")).doubleValue()).max().orElseThrow();
        double worst = expected.stream().mapToDouble(r -> ((Number) r.get("r")).doubleValue()).min().orElseThrow();
        assertMentions(s.answer(), best, 0.01);
        assertMentions(s.answer(), worst, 0.01);
        for (Map<String, Object> row : expected) {
            double r = ((Number) row.get("r")).doubleValue();
            assertThat(numbersIn(table.toString())).anySatisfy(n -> assertThat(n).isCloseTo(r, within(0.01)));
        }
    }

    static Stream<String> byWeekday() {
        return Stream.of("average range by weekday, ETH", "средний диапазон по дням недели ETH");
    }

    @ParameterizedTest
    @MethodSource("byQuarter")
    void averageRangeByQuarter(String question) throws Exception {
        SseCapture.Stream s = dataQuestion(question);
        List<Map<String, Object>> expected = rows("SELECT quarter(d) AS q, avg(h - l) AS r FROM (" + TRADING_DAYS
                + ") WHERE year(d) = 2024 GROUP BY 1 ORDER BY 1");
        assertThat(expected).hasSize(4);
        JsonNode table = s.first("data_block").data().path("table");
        assertThat(table).hasSize(4);
        for (int i = 0; i < 4; i++) {
            assertThat(table.get(i).path("quarter_name").asText()).isEqualTo("Q" + (i + 1));
            assertThat(table.get(i).path("mean_range").asDouble())
                    .isCloseTo(((Number) expected.get(i).get("r")).doubleValue(), within(0.01));
        }
        double best = expected.stream().mapToDouble(r -> ((Number) r.get("r")).doubleValue()).max().orElseThrow();
        assertMentions(s.answer(), best, 0.01);
    }

    static Stream<String> byQuarter() {
        return Stream.of("average range by quarter in 2024 during ETH", "средний диапазон по кварталам в 2024 ETH");
    }

    @ParameterizedTest
    @MethodSource("gapUps")
    void gapUpDaysIn2024(String question) throws Exception {
        SseCapture.Stream s = dataQuestion(question);
        // a gap is the move between sessions: the RTH open against the previous RTH close (docs/understanding.md)
        double expected = scalar("SELECT count(*) FROM (SELECT d, o, lag(c) OVER (ORDER BY d) AS pc FROM ("
                + RTH_OPEN_CLOSE + ")) WHERE d BETWEEN DATE '2024-01-01' AND DATE '2024-12-31' AND o > pc");
        assertThat(s.first("data_block").data().path("summary").path("value").asDouble()).isEqualTo(expected);
        assertMentions(s.answer(), expected, 0);
    }

    static Stream<String> gapUps() {
        return Stream.of("number of gap-up days in 2024", "сколько дней с гэпом вверх в 2024");
    }

    @ParameterizedTest
    @MethodSource("bigDrops")
    void daysNqFellMoreThanTwoPercentIn2022(String question) throws Exception {
        SseCapture.Stream s = dataQuestion(question);
        List<Map<String, Object>> expected = rows("SELECT CAST(d AS VARCHAR) AS d, (c / pc - 1) * 100 AS pct FROM ("
                + "SELECT d, c, lag(c) OVER (ORDER BY d) AS pc FROM (" + TRADING_DAYS + ")) "
                + "WHERE d BETWEEN DATE '2022-01-01' AND DATE '2022-12-31' AND (c / pc - 1) * 100 < -2 ORDER BY d");
        assertThat(expected).isNotEmpty();
        JsonNode block = s.first("data_block").data();
        assertThat(block.path("table")).hasSize(expected.size());
        for (int i = 0; i < expected.size(); i++) {
            assertThat(block.path("table").get(i).toString()).contains((String) expected.get(i).get("d"));
        }
        assertMentions(s.answer(), expected.size(), 0);
    }

    static Stream<String> bigDrops() {
        return Stream.of("days when NQ fell more than 2% in 2022", "дни когда NQ упал больше чем на 2% в 2022");
    }

    @ParameterizedTest
    @MethodSource("highHour")
    void hourWhenTheRthHighIsUsuallySet(String question) throws Exception {
        SseCapture.Stream s = dataQuestion(question);
        List<Map<String, Object>> expected = rows("""
                WITH rth AS (SELECT CAST(ts + INTERVAL 6 HOUR AS DATE) AS d, ts, high FROM bars
                             WHERE CAST(ts AS TIME) >= TIME '09:30' AND CAST(ts AS TIME) < TIME '17:00'),
                     day_high AS (SELECT d, max(high) AS h FROM rth GROUP BY d),
                     first_time AS (SELECT r.d, min(r.ts) AS t FROM rth r JOIN day_high x ON r.d = x.d AND r.high = x.h
                                    GROUP BY r.d)
                SELECT hour(t) AS hr, count(*) AS n FROM first_time GROUP BY 1 ORDER BY n DESC, hr LIMIT 1""");
        int peakHour = ((Number) expected.get(0).get("hr")).intValue();
        long peakCount = ((Number) expected.get(0).get("n")).longValue();
        assertThat(s.answer()).contains(String.format("%02d:00", peakHour));
        assertMentions(s.answer(), peakCount, 0);
    }

    static Stream<String> highHour() {
        return Stream.of("what hour is the RTH high of the day usually set",
                "в какой час обычно формируется хай дня в RTH");
    }

    @ParameterizedTest
    @MethodSource("tradingDays")
    void tradingDaysIn2024(String question) throws Exception {
        SseCapture.Stream s = dataQuestion(question);
        double expected = scalar("SELECT count(*) FROM (" + TRADING_DAYS
                + ") WHERE d BETWEEN DATE '2024-01-01' AND DATE '2024-12-31'");
        assertThat(expected).isBetween(240.0, 262.0);
        assertMentions(s.answer(), expected, 0);
    }

    static Stream<String> tradingDays() {
        return Stream.of("how many trading days in 2024", "торговые дни в 2024");
    }

    @Test
    void clarificationRoundTrip() throws Exception {
        SseCapture.Stream ask = SseCapture.ask(port, "what's the typical daily range?", null);
        assertStepSequence(ask, List.of("intent", "understander", "clarifier"));
        assertThat(ask.answer()).contains("RTH").contains("ETH");
        assertThat(ask.done().path("route").asText()).isEqualTo("clarify");
        String chat = ask.done().path("chat_id").asText();
        assertChatLog(ask, "clarify", List.of("intent", "understander", "clarifier"));

        SseCapture.Stream answer = SseCapture.ask(port, "RTH", chat);
        List<String> agents = List.of("intent", "clarify_continue", "parser", "planner", "executor", "presenter");
        assertStepSequence(answer, agents);
        assertThat(answer.done().path("route").asText()).isEqualTo("data");
        double expected = scalar("SELECT avg(h - l) FROM (" + RTH_DAYS + ")");
        assertMentions(answer.answer(), expected, 0.01);
        assertChatLog(answer, "data", agents);
    }

    static final List<String> CLARIFY_AGAIN = List.of("intent", "clarify_continue", "clarifier");

    @Test
    void aNewQuestionInsteadOfAnAnswerIsAnsweredAndTheOriginalDropped() throws Exception {
        SseCapture.Stream ask = SseCapture.ask(port, "average daily range?", null);
        assertThat(ask.done().path("route").asText()).isEqualTo("clarify");
        String chat = ask.done().path("chat_id").asText();

        SseCapture.Stream next = SseCapture.ask(port, "how many green days in 2023", chat);
        List<String> agents = List.of("intent", "clarify_continue", "parser", "planner", "executor", "presenter");
        assertStepSequence(next, agents);
        assertThat(next.first("step_end").data().path("output").path("intent").asText()).isEqualTo("data");
        double expected = scalar("SELECT count(*) FROM (" + TRADING_DAYS
                + ") WHERE d BETWEEN DATE '2023-01-01' AND DATE '2023-12-31' AND c > o");
        assertThat(next.first("data_block").data().path("summary").path("value").asDouble()).isEqualTo(expected);
        assertThat(clarifyContinueOutput(next).path("topic_changed").asBoolean()).isTrue();
        assertChatLog(next, "data", agents);
    }

    @Test
    void aCancelledClarificationEndsTheDialogue() throws Exception {
        SseCapture.Stream ask = SseCapture.ask(port, "какой средний диапазон?", null);
        assertThat(ask.done().path("route").asText()).isEqualTo("clarify");
        String chat = ask.done().path("chat_id").asText();

        SseCapture.Stream cancel = SseCapture.ask(port, "забей", chat);
        List<String> agents = List.of("intent", "clarify_continue", "responder");
        assertStepSequence(cancel, agents);
        assertThat(cancel.done().path("route").asText()).isEqualTo("chitchat");
        assertThat(numbersIn(cancel.answer())).isEmpty();
        JsonNode out = clarifyContinueOutput(cancel);
        assertThat(out.path("understood").asBoolean(true)).isFalse();
        assertThat(out.path("topic_changed").asBoolean()).isTrue();
        assertChatLog(cancel, "chitchat", agents);

        // the dialogue is over: the next question starts from the understander again
        SseCapture.Stream fresh = SseCapture.ask(port, "сколько зелёных дней в 2023", chat);
        assertStepSequence(fresh, DATA_AGENTS);
    }

    @Test
    void unclearAnswersAreAskedAgainAndTheSafetyNetStopsAfterThreeRounds() throws Exception {
        SseCapture.Stream ask = SseCapture.ask(port, "what is the average range?", null);
        assertThat(ask.done().path("route").asText()).isEqualTo("clarify");
        String chat = ask.done().path("chat_id").asText();

        for (String gibberish : List.of("qwzx", "blorp fnord")) {
            SseCapture.Stream again = SseCapture.ask(port, gibberish, chat);
            assertStepSequence(again, CLARIFY_AGAIN);
            assertThat(again.done().path("route").asText()).isEqualTo("clarify");
            assertThat(again.answer()).contains("RTH");
            assertChatLog(again, "clarify", CLARIFY_AGAIN);
        }
        SseCapture.Stream last = SseCapture.ask(port, "zzzz", chat);
        List<String> agents = List.of("intent", "clarify_continue", "responder");
        assertStepSequence(last, agents);
        assertThat(last.done().path("route").asText()).isEqualTo("gave_up");
        assertThat(last.answer()).contains("rephrase");
        assertChatLog(last, "gave_up", agents);

        SseCapture.Stream after = SseCapture.ask(port, "hi", chat);
        assertStepSequence(after, List.of("intent", "responder"));
    }

    @Test
    void followUpsChangeThePreviousQuestionFromMemory() throws Exception {
        SseCapture.Stream first = dataQuestion("how many green days in 2023");
        String chat = first.done().path("chat_id").asText();

        SseCapture.Stream second = SseCapture.ask(port, "and for 2022?", chat);
        assertStepSequence(second, DATA_AGENTS);
        double expected = scalar("SELECT count(*) FROM (" + TRADING_DAYS
                + ") WHERE d BETWEEN DATE '2022-01-01' AND DATE '2022-12-31' AND c > o");
        assertThat(second.first("data_block").data().path("summary").path("value").asDouble()).isEqualTo(expected);

        SseCapture.Stream third = SseCapture.ask(port, "покажи эти дни", chat);
        assertStepSequence(third, DATA_AGENTS);
        JsonNode table = third.first("data_block").data().path("table");
        assertThat(table.size()).isEqualTo((int) expected);
        assertThat(table.get(0).toString()).contains("2022-01");
    }

    private static JsonNode clarifyContinueOutput(SseCapture.Stream s) {
        for (SseCapture.Event e : s.all("step_end")) {
            if (e.data().path("agent").asText().equals("clarify_continue")) {
                return e.data().path("output");
            }
        }
        throw new AssertionError("no clarify_continue step");
    }

    /** In the all-in-one process the gateway's /metrics carries the stage workers' meters next to the lag. */
    @Test
    void metricsOfTheAllInOneProcessShowEveryStageAndTheLag() throws Exception {
        SseCapture.Stream s = SseCapture.ask(port, "hi", null);
        assertThat(s.status()).isEqualTo(200);
        java.net.http.HttpClient http = java.net.http.HttpClient.newHttpClient();
        java.net.URI uri = java.net.URI.create("http://127.0.0.1:" + port + "/metrics");
        org.awaitility.Awaitility.await().atMost(java.time.Duration.ofSeconds(60)).until(() -> http.send(
                java.net.http.HttpRequest.newBuilder(uri).build(),
                java.net.http.HttpResponse.BodyHandlers.ofString()).body().contains("kafka_consumergroup_group_lag{"));
        String body = http.send(java.net.http.HttpRequest.newBuilder(uri).build(),
                java.net.http.HttpResponse.BodyHandlers.ofString()).body();

        assertThat(body).containsPattern("(?m)^barb_stage_records_handled_total\\{stage=\"intent\"} [1-9]");
        assertThat(body).containsPattern("(?m)^barb_stage_records_handled_total\\{stage=\"responder\"} [1-9]");
        assertThat(body).containsPattern("(?m)^barb_stage_handler_duration_seconds_bucket\\{.*stage=\"intent\"");
        assertThat(body).containsPattern("(?m)^barb_stage_records_in_flight\\{stage=\"executor\"} ");
        assertThat(body).containsPattern("(?m)^barb_stage_records_dead_lettered_total\\{stage=\"parser\"} ");
        assertThat(body).containsPattern("(?m)^kafka_consumergroup_group_sum_lag\\{.*group=\"barb-stage-intent\"");
        assertThat(body).containsPattern("(?m)^barb_consumergroup_status\\{");
        assertThat(body).containsPattern("(?m)^jvm_threads_live_threads ");
        assertThat(body).containsPattern("(?m)^barb_gateway_request_duration_seconds_count\\{outcome=\"done\"} [1-9]");
        assertThat(body).containsPattern("(?m)^barb_gateway_streams_open ");
        org.awaitility.Awaitility.await().atMost(java.time.Duration.ofSeconds(60)).until(() -> http.send(
                java.net.http.HttpRequest.newBuilder(uri).build(), java.net.http.HttpResponse.BodyHandlers.ofString())
                .body().matches("(?s).*\nbarb_tracesink_batch_records_count [1-9].*"));
        String later = http.send(java.net.http.HttpRequest.newBuilder(uri).build(),
                java.net.http.HttpResponse.BodyHandlers.ofString()).body();
        assertThat(later).containsPattern("(?m)^barb_tracesink_batch_write_seconds_count [1-9]");
        assertThat(later).containsPattern("(?m)^barb_tracesink_records_written_total [1-9]");
    }

    @Test
    void anUnsupportedQuestionGetsAnHonestAnswerNotAGuess() throws Exception {
        SseCapture.Stream s = SseCapture.ask(port, "will NQ go up tomorrow?", null);
        assertThat(s.status()).isEqualTo(200);
        assertThat(s.names()).doesNotContain("data_block", "error");
        assertThat(numbersIn(s.answer())).isEmpty();
    }

    /**
     * The rules stages run chained in the thread of the worker that took the request from its topic (the intent
     * worker): a parser stuck inside that chain is stopped with the worker, whose record is redone by the next
     * intent worker. (Separate stage processes, where each stage reads its own topic, are killed in ChaosLayoutTest.)
     */
    @Test
    void aStageWorkerKilledMidRequestIsReplacedAndTheAnswerStillArrivesOnce() throws Exception {
        List<StageHandler> rules = RulesAgents.handlers(() -> new barb.core.DataCoverage(
                java.time.LocalDate.of(2008, 1, 2), java.time.LocalDate.of(2026, 1, 7), "synthetic"));
        StageHandler parser = rules.stream().filter(h -> h.stage() == Stage.PARSER).findFirst().orElseThrow();
        StageHandler intent = rules.stream().filter(h -> h.stage() == Stage.INTENT).findFirst().orElseThrow();
        CountDownLatch entered = new CountDownLatch(1);
        CountDownLatch never = new CountDownLatch(1);
        StageHandler stuck = new StageHandler() {
            @Override
            public Stage stage() {
                return Stage.PARSER;
            }

            @Override
            public StageOutcome handle(RequestEnvelope envelope) throws Exception {
                entered.countDown();
                never.await();
                return parser.handle(envelope);
            }
        };
        stack.killWorker(Stage.PARSER);
        stack.startWorker(stuck);
        long handledBefore = stack.workers().stream().filter(w -> w.agent().equals(Stage.INTENT.agentName()))
                .findFirst().orElseThrow().handledCount();
        CompletableFuture<SseCapture.Stream> pending = CompletableFuture.supplyAsync(() -> {
            try {
                return SseCapture.ask(port, "how many green days in 2023", null);
            } catch (Exception e) {
                throw new IllegalStateException(e);
            }
        });
        assertThat(entered.await(60, TimeUnit.SECONDS)).as("the parser got the request").isTrue();

        StageWorker holder = stack.killWorker(Stage.INTENT);
        assertThat(holder.handledCount()).as("the request in its chain was not finished").isEqualTo(handledBefore);
        stack.killWorker(Stage.PARSER);
        stack.startWorker(parser);
        stack.startWorker(intent);

        SseCapture.Stream s = pending.get(120, TimeUnit.SECONDS);
        assertStepSequence(s, DATA_AGENTS);
        assertThat(s.all("answer")).hasSize(1);
        assertThat(s.all("done")).hasSize(1);
        assertChatLog(s, "data", DATA_AGENTS);
    }

    /** The default BARB_STAGE_CHAIN=rules: a data question crosses the broker at the intent and the executor only. */
    @Test
    void theRulesStagesRunChainedSoADataQuestionCrossesOnlyTheIntentAndExecutorTopics() throws Exception {
        SseCapture.Stream s = dataQuestion("how many green days in 2023");
        String requestId = s.done().path("request_id").asText();

        assertThat(recordsOf(Stage.INTENT.topic(), requestId)).hasSize(1);
        assertThat(recordsOf(Stage.EXECUTOR.topic(), requestId)).hasSize(1);
        for (Stage chained : List.of(Stage.UNDERSTANDER, Stage.PARSER, Stage.PLANNER, Stage.PRESENTER)) {
            assertThat(recordsOf(chained.topic(), requestId)).as(chained.topic()).isEmpty();
        }
        assertChatLog(s, "data", DATA_AGENTS);
    }

    @Test
    void aMessageWithNulIsAnsweredStoredAndListedWithoutADeadLetter() throws Exception {
        SseCapture.Stream s = SseCapture.ask(port, "how many green\u0000 days in 2023\u0007", null);
        assertThat(s.status()).isEqualTo(200);
        assertThat(s.names()).contains("answer", "done").doesNotContain("error");
        String chatId = s.done().path("chat_id").asText();
        String requestId = s.done().path("request_id").asText();

        await().atMost(Duration.ofSeconds(60)).untilAsserted(() -> {
            JsonNode chats = barb.core.Json.parse(get("/chats"));
            assertThat(chats.findValuesAsText("chat_id")).contains(chatId);
            JsonNode messages = barb.core.Json.parse(get("/chats/" + chatId + "/messages"));
            assertThat(messages).hasSize(1);
            assertThat(messages.get(0).path("question").asText()).isEqualTo("how many green days in 2023");
            assertThat(messages.get(0).path("response").asText()).isEqualTo(s.answer());
            assertThat(messages.get(0).path("traces")).hasSize(DATA_AGENTS.size());
        });
        // The done event is the request's last on its partition, so the sink has judged every event by now.
        assertThat(recordsOf(barb.core.Topics.DLQ, requestId)).isEmpty();
    }

    @Test
    void aDataAnswersRowsFeedbackUsageAndEventsThroughTheChatApi() throws Exception {
        SseCapture.Stream s = dataQuestion("top 5 days by range in 2023 during RTH");
        String requestId = s.done().path("request_id").asText();
        String chatId = s.done().path("chat_id").asText();
        JsonNode block = s.first("data_block").data();

        // The full rows are the data block's table, as the trace-sink stored the executor's step.
        JsonNode rows = barb.core.Json.parse(get("/requests/" + requestId + "/rows"));
        assertThat(rows.path("columns")).isEqualTo(block.path("columns"));
        assertThat(rows.path("total").asInt()).isEqualTo(block.path("table").size()).isEqualTo(5);
        for (int i = 0; i < 5; i++) {
            for (int col = 0; col < rows.path("columns").size(); col++) {
                String column = rows.path("columns").get(col).asText();
                assertThat(rows.path("rows").get(i).get(col)).as("row %d %s", i, column)
                        .isEqualTo(block.path("table").get(i).get(column));
            }
        }

        java.net.http.HttpResponse<String> vote = java.net.http.HttpClient.newHttpClient().send(
                java.net.http.HttpRequest.newBuilder(java.net.URI.create("http://127.0.0.1:" + port + "/requests/"
                                + requestId + "/feedback")).header("Content-Type", "application/json")
                        .POST(java.net.http.HttpRequest.BodyPublishers.ofString("{\"vote\": \"up\"}")).build(),
                java.net.http.HttpResponse.BodyHandlers.ofString());
        assertThat(vote.statusCode()).isEqualTo(204);
        JsonNode message = barb.core.Json.parse(get("/chats/" + chatId + "/messages")).get(0);
        assertThat(message.path("feedback").path("vote").asText()).isEqualTo("up");

        JsonNode usage = barb.core.Json.parse(get("/chats/" + chatId + "/usage"));
        assertThat(usage.path("requests").asInt()).isEqualTo(1);
        assertThat(usage.path("input_tokens").asLong(-1)).isZero();

        // The stream again, from the events topic, with the same ids: after the third, and whole.
        SseCapture.Stream resumed = SseCapture.get(port, "/requests/" + requestId + "/events",
                "Last-Event-ID", requestId + ":3");
        assertThat(resumed.events()).isEqualTo(s.events().subList(3, s.events().size()));
        assertThat(SseCapture.get(port, "/requests/" + requestId + "/events").events()).isEqualTo(s.events());
    }

    private String get(String path) throws Exception {
        java.net.http.HttpResponse<String> r = java.net.http.HttpClient.newHttpClient().send(
                java.net.http.HttpRequest.newBuilder(java.net.URI.create("http://127.0.0.1:" + port + path)).build(),
                java.net.http.HttpResponse.BodyHandlers.ofString());
        assertThat(r.statusCode()).as("GET %s", path).isEqualTo(200);
        return r.body();
    }

    private static List<org.apache.kafka.clients.consumer.ConsumerRecord<String, byte[]>> recordsOf(String topic,
                                                                                                   String key) {
        List<org.apache.kafka.clients.consumer.ConsumerRecord<String, byte[]>> out = new ArrayList<>();
        barb.core.KafkaSettings kafka = barb.core.KafkaSettings.of(SharedInfra.kafka().bootstrap());
        try (var c = new org.apache.kafka.clients.consumer.KafkaConsumer<String, byte[]>(
                kafka.consumer(null, "e2e-reader"))) {
            List<org.apache.kafka.common.TopicPartition> parts = c.partitionsFor(topic).stream()
                    .map(pi -> new org.apache.kafka.common.TopicPartition(pi.topic(), pi.partition())).toList();
            c.assign(parts);
            c.seekToBeginning(parts);
            var end = c.endOffsets(parts);
            while (parts.stream().anyMatch(tp -> c.position(tp) < end.get(tp))) {
                for (var r : c.poll(Duration.ofMillis(200))) {
                    if (key.equals(r.key())) {
                        out.add(r);
                    }
                }
            }
        }
        return out;
    }

    private SseCapture.Stream dataQuestion(String question) throws Exception {
        SseCapture.Stream s = SseCapture.ask(port, question, null);
        assertThat(s.status()).isEqualTo(200);
        assertStepSequence(s, DATA_AGENTS);
        assertThat(s.names()).contains("acknowledge", "data_block", "answer", "done");
        assertThat(s.names().indexOf("acknowledge")).isLessThan(s.names().indexOf("data_block"));
        assertThat(s.names().indexOf("data_block")).isLessThan(s.names().indexOf("answer"));
        assertThat(s.first("data_block").data().path("metadata").path("data_source").asText()).isEqualTo("synthetic");
        assertThat(s.done().path("route").asText()).isEqualTo("data");
        assertChatLog(s, "data", DATA_AGENTS);
        return s;
    }

    /** The trace-sink's rows for the request: chat_logs completed as seed 000 §8 says, traces 1..n without gaps. */
    private void assertChatLog(SseCapture.Stream s, String route, List<String> agents) throws Exception {
        String requestId = s.done().path("request_id").asText();
        try (Connection c = DriverManager.getConnection(SharedInfra.postgres().jdbcUrl(), "postgres", "")) {
            await().atMost(Duration.ofSeconds(60)).until(() -> completed(c, requestId));
            try (PreparedStatement ps = c.prepareStatement(
                    "SELECT route, agents_used, usage, duration_ms, response, chat_id FROM chat_logs WHERE request_id = ?::uuid")) {
                ps.setString(1, requestId);
                try (ResultSet rs = ps.executeQuery()) {
                    assertThat(rs.next()).isTrue();
                    assertThat(rs.getString("route")).isEqualTo(route);
                    assertThat(List.of((String[]) rs.getArray("agents_used").getArray())).containsExactlyElementsOf(agents);
                    JsonNode usage = barb.core.Json.parse(rs.getString("usage"));
                    assertThat(usage.has("total")).isTrue();
                    assertThat(usage.path("total").path("input_tokens").asLong(-1)).isZero();
                    assertThat(rs.getInt("duration_ms")).isPositive();
                    assertThat(rs.getString("response")).isEqualTo(s.answer());
                    assertThat(rs.getString("chat_id")).isEqualTo(s.done().path("chat_id").asText());
                }
            }
            assertThat(traceSteps(c, requestId)).containsExactlyElementsOf(numbered(agents));
        }
    }

    /** The request's trace rows as "step:agent", in step order. */
    static List<String> traceSteps(Connection c, String requestId) throws SQLException {
        List<String> traces = new ArrayList<>();
        try (PreparedStatement ps = c.prepareStatement(
                "SELECT step_number, agent_name FROM request_traces WHERE request_id = ?::uuid ORDER BY step_number")) {
            ps.setString(1, requestId);
            try (ResultSet rs = ps.executeQuery()) {
                while (rs.next()) {
                    traces.add(rs.getInt(1) + ":" + rs.getString(2));
                }
            }
        }
        return traces;
    }

    /** The agents as "step:agent" with steps 1..n, as {@link #traceSteps} reads them. */
    static List<String> numbered(List<String> agents) {
        List<String> expected = new ArrayList<>();
        for (int i = 0; i < agents.size(); i++) {
            expected.add((i + 1) + ":" + agents.get(i));
        }
        return expected;
    }

    /** True once the trace-sink completed the request's chat log. */
    static boolean completed(Connection c, String requestId) throws SQLException {
        try (PreparedStatement ps = c.prepareStatement(
                "SELECT count(*) FROM chat_logs WHERE request_id = ?::uuid AND completed_at IS NOT NULL")) {
            ps.setString(1, requestId);
            try (ResultSet rs = ps.executeQuery()) {
                rs.next();
                return rs.getInt(1) == 1;
            }
        }
    }
}
