package barb.core;

import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.common.TopicPartition;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

/** What the stage-runtime tests read back from the broker. */
final class TopicRecords {
    private TopicRecords() {
    }

    /** Every record of a topic whose key is {@code key}, read from the start up to the end as it is now. */
    static List<ConsumerRecord<String, byte[]>> withKey(KafkaSettings kafka, String topic, String key) {
        List<ConsumerRecord<String, byte[]>> out = new ArrayList<>();
        try (KafkaConsumer<String, byte[]> c = new KafkaConsumer<>(kafka.consumer(null, "test-reader"))) {
            List<TopicPartition> parts = c.partitionsFor(topic).stream()
                    .map(pi -> new TopicPartition(pi.topic(), pi.partition())).toList();
            c.assign(parts);
            c.seekToBeginning(parts);
            var end = c.endOffsets(parts);
            while (parts.stream().anyMatch(tp -> c.position(tp) < end.get(tp))) {
                for (ConsumerRecord<String, byte[]> r : c.poll(Duration.ofMillis(200))) {
                    if (key.equals(r.key())) {
                        out.add(r);
                    }
                }
            }
        }
        return out;
    }
}
