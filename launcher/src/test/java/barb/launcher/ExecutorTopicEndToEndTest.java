package barb.launcher;

import barb.core.BarbEvent;
import barb.core.EventType;
import barb.core.Json;
import barb.core.KafkaSettings;
import barb.core.Plan;
import barb.core.RequestCompletion;
import barb.core.RequestEnvelope;
import barb.core.Stage;
import barb.core.Topics;
import barb.embedded.SharedInfra;
import com.fasterxml.jackson.databind.JsonNode;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.PartitionInfo;
import org.apache.kafka.common.TopicPartition;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;

import java.sql.SQLException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;

import static barb.launcher.PipelineEndToEndTest.assertMentions;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;
import static org.awaitility.Awaitility.await;

/**
 * Plans posted straight on the executor's topic, through the real executor and presenter workers: every
 * operation and the main filters, each result checked against an independent SQL query over the minute bars
 * (or, for calendar flags only, the executor's own session_days), and the answer checked for the key number.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class ExecutorTopicEndToEndTest {
    private static final double CENT = 0.006;
    private static final String USER = UUID.randomUUID().toString();

    BarbStack stack;
    KafkaProducer<String, byte[]> producer;
    KafkaSettings kafka;

    @BeforeAll
    void start() throws Exception {
        stack = TestStack.start("barb-executor-e2e");
        kafka = KafkaSettings.of(SharedInfra.kafka().bootstrap());
        producer = new KafkaProducer<>(kafka.producer("executor-topic-e2e"));
    }

    @AfterAll
    void stop() {
        if (producer != null) {
            producer.close();
        }
        if (stack != null) {
            stack.close();
        }
    }

    // ---- posting a plan and reading its events ----

    /** The events of one request, in the order they were read. */
    record Run(String requestId, List<BarbEvent> events) {
        BarbEvent first(EventType type) {
            return events.stream().filter(e -> e.type() == type).findFirst()
                    .orElseThrow(() -> new AssertionError("no " + type.wire() + " in " + types()));
        }

        List<String> types() {
            return events.stream().map(e -> e.type().wire()).toList();
        }

        JsonNode result() {
            return first(EventType.DATA_BLOCK).payload();
        }

        JsonNode summary() {
            return result().path("summary");
        }

        JsonNode values() {
            return summary().path("values");
        }

        String answer() {
            return first(EventType.ANSWER).payload().path("content").asText();
        }

        RequestCompletion done() {
            return first(EventType.DONE).completion();
        }
    }

    private Run post(String planJson) throws Exception {
        Plan plan = Json.fromString(planJson, Plan.class);
        // ids are UUIDs as the gateway makes them, so the trace sink records these requests too
        String id = UUID.randomUUID().toString();
        long now = System.currentTimeMillis();
        RequestEnvelope envelope = RequestEnvelope.start(id, UUID.randomUUID().toString(), USER, "plan " + plan.id(),
                        now, now + 300_000, false, null)
                .withIntent("data", "en", "plan " + plan.id())
                .withPlans(Json.tree(List.of(plan)));
        producer.send(new ProducerRecord<>(Stage.EXECUTOR.topic(), id, Json.toBytes(envelope))).get();
        return new Run(id, eventsUntilDone(id));
    }

    private List<BarbEvent> eventsUntilDone(String requestId) {
        List<BarbEvent> events = new ArrayList<>();
        try (KafkaConsumer<String, byte[]> consumer = new KafkaConsumer<>(kafka.consumer(null, "executor-e2e-reader"))) {
            List<TopicPartition> partitions = new ArrayList<>();
            for (PartitionInfo p : consumer.partitionsFor(Topics.EVENTS)) {
                partitions.add(new TopicPartition(p.topic(), p.partition()));
            }
            consumer.assign(partitions);
            consumer.seekToBeginning(partitions);
            await().atMost(Duration.ofSeconds(90)).pollInterval(Duration.ZERO).until(() -> {
                for (ConsumerRecord<String, byte[]> rec : consumer.poll(Duration.ofMillis(200))) {
                    if (requestId.equals(rec.key())) {
                        events.add(Json.fromBytes(rec.value(), BarbEvent.class));
                    }
                }
                return events.stream().anyMatch(e -> e.type() == EventType.DONE);
            });
        }
        return events;
    }

    /** step_end of the executor (step 1) then the presenter (step 2), a data block, an answer, done via "data". */
    private static Run answered(Run run) {
        List<String> steps = run.events().stream().filter(e -> e.type() == EventType.STEP_END)
                .map(e -> e.agent() + ":" + e.step()).toList();
        assertThat(steps).as("events %s", run.types()).containsExactly("executor:1", "presenter:2");
        assertThat(run.types()).doesNotContain("error");
        assertThat(run.first(EventType.DATA_BLOCK).step()).isEqualTo(1);
        assertThat(run.answer()).isNotBlank();
        RequestCompletion done = run.done();
        assertThat(done.ok()).isTrue();
        assertThat(done.route()).isEqualTo("data");
        assertThat(run.result().path("metadata").path("data_source").asText()).isEqualTo("synthetic");
        return run;
    }

    // ---- independent SQL over the minute bars ----

    /** Trading days (ETH) from the minute bars, with the previous and next day's close over the whole history. */
    private static final String ETH = """
            WITH b AS (SELECT CAST(ts + INTERVAL 6 HOUR AS DATE) AS d, arg_min(open, ts) AS o, max(high) AS h,
                              min(low) AS l, arg_max(close, ts) AS c FROM bars GROUP BY 1),
            x AS (SELECT *, lag(c) OVER (ORDER BY d) AS pc, lead(c) OVER (ORDER BY d) AS nc, h - l AS r FROM b)
            """;

    /** Session-days of one ET time-of-day window [from, to) from the minute bars. */
    private static String window(String from, String to) {
        return """
                WITH b AS (SELECT CAST(ts + INTERVAL 6 HOUR AS DATE) AS d, arg_min(open, ts) AS o, max(high) AS h,
                                  min(low) AS l, arg_max(close, ts) AS c FROM bars
                           WHERE CAST(ts AS TIME) >= TIME '%s' AND CAST(ts AS TIME) < TIME '%s' GROUP BY 1),
                x AS (SELECT *, lag(h) OVER (ORDER BY d) AS ph, lag(l) OVER (ORDER BY d) AS pl, h - l AS r FROM b)
                """.formatted(from, to);
    }

    private double scalar(String sql) throws SQLException {
        return TestStack.scalar(stack.store(), sql);
    }

    private List<Map<String, Object>> rows(String sql) throws SQLException {
        return TestStack.rows(stack.store(), sql);
    }

    private static double num(Object value) {
        return ((Number) value).doubleValue();
    }

    // ---- the operations ----

    @Test
    void countWithGapAndWeekday() throws Exception {
        Run run = answered(post("""
                {"id": "s1", "operation": "count", "gap": "up", "weekdays": ["monday"],
                 "period": {"from": "2024-01-01", "to": "2024-12-31"}}"""));
        double expected = scalar(ETH + "SELECT count(*) FROM x WHERE o > pc AND isodow(d) = 1 AND year(d) = 2024");
        assertThat(expected).isPositive();
        assertThat(run.summary().path("value").asDouble()).isEqualTo(expected);
        assertThat(run.result().path("source_row_count").asLong()).isEqualTo((long) expected);
        assertMentions(run.answer(), expected, 0);
    }

    @Test
    void aggregateOverATimeWindowOfRth() throws Exception {
        Run run = answered(post("""
                {"id": "s1", "operation": "aggregate", "metric": "range", "aggregate": "mean", "session": "RTH",
                 "time": {"from": "10:00", "to": "11:00"}, "period": {"from": "2024-01-01", "to": "2024-12-31"}}"""));
        double expected = scalar(window("10:00", "11:00") + "SELECT avg(r) FROM x WHERE year(d) = 2024");
        double days = scalar(window("10:00", "11:00") + "SELECT count(*) FROM x WHERE year(d) = 2024");
        assertThat(run.summary().path("value").asDouble()).isCloseTo(expected, within(CENT));
        assertThat(run.values().path("count").asDouble()).isEqualTo(days);
        assertMentions(run.answer(), expected, CENT);
    }

    @Test
    void probabilityOfAGreenNextDayAfterARedDay() throws Exception {
        Run run = answered(post("""
                {"id": "s1", "operation": "probability", "filters": [{"metric": "is_red", "op": "=", "value": 1}],
                 "offset": 1, "outcome": {"metric": "change_pct", "op": ">", "value": 0},
                 "period": {"from": "2022-01-01", "to": "2024-12-31"}}"""));
        Map<String, Object> e = rows(ETH + """
                SELECT count(*) FILTER (WHERE c < o AND nc > c) AS matches,
                       count(*) FILTER (WHERE c < o) AS total,
                       100.0 * count(*) FILTER (WHERE c < o AND nc > c) / count(*) FILTER (WHERE c < o) AS p,
                       100.0 * count(*) FILTER (WHERE nc > c) / count(*) AS base, count(*) AS base_total
                FROM x WHERE d BETWEEN DATE '2022-01-01' AND DATE '2024-12-31' AND nc IS NOT NULL""").getFirst();
        JsonNode v = run.values();
        assertThat(v.path("matches").asDouble()).isEqualTo(num(e.get("matches")));
        assertThat(v.path("total").asDouble()).isEqualTo(num(e.get("total")));
        assertThat(v.path("base_total").asDouble()).isEqualTo(num(e.get("base_total")));
        assertThat(v.path("base_probability").asDouble()).isCloseTo(num(e.get("base")), within(CENT));
        assertThat(run.summary().path("value").asDouble()).isCloseTo(num(e.get("p")), within(CENT));
        assertMentions(run.answer(), num(e.get("p")), CENT);
        assertMentions(run.answer(), num(e.get("total")), 0);
        assertMentions(run.answer(), num(e.get("base")), CENT);
    }

    @Test
    void streakOfUpDays() throws Exception {
        Run run = answered(post("""
                {"id": "s1", "operation": "streak", "filters": [{"metric": "change_pct", "op": ">", "value": 0}],
                 "min_length": 3, "period": {"from": "2024-01-01", "to": "2024-12-31"}}"""));
        List<Map<String, Object>> runs = rows(ETH + """
                , y AS (SELECT d, c > pc AS hit FROM x WHERE year(d) = 2024),
                g AS (SELECT d, hit, row_number() OVER (ORDER BY d) - row_number() OVER (PARTITION BY hit ORDER BY d)
                      AS grp FROM y)
                SELECT min(d) AS start, max(d) AS finish, count(*) AS n FROM g WHERE hit GROUP BY grp
                HAVING count(*) >= 3 ORDER BY n DESC, start""");
        assertThat(runs).isNotEmpty();
        Map<String, Object> longest = runs.getFirst();
        JsonNode v = run.values();
        assertThat(v.path("runs").asDouble()).isEqualTo(runs.size());
        assertThat(v.path("max_length").asDouble()).isEqualTo(num(longest.get("n")));
        assertThat(run.summary().path("best").path("start").asText()).isEqualTo(longest.get("start"));
        assertThat(run.summary().path("best").path("end").asText()).isEqualTo(longest.get("finish"));
        assertThat(run.answer()).contains(shown((String) longest.get("start"))).contains(shown((String) longest.get("finish")));
        assertMentions(run.answer(), runs.size(), 0);
        assertMentions(run.answer(), num(longest.get("n")), 0);
    }

    @Test
    void correlationOfGapAndChange() throws Exception {
        Run run = answered(post("""
                {"id": "s1", "operation": "correlation", "metric": "gap_pct", "metric2": "change_pct",
                 "period": {"from": "2022-01-01", "to": "2024-12-31"}}"""));
        Map<String, Object> e = rows(ETH + """
                SELECT corr(100.0 * (o - pc) / pc, 100.0 * (c - pc) / pc) AS r, count(*) AS n
                FROM x WHERE d BETWEEN DATE '2022-01-01' AND DATE '2024-12-31' AND pc IS NOT NULL""").getFirst();
        assertThat(run.summary().path("value").asDouble()).isCloseTo(num(e.get("r")), within(CENT));
        assertThat(run.values().path("n").asDouble()).isEqualTo(num(e.get("n")));
        assertThat(run.summary().path("labels").path("strength").asText()).isNotBlank();
        assertMentions(run.answer(), num(e.get("r")), CENT);
        assertMentions(run.answer(), num(e.get("n")), 0);
    }

    @Test
    void distributionOfTheRthRange() throws Exception {
        Run run = answered(post("""
                {"id": "s1", "operation": "distribution", "metric": "range", "session": "RTH", "bins": 5,
                 "period": {"from": "2023-01-01", "to": "2023-12-31"}}"""));
        Map<String, Object> e = rows(window("09:30", "17:00") + """
                SELECT count(*) AS n, avg(r) AS mean, median(r) AS median, quantile_cont(r, 0.25) AS p25,
                       stddev_samp(r) AS std, max(r) AS max
                FROM x WHERE year(d) = 2023""").getFirst();
        JsonNode v = run.values();
        assertThat(v.path("count").asDouble()).isEqualTo(num(e.get("n")));
        assertThat(v.path("mean").asDouble()).isCloseTo(num(e.get("mean")), within(CENT));
        assertThat(v.path("median").asDouble()).isCloseTo(num(e.get("median")), within(CENT));
        assertThat(v.path("p25").asDouble()).isCloseTo(num(e.get("p25")), within(CENT));
        assertThat(v.path("std").asDouble()).isCloseTo(num(e.get("std")), within(CENT));
        JsonNode bins = run.result().path("table");
        assertThat(bins).hasSize(5);
        long inBins = 0;
        for (JsonNode bin : bins) {
            inBins += bin.path("count").asLong();
        }
        assertThat(inBins).isEqualTo((long) num(e.get("n")));
        assertThat(bins.get(4).path("bin_to").asDouble()).isCloseTo(num(e.get("max")), within(CENT));
        assertMentions(run.answer(), num(e.get("mean")), CENT);
        assertThat(run.answer()).contains("histogram");
    }

    @Test
    void aroundFomcDays() throws Exception {
        Run run = answered(post("""
                {"id": "s1", "operation": "around", "events": ["fomc"], "offsets": [1],
                 "period": {"from": "2022-01-01", "to": "2024-12-31"}}"""));
        // the FOMC dates are the executor's own calendar flags; the next day's change comes from the bars
        Map<String, Object> e = rows(ETH + """
                SELECT count(*) AS n, avg(100.0 * (nc - c) / c) AS mean,
                       100.0 * count(*) FILTER (WHERE nc > c) / count(*) AS up
                FROM x WHERE d IN (SELECT trade_date FROM session_days WHERE session = 'ETH' AND is_fomc = 1
                                   AND trade_date BETWEEN DATE '2022-01-01' AND DATE '2024-12-31')""").getFirst();
        assertThat(num(e.get("n"))).isGreaterThan(20);
        JsonNode day = run.result().path("table").get(0);
        assertThat(day.path("day").asInt()).isEqualTo(1);
        assertThat(day.path("count").asDouble()).isEqualTo(num(e.get("n")));
        assertThat(day.path("mean").asDouble()).isCloseTo(num(e.get("mean")), within(CENT));
        assertThat(day.path("positive_pct").asDouble()).isCloseTo(num(e.get("up")), within(CENT));
        assertMentions(run.answer(), num(e.get("mean")), CENT);
        assertMentions(run.answer(), num(e.get("up")), CENT);
    }

    @Test
    void compareRthWithEth() throws Exception {
        Run run = answered(post("""
                {"id": "s1", "operation": "compare", "metric": "range", "aggregate": "mean",
                 "period": {"from": "2024-01-01", "to": "2024-12-31"},
                 "variants": [{"session": "RTH"}, {"session": "ETH"}]}"""));
        double rth = scalar(window("09:30", "17:00") + "SELECT avg(r) FROM x WHERE year(d) = 2024");
        double eth = scalar(ETH + "SELECT avg(r) FROM x WHERE year(d) = 2024");
        JsonNode table = run.result().path("table");
        assertThat(table.get(0).path("variant").asText()).isEqualTo("RTH");
        assertThat(table.get(0).path("mean_range").asDouble()).isCloseTo(rth, within(CENT));
        assertThat(table.get(1).path("mean_range").asDouble()).isCloseTo(eth, within(CENT));
        assertMentions(run.answer(), rth, CENT);
        assertMentions(run.answer(), eth, CENT);
    }

    @Test
    void topTwoRangesOfEachYear() throws Exception {
        Run run = answered(post("""
                {"id": "s1", "operation": "top_n", "metric": "range", "limit": 2, "group_by": "year",
                 "period": {"from": "2022-01-01", "to": "2024-12-31"}}"""));
        List<Map<String, Object>> expected = rows(ETH + """
                SELECT CAST(d AS VARCHAR) AS d, r FROM (SELECT d, r, row_number() OVER (PARTITION BY year(d)
                    ORDER BY r DESC, d) AS k FROM x WHERE d BETWEEN DATE '2022-01-01' AND DATE '2024-12-31')
                WHERE k <= 2 ORDER BY d""");
        JsonNode table = run.result().path("table");
        assertThat(table).hasSize(6);
        List<String> dates = new ArrayList<>();
        table.forEach(row -> dates.add(row.path("trade_date").asText()));
        assertThat(dates).containsExactlyInAnyOrderElementsOf(expected.stream().map(r -> (String) r.get("d")).toList());
        double top = expected.stream().mapToDouble(r -> num(r.get("r"))).max().orElseThrow();
        assertThat(run.summary().path("stats").path("range").path("max").asDouble()).isCloseTo(top, within(CENT));
        assertThat(run.answer()).contains(shown(table.get(0).path("trade_date").asText()));
        assertMentions(run.answer(), table.get(0).path("range").asDouble(), CENT);
    }

    @Test
    void formationOfTheRthHighInHalfHours() throws Exception {
        Run run = answered(post("""
                {"id": "s1", "operation": "formation", "extreme": "high", "session": "RTH", "bucket": "30m",
                 "period": {"from": "2024-01-01", "to": "2024-12-31"}}"""));
        List<Map<String, Object>> buckets = rows("""
                WITH b AS (SELECT ts, CAST(ts + INTERVAL 6 HOUR AS DATE) AS d, high FROM bars
                           WHERE CAST(ts AS TIME) >= TIME '09:30' AND CAST(ts AS TIME) < TIME '17:00'),
                m AS (SELECT d, max(high) AS h FROM b GROUP BY d),
                f AS (SELECT b.d, min(b.ts) AS t FROM b JOIN m ON b.d = m.d AND b.high = m.h GROUP BY b.d)
                SELECT strftime(time_bucket(INTERVAL 30 MINUTE, t), '%H:%M') AS slot, count(*) AS n
                FROM f WHERE year(d) = 2024 GROUP BY slot ORDER BY n DESC, slot""");
        Map<String, Object> peak = buckets.getFirst();
        JsonNode best = run.summary().path("best");
        assertThat(best.path("time").asText()).isEqualTo(peak.get("slot"));
        assertThat(best.path("count").asDouble()).isEqualTo(num(peak.get("n")));
        assertThat(run.answer()).contains((String) peak.get("slot"));
        assertMentions(run.answer(), num(peak.get("n")), 0);
    }

    // ---- filters ----

    @Test
    void listOfInsideOrOutsideRthDays() throws Exception {
        Run run = answered(post("""
                {"id": "s1", "operation": "list", "session": "RTH", "patterns": ["inside_day", "outside_day"],
                 "period": {"from": "2024-01-01", "to": "2024-12-31"}}"""));
        List<Map<String, Object>> expected = rows(window("09:30", "17:00") + """
                SELECT CAST(d AS VARCHAR) AS d FROM x
                WHERE year(d) = 2024 AND ((h < ph AND l > pl) OR (h > ph AND l < pl)) ORDER BY d""");
        assertThat(expected).hasSizeGreaterThan(5);
        List<String> dates = new ArrayList<>();
        run.result().path("table").forEach(row -> dates.add(row.path("trade_date").asText()));
        assertThat(dates).containsExactlyElementsOf(expected.stream().map(r -> (String) r.get("d")).toList());
        assertMentions(run.answer(), expected.size(), 0);
        assertThat(run.answer()).contains(shown(dates.getFirst())).contains("an inside bar or an outside bar");
    }

    @Test
    void insideCandlesOfTheFirstHour() throws Exception {
        // a pattern on time-window candles: today's 09:30–10:30 inside yesterday's 09:30–10:30
        Run run = answered(post("""
                {"id": "s1", "operation": "count", "session": "RTH", "time": {"from": "09:30", "to": "10:30"},
                 "patterns": ["inside_day"], "period": {"from": "2024-01-01", "to": "2024-12-31"}}"""));
        double expected = scalar(window("09:30", "10:30")
                + "SELECT count(*) FROM x WHERE year(d) = 2024 AND h < ph AND l > pl");
        assertThat(expected).isPositive();
        assertThat(run.summary().path("value").asDouble()).isEqualTo(expected);
        assertMentions(run.answer(), expected, 0);
    }

    @Test
    void engulfingHourBarsOfRth() throws Exception {
        // an intraday timeframe: RTH hour bars from 09:30, a candle pattern against the previous bar
        Run run = answered(post("""
                {"id": "s1", "operation": "list", "session": "RTH", "timeframe": "1h",
                 "patterns": ["bullish_engulfing"], "period": {"from": "2024-10-01", "to": "2024-12-31"}}"""));
        List<Map<String, Object>> expected = rows("""
                WITH b AS (SELECT ts - to_minutes(CAST((hour(ts) * 60 + minute(ts) - 570) % 60 AS BIGINT)) AS t,
                                  arg_min(open, ts) AS o, arg_max(close, ts) AS c FROM bars
                           WHERE CAST(ts AS TIME) >= TIME '09:30' AND CAST(ts AS TIME) < TIME '17:00' GROUP BY 1),
                x AS (SELECT *, lag(o) OVER (ORDER BY t) AS po, lag(c) OVER (ORDER BY t) AS pc FROM b)
                SELECT strftime(t, '%Y-%m-%d %H:%M') AS t FROM x
                WHERE CAST(t AS DATE) BETWEEN DATE '2024-10-01' AND DATE '2024-12-31'
                  AND pc < po AND c > o AND o <= pc AND c >= po AND c - o > po - pc ORDER BY t""");
        assertThat(expected).isNotEmpty();
        List<String> bars = new ArrayList<>();
        run.result().path("table").forEach(row -> bars.add(row.path("bar_time").asText()));
        assertThat(bars).containsExactlyElementsOf(expected.stream().map(r -> (String) r.get("t")).toList());
        assertThat(run.result().path("metadata").path("timeframe").asText()).isEqualTo("1h");
        assertMentions(run.answer(), expected.size(), 0);
    }

    @Test
    void averageRangeByQuarter() throws Exception {
        Run run = answered(post("""
                {"id": "s1", "operation": "group", "group_by": "quarter", "metric": "range", "aggregate": "mean",
                 "period": {"from": "2023-01-01", "to": "2024-12-31"}}"""));
        List<Map<String, Object>> expected = rows(ETH + """
                SELECT quarter(d) AS q, avg(r) AS mean FROM x WHERE year(d) BETWEEN 2023 AND 2024 GROUP BY 1 ORDER BY 1""");
        JsonNode table = run.result().path("table");
        assertThat(table).hasSize(4);
        for (int i = 0; i < 4; i++) {
            assertThat(table.get(i).path("quarter_name").asText()).isEqualTo("Q" + (i + 1));
            assertThat(table.get(i).path("mean_range").asDouble()).isCloseTo(num(expected.get(i).get("mean")),
                    within(CENT));
        }
        assertThat(run.answer()).contains("Q1");
    }

    @Test
    void groupByWeekdayOfDaysWithARangeAboveOneAndAHalfTimesItsTwentyDayAverage() throws Exception {
        Run run = answered(post("""
                {"id": "s1", "operation": "group", "group_by": "weekday",
                 "filters": [{"metric": "range", "op": ">", "value": 1.5, "ref": "avg", "days": 20}],
                 "period": {"from": "2022-01-01", "to": "2024-12-31"}}"""));
        List<Map<String, Object>> expected = rows(ETH + """
                , a AS (SELECT d, r, avg(r) OVER w AS ref, count(r) OVER w AS k FROM x
                        WINDOW w AS (ORDER BY d ROWS BETWEEN 20 PRECEDING AND 1 PRECEDING))
                SELECT isodow(d) AS weekday, count(*) AS n FROM a
                WHERE d BETWEEN DATE '2022-01-01' AND DATE '2024-12-31' AND k = 20 AND r > 1.5 * ref
                GROUP BY 1 ORDER BY 1""");
        Map<Integer, Double> counts = new HashMap<>();
        run.result().path("table").forEach(row -> counts.put(row.path("weekday").asInt(), row.path("count").asDouble()));
        Map<Integer, Double> want = new HashMap<>();
        expected.forEach(row -> want.put(((Number) row.get("weekday")).intValue(), num(row.get("n"))));
        assertThat(counts).isEqualTo(want);
        double most = want.values().stream().mapToDouble(Double::doubleValue).max().orElseThrow();
        assertMentions(run.answer(), most, 0);
    }

    @Test
    void opexDaysInTheEuropeanSession() throws Exception {
        Run run = answered(post("""
                {"id": "s1", "operation": "aggregate", "metric": "range", "aggregate": "mean", "session": "EUROPEAN",
                 "events": ["opex"], "period": {"from": "2022-01-01", "to": "2024-12-31"}}"""));
        // OPEX dates are the executor's calendar flags; the European range (03:00–09:30) comes from the bars
        Map<String, Object> e = rows(window("03:00", "09:30") + """
                SELECT avg(r) AS mean, count(*) AS n FROM x
                WHERE d IN (SELECT trade_date FROM session_days WHERE session = 'ETH' AND is_opex = 1
                            AND trade_date BETWEEN DATE '2022-01-01' AND DATE '2024-12-31')""").getFirst();
        assertThat(num(e.get("n"))).isEqualTo(36);
        assertThat(run.summary().path("value").asDouble()).isCloseTo(num(e.get("mean")), within(CENT));
        assertThat(run.values().path("count").asDouble()).isEqualTo(num(e.get("n")));
        assertMentions(run.answer(), num(e.get("mean")), CENT);
        assertThat(run.answer()).contains("OPEX").contains("the European session");
    }

    @Test
    void countOfDaysCompletingThreeRedDaysInARow() throws Exception {
        Run run = answered(post("""
                {"id": "s1", "operation": "count", "consecutive": {"color": "red", "length": 3},
                 "period": {"from": "2022-01-01", "to": "2024-12-31"}}"""));
        // position of each day in its run of red days, over the whole history (a day before the period counts)
        double expected = scalar(ETH + """
                , y AS (SELECT d, c < o AS red FROM x),
                g AS (SELECT d, red, row_number() OVER (ORDER BY d) - row_number() OVER (PARTITION BY red ORDER BY d)
                      AS grp FROM y),
                p AS (SELECT d, red, row_number() OVER (PARTITION BY red, grp ORDER BY d) AS pos FROM g)
                SELECT count(*) FROM p WHERE red AND pos = 3 AND d BETWEEN DATE '2022-01-01' AND DATE '2024-12-31'""");
        assertThat(expected).isPositive();
        assertThat(run.summary().path("value").asDouble()).isEqualTo(expected);
        assertMentions(run.answer(), expected, 0);
    }

    // ---- a bad plan ----

    @Test
    void aBadPlanEndsWithAnErrorNamingTheFieldAndTheWorkerKeepsAnswering() throws Exception {
        Run bad = post("""
                {"id": "s1", "operation": "aggregate", "metric": "foo", "aggregate": "mean"}""");
        BarbEvent error = bad.first(EventType.ERROR);
        assertThat(error.agent()).isEqualTo("executor");
        assertThat(error.payload().path("code").asText()).isEqualTo("bad_plan");
        assertThat(error.payload().path("message").asText()).contains("metric").contains("foo");
        RequestCompletion done = bad.done();
        assertThat(done.ok()).isFalse();
        assertThat(done.route()).isEqualTo("error");
        assertThat(bad.types()).doesNotContain("answer", "data_block");

        Run good = answered(post("""
                {"id": "s1", "operation": "count", "period": {"from": "2024-01-01", "to": "2024-12-31"}}"""));
        double days = scalar(ETH + "SELECT count(*) FROM x WHERE year(d) = 2024");
        assertThat(good.summary().path("value").asDouble()).isEqualTo(days);
        assertMentions(good.answer(), days, 0);
    }

    /** A date as the English answers write it: 2024-12-04 → "Dec 4, 2024". */
    private static String shown(String isoDate) {
        return java.time.LocalDate.parse(isoDate).format(java.time.format.DateTimeFormatter.ofPattern("MMM d, yyyy",
                java.util.Locale.ENGLISH));
    }
}
