package barb.core;

import java.util.Set;

/**
 * The intent agent's output (seed 000 §2.1).
 *
 * @param intent        data | chitchat | concept
 * @param lang          the user's language, ISO 639-1 (ru, en, …)
 * @param internalQuery the message in English, for the other agents
 */
public record IntentResult(String intent, String lang, String internalQuery) {
    public static final Set<String> INTENTS = Set.of("data", "chitchat", "concept");

    /** Throws {@link ContractException} naming the first field that breaks the contract. */
    public IntentResult validated() {
        if (intent == null || !INTENTS.contains(intent)) {
            throw new ContractException("intent: intent '" + intent + "' is not one of chitchat, concept, data");
        }
        if (lang == null || !lang.matches("[a-z]{2}")) {
            throw new ContractException("intent: lang '" + lang + "' is not a two-letter ISO 639-1 code");
        }
        if (internalQuery == null || internalQuery.isBlank()) {
            throw new ContractException("intent: internal_query is empty");
        }
        return this;
    }
}
