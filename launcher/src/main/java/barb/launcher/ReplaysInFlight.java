package barb.launcher;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.time.Duration;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.List;
import java.util.function.Consumer;

/**
 * The replays put into the pipeline and not yet reported, in the order of the selection. A request is compared as
 * soon as all its runs finished (or their deadline passed) and what was kept of it is let go; reports go out in
 * selection order, so a request still running holds back the reports of later ones that finished (the caller
 * bounds how many are in flight with {@link #awaitAtMost}).
 */
final class ReplaysInFlight {
    private static final Logger log = LoggerFactory.getLogger(ReplaysInFlight.class);
    /** How often waiting checks the runs again. */
    private static final Duration CHECK_EVERY = Duration.ofMillis(50);

    /** One original and its runs; {@code result} once compared. */
    private static final class Pending {
        private final Runs runs;
        private ReplayedRequest result;

        Pending(Runs runs, ReplayedRequest result) {
            this.runs = runs;
            this.result = result;
        }
    }

    /**
     * What is kept of one replayed original while its runs are under way.
     *
     * @param originalId  the original's request id
     * @param question    its question
     * @param chatId      its chat
     * @param original    its original run (null when none was found on the events topic)
     * @param mainId      the id of the replay's main run
     * @param noiseIds    the ids of its noise runs
     * @param giveUpAtMs  when its runs are given up on: the last run's deadline plus a grace
     */
    record Runs(String originalId, String question, String chatId, RunRecord original, String mainId,
                               List<String> noiseIds, long giveUpAtMs) {
        List<String> allIds() {
            List<String> ids = new ArrayList<>();
            ids.add(mainId);
            ids.addAll(noiseIds);
            return ids;
        }
    }

    private final ReplayWatcher watcher;
    private final Consumer<ReplayedRequest> report;
    private final Deque<Pending> queue = new ArrayDeque<>();

    ReplaysInFlight(ReplayWatcher watcher, Consumer<ReplayedRequest> report) {
        this.watcher = watcher;
        this.report = report;
    }

    void add(Runs runs) {
        queue.addLast(new Pending(runs, null));
    }

    /** A selected request that was gone from the topic by the time its batch was read. */
    void addNotFound(String originalId) {
        queue.addLast(new Pending(null, ReplayedRequest.notFound(originalId)));
    }

    /** Requests not reported yet: running, or finished behind one that runs. */
    int size() {
        return queue.size();
    }

    /** Compares every request whose runs are over and reports, in order, those at the head of the queue. */
    void reportWhatIsOver() {
        long now = System.currentTimeMillis();
        for (Pending p : queue) {
            if (p.result == null && isOver(p.runs, now)) {
                p.result = compare(p.runs);
            }
        }
        while (!queue.isEmpty() && queue.peekFirst().result != null) {
            report.accept(queue.removeFirst().result);
        }
    }

    /**
     * Waits until at most {@code most} requests are unreported, reporting as they finish.
     *
     * @param eachCheck called at every check (the progress bar)
     * @throws ReplayException when the watcher of the events died
     */
    void awaitAtMost(int most, Runnable eachCheck) throws InterruptedException {
        while (true) {
            watcher.checkHealthy();
            reportWhatIsOver();
            eachCheck.run();
            if (queue.size() <= most) {
                return;
            }
            Thread.sleep(CHECK_EVERY.toMillis());
        }
    }

    private boolean isOver(Runs runs, long now) {
        return now >= runs.giveUpAtMs() || runs.allIds().stream().allMatch(watcher::isFinished);
    }

    private ReplayedRequest compare(Runs runs) {
        List<String> unfinished = runs.allIds().stream().filter(id -> !watcher.isFinished(id)).toList();
        if (!unfinished.isEmpty()) {
            log.warn("replay of {}: {} of {} runs did not finish by their deadline", runs.originalId(),
                    unfinished.size(), runs.allIds().size());
        }
        RunRecord current = watcher.run(runs.mainId());
        List<RunRecord> noise = runs.noiseIds().stream().map(watcher::run).toList();
        runs.allIds().forEach(watcher::forget);
        return new ReplayedRequest(runs.originalId(), runs.question(), runs.chatId(), runs.mainId(), runs.original(),
                current, RunComparison.compare(runs.original(), current, noise));
    }
}
