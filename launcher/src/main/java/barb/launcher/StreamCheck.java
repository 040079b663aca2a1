package barb.launcher;

import barb.core.Json;
import com.fasterxml.jackson.databind.JsonNode;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

/**
 * What a load generator checks about the SSE streams it read, across every gateway it drove: each stream carries
 * one request's events only (every event id and every {@code request_id} in the data is that request's), ends
 * with exactly one {@code done} (or with the gateway's closing {@code error} when it gave up at the deadline), holds at most one {@code answer} and no event id twice, and no request appears on
 * two streams.
 */
final class StreamCheck {
    /** One stream's verdict: its request id (null when none was seen) and what was wrong with it. */
    record Stream(String requestId, boolean done, boolean error, List<String> problems) {
        /** Ended explicitly: a done event, or the gateway's own closing error (its time-out ends with no done). */
        boolean ended() {
            return done || error;
        }
    }

    private final Map<String, Integer> streamsPerRequest = new ConcurrentHashMap<>();

    /** Checks one whole stream (its events in order) and remembers its request. */
    Stream check(List<SseParser.SseEvent> events) {
        List<String> problems = new ArrayList<>();
        Set<String> ids = new HashSet<>();
        String request = null;
        int done = 0;
        int answers = 0;
        boolean error = false;
        for (SseParser.SseEvent e : events) {
            String owner = null;
            if (e.id() != null && !e.id().isEmpty()) {
                if (!ids.add(e.id())) {
                    problems.add("event id " + e.id() + " twice");
                }
                int colon = e.id().lastIndexOf(':');
                owner = colon > 0 ? e.id().substring(0, colon) : e.id();
            }
            String inData = requestIdIn(e.data());
            for (String r : new String[]{owner, inData}) {
                if (r == null) {
                    continue;
                }
                if (request == null) {
                    request = r;
                } else if (!request.equals(r)) {
                    problems.add("event " + e.event() + " of request " + r + " on the stream of " + request);
                }
            }
            switch (e.event()) {
                case "done" -> done++;
                case "answer" -> answers++;
                case "error" -> error = true;
                default -> {
                }
            }
        }
        boolean endedByError = done == 0 && !events.isEmpty() && events.getLast().event().equals("error");
        if (done > 1 || (done == 0 && !endedByError)) {
            problems.add(done + " done events");
        }
        if (answers > 1) {
            problems.add(answers + " answers");
        }
        if (request != null && streamsPerRequest.merge(request, 1, Integer::sum) > 1) {
            problems.add("request " + request + " on more than one stream");
        }
        return new Stream(request, done == 1, error, problems);
    }

    private static String requestIdIn(String data) {
        if (data == null || data.isEmpty() || data.charAt(0) != '{') {
            return null;
        }
        try {
            JsonNode n = Json.parse(data);
            JsonNode r = n.get("request_id");
            return r != null && r.isTextual() ? r.asText() : null;
        } catch (Exception e) {
            return null;
        }
    }
}
