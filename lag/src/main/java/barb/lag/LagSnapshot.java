package barb.lag;

import java.time.Instant;
import java.util.List;
import java.util.Optional;

/**
 * The lag of every watched group at one moment: what {@code GET /lag}, {@code barb lag --json} and the metrics show.
 *
 * @param readMs        how long the reading took
 * @param adminCalls    AdminClient calls the reading made
 * @param recordFetches polls of the timestamp consumer the reading made
 */
public record LagSnapshot(Instant sampledAt, long readMs, int adminCalls, int recordFetches, List<GroupLag> groups) {
    public LagSnapshot {
        groups = List.copyOf(groups);
    }

    public Optional<GroupLag> group(String groupId) {
        return groups.stream().filter(g -> g.group().equals(groupId)).findFirst();
    }
}
