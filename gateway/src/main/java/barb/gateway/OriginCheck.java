package barb.gateway;

import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;

/**
 * Which web pages may send the gateway state-changing requests. A browser names the page in {@code Origin} on
 * every cross-site POST (and on same-site ones in current browsers); a request from another site is refused, so
 * a page the user happens to visit cannot drive the API with the user's session. Clients that are not browsers
 * (curl, {@code barb ask}) send no Origin and are not affected.
 */
final class OriginCheck {
    private final Set<String> allowed;

    private OriginCheck(Set<String> allowed) {
        this.allowed = Set.copyOf(allowed);
    }

    /**
     * @param configured BARB_ALLOWED_ORIGINS; empty means the gateway's own origin: http://localhost:PORT,
     *                   http://127.0.0.1:PORT, http://[::1]:PORT, and http://HOST:PORT for a named listen host
     */
    static OriginCheck of(List<String> configured, String host, int port) {
        Set<String> origins = new LinkedHashSet<>();
        if (configured.isEmpty()) {
            origins.add("http://localhost:" + port);
            origins.add("http://127.0.0.1:" + port);
            origins.add("http://[::1]:" + port);
            if (!host.equals("0.0.0.0") && !host.equals("::")) {
                origins.add("http://" + host.toLowerCase(Locale.ROOT) + ":" + port);
            }
        } else {
            configured.forEach(o -> origins.add(normalise(o)));
        }
        return new OriginCheck(origins);
    }

    /** Null (no Origin header) passes: only browsers send it, and a browser always does on a cross-site POST. */
    boolean allows(String origin) {
        return origin == null || allowed.contains(normalise(origin));
    }

    Set<String> allowed() {
        return allowed;
    }

    private static String normalise(String origin) {
        String o = origin.trim().toLowerCase(Locale.ROOT);
        return o.endsWith("/") ? o.substring(0, o.length() - 1) : o;
    }

    /** BARB_ALLOWED_ORIGINS: comma-separated origins such as https://barb.example.com (scheme, host, port). */
    static List<String> parse(String raw) {
        if (raw == null || raw.isBlank()) {
            return List.of();
        }
        List<String> out = new java.util.ArrayList<>();
        for (String part : raw.split(",")) {
            String o = part.trim();
            if (o.isEmpty()) {
                continue;
            }
            if (!o.matches("https?://[^/\\s]+/?")) {
                throw new IllegalArgumentException("BARB_ALLOWED_ORIGINS: '" + o
                        + "' is not an origin (scheme://host[:port], no path)");
            }
            out.add(o);
        }
        return List.copyOf(out);
    }
}
