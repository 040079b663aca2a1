package barb.gateway;

import com.nimbusds.jose.JOSEException;
import com.nimbusds.jose.JWSAlgorithm;
import com.nimbusds.jose.KeySourceException;
import com.nimbusds.jose.jwk.source.ImmutableSecret;
import com.nimbusds.jose.jwk.source.JWKSource;
import com.nimbusds.jose.jwk.source.JWKSourceBuilder;
import com.nimbusds.jose.proc.BadJOSEException;
import com.nimbusds.jose.proc.JWSKeySelector;
import com.nimbusds.jose.proc.JWSVerificationKeySelector;
import com.nimbusds.jose.proc.SecurityContext;
import com.nimbusds.jose.util.DefaultResourceRetriever;
import com.nimbusds.jwt.JWTClaimsSet;
import com.nimbusds.jwt.SignedJWT;
import com.nimbusds.jwt.proc.DefaultJWTClaimsVerifier;
import com.nimbusds.jwt.proc.DefaultJWTProcessor;

import java.net.MalformedURLException;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.security.Key;
import java.text.ParseException;
import java.time.Duration;
import java.util.List;
import java.util.Set;
import java.util.UUID;

/**
 * Checks a Supabase access token and names its user. Pure: no HTTP server, no database; the only outside call is
 * the JWKS download, done and cached by nimbus-jose-jwt.
 *
 * <p>Supabase signs either with the project's legacy shared secret (HS256) or with asymmetric signing keys
 * published at {@code <project url>/auth/v1/.well-known/jwks.json} (ES256 or RS256). Which algorithm a token may
 * use follows from what is configured: HS256 only with a secret, ES256/RS256 only with a URL. The key is never
 * taken from the token itself, so {@code alg: none} and algorithm-confusion tokens find no key.
 */
final class JwtVerifier {
    /** What Supabase puts in {@code aud} for a signed-in user (anon and service keys carry other values). */
    static final String AUDIENCE = "authenticated";
    private static final Set<JWSAlgorithm> ASYMMETRIC = Set.of(JWSAlgorithm.ES256, JWSAlgorithm.RS256);

    /**
     * @param hmacSecret  the legacy JWT secret, or null
     * @param supabaseUrl the project URL (https://xyz.supabase.co), or null; without a trailing slash
     * @param leeway      how far clocks may disagree when checking exp and nbf
     * @param jwksRefresh the least time between two JWKS downloads caused by unknown key ids (a flood of tokens
     *                    with made-up kids must not become a flood of downloads)
     */
    record Settings(String hmacSecret, String supabaseUrl, Duration leeway, Duration jwksRefresh) {
        static final Duration DEFAULT_LEEWAY = Duration.ofSeconds(30);
        static final Duration DEFAULT_JWKS_REFRESH = Duration.ofSeconds(30);

        Settings {
            if (hmacSecret == null && supabaseUrl == null) {
                throw new IllegalArgumentException("a JWT secret or a Supabase URL is needed to check tokens");
            }
            if (hmacSecret != null && hmacSecret.getBytes(StandardCharsets.UTF_8).length < 32) {
                // HS256 with fewer than 256 bits of key is refused by the library, and is too weak anyway.
                throw new IllegalArgumentException("BARB_SUPABASE_JWT_SECRET must be at least 32 bytes long");
            }
        }

        static Settings of(String hmacSecret, String supabaseUrl) {
            return new Settings(hmacSecret, supabaseUrl, DEFAULT_LEEWAY, DEFAULT_JWKS_REFRESH);
        }

        /** Never prints the secret. */
        @Override
        public String toString() {
            return "JwtVerifier.Settings[hmacSecret=" + (hmacSecret == null ? "unset" : "***") + ", supabaseUrl="
                    + supabaseUrl + ", leeway=" + leeway + "]";
        }
    }

    /** A token that checked out: the user it speaks for. */
    record Verified(String userId) {
    }

    /** The token is not acceptable; the message says why without repeating the token. */
    static final class InvalidToken extends Exception {
        InvalidToken(String message) {
            super(message, null, false, false);
        }
    }

    /** The signing keys could not be fetched: not the client's fault, so not a 401. */
    static final class KeysUnavailable extends Exception {
        KeysUnavailable(String message, Throwable cause) {
            super(message, cause);
        }
    }

    private static final int MAX_TOKEN_CHARS = 16 * 1024;

    private final DefaultJWTProcessor<SecurityContext> processor = new DefaultJWTProcessor<>();

    JwtVerifier(Settings settings) {
        JWSKeySelector<SecurityContext> hmac = settings.hmacSecret() == null ? null
                : new JWSVerificationKeySelector<>(JWSAlgorithm.HS256,
                        new ImmutableSecret<>(settings.hmacSecret().getBytes(StandardCharsets.UTF_8)));
        JWSKeySelector<SecurityContext> jwks = settings.supabaseUrl() == null ? null
                : new JWSVerificationKeySelector<>(ASYMMETRIC, jwkSource(jwksUrl(settings.supabaseUrl()),
                        settings.jwksRefresh()));
        processor.setJWSKeySelector((header, context) -> keysFor(header.getAlgorithm(), hmac, jwks, header, context));

        String issuer = settings.supabaseUrl() == null ? null : issuer(settings.supabaseUrl());
        JWTClaimsSet exact = issuer == null ? new JWTClaimsSet.Builder().build()
                : new JWTClaimsSet.Builder().issuer(issuer).build();
        DefaultJWTClaimsVerifier<SecurityContext> claims = new DefaultJWTClaimsVerifier<>(
                Set.of(AUDIENCE), exact, Set.of("sub", "exp"), Set.of());
        claims.setMaxClockSkew((int) settings.leeway().toSeconds());
        processor.setJWTClaimsSetVerifier(claims);
    }

    static String jwksUrl(String supabaseUrl) {
        return supabaseUrl + "/auth/v1/.well-known/jwks.json";
    }

    static String issuer(String supabaseUrl) {
        return supabaseUrl + "/auth/v1";
    }

    private static List<? extends Key> keysFor(JWSAlgorithm alg, JWSKeySelector<SecurityContext> hmac,
                                               JWSKeySelector<SecurityContext> jwks,
                                               com.nimbusds.jose.JWSHeader header, SecurityContext context)
            throws KeySourceException {
        if (JWSAlgorithm.HS256.equals(alg)) {
            return hmac == null ? List.of() : hmac.selectJWSKeys(header, context);
        }
        if (ASYMMETRIC.contains(alg)) {
            return jwks == null ? List.of() : jwks.selectJWSKeys(header, context);
        }
        return List.of();
    }

    private static JWKSource<SecurityContext> jwkSource(String url, Duration minRefresh) {
        try {
            // Cached for five minutes; a token with an unknown kid (a rotated key) triggers one re-download,
            // at most once per minRefresh.
            return JWKSourceBuilder.<SecurityContext>create(URI.create(url).toURL(),
                            new DefaultResourceRetriever(2_000, 2_000, 64 * 1024))
                    .cache(Duration.ofMinutes(5).toMillis(), Duration.ofSeconds(5).toMillis())
                    .refreshAheadCache(false)
                    .rateLimited(minRefresh.toMillis())
                    .build();
        } catch (MalformedURLException | IllegalArgumentException e) {
            throw new IllegalArgumentException("BARB_SUPABASE_URL is not a valid URL: " + e.getMessage());
        }
    }

    /** The user the token speaks for, or why it does not. */
    Verified verify(String token) throws InvalidToken, KeysUnavailable {
        if (token == null || token.isBlank()) {
            throw new InvalidToken("no token");
        }
        if (token.length() > MAX_TOKEN_CHARS) {
            throw new InvalidToken("token too long");
        }
        SignedJWT jwt;
        try {
            jwt = SignedJWT.parse(token);
        } catch (ParseException e) {
            // Also where alg "none" ends: an unsigned token is not a JWS.
            throw new InvalidToken("malformed or unsigned token");
        }
        JWTClaimsSet claims;
        try {
            claims = processor.process(jwt, null);
        } catch (KeySourceException e) {
            throw new KeysUnavailable("could not fetch the signing keys", e);
        } catch (BadJOSEException e) {
            throw new InvalidToken(reason(e));
        } catch (JOSEException e) {
            throw new InvalidToken("token could not be verified");
        }
        return new Verified(userId(claims.getSubject()));
    }

    /** Nimbus's messages name the failed check (e.g. "Expired JWT"); they never contain the token. */
    private static String reason(BadJOSEException e) {
        String m = e.getMessage();
        if (m == null) {
            return "token rejected";
        }
        if (m.contains("Expired")) {
            return "token expired";
        }
        if (m.contains("missing required claims")) {
            return "token misses required claims";
        }
        if (m.contains("aud claim")) {
            return "token audience rejected";
        }
        if (m.contains("iss claim")) {
            return "token issuer rejected";
        }
        if (m.contains("Invalid signature")) {
            return "token signature is not valid";
        }
        if (m.contains("no matching key")) {
            return "token signed with an unknown key or algorithm";
        }
        return "token rejected";
    }

    private static String userId(String sub) throws InvalidToken {
        // Supabase user ids are UUIDs; the 36-character check refuses the short forms UUID.fromString accepts.
        if (sub == null || sub.length() != 36) {
            throw new InvalidToken("token subject is not a user id");
        }
        try {
            return UUID.fromString(sub).toString();
        } catch (IllegalArgumentException e) {
            throw new InvalidToken("token subject is not a user id");
        }
    }
}
