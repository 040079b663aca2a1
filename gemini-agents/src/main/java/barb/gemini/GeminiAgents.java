package barb.gemini;

import barb.agents.AgentOutcomes;
import barb.core.ClarificationState;
import barb.core.ClarifierOutput;
import barb.core.ClarifyContinueResult;
import barb.core.DataCoverage;
import barb.core.IntentResult;
import barb.core.Json;
import barb.core.NeedClarification;
import barb.core.ParserOutput;
import barb.core.RequestEnvelope;
import barb.core.Stage;
import barb.core.StageException;
import barb.core.StageHandler;
import barb.core.StageOutcome;
import barb.core.Understanding;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;

import java.util.List;
import java.util.function.Supplier;

/**
 * The Gemini implementations of the language agents: intent, understander, clarifier, clarify_continue, parser
 * and the presenter's text ({@link GeminiPresenter}). Each sends its contract's input as JSON with its system instruction and response schema, validates the
 * answer against the same contract the rules produce (one repair attempt, {@link StructuredCall}), and hands it to
 * {@link AgentOutcomes}, so routing and envelope updates are identical to the rules. An answer still invalid
 * after the repair becomes a clarification (understander) or an error event naming what was wrong (the others).
 */
public final class GeminiAgents {
    private GeminiAgents() {
    }

    /**
     * One handler per agent, for the stages named; the planner, executor and responder are not models. The launcher
     * swaps in those BARB_LLM / BARB_LLM_&lt;AGENT&gt; select, in place of the rules handlers.
     */
    public static List<StageHandler> handlers(GeminiCaller model, Supplier<DataCoverage> coverage) {
        StructuredCall call = new StructuredCall(model);
        return List.of(new Intent(call), new Understander(call, coverage), new Clarifier(call),
                new ClarifyContinue(call, coverage), new Parser(call), new GeminiPresenter(call));
    }

    static StageException invalid(String agent, StructuredCall.Failure f) {
        return new StageException("llm_invalid_output", "The " + agent + " model returned an invalid answer twice: "
                + f.error(), false, f);
    }

    private static <T> T read(JsonNode node, Class<T> type) {
        try {
            return Json.MAPPER.treeToValue(node, type);
        } catch (JsonProcessingException e) {
            throw new IllegalArgumentException("does not match the contract: " + e.getOriginalMessage());
        }
    }

    /** The language the intent agent found; the model may name any ISO 639-1 code. */
    private static String lang(RequestEnvelope envelope) {
        return envelope.lang() == null ? "en" : envelope.lang();
    }

    private static String text(JsonNode input) {
        return Json.toString(input);
    }

    static final class Intent implements StageHandler {
        private final StructuredCall call;

        Intent(StructuredCall call) {
            this.call = call;
        }

        @Override
        public Stage stage() {
            return Stage.INTENT;
        }

        @Override
        public StageOutcome handle(RequestEnvelope envelope) {
            ObjectNode input = Json.object().put("question", envelope.question());
            try {
                StructuredCall.Result<IntentResult> r = call.call("intent", GeminiPrompts.INTENT, text(input),
                        GeminiSchemas.INTENT, n -> read(n, IntentResult.class).validated());
                return AgentOutcomes.intent(envelope, r.value(), input, r.usage());
            } catch (StructuredCall.Failure f) {
                throw invalid("intent", f);
            }
        }
    }

    static final class Understander implements StageHandler {
        private final StructuredCall call;
        private final Supplier<DataCoverage> coverage;

        Understander(StructuredCall call, Supplier<DataCoverage> coverage) {
            this.call = call;
            this.coverage = coverage;
        }

        @Override
        public Stage stage() {
            return Stage.UNDERSTANDER;
        }

        @Override
        public StageOutcome handle(RequestEnvelope envelope) {
            ObjectNode input = AgentOutcomes.understanderInput(envelope, lang(envelope));
            ObjectNode user = input.deepCopy();
            DataCoverage c = coverage.get();
            user.put("data_first_day", c.firstDay().toString()).put("data_last_day", c.lastDay().toString());
            try {
                StructuredCall.Result<Understanding> r = call.call("understander", GeminiPrompts.UNDERSTANDER,
                        text(user), GeminiSchemas.UNDERSTANDER, n -> read(n, Understanding.class).validated());
                return AgentOutcomes.understanding(envelope, r.value(), input, r.usage());
            } catch (StructuredCall.Failure f) {
                // better to ask than to guess: an unreadable understanding becomes a clarification
                Understanding ask = new Understanding("data", null, false, false, null, null, null,
                        new NeedClarification(List.of(new barb.core.ClarificationItem("goal",
                                "the question could not be read reliably (" + f.error() + ")",
                                List.of())), List.of(), "Question: " + envelope.question()));
                return AgentOutcomes.understanding(envelope, ask, input, f.usage());
            }
        }
    }

    static final class Clarifier implements StageHandler {
        private final StructuredCall call;

        Clarifier(StructuredCall call) {
            this.call = call;
        }

        @Override
        public Stage stage() {
            return Stage.CLARIFIER;
        }

        @Override
        public StageOutcome handle(RequestEnvelope envelope) {
            JsonNode u = envelope.understanding() == null ? Json.object() : envelope.understanding();
            NeedClarification nc = AgentOutcomes.pendingClarification(u);
            String original = AgentOutcomes.originalQuestion(envelope, u);
            ObjectNode input = AgentOutcomes.clarifierInput(envelope, nc, original, lang(envelope));
            try {
                StructuredCall.Result<ClarifierOutput> r = call.call("clarifier", GeminiPrompts.CLARIFIER,
                        text(input), GeminiSchemas.CLARIFIER, n -> read(n, ClarifierOutput.class).validated());
                return AgentOutcomes.clarifier(envelope, r.value(), nc, original, input, r.usage());
            } catch (StructuredCall.Failure f) {
                throw invalid("clarifier", f);
            }
        }
    }

    static final class ClarifyContinue implements StageHandler {
        private final StructuredCall call;
        private final Supplier<DataCoverage> coverage;

        ClarifyContinue(StructuredCall call, Supplier<DataCoverage> coverage) {
            this.call = call;
            this.coverage = coverage;
        }

        @Override
        public Stage stage() {
            return Stage.CLARIFY_CONTINUE;
        }

        @Override
        public StageOutcome handle(RequestEnvelope envelope) {
            ClarificationState state = envelope.chatStateOrFresh().clarification();
            String lang = lang(envelope);
            ObjectNode input = AgentOutcomes.clarifyContinueInput(envelope, lang);
            ObjectNode user = input.deepCopy();
            user.set("pending_clarification", state.context());
            user.put("data_last_day", coverage.get().lastDay().toString());
            try {
                StructuredCall.Result<ClarifyContinueResult> r = call.call("clarify_continue",
                        GeminiPrompts.CLARIFY_CONTINUE, text(user), GeminiSchemas.CLARIFY_CONTINUE,
                        n -> read(n, ClarifyContinueResult.class).validated());
                ClarifyContinueResult result = r.value();
                if (result.outcome() == ClarifyContinueResult.Outcome.STILL_UNCLEAR) {
                    // the safety net counts rounds itself: the model never decides when to give up
                    result = state.roundsExhausted()
                            ? new ClarifyContinueResult(null, null, false, true, null, null, false, null, null, null,
                            AgentOutcomes.safetyNet(lang))
                            : new ClarifyContinueResult(result.intent(), result.goal(), false, false, null, null, true,
                            result.needClarification(), state.historyWithAnswer(envelope.question()), null, null);
                }
                return AgentOutcomes.clarifyContinue(envelope, result, lang, input, r.usage());
            } catch (StructuredCall.Failure f) {
                throw invalid("clarify_continue", f);
            }
        }
    }

    static final class Parser implements StageHandler {
        private final StructuredCall call;

        Parser(StructuredCall call) {
            this.call = call;
        }

        @Override
        public Stage stage() {
            return Stage.PARSER;
        }

        @Override
        public StageOutcome handle(RequestEnvelope envelope) {
            String question = AgentOutcomes.parserInput(envelope);
            ObjectNode input = AgentOutcomes.parserTraceInput(question);
            try {
                // the step validators run inside the call, so a step they refuse gets the one repair attempt too
                StructuredCall.Result<ParserOutput> r = call.call("parser", GeminiPrompts.PARSER, question,
                        GeminiSchemas.PARSER, AgentOutcomes::validatedSteps);
                return AgentOutcomes.parser(envelope, r.value(), input, r.usage());
            } catch (StructuredCall.Failure f) {
                throw invalid("parser", f);
            }
        }
    }
}
