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

/** Finds the requests a {@link ReplaySelection} names on {@link Topics#REQUESTS}, the replay source. */
final class RequestTopicReader {
    private static final Logger log = LoggerFactory.getLogger(RequestTopicReader.class);

    /** A request as the gateway wrote it, and when. */
    record Original(RequestEnvelope envelope, long timestampMs) {
    }

    /**
     * @param originals      the requests found, oldest first (named ids: in the order named)
     * @param notFound       named ids that are not in the topic (past retention, or never written)
     * @param replaysLeftOut earlier replays that matched a chat, user or time selection and were left out
     */
    record Found(List<Original> originals, List<String> notFound, int replaysLeftOut) {
    }

    private final TopicScan scan;
    private final Duration readTimeout;

    RequestTopicReader(TopicScan scan, Duration readTimeout) {
        this.scan = scan;
        this.readTimeout = readTimeout;
    }

    /** @throws IllegalArgumentException when more than {@code limit} requests match */
    Found read(ReplaySelection selection, int limit) {
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
        Map<String, Original> found = new LinkedHashMap<>();
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
            found.put(env.requestId(), new Original(env, rec.timestamp()));
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

    private static RequestEnvelope envelopeOrNull(ConsumerRecord<String, byte[]> rec) {
        try {
            return Json.fromBytes(rec.value(), RequestEnvelope.class).validated();
        } catch (ContractException e) {
            return null;
        }
    }

    private static List<Original> ordered(ReplaySelection selection, Map<String, Original> found) {
        if (!selection.requestIds().isEmpty()) {
            return selection.requestIds().stream().filter(found::containsKey).map(found::get).toList();
        }
        return found.values().stream().sorted(Comparator.comparingLong(Original::timestampMs)).toList();
    }

    private static List<String> notFound(ReplaySelection selection, Map<String, Original> found) {
        return selection.requestIds().stream().filter(id -> !found.containsKey(id)).toList();
    }
}
