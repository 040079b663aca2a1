package barb.figures;

import barb.core.BarbEvent;
import barb.core.EventType;
import barb.core.Json;
import barb.core.KafkaSettings;
import barb.core.RequestCompletion;
import barb.core.TopicCreator;
import barb.core.Topics;
import barb.embedded.SharedInfra;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.MemberDescription;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.utils.Utils;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.UUID;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.awaitility.Awaitility.await;

/** The topology against the embedded broker, read through interactive queries. */
class FiguresServiceTest {
    private static final int PARTITIONS = 3;
    private static final String APPLICATION_ID = "figures-service-test-" + UUID.randomUUID();
    private static FiguresService figures;
    private static KafkaSettings kafka;

    @BeforeAll
    static void start() {
        String bootstrap = SharedInfra.kafka().bootstrap();
        TopicCreator.ensure(bootstrap, Topics.all(PARTITIONS, 86_400_000L), (short) 1);
        kafka = KafkaSettings.of(bootstrap);
        figures = FiguresService.start(bootstrap, new FiguresService.Settings(APPLICATION_ID,
                SharedInfra.tempDir("figures-state")));
    }

    @AfterAll
    static void stop() {
        if (figures != null) {
            figures.close();
        }
    }

    @Test
    void requestsAndStepsProducedNowShowInTheCurrentMinute() {
        String marker = "figures-" + UUID.randomUUID().toString().substring(0, 8).replace('-', 'x');
        try (KafkaProducer<String, byte[]> producer = new KafkaProducer<>(kafka.producer("figures-test"))) {
            for (int i = 0; i < 3; i++) {
                long now = System.currentTimeMillis();
                String requestId = UUID.randomUUID().toString();
                RequestCompletion c = new RequestCompletion("data", "text", List.of(), Map.of(), 10, null, null, true);
                send(producer, new BarbEvent(1, EventType.STEP_END, requestId, "c", "u", 1, marker, now,
                        Json.object().put("duration_ms", 40 + i)));
                send(producer, new BarbEvent(1, EventType.DONE, requestId, "c", "u", 1, null, now, Json.tree(c)));
            }
            producer.flush();
        }

        // The events may straddle a minute boundary: add up the last two minutes.
        await().atMost(Duration.ofSeconds(90)).pollInterval(Duration.ofMillis(200))
                .ignoreException(FiguresNotReadyException.class).untilAsserted(() -> {
            List<MinuteFigures> minutes = figures.lastMinutes(2, Instant.now()).minutes();
            long steps = minutes.stream().mapToLong(m -> m.stages().containsKey(marker)
                    ? m.stages().get(marker).steps() : 0).sum();
            assertThat(steps).isEqualTo(3);
            assertThat(minutes.stream().mapToLong(MinuteFigures::requests).sum()).isGreaterThanOrEqualTo(3);
        });
    }

    /**
     * Two gateways: one application id, so one group that splits the counting between them, and each answers for
     * every figure from its global store, not only for the partitions it counts.
     */
    @Test
    void twoInstancesOfTheOneApplicationShareTheCountingAndEachAnswersForAllOfIt() throws Exception {
        // Stage names whose figure keys land on every partition of the repartition topic (the producer's hash).
        List<String> markers = new ArrayList<>();
        Set<Integer> partitions = new HashSet<>();
        String base = "two-" + UUID.randomUUID().toString().substring(0, 8);
        for (int i = 0; partitions.size() < PARTITIONS; i++) {
            String marker = base + "-" + i;
            if (partitions.add(partitionOf(FigureKeys.stage(marker)))) {
                markers.add(marker);
            }
        }
        try (FiguresService second = FiguresService.start(kafka.bootstrap(), new FiguresService.Settings(
                APPLICATION_ID, SharedInfra.tempDir("figures-state-2")));
             Admin admin = Admin.create(Map.of("bootstrap.servers", kafka.bootstrap()))) {
            await().atMost(Duration.ofSeconds(120)).pollInterval(Duration.ofMillis(250)).untilAsserted(() -> {
                List<MemberDescription> members = List.copyOf(admin.describeConsumerGroups(List.of(APPLICATION_ID))
                        .all().get().get(APPLICATION_ID).members());
                assertThat(members).hasSize(2);
                for (MemberDescription m : members) {
                    assertThat(m.assignment().topicPartitions()).as("each instance counts a share")
                            .anyMatch(tp -> tp.topic().equals(APPLICATION_ID + "-by-figure-repartition"));
                }
            });
            try (KafkaProducer<String, byte[]> producer = new KafkaProducer<>(kafka.producer("figures-test-two"))) {
                for (String marker : markers) {
                    long now = System.currentTimeMillis();
                    send(producer, new BarbEvent(1, EventType.STEP_END, UUID.randomUUID().toString(), "c", "u", 1,
                            marker, now, Json.object().put("duration_ms", 40)));
                }
                producer.flush();
            }

            for (FiguresService instance : List.of(figures, second)) {
                await().atMost(Duration.ofSeconds(90)).pollInterval(Duration.ofMillis(200))
                        .ignoreException(FiguresNotReadyException.class).untilAsserted(() -> {
                    List<MinuteFigures> minutes = instance.lastMinutes(2, Instant.now()).minutes();
                    for (String marker : markers) {
                        assertThat(minutes.stream().mapToLong(m -> m.stages().containsKey(marker)
                                ? m.stages().get(marker).steps() : 0).sum()).as(marker).isEqualTo(1);
                    }
                });
            }
        }
    }

    private static int partitionOf(String key) {
        return Utils.toPositive(Utils.murmur2(key.getBytes(StandardCharsets.UTF_8))) % PARTITIONS;
    }

    @Test
    void refusesARangeTheStoreDoesNotKeep() {
        assertThatThrownBy(() -> figures.lastMinutes(0, Instant.now())).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> figures.lastMinutes(FiguresService.MAX_MINUTES + 1, Instant.now()))
                .isInstanceOf(IllegalArgumentException.class);
    }

    private static void send(KafkaProducer<String, byte[]> producer, BarbEvent e) {
        producer.send(new ProducerRecord<>(Topics.EVENTS, e.requestId(), Json.toBytes(e)));
    }
}
