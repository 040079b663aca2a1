package barb.figures;

import barb.core.EventRecords;
import barb.core.Topics;
import org.apache.kafka.common.serialization.Serde;
import org.apache.kafka.common.serialization.Serdes;
import org.apache.kafka.streams.KeyValue;
import org.apache.kafka.streams.StreamsBuilder;
import org.apache.kafka.streams.Topology;
import org.apache.kafka.streams.kstream.Consumed;
import org.apache.kafka.streams.kstream.Grouped;
import org.apache.kafka.streams.kstream.KStream;
import org.apache.kafka.streams.kstream.Materialized;
import org.apache.kafka.streams.kstream.Named;
import org.apache.kafka.streams.kstream.Produced;
import org.apache.kafka.streams.kstream.TimeWindows;
import org.apache.kafka.streams.processor.api.ContextualProcessor;
import org.apache.kafka.streams.processor.api.Record;
import org.apache.kafka.streams.state.Stores;

import java.time.Duration;
import java.util.List;

/**
 * The ops figures as a Kafka Streams topology: every record of {@code barb.events.v1} and {@code barb.dlq.v1} becomes
 * zero or more observations ({@link Observations}), re-keyed by what they count ({@link FigureKeys}) and tallied
 * into one-minute tumbling windows by record time ({@link #STORE}, split over the instances by partition). Every
 * update of a minute's tally goes to {@link Topics#OPS_FIGURES}, which every instance mirrors whole into a global
 * store ({@link #ALL_MINUTES_STORE}, {@link FiguresMirror}): that is what interactive queries read, so any gateway
 * answers for all the figures while the counting is shared ({@link FiguresReport} turns the rows into figures).
 * Pure definition: no Kafka connection here.
 */
public final class FiguresTopology {
    /** The window store the tallies are counted in; each instance holds the partitions it was given. */
    public static final String STORE = "ops-figures-per-minute";
    /** The global store every instance queries: every minute and figure of the last hour. */
    public static final String ALL_MINUTES_STORE = "ops-figures-all-minutes";
    /** The grouping, which names the repartition topic (see ConsumerGroups.FIGURES_REPARTITION). */
    static final String GROUPING = "by-figure";
    public static final Duration WINDOW = Duration.ofMinutes(1);
    /** Records up to this late (by stream time) still count in their minute; partitions are read unevenly. */
    public static final Duration GRACE = Duration.ofMinutes(1);
    /** How many minutes the stores keep; the page shows fewer. */
    public static final Duration RETENTION = Duration.ofHours(1);

    private FiguresTopology() {
    }

    /** Each event record as its observations ({@link Observations#ofEvent}), keyed by what they count. */
    private static final class ObservationsOfEvents extends ContextualProcessor<String, byte[], String, Long> {
        @Override
        public void process(Record<String, byte[]> record) {
            for (KeyValue<String, Long> o : Observations.ofEvent(EventRecords.typeOf(record.headers()),
                    record.value())) {
                context().forward(record.withKey(o.key).withValue(o.value));
            }
        }
    }

    public static Topology build() {
        StreamsBuilder builder = new StreamsBuilder();
        Serde<Tally> tallies = TallySerde.serde();
        // The event's type header lets the events that count nothing pass unparsed (most of them: step starts,
        // acknowledgements, data blocks, answers), so this is a processor that sees headers rather than a flatMap.
        KStream<String, Long> fromEvents = builder
                .stream(Topics.EVENTS, Consumed.with(Serdes.String(), Serdes.ByteArray()).withName("events"))
                .process(ObservationsOfEvents::new, Named.as("observations"));
        // A dead letter counts however unreadable its record is: that is often why it is there.
        KStream<String, Long> fromDeadLetters = builder
                .stream(Topics.DLQ, Consumed.with(Serdes.String(), Serdes.ByteArray()).withName("dead-letters"))
                .flatMap((key, value) -> List.of(KeyValue.pair(FigureKeys.DEAD_LETTERS, 0L)));
        fromEvents.merge(fromDeadLetters)
                .groupByKey(Grouped.with(GROUPING, Serdes.String(), Serdes.Long()))
                .windowedBy(TimeWindows.ofSizeAndGrace(WINDOW, GRACE))
                .aggregate(() -> Tally.EMPTY,
                        (key, durationMs, tally) -> FigureKeys.isTimed(key) ? tally.timed(durationMs)
                                : tally.counted(),
                        Materialized.<String, Tally>as(Stores.inMemoryWindowStore(STORE, RETENTION, WINDOW, false))
                                .withKeySerde(Serdes.String())
                                .withValueSerde(tallies))
                .toStream(Named.as("minute-updates"))
                .map((minute, tally) -> KeyValue.pair(MinuteKeys.of(minute.window().start(), minute.key()), tally),
                        Named.as("minute-keys"))
                .to(Topics.OPS_FIGURES, Produced.with(Serdes.String(), tallies).withName("figures-out"));
        builder.addGlobalStore(Stores.keyValueStoreBuilder(Stores.inMemoryKeyValueStore(ALL_MINUTES_STORE),
                        Serdes.String(), tallies).withLoggingDisabled(),
                Topics.OPS_FIGURES, Consumed.with(Serdes.String(), tallies).withName("all-figures"),
                FiguresMirror::new);
        return builder.build();
    }
}
