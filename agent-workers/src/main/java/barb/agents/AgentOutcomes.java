package barb.agents;

import barb.agents.answers.Replies;
import barb.agents.steps.StepValidator;
import barb.core.ChatMessage;
import barb.core.ClarificationState;
import barb.core.ClarifierOutput;
import barb.core.ClarifyContinueResult;
import barb.core.IntentResult;
import barb.core.Json;
import barb.core.NeedClarification;
import barb.core.ParsedStep;
import barb.core.ParserOutput;
import barb.core.RequestEnvelope;
import barb.core.Routing;
import barb.core.Stage;
import barb.core.StageOutcome;
import barb.core.Understanding;
import barb.core.Usage;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;

import java.util.ArrayList;
import java.util.List;

/**
 * What a stage does with its contract output, whoever produced it (rules or Gemini): the envelope update, the
 * route of seed 000 §8 and the step's trace output. Keeping this in one place is what makes the two
 * implementations interchangeable per agent.
 */
public final class AgentOutcomes {
    private AgentOutcomes() {
    }

    public static StageOutcome intent(RequestEnvelope envelope, IntentResult result, JsonNode input, Usage usage) {
        RequestEnvelope next = envelope.withIntent(result.intent(), result.lang(), result.internalQuery());
        boolean awaiting = envelope.chatStateOrFresh().clarification().awaiting();
        return StageOutcome.next(next, Routing.afterIntent(awaiting, result.intent()), input, Json.tree(result),
                usage);
    }

    /** Understood → parser (with an acknowledge to the client); out of scope → responder; unclear → clarifier. */
    public static StageOutcome understanding(RequestEnvelope envelope, Understanding u, JsonNode input, Usage usage) {
        Understanding shown = envelope.needsTitle() ? u : u.withTitle(null);
        ObjectNode output = (ObjectNode) Json.tree(shown);
        RequestEnvelope next = envelope.withUnderstanding(output, u.understood() ? u.expandedQuery() : null);
        if (!"data".equals(u.intent())) {
            return StageOutcome.next(next.withIntent(u.intent(), envelope.lang(), envelope.internalQuery()),
                    Stage.RESPONDER, input, output, usage);
        }
        Stage stage = u.isOutOfScope() ? Stage.RESPONDER : Routing.afterUnderstander(u.understood(), true);
        StageOutcome outcome = StageOutcome.next(next, stage, input, output, usage);
        return u.understood() ? outcome.withAcknowledge(u.acknowledge()) : outcome;
    }

    /**
     * The clarifier asked: the request ends waiting for the answer. The clarification state keeps the original
     * question, the whole dialogue (the user's answers too) and counts the round.
     *
     * @param original the question the dialogue is about
     */
    public static StageOutcome clarifier(RequestEnvelope envelope, ClarifierOutput out, NeedClarification pending,
                                         String original, JsonNode input, Usage usage) {
        ClarificationState state = envelope.chatStateOrFresh().clarification();
        boolean continuing = state.awaiting() && original.equals(state.originalQuestion());
        List<ChatMessage> history = new ArrayList<>(continuing ? state.historyWithAnswer(envelope.question())
                : List.of());
        history.add(ChatMessage.assistant(out.response()));
        int rounds = continuing ? state.rounds() + 1 : 1;
        ClarificationState next = new ClarificationState(true, original, history, rounds,
                pending == null ? null : Json.tree(pending));
        return StageOutcome.finish(envelope, new StageOutcome.Finish("clarify", out.response(), next), input,
                Json.tree(out), usage).withAnswer(out.response());
    }

    /** The four outcomes of seed 000 §2.4 and the safety net. */
    public static StageOutcome clarifyContinue(RequestEnvelope envelope, ClarifyContinueResult r, String lang,
                                               JsonNode input, Usage usage) {
        ObjectNode output = (ObjectNode) Json.tree(r);
        if (r.outcome() == ClarifyContinueResult.Outcome.NEW_REQUEST
                || r.outcome() == ClarifyContinueResult.Outcome.CANCELLED) {
            // the seed's shapes for these outcomes say explicitly that the old dialogue is dropped
            output.putNull("clarification_history");
            output.putNull("original_question");
        }
        ClarificationState state = envelope.chatStateOrFresh().clarification();
        return switch (r.outcome()) {
            case ANSWER_ON_TOPIC, NEW_REQUEST -> {
                RequestEnvelope next = envelope.withIntent("data", lang, r.expandedQuery())
                        .withUnderstanding(output, r.expandedQuery());
                yield StageOutcome.next(next, Routing.afterClarifyContinue(true, r.topicChanged(), true,
                        state.roundsExhausted()), input, output, usage).withAcknowledge(r.acknowledge());
            }
            case CANCELLED, GAVE_UP -> {
                RequestEnvelope next = envelope.withIntent("chitchat", lang, envelope.internalQuery())
                        .withUnderstanding(output, null);
                yield StageOutcome.next(next, Stage.RESPONDER, input, output, usage);
            }
            case STILL_UNCLEAR -> {
                RequestEnvelope next = envelope.withIntent("data", lang, envelope.internalQuery())
                        .withUnderstanding(output, null);
                yield StageOutcome.next(next, Stage.CLARIFIER, input, output, usage);
            }
        };
    }

    /** What the parser reads: the understander's expanded query, else the English query, else the message. */
    public static String parserInput(RequestEnvelope envelope) {
        if (envelope.expandedQuery() != null) {
            return envelope.expandedQuery();
        }
        return envelope.internalQuery() != null ? envelope.internalQuery() : envelope.question();
    }

    /** Steps → planner; no steps → presenter, which explains instead of running an empty plan. */
    public static StageOutcome parser(RequestEnvelope envelope, ParserOutput p, JsonNode input, Usage usage) {
        ArrayNode steps = Json.MAPPER.createArrayNode();
        for (ParsedStep s : p.parsedQuery()) {
            steps.add(Json.tree(s));
        }
        ObjectNode output = Json.object();
        output.set("raw_output", p.rawOutput());
        output.set("parsed_query", steps);
        output.put("thoughts", p.thoughts());
        output.set("validator_changes", Json.tree(p.validatorChanges()));
        return StageOutcome.next(envelope.withParsedQuery(steps), Routing.afterParser(!steps.isEmpty()), input,
                output, usage);
    }

    /**
     * The parser's raw output {steps: [...], thoughts} through the step validators: the steps with every fix
     * recorded, or an IllegalArgumentException listing what no validator could fix (a model gets one repair).
     */
    public static ParserOutput validatedSteps(JsonNode rawOutput) {
        StepValidator.Validated v = StepValidator.validate(rawOutput.path("steps"));
        if (!v.errors().isEmpty()) {
            throw new IllegalArgumentException(String.join("; ", v.errors()));
        }
        JsonNode thoughts = rawOutput.get("thoughts");
        return new ParserOutput(rawOutput, v.steps(), thoughts != null && thoughts.isTextual() ? thoughts.asText()
                : null, v.changes());
    }

    /**
     * What the clarifier asks about, from the understanding on the envelope; a broken or missing
     * need_clarification asks what to compute rather than failing.
     */
    public static NeedClarification pendingClarification(JsonNode understanding) {
        return readNeedClarification(understanding == null ? null : understanding.get("need_clarification"));
    }

    /** A stored need_clarification (the understanding's, or a clarification state's context), or the goal question. */
    static NeedClarification readNeedClarification(JsonNode nc) {
        if (nc != null && nc.isObject()) {
            try {
                return Json.MAPPER.treeToValue(nc, NeedClarification.class).validated("need_clarification");
            } catch (Exception e) {
                // fall through to the generic question
            }
        }
        return new NeedClarification(List.of(UnderstandingRules.item("goal", List.of())), List.of(), null);
    }

    /**
     * The question a clarification dialogue is about: the one clarify_continue names when the user asked something
     * new that is unclear too, else the pending dialogue's, else this message.
     */
    public static String originalQuestion(RequestEnvelope envelope, JsonNode understanding) {
        JsonNode named = understanding == null ? null : understanding.get("original_question");
        if (named != null && named.isTextual()) {
            return named.asText();
        }
        ClarificationState state = envelope.chatStateOrFresh().clarification();
        return state.awaiting() && state.originalQuestion() != null ? state.originalQuestion() : envelope.question();
    }

    /** The understander's input_data (seed 000 §2.2). */
    public static ObjectNode understanderInput(RequestEnvelope envelope, String lang) {
        return Json.object()
                .put("internal_query", envelope.internalQuery() != null ? envelope.internalQuery()
                        : envelope.question())
                .put("lang", lang)
                .put("needs_title", envelope.needsTitle())
                .put("memory_context", envelope.chatStateOrFresh().memory().asContext());
    }

    /** The clarifier's input_data (seed 000 §2.3). */
    public static ObjectNode clarifierInput(RequestEnvelope envelope, NeedClarification nc, String original,
                                            String lang) {
        ObjectNode input = Json.object();
        input.set("required", Json.tree(nc.required()));
        input.set("optional", Json.tree(nc.optional()));
        input.put("context", nc.context());
        input.put("question", original);
        input.put("lang", lang);
        input.put("memory_context", envelope.chatStateOrFresh().memory().asContext());
        return input;
    }

    /** clarify_continue's input_data (seed 000 §2.4): the dialogue with the user's latest answer appended. */
    public static ObjectNode clarifyContinueInput(RequestEnvelope envelope, String lang) {
        ClarificationState state = envelope.chatStateOrFresh().clarification();
        ObjectNode input = Json.object()
                .put("original_question", state.originalQuestion())
                .put("user_answer", envelope.question())
                .put("lang", lang);
        input.set("clarification_history", Json.tree(state.historyWithAnswer(envelope.question())));
        return input;
    }

    /** The parser's input_data (seed 000 §2.5); Barb selects no prompt chunks. */
    public static ObjectNode parserTraceInput(String question) {
        ObjectNode input = Json.object().put("question", question);
        input.putArray("chunks_used");
        return input;
    }

    /** The safety net's words when Barb stops asking (seed 000 §2.4). */
    public static String safetyNet(String lang) {
        return Replies.safetyNet(lang);
    }
}
