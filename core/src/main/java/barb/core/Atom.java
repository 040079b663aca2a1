package barb.core;

/**
 * One thing a parsed step measures (seed 000 §2.5): {@code when} a canonical period text, {@code what} a metric
 * (or {@code days}, {@code high}/{@code low}), {@code filter} clauses joined by ", " and the bar timeframe.
 * The grammar of when and filter: docs/understanding.md "Steps".
 */
public record Atom(String when, String what, String filter, String timeframe) {
}
