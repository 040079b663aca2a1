package barb.tracesink;

import barb.core.BarbEvent;
import barb.core.ChatState;
import barb.core.EventRecords;
import barb.core.Json;
import barb.core.KafkaSettings;
import barb.core.RequestEnvelope;
import barb.core.TopicCreator;
import barb.core.Topics;
import barb.embedded.SharedInfra;
import com.fasterxml.jackson.databind.JsonNode;
import com.zaxxer.hikari.HikariDataSource;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.TopicPartition;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import java.nio.charset.StandardCharsets;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;
import java.util.concurrent.ExecutionException;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/** The sink against the embedded broker and database: batching, redelivery, dead letters, an outage. */
class TraceSinkTest {
    private static final Duration WAIT = Duration.ofSeconds(60);

    private static KafkaSettings kafka;
    private static HikariDataSource db;
    private static FlakyDataSource flaky;
    private static TraceSink sink;
    private static KafkaProducer<String, byte[]> producer;

    @BeforeAll
    static void start() {
        String bootstrap = SharedInfra.kafka().bootstrap();
        TopicCreator.ensure(bootstrap, Topics.all(3, 86_400_000L), (short) 1);
        kafka = KafkaSettings.of(bootstrap);
        db = TestDatabases.fresh("sink");
        Migrations.apply(db);
        flaky = new FlakyDataSource(db);
        producer = new KafkaProducer<>(kafka.producer("trace-sink-test"));
        sink = TraceSink.start(kafka, flaky, TraceSink.Settings.defaults());
        await().atMost(WAIT).until(sink::isAssigned);
    }

    @AfterAll
    static void stop() {
        sink.close();
        producer.close();
        db.close();
    }

    @Test
    void fullRequestIsStoredAndRedeliveryChangesNothing() throws Exception {
        String chat = Requests.id();
        String user = Requests.id();
        Requests.Request r = Requests.dataRequest(chat, user, ChatState.fresh(chat, user),
                "top 5 most volatile days of 2024", "Volatility 2024", System.currentTimeMillis());
        produce(r.events());

        await().atMost(WAIT).until(() -> count(
                "select count(*) from chat_logs where request_id = ? and completed_at is not null", r.requestId()) == 1);
        assertThat(count("select count(*) from chat_sessions where id = ?", chat)).isEqualTo(1);
        assertThat(count("select count(*) from chat_logs where chat_id = ?", chat)).isEqualTo(1);
        assertThat(longs("select step_number from request_traces where request_id = ? order by step_number",
                r.requestId())).containsExactly(1L, 2L, 3L, 4L, 5L, 6L);
        assertThat(text("select route || '|' || array_to_string(agents_used, ',') || '|' || duration_ms"
                + " from chat_logs where request_id = ?", r.requestId()))
                .isEqualTo("data|intent,understander,parser,planner,executor,presenter|1060");
        JsonNode usage = Json.parse(text("select usage from chat_logs where request_id = ?", r.requestId()));
        assertThat(usage.get("total").get("input_tokens").asLong()).isEqualTo(1850);
        JsonNode statsBefore = Json.parse(text("select stats from chat_sessions where id = ?", chat));
        assertThat(statsBefore.get("message_count").asInt()).isEqualTo(1);
        assertThat(statsBefore.get("input_tokens").asLong()).isEqualTo(1850);

        long writtenBefore = sink.stats().recordsWritten();
        produce(r.events());
        await().atMost(WAIT).until(() -> sink.stats().recordsWritten() >= writtenBefore + r.tracedCount());

        assertThat(count("select count(*) from chat_logs where chat_id = ?", chat)).isEqualTo(1);
        assertThat(count("select count(*) from request_traces where request_id = ?", r.requestId())).isEqualTo(6);
        JsonNode statsAfter = Json.parse(text("select stats from chat_sessions where id = ?", chat));
        assertThat(statsAfter.get("message_count").asInt()).isEqualTo(1);
        assertThat(statsAfter.get("input_tokens").asLong()).isEqualTo(1850);
        assertThat(statsAfter.get("output_tokens").asLong()).isEqualTo(statsBefore.get("output_tokens").asLong());
    }

    @Test
    void titleIsSetOnceAndNotOverwrittenByALaterSuggestion() throws Exception {
        String chat = Requests.id();
        String user = Requests.id();
        long t0 = System.currentTimeMillis();
        Requests.Request first = Requests.dataRequest(chat, user, ChatState.fresh(chat, user), "first question",
                "Gap statistics", t0);
        produce(first.events());
        await().atMost(WAIT).until(() -> "Gap statistics".equals(
                text("select title from chat_sessions where id = ?", chat)));

        // The gateway did not know the title yet, so the second completion suggests another one.
        ChatState staleState = new ChatState(chat, user, null, first.after().memory(), null, first.requestId(),
                first.after().updatedAtMs());
        Requests.Request second = Requests.dataRequest(chat, user, staleState, "second question", "Another title",
                t0 + 5_000);
        produce(second.events());
        await().atMost(WAIT).until(() -> count(
                "select count(*) from chat_logs where request_id = ? and completed_at is not null",
                second.requestId()) == 1);

        assertThat(text("select title from chat_sessions where id = ?", chat)).isEqualTo("Gap statistics");
        JsonNode memory = Json.parse(text("select memory from chat_sessions where id = ?", chat));
        assertThat(memory.get("recent").asInt()).isEqualTo(4);
        assertThat(Json.parse(text("select stats from chat_sessions where id = ?", chat)).get("message_count").asInt())
                .isEqualTo(2);
    }

    @Test
    void badRecordsGoToTheDlqAndTheFollowingEventsAreStillWritten() throws Exception {
        String chat = Requests.id();
        String user = Requests.id();
        long now = System.currentTimeMillis();
        Requests.Request good = Requests.dataRequest(chat, user, ChatState.fresh(chat, user), "inside days 2024",
                null, now);
        // Same key as the good request: same partition, just before its events.
        producer.send(new ProducerRecord<>(Topics.EVENTS, good.requestId(),
                "{\"type\":\"step_end\",\"request_id\":".getBytes(StandardCharsets.UTF_8))).get();
        // Created in the year 303,000: a valid Java time, past PostgreSQL's last timestamp (294276 AD), so the
        // database refuses it (22008). (A NUL, the example here before, is now stored without the NUL.)
        long pastPostgres = 9_500_000_000_000_000L;
        RequestEnvelope refused = RequestEnvelope.start(Requests.id(), chat, user, "far future", pastPostgres,
                pastPostgres + 60_000, false, null);
        producer.send(new ProducerRecord<>(Topics.EVENTS, good.requestId(),
                Json.toBytes(BarbEvent.requestStarted(refused, false, now)))).get();
        produce(good.events());

        await().atMost(WAIT).until(() -> count(
                "select count(*) from chat_logs where request_id = ? and completed_at is not null",
                good.requestId()) == 1);
        assertThat(count("select count(*) from request_traces where request_id = ?", good.requestId())).isEqualTo(6);
        assertThat(count("select count(*) from chat_logs where request_id = ?", refused.requestId())).isZero();

        List<ConsumerRecord<String, byte[]>> dead = readDlq(good.requestId(), 2);
        assertThat(dead).hasSize(2);
        assertThat(header(dead.get(0), "barb.dlq.reason")).contains("not a valid BarbEvent");
        assertThat(header(dead.get(0), "barb.dlq.source")).startsWith(Topics.EVENTS + "-");
        assertThat(header(dead.get(1), "barb.dlq.reason")).startsWith("database refused the event: 22");
        assertThat(Json.fromBytes(dead.get(1).value(), BarbEvent.class).requestId()).isEqualTo(refused.requestId());
        assertThat(sink.stats().deadLettered()).isGreaterThanOrEqualTo(2);
    }

    @Test
    void anEventWhoseTypeHeaderSaysItIsNotStoredIsIgnoredUnparsed() throws Exception {
        String chat = Requests.id();
        String user = Requests.id();
        Requests.Request r = Requests.dataRequest(chat, user, ChatState.fresh(chat, user), "inside days 2023",
                null, System.currentTimeMillis());
        long ignoredBefore = sink.stats().recordsIgnored();
        long deadBefore = sink.stats().deadLettered();
        // Not JSON at all, but its header says step_start: the sink does not store those, so it never reads it.
        ProducerRecord<String, byte[]> headed = new ProducerRecord<>(Topics.EVENTS, r.requestId(),
                "{not an event".getBytes(StandardCharsets.UTF_8));
        headed.headers().add(EventRecords.TYPE_HEADER, "step_start".getBytes(StandardCharsets.UTF_8));
        producer.send(headed).get();
        produce(r.events());

        await().atMost(WAIT).until(() -> count(
                "select count(*) from chat_logs where request_id = ? and completed_at is not null", r.requestId()) == 1);
        assertThat(count("select count(*) from request_traces where request_id = ?", r.requestId())).isEqualTo(6);
        // the counter moves when the sink's batch is done, which may be after its rows are visible
        await().atMost(WAIT).until(() -> sink.stats().recordsIgnored() >= ignoredBefore + 1);
        assertThat(sink.stats().deadLettered()).isEqualTo(deadBefore);
    }

    @Test
    void databaseOutageLosesNothing() throws Exception {
        String chat = Requests.id();
        String user = Requests.id();
        Requests.Request r = Requests.dataRequest(chat, user, ChatState.fresh(chat, user), "NQ close green after"
                + " an inside day?", "Inside days", System.currentTimeMillis());
        long retriesBefore = sink.stats().writeRetries();
        flaky.setDown(true);
        try {
            produce(r.events());
            await().atMost(WAIT).until(() -> sink.stats().writeRetries() >= retriesBefore + 3);
            assertThat(count("select count(*) from chat_logs where request_id = ?", r.requestId())).isZero();
            assertThat(sink.stats().lastError()).contains("test outage");
            assertThat(committedOffsetsLag()).as("offsets are not committed while the database is down").isPositive();
        } finally {
            flaky.setDown(false);
        }

        await().atMost(WAIT).until(() -> count(
                "select count(*) from chat_logs where request_id = ? and completed_at is not null", r.requestId()) == 1);
        assertThat(count("select count(*) from request_traces where request_id = ?", r.requestId())).isEqualTo(6);
        assertThat(Json.parse(text("select stats from chat_sessions where id = ?", chat)).get("message_count").asInt())
                .isEqualTo(1);
        await().atMost(WAIT).until(() -> committedOffsetsLag() == 0);
    }

    private static void produce(List<BarbEvent> events) throws ExecutionException, InterruptedException {
        List<java.util.concurrent.Future<?>> acks = new ArrayList<>();
        for (BarbEvent e : events) {
            acks.add(producer.send(EventRecords.of(e)));
        }
        for (java.util.concurrent.Future<?> f : acks) {
            f.get();
        }
    }

    /** Records on the events topic not yet committed by the sink's group. */
    private static long committedOffsetsLag() throws Exception {
        java.util.Properties p = new java.util.Properties();
        p.put("bootstrap.servers", kafka.bootstrap());
        try (org.apache.kafka.clients.admin.Admin admin = org.apache.kafka.clients.admin.Admin.create(p)) {
            var committed = admin.listConsumerGroupOffsets(TraceSink.GROUP_ID).partitionsToOffsetAndMetadata().get();
            var request = new java.util.HashMap<TopicPartition, org.apache.kafka.clients.admin.OffsetSpec>();
            for (int i = 0; i < 3; i++) {
                request.put(new TopicPartition(Topics.EVENTS, i), org.apache.kafka.clients.admin.OffsetSpec.latest());
            }
            var ends = admin.listOffsets(request).all().get();
            long lag = 0;
            for (var e : ends.entrySet()) {
                var c = committed.get(e.getKey());
                lag += e.getValue().offset() - (c == null ? 0 : c.offset());
            }
            return lag;
        }
    }

    private static List<ConsumerRecord<String, byte[]>> readDlq(String key, int expected) {
        List<ConsumerRecord<String, byte[]>> found = new ArrayList<>();
        try (KafkaConsumer<String, byte[]> c = new KafkaConsumer<>(kafka.consumer(null, "dlq-reader"))) {
            TopicPartition tp = new TopicPartition(Topics.DLQ, 0);
            c.assign(List.of(tp));
            c.seekToBeginning(List.of(tp));
            await().atMost(WAIT).until(() -> {
                for (ConsumerRecord<String, byte[]> rec : c.poll(Duration.ofMillis(200))) {
                    if (key.equals(rec.key())) {
                        found.add(rec);
                    }
                }
                return found.size() >= expected;
            });
        }
        return found;
    }

    private static String header(ConsumerRecord<String, byte[]> rec, String name) {
        var h = rec.headers().lastHeader(name);
        return h == null ? null : new String(h.value(), StandardCharsets.UTF_8);
    }

    private static long count(String sql, String id) throws SQLException {
        List<Long> values = longs(sql, id);
        return values.isEmpty() ? 0 : values.getFirst();
    }

    private static List<Long> longs(String sql, String id) throws SQLException {
        try (Connection c = db.getConnection(); PreparedStatement ps = c.prepareStatement(sql)) {
            ps.setObject(1, UUID.fromString(id));
            try (ResultSet rs = ps.executeQuery()) {
                List<Long> out = new ArrayList<>();
                while (rs.next()) {
                    out.add(rs.getLong(1));
                }
                return out;
            }
        }
    }

    private static String text(String sql, String id) throws SQLException {
        try (Connection c = db.getConnection(); PreparedStatement ps = c.prepareStatement(sql)) {
            ps.setObject(1, UUID.fromString(id));
            try (ResultSet rs = ps.executeQuery()) {
                return rs.next() ? rs.getString(1) : null;
            }
        }
    }
}
