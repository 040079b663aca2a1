package barb.core;

import java.util.List;

/**
 * One thing the understander needs to know (seed 004): {@code field} (goal, session, ambiguous_term,
 * missing_critical, period, metric, compare_groups …), why, and suggested answers, all in English.
 */
public record ClarificationItem(String field, String reason, List<String> options) {
    public ClarificationItem {
        options = options == null ? List.of() : List.copyOf(options);
    }

    ClarificationItem validated(String path) {
        if (field == null || field.isBlank()) {
            throw new ContractException(path + ".field is empty");
        }
        if (reason == null || reason.isBlank()) {
            throw new ContractException(path + ".reason is empty");
        }
        return this;
    }
}
