package barb.core;

import java.util.Locale;
import java.util.Optional;

/**
 * What a plan computes: the {@code operation} field of {@link Plan} (docs/plan-schema.md). One vocabulary for
 * the planner, the validators, the wording and the executor; a plan carries the lower-case name.
 */
public enum Operation {
    LIST, COUNT, AGGREGATE, GROUP, DISTRIBUTION, PROBABILITY, STREAK, CORRELATION, FORMATION, AROUND, COMPARE,
    TOP_N, SNAPSHOT, GAP_FILL;

    /** The name a plan carries, e.g. {@code top_n}. */
    public String wireName() {
        return name().toLowerCase(Locale.ROOT);
    }

    /** The operation a plan names (case and surrounding blanks ignored), or empty for anything else. */
    public static Optional<Operation> parse(String value) {
        if (value == null || value.isBlank()) {
            return Optional.empty();
        }
        String wanted = value.trim().toUpperCase(Locale.ROOT);
        for (Operation op : values()) {
            if (op.name().equals(wanted)) {
                return Optional.of(op);
            }
        }
        return Optional.empty();
    }

    /** True when {@code value} names this operation. */
    public boolean is(String value) {
        return parse(value).orElse(null) == this;
    }
}
