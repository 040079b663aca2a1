package barb.core;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** The consumer groups of Barb's services and the topics each consumes: what the lag monitor watches. */
public final class ConsumerGroups {
    /** The trace-sink's default group (a second sink writing to another database needs its own). */
    public static final String TRACE_SINK = "barb-trace-sink";
    /**
     * The ops figures' Kafka Streams application id, which is its consumer group: every gateway runs one member
     * of it (see {@code barb.figures.FiguresService}).
     */
    public static final String FIGURES = "barb-ops-figures";
    /**
     * The figures' repartition topic, which the same group consumes: Streams names it after the application id and
     * the topology's grouping ({@code by-figure}); the figures module's tests check the name.
     */
    public static final String FIGURES_REPARTITION = FIGURES + "-by-figure-repartition";

    private ConsumerGroups() {
    }

    /**
     * Group id → topic of the pipeline, in pipeline order: every stage, then the trace-sink. The gateway is not
     * here: it reads {@link Topics#EVENTS} without a group (every instance reads every partition from the end), so
     * it commits no offsets a monitor could read.
     */
    public static Map<String, String> pipeline(String traceSinkGroup) {
        Map<String, String> groups = new LinkedHashMap<>();
        for (Stage stage : Stage.values()) {
            groups.put(stage.groupId(), stage.topic());
        }
        groups.put(traceSinkGroup, Topics.EVENTS);
        return groups;
    }

    /**
     * Every group the lag monitor watches → the topics it consumes: the pipeline's groups, each on its one topic,
     * then the ops figures' Streams application on the events, the dead letters and its own repartition topic.
     */
    public static Map<String, List<String>> all(String traceSinkGroup) {
        Map<String, List<String>> groups = new LinkedHashMap<>();
        pipeline(traceSinkGroup).forEach((group, topic) -> groups.put(group, List.of(topic)));
        groups.put(FIGURES, List.of(Topics.EVENTS, Topics.DLQ, FIGURES_REPARTITION));
        return groups;
    }
}
