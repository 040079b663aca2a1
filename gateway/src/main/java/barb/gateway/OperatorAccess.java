package barb.gateway;

import java.net.SocketAddress;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;

/**
 * Who may read the operator endpoints ({@code /metrics}, {@code /lag}, {@code /ops/*}): they show every user's
 * request ids, questions' timings and traces, so they are not for signed-in users.
 *
 * <p>With BARB_OPERATOR_TOKEN set, every operator request needs {@code Authorization: Bearer <that token>},
 * wherever it comes from (a reverse proxy on the same host makes every client look local, so the address alone
 * cannot be trusted once a token exists). Without it, only clients on this machine are served, and only when they
 * name it by a loopback name (see {@link Loopback#isLoopbackHostHeader}).
 */
final class OperatorAccess {
    /** The answer for one request. */
    enum Decision { ALLOWED, NEEDS_TOKEN, LOCAL_ONLY }

    static final int MIN_TOKEN_CHARS = 16;

    private final byte[] token;

    OperatorAccess(String token) {
        if (token != null && token.length() < MIN_TOKEN_CHARS) {
            throw new IllegalArgumentException("BARB_OPERATOR_TOKEN must be at least " + MIN_TOKEN_CHARS
                    + " characters long");
        }
        this.token = token == null ? null : token.getBytes(StandardCharsets.UTF_8);
    }

    Decision decide(SocketAddress peer, String hostHeader, String authorization) {
        if (token != null) {
            String given = Bearer.token(authorization);
            // Constant time, so the token cannot be guessed byte by byte from response times.
            boolean ok = given != null && MessageDigest.isEqual(token, given.getBytes(StandardCharsets.UTF_8));
            return ok ? Decision.ALLOWED : Decision.NEEDS_TOKEN;
        }
        boolean local = Loopback.isLoopbackPeer(peer) && Loopback.isLoopbackHostHeader(hostHeader);
        return local ? Decision.ALLOWED : Decision.LOCAL_ONLY;
    }

    boolean tokenConfigured() {
        return token != null;
    }
}
