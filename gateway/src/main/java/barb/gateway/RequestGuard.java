package barb.gateway;

import io.helidon.http.HeaderNames;
import io.helidon.http.Method;
import io.helidon.webserver.http.Filter;
import io.helidon.webserver.http.FilterChain;
import io.helidon.webserver.http.RoutingRequest;
import io.helidon.webserver.http.RoutingResponse;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.util.function.Supplier;

/**
 * Runs before any route: operator endpoints only for operators ({@link OperatorAccess}), and state-changing
 * requests only from allowed web origins ({@link OriginCheck}). Who the user is, is the routes' business
 * ({@link Authenticator}), since only they need it.
 */
final class RequestGuard implements Filter {
    private static final Logger log = LoggerFactory.getLogger(RequestGuard.class);

    private final OperatorAccess operators;
    private final Supplier<OriginCheck> origins;

    /** @param origins known only once the server has its port, hence a supplier */
    RequestGuard(OperatorAccess operators, Supplier<OriginCheck> origins) {
        this.operators = operators;
        this.origins = origins;
    }

    static boolean isOperatorPath(String path) {
        return path.equals("/metrics") || path.equals("/lag") || path.equals("/ops") || path.startsWith("/ops/");
    }

    @Override
    public void filter(FilterChain chain, RoutingRequest req, RoutingResponse res) {
        String path = req.path().path();
        if (isOperatorPath(path)) {
            OperatorAccess.Decision d = operators.decide(req.remotePeer().address(),
                    req.headers().first(HeaderNames.HOST).orElse(null),
                    req.headers().first(HeaderNames.AUTHORIZATION).orElse(null));
            if (d == OperatorAccess.Decision.NEEDS_TOKEN) {
                refuse(res, Authenticator.unauthorized("operator endpoints need Authorization: Bearer "
                        + "<BARB_OPERATOR_TOKEN>"));
                return;
            }
            if (d == OperatorAccess.Decision.LOCAL_ONLY) {
                log.debug("operator path {} refused for {}", path, req.remotePeer().address());
                refuse(res, new HttpError(403, "forbidden", "operator endpoints are served to this machine only "
                        + "(localhost) unless BARB_OPERATOR_TOKEN is set"));
                return;
            }
        }
        Method method = req.prologue().method();
        boolean safe = method == Method.GET || method == Method.HEAD || method == Method.OPTIONS;
        if (!safe) {
            String origin = req.headers().first(HeaderNames.ORIGIN).orElse(null);
            if (!origins.get().allows(origin)) {
                log.info("{} {} refused: origin {} is not allowed", method.text(), path, origin);
                refuse(res, new HttpError(403, "origin_not_allowed", "Origin " + origin
                        + " may not send this request; see BARB_ALLOWED_ORIGINS"));
                return;
            }
        }
        chain.proceed();
    }

    private static void refuse(RoutingResponse res, HttpError e) {
        HttpJson.error(res, e);
    }

}
