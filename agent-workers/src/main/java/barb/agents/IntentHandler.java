package barb.agents;

import barb.agents.reading.ConceptCatalog;
import barb.agents.reading.FollowUps;
import barb.agents.reading.IntentClassifier;
import barb.agents.reading.SmallTalk;
import barb.core.IntentResult;
import barb.core.Json;
import barb.core.RequestEnvelope;
import barb.core.Stage;
import barb.core.StageHandler;
import barb.core.StageOutcome;
import barb.core.Usage;
import com.fasterxml.jackson.databind.node.ObjectNode;

/** Rules intent (seed 000 §2.1): classifies the message, detects ru/en, writes the English internal query. */
public final class IntentHandler implements StageHandler {
    @Override
    public Stage stage() {
        return Stage.INTENT;
    }

    @Override
    public StageOutcome handle(RequestEnvelope envelope) {
        IntentClassifier.Result r = IntentClassifier.classify(envelope.question());
        // "а вниз?", "and the last 30 min?": a fragment that only means something after the chat's last question
        // a question asked as "what does X mean" stays a question about the notion, also in the middle of a chat
        // ("whats base_probability mean in that answer" after a probability)
        boolean askedNotion = r.intent().equals("concept") && (ConceptCatalog.askedTerm(envelope.question()) != null
                || ConceptCatalog.definitionAsked(envelope.question()) != null);
        // "whats the n" after an answer asks how many days it counted, not what a sample is
        boolean sampleAsked = FollowUps.asksSampleSize(envelope.question(), envelope.chatStateOrFresh().memory());
        if (!r.intent().equals("data") && (!askedNotion && SmallTalk.classify(envelope.question()) == null || sampleAsked)
                && FollowUps.resolve(envelope.question(), envelope.chatStateOrFresh().memory()).isPresent()) {
            r = new IntentClassifier.Result("data", r.lang(), envelope.question());
        }
        ObjectNode input = Json.object().put("question", envelope.question());
        String internal = r.internalQuery() == null || r.internalQuery().isBlank() ? envelope.question()
                : r.internalQuery();
        IntentResult result = new IntentResult(r.intent(), r.lang(), internal.isBlank() ? "(empty)" : internal)
                .validated();
        RequestEnvelope carried = r.reading() == null ? envelope : envelope.withReading(Json.tree(r.reading()));
        return AgentOutcomes.intent(carried, result, input, Usage.ZERO);
    }
}
