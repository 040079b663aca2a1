package barb.gateway;

import barb.core.Json;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.helidon.http.HeaderNames;
import io.helidon.http.Status;
import io.helidon.webserver.http.ServerRequest;
import io.helidon.webserver.http.ServerResponse;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.net.URI;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The chat page: {@code GET /} (the HTML), {@code GET /assets/{name}} (its scripts and styles, plain files built
 * into the jar, nothing fetched from elsewhere at run time) and {@code GET /config.json} (how the page signs people
 * in). Only the files named in {@link #ASSETS} are served, so no request path ever reaches anything else.
 */
final class ChatPage {
    private static final String FOLDER = "/barb/gateway/chat/";
    private static final String INDEX = "index.html";
    /** Every file the page loads, besides index.html. A new file must be added here to be served. */
    static final List<String> ASSETS = List.of(
            "chat.css", "favicon.svg",
            "app.js", "api.js", "auth.js", "sse.js", "i18n.js", "dom.js", "markdown.js", "format.js", "names.js",
            "datablock.js", "chart.js", "conversation.js", "chatlist.js");

    /** One file in memory with what the response needs. */
    private record Asset(byte[] body, String contentType, String etag) {
    }

    private final Asset index;
    private final Map<String, Asset> assets;
    private final byte[] config;
    private final String contentSecurityPolicy;

    ChatPage(AuthMode auth) {
        this.index = load(INDEX);
        Map<String, Asset> loaded = new LinkedHashMap<>();
        for (String name : ASSETS) {
            loaded.put(name, load(name));
        }
        this.assets = Map.copyOf(loaded);
        this.config = Json.toBytes(config(auth));
        this.contentSecurityPolicy = contentSecurityPolicy(auth);
    }

    /** What the page reads first: sign-in with Supabase (and where), or dev mode without it. */
    static ObjectNode config(AuthMode auth) {
        ObjectNode c = Json.object().put("auth", auth.isDev() ? "dev" : "supabase");
        if (!auth.isDev()) {
            if (auth.supabaseUrl() != null) {
                c.put("supabase_url", auth.supabaseUrl());
            }
            if (auth.anonKey() != null) {
                c.put("supabase_anon_key", auth.anonKey());
            }
        }
        return c;
    }

    /**
     * The page runs only its own scripts and styles and talks only to this gateway and the Supabase project: an
     * answer that somehow carried markup could not load or send anything elsewhere.
     */
    static String contentSecurityPolicy(AuthMode auth) {
        String connect = "'self'";
        if (!auth.isDev() && auth.supabaseUrl() != null) {
            connect += " " + origin(auth.supabaseUrl());
        }
        return "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self'; connect-src " + connect
                + "; base-uri 'none'; form-action 'none'; frame-ancestors 'none'";
    }

    private static String origin(String url) {
        URI u = URI.create(url);
        return u.getScheme() + "://" + u.getRawAuthority();
    }

    void index(ServerRequest req, ServerResponse res) {
        res.header(HeaderNames.create("Content-Security-Policy"), contentSecurityPolicy);
        res.header(HeaderNames.create("Referrer-Policy"), "no-referrer");
        res.header(HeaderNames.create("X-Frame-Options"), "DENY");
        send(req, res, index);
    }

    void asset(ServerRequest req, ServerResponse res) {
        String name = req.path().pathParameters().get("name");
        Asset asset = assets.get(name);
        if (asset == null) {
            throw HttpError.notFound("no such file: /assets/" + name);
        }
        send(req, res, asset);
    }

    void config(ServerRequest req, ServerResponse res) {
        res.header(HeaderNames.CACHE_CONTROL, "no-store");
        res.header(HeaderNames.CONTENT_TYPE, "application/json");
        res.send(config);
    }

    /** Revalidated on every load (no-cache), so a new build is seen at once; unchanged files answer 304. */
    private static void send(ServerRequest req, ServerResponse res, Asset asset) {
        res.header(HeaderNames.CACHE_CONTROL, "no-cache");
        res.header(HeaderNames.create("X-Content-Type-Options"), "nosniff");
        res.header(HeaderNames.ETAG, asset.etag());
        String seen = req.headers().first(HeaderNames.IF_NONE_MATCH).orElse(null);
        if (asset.etag().equals(seen)) {
            res.status(Status.NOT_MODIFIED_304);
            res.send();
            return;
        }
        res.header(HeaderNames.CONTENT_TYPE, asset.contentType());
        res.send(asset.body());
    }

    private static Asset load(String name) {
        String path = FOLDER + name;
        try (InputStream in = ChatPage.class.getResourceAsStream(path)) {
            if (in == null) {
                throw new IllegalStateException("the chat page's " + path + " is missing from the classpath");
            }
            byte[] body = in.readAllBytes();
            return new Asset(body, contentType(name), etag(body));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    static String contentType(String name) {
        String ext = name.substring(name.lastIndexOf('.') + 1);
        return switch (ext) {
            case "html" -> "text/html; charset=utf-8";
            case "js" -> "text/javascript; charset=utf-8";
            case "css" -> "text/css; charset=utf-8";
            case "svg" -> "image/svg+xml";
            default -> throw new IllegalArgumentException("no content type for " + name);
        };
    }

    private static String etag(byte[] body) {
        try {
            byte[] hash = MessageDigest.getInstance("SHA-256").digest(body);
            return "\"" + HexFormat.of().formatHex(hash, 0, 12) + "\"";
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }
}
