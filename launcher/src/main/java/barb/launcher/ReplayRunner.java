package barb.launcher;

import barb.core.ChatState;
import barb.core.KafkaSettings;
import barb.core.ReplayMode;
import barb.core.RequestEnvelope;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.UUID;
import java.util.function.Consumer;

/**
 * One {@code barb replay}: finds the selected requests, then replays them a batch at a time — reads the batch's
 * envelopes and original runs, re-publishes each as a new request carrying {@code replay_of} (paced by the rate),
 * and compares and reports each as its replay finishes.
 *
 * <p>Memory is bounded by the batch, not by the selection: the selection keeps a few numbers per request
 * ({@link SelectedRequest}); envelopes (which carry the chat's whole state) and original runs are read for one
 * batch at a time; a new batch is read only when at most one batch is still unreported; a request's runs are
 * dropped once its report line is written. So at most two batches of originals are held at once.
 */
final class ReplayRunner {
    private static final Logger log = LoggerFactory.getLogger(ReplayRunner.class);
    /** Extra wait after a replay's deadline for its done event (a stage notices a passed deadline late). */
    private static final Duration GRACE = Duration.ofSeconds(10);
    /** Originals read and replayed together by default. */
    static final int DEFAULT_BATCH = 200;

    /**
     * @param mode           shadow (default) or into the original chat
     * @param noiseRuns      extra runs of each request on the current version, to tell noise from change
     * @param ratePerSecond  replays put into the pipeline per second at most; 0 for no limit
     * @param requestTimeout the deadline each replay gets (as the gateway gives its requests)
     * @param kafkaTimeout   the longest one Kafka call may take
     * @param limit          the most requests one replay may select
     * @param batch          originals read and replayed together: what bounds the memory
     */
    record Settings(ReplayMode mode, int noiseRuns, double ratePerSecond, Duration requestTimeout,
                    Duration kafkaTimeout, int limit, int batch) {
        Settings {
            if (batch < 1) {
                throw new IllegalArgumentException("a replay batch holds at least one request");
            }
        }

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

    /**
     * @param replaysLeftOut     earlier replays that fell in the selection and were left out
     * @param mostOriginalsHeld  the most originals that were held at one time (read and not yet reported)
     */
    record Outcome(int replaysLeftOut, int mostOriginalsHeld) {
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

    /** Replays the selection, handing each request's outcome to {@code report} in the selection's order. */
    Outcome run(ReplaySelection selection, Progress progress, Consumer<ReplayedRequest> report)
            throws InterruptedException {
        Properties readerProps = kafka.consumer(null, "barb-replay-reader-" + ProcessHandle.current().pid());
        // Small fetches: a poll's records, with the chats' states in them, must not crowd a small heap.
        readerProps.put(ConsumerConfig.FETCH_MAX_BYTES_CONFIG, 4 * 1024 * 1024);
        readerProps.put(ConsumerConfig.MAX_PARTITION_FETCH_BYTES_CONFIG, 512 * 1024);
        readerProps.put(ConsumerConfig.MAX_POLL_RECORDS_CONFIG, 100);
        try (KafkaConsumer<String, byte[]> consumer = new KafkaConsumer<>(readerProps)) {
            TopicScan scan = new TopicScan(consumer, settings.kafkaTimeout());
            RequestTopicReader requests = new RequestTopicReader(scan, settings.readTimeout());
            RequestTopicReader.Found found = requests.select(selection, settings.limit());
            log.info("replay: {} requests selected, {} not found in the topic, {} earlier replays left out",
                    found.requests().size(), found.notFound().size(), found.replaysLeftOut());
            int mostHeld = found.requests().isEmpty() ? 0
                    : replay(found.requests(), requests, new OriginalRuns(scan, settings.readTimeout()), progress,
                    report);
            found.notFound().forEach(id -> report.accept(ReplayedRequest.notFound(id)));
            return new Outcome(found.replaysLeftOut(), mostHeld);
        }
    }

    /** @return the most originals held at one time */
    private int replay(List<SelectedRequest> selected, RequestTopicReader requests, OriginalRuns originals,
                       Progress progress, Consumer<ReplayedRequest> report) throws InterruptedException {
        int total = selected.size() * (1 + settings.noiseRuns());
        RatePacer pacer = new RatePacer(settings.ratePerSecond(), RatePacer.SYSTEM);
        int mostHeld = 0;
        try (ReplayWatcher watcher = ReplayWatcher.start(kafka, settings.kafkaTimeout());
             ReplayPublisher publisher = new ReplayPublisher(kafka, settings.kafkaTimeout());
             ChatStates chatStates = ChatStates.forMode(settings.mode(), kafka, settings)) {
            ReplaysInFlight inFlight = new ReplaysInFlight(watcher, report);
            int[] published = {0};
            Runnable showProgress = () -> progress.update(published[0], watcher.finishedCount(), total);
            for (int start = 0; start < selected.size(); start += settings.batch()) {
                List<SelectedRequest> batch = selected.subList(start, Math.min(selected.size(),
                        start + settings.batch()));
                inFlight.awaitAtMost(settings.batch(), showProgress);
                Map<String, RequestEnvelope> envelopes = requests.envelopes(batch);
                Map<String, RunRecord> runs = originals.read(batch);
                mostHeld = Math.max(mostHeld, inFlight.size() + batch.size());
                for (SelectedRequest s : batch) {
                    RequestEnvelope original = envelopes.get(s.requestId());
                    if (original == null) {
                        log.warn("replay: request {} left the topic after it was selected (retention)",
                                s.requestId());
                        inFlight.addNotFound(s.requestId());
                        continue;
                    }
                    if (chatStates.oneAtATime()) {
                        // Into the chat: the next one must continue from this one's state.
                        inFlight.awaitAtMost(0, showProgress);
                    }
                    List<String> ids = new ArrayList<>();
                    long lastDeadline = 0;
                    for (int k = 0; k <= settings.noiseRuns(); k++) {
                        pacer.awaitTurn();
                        String id = UUID.randomUUID().toString();
                        ChatState startState = chatStates.startState(original);
                        long now = System.currentTimeMillis();
                        lastDeadline = now + settings.requestTimeout().toMillis();
                        watcher.expect(id);
                        publisher.publish(RequestEnvelope.replay(original, id, settings.mode(), startState, now,
                                lastDeadline));
                        ids.add(id);
                        published[0]++;
                        showProgress.run();
                    }
                    inFlight.add(new ReplaysInFlight.Runs(original.requestId(), original.question(),
                            original.chatId(), runs.get(original.requestId()), ids.getFirst(),
                            ids.subList(1, ids.size()), lastDeadline + GRACE.toMillis()));
                    inFlight.reportWhatIsOver();
                }
            }
            inFlight.awaitAtMost(0, showProgress);
        }
        return mostHeld;
    }
}
