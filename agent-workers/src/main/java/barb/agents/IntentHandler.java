package barb.agents;

import barb.core.Json;
import barb.core.RequestEnvelope;
import barb.core.Routing;
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
        ObjectNode input = Json.object().put("question", envelope.question());
        ObjectNode output = Json.object()
                .put("intent", r.intent())
                .put("lang", r.lang())
                .put("internal_query", r.internalQuery());
        RequestEnvelope next = envelope.withIntent(r.intent(), r.lang(), r.internalQuery());
        boolean awaiting = envelope.chatStateOrFresh().clarification().awaiting();
        return StageOutcome.next(next, Routing.afterIntent(awaiting, r.intent()), input, output, Usage.ZERO);
    }
}
