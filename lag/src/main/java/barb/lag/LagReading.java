package barb.lag;

import java.util.List;

/**
 * Everything one refresh read, and what reading it cost.
 *
 * @param sampledAtMs    when the reading was taken (the clock of the time lag and of the windows)
 * @param readMs         how long the reading took
 * @param adminCalls     AdminClient API calls made (each may become several broker requests)
 * @param recordFetches  polls of the timestamp consumer (0 when every timestamp was already known)
 */
public record LagReading(long sampledAtMs, long readMs, int adminCalls, int recordFetches, List<GroupReading> groups,
                         List<PartitionReading> partitions) {
    public LagReading {
        groups = List.copyOf(groups);
        partitions = List.copyOf(partitions);
    }
}
