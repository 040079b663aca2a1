package barb.figures;

import barb.core.Json;
import org.apache.kafka.common.serialization.Deserializer;
import org.apache.kafka.common.serialization.Serde;
import org.apache.kafka.common.serialization.Serdes;
import org.apache.kafka.common.serialization.Serializer;

/** A value kept in a state store, as JSON through Barb's one mapper. */
final class JsonSerde {
    private JsonSerde() {
    }

    static <T> Serde<T> of(Class<T> type) {
        Serializer<T> serializer = (topic, value) -> value == null ? null : Json.toBytes(value);
        Deserializer<T> deserializer = (topic, bytes) -> bytes == null ? null : Json.fromBytes(bytes, type);
        return Serdes.serdeFrom(serializer, deserializer);
    }
}
