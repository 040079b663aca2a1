package barb.gateway;

import barb.core.Json;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;

/**
 * The OpenAPI 3.1 document served at {@code /openapi.json}, kept by hand next to the code in
 * {@code barb/gateway/openapi.json}; a test holds it to {@link Gateway#routeTable()}.
 */
final class OpenApiDocument {
    private OpenApiDocument() {
    }

    /** The document's bytes, checked to be JSON so a broken edit stops the gateway's start, not a client. */
    static byte[] load(String resource) {
        try (InputStream in = OpenApiDocument.class.getResourceAsStream(resource)) {
            if (in == null) {
                throw new IllegalStateException("the OpenAPI document " + resource + " is missing from the classpath");
            }
            byte[] bytes = in.readAllBytes();
            Json.parse(new String(bytes, StandardCharsets.UTF_8));
            return bytes;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
