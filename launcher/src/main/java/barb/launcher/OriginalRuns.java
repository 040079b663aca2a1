package barb.launcher;

import barb.core.BarbEvent;
import barb.core.ContractException;
import barb.core.EventType;
import barb.core.Json;
import barb.core.Topics;
import org.apache.kafka.common.TopicPartition;

import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

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
 * are read, from just before the batch's earliest original was written, and each partition only until the done
 * event of the batch's last request on it (at the latest a minute past the batch's latest deadline). A replay
 * reads the originals a batch at a time, as it replays them, so only one batch's runs are held at once.
 */
final class OriginalRuns {
    /** Events of a request are written after the request itself; the slack covers clocks of other producers. */
    private static final long BEFORE_MS = 5_000;
    /** A done event comes at the latest when a stage notices the deadline passed; this covers a slow stage. */
    private static final long AFTER_DEADLINE_MS = 60_000;

    private final TopicScan scan;
    private final Duration readTimeout;
    private int partitionCount;

    OriginalRuns(TopicScan scan, Duration readTimeout) {
        this.scan = scan;
        this.readTimeout = readTimeout;
    }

    /** The run of each request of the batch as far as the topic holds it; a run without its done event is unfinished. */
    Map<String, RunRecord> read(List<SelectedRequest> batch) {
        if (batch.isEmpty()) {
            return Map.of();
        }
        if (partitionCount == 0) {
            partitionCount = scan.partitions(Topics.EVENTS).size();
        }
        Map<TopicPartition, Long> starts = new HashMap<>();
        Map<TopicPartition, Long> ends = new HashMap<>();
        Map<TopicPartition, Set<String>> unfinished = new HashMap<>();
        Map<String, List<BarbEvent>> events = new HashMap<>();
        for (SelectedRequest s : batch) {
            events.put(s.requestId(), new ArrayList<>());
            TopicPartition tp = TopicScan.partitionOf(Topics.EVENTS, s.requestId(), partitionCount);
            unfinished.computeIfAbsent(tp, k -> new HashSet<>()).add(s.requestId());
            starts.merge(tp, s.timestampMs() - BEFORE_MS, Math::min);
            ends.merge(tp, Math.max(s.deadlineMs(), s.timestampMs()) + AFTER_DEADLINE_MS, Math::max);
        }
        Map<TopicPartition, Long> from = scan.offsetsAt(starts);
        Map<TopicPartition, Long> until = scan.offsetsAt(ends);
        Map<TopicPartition, TopicScan.Range> ranges = new HashMap<>();
        for (TopicPartition tp : starts.keySet()) {
            ranges.put(tp, new TopicScan.Range(from.get(tp), until.get(tp)));
        }
        scan.readWhile(ranges, readTimeout, rec -> {
            List<BarbEvent> of = rec.key() == null ? null : events.get(rec.key());
            if (of == null) {
                return true;
            }
            BarbEvent e = slimmedOrNull(rec.value());
            if (e == null) {
                return true;
            }
            of.add(e);
            if (e.type() != EventType.DONE) {
                return true;
            }
            Set<String> waiting = unfinished.get(new TopicPartition(rec.topic(), rec.partition()));
            waiting.remove(rec.key());
            return !waiting.isEmpty();
        });
        Map<String, RunRecord> out = new HashMap<>();
        events.forEach((id, list) -> out.put(id, RunRecord.of(id, list)));
        return out;
    }

    /** The event as a run record needs it; null for one it does not need or a malformed one. */
    private static BarbEvent slimmedOrNull(byte[] value) {
        try {
            return RunRecord.slimmed(Json.fromBytes(value, BarbEvent.class).validated());
        } catch (ContractException e) {
            // a malformed event tells nothing about the run; the rest of it still does
            return null;
        }
    }
}
