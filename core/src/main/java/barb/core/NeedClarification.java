package barb.core;

import java.util.List;

/**
 * What the understander could not settle (seed 004): {@code required} items Barb cannot answer without,
 * {@code optional} ones that have a default but change the answer, and {@code context}, what was understood.
 */
public record NeedClarification(List<ClarificationItem> required, List<ClarificationItem> optional, String context) {
    public NeedClarification {
        required = required == null ? List.of() : List.copyOf(required);
        optional = optional == null ? List.of() : List.copyOf(optional);
    }

    /** Throws {@link ContractException} naming the first field that breaks the contract. */
    public NeedClarification validated(String path) {
        if (required.isEmpty() && optional.isEmpty()) {
            throw new ContractException(path + ": neither required nor optional names anything to clarify");
        }
        for (int i = 0; i < required.size(); i++) {
            required.get(i).validated(path + ".required[" + i + "]");
        }
        for (int i = 0; i < optional.size(); i++) {
            optional.get(i).validated(path + ".optional[" + i + "]");
        }
        return this;
    }

    /** The first item to ask about: required ones come first (seed 004 priority). */
    public ClarificationItem first() {
        return required.isEmpty() ? optional.get(0) : required.get(0);
    }
}
