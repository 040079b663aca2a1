package barb.gateway;

import barb.lag.GroupLag;
import barb.lag.LagSnapshot;
import barb.lag.LagStatus;

import java.time.Duration;
import java.time.Instant;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.List;
import java.util.function.Consumer;

/**
 * The last minutes of the lag monitor's readings, one point per reading, for the ops page's chart: the lag
 * monitor itself keeps only its latest snapshot.
 */
final class LagHistory implements Consumer<LagSnapshot> {
    /**
     * One reading of every group together.
     *
     * @param sumLag        records waiting over every group
     * @param maxLagSeconds the oldest waiting record's age over every group; null when none could be read
     * @param groupsNotOk   groups whose status is not OK
     */
    record Point(Instant at, long sumLag, Double maxLagSeconds, int groupsNotOk) {
    }

    /** How far back the chart reaches. */
    static final Duration SPAN = Duration.ofMinutes(15);
    /** A bound on memory whatever the monitor's interval: 15 minutes of readings 1 s apart. */
    private static final int MAX_POINTS = 900;

    private final Deque<Point> points = new ArrayDeque<>();

    @Override
    public synchronized void accept(LagSnapshot snapshot) {
        points.addLast(pointOf(snapshot));
        Instant oldest = snapshot.sampledAt().minus(SPAN);
        while (!points.isEmpty() && (points.size() > MAX_POINTS || points.peekFirst().at().isBefore(oldest))) {
            points.removeFirst();
        }
    }

    synchronized List<Point> points() {
        return new ArrayList<>(points);
    }

    static Point pointOf(LagSnapshot snapshot) {
        long sumLag = 0;
        Double maxLagSeconds = null;
        int notOk = 0;
        for (GroupLag g : snapshot.groups()) {
            sumLag += g.sumLag();
            if (g.maxLagSeconds() != null && (maxLagSeconds == null || g.maxLagSeconds() > maxLagSeconds)) {
                maxLagSeconds = g.maxLagSeconds();
            }
            if (g.status() != LagStatus.OK) {
                notOk++;
            }
        }
        return new Point(snapshot.sampledAt(), sumLag, maxLagSeconds, notOk);
    }
}
