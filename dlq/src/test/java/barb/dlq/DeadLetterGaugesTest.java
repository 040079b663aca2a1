package barb.dlq;

import barb.core.DeadLetterReason;
import barb.core.DeadLetters;
import barb.core.KafkaSettings;
import barb.core.TopicCreator;
import barb.core.Topics;
import barb.embedded.SharedInfra;
import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.common.header.internals.RecordHeaders;
import org.apache.kafka.common.record.TimestampType;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.Optional;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/** The gauges follow the dead-letter topic of a real broker. */
class DeadLetterGaugesTest {

    @BeforeAll
    static void topics() {
        TopicCreator.ensure(SharedInfra.kafka().bootstrap(), Topics.all(3, 86_400_000L), (short) 1);
    }

    private static double records(SimpleMeterRegistry registry, String stage, String state) {
        return registry.find("barb.dlq.records").tag("stage", stage).tag("state", state).gauges().stream()
                .mapToDouble(Gauge::value).sum();
    }

    @Test
    void countDeadLettersPerStageReasonAndStateAndTheOldestAge() throws Exception {
        KafkaSettings kafka = KafkaSettings.of(SharedInfra.kafka().bootstrap());
        SimpleMeterRegistry registry = new SimpleMeterRegistry();
        try (DeadLetterGauges gauges = DeadLetterGauges.start(kafka.bootstrap(), Duration.ofMillis(200), registry);
             KafkaProducer<String, byte[]> producer = new KafkaProducer<>(kafka.producer("gauges-test"))) {
            ConsumerRecord<String, byte[]> failed = new ConsumerRecord<>("barb.stage.presenter.v1", 0, 5L, 0L,
                    TimestampType.CREATE_TIME, 0, 0, "req-g", new byte[]{'{', '}'}, new RecordHeaders(),
                    Optional.empty());
            long anHourAgo = System.currentTimeMillis() - 3_600_000;
            var dead = DeadLetters.of(failed, new DeadLetters.Failure("presenter", DeadLetterReason.BAD_RECORD, "x",
                    null), anHourAgo);
            producer.send(new org.apache.kafka.clients.producer.ProducerRecord<>(dead.topic(), null, anHourAgo,
                    dead.key(), dead.value(), dead.headers())).get();
            producer.send(dead).get();

            await().atMost(Duration.ofSeconds(30)).until(() -> records(registry, "presenter", "waiting") == 2);
            double oldest = registry.get("barb.dlq.oldest.age.seconds").tag("state", "waiting").gauge().value();
            assertThat(oldest).isBetween(3_590.0, 3_700.0);
            assertThat(registry.get("barb.dlq.records").tag("reason", "bad_record").gauges()).isNotEmpty();
            assertThat(registry.get("barb.dlq.oldest.age.seconds").tag("state", "parked").gauge().value()).isZero();
        }
    }
}
