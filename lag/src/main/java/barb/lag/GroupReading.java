package barb.lag;

/**
 * What one refresh read about one group as a whole.
 *
 * @param state   the broker's group state (STABLE, EMPTY, RECONCILING, DEAD, …; UNKNOWN when it could not be read)
 * @param members live members of the group
 */
public record GroupReading(String group, String topic, String state, int members) {
}
