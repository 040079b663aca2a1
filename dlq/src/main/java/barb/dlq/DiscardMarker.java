package barb.dlq;

/**
 * What the dead-letter topic holds after an operator discarded a dead letter: a small record naming it, with why
 * and by whom. Like a re-drive marker, it is another record rather than a deletion (the topic is an append-only
 * log): the dead letter stays readable until retention removes it, and readers list it as discarded.
 *
 * @param deadLetterOffset the discarded dead letter's offset
 * @param reason           why, as the operator wrote it
 * @param by               who discarded it
 * @param atMs             when
 * @param audit            where the audit copy of the whole record was written ({@code host:path}), or null
 */
public record DiscardMarker(long deadLetterOffset, String reason, String by, long atMs, String audit) {
}
