package barb.gateway;

import com.nimbusds.jose.JOSEException;
import com.nimbusds.jose.JWSAlgorithm;
import com.nimbusds.jose.JWSHeader;
import com.nimbusds.jose.JWSSigner;
import com.nimbusds.jose.crypto.ECDSASigner;
import com.nimbusds.jose.crypto.MACSigner;
import com.nimbusds.jose.crypto.RSASSASigner;
import com.nimbusds.jose.jwk.ECKey;
import com.nimbusds.jose.jwk.RSAKey;
import com.nimbusds.jwt.JWTClaimsSet;
import com.nimbusds.jwt.SignedJWT;

import java.time.Duration;
import java.time.Instant;
import java.util.Date;

/** Supabase-shaped access tokens for tests. */
final class TestTokens {
    static final String SECRET = "test-secret-that-is-long-enough-for-hs256-0123456789";

    private TestTokens() {
    }

    /** The claims Supabase puts in a signed-in user's access token. */
    static JWTClaimsSet.Builder claims(String userId, String issuer) {
        Instant now = Instant.now();
        JWTClaimsSet.Builder b = new JWTClaimsSet.Builder()
                .subject(userId)
                .audience("authenticated")
                .claim("role", "authenticated")
                .issueTime(Date.from(now))
                .expirationTime(Date.from(now.plus(Duration.ofHours(1))));
        return issuer == null ? b : b.issuer(issuer);
    }

    static String hs256(String userId) {
        return hs256(claims(userId, null).build(), SECRET);
    }

    static String hs256(JWTClaimsSet claims, String secret) {
        return sign(new JWSHeader(JWSAlgorithm.HS256), claims, macSigner(secret));
    }

    static String es256(ECKey key, JWTClaimsSet claims) {
        try {
            return sign(new JWSHeader.Builder(JWSAlgorithm.ES256).keyID(key.getKeyID()).build(), claims,
                    new ECDSASigner(key));
        } catch (JOSEException e) {
            throw new IllegalStateException(e);
        }
    }

    static String rs256(RSAKey key, JWTClaimsSet claims) {
        try {
            return sign(new JWSHeader.Builder(JWSAlgorithm.RS256).keyID(key.getKeyID()).build(), claims,
                    new RSASSASigner(key));
        } catch (JOSEException e) {
            throw new IllegalStateException(e);
        }
    }

    private static JWSSigner macSigner(String secret) {
        try {
            return new MACSigner(secret);
        } catch (JOSEException e) {
            throw new IllegalStateException(e);
        }
    }

    private static String sign(JWSHeader header, JWTClaimsSet claims, JWSSigner signer) {
        try {
            SignedJWT jwt = new SignedJWT(header, claims);
            jwt.sign(signer);
            return jwt.serialize();
        } catch (JOSEException e) {
            throw new IllegalStateException(e);
        }
    }
}
