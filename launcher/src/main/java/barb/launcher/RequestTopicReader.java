package barb.launcher;

import barb.core.ContractException;
import barb.core.Json;
import barb.core.RequestEnvelope;
import barb.core.Topics;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.common.TopicPartition;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.time.Duration;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Finds the requests a {@link ReplaySelection} names on {@link Topics#REQUESTS}, the replay source, and reads their
 * envelopes back a batch at a time.
 */
final class RequestTopicReader {
    private static final Logger log = LoggerFactory.getLogger(RequestTopicReader.class);

    /**
     * @param requests       the requests found, oldest first (named ids: in the order named)
     * @param notFound       named ids that are not in the topic (past retention, or never written)
     * @param replaysLeftOut earlier replays that matched a chat, user or time selection and were left out
     */
    record Found(List<SelectedRequest> requests, List<String> notFound, int replaysLeftOut) {
    }

    private final TopicScan scan;
    private final Duration readTimeout;

    RequestTopicReader(TopicScan scan, Duration readTimeout) {
        this.scan = scan;
        this.readTimeout = readTimeout;
    }

    /**
     * Scans the part of the topic the selection can be in and keeps, per matching request, only where it is and
     * its times ({@link SelectedRequest}); each envelope is read and dropped at once.
     *
     * @throws IllegalArgumentException when more than {@code limit} requests match
     */
    Found select(ReplaySelection selection, int limit) {
        List<TopicPartition> all = scan.partitions(Topics.REQUESTS);
        List<TopicPartition> partitions = all;
        if (selection.byIdOnly()) {
            Set<TopicPartition> keyed = new HashSet<>();
            selection.requestIds().forEach(id -> keyed.add(TopicScan.partitionOf(Topics.REQUESTS, id, all.size())));
            partitions = new ArrayList<>(keyed);
        }
        Map<TopicPartition, Long> from = selection.from() == null ? scan.beginnings(partitions)
                : scan.offsetsAt(partitions, selection.from().toEpochMilli());
        Map<TopicPartition, Long> until = selection.to() == null ? scan.ends(partitions)
                : scan.offsetsAt(partitions, selection.to().toEpochMilli());
        Map<TopicPartition, TopicScan.Range> ranges = new HashMap<>();
        for (TopicPartition tp : partitions) {
            ranges.put(tp, new TopicScan.Range(from.get(tp), until.get(tp)));
        }
        Map<String, SelectedRequest> found = new LinkedHashMap<>();
        int[] replays = {0};
        int[] bad = {0};
        scan.read(ranges, readTimeout, rec -> {
            RequestEnvelope env = envelopeOrNull(rec);
            if (env == null) {
                bad[0]++;
                return;
            }
            if (!selection.matches(env, rec.timestamp()) || found.containsKey(env.requestId())) {
                return;
            }
            if (env.replayOf() != null && !selection.requestIds().contains(env.requestId())) {
                replays[0]++;
                return;
            }
            found.put(env.requestId(), new SelectedRequest(env.requestId(), rec.partition(), rec.offset(),
                    rec.timestamp(), env.deadlineMs()));
        });
        if (bad[0] > 0) {
            log.warn("{} records of {} are not valid requests and were skipped", bad[0], Topics.REQUESTS);
        }
        if (found.size() > limit) {
            throw new IllegalArgumentException("the selection holds " + found.size() + " requests, more than --limit "
                    + limit + "; narrow it or raise --limit");
        }
        return new Found(ordered(selection, found), notFound(selection, found), replays[0]);
    }

    /**
     * The envelopes of a batch of selected requests, read again from their offsets (each partition from the
     * batch's first offset to its last). A request missing from the answer is no longer in the topic: retention
     * removed it after it was selected.
     */
    Map<String, RequestEnvelope> envelopes(List<SelectedRequest> batch) {
        Map<TopicPartition, TopicScan.Range> ranges = new HashMap<>();
        Map<TopicPartition, Set<Long>> offsets = new HashMap<>();
        for (SelectedRequest s : batch) {
            TopicPartition tp = new TopicPartition(Topics.REQUESTS, s.partition());
            offsets.computeIfAbsent(tp, k -> new HashSet<>()).add(s.offset());
            ranges.merge(tp, new TopicScan.Range(s.offset(), s.offset() + 1),
                    (a, b) -> new TopicScan.Range(Math.min(a.from(), b.from()), Math.max(a.until(), b.until())));
        }
        Map<String, RequestEnvelope> out = new HashMap<>();
        scan.read(ranges, readTimeout, rec -> {
            Set<Long> wanted = offsets.get(new TopicPartition(rec.topic(), rec.partition()));
            if (wanted == null || !wanted.contains(rec.offset())) {
                return;
            }
            RequestEnvelope env = envelopeOrNull(rec);
            if (env != null) {
                out.put(env.requestId(), env);
            }
        });
        return out;
    }

    private static RequestEnvelope envelopeOrNull(ConsumerRecord<String, byte[]> rec) {
        try {
            return Json.fromBytes(rec.value(), RequestEnvelope.class).validated();
        } catch (ContractException e) {
            return null;
        }
    }

    private static List<SelectedRequest> ordered(ReplaySelection selection, Map<String, SelectedRequest> found) {
        if (!selection.requestIds().isEmpty()) {
            return selection.requestIds().stream().filter(found::containsKey).map(found::get).toList();
        }
        return found.values().stream().sorted(Comparator.comparingLong(SelectedRequest::timestampMs)).toList();
    }

    private static List<String> notFound(ReplaySelection selection, Map<String, SelectedRequest> found) {
        return selection.requestIds().stream().filter(id -> !found.containsKey(id)).toList();
    }
}
