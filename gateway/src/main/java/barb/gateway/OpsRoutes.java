package barb.gateway;

import barb.core.Json;
import barb.figures.FiguresNotReadyException;
import barb.figures.FiguresService;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.helidon.http.HeaderNames;
import io.helidon.http.Method;
import io.helidon.webserver.http.ServerRequest;
import io.helidon.webserver.http.ServerResponse;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.sql.SQLException;
import java.time.Instant;
import java.util.List;

/**
 * The ops page and what it reads, under {@code /ops}: the page itself ({@code GET /ops}), the live figures of the
 * Streams topology ({@code /ops/figures}), the lag monitor's recent readings ({@code /ops/lag-history}), the slowest
 * recent requests ({@code /ops/slowest}) and one request's steps ({@code /ops/requests/{id}/trace}). The lag
 * table itself comes from {@code GET /lag}.
 */
final class OpsRoutes {
    private static final String PAGE = "/barb/gateway/ops.html";
    private static final int DEFAULT_FIGURE_MINUTES = 15;
    private static final int DEFAULT_SLOWEST_MINUTES = 15;
    private static final int MAX_SLOWEST_MINUTES = 24 * 60;
    private static final int DEFAULT_SLOWEST_LIMIT = 10;
    private static final int MAX_SLOWEST_LIMIT = 100;

    private final byte[] page;
    private final FiguresService figures;
    private final LagHistory lagHistory;
    private final OpsStore store;

    OpsRoutes(FiguresService figures, LagHistory lagHistory, OpsStore store) {
        this.page = loadPage();
        this.figures = figures;
        this.lagHistory = lagHistory;
        this.store = store;
    }

    private static byte[] loadPage() {
        try (InputStream in = OpsRoutes.class.getResourceAsStream(PAGE)) {
            if (in == null) {
                throw new IllegalStateException("the ops page " + PAGE + " is missing from the classpath");
            }
            return in.readAllBytes();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** The ops routes for the gateway's table; operators only ({@link RequestGuard}). */
    List<ApiRoute> routes() {
        return List.of(
                new ApiRoute(Method.GET, "/ops", ApiRoute.Access.OPERATOR, this::page),
                new ApiRoute(Method.GET, "/ops/figures", ApiRoute.Access.OPERATOR, this::figures),
                new ApiRoute(Method.GET, "/ops/lag-history", ApiRoute.Access.OPERATOR, this::lagHistory),
                new ApiRoute(Method.GET, "/ops/slowest", ApiRoute.Access.OPERATOR, this::slowest),
                new ApiRoute(Method.GET, "/ops/requests/{id}/trace", ApiRoute.Access.OPERATOR, this::trace));
    }

    private void page(ServerRequest req, ServerResponse res) {
        res.header(HeaderNames.CONTENT_TYPE, "text/html; charset=utf-8");
        res.header(HeaderNames.CACHE_CONTROL, "no-store");
        res.send(page);
    }

    private void figures(ServerRequest req, ServerResponse res) {
        int minutes = QueryParams.intParam(req, "minutes", DEFAULT_FIGURE_MINUTES, 1, FiguresService.MAX_MINUTES);
        try {
            HttpJson.send(res, 200, Json.tree(figures.lastMinutes(minutes, Instant.now())));
        } catch (FiguresNotReadyException e) {
            throw new HttpError(503, "figures_not_ready", e.getMessage());
        }
    }

    private void lagHistory(ServerRequest req, ServerResponse res) {
        ObjectNode body = Json.object();
        body.put("span_seconds", LagHistory.SPAN.toSeconds());
        body.set("points", Json.tree(lagHistory.points()));
        HttpJson.send(res, 200, body);
    }

    private void slowest(ServerRequest req, ServerResponse res) throws SQLException {
        int minutes = QueryParams.intParam(req, "minutes", DEFAULT_SLOWEST_MINUTES, 1, MAX_SLOWEST_MINUTES);
        int limit = QueryParams.intParam(req, "limit", DEFAULT_SLOWEST_LIMIT, 1, MAX_SLOWEST_LIMIT);
        ArrayNode requests = store.slowest(minutes, limit);
        ObjectNode body = Json.object();
        body.put("minutes", minutes);
        body.set("requests", requests);
        HttpJson.send(res, 200, body);
    }

    private void trace(ServerRequest req, ServerResponse res) throws SQLException {
        String requestId = ChatRequest.parseUuid(req.path().pathParameters().get("id"), "id");
        ObjectNode trace = store.trace(requestId)
                .orElseThrow(() -> HttpError.notFound("id: no stored request with this id (yet)"));
        HttpJson.send(res, 200, trace);
    }
}
