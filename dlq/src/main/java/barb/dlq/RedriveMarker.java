package barb.dlq;

/**
 * What the dead-letter topic holds after a re-drive: a small record saying which dead letter went where. The topic
 * is an append-only log, so "this one is done" is another record rather than a deletion; readers drop the dead
 * letter it names.
 *
 * @param deadLetterOffset the re-driven dead letter's offset
 * @param to               {@code topic/partition/offset} of the re-published record
 * @param atMs             when it was re-driven
 */
public record RedriveMarker(long deadLetterOffset, String to, long atMs) {
}
