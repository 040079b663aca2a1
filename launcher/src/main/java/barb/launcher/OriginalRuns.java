package barb.launcher;

import barb.core.BarbEvent;
import barb.core.ContractException;
import barb.core.Json;
import barb.core.Topics;
import org.apache.kafka.common.TopicPartition;

import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * The original runs of requests, read back from {@link Topics#EVENTS}.
 *
 * <p>Why the events topic and not Postgres: the replay's own run arrives on this topic, so both sides of the
 * comparison come from one source in one shape (the step outputs and the completion exactly as the stages wrote
 * them, before the trace-sink trims or the database converts anything); the topic keeps as long as the requests
 * topic, so whatever can be replayed still has its original events; and {@code barb replay} needs nothing but Kafka,
 * like {@code barb lag}. A request whose events are gone (or that never finished) is reported as "no original answer".
 *
 * <p>Every event is keyed by its request id, so a request's events all sit in one partition: only those partitions
 * are read, from just before the earliest original was written to a minute past the latest deadline.
 */
final class OriginalRuns {
    /** Events of a request are written after the request itself; the slack covers clocks of other producers. */
    private static final long BEFORE_MS = 5_000;
    /** A done event comes at the latest when a stage notices the deadline passed; this covers a slow stage. */
    private static final long AFTER_DEADLINE_MS = 60_000;

    private final TopicScan scan;
    private final Duration readTimeout;

    OriginalRuns(TopicScan scan, Duration readTimeout) {
        this.scan = scan;
        this.readTimeout = readTimeout;
    }

    /** The run of each original as far as the topic holds it; a run without its done event is unfinished. */
    Map<String, RunRecord> read(List<RequestTopicReader.Original> originals) {
        if (originals.isEmpty()) {
            return Map.of();
        }
        int partitionCount = scan.partitions(Topics.EVENTS).size();
        Map<TopicPartition, long[]> window = new HashMap<>();
        Map<String, List<BarbEvent>> events = new HashMap<>();
        for (RequestTopicReader.Original o : originals) {
            String id = o.envelope().requestId();
            events.put(id, new ArrayList<>());
            TopicPartition tp = TopicScan.partitionOf(Topics.EVENTS, id, partitionCount);
            long start = o.timestampMs() - BEFORE_MS;
            long end = Math.max(o.envelope().deadlineMs(), o.timestampMs()) + AFTER_DEADLINE_MS;
            window.merge(tp, new long[]{start, end}, (a, b) -> new long[]{Math.min(a[0], b[0]), Math.max(a[1], b[1])});
        }
        Map<TopicPartition, TopicScan.Range> ranges = new HashMap<>();
        for (Map.Entry<TopicPartition, long[]> w : window.entrySet()) {
            List<TopicPartition> one = List.of(w.getKey());
            long from = scan.offsetsAt(one, w.getValue()[0]).get(w.getKey());
            long until = scan.offsetsAt(one, w.getValue()[1]).get(w.getKey());
            ranges.put(w.getKey(), new TopicScan.Range(from, until));
        }
        scan.read(ranges, readTimeout, rec -> {
            List<BarbEvent> of = rec.key() == null ? null : events.get(rec.key());
            if (of == null) {
                return;
            }
            try {
                BarbEvent e = RunRecord.slimmed(Json.fromBytes(rec.value(), BarbEvent.class).validated());
                if (e != null) {
                    of.add(e);
                }
            } catch (ContractException e) {
                // a malformed event tells nothing about the run; the rest of it still does
            }
        });
        Map<String, RunRecord> out = new HashMap<>();
        events.forEach((id, list) -> out.put(id, RunRecord.of(id, list)));
        return out;
    }
}
