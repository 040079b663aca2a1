package barb.lag;

import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.AdminClientConfig;
import org.apache.kafka.clients.admin.ConsumerGroupDescription;
import org.apache.kafka.clients.admin.DescribeConsumerGroupsOptions;
import org.apache.kafka.clients.admin.DescribeTopicsOptions;
import org.apache.kafka.clients.admin.ListConsumerGroupOffsetsOptions;
import org.apache.kafka.clients.admin.ListConsumerGroupOffsetsSpec;
import org.apache.kafka.clients.admin.ListOffsetsOptions;
import org.apache.kafka.clients.admin.ListOffsetsResult;
import org.apache.kafka.clients.admin.MemberDescription;
import org.apache.kafka.clients.admin.OffsetSpec;
import org.apache.kafka.clients.admin.TopicDescription;
import org.apache.kafka.clients.consumer.OffsetAndMetadata;
import org.apache.kafka.common.KafkaFuture;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.errors.GroupIdNotFoundException;
import org.apache.kafka.common.errors.UnknownTopicOrPartitionException;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.Set;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

/**
 * Reads committed offsets, log offsets, group members and the timestamps of the oldest unconsumed records, for a
 * fixed set of groups, each with the topics it consumes. The I/O half of the monitor.
 *
 * <p>Per refresh: describeTopics, describeConsumerGroups, listConsumerGroupOffsets and listOffsets (latest) — four
 * AdminClient calls, each covering every group or partition at once — plus listOffsets (earliest) when a group has
 * never committed on a partition that holds records, plus one fetch round of the timestamp consumer when a lagging
 * partition's committed offset moved.
 */
final class KafkaLagReader implements AutoCloseable {
    private static final Logger log = LoggerFactory.getLogger(KafkaLagReader.class);

    private final String bootstrap;
    private final Duration timeout;
    private final Admin admin;
    private final RecordTimestamps timestamps;

    KafkaLagReader(String bootstrap, Duration timeout) {
        this.bootstrap = bootstrap;
        this.timeout = timeout;
        String clientId = "barb-lag-monitor-" + ProcessHandle.current().pid() + "-" + System.nanoTime();
        Properties p = new Properties();
        p.put(AdminClientConfig.BOOTSTRAP_SERVERS_CONFIG, bootstrap);
        p.put(AdminClientConfig.CLIENT_ID_CONFIG, clientId);
        p.put(AdminClientConfig.DEFAULT_API_TIMEOUT_MS_CONFIG, (int) timeout.toMillis());
        p.put(AdminClientConfig.REQUEST_TIMEOUT_MS_CONFIG, (int) timeout.toMillis());
        // describeConsumerGroups asks with the consumer protocol first and, for a group that does not exist (a
        // stage not started yet) or uses the classic protocol, asks again with the classic one after the retry
        // back-off: 100 ms by default, which was most of a reading's time.
        p.put(AdminClientConfig.RETRY_BACKOFF_MS_CONFIG, 10);
        this.admin = Admin.create(p);
        this.timestamps = new RecordTimestamps(bootstrap, clientId + "-timestamps", timeout);
    }

    /** @param groups group id → the topics it consumes */
    LagReading read(Map<String, List<String>> groups) {
        long started = System.nanoTime();
        long sampledAt = System.currentTimeMillis();
        int adminCalls = 0;

        Set<String> topics = new LinkedHashSet<>();
        groups.values().forEach(topics::addAll);
        Map<String, Integer> partitionCounts = partitionCounts(topics);
        adminCalls++;

        Map<String, ConsumerGroupDescription> descriptions = describeGroups(groups.keySet());
        adminCalls++;

        Map<String, Map<TopicPartition, OffsetAndMetadata>> committed = committedOffsets(groups.keySet());
        adminCalls++;

        List<TopicPartition> partitions = new ArrayList<>();
        partitionCounts.forEach((topic, count) -> {
            for (int i = 0; i < count; i++) {
                partitions.add(new TopicPartition(topic, i));
            }
        });
        Map<TopicPartition, Long> ends = logOffsets(partitions, OffsetSpec.latest());
        adminCalls++;

        List<TopicPartition> withoutCommit = new ArrayList<>();
        groups.forEach((group, groupTopics) -> {
            Map<TopicPartition, OffsetAndMetadata> offsets = committed.getOrDefault(group, Map.of());
            for (TopicPartition tp : partitions) {
                if (groupTopics.contains(tp.topic()) && offsets.get(tp) == null && ends.getOrDefault(tp, 0L) > 0) {
                    withoutCommit.add(tp);
                }
            }
        });
        Map<TopicPartition, Long> starts = Map.of();
        if (!withoutCommit.isEmpty()) {
            starts = logOffsets(withoutCommit.stream().distinct().toList(), OffsetSpec.earliest());
            adminCalls++;
        }

        List<GroupReading> groupReadings = new ArrayList<>();
        List<PartitionReading> readings = new ArrayList<>();
        for (Map.Entry<String, List<String>> g : groups.entrySet()) {
            String group = g.getKey();
            ConsumerGroupDescription d = descriptions.get(group);
            Map<TopicPartition, String> owners = owners(d);
            groupReadings.add(new GroupReading(group, g.getValue(), d == null ? "UNKNOWN" : d.groupState().name(),
                    d == null ? 0 : d.members().size()));
            Map<TopicPartition, OffsetAndMetadata> offsets = committed.getOrDefault(group, Map.of());
            for (String topic : g.getValue()) {
                for (TopicPartition tp : partitions) {
                    if (!tp.topic().equals(topic)) {
                        continue;
                    }
                    OffsetAndMetadata c = offsets.get(tp);
                    long end = ends.getOrDefault(tp, 0L);
                    readings.add(new PartitionReading(group, topic, tp.partition(), c == null ? null : c.offset(),
                            starts.getOrDefault(tp, 0L), end, owners.get(tp), null));
                }
            }
        }

        // Groups that share a topic (the trace-sink and the ops figures read the events) may ask for two offsets of
        // one partition: the timestamps are looked up by partition and offset.
        Set<RecordTimestamps.Position> oldestUnconsumed = new HashSet<>();
        for (PartitionReading r : readings) {
            if (r.lag() > 0) {
                oldestUnconsumed.add(position(r));
            }
        }
        RecordTimestamps.Result times = timestamps.at(oldestUnconsumed, timeout);
        List<PartitionReading> withTimes = new ArrayList<>(readings.size());
        for (PartitionReading r : readings) {
            Long ts = r.lag() > 0 ? times.timestamps().get(position(r)) : null;
            withTimes.add(new PartitionReading(r.group(), r.topic(), r.partition(), r.committedOffset(),
                    r.logStartOffset(), r.logEndOffset(), r.owner(), ts));
        }
        long readMs = (System.nanoTime() - started) / 1_000_000;
        return new LagReading(sampledAt, readMs, adminCalls, times.polls(), groupReadings, withTimes);
    }

    private static RecordTimestamps.Position position(PartitionReading r) {
        return new RecordTimestamps.Position(new TopicPartition(r.topic(), r.partition()), r.currentOffset());
    }

    /** Partitions per topic; a topic that does not exist (yet) has none. */
    private Map<String, Integer> partitionCounts(Set<String> topics) {
        Map<String, KafkaFuture<TopicDescription>> futures = admin.describeTopics(topics,
                new DescribeTopicsOptions().timeoutMs((int) timeout.toMillis())).topicNameValues();
        Map<String, Integer> counts = new HashMap<>();
        for (String topic : topics) {
            try {
                counts.put(topic, await(futures.get(topic)).partitions().size());
            } catch (LagReadException e) {
                if (!(e.getCause() instanceof UnknownTopicOrPartitionException)) {
                    throw e;
                }
                log.debug("topic {} does not exist yet", topic);
            }
        }
        return counts;
    }

    /** Descriptions of the groups that exist; a group never created is left out. */
    private Map<String, ConsumerGroupDescription> describeGroups(Set<String> groups) {
        Map<String, KafkaFuture<ConsumerGroupDescription>> futures = admin.describeConsumerGroups(groups,
                new DescribeConsumerGroupsOptions().timeoutMs((int) timeout.toMillis())).describedGroups();
        Map<String, ConsumerGroupDescription> out = new HashMap<>();
        for (String group : groups) {
            try {
                out.put(group, await(futures.get(group)));
            } catch (LagReadException e) {
                if (!(e.getCause() instanceof GroupIdNotFoundException)) {
                    throw e;
                }
            }
        }
        return out;
    }

    private Map<String, Map<TopicPartition, OffsetAndMetadata>> committedOffsets(Set<String> groups) {
        Map<String, ListConsumerGroupOffsetsSpec> specs = new HashMap<>();
        for (String g : groups) {
            specs.put(g, new ListConsumerGroupOffsetsSpec());
        }
        var result = admin.listConsumerGroupOffsets(specs,
                new ListConsumerGroupOffsetsOptions().timeoutMs((int) timeout.toMillis()));
        Map<String, Map<TopicPartition, OffsetAndMetadata>> out = new HashMap<>();
        for (String g : groups) {
            try {
                out.put(g, await(result.partitionsToOffsetAndMetadata(g)));
            } catch (LagReadException e) {
                if (!(e.getCause() instanceof GroupIdNotFoundException)) {
                    throw e;
                }
            }
        }
        return out;
    }

    private Map<TopicPartition, Long> logOffsets(List<TopicPartition> partitions, OffsetSpec spec) {
        if (partitions.isEmpty()) {
            return Map.of();
        }
        Map<TopicPartition, OffsetSpec> request = new HashMap<>();
        for (TopicPartition tp : partitions) {
            request.put(tp, spec);
        }
        Map<TopicPartition, ListOffsetsResult.ListOffsetsResultInfo> infos = await(admin.listOffsets(request,
                new ListOffsetsOptions().timeoutMs((int) timeout.toMillis())).all());
        Map<TopicPartition, Long> out = new HashMap<>();
        infos.forEach((tp, info) -> out.put(tp, info.offset()));
        return out;
    }

    private static Map<TopicPartition, String> owners(ConsumerGroupDescription d) {
        if (d == null) {
            return Map.of();
        }
        Map<TopicPartition, String> owners = new HashMap<>();
        for (MemberDescription m : d.members()) {
            for (TopicPartition tp : m.assignment().topicPartitions()) {
                owners.put(tp, m.clientId());
            }
        }
        return owners;
    }

    private <T> T await(KafkaFuture<T> future) {
        try {
            return future.get(timeout.toMillis() + 1_000, TimeUnit.MILLISECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new LagReadException("interrupted while reading the lag", e);
        } catch (TimeoutException e) {
            throw new LagReadException("Kafka at " + bootstrap + " did not answer within " + timeout.toSeconds()
                    + " s", e);
        } catch (ExecutionException e) {
            Throwable cause = e.getCause() == null ? e : e.getCause();
            if (cause instanceof org.apache.kafka.common.errors.TimeoutException) {
                throw new LagReadException("cannot reach Kafka at " + bootstrap + " (no answer within "
                        + timeout.toSeconds() + " s)", cause);
            }
            throw new LagReadException("Kafka at " + bootstrap + " refused the lag query: " + cause.getMessage(),
                    cause);
        }
    }

    @Override
    public void close() {
        timestamps.close();
        admin.close(Duration.ofSeconds(2));
    }
}
