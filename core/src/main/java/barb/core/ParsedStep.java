package barb.core;

import com.fasterxml.jackson.databind.node.ObjectNode;

import java.util.List;

/**
 * One step of a parsed question (seed 000 §2.5): an operation over one or more atoms, and its params
 * (n, sort, aggregate, group_by, extreme, bucket, offset, offsets, outcome, bins, percentiles, min_length).
 */
public record ParsedStep(String id, String operation, List<Atom> atoms, ObjectNode params) {
    public ParsedStep {
        atoms = atoms == null ? List.of() : List.copyOf(atoms);
        params = params == null ? Json.object() : params.deepCopy();
    }

    @Override
    public ObjectNode params() {
        return params.deepCopy();
    }

    /** Throws {@link ContractException} naming the first field that breaks the contract. */
    public ParsedStep validated(int index) {
        String path = "steps[" + index + "]";
        if (id == null || id.isBlank()) {
            throw new ContractException(path + ".id is empty");
        }
        if (operation == null || operation.isBlank()) {
            throw new ContractException(path + ".operation is empty");
        }
        if (atoms.isEmpty()) {
            throw new ContractException(path + ".atoms is empty");
        }
        for (int i = 0; i < atoms.size(); i++) {
            Atom a = atoms.get(i);
            if (a == null) {
                throw new ContractException(path + ".atoms[" + i + "] is null");
            }
            if (a.what() == null || a.what().isBlank()) {
                throw new ContractException(path + ".atoms[" + i + "].what is empty");
            }
        }
        return this;
    }
}
