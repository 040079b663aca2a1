package barb.dlq;

import org.apache.kafka.clients.consumer.ConsumerRecord;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The dead-letter topic folded into its current state: every dead letter by offset, with those a marker names
 * set re-driven or discarded. Fed in offset order by {@link DeadLetterReader}; no I/O here.
 */
public final class DeadLetterLog {
    private final boolean whole;
    private final Map<Long, DeadLetter> byOffset = new LinkedHashMap<>();

    /**
     * @param whole false for a reader that only counts (the gauges): dead letters without their headers and payload,
     *              so a flood of big records costs little
     */
    public DeadLetterLog(boolean whole) {
        this.whole = whole;
    }

    void add(ConsumerRecord<String, byte[]> rec) {
        if (!DeadLetterRecords.isMarker(rec)) {
            byOffset.put(rec.offset(), DeadLetterRecords.deadLetter(rec, whole));
            return;
        }
        if (DeadLetterRecords.isDiscardMarker(rec)) {
            DiscardMarker discard = DeadLetterRecords.discardMarker(rec);
            DeadLetter letter = discard == null ? null : byOffset.get(discard.deadLetterOffset());
            if (letter != null && letter.open()) {
                byOffset.put(letter.offset(), letter.discarded(discard));
            }
            return;
        }
        RedriveMarker marker = DeadLetterRecords.marker(rec);
        if (marker == null) {
            return;
        }
        DeadLetter letter = byOffset.get(marker.deadLetterOffset());
        if (letter != null) {
            byOffset.put(letter.offset(), letter.redriven(marker.to()));
        }
    }

    /** Drops what retention deleted from the topic. */
    void forgetBefore(long firstOffset) {
        byOffset.keySet().removeIf(o -> o < firstOffset);
    }

    /** Every dead letter still in the topic, re-driven ones included, oldest first. */
    public List<DeadLetter> all() {
        return new ArrayList<>(byOffset.values());
    }

    /** Those an operator discarded, with why and by whom. */
    public List<DeadLetter> discarded() {
        return byOffset.values().stream().filter(d -> d.state() == DeadLetter.State.DISCARDED).toList();
    }

    /** Those an operator still has to deal with: waiting or parked. */
    public List<DeadLetter> open() {
        return byOffset.values().stream().filter(DeadLetter::open).toList();
    }
}
