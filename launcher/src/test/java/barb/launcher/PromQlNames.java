package barb.launcher;

import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The metric names a PromQL expression reads. Not a PromQL parser: it removes what is not a metric name (strings,
 * label matchers, range selectors, {@code by (…)} and similar clauses, Grafana variables, numbers, function calls
 * and operator keywords) and keeps the identifiers left. Enough for the expressions of our dashboard and rules,
 * and checked by its own test.
 */
final class PromQlNames {
    private static final Pattern STRING = Pattern.compile("\"(?:[^\"\\\\]|\\\\.)*\"|'(?:[^'\\\\]|\\\\.)*'");
    private static final Pattern MATCHERS = Pattern.compile("\\{[^}]*}");
    private static final Pattern RANGE = Pattern.compile("\\[[^]]*]");
    private static final Pattern CLAUSE = Pattern.compile(
            "\\b(by|without|on|ignoring|group_left|group_right)\\s*\\([^)]*\\)");
    private static final Pattern VARIABLE = Pattern.compile("\\$\\{[^}]*}|\\$\\w+");
    private static final Pattern IDENTIFIER = Pattern.compile("(?<![\\w.])([a-zA-Z_:][a-zA-Z0-9_:]*)(\\s*\\()?");
    private static final Set<String> KEYWORDS = Set.of("sum", "avg", "min", "max", "count", "stddev", "stdvar",
            "topk", "bottomk", "quantile", "count_values", "group", "and", "or", "unless", "bool", "offset", "by",
            "without", "on", "ignoring", "group_left", "group_right", "inf", "nan");
    private static final Pattern LABEL_VALUES = Pattern.compile("label_values\\(\\s*([^,]+),");

    private PromQlNames() {
    }

    static Set<String> of(String expression) {
        String s = STRING.matcher(expression).replaceAll(" ");
        s = MATCHERS.matcher(s).replaceAll(" ");
        s = RANGE.matcher(s).replaceAll(" ");
        s = CLAUSE.matcher(s).replaceAll(" ");
        s = VARIABLE.matcher(s).replaceAll(" ");
        Set<String> names = new TreeSet<>();
        Matcher m = IDENTIFIER.matcher(s);
        while (m.find()) {
            String name = m.group(1);
            boolean call = m.group(2) != null;
            if (!call && !KEYWORDS.contains(name.toLowerCase(java.util.Locale.ROOT))) {
                names.add(name);
            }
        }
        return names;
    }

    /** The metric of a Grafana variable query {@code label_values(metric{…}, label)}; its label is not a metric. */
    static Set<String> ofVariableQuery(String query) {
        Matcher m = LABEL_VALUES.matcher(query);
        if (m.find()) {
            return of(m.group(1));
        }
        return of(query);
    }
}
