package barb.core;

import com.fasterxml.jackson.annotation.JsonIgnore;
import com.fasterxml.jackson.annotation.JsonInclude;

/**
 * The understander's output (seed 000 §2.2, seed 004). Understood: goal, expanded_query (English, for the
 * parser) and acknowledge (the user's language) are set. Not understood: need_clarification says what to ask.
 * A question outside what Barb can compute (realtime, predictions, signals, data it lacks) is not understood and
 * explained in context (seed 004 boundaries): its one required item has field {@link #OUT_OF_SCOPE}, the reason
 * and, as options, the closest things Barb can do; it goes to the responder, which answers honestly.
 *
 * @param intent         data | chitchat | concept
 * @param topicChanged   true only in a clarification continuation when the user changed the subject
 * @param suggestedTitle the chat's title, only on the first message of a chat
 */
@JsonInclude(JsonInclude.Include.ALWAYS)
public record Understanding(String intent, String goal, boolean understood, boolean topicChanged,
                            String expandedQuery, String acknowledge,
                            @JsonInclude(JsonInclude.Include.NON_NULL) String suggestedTitle,
                            NeedClarification needClarification) {
    public static final String OUT_OF_SCOPE = "out_of_scope";

    /** True when the question asks for something Barb cannot compute (seed 004 boundaries). */
    @JsonIgnore
    public boolean isOutOfScope() {
        return !understood && needClarification != null && !needClarification.required().isEmpty()
                && OUT_OF_SCOPE.equals(needClarification.required().get(0).field());
    }

    /** Throws {@link ContractException} naming the first field that breaks the contract. */
    public Understanding validated() {
        if (intent == null || !IntentResult.INTENTS.contains(intent)) {
            throw new ContractException("understander: intent '" + intent + "' is not one of chitchat, concept, data");
        }
        if (!"data".equals(intent)) {
            return this;
        }
        if (understood) {
            if (expandedQuery == null || expandedQuery.isBlank()) {
                throw new ContractException("understander: expanded_query is empty although understood is true");
            }
            if (acknowledge == null || acknowledge.isBlank()) {
                throw new ContractException("understander: acknowledge is empty although understood is true");
            }
            if (needClarification != null) {
                throw new ContractException("understander: need_clarification is set although understood is true");
            }
            return this;
        }
        if (!topicChanged) {
            if (needClarification == null) {
                throw new ContractException("understander: understood is false but need_clarification is missing");
            }
            needClarification.validated("understander: need_clarification");
        }
        return this;
    }

    public Understanding withTitle(String title) {
        return new Understanding(intent, goal, understood, topicChanged, expandedQuery, acknowledge, title,
                needClarification);
    }
}
