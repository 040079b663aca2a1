package barb.figures;

import org.apache.kafka.streams.KeyValue;
import org.apache.kafka.streams.kstream.Windowed;
import org.apache.kafka.streams.state.KeyValueIterator;
import org.apache.kafka.streams.state.ReadOnlyWindowStore;

import java.time.Instant;
import java.util.ArrayList;
import java.util.List;

/** Reads the rows of the figures' window store whose minute starts between two times (both included). */
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
}
