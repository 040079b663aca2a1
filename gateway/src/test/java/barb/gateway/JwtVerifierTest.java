package barb.gateway;

import com.nimbusds.jose.JOSEException;
import com.nimbusds.jose.jwk.Curve;
import com.nimbusds.jose.jwk.ECKey;
import com.nimbusds.jose.jwk.JWKSet;
import com.nimbusds.jose.jwk.RSAKey;
import com.nimbusds.jose.jwk.gen.ECKeyGenerator;
import com.nimbusds.jose.jwk.gen.RSAKeyGenerator;
import com.nimbusds.jose.util.Base64URL;
import com.nimbusds.jwt.JWTClaimsSet;
import com.sun.net.httpserver.HttpServer;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.Instant;
import java.util.Date;
import java.util.UUID;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReference;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** The token checks, against a shared secret and against a JWKS served by a local HTTP server. */
class JwtVerifierTest {
    private static final String USER = UUID.randomUUID().toString();

    private HttpServer jwksServer;
    private final AtomicReference<JWKSet> published = new AtomicReference<>();
    private final AtomicInteger downloads = new AtomicInteger();
    private String url;
    private ECKey ecKey;

    @BeforeEach
    void serveJwks() throws Exception {
        ecKey = new ECKeyGenerator(Curve.P_256).keyID("ec-1").generate();
        published.set(new JWKSet(ecKey.toPublicJWK()));
        jwksServer = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
        jwksServer.createContext("/auth/v1/.well-known/jwks.json", exchange -> {
            downloads.incrementAndGet();
            byte[] body = published.get().toString(true).getBytes(StandardCharsets.UTF_8);
            exchange.getResponseHeaders().add("Content-Type", "application/json");
            exchange.sendResponseHeaders(200, body.length);
            exchange.getResponseBody().write(body);
            exchange.close();
        });
        jwksServer.start();
        url = "http://127.0.0.1:" + jwksServer.getAddress().getPort();
    }

    @AfterEach
    void stopJwks() {
        jwksServer.stop(0);
    }

    private JwtVerifier hmacOnly() {
        return new JwtVerifier(JwtVerifier.Settings.of(TestTokens.SECRET, null));
    }

    private JwtVerifier jwksOnly() {
        return new JwtVerifier(new JwtVerifier.Settings(null, url, Duration.ofSeconds(30), Duration.ZERO));
    }

    private String issuer() {
        return url + "/auth/v1";
    }

    @Test
    void acceptsAnHs256TokenAndNamesItsUser() throws Exception {
        assertThat(hmacOnly().verify(TestTokens.hs256(USER)).userId()).isEqualTo(USER);
    }

    @Test
    void acceptsEs256AndRs256TokensFromTheProjectsJwks() throws Exception {
        RSAKey rsa = new RSAKeyGenerator(2048).keyID("rsa-1").generate();
        published.set(new JWKSet(java.util.List.of(ecKey.toPublicJWK(), rsa.toPublicJWK())));
        JwtVerifier verifier = jwksOnly();

        assertThat(verifier.verify(TestTokens.es256(ecKey, TestTokens.claims(USER, issuer()).build())).userId())
                .isEqualTo(USER);
        assertThat(verifier.verify(TestTokens.rs256(rsa, TestTokens.claims(USER, issuer()).build())).userId())
                .isEqualTo(USER);
        // Both keys came from one download: the set is cached.
        assertThat(downloads.get()).isEqualTo(1);
    }

    @Test
    void fetchesTheKeysAgainWhenATokenNamesARotatedKey() throws Exception {
        JwtVerifier verifier = jwksOnly();
        assertThat(verifier.verify(TestTokens.es256(ecKey, TestTokens.claims(USER, issuer()).build())).userId())
                .isEqualTo(USER);

        ECKey next = new ECKeyGenerator(Curve.P_256).keyID("ec-2").generate();
        published.set(new JWKSet(next.toPublicJWK()));

        assertThat(verifier.verify(TestTokens.es256(next, TestTokens.claims(USER, issuer()).build())).userId())
                .isEqualTo(USER);
        assertThat(downloads.get()).isEqualTo(2);
        // The retired key is gone from the set, so its tokens no longer pass.
        assertThatThrownBy(() -> verifier.verify(TestTokens.es256(ecKey, TestTokens.claims(USER, issuer()).build())))
                .isInstanceOf(JwtVerifier.InvalidToken.class);
    }

    @Test
    void refusesAnExpiredToken() {
        Instant past = Instant.now().minus(Duration.ofHours(2));
        JWTClaimsSet claims = TestTokens.claims(USER, null).issueTime(Date.from(past))
                .expirationTime(Date.from(past.plus(Duration.ofHours(1)))).build();
        assertThatThrownBy(() -> hmacOnly().verify(TestTokens.hs256(claims, TestTokens.SECRET)))
                .isInstanceOf(JwtVerifier.InvalidToken.class).hasMessage("token expired");
    }

    @Test
    void toleratesASmallClockDifferenceOnly() throws Exception {
        JWTClaimsSet justExpired = TestTokens.claims(USER, null)
                .expirationTime(Date.from(Instant.now().minusSeconds(5))).build();
        assertThat(hmacOnly().verify(TestTokens.hs256(justExpired, TestTokens.SECRET)).userId()).isEqualTo(USER);
    }

    @Test
    void refusesATokenForAnotherAudience() {
        JWTClaimsSet anon = TestTokens.claims(USER, null).audience("anon").build();
        assertThatThrownBy(() -> hmacOnly().verify(TestTokens.hs256(anon, TestTokens.SECRET)))
                .isInstanceOf(JwtVerifier.InvalidToken.class).hasMessage("token audience rejected");
    }

    @Test
    void refusesATokenFromAnotherIssuer() {
        JWTClaimsSet other = TestTokens.claims(USER, "https://other.supabase.co/auth/v1").build();
        assertThatThrownBy(() -> jwksOnly().verify(TestTokens.es256(ecKey, other)))
                .isInstanceOf(JwtVerifier.InvalidToken.class).hasMessage("token issuer rejected");
    }

    @Test
    void refusesABadSignature() {
        String wrongSecret = TestTokens.hs256(TestTokens.claims(USER, null).build(),
                "another-secret-that-is-long-enough-for-hs256-000000");
        assertThatThrownBy(() -> hmacOnly().verify(wrongSecret))
                .isInstanceOf(JwtVerifier.InvalidToken.class).hasMessage("token signature is not valid");

        String good = TestTokens.hs256(USER);
        String[] parts = good.split("\\.");
        String otherUser = TestTokens.hs256(UUID.randomUUID().toString()).split("\\.")[1];
        assertThatThrownBy(() -> hmacOnly().verify(parts[0] + "." + otherUser + "." + parts[2]))
                .isInstanceOf(JwtVerifier.InvalidToken.class).hasMessage("token signature is not valid");
    }

    @Test
    void refusesAnUnsignedToken() {
        String header = Base64URL.encode("{\"alg\":\"none\",\"typ\":\"JWT\"}").toString();
        String payload = Base64URL.encode(TestTokens.claims(USER, null).build().toString()).toString();
        assertThatThrownBy(() -> hmacOnly().verify(header + "." + payload + "."))
                .isInstanceOf(JwtVerifier.InvalidToken.class);
        assertThatThrownBy(() -> jwksOnly().verify(header + "." + payload + "."))
                .isInstanceOf(JwtVerifier.InvalidToken.class);
    }

    @Test
    void refusesAnAlgorithmThatIsNotConfigured() {
        // An HS256 token is worthless when only the JWKS is trusted (and the reverse), whatever its signature.
        assertThatThrownBy(() -> jwksOnly().verify(TestTokens.hs256(TestTokens.claims(USER, issuer()).build(),
                TestTokens.SECRET))).isInstanceOf(JwtVerifier.InvalidToken.class);
        assertThatThrownBy(() -> hmacOnly().verify(TestTokens.es256(ecKey, TestTokens.claims(USER, null).build())))
                .isInstanceOf(JwtVerifier.InvalidToken.class);
    }

    @Test
    void refusesMalformedTokens() {
        for (String junk : new String[]{"", "abc", "a.b.c", "Bearer x", "e30.e30.", "x".repeat(20_000)}) {
            assertThatThrownBy(() -> hmacOnly().verify(junk)).as(junk.length() > 20 ? "long" : junk)
                    .isInstanceOf(JwtVerifier.InvalidToken.class);
        }
        assertThatThrownBy(() -> hmacOnly().verify(null)).isInstanceOf(JwtVerifier.InvalidToken.class);
    }

    @Test
    void refusesATokenWithoutAUserId() {
        JWTClaimsSet noSub = TestTokens.claims(null, null).build();
        assertThatThrownBy(() -> hmacOnly().verify(TestTokens.hs256(noSub, TestTokens.SECRET)))
                .isInstanceOf(JwtVerifier.InvalidToken.class).hasMessage("token misses required claims");
        JWTClaimsSet notUuid = TestTokens.claims("service", null).build();
        assertThatThrownBy(() -> hmacOnly().verify(TestTokens.hs256(notUuid, TestTokens.SECRET)))
                .isInstanceOf(JwtVerifier.InvalidToken.class).hasMessage("token subject is not a user id");
    }

    @Test
    void saysTheKeysAreUnavailableWhenTheJwksCannotBeFetched() throws JOSEException {
        jwksServer.stop(0);
        assertThatThrownBy(() -> jwksOnly().verify(TestTokens.es256(ecKey, TestTokens.claims(USER, issuer()).build())))
                .isInstanceOf(JwtVerifier.KeysUnavailable.class);
    }

    @Test
    void refusesAShortSecretAndNeverPrintsIt() {
        assertThatThrownBy(() -> JwtVerifier.Settings.of("short", null))
                .isInstanceOf(IllegalArgumentException.class).hasMessageNotContaining("short");
        assertThat(JwtVerifier.Settings.of(TestTokens.SECRET, null).toString()).doesNotContain(TestTokens.SECRET);
    }
}
