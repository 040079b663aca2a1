package barb.core;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/** Names of every topic Barb uses. All stage and event topics are keyed by request_id. */
public final class Topics {
    public static final String REQUESTS = "barb.requests.v1";
    public static final String EVENTS = "barb.events.v1";
    public static final String CHAT_STATE = "barb.chat-state.v1";
    public static final String DLQ = "barb.dlq.v1";
    /** Compacted, one record per instrument: the span of the loaded market data ({@link DataCoverage}). */
    public static final String DATA_COVERAGE = "barb.data-coverage.v1";
    /**
     * The ops figures per minute, as the figures' Streams application tallies them (key {@code <minute>|<figure>}),
     * compacted; every gateway mirrors it into a global store. Two hours of it are kept, rolled every ten minutes, so
     * a starting gateway reads little more than the hour its page shows.
     */
    public static final String OPS_FIGURES = "barb.ops-figures.v1";
    private static final long OPS_FIGURES_RETENTION_MS = 2 * 3_600_000L;
    private static final long OPS_FIGURES_SEGMENT_MS = 600_000L;
    /** A user's requests to stop a running request ({@link CancelRequest}), keyed by request_id. */
    public static final String CANCELS = "barb.cancels.v1";

    private Topics() {
    }

    /** Every topic with its shape; the launcher and the tests create exactly these. */
    public static List<TopicSpec> all(int partitions, long retentionMs) {
        List<TopicSpec> specs = new ArrayList<>();
        specs.add(new TopicSpec(REQUESTS, partitions, false, retentionMs));
        for (Stage stage : Stage.values()) {
            specs.add(new TopicSpec(stage.topic(), partitions, false, retentionMs));
        }
        specs.add(new TopicSpec(EVENTS, partitions, false, retentionMs));
        specs.add(new TopicSpec(CHAT_STATE, partitions, true, -1));
        specs.add(new TopicSpec(DLQ, 1, false, retentionMs));
        specs.add(new TopicSpec(DATA_COVERAGE, 1, true, -1));
        specs.add(new TopicSpec(OPS_FIGURES, 1, true, OPS_FIGURES_RETENTION_MS,
                Map.of("segment.ms", Long.toString(OPS_FIGURES_SEGMENT_MS))));
        specs.add(new TopicSpec(CANCELS, partitions, false, retentionMs));
        return specs;
    }
}
