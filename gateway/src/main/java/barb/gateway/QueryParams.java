package barb.gateway;

import io.helidon.webserver.http.ServerRequest;

/** Query parameters checked with a clear 400 naming the parameter. */
final class QueryParams {
    private QueryParams() {
    }

    /** A whole-number query parameter between {@code min} and {@code max}; absent means the default, else a 400. */
    static int intParam(ServerRequest req, String name, int defaultValue, int min, int max) {
        String raw = req.query().first(name).orElse(null);
        if (raw == null || raw.isBlank()) {
            return defaultValue;
        }
        try {
            int v = Integer.parseInt(raw.trim());
            if (v >= min && v <= max) {
                return v;
            }
        } catch (NumberFormatException e) {
            // falls through to the error below
        }
        throw HttpError.badRequest(name + ": must be a whole number between " + min + " and " + max);
    }

    /** A query parameter that must be one of {@code allowed}; absent means the first of them. */
    static String oneOf(ServerRequest req, String name, String... allowed) {
        String raw = req.query().first(name).orElse(null);
        if (raw == null || raw.isBlank()) {
            return allowed[0];
        }
        for (String a : allowed) {
            if (a.equals(raw.trim())) {
                return a;
            }
        }
        throw HttpError.badRequest(name + ": must be one of " + String.join(", ", allowed));
    }
}
