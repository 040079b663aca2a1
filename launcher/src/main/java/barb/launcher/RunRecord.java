package barb.launcher;

import barb.core.BarbEvent;
import barb.core.ContractException;
import barb.core.EventType;
import barb.core.Json;
import barb.core.RequestCompletion;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.NullNode;
import com.fasterxml.jackson.databind.node.ObjectNode;

import java.util.List;

/**
 * What one run of a request produced, as its events on {@code barb.events.v1} tell it: the parts a replay
 * compares.
 *
 * @param requestId  the run's request id
 * @param finished   true once its done event was seen
 * @param route      the completion's route (data, clarify, chitchat, …), null before done
 * @param answer     the answer text of the completion, null before done
 * @param plans      the planner's execution plan, or null when no planner ran
 * @param results    the executor's results with what does not depend on the run left out (timings, SQL text,
 *                   the evidence rows beyond their count), or null when no executor ran
 * @param durationMs the request's latency as the completion measured it (from the request to done), -1 before done
 */
record RunRecord(String requestId, boolean finished, String route, String answer, JsonNode plans, JsonNode results,
                 long durationMs) {

    /** The run told by these events of one request, in the order they were read; redelivered copies do no harm. */
    static RunRecord of(String requestId, List<BarbEvent> events) {
        JsonNode plans = null;
        JsonNode results = null;
        RequestCompletion completion = null;
        for (BarbEvent e : events) {
            if (e.type() == EventType.STEP_END && "planner".equals(e.agent())) {
                plans = present(e.payload().path("output").get("execution_plan"));
            } else if (e.type() == EventType.STEP_END && "executor".equals(e.agent())) {
                results = comparableResults(e.payload().path("output").get("results"));
            } else if (e.type() == EventType.DONE) {
                completion = completionOrNull(e);
            }
        }
        if (completion == null) {
            return new RunRecord(requestId, false, null, null, plans, results, -1);
        }
        return new RunRecord(requestId, true, completion.route(), completion.response(), plans, results,
                completion.durationMs());
    }

    /**
     * The event as far as a run record needs it, or null when it needs none of it: the planner's and executor's
     * step ends (the executor's without its evidence rows and metadata) and done. Readers of thousands of runs
     * keep only this, so a replay's memory does not grow with the tables of every answer.
     */
    static BarbEvent slimmed(BarbEvent e) {
        if (e.type() == EventType.DONE) {
            // the completion carries the chat's whole state after the request (its memory): a run record needs
            // the route, the answer and the latency, and thousands of chat states would fill the heap
            if (!e.payload().isObject()) {
                return e;
            }
            ObjectNode payload = ((ObjectNode) e.payload()).deepCopy();
            payload.remove(List.of("chat_state", "usage", "agents_used", "suggested_title"));
            return withPayload(e, payload);
        }
        if (e.type() != EventType.STEP_END) {
            return null;
        }
        if ("planner".equals(e.agent())) {
            return withOutput(e, "execution_plan", e.payload().path("output").get("execution_plan"));
        }
        if (!"executor".equals(e.agent())) {
            return null;
        }
        return withOutput(e, "results", comparableResults(e.payload().path("output").get("results")));
    }

    /** The step end with only one field of its output kept. */
    private static BarbEvent withOutput(BarbEvent e, String field, JsonNode value) {
        ObjectNode output = Json.object();
        output.set(field, value);
        ObjectNode payload = Json.object();
        payload.set("output", output);
        return withPayload(e, payload);
    }

    private static BarbEvent withPayload(BarbEvent e, JsonNode payload) {
        return new BarbEvent(e.schemaVersion(), e.type(), e.requestId(), e.chatId(), e.userId(), e.step(), e.agent(),
                e.timestampMs(), payload, e.index());
    }

    private static RequestCompletion completionOrNull(BarbEvent e) {
        try {
            return e.completion();
        } catch (ContractException ex) {
            return null;
        }
    }

    private static JsonNode present(JsonNode node) {
        return node == null || node.isNull() || node.isMissingNode() ? null : node;
    }

    /**
     * Each result without its metadata (the statement's duration and text change with no change of answer) and
     * without its source rows (the evidence; their count stays): plan id, operation, summary, columns and table.
     */
    static JsonNode comparableResults(JsonNode results) {
        if (results == null || !results.isArray()) {
            return null;
        }
        ArrayNode out = Json.MAPPER.createArrayNode();
        for (JsonNode r : results) {
            if (!r.isObject()) {
                out.add(r);
                continue;
            }
            ObjectNode copy = ((ObjectNode) r).deepCopy();
            copy.remove("metadata");
            copy.remove("source_rows");
            out.add(copy);
        }
        return out;
    }

    JsonNode plansOrNull() {
        return plans == null ? NullNode.getInstance() : plans;
    }

    JsonNode resultsOrNull() {
        return results == null ? NullNode.getInstance() : results;
    }
}
