package barb.executor;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;

/**
 * A statement being written: text and the values of its {@code ?} placeholders, kept in the order they appear so
 * the two can never drift apart. Text comes only from the compiler's own constants and whitelisted names.
 */
final class SqlText {
    private final StringBuilder text = new StringBuilder();
    private final List<Object> params = new ArrayList<>();

    SqlText add(String sql) {
        text.append(sql);
        return this;
    }

    /** Appends one placeholder bound to {@code value}. */
    SqlText param(Object value) {
        text.append('?');
        params.add(value);
        return this;
    }

    SqlText add(PlanCompiler.Sql fragment) {
        text.append(fragment.text());
        params.addAll(fragment.params());
        return this;
    }

    boolean isEmpty() {
        return text.isEmpty();
    }

    PlanCompiler.Sql sql() {
        // Not List.copyOf: an open period end is a null parameter.
        return new PlanCompiler.Sql(text.toString(), Collections.unmodifiableList(new ArrayList<>(params)));
    }
}
