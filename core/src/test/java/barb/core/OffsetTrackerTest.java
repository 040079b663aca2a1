package barb.core;

import org.apache.kafka.clients.consumer.OffsetAndMetadata;
import org.apache.kafka.common.TopicPartition;
import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

class OffsetTrackerTest {
    private final TopicPartition p0 = new TopicPartition("t", 0);
    private final TopicPartition p1 = new TopicPartition("t", 1);

    @Test
    void commitsOnlyBelowTheLowestUnfinishedRecord() {
        OffsetTracker tracker = new OffsetTracker();
        tracker.started(p0, 10);
        tracker.started(p0, 11);
        tracker.started(p0, 12);
        tracker.finished(p0, 11);
        tracker.finished(p0, 12);

        assertThat(tracker.committable()).containsEntry(p0, new OffsetAndMetadata(10));

        tracker.finished(p0, 10);
        assertThat(tracker.committable()).containsEntry(p0, new OffsetAndMetadata(13));
    }

    @Test
    void doesNotOfferTheSameOffsetTwice() {
        OffsetTracker tracker = new OffsetTracker();
        tracker.started(p0, 0);
        tracker.finished(p0, 0);
        Map<TopicPartition, OffsetAndMetadata> first = tracker.committable();
        tracker.markCommitted(first);

        assertThat(tracker.committable()).isEmpty();
    }

    @Test
    void partitionsAreIndependent() {
        OffsetTracker tracker = new OffsetTracker();
        tracker.started(p0, 5);
        tracker.started(p1, 7);
        tracker.finished(p1, 7);

        Map<TopicPartition, OffsetAndMetadata> c = tracker.committable();
        assertThat(c).containsEntry(p0, new OffsetAndMetadata(5)).containsEntry(p1, new OffsetAndMetadata(8));
        assertThat(tracker.inFlightCount(List.of(p0, p1))).isEqualTo(1);
    }

    @Test
    void forgottenPartitionsAreNotCommitted() {
        OffsetTracker tracker = new OffsetTracker();
        tracker.started(p0, 1);
        tracker.forget(List.of(p0));

        assertThat(tracker.committable()).isEmpty();
        assertThat(tracker.inFlightCount(List.of(p0))).isZero();
    }
}
