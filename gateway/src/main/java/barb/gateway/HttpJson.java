package barb.gateway;

import barb.core.Json;
import com.fasterxml.jackson.databind.JsonNode;
import io.helidon.common.buffers.DataReader;
import io.helidon.http.HeaderNames;
import io.helidon.http.Status;
import io.helidon.webserver.http.ServerRequest;
import io.helidon.webserver.http.ServerResponse;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.util.OptionalLong;

/** Reading bounded request bodies and writing JSON responses with our own mapper. */
final class HttpJson {
    private HttpJson() {
    }

    /**
     * The body, at most {@link GatewayConfig#MAX_BODY_BYTES}; a larger one is a 413, one that is not declared
     * {@code application/json} a 415. The type check matters for browsers: a page on another site may send a
     * {@code text/plain} POST without asking first (no CORS preflight), never an {@code application/json} one.
     * A client that drops the connection mid-body is a {@link ClientGone}.
     */
    static byte[] readBody(ServerRequest req) {
        requireJson(req.headers().first(HeaderNames.CONTENT_TYPE).orElse(null));
        int max = GatewayConfig.MAX_BODY_BYTES;
        OptionalLong declared = req.headers().contentLength();
        if (declared.isPresent() && declared.getAsLong() > max) {
            throw tooLarge(max);
        }
        if (!req.content().hasEntity()) {
            return new byte[0];
        }
        try (InputStream in = req.content().inputStream()) {
            byte[] body = in.readNBytes(max + 1);
            if (body.length > max) {
                throw tooLarge(max);
            }
            return body;
        } catch (IOException | UncheckedIOException | DataReader.InsufficientDataAvailableException e) {
            // The connection ended before the declared body did: the client dropped its upload.
            throw new ClientGone("the client went away while sending its body", e);
        }
    }

    static void requireJson(String contentType) {
        String mediaType = contentType == null ? "" : contentType.split(";", 2)[0].trim();
        if (!mediaType.equalsIgnoreCase("application/json")) {
            throw new HttpError(415, "unsupported_media_type", "body: Content-Type must be application/json");
        }
    }

    private static HttpError tooLarge(int max) {
        return new HttpError(413, "payload_too_large", "body: at most " + max + " bytes");
    }

    static void send(ServerResponse res, int status, JsonNode body) {
        res.status(Status.create(status));
        res.header(HeaderNames.CONTENT_TYPE, "application/json");
        res.send(Json.toBytes(body));
    }

    static void error(ServerResponse res, HttpError e) {
        if (e.status() == 401) {
            res.header(HeaderNames.WWW_AUTHENTICATE, "Bearer realm=\"barb\"");
        }
        var body = Json.object().put("error", e.code()).put("message", e.getMessage());
        if (e.retryAfterSeconds() > 0) {
            res.header(HeaderNames.RETRY_AFTER, Long.toString(e.retryAfterSeconds()));
            body.put("retry_after_seconds", e.retryAfterSeconds());
        }
        send(res, e.status(), body);
    }
}
