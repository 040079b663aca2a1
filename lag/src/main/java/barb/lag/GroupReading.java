package barb.lag;

import java.util.List;

/**
 * What one refresh read about one group as a whole.
 *
 * @param topics  the topics the group consumes, in the order reports list them
 * @param state   the broker's group state (STABLE, EMPTY, RECONCILING, DEAD, …; UNKNOWN when it could not be read)
 * @param members live members of the group
 */
public record GroupReading(String group, List<String> topics, String state, int members) {
    public GroupReading {
        topics = List.copyOf(topics);
    }
}
