package barb.lag;

import java.util.Collection;
import java.util.List;

/**
 * Burrow's consumer status rules, over a sliding window of committed-offset samples, with no thresholds to tune.
 * Pure: the window, the current lag and the time come in, a status goes out.
 *
 * <p>For a partition, in Burrow's order:
 * <ol>
 *   <li>no lag now, or a zero lag anywhere in the window while the consumer still commits: OK (it caught up
 *       within the window). A consumer that caught up and then stopped committing is not rescued by its old zero
 *       lag: as in Burrow, a stop is a problem even if the lag was zero at some point (a worker that died while
 *       idle must not show OK while records pile up behind it);</li>
 *   <li>a committed offset lower than the one before it: REWIND;</li>
 *   <li>the time since the last commit is longer than the window spans (last − first commit): STOP;</li>
 *   <li>the committed offset never moved over the window: STALL;</li>
 *   <li>the offset moves but the lag never went down from one sample to the next: WARN;</li>
 *   <li>otherwise OK (lag, but going down somewhere: catching up).</li>
 * </ol>
 * Rules 4 and 5 need two samples to see a movement; with a single sample they say nothing (OK), where Burrow
 * would call a single sample stalled, which made every partition flap at start-up.
 *
 * <p>A group takes the worst of its partitions, with STOP, STALL and REWIND reported as ERR.
 */
public final class LagStatusEvaluator {
    private LagStatusEvaluator() {
    }

    /**
     * @param window     the partition's samples, oldest first
     * @param currentLag the lag now
     * @param nowMs      the time now, in the samples' clock
     */
    public static LagStatus partitionStatus(List<OffsetSample> window, long currentLag, long nowMs) {
        if (currentLag <= 0 || window.isEmpty()) {
            return LagStatus.OK;
        }
        if (lagWasZeroSomewhere(window) && !stoppedCommitting(window, nowMs)) {
            return LagStatus.OK;
        }
        if (offsetWentBack(window)) {
            return LagStatus.REWIND;
        }
        if (stoppedCommitting(window, nowMs)) {
            return LagStatus.STOP;
        }
        if (window.size() < 2) {
            return LagStatus.OK;
        }
        if (offsetNeverMoved(window)) {
            return LagStatus.STALL;
        }
        if (lagNeverWentDown(window)) {
            return LagStatus.WARN;
        }
        return LagStatus.OK;
    }

    /** The worst partition status; STOP, STALL and REWIND make the group ERR. No partitions: OK. */
    public static LagStatus groupStatus(Collection<LagStatus> partitionStatuses) {
        LagStatus worst = LagStatus.OK;
        for (LagStatus s : partitionStatuses) {
            if (s.isError()) {
                return LagStatus.ERR;
            }
            if (s == LagStatus.WARN) {
                worst = LagStatus.WARN;
            }
        }
        return worst;
    }

    private static boolean lagWasZeroSomewhere(List<OffsetSample> window) {
        for (OffsetSample s : window) {
            if (s.lag() <= 0) {
                return true;
            }
        }
        return false;
    }

    private static boolean offsetWentBack(List<OffsetSample> window) {
        for (int i = 1; i < window.size(); i++) {
            if (window.get(i).offset() < window.get(i - 1).offset()) {
                return true;
            }
        }
        return false;
    }

    /** Burrow's rule: a consumer that commits is as far from its last commit as its commits are from each other. */
    private static boolean stoppedCommitting(List<OffsetSample> window, long nowMs) {
        long first = window.getFirst().timestampMs();
        long last = window.getLast().timestampMs();
        return nowMs - last > last - first;
    }

    private static boolean offsetNeverMoved(List<OffsetSample> window) {
        long offset = window.getFirst().offset();
        for (OffsetSample s : window) {
            if (s.offset() != offset) {
                return false;
            }
        }
        return true;
    }

    private static boolean lagNeverWentDown(List<OffsetSample> window) {
        for (int i = 1; i < window.size(); i++) {
            if (window.get(i).lag() < window.get(i - 1).lag()) {
                return false;
            }
        }
        return true;
    }
}
