package barb.core;

import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class KafkaSettingsTest {
    @Test
    void topicsAreCreatedOnOneBrokerUnlessAReplicationFactorIsGiven() {
        KafkaSettings single = KafkaSettings.fromEnv(Map.of("BARB_KAFKA_BOOTSTRAP", "k:9092"), null);
        assertThat(single.replication()).isEqualTo((short) 1);
        assertThat(single.partitions()).isEqualTo(12);
        assertThat(single.retention()).isEqualTo(Duration.ofHours(168));

        KafkaSettings cluster = KafkaSettings.fromEnv(Map.of("BARB_KAFKA_BOOTSTRAP", "a:9092,b:9092,c:9092",
                "BARB_TOPIC_REPLICATION", "3"), null);
        assertThat(cluster.replication()).isEqualTo((short) 3);
    }

    @Test
    void aReplicationFactorOutOfRangeIsRefusedByName() {
        assertThatThrownBy(() -> KafkaSettings.fromEnv(Map.of("BARB_KAFKA_BOOTSTRAP", "k:9092",
                "BARB_TOPIC_REPLICATION", "0"), null)).hasMessageContaining("BARB_TOPIC_REPLICATION");
        assertThatThrownBy(() -> KafkaSettings.fromEnv(Map.of("BARB_KAFKA_BOOTSTRAP", "k:9092",
                "BARB_TOPIC_REPLICATION", "three"), null)).hasMessageContaining("BARB_TOPIC_REPLICATION");
    }
}
