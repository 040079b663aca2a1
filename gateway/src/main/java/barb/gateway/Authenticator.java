package barb.gateway;

import io.helidon.http.HeaderNames;
import io.helidon.webserver.http.ServerRequest;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/** Names the user behind an API request, or refuses it before anything else runs. */
final class Authenticator {
    private static final Logger log = LoggerFactory.getLogger(Authenticator.class);

    private final AuthMode mode;
    private final String devUserId;
    private final JwtVerifier verifier;

    Authenticator(AuthMode mode, String devUserId) {
        this.mode = mode;
        this.devUserId = devUserId;
        this.verifier = mode.isDev() ? null : new JwtVerifier(JwtVerifier.Settings.of(mode.jwtSecret(),
                mode.supabaseUrl()));
    }

    /** The canonical user id; a 401 (or 503 when the signing keys cannot be fetched) otherwise. */
    String userId(ServerRequest req) {
        if (mode.isDev()) {
            // Dev mode trusts the machine, not the caller: a page whose name was re-pointed at 127.0.0.1
            // (DNS rebinding) still says its own name in Host, and is refused.
            String host = req.headers().first(HeaderNames.HOST).orElse(null);
            if (!Loopback.isLoopbackHostHeader(host)) {
                throw new HttpError(403, "host_not_allowed",
                        "dev mode serves only requests addressed to localhost, 127.0.0.1 or [::1]");
            }
            return devUserId;
        }
        String token = Bearer.token(req.headers().first(HeaderNames.AUTHORIZATION).orElse(null));
        if (token == null) {
            throw unauthorized("an Authorization: Bearer <access token> header is required");
        }
        try {
            return verifier.verify(token).userId();
        } catch (JwtVerifier.InvalidToken e) {
            // The reason only, never the token.
            log.debug("{} {} refused: {}", req.prologue().method().text(), req.path().path(), e.getMessage());
            throw unauthorized(e.getMessage());
        } catch (JwtVerifier.KeysUnavailable e) {
            log.warn("sign-in keys could not be fetched from {}: {}", JwtVerifier.jwksUrl(mode.supabaseUrl()),
                    e.getCause() == null ? e.getMessage() : e.getCause().toString());
            throw new HttpError(503, "auth_unavailable", "the sign-in keys could not be fetched; try again shortly");
        }
    }

    static HttpError unauthorized(String message) {
        return new HttpError(401, "unauthorized", message);
    }
}
