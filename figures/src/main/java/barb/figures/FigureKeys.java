package barb.figures;

import java.util.regex.Pattern;

/**
 * The keys the topology counts under, one tally per key and minute: {@code requests} (finished requests),
 * {@code failed} (finished with an error), {@code route/<route>}, {@code stage/<agent>} (a step's duration) and
 * {@code dead_letters}. Names read from events are checked, so a malformed event cannot grow the key space.
 */
public final class FigureKeys {
    public static final String REQUESTS = "requests";
    public static final String FAILED = "failed";
    public static final String DEAD_LETTERS = "dead_letters";
    public static final String ROUTE_PREFIX = "route/";
    public static final String STAGE_PREFIX = "stage/";
    /** What a route or agent name that is not a plain lower-case word is counted as. */
    public static final String OTHER = "other";

    private static final Pattern NAME = Pattern.compile("[a-z][a-z0-9_-]{0,39}");

    private FigureKeys() {
    }

    public static String route(String route) {
        return ROUTE_PREFIX + checkedName(route);
    }

    public static String stage(String agent) {
        return STAGE_PREFIX + checkedName(agent);
    }

    /** Only stage keys carry durations; the others only count. */
    public static boolean isTimed(String key) {
        return key.startsWith(STAGE_PREFIX);
    }

    static String checkedName(String name) {
        if (name == null || !NAME.matcher(name).matches()) {
            return OTHER;
        }
        return name;
    }
}
