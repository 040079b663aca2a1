package barb.core;

import java.util.LinkedHashMap;
import java.util.Map;

/** The consumer groups of Barb's services and the topic each consumes: what the lag monitor watches. */
public final class ConsumerGroups {
    /** The trace-sink's default group (a second sink writing to another database needs its own). */
    public static final String TRACE_SINK = "barb-trace-sink";

    private ConsumerGroups() {
    }

    /**
     * Group id → topic, in pipeline order: every stage, then the trace-sink. The gateway is not here: it reads
     * {@link Topics#EVENTS} without a group (every instance reads every partition from the end), so it commits no
     * offsets a monitor could read.
     */
    public static Map<String, String> all(String traceSinkGroup) {
        Map<String, String> groups = new LinkedHashMap<>();
        for (Stage stage : Stage.values()) {
            groups.put(stage.groupId(), stage.topic());
        }
        groups.put(traceSinkGroup, Topics.EVENTS);
        return groups;
    }
}
