package barb.figures;

import org.apache.kafka.streams.KeyValue;
import org.apache.kafka.streams.kstream.Windowed;
import org.apache.kafka.streams.state.KeyValueIterator;
import org.apache.kafka.streams.state.ReadOnlyKeyValueStore;
import org.apache.kafka.streams.state.ReadOnlyWindowStore;

import java.time.Instant;
import java.util.ArrayList;
import java.util.List;

/**
 * Reads the rows whose minute starts between two times (both included): from a window store (one instance's
 * share) or from the global store of every minute.
 */
final class StoreRows {
    private StoreRows() {
    }

    static List<WindowRow> between(ReadOnlyWindowStore<String, Tally> store, long fromMs, long toMs) {
        List<WindowRow> rows = new ArrayList<>();
        try (KeyValueIterator<Windowed<String>, Tally> it = store.fetchAll(Instant.ofEpochMilli(fromMs),
                Instant.ofEpochMilli(toMs))) {
            while (it.hasNext()) {
                KeyValue<Windowed<String>, Tally> kv = it.next();
                rows.add(new WindowRow(kv.key.window().start(), kv.key.key(), kv.value));
            }
        }
        return rows;
    }

    static List<WindowRow> between(ReadOnlyKeyValueStore<String, Tally> store, long fromMs, long toMs) {
        List<WindowRow> rows = new ArrayList<>();
        // Both bounds are included; no key is exactly "<minute>|", so the upper one ends the minutes up to toMs.
        try (KeyValueIterator<String, Tally> it = store.range(MinuteKeys.of(Math.max(0, fromMs), ""),
                MinuteKeys.of(Math.max(0, toMs + 1), ""))) {
            while (it.hasNext()) {
                KeyValue<String, Tally> kv = it.next();
                rows.add(new WindowRow(MinuteKeys.minuteOf(kv.key), MinuteKeys.figureOf(kv.key), kv.value));
            }
        }
        return rows;
    }
}
