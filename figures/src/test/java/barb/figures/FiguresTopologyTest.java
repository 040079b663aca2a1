package barb.figures;

import barb.core.BarbEvent;
import barb.core.ConsumerGroups;
import barb.core.EventRecords;
import barb.core.EventType;
import barb.core.Json;
import barb.core.RequestCompletion;
import barb.core.RequestEnvelope;
import barb.core.Topics;
import org.apache.kafka.common.header.internals.RecordHeaders;
import org.apache.kafka.common.serialization.ByteArraySerializer;
import org.apache.kafka.common.serialization.StringDeserializer;
import org.apache.kafka.common.serialization.StringSerializer;
import org.apache.kafka.streams.StreamsConfig;
import org.apache.kafka.streams.TestInputTopic;
import org.apache.kafka.streams.TestOutputTopic;
import org.apache.kafka.streams.TopologyTestDriver;
import org.apache.kafka.streams.state.KeyValueStore;
import org.apache.kafka.streams.test.TestRecord;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.UUID;

import static org.assertj.core.api.Assertions.assertThat;

/** The figures topology through TopologyTestDriver: windows, percentiles and rates, with exact numbers. */
class FiguresTopologyTest {
    private static final Instant T0 = Instant.parse("2026-01-05T10:00:00Z");

    private TopologyTestDriver driver;
    private TestInputTopic<String, byte[]> events;
    private TestInputTopic<String, byte[]> deadLetters;

    @BeforeEach
    void start() throws Exception {
        Properties p = new Properties();
        p.put(StreamsConfig.APPLICATION_ID_CONFIG, "figures-test");
        p.put(StreamsConfig.BOOTSTRAP_SERVERS_CONFIG, "unused:9092");
        Path stateDir = Files.createTempDirectory("figures-test");
        p.put(StreamsConfig.STATE_DIR_CONFIG, stateDir.toString());
        p.put(StreamsConfig.PROCESSING_EXCEPTION_HANDLER_GLOBAL_ENABLED_CONFIG, true);
        driver = new TopologyTestDriver(FiguresTopology.build(), p);
        events = driver.createInputTopic(Topics.EVENTS, new StringSerializer(), new ByteArraySerializer());
        deadLetters = driver.createInputTopic(Topics.DLQ, new StringSerializer(), new ByteArraySerializer());
    }

    @AfterEach
    void stop() {
        driver.close();
    }

    @Test
    void countsRequestsByRouteWithErrorClarificationAndDeadLetterRatesPerMinute() {
        done("data", true, T0.plusSeconds(1));
        done("data", true, T0.plusSeconds(2));
        done("clarify", true, T0.plusSeconds(3));
        done("error", false, T0.plusSeconds(4));
        deadLetters.pipeInput("r-bad", "not json".getBytes(StandardCharsets.UTF_8), T0.plusSeconds(5));
        done("chitchat", true, T0.plusSeconds(61));

        List<MinuteFigures> minutes = report(T0, T0.plusSeconds(150));

        assertThat(minutes).hasSize(3);
        MinuteFigures first = minutes.get(0);
        assertThat(first.minute()).isEqualTo(T0);
        assertThat(first.requests()).isEqualTo(4);
        assertThat(first.requestsByRoute()).isEqualTo(Map.of("data", 2L, "clarify", 1L, "error", 1L));
        assertThat(first.failed()).isEqualTo(1);
        assertThat(first.errorRate()).isEqualTo(0.25);
        assertThat(first.clarificationRate()).isEqualTo(0.25);
        assertThat(first.deadLetters()).isEqualTo(1);
        assertThat(first.deadLetterRate()).isEqualTo(0.25);

        MinuteFigures second = minutes.get(1);
        assertThat(second.minute()).isEqualTo(T0.plusSeconds(60));
        assertThat(second.requests()).isEqualTo(1);
        assertThat(second.requestsByRoute()).isEqualTo(Map.of("chitchat", 1L));
        assertThat(second.errorRate()).isEqualTo(0.0);
        assertThat(second.clarificationRate()).isEqualTo(0.0);
        assertThat(second.deadLetterRate()).isEqualTo(0.0);

        MinuteFigures empty = minutes.get(2);
        assertThat(empty.minute()).isEqualTo(T0.plusSeconds(120));
        assertThat(empty.requests()).isZero();
        assertThat(empty.requestsByRoute()).isEmpty();
        assertThat(empty.errorRate()).isNull();
        assertThat(empty.clarificationRate()).isNull();
        assertThat(empty.deadLetterRate()).isNull();
        assertThat(empty.stages()).isEmpty();
    }

    @Test
    void givesTheNearestRankP50AndP99OfEachStagesStepsPerMinute() {
        // Pipe 10..100 ms in a shuffled order: the percentiles must not depend on arrival order.
        for (long ms : List.of(70L, 10L, 100L, 40L, 20L, 90L, 30L, 60L, 50L, 80L)) {
            stepEnd("parser", ms, T0.plusSeconds(ms / 10));
        }
        stepEnd("executor", 1234, T0.plusSeconds(20));
        stepEnd("executor", 1236, T0.plusSeconds(21));
        for (int i = 0; i < 99; i++) {
            stepEnd("planner", 5, T0.plusSeconds(70));
        }
        stepEnd("planner", 900, T0.plusSeconds(71));

        List<MinuteFigures> minutes = report(T0, T0.plusSeconds(90));

        Map<String, StageFigures> first = minutes.get(0).stages();
        assertThat(first.get("parser")).isEqualTo(new StageFigures(10, 50, 100));
        // Above 1 s, durations are kept to 10 ms: 1234 → 1230, 1236 → 1240.
        assertThat(first.get("executor")).isEqualTo(new StageFigures(2, 1230, 1240));
        assertThat(first).doesNotContainKey("planner");
        // 99 of 100 steps took 5 ms, so the 99th percentile is 5 ms and the one slow step does not move it.
        assertThat(minutes.get(1).stages().get("planner")).isEqualTo(new StageFigures(100, 5, 5));
        assertThat(minutes.get(1).requests()).isZero();
    }

    @Test
    void aRecordLaterThanTheGraceIsLeftOutAndOneWithinItCounts() {
        done("data", true, T0.plusSeconds(10));
        // Stream time moves to 10:02:00.5, past minute 10:00's end plus one minute of grace…
        done("data", true, T0.plusSeconds(120).plusMillis(500));
        // …so a request stamped 10:00:30 arriving now is too late, while one stamped 10:01:30 is within grace.
        done("chitchat", true, T0.plusSeconds(30));
        done("concept", true, T0.plusSeconds(90));

        List<MinuteFigures> minutes = report(T0, T0.plusSeconds(120));

        assertThat(minutes.get(0).requestsByRoute()).isEqualTo(Map.of("data", 1L));
        assertThat(minutes.get(1).requestsByRoute()).isEqualTo(Map.of("concept", 1L));
        assertThat(minutes.get(2).requestsByRoute()).isEqualTo(Map.of("data", 1L));
    }

    @Test
    void everyUpdateOfAMinuteGoesToTheOutputTopicAndTheGlobalStoreHoldsTheLatest() {
        TestOutputTopic<String, Tally> out = driver.createOutputTopic(Topics.OPS_FIGURES, new StringDeserializer(),
                TallySerde.serde().deserializer());
        done("data", true, T0.plusSeconds(1));
        done("data", true, T0.plusSeconds(2));

        Map<String, Tally> latest = out.readKeyValuesToMap();
        String requests = MinuteKeys.of(T0.toEpochMilli(), FigureKeys.REQUESTS);
        assertThat(latest).containsKeys(requests, MinuteKeys.of(T0.toEpochMilli(), FigureKeys.route("data")));
        assertThat(latest.get(requests).count()).isEqualTo(2);
        KeyValueStore<String, Tally> all = driver.getKeyValueStore(FiguresTopology.ALL_MINUTES_STORE);
        assertThat(all.get(requests).count()).isEqualTo(2);
    }

    @Test
    void theGlobalStoreDropsMinutesMoreThanAnHourOlderThanTheNewest() {
        done("data", true, T0.plusSeconds(1));
        done("data", true, T0.plusSeconds(59 * 60));
        assertThat(report(T0, T0).getFirst().requests()).as("59 minutes later, still kept").isEqualTo(1);

        done("data", true, T0.plusSeconds(61 * 60));

        assertThat(report(T0, T0).getFirst().requests()).isZero();
        assertThat(report(T0.plusSeconds(59 * 60), T0.plusSeconds(61 * 60)))
                .extracting(MinuteFigures::requests).containsExactly(1L, 0L, 1L);
    }

    @Test
    void theRepartitionTopicIsTheOneTheLagMonitorWatches() {
        String described = FiguresTopology.build().describe().toString();
        String suffix = FiguresTopology.GROUPING + "-repartition";
        assertThat(described).contains("topics: [" + suffix + "]");
        assertThat(ConsumerGroups.FIGURES_REPARTITION).isEqualTo(ConsumerGroups.FIGURES + "-" + suffix);
        assertThat(ConsumerGroups.all(ConsumerGroups.TRACE_SINK).get(ConsumerGroups.FIGURES))
                .containsExactly(Topics.EVENTS, Topics.DLQ, ConsumerGroups.FIGURES_REPARTITION);
    }

    @Test
    void otherEventsCountNothingAndMalformedRecordsAndNamesAreContained() {
        events.pipeInput("r-x", "{not an event".getBytes(StandardCharsets.UTF_8), T0);
        pipe(new BarbEvent(1, EventType.ANSWER, "r-1", "c", "u", 3, "presenter", 0,
                Json.object().put("content", "hello")), T0.plusSeconds(1));
        pipe(new BarbEvent(1, EventType.STEP_END, "r-1", "c", "u", 3, "parser", 0, Json.object()),
                T0.plusSeconds(2));
        done("Drop Table!", true, T0.plusSeconds(3));
        stepEnd("../../etc", 7, T0.plusSeconds(4));

        MinuteFigures minute = report(T0, T0).getFirst();

        assertThat(minute.requests()).isEqualTo(1);
        assertThat(minute.requestsByRoute()).isEqualTo(Map.of(FigureKeys.OTHER, 1L));
        assertThat(minute.stages()).isEqualTo(Map.of(FigureKeys.OTHER, new StageFigures(1, 7, 7)));
    }

    @Test
    void theTypeHeaderLetsEventsThatCountNothingPassUnparsedWhileRecordsWithoutItAreParsed() {
        RequestCompletion completion = new RequestCompletion("data", "text", List.of(), Map.of(), 100, null, null,
                true);
        BarbEvent done = new BarbEvent(1, EventType.DONE, "r-1", "c", "u", 4, null, T0.toEpochMilli(),
                Json.tree(completion));
        // The header is believed: a record that says it is an answer counts nothing, whatever its value holds.
        events.pipeInput(new TestRecord<>(done.requestId(), Json.toBytes(done),
                new RecordHeaders().add(EventRecords.TYPE_HEADER, "answer".getBytes(StandardCharsets.UTF_8)), T0));
        events.pipeInput(new TestRecord<>("r-2", "{not an event".getBytes(StandardCharsets.UTF_8),
                new RecordHeaders().add(EventRecords.TYPE_HEADER, "step_start".getBytes(StandardCharsets.UTF_8)),
                T0.plusSeconds(1)));
        var headed = EventRecords.of(new BarbEvent(1, EventType.DONE, "r-3", "c", "u", 4, null, T0.toEpochMilli(),
                Json.tree(completion)));
        events.pipeInput(new TestRecord<>(headed.key(), headed.value(), headed.headers(), T0.plusSeconds(2)));
        pipe(done, T0.plusSeconds(3));
        // A step_end with its type header is read field by field: its input and output are skipped, not parsed.
        var stepEnd = EventRecords.of(BarbEvent.stepEnd(RequestEnvelope.start("r-4", "c", "u", "q", 0, 1, false,
                        null), "executor", Json.object().put("rows", "x".repeat(10_000)),
                Json.object().set("table", Json.object().put("n", 3)), null, 42, T0.toEpochMilli()));
        events.pipeInput(new TestRecord<>(stepEnd.key(), stepEnd.value(), stepEnd.headers(), T0.plusSeconds(4)));
        var noDuration = EventRecords.of(new BarbEvent(1, EventType.STEP_END, "r-5", "c", "u", 2, "parser", 0,
                Json.object()));
        events.pipeInput(new TestRecord<>(noDuration.key(), noDuration.value(), noDuration.headers(),
                T0.plusSeconds(5)));

        MinuteFigures minute = report(T0, T0).getFirst();
        assertThat(minute.requests()).isEqualTo(2);
        assertThat(minute.requestsByRoute()).isEqualTo(Map.of("data", 2L));
        assertThat(minute.stages()).isEqualTo(Map.of("executor", new StageFigures(1, 42, 42)));
    }

    /** The figures as a gateway reads them: from the global store the output topic fills. */
    private List<MinuteFigures> report(Instant from, Instant to) {
        KeyValueStore<String, Tally> store = driver.getKeyValueStore(FiguresTopology.ALL_MINUTES_STORE);
        long fromMs = FiguresReport.minuteOf(from.toEpochMilli());
        return FiguresReport.minutes(StoreRows.between(store, fromMs, to.toEpochMilli()), fromMs,
                to.toEpochMilli());
    }

    private void done(String route, boolean ok, Instant at) {
        RequestCompletion completion = new RequestCompletion(route, "text", List.of(), Map.of(), 100, null, null, ok);
        pipe(new BarbEvent(1, EventType.DONE, UUID.randomUUID().toString(), "c", "u", 4, null, at.toEpochMilli(),
                Json.tree(completion)), at);
    }

    private void stepEnd(String agent, long durationMs, Instant at) {
        pipe(new BarbEvent(1, EventType.STEP_END, UUID.randomUUID().toString(), "c", "u", 2, agent, at.toEpochMilli(),
                Json.object().put("duration_ms", durationMs)), at);
    }

    private void pipe(BarbEvent event, Instant at) {
        events.pipeInput(event.requestId(), Json.toBytes(event), at);
    }

}
