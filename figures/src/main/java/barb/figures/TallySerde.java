package barb.figures;

import barb.core.ContractException;
import barb.core.Json;
import org.apache.kafka.common.serialization.Deserializer;
import org.apache.kafka.common.serialization.Serde;
import org.apache.kafka.common.serialization.Serdes;
import org.apache.kafka.common.serialization.Serializer;

import java.nio.BufferUnderflowException;
import java.nio.ByteBuffer;
import java.util.Map;
import java.util.TreeMap;

/**
 * A {@link Tally} in the stores and on {@link barb.core.Topics#OPS_FIGURES} as a few fixed-width numbers: a version
 * byte, the count, how many durations, then (duration, steps) pairs. The window store reads and writes the tally of
 * a minute for every event it counts, so this runs a few times per step; as JSON it was a third of the figures'
 * CPU. Tallies written as JSON by an older version (the topic keeps an hour) are still read.
 */
final class TallySerde {
    static final byte VERSION = 1;

    private TallySerde() {
    }

    static Serde<Tally> serde() {
        Serializer<Tally> serializer = (topic, tally) -> tally == null ? null : toBytes(tally);
        Deserializer<Tally> deserializer = (topic, bytes) -> bytes == null ? null : fromBytes(bytes);
        return Serdes.serdeFrom(serializer, deserializer);
    }

    static byte[] toBytes(Tally tally) {
        Map<Long, Long> durations = tally.durationsMs();
        ByteBuffer out = ByteBuffer.allocate(1 + Long.BYTES + Integer.BYTES + durations.size() * 2 * Long.BYTES);
        out.put(VERSION).putLong(tally.count()).putInt(durations.size());
        durations.forEach((ms, steps) -> out.putLong(ms).putLong(steps));
        return out.array();
    }

    static Tally fromBytes(byte[] bytes) {
        if (bytes.length > 0 && bytes[0] == '{') {
            return Json.fromBytes(bytes, Tally.class);
        }
        try {
            ByteBuffer in = ByteBuffer.wrap(bytes);
            byte version = in.get();
            if (version != VERSION) {
                throw new ContractException("tally: unknown version " + version);
            }
            long count = in.getLong();
            int pairs = in.getInt();
            if (pairs < 0 || pairs > in.remaining() / (2 * Long.BYTES)) {
                throw new ContractException("tally: " + pairs + " durations do not fit in " + bytes.length + " bytes");
            }
            TreeMap<Long, Long> durations = new TreeMap<>();
            for (int i = 0; i < pairs; i++) {
                durations.put(in.getLong(), in.getLong());
            }
            return new Tally(count, durations);
        } catch (BufferUnderflowException e) {
            throw new ContractException("tally: truncated at " + bytes.length + " bytes", e);
        }
    }
}
