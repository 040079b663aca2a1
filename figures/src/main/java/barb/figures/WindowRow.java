package barb.figures;

/** One row of the window store: a key's tally in the minute starting at {@code windowStartMs}. */
public record WindowRow(long windowStartMs, String key, Tally tally) {
}
