package barb.tracesink;

import barb.core.BarbEvent;
import barb.core.ChatState;
import barb.core.ClarificationState;
import barb.core.Json;
import barb.core.RequestCompletion;
import barb.core.ReplayMode;
import barb.core.RequestEnvelope;
import barb.core.Usage;
import com.fasterxml.jackson.databind.JsonNode;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;

/** Builds the events one request puts on barb.events.v1, with core's own factories. */
final class Requests {
    static final Usage INTENT = new Usage(150, 30, 0, 100, 0.0001);
    static final Usage UNDERSTANDER = new Usage(800, 100, 50, 500, 0.0008);
    static final Usage PARSER = new Usage(400, 80, 0, 300, 0.0003);
    static final Usage PRESENTER = new Usage(500, 200, 0, 300, 0.0005);
    static final Usage CLARIFIER = new Usage(300, 60, 0, 200, 0.0002);

    record Step(String agent, JsonNode input, JsonNode output, Usage usage, long durationMs) {
    }

    /** The events of one request, and the chat's state after it. */
    record Request(String requestId, List<BarbEvent> events, ChatState after) {
        int tracedCount() {
            return (int) events.stream().filter(e -> TraceEvents.isTraced(e.type())).count();
        }
    }

    private Requests() {
    }

    static String id() {
        return UUID.randomUUID().toString();
    }

    /** intent → understander → parser → planner → executor → presenter, with the given step durations. */
    static List<Step> dataSteps(long intentMs, long understanderMs, long parserMs, long plannerMs, long executorMs,
                                long presenterMs) {
        return List.of(
                new Step("intent", Json.parse("{\"question\":\"q\"}"),
                        Json.parse("{\"intent\":\"data\",\"lang\":\"en\"}"), INTENT, intentMs),
                new Step("understander", Json.parse("{\"question\":\"q\"}"),
                        Json.parse("{\"understood\":true,\"expanded_query\":\"list top 5 days by range\"}"),
                        UNDERSTANDER, understanderMs),
                new Step("parser", Json.parse("{\"expanded_query\":\"x\"}"), Json.parse("{\"steps\":[{\"op\":\"top\"}]}"),
                        PARSER, parserMs),
                new Step("planner", Json.parse("{\"steps\":1}"), Json.parse("{\"plans\":1}"), Usage.ZERO, plannerMs),
                new Step("executor", Json.parse("{\"plans\":1}"), Json.parse("{\"row_count\":5}"), Usage.ZERO,
                        executorMs),
                new Step("presenter", Json.parse("{\"row_count\":5}"), Json.parse("{\"response\":\"Top 5 days\"}"),
                        PRESENTER, presenterMs));
    }

    /** intent → understander (not understood) → clarifier. */
    static List<Step> clarifySteps(long intentMs, long understanderMs, long clarifierMs) {
        return List.of(
                new Step("intent", Json.parse("{\"question\":\"q\"}"),
                        Json.parse("{\"intent\":\"data\",\"lang\":\"ru\"}"), INTENT, intentMs),
                new Step("understander", Json.parse("{\"question\":\"q\"}"),
                        Json.parse("{\"understood\":false,\"need_clarification\":{\"required\":[{\"field\":\"goal\"}]}}"),
                        UNDERSTANDER, understanderMs),
                new Step("clarifier", Json.parse("{\"required\":[\"goal\"]}"),
                        Json.parse("{\"response\":\"What does 'worth it' mean to you?\"}"), CLARIFIER, clarifierMs));
    }

    static Request request(String chatId, String userId, ChatState before, String question, List<Step> steps,
                           String route, String response, String suggestedTitle, long startMs) {
        RequestEnvelope env = RequestEnvelope.start(id(), chatId, userId, question, startMs, startMs + 60_000,
                before.title() == null, before);
        return events(env, before, steps, route, response, suggestedTitle, startMs);
    }

    /** A data request that replays {@code originalId} in the given mode. */
    static Request replay(String originalId, ReplayMode mode, String chatId, String userId, ChatState before,
                          String question, long startMs) {
        RequestEnvelope original = RequestEnvelope.start(originalId, chatId, userId, question, startMs - 60_000,
                startMs, before.title() == null, before);
        RequestEnvelope env = RequestEnvelope.replay(original, id(), mode, before, startMs, startMs + 60_000);
        return events(env, before, dataSteps(100, 300, 200, 10, 50, 400), "data",
                "The five most volatile days of 2024 were …", "Replay title", startMs);
    }

    private static Request events(RequestEnvelope env, ChatState before, List<Step> steps, String route,
                                  String response, String suggestedTitle, long startMs) {
        String requestId = env.requestId();
        String chatId = env.chatId();
        String userId = env.userId();
        String question = env.question();
        List<BarbEvent> events = new ArrayList<>();
        events.add(BarbEvent.requestStarted(env, before.lastRequestId() == null, startMs));
        long now = startMs;
        for (Step s : steps) {
            events.add(BarbEvent.stepStart(env, s.agent(), now));
            now += s.durationMs();
            events.add(BarbEvent.stepEnd(env, s.agent(), s.input(), s.output(), s.usage(), s.durationMs(), now));
            env = env.advanced(s.agent(), s.usage());
        }
        events.add(BarbEvent.answer(env, steps.getLast().agent(), response, now));
        Map<String, Usage> usage = new LinkedHashMap<>(env.usage());
        usage.put("total", env.totalUsage());
        String title = before.title() != null ? before.title() : suggestedTitle;
        ChatState after = new ChatState(chatId, userId, title, before.memory().withExchange(question, response),
                ClarificationState.none(), requestId, now);
        RequestCompletion completion = new RequestCompletion(route, response, env.agentsUsed(), usage,
                now - startMs, before.title() == null ? suggestedTitle : null, after, true);
        events.add(BarbEvent.done(env, completion, now));
        return new Request(requestId, events, after);
    }

    static Request dataRequest(String chatId, String userId, ChatState before, String question, String title,
                               long startMs) {
        return request(chatId, userId, before, question, dataSteps(100, 300, 200, 10, 50, 400), "data",
                "The five most volatile days of 2024 were …", title, startMs);
    }
}
