package barb.gateway;

import barb.core.Json;
import io.helidon.http.HeaderNames;
import io.helidon.http.Status;
import io.helidon.webserver.http.ServerRequest;
import io.helidon.webserver.http.ServerResponse;

import java.sql.SQLException;
import java.time.Instant;

/**
 * What a user does with one of their requests: vote on its answer ({@code POST /requests/{id}/feedback}), page
 * through its full result rows ({@code GET /requests/{id}/rows}) and stop it ({@code POST /requests/{id}/cancel}).
 * Another user's request is a 404, like one that does not exist.
 */
final class RequestRoutes {
    private final RequestLookup lookup;
    private final RequestStore store;
    private final CancelPublisher cancels;

    RequestRoutes(RequestLookup lookup, RequestStore store, CancelPublisher cancels) {
        this.lookup = lookup;
        this.store = store;
        this.cancels = cancels;
    }

    void feedback(ServerRequest req, ServerResponse res, String userId) throws SQLException {
        String requestId = requestId(req);
        Feedback feedback = Feedback.parse(JsonBody.object(req));
        lookup.owned(requestId, userId);
        if (!store.setFeedback(requestId, userId, feedback.stored(Instant.now()))) {
            // The request exists (the lookup found it) but the trace-sink has not stored its chat log yet.
            res.header(HeaderNames.RETRY_AFTER, "1");
            throw new HttpError(409, "not_stored_yet", "id: the answer is still being stored; try again in a moment");
        }
        res.status(Status.NO_CONTENT_204).send();
    }

    void rows(ServerRequest req, ServerResponse res, String userId) throws SQLException {
        String requestId = requestId(req);
        ResultRows page = ResultRows.of(req);
        lookup.owned(requestId, userId);
        HttpJson.send(res, 200, page.page(requestId, store.results(requestId, userId).orElse(null)));
    }

    void cancel(ServerRequest req, ServerResponse res, String userId) throws SQLException {
        String requestId = requestId(req);
        RequestRef ref = lookup.owned(requestId, userId);
        if (ref.finished()) {
            throw new HttpError(409, "request_finished", "id: the request has already finished");
        }
        cancels.cancel(requestId, userId);
        HttpJson.send(res, 202, Json.object().put("request_id", requestId).put("cancelled", true));
    }

    private static String requestId(ServerRequest req) {
        return ChatRequest.parseUuid(req.path().pathParameters().get("id"), "id");
    }
}
