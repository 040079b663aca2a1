package barb.core;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;

/**
 * One record on {@link Topics#EVENTS}. Every event of a request carries the step it belongs to and, for
 * several messages of one type in one step, its index, so (request_id, type, step, index) identifies it and
 * a redelivered copy can be dropped.
 */
public record BarbEvent(int schemaVersion, EventType type, String requestId, String chatId, String userId, int step,
                        String agent, long timestampMs, JsonNode payload, int index) {

    public static final int SCHEMA_VERSION = 1;

    public BarbEvent {
        payload = payload == null ? Json.object() : payload;
    }

    public BarbEvent(int schemaVersion, EventType type, String requestId, String chatId, String userId, int step,
                     String agent, long timestampMs, JsonNode payload) {
        this(schemaVersion, type, requestId, chatId, userId, step, agent, timestampMs, payload, 0);
    }

    public BarbEvent validated() {
        if (type == null) {
            throw new ContractException("event: type missing");
        }
        if (requestId == null || requestId.isBlank()) {
            throw new ContractException("event: request_id missing");
        }
        return this;
    }

    /** Identifies the event within its request. */
    public String dedupKey() {
        return type.wire() + ":" + step + ":" + index;
    }

    public static BarbEvent requestStarted(RequestEnvelope env, boolean newChat, long nowMs) {
        ObjectNode p = Json.object();
        p.put("question", env.question());
        p.put("needs_title", env.needsTitle());
        p.put("new_chat", newChat);
        p.put("created_at_ms", env.createdAtMs());
        if (env.replayOf() != null) {
            p.put("replay_of", env.replayOf());
            p.put("replay_mode", env.replayMode().wire());
        }
        return of(EventType.REQUEST_STARTED, env, 0, null, nowMs, p);
    }

    public static BarbEvent stepStart(RequestEnvelope env, String agent, long nowMs) {
        return of(EventType.STEP_START, env, env.step(), agent, nowMs, Json.object());
    }

    public static BarbEvent stepEnd(RequestEnvelope env, String agent, JsonNode input, JsonNode output, Usage usage,
                                    long durationMs, long nowMs) {
        ObjectNode p = Json.object();
        p.set("input", input);
        p.set("output", output);
        if (usage != null) {
            p.set("usage", Json.tree(usage));
        }
        p.put("duration_ms", durationMs);
        return of(EventType.STEP_END, env, env.step(), agent, nowMs, p);
    }

    public static BarbEvent acknowledge(RequestEnvelope env, String agent, String text, long nowMs) {
        ObjectNode p = Json.object();
        p.put("content", text);
        return of(EventType.ACKNOWLEDGE, env, env.step(), agent, nowMs, p);
    }

    public static BarbEvent dataBlock(RequestEnvelope env, String agent, JsonNode block, long nowMs) {
        return of(EventType.DATA_BLOCK, env, env.step(), agent, nowMs, block);
    }

    public static BarbEvent answer(RequestEnvelope env, String agent, String text, long nowMs) {
        ObjectNode p = Json.object();
        p.put("content", text);
        return of(EventType.ANSWER, env, env.step(), agent, nowMs, p);
    }

    public static BarbEvent error(RequestEnvelope env, String agent, String code, String message, long nowMs) {
        ObjectNode p = Json.object();
        p.put("code", code);
        p.put("message", message);
        return of(EventType.ERROR, env, env.step(), agent, nowMs, p);
    }

    /** The request was cancelled by its user; {@code agent} is the stage that stopped working on it. */
    public static BarbEvent cancelled(RequestEnvelope env, String agent, long nowMs) {
        return of(EventType.CANCELLED, env, env.step(), agent, nowMs, Json.object());
    }

    public static BarbEvent done(RequestEnvelope env, RequestCompletion completion, long nowMs) {
        return of(EventType.DONE, env, env.step(), null, nowMs, Json.tree(completion));
    }

    public RequestCompletion completion() {
        if (type != EventType.DONE) {
            throw new IllegalStateException("not a done event: " + type);
        }
        return Json.convert(payload, RequestCompletion.class);
    }

    private static BarbEvent of(EventType type, RequestEnvelope env, int step, String agent, long nowMs,
                                JsonNode payload) {
        return new BarbEvent(SCHEMA_VERSION, type, env.requestId(), env.chatId(), env.userId(), step, agent, nowMs,
                payload);
    }
}
