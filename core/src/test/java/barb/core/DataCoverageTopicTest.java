package barb.core;

import barb.embedded.SharedInfra;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.time.LocalDate;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

class DataCoverageTopicTest {

    @Test
    void aFollowerSeesThePublishedCoverageAndSkipsBrokenRecords() throws Exception {
        KafkaSettings kafka = KafkaSettings.of(SharedInfra.kafka().bootstrap());
        TopicCreator.ensure(kafka.bootstrap(), Topics.all(3, 86_400_000L), (short) 1);
        DataCoverage first = new DataCoverage(LocalDate.of(2008, 1, 2), LocalDate.of(2026, 1, 7), "synthetic");
        DataCoverageTopic.publish(kafka, first);
        try (DataCoverageTopic follower = DataCoverageTopic.follow(kafka)) {
            await().atMost(Duration.ofSeconds(60)).until(() -> first.equals(follower.get()));

            try (KafkaProducer<String, byte[]> p = new KafkaProducer<>(kafka.producer("test"))) {
                p.send(new ProducerRecord<>(Topics.DATA_COVERAGE, DataCoverageTopic.KEY,
                        "{\"first_day\": \"2026-01-09\", \"last_day\": \"2020-01-01\"}".getBytes())).get();
            }
            DataCoverage second = new DataCoverage(LocalDate.of(2010, 1, 4), LocalDate.of(2026, 2, 6), "imported");
            DataCoverageTopic.publish(kafka, second);
            await().atMost(Duration.ofSeconds(60)).until(() -> second.equals(follower.get()));
        }
    }

    @Test
    void aCoverageEndingBeforeItStartsIsRefused() {
        org.assertj.core.api.Assertions.assertThatThrownBy(() -> new DataCoverage(LocalDate.of(2026, 1, 2),
                LocalDate.of(2025, 1, 1), "x")).hasMessageContaining("after last day");
        assertThat(new DataCoverage(LocalDate.of(2026, 1, 2), LocalDate.of(2026, 1, 2), "x").lastDay())
                .isEqualTo(LocalDate.of(2026, 1, 2));
    }
}
