package barb.agents;

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

    /** What the clarifier asks about, from the understanding on the envelope. */
    public static NeedClarification pendingClarification(JsonNode understanding) {
        return ClarifierHandler.pending(understanding);
    }

    /** The question a clarification dialogue is about. */
    public static String originalQuestion(RequestEnvelope envelope, JsonNode understanding) {
        return ClarifierHandler.originalQuestion(envelope, understanding);
    }

    /** The safety net's words when Barb stops asking (seed 000 §2.4). */
    public static String safetyNet(String lang) {
        return Replies.safetyNet(lang);
    }
}
