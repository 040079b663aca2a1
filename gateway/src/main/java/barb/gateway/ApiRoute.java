package barb.gateway;

import io.helidon.http.Method;
import io.helidon.webserver.http.Handler;

import java.util.regex.Pattern;

/**
 * One route of the gateway: its method, its path (Helidon's and OpenAPI's syntax, {@code /chats/{id}}), who may
 * call it and its handler. The route table ({@link Gateway#routeTable()}) is the one list the server is built from,
 * the JSON 405s are decided from and the OpenAPI document is checked against.
 */
record ApiRoute(Method method, String path, Access access, Handler handler) {

    /** Who may call a route. */
    enum Access {
        /** A signed-in user (their access token), or anyone in dev mode; see {@link Authenticator}. */
        USER,
        /** Operators: see {@link OperatorAccess}. */
        OPERATOR,
        /** Anyone. */
        PUBLIC
    }

    /** The path as a pattern a request path must match: each {@code {name}} is one segment. */
    Pattern pattern() {
        return Pattern.compile(Pattern.quote(path).replaceAll("\\{[^}/]+}", "\\\\E[^/]+\\\\Q"));
    }
}
