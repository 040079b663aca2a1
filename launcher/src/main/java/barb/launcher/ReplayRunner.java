package barb.launcher;

import barb.core.ChatState;
import barb.core.KafkaSettings;
import barb.core.ReplayMode;
import barb.core.RequestEnvelope;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;

/**
 * One {@code barb replay}: finds the selected requests, reads their original runs, re-publishes each as a new
 * request carrying {@code replay_of} (paced by the rate), waits for the replays' done events and compares.
 */
final class ReplayRunner {
    private static final Logger log = LoggerFactory.getLogger(ReplayRunner.class);
    /** Extra wait after the last replay's deadline for its done event (a stage notices a passed deadline late). */
    private static final Duration GRACE = Duration.ofSeconds(10);

    /**
     * @param mode           shadow (default) or into the original chat
     * @param noiseRuns      extra runs of each request on the current version, to tell noise from change
     * @param ratePerSecond  replays put into the pipeline per second at most; 0 for no limit
     * @param requestTimeout the deadline each replay gets (as the gateway gives its requests)
     * @param kafkaTimeout   the longest one Kafka call may take
     * @param limit          the most requests one replay may select
     */
    record Settings(ReplayMode mode, int noiseRuns, double ratePerSecond, Duration requestTimeout,
                    Duration kafkaTimeout, int limit) {
        /** Reading a topic range may take much longer than one call. */
        Duration readTimeout() {
            return kafkaTimeout.multipliedBy(30);
        }
    }

    /** Told how far the replay got: runs put into the pipeline and runs finished, of {@code total}. */
    interface Progress {
        void update(int published, int finished, int total);

        Progress NONE = (published, finished, total) -> {
        };
    }

    /** The main run and the noise runs of one original. */
    private record Runs(RequestTopicReader.Original original, String mainId, List<String> noiseIds) {
    }

    /** Every original's runs, and what each run produced (null for a run that did not finish or left no event). */
    private record Replayed(List<Runs> runs, Map<String, RunRecord> results) {
        static final Replayed NOTHING = new Replayed(List.of(), Map.of());
    }

    private final KafkaSettings kafka;
    private final Settings settings;

    ReplayRunner(KafkaSettings kafka, Settings settings) {
        this.kafka = kafka;
        this.settings = settings;
        if (settings.mode() == ReplayMode.INTO_CHAT && settings.noiseRuns() > 0) {
            throw new IllegalArgumentException("noise runs would add messages to the chat: use them in shadow mode");
        }
    }

    ReplayReport run(ReplaySelection selection, Progress progress) throws InterruptedException {
        RequestTopicReader.Found found;
        Map<String, RunRecord> originalRuns;
        java.util.Properties readerProps = kafka.consumer(null, "barb-replay-reader-" + ProcessHandle.current().pid());
        // the reader holds every selected request while it reads their runs: small fetches keep the heap for them
        // (the default 50 MB fetch buffer is as big as the requests of a 10 k replay)
        readerProps.put(org.apache.kafka.clients.consumer.ConsumerConfig.FETCH_MAX_BYTES_CONFIG, 4 * 1024 * 1024);
        try (KafkaConsumer<String, byte[]> consumer = new KafkaConsumer<>(readerProps)) {
            TopicScan scan = new TopicScan(consumer, settings.kafkaTimeout());
            found = new RequestTopicReader(scan, settings.readTimeout()).read(selection, settings.limit());
            originalRuns = new OriginalRuns(scan, settings.readTimeout()).read(found.originals());
        }
        log.info("replay: {} requests selected, {} not found in the topic, {} original runs found",
                found.originals().size(), found.notFound().size(), originalRuns.size());
        Replayed replayed = found.originals().isEmpty() ? Replayed.NOTHING : replay(found.originals(), progress);
        return report(found, originalRuns, replayed);
    }

    private Replayed replay(List<RequestTopicReader.Original> originals, Progress progress)
            throws InterruptedException {
        int total = originals.size() * (1 + settings.noiseRuns());
        List<Runs> runs = new ArrayList<>();
        RatePacer pacer = new RatePacer(settings.ratePerSecond(), RatePacer.SYSTEM);
        try (ReplayWatcher watcher = ReplayWatcher.start(kafka, settings.kafkaTimeout());
             ReplayPublisher publisher = new ReplayPublisher(kafka, settings.kafkaTimeout())) {
            CurrentChatState chatStates = null;
            KafkaConsumer<String, byte[]> stateConsumer = null;
            if (settings.mode() == ReplayMode.INTO_CHAT) {
                stateConsumer = new KafkaConsumer<>(kafka.consumer(null,
                        "barb-replay-state-" + ProcessHandle.current().pid()));
                chatStates = new CurrentChatState(new TopicScan(stateConsumer, settings.kafkaTimeout()),
                        settings.readTimeout());
            }
            try {
                int published = 0;
                long lastDeadline = System.currentTimeMillis();
                for (RequestTopicReader.Original o : originals) {
                    List<String> ids = new ArrayList<>();
                    for (int k = 0; k <= settings.noiseRuns(); k++) {
                        pacer.awaitTurn();
                        String id = UUID.randomUUID().toString();
                        ChatState start = chatStates == null ? o.envelope().chatState()
                                : chatStates.read(o.envelope().chatId());
                        long now = System.currentTimeMillis();
                        lastDeadline = now + settings.requestTimeout().toMillis();
                        watcher.expect(id);
                        publisher.publish(RequestEnvelope.replay(o.envelope(), id, settings.mode(), start, now,
                                lastDeadline));
                        ids.add(id);
                        published++;
                        progress.update(published, watcher.finishedCount(), total);
                        if (chatStates != null) {
                            // Into the chat, one at a time: the next one must continue from this one's state.
                            awaitFinished(watcher, List.of(id), lastDeadline, published, total, progress);
                        }
                    }
                    runs.add(new Runs(o, ids.getFirst(), ids.subList(1, ids.size())));
                }
                List<String> all = new ArrayList<>();
                for (Runs r : runs) {
                    all.add(r.mainId());
                    all.addAll(r.noiseIds());
                }
                awaitFinished(watcher, all, lastDeadline, published, total, progress);
                Map<String, RunRecord> results = new LinkedHashMap<>();
                all.forEach(id -> results.put(id, watcher.run(id)));
                return new Replayed(runs, results);
            } finally {
                if (stateConsumer != null) {
                    stateConsumer.close(Duration.ofSeconds(1));
                }
            }
        }
    }

    /** Waits until every id finished, or the last deadline plus grace passed (the missing ones are reported). */
    private static void awaitFinished(ReplayWatcher watcher, List<String> ids, long lastDeadlineMs, int published,
                                      int total, Progress progress) throws InterruptedException {
        long giveUpAt = lastDeadlineMs + GRACE.toMillis();
        while (System.currentTimeMillis() < giveUpAt) {
            watcher.checkHealthy();
            progress.update(published, watcher.finishedCount(), total);
            if (ids.stream().allMatch(watcher::isFinished)) {
                return;
            }
            Thread.sleep(50);
        }
        log.warn("replay: {} of {} runs did not finish by their deadline",
                ids.stream().filter(id -> !watcher.isFinished(id)).count(), ids.size());
    }

    private ReplayReport report(RequestTopicReader.Found found, Map<String, RunRecord> originalRuns,
                                Replayed replayed) {
        List<ReplayedRequest> out = new ArrayList<>();
        for (Runs r : replayed.runs()) {
            RequestEnvelope env = r.original().envelope();
            RunRecord original = originalRuns.get(env.requestId());
            RunRecord current = replayed.results().get(r.mainId());
            List<RunRecord> noise = r.noiseIds().stream().map(replayed.results()::get).toList();
            out.add(new ReplayedRequest(env.requestId(), env.question(), env.chatId(), r.mainId(), original, current,
                    RunComparison.compare(original, current, noise)));
        }
        found.notFound().forEach(id -> out.add(ReplayedRequest.notFound(id)));
        return new ReplayReport(out, found.replaysLeftOut(), settings.mode().wire(), settings.noiseRuns());
    }
}
