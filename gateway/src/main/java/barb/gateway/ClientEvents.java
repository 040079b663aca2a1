package barb.gateway;

import barb.core.BarbEvent;
import barb.core.ChatState;
import barb.core.ContractException;
import barb.core.Json;
import barb.core.RequestCompletion;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;

import java.util.Optional;

/** What the client sees of each pipeline event: the SSE event name and its JSON payload. */
final class ClientEvents {
    /** One SSE event before it gets its id. */
    record ClientEvent(String name, JsonNode data) {
    }

    private ClientEvents() {
    }

    /** The client form of an event, or null for events the client does not get (request_started). */
    static ClientEvent of(BarbEvent e) {
        JsonNode p = e.payload();
        return switch (e.type()) {
            case REQUEST_STARTED -> null;
            case STEP_START -> new ClientEvent("step_start", Json.object()
                    .put("request_id", e.requestId()).put("agent", e.agent()).put("step", e.step()));
            case STEP_END -> {
                ObjectNode d = Json.object()
                        .put("request_id", e.requestId()).put("agent", e.agent()).put("step", e.step())
                        .put("duration_ms", p.path("duration_ms").asLong(0));
                d.set("input", PayloadTrimmer.trim(p.get("input")));
                d.set("output", PayloadTrimmer.trim(p.get("output")));
                yield new ClientEvent("step_end", d);
            }
            case ACKNOWLEDGE -> new ClientEvent("acknowledge", Json.object().put("content", text(p, "content")));
            case DATA_BLOCK -> new ClientEvent("data_block", p);
            case ANSWER -> new ClientEvent("answer", Json.object()
                    .put("agent", e.agent()).put("content", text(p, "content")));
            case ERROR -> new ClientEvent("error", error(text(p, "code"), text(p, "message")));
            case CANCELLED -> new ClientEvent("cancelled", Json.object()
                    .put("request_id", e.requestId()).put("agent", e.agent()));
            case DONE -> new ClientEvent("done", done(e));
        };
    }

    /** What a stream ends with when no done came by the deadline plus grace. */
    static ClientEvent timeout() {
        return new ClientEvent("error", error("timeout", "No answer arrived in time. Please try again."));
    }

    static ObjectNode error(String code, String message) {
        return Json.object().put("code", code == null ? "error" : code).put("message", message);
    }

    /** done carries a title only when this request gave the chat its first one (§16.2 #32). */
    static ObjectNode done(BarbEvent e) {
        ObjectNode d = Json.object().put("request_id", e.requestId()).put("chat_id", e.chatId());
        RequestCompletion c = completionOrNull(e);
        if (c == null) {
            return d;
        }
        d.put("route", c.route());
        d.set("agents_used", Json.tree(c.agentsUsed()));
        d.set("usage", Json.tree(c.usage()));
        d.put("duration_ms", c.durationMs());
        if (c.suggestedTitle() != null) {
            d.put("title", c.suggestedTitle());
        }
        return d;
    }

    /** The closing chat event: the chat's id and its current title, so a client can update its chat list. */
    static ClientEvent chat(String chatId, String title) {
        ObjectNode d = Json.object().put("chat_id", chatId);
        if (title != null) {
            d.put("title", title);
        }
        return new ClientEvent("chat", d);
    }

    /**
     * The chat event after {@code done}: the chat's title as the state view knows it now, else as the request's
     * completion left it.
     */
    static ClientEvent chatAfter(BarbEvent done, Optional<ChatState> current) {
        RequestCompletion c = completionOrNull(done);
        String title = current.map(ChatState::title)
                .orElse(c != null && c.chatState() != null ? c.chatState().title() : null);
        return chat(done.chatId(), title);
    }

    /** The done event's completion; null when the payload does not match the contract (logged by the caller). */
    static RequestCompletion completionOrNull(BarbEvent e) {
        try {
            return e.completion();
        } catch (ContractException ex) {
            return null;
        }
    }

    private static String text(JsonNode p, String field) {
        JsonNode v = p.get(field);
        return v == null || v.isNull() ? null : v.asText();
    }
}
