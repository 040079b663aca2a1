package barb.core;

import com.fasterxml.jackson.annotation.JsonIgnore;

import java.util.List;

/**
 * clarify_continue's output (seed 000 §2.4): the understander's reading of the user's answer to a clarifying
 * question, in one of four outcomes, plus the safety net after {@link ClarificationState#MAX_ROUNDS} rounds.
 * Which fields are set depends on the outcome, exactly as in the seed's four examples.
 */
public record ClarifyContinueResult(String intent, String goal, boolean understood, boolean topicChanged,
                                    String expandedQuery, String acknowledge, boolean awaitingClarification,
                                    NeedClarification needClarification, List<ChatMessage> clarificationHistory,
                                    String originalQuestion, String response) {

    public enum Outcome {
        /** understood, topic kept: the original question with the answer goes to the parser */
        ANSWER_ON_TOPIC,
        /** understood, topic changed: the new request goes to the parser, the original is dropped */
        NEW_REQUEST,
        /** not understood, topic changed: cancellation or small talk, the responder answers */
        CANCELLED,
        /** not understood, topic kept: the clarifier asks again */
        STILL_UNCLEAR,
        /** the safety net: too many rounds, Barb stops asking */
        GAVE_UP
    }

    @JsonIgnore
    public Outcome outcome() {
        if (response != null && !understood) {
            return Outcome.GAVE_UP;
        }
        if (understood) {
            return topicChanged ? Outcome.NEW_REQUEST : Outcome.ANSWER_ON_TOPIC;
        }
        return topicChanged ? Outcome.CANCELLED : Outcome.STILL_UNCLEAR;
    }

    /** Throws {@link ContractException} naming the first field that breaks the contract. */
    public ClarifyContinueResult validated() {
        switch (outcome()) {
            case ANSWER_ON_TOPIC, NEW_REQUEST -> {
                if (expandedQuery == null || expandedQuery.isBlank()) {
                    throw new ContractException("clarify_continue: expanded_query is empty although understood is true");
                }
                if (acknowledge == null || acknowledge.isBlank()) {
                    throw new ContractException("clarify_continue: acknowledge is empty although understood is true");
                }
            }
            case STILL_UNCLEAR -> {
                if (needClarification == null) {
                    throw new ContractException("clarify_continue: still unclear but need_clarification is missing");
                }
                needClarification.validated("clarify_continue: need_clarification");
            }
            case CANCELLED, GAVE_UP -> {
                if (awaitingClarification) {
                    throw new ContractException("clarify_continue: awaiting_clarification must be false when the dialogue ends");
                }
            }
        }
        return this;
    }
}
