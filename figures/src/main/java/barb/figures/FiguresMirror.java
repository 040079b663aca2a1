package barb.figures;

import org.apache.kafka.streams.processor.api.Processor;
import org.apache.kafka.streams.processor.api.ProcessorContext;
import org.apache.kafka.streams.processor.api.Record;
import org.apache.kafka.streams.state.KeyValueIterator;
import org.apache.kafka.streams.state.KeyValueStore;

import java.util.ArrayList;
import java.util.List;

/**
 * Keeps every gateway's global store of the figures up to date from the output topic: each tally replaces the
 * last one of its minute and figure. When a newer minute arrives, the minutes that fell out of the hour the store
 * keeps are deleted, so the store holds at most an hour of minutes however long the gateway runs.
 */
final class FiguresMirror implements Processor<String, Tally, Void, Void> {
    private KeyValueStore<String, Tally> store;
    private long latestMinuteMs = -1;

    @Override
    public void init(ProcessorContext<Void, Void> context) {
        store = context.getStateStore(FiguresTopology.ALL_MINUTES_STORE);
    }

    @Override
    public void process(Record<String, Tally> record) {
        long minute = MinuteKeys.minuteOf(record.key());
        if (minute < 0) {
            return;
        }
        if (record.value() == null) {
            store.delete(record.key());
        } else {
            store.put(record.key(), record.value());
        }
        if (minute > latestMinuteMs) {
            latestMinuteMs = minute;
            dropMinutesBefore(minute - FiguresTopology.RETENTION.toMillis());
        }
    }

    private void dropMinutesBefore(long minuteMs) {
        if (minuteMs <= 0) {
            return;
        }
        List<String> old = new ArrayList<>();
        try (KeyValueIterator<String, Tally> it = store.range(null, MinuteKeys.of(minuteMs, ""))) {
            it.forEachRemaining(kv -> old.add(kv.key));
        }
        old.forEach(store::delete);
    }
}
