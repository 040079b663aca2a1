package barb.gateway;

import barb.core.Config;

import java.util.Locale;
import java.util.Map;
import java.util.regex.Pattern;

/**
 * Who may call the API. Environment: BARB_SUPABASE_JWT_SECRET and/or BARB_SUPABASE_URL switch Supabase sign-in on;
 * BARB_AUTH=dev asks for dev mode (every request is BARB_DEV_USER_ID); with none of them the gateway runs in dev
 * mode, which {@link GatewayConfig} allows on a loopback address only. BARB_SUPABASE_ANON_KEY is what the chat page
 * needs to sign people in at the project.
 *
 * @param kind        Supabase tokens or the one dev user
 * @param jwtSecret   the project's legacy JWT secret (HS256), or null
 * @param supabaseUrl the project URL without a trailing slash (JWKS and issuer), or null
 * @param anonKey     the project's anon (publishable) key, or null: the chat page sends it to Supabase Auth as
 *                    {@code apikey}. It is public by design (it only identifies the project), so it is served in
 *                    {@code /config.json}; the gateway itself never uses it
 * @param explicit    whether dev mode was asked for (BARB_AUTH=dev) rather than fallen into
 */
public record AuthMode(Kind kind, String jwtSecret, String supabaseUrl, String anonKey, boolean explicit) {
    /** Legacy anon keys are JWTs (a few hundred characters), new ones {@code sb_publishable_…}. */
    private static final Pattern ANON_KEY = Pattern.compile("[A-Za-z0-9._-]{1,4096}");

    public enum Kind { SUPABASE, DEV }

    public AuthMode {
        if (kind == Kind.SUPABASE && jwtSecret == null && supabaseUrl == null) {
            throw new IllegalArgumentException(
                    "BARB_AUTH=supabase needs BARB_SUPABASE_JWT_SECRET or BARB_SUPABASE_URL");
        }
        if (kind == Kind.DEV && (jwtSecret != null || supabaseUrl != null)) {
            throw new IllegalArgumentException("BARB_AUTH=dev and BARB_SUPABASE_JWT_SECRET/BARB_SUPABASE_URL are "
                    + "both set: unset BARB_AUTH to sign users in, or unset the Supabase settings for dev mode");
        }
        if (anonKey != null) {
            if (supabaseUrl == null) {
                // The key names a project only together with its URL; alone it is a mistake worth stopping for.
                throw new IllegalArgumentException("BARB_SUPABASE_ANON_KEY is set but BARB_SUPABASE_URL is not: the "
                        + "chat page signs people in at the project's URL");
            }
            if (!ANON_KEY.matcher(anonKey).matches()) {
                throw new IllegalArgumentException("BARB_SUPABASE_ANON_KEY must be the project's anon or publishable "
                        + "key (letters, digits, '.', '_' and '-' only)");
            }
        }
    }

    static AuthMode fromEnv(Map<String, String> env) {
        String secret = Config.string(env, "BARB_SUPABASE_JWT_SECRET", null);
        String url = supabaseUrl(Config.string(env, "BARB_SUPABASE_URL", null));
        String anonKey = Config.string(env, "BARB_SUPABASE_ANON_KEY", null);
        String asked = Config.string(env, "BARB_AUTH", null);
        if (asked == null) {
            boolean configured = secret != null || url != null;
            return new AuthMode(configured ? Kind.SUPABASE : Kind.DEV, secret, url, anonKey, false);
        }
        return switch (asked.trim().toLowerCase(Locale.ROOT)) {
            case "dev" -> new AuthMode(Kind.DEV, secret, url, anonKey, true);
            case "supabase" -> new AuthMode(Kind.SUPABASE, secret, url, anonKey, true);
            default -> throw new IllegalArgumentException("BARB_AUTH must be dev or supabase, got '" + asked + "'");
        };
    }

    public static AuthMode dev() {
        return new AuthMode(Kind.DEV, null, null, null, true);
    }

    public static AuthMode supabase(String jwtSecret, String supabaseUrl) {
        return supabase(jwtSecret, supabaseUrl, null);
    }

    public static AuthMode supabase(String jwtSecret, String supabaseUrl, String anonKey) {
        return new AuthMode(Kind.SUPABASE, jwtSecret, supabaseUrl(supabaseUrl), anonKey, true);
    }

    public boolean isDev() {
        return kind == Kind.DEV;
    }

    /** Only http(s) URLs; the trailing slash goes so that the issuer compares exactly. */
    private static String supabaseUrl(String raw) {
        if (raw == null) {
            return null;
        }
        String url = raw.trim();
        while (url.endsWith("/")) {
            url = url.substring(0, url.length() - 1);
        }
        if (!url.startsWith("https://") && !url.startsWith("http://")) {
            throw new IllegalArgumentException("BARB_SUPABASE_URL must be an http(s) URL, got '" + raw + "'");
        }
        return url;
    }

    /** Never prints the secret. */
    @Override
    public String toString() {
        return "AuthMode[kind=" + kind + ", jwtSecret=" + (jwtSecret == null ? "unset" : "***") + ", supabaseUrl="
                + supabaseUrl + ", anonKey=" + (anonKey == null ? "unset" : "set") + ", explicit=" + explicit + "]";
    }
}
