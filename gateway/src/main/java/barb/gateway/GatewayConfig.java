package barb.gateway;

import barb.core.Config;

import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.UUID;

/**
 * How the gateway serves. Environment: BARB_HTTP_HOST (127.0.0.1), BARB_HTTP_PORT (8080; 0 = a free port),
 * BARB_REQUEST_TIMEOUT_SECONDS (60), BARB_REQUEST_GRACE_SECONDS (5), BARB_MAX_MESSAGE_CHARS (4000),
 * BARB_DEV_USER_ID (00000000-0000-0000-0000-000000000001), the sign-in settings of {@link AuthMode},
 * BARB_ALLOWED_ORIGINS (the gateway's own origin), BARB_OPERATOR_TOKEN (unset: operator endpoints for local
 * clients only; see {@link OperatorAccess}), BARB_SSE_HEARTBEAT_SECONDS (15) and the per-user limits of
 * {@link UserLimitSettings}.
 *
 * @param requestTimeout how long the pipeline has for one request (the envelope's deadline)
 * @param grace          how long past the deadline the gateway still waits for the done event
 * @param devUserId      the user every request runs as in dev mode
 * @param auth           Supabase sign-in or dev mode; dev mode only on a loopback listen address
 * @param allowedOrigins the web origins allowed to send non-GET requests; empty = the gateway's own
 * @param operatorToken  the bearer token operator endpoints require, or null for local clients only
 * @param heartbeat      how long an SSE stream may stay silent before it gets a {@code : heartbeat} comment (which
 *                       keeps proxies from closing it and shows whether the client is still there)
 * @param limits         how much one user may ask
 */
public record GatewayConfig(String host, int port, Duration requestTimeout, Duration grace, int maxMessageChars,
                            String devUserId, AuthMode auth, List<String> allowedOrigins, String operatorToken,
                            Duration heartbeat, UserLimitSettings limits) {

    public static final String DEFAULT_DEV_USER_ID = "00000000-0000-0000-0000-000000000001";
    /** Largest request body accepted; bigger ones get 413. */
    public static final int MAX_BODY_BYTES = 64 * 1024;

    public GatewayConfig {
        if (host == null || host.isBlank()) {
            throw new IllegalArgumentException("BARB_HTTP_HOST must not be blank");
        }
        if (port < 0 || port > 65_535) {
            throw new IllegalArgumentException("BARB_HTTP_PORT must be between 0 and 65535, got " + port);
        }
        if (requestTimeout == null || requestTimeout.isNegative() || requestTimeout.isZero()) {
            throw new IllegalArgumentException("BARB_REQUEST_TIMEOUT_SECONDS must be positive");
        }
        if (grace == null || grace.isNegative()) {
            throw new IllegalArgumentException("BARB_REQUEST_GRACE_SECONDS must not be negative");
        }
        if (maxMessageChars < 1) {
            throw new IllegalArgumentException("BARB_MAX_MESSAGE_CHARS must be positive, got " + maxMessageChars);
        }
        devUserId = canonicalUuid(devUserId, "BARB_DEV_USER_ID");
        if (auth == null) {
            throw new IllegalArgumentException("auth mode missing");
        }
        if (auth.isDev() && !Loopback.isLoopbackHost(host)) {
            // Dev mode makes everyone the dev user: on an address other machines reach, that is everyone's chats.
            throw new IllegalArgumentException("refusing to start: dev mode (no sign-in) on BARB_HTTP_HOST=" + host
                    + ", which is not a loopback address. Set BARB_SUPABASE_JWT_SECRET and/or BARB_SUPABASE_URL to "
                    + "sign users in, or listen on 127.0.0.1");
        }
        allowedOrigins = allowedOrigins == null ? List.of() : List.copyOf(allowedOrigins);
        new OperatorAccess(operatorToken); // checks its length
        if (heartbeat == null || heartbeat.isNegative() || heartbeat.isZero()) {
            throw new IllegalArgumentException("BARB_SSE_HEARTBEAT_SECONDS must be positive");
        }
        limits = limits == null ? UserLimitSettings.OFF : limits;
    }

    public static GatewayConfig fromEnv(Map<String, String> env) {
        AuthMode auth = AuthMode.fromEnv(env);
        return new GatewayConfig(
                Config.string(env, "BARB_HTTP_HOST", "127.0.0.1"),
                Config.intValue(env, "BARB_HTTP_PORT", 8080, 0, 65_535),
                Duration.ofSeconds(Config.intValue(env, "BARB_REQUEST_TIMEOUT_SECONDS", 60, 1, 3600)),
                Duration.ofSeconds(Config.intValue(env, "BARB_REQUEST_GRACE_SECONDS", 5, 0, 600)),
                Config.intValue(env, "BARB_MAX_MESSAGE_CHARS", 4000, 1, 100_000),
                Config.string(env, "BARB_DEV_USER_ID", DEFAULT_DEV_USER_ID),
                auth,
                OriginCheck.parse(env.get("BARB_ALLOWED_ORIGINS")),
                Config.string(env, "BARB_OPERATOR_TOKEN", null),
                Duration.ofSeconds(Config.intValue(env, "BARB_SSE_HEARTBEAT_SECONDS", 15, 1, 300)),
                UserLimitSettings.fromEnv(env, auth.isDev()));
    }

    /** Defaults, on a free port of the loopback interface. */
    public static GatewayConfig defaults() {
        return fromEnv(Map.of("BARB_HTTP_PORT", "0"));
    }

    public GatewayConfig withRequestTimeout(Duration timeout, Duration newGrace) {
        return new GatewayConfig(host, port, timeout, newGrace, maxMessageChars, devUserId, auth, allowedOrigins,
                operatorToken, heartbeat, limits);
    }

    public GatewayConfig withAuth(AuthMode newAuth) {
        return new GatewayConfig(host, port, requestTimeout, grace, maxMessageChars, devUserId, newAuth,
                allowedOrigins, operatorToken, heartbeat, limits);
    }

    public GatewayConfig withOperatorToken(String token) {
        return new GatewayConfig(host, port, requestTimeout, grace, maxMessageChars, devUserId, auth, allowedOrigins,
                token, heartbeat, limits);
    }

    public GatewayConfig withLimits(UserLimitSettings newLimits) {
        return new GatewayConfig(host, port, requestTimeout, grace, maxMessageChars, devUserId, auth, allowedOrigins,
                operatorToken, heartbeat, newLimits);
    }

    public GatewayConfig withHeartbeat(Duration newHeartbeat) {
        return new GatewayConfig(host, port, requestTimeout, grace, maxMessageChars, devUserId, auth, allowedOrigins,
                operatorToken, newHeartbeat, limits);
    }

    /** Never prints the secrets. */
    @Override
    public String toString() {
        return "GatewayConfig[host=" + host + ", port=" + port + ", requestTimeout=" + requestTimeout + ", grace="
                + grace + ", maxMessageChars=" + maxMessageChars + ", devUserId=" + devUserId + ", auth=" + auth
                + ", allowedOrigins=" + allowedOrigins + ", operatorToken=" + (operatorToken == null ? "unset" : "***")
                + ", heartbeat=" + heartbeat + ", limits=" + limits + "]";
    }

    private static String canonicalUuid(String value, String name) {
        if (value == null) {
            throw new IllegalArgumentException(name + " must be a UUID");
        }
        try {
            return UUID.fromString(value.trim()).toString();
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException(name + " must be a UUID, got '" + value + "'");
        }
    }
}
