package barb.core;

import com.fasterxml.jackson.databind.JsonNode;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * What travels between stages: the request's accumulated state. {@code step} is the number the next stage
 * will use for its trace row; each stage advances it by one, so steps are 1..n without gaps.
 *
 * @param replayOf   the request this one replays, or null for a request a user sent
 * @param replayMode how a replay runs (shadow or into the chat); set exactly when {@code replayOf} is
 * @param reading  the rules reading of the question (steps, what to ask, words left out), written by the stage
 *                 that read it so the next stages need not read it again; null when no rules stage read it
 */
public record RequestEnvelope(
        int schemaVersion,
        String requestId,
        String chatId,
        String userId,
        String question,
        long createdAtMs,
        long deadlineMs,
        int step,
        List<String> agentsUsed,
        Map<String, Usage> usage,
        boolean needsTitle,
        ChatState chatState,
        String lang,
        String intent,
        String internalQuery,
        JsonNode understanding,
        String expandedQuery,
        JsonNode parsedQuery,
        JsonNode plans,
        JsonNode results,
        String replayOf,
        JsonNode reading,
        ReplayMode replayMode) {

    public static final int SCHEMA_VERSION = 1;

    public RequestEnvelope {
        agentsUsed = agentsUsed == null ? List.of() : List.copyOf(agentsUsed);
        usage = usage == null ? Map.of() : java.util.Collections.unmodifiableMap(new LinkedHashMap<>(usage));
    }

    /** The envelope the gateway sends to the first stage. */
    public static RequestEnvelope start(String requestId, String chatId, String userId, String question,
                                        long nowMs, long deadlineMs, boolean needsTitle, ChatState chatState) {
        return new RequestEnvelope(SCHEMA_VERSION, requestId, chatId, userId, question, nowMs, deadlineMs, 1,
                List.of(), Map.of(), needsTitle, chatState, null, null, null, null, null, null, null, null, null, null,
                null);
    }

    /** Throws {@link ContractException} naming the first missing required field. */
    public RequestEnvelope validated() {
        if (schemaVersion < 1) {
            throw new ContractException("envelope: schema_version missing");
        }
        if (requestId == null || requestId.isBlank()) {
            throw new ContractException("envelope: request_id missing");
        }
        if (chatId == null || chatId.isBlank()) {
            throw new ContractException("envelope: chat_id missing");
        }
        if (userId == null || userId.isBlank()) {
            throw new ContractException("envelope: user_id missing");
        }
        if (question == null) {
            throw new ContractException("envelope: question missing");
        }
        if (step < 1) {
            throw new ContractException("envelope: step must be >= 1");
        }
        if (deadlineMs <= 0) {
            throw new ContractException("envelope: deadline_ms missing");
        }
        if (replayOf != null && (replayOf.isBlank() || replayOf.equals(requestId))) {
            throw new ContractException("envelope: replay_of must name another request");
        }
        if ((replayOf == null) != (replayMode == null)) {
            throw new ContractException("envelope: replay_of and replay_mode go together");
        }
        return this;
    }

    public ChatState chatStateOrFresh() {
        return chatState == null ? ChatState.fresh(chatId, userId) : chatState;
    }

    /** The envelope after {@code agent} ran as step {@link #step()}. */
    public RequestEnvelope advanced(String agent, Usage stepUsage) {
        List<String> agents = new ArrayList<>(agentsUsed);
        agents.add(agent);
        Map<String, Usage> u = new LinkedHashMap<>(usage);
        if (stepUsage != null) {
            u.merge(agent, stepUsage, Usage::plus);
        }
        return new RequestEnvelope(schemaVersion, requestId, chatId, userId, question, createdAtMs, deadlineMs,
                step + 1, agents, u, needsTitle, chatState, lang, intent, internalQuery, understanding,
                expandedQuery, parsedQuery, plans, results, replayOf, reading, replayMode);
    }

    /** This envelope with another deadline (a re-driven record gets a new one: the original has passed). */
    public RequestEnvelope withDeadlineMs(long newDeadlineMs) {
        return new RequestEnvelope(schemaVersion, requestId, chatId, userId, question, createdAtMs, newDeadlineMs,
                step, agentsUsed, usage, needsTitle, chatState, lang, intent, internalQuery, understanding,
                expandedQuery, parsedQuery, plans, results, replayOf, reading, replayMode);
    }

    /** Sum of all agents' usage; each call is counted once (the predecessor double-counted, §16.2 #25). */
    public Usage totalUsage() {
        Usage total = Usage.ZERO;
        for (Usage u : usage.values()) {
            total = total.plus(u);
        }
        return total;
    }

    public RequestEnvelope withIntent(String newIntent, String newLang, String newInternalQuery) {
        return new RequestEnvelope(schemaVersion, requestId, chatId, userId, question, createdAtMs, deadlineMs,
                step, agentsUsed, usage, needsTitle, chatState, newLang, newIntent, newInternalQuery, understanding,
                expandedQuery, parsedQuery, plans, results, replayOf, reading, replayMode);
    }

    public RequestEnvelope withUnderstanding(JsonNode newUnderstanding, String newExpandedQuery) {
        return new RequestEnvelope(schemaVersion, requestId, chatId, userId, question, createdAtMs, deadlineMs,
                step, agentsUsed, usage, needsTitle, chatState, lang, intent, internalQuery, newUnderstanding,
                newExpandedQuery, parsedQuery, plans, results, replayOf, reading, replayMode);
    }

    public RequestEnvelope withParsedQuery(JsonNode newParsedQuery) {
        return new RequestEnvelope(schemaVersion, requestId, chatId, userId, question, createdAtMs, deadlineMs,
                step, agentsUsed, usage, needsTitle, chatState, lang, intent, internalQuery, understanding,
                expandedQuery, newParsedQuery, plans, results, replayOf, reading, replayMode);
    }

    public RequestEnvelope withPlans(JsonNode newPlans) {
        return new RequestEnvelope(schemaVersion, requestId, chatId, userId, question, createdAtMs, deadlineMs,
                step, agentsUsed, usage, needsTitle, chatState, lang, intent, internalQuery, understanding,
                expandedQuery, parsedQuery, newPlans, results, replayOf, reading, replayMode);
    }

    public RequestEnvelope withResults(JsonNode newResults) {
        return new RequestEnvelope(schemaVersion, requestId, chatId, userId, question, createdAtMs, deadlineMs,
                step, agentsUsed, usage, needsTitle, chatState, lang, intent, internalQuery, understanding,
                expandedQuery, parsedQuery, plans, newResults, replayOf, reading, replayMode);
    }

    /**
     * This envelope with the rules' reading of the question (the question is read once per request: the stage
     * that read it carries the reading to the next ones).
     */
    public RequestEnvelope withReading(JsonNode newReading) {
        return new RequestEnvelope(schemaVersion, requestId, chatId, userId, question, createdAtMs, deadlineMs,
                step, agentsUsed, usage, needsTitle, chatState, lang, intent, internalQuery, understanding,
                expandedQuery, parsedQuery, plans, results, replayOf, newReading, replayMode);
    }

    /**
     * A new request that re-runs {@code original} from its first stage: a new id and deadline, the original's
     * question, user and chat, and the chat state it starts from (the original's own for a shadow replay, so it
     * is read in the same context; the chat's current one when it runs into the chat).
     */
    public static RequestEnvelope replay(RequestEnvelope original, String newRequestId, ReplayMode mode,
                                         ChatState startState, long nowMs, long deadlineMs) {
        if (mode == null) {
            throw new IllegalArgumentException("a replay needs its mode");
        }
        boolean needsTitle = mode == ReplayMode.SHADOW ? original.needsTitle()
                : startState == null || startState.title() == null;
        return new RequestEnvelope(SCHEMA_VERSION, newRequestId, original.chatId(), original.userId(),
                original.question(), nowMs, deadlineMs, 1, List.of(), Map.of(), needsTitle, startState, null, null,
                null, null, null, null, null, null, original.requestId(), null, mode);
    }

    /** True for a replay the user must never see (see {@link ReplayMode#SHADOW}). */
    public boolean isShadowReplay() {
        return replayMode == ReplayMode.SHADOW;
    }
}
