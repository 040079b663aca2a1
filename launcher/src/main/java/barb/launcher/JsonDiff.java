package barb.launcher;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.MissingNode;

import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

/**
 * The differences between two JSON trees, each as the path of the value that differs and its two values, e.g.
 * {@code [0].sort: "desc" → "asc"}. Numbers are compared by value (2 equals 2.0).
 */
final class JsonDiff {
    /**
     * @param path where in the tree, {@code [0].summary.value}; empty for the whole tree
     * @param was  the old value as JSON text, {@code (absent)} when it was not there
     * @param now  the new value as JSON text, {@code (absent)} when it is not there
     */
    record Change(String path, String was, String now) {
        @Override
        public String toString() {
            return (path.isEmpty() ? "(whole)" : path) + ": " + was + " → " + now;
        }
    }

    private static final String ABSENT = "(absent)";

    private JsonDiff() {
    }

    static List<Change> between(JsonNode was, JsonNode now) {
        List<Change> out = new ArrayList<>();
        walk("", orMissing(was), orMissing(now), out);
        return out;
    }

    static boolean same(JsonNode was, JsonNode now) {
        return between(was, now).isEmpty();
    }

    private static JsonNode orMissing(JsonNode node) {
        return node == null || node.isNull() ? MissingNode.getInstance() : node;
    }

    private static void walk(String path, JsonNode was, JsonNode now, List<Change> out) {
        if (was.isNumber() && now.isNumber()) {
            if (was.decimalValue().compareTo(now.decimalValue()) != 0) {
                out.add(new Change(path, was.toString(), now.toString()));
            }
            return;
        }
        if (was.isObject() && now.isObject()) {
            Set<String> names = new LinkedHashSet<>();
            was.fieldNames().forEachRemaining(names::add);
            now.fieldNames().forEachRemaining(names::add);
            for (String name : names) {
                walk(path.isEmpty() ? name : path + "." + name, field(was, name), field(now, name), out);
            }
            return;
        }
        if (was.isArray() && now.isArray()) {
            int n = Math.max(was.size(), now.size());
            for (int i = 0; i < n; i++) {
                walk(path + "[" + i + "]", element(was, i), element(now, i), out);
            }
            return;
        }
        if (!was.equals(now)) {
            out.add(new Change(path, text(was), text(now)));
        }
    }

    private static JsonNode field(JsonNode node, String name) {
        JsonNode v = node.get(name);
        return v == null || v.isNull() ? MissingNode.getInstance() : v;
    }

    private static JsonNode element(JsonNode node, int i) {
        return i < node.size() && !node.get(i).isNull() ? node.get(i) : MissingNode.getInstance();
    }

    private static String text(JsonNode node) {
        return node.isMissingNode() ? ABSENT : node.toString();
    }

    /** Keeps a long list readable: its first {@code max} entries. */
    static List<Change> firstOf(List<Change> changes, int max) {
        return changes.size() <= max ? changes : changes.subList(0, max);
    }
}
