package barb.agents.chat;

import barb.core.ChatState;
import barb.core.ClarificationState;
import barb.core.ClarifyContinueResult;
import barb.core.EventType;
import barb.core.Json;
import barb.core.Plan;
import barb.core.RequestEnvelope;
import barb.core.Stage;
import barb.core.StageHandler;
import barb.core.StageOutcome;
import com.fasterxml.jackson.databind.JsonNode;

import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;

/**
 * One chat run through the agent handlers in-process, the way the {@link barb.core.StageWorker}s chain them over
 * Kafka, without the executor: a data question stops where the executor would take it. The chat's state (memory,
 * clarification dialogue, title) is carried from one {@link #ask} to the next exactly as the workers write it, so
 * follow-ups and clarification dialogues behave as in the running system.
 */
public final class ConversationRunner {
    /** The route of a safety-net answer: the clarification dialogue ran out of rounds and Barb gave up. */
    public static final String GAVE_UP = "gave_up";

    private static final int MAX_STAGES = 30;
    private static final String CHAT_ID = "catalogue-chat";
    private static final String USER_ID = "catalogue-user";

    private final Map<Stage, StageHandler> handlers = new EnumMap<>(Stage.class);
    private ChatState state = ChatState.fresh(CHAT_ID, USER_ID);
    private int requests;

    public ConversationRunner(List<StageHandler> handlers) {
        for (StageHandler h : handlers) {
            this.handlers.put(h.stage(), h);
        }
        if (!this.handlers.containsKey(Stage.INTENT)) {
            throw new IllegalArgumentException("the handlers need an intent stage to start from");
        }
    }

    /**
     * What one message led to.
     *
     * @param route  data (reached the executor), clarify, chitchat, concept, unsupported, gave_up, or error
     * @param field  clarify: the first need_clarification item's field
     * @param plans  data: the plans the executor would receive
     * @param reply  the text the user would see (data: the acknowledgement; error: the message)
     * @param agents the stages that ran, in order
     */
    public record Turn(String route, String field, List<Plan> plans, String reply, List<String> agents) {
        public Turn {
            plans = plans == null ? List.of() : List.copyOf(plans);
            agents = agents == null ? List.of() : List.copyOf(agents);
        }
    }

    /** The chat state the next message starts from. */
    public ChatState state() {
        return state;
    }

    /** Starts a new chat. */
    public void reset() {
        state = ChatState.fresh(CHAT_ID, USER_ID);
    }

    public Turn ask(String question) {
        requests++;
        long now = System.currentTimeMillis();
        ChatState before = state;
        RequestEnvelope env = RequestEnvelope.start("catalogue-" + requests, CHAT_ID, USER_ID, question, now,
                now + 60_000, before.title() == null, before);
        List<String> replies = new ArrayList<>();
        Stage stage = Stage.INTENT;
        for (int i = 0; i < MAX_STAGES; i++) {
            StageHandler handler = handlers.get(stage);
            if (handler == null) {
                return failed(env, "no handler for stage " + stage.agentName());
            }
            StageOutcome outcome;
            try {
                outcome = handler.handle(env);
            } catch (Exception e) {
                return failed(env.advanced(stage.agentName(), null), stage.agentName() + " failed: " + e);
            }
            for (StageOutcome.ClientMessage m : outcome.messages()) {
                if (m.type() == EventType.ACKNOWLEDGE || m.type() == EventType.ANSWER) {
                    replies.add(m.payload().path("content").asText(""));
                }
            }
            env = outcome.envelope().advanced(stage.agentName(), outcome.usage());
            if (outcome.finish() != null) {
                return finished(before, env, outcome.finish());
            }
            if (outcome.next() == Stage.EXECUTOR) {
                return reachedExecutor(env, String.join("\n", replies));
            }
            stage = outcome.next();
        }
        return failed(env, "the request did not end after " + MAX_STAGES + " stages");
    }

    private Turn reachedExecutor(RequestEnvelope env, String acknowledgement) {
        List<Plan> plans = new ArrayList<>();
        JsonNode nodes = env.plans();
        if (nodes != null && nodes.isArray()) {
            for (JsonNode n : nodes) {
                try {
                    plans.add(Json.convert(n, Plan.class));
                } catch (RuntimeException e) {
                    return failed(env, "the planner wrote a plan that is not a Plan: " + e.getMessage());
                }
            }
        }
        complete(env, acknowledgement, ClarificationState.none(), presenterKeyFacts(env));
        return new Turn("data", null, plans, acknowledgement, env.agentsUsed());
    }

    /**
     * The presenter ends every data request and names the facts the chat remembers (what follow-ups build on).
     * There are no results here, so it runs over an empty result list only to learn those facts.
     */
    private List<String> presenterKeyFacts(RequestEnvelope env) {
        StageHandler presenter = handlers.get(Stage.PRESENTER);
        if (presenter == null) {
            return List.of();
        }
        try {
            StageOutcome outcome = presenter.handle(env.withResults(Json.MAPPER.createArrayNode()));
            return outcome.finish() == null ? List.of() : outcome.finish().keyFacts();
        } catch (Exception e) {
            return List.of();
        }
    }

    private Turn finished(ChatState before, RequestEnvelope env, StageOutcome.Finish finish) {
        complete(env, finish.response(), finish.clarification(), finish.keyFacts());
        String route = finish.route();
        String field = null;
        if ("clarify".equals(route)) {
            field = firstClarificationField(env.understanding());
        } else if (isSafetyNet(before, env)) {
            route = GAVE_UP;
        }
        List<Plan> plans = new ArrayList<>();
        if ("data".equals(route) && env.plans() != null && env.plans().isArray()) {
            for (JsonNode n : env.plans()) {
                plans.add(Json.convert(n, Plan.class));
            }
        }
        return new Turn(route, field, plans, finish.response(), env.agentsUsed());
    }

    private Turn failed(RequestEnvelope env, String message) {
        complete(env, message, ClarificationState.none(), List.of());
        return new Turn("error", null, List.of(), message, env.agentsUsed());
    }

    /** The safety net of seed 000 §2.4: clarify_continue, out of rounds, ended the dialogue itself. */
    private static boolean isSafetyNet(ChatState before, RequestEnvelope env) {
        if (!before.clarification().awaiting() || !env.agentsUsed().contains(Stage.CLARIFY_CONTINUE.agentName())
                || env.understanding() == null) {
            return false;
        }
        try {
            return Json.convert(env.understanding(), ClarifyContinueResult.class).outcome()
                    == ClarifyContinueResult.Outcome.GAVE_UP;
        } catch (RuntimeException e) {
            return false;
        }
    }

    /** The first item to ask about: required ones first (seed 004). */
    private static String firstClarificationField(JsonNode understanding) {
        if (understanding == null) {
            return null;
        }
        JsonNode nc = understanding.path("need_clarification");
        for (String list : List.of("required", "optional")) {
            JsonNode items = nc.path(list);
            if (items.isArray() && !items.isEmpty() && items.get(0).path("field").isTextual()) {
                return items.get(0).get("field").asText();
            }
        }
        return null;
    }

    /** The chat state the worker writes when a request ends (StageWorker.completion). */
    private void complete(RequestEnvelope env, String response, ClarificationState clarification,
                          List<String> keyFacts) {
        state = ChatState.afterRequest(env, response, clarification, keyFacts, System.currentTimeMillis());
    }
}
