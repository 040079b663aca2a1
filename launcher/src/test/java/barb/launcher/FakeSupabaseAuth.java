package barb.launcher;

import barb.core.Json;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.nimbusds.jose.JOSEException;
import com.nimbusds.jose.JWSAlgorithm;
import com.nimbusds.jose.JWSHeader;
import com.nimbusds.jose.crypto.MACSigner;
import com.nimbusds.jwt.JWTClaimsSet;
import com.nimbusds.jwt.SignedJWT;
import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;

import java.io.IOException;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.Instant;
import java.util.Date;
import java.util.List;
import java.util.UUID;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * Supabase Auth's password and refresh-token grants as the chat page calls them
 * ({@code POST /auth/v1/token?grant_type=…} with the project's {@code apikey}, answered with a session), for one
 * user, with the CORS answers a browser needs to call it from the gateway's page. Access tokens are HS256 with
 * the project's JWT secret, as a Supabase project with the legacy secret issues them.
 */
final class FakeSupabaseAuth implements AutoCloseable {
    static final String JWT_SECRET = "chat-page-test-secret-long-enough-for-hs256-0123456789";
    static final String ANON_KEY = "test-anon-key.for-the-chat-page";

    /** One call the page made: the grant, the apikey it sent, the JSON body. */
    record Call(String grantType, String apiKey, JsonNode body) {
    }

    final String userId = UUID.randomUUID().toString();
    final String email;
    final String password;
    /** Every call to the token endpoint, in order. */
    final List<Call> calls = new CopyOnWriteArrayList<>();
    /** The access tokens handed out, in order. */
    final List<String> issuedTokens = new CopyOnWriteArrayList<>();

    private final HttpServer server;
    private final Duration firstTokenLifetime;
    private final AtomicInteger refreshTokens = new AtomicInteger();

    /**
     * @param firstTokenLifetime how long the token of the sign-in lives; shorter than the page's refresh margin,
     *                           the page must refresh it before its first API call
     */
    FakeSupabaseAuth(String email, String password, Duration firstTokenLifetime) throws IOException {
        this.email = email;
        this.password = password;
        this.firstTokenLifetime = firstTokenLifetime;
        server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
        server.createContext("/auth/v1/token", this::token);
        server.createContext("/auth/v1/logout", exchange -> {
            cors(exchange);
            exchange.sendResponseHeaders(204, -1);
            exchange.close();
        });
        server.start();
    }

    /** The project URL the gateway and the page are given. */
    String url() {
        return "http://127.0.0.1:" + server.getAddress().getPort();
    }

    String issuer() {
        return url() + "/auth/v1";
    }

    List<Call> calls(String grantType) {
        return calls.stream().filter(c -> grantType.equals(c.grantType())).toList();
    }

    /** A signed-in user's access token, as the gateway checks it: aud, sub, exp and the project's issuer. */
    String accessToken(Duration lifetime) {
        return accessToken(userId, email, issuer(), JWT_SECRET, lifetime);
    }

    /**
     * An access token as Supabase signs it with the project's HS256 secret; {@code email} null leaves the claim out.
     */
    static String accessToken(String userId, String email, String issuer, String secret, Duration lifetime) {
        Instant now = Instant.now();
        JWTClaimsSet.Builder claims = new JWTClaimsSet.Builder()
                .subject(userId)
                .audience("authenticated")
                .issuer(issuer)
                .claim("role", "authenticated")
                .issueTime(Date.from(now))
                .expirationTime(Date.from(now.plus(lifetime)));
        if (email != null) {
            claims.claim("email", email);
        }
        try {
            SignedJWT jwt = new SignedJWT(new JWSHeader(JWSAlgorithm.HS256), claims.build());
            jwt.sign(new MACSigner(secret));
            return jwt.serialize();
        } catch (JOSEException e) {
            throw new IllegalStateException(e);
        }
    }

    private void token(HttpExchange exchange) throws IOException {
        cors(exchange);
        if (exchange.getRequestMethod().equals("OPTIONS")) {
            exchange.sendResponseHeaders(204, -1);
            exchange.close();
            return;
        }
        String query = exchange.getRequestURI().getQuery();
        String grant = query != null && query.startsWith("grant_type=") ? query.substring("grant_type=".length()) : "";
        JsonNode body = Json.parse(new String(exchange.getRequestBody().readAllBytes(), StandardCharsets.UTF_8));
        String apiKey = exchange.getRequestHeaders().getFirst("apikey");
        calls.add(new Call(grant, apiKey, body));
        if (!ANON_KEY.equals(apiKey)) {
            reply(exchange, 401, Json.object().put("message", "Invalid API key"));
            return;
        }
        switch (grant) {
            case "password" -> {
                if (email.equals(body.path("email").asText()) && password.equals(body.path("password").asText())) {
                    reply(exchange, 200, session(firstTokenLifetime));
                } else {
                    reply(exchange, 400, Json.object().put("code", 400).put("error_code", "invalid_credentials")
                            .put("msg", "Invalid login credentials"));
                }
            }
            case "refresh_token" -> {
                String expected = "refresh-" + refreshTokens.get();
                if (expected.equals(body.path("refresh_token").asText())) {
                    reply(exchange, 200, session(Duration.ofHours(1)));
                } else {
                    reply(exchange, 400, Json.object().put("code", 400).put("error_code", "refresh_token_not_found")
                            .put("msg", "Invalid Refresh Token: Refresh Token Not Found"));
                }
            }
            default -> reply(exchange, 400, Json.object().put("msg", "unsupported grant_type"));
        }
    }

    /** The shape of Supabase's session answer. */
    private ObjectNode session(Duration lifetime) {
        String token = accessToken(lifetime);
        issuedTokens.add(token);
        ObjectNode session = Json.object()
                .put("access_token", token)
                .put("token_type", "bearer")
                .put("expires_in", lifetime.toSeconds())
                .put("expires_at", Instant.now().plus(lifetime).getEpochSecond())
                .put("refresh_token", "refresh-" + refreshTokens.incrementAndGet());
        session.putObject("user").put("id", userId).put("email", email).put("aud", "authenticated");
        return session;
    }

    /** Supabase answers browsers from any origin; so does this. */
    private static void cors(HttpExchange exchange) {
        String origin = exchange.getRequestHeaders().getFirst("Origin");
        var headers = exchange.getResponseHeaders();
        headers.add("Access-Control-Allow-Origin", origin == null ? "*" : origin);
        headers.add("Access-Control-Allow-Methods", "POST, OPTIONS");
        headers.add("Access-Control-Allow-Headers", "apikey, authorization, content-type, x-client-info");
        headers.add("Vary", "Origin");
    }

    private static void reply(HttpExchange exchange, int status, JsonNode body) throws IOException {
        byte[] bytes = Json.toBytes(body);
        exchange.getResponseHeaders().add("Content-Type", "application/json");
        exchange.sendResponseHeaders(status, bytes.length);
        try (OutputStream out = exchange.getResponseBody()) {
            out.write(bytes);
        }
    }

    @Override
    public void close() {
        server.stop(0);
    }
}
