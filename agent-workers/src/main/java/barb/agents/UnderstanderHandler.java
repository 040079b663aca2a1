package barb.agents;

import barb.agents.reading.FollowUps;
import barb.core.DataCoverage;
import barb.core.Json;
import barb.core.RequestEnvelope;
import barb.core.Stage;
import barb.core.StageHandler;
import barb.core.StageOutcome;
import barb.core.Understanding;
import barb.core.Usage;
import com.fasterxml.jackson.databind.node.ObjectNode;

import java.util.function.Supplier;

/**
 * Rules understander (seed 000 §2.2, seed 004): reads the question — or, for a follow-up, the chat's previous
 * question changed by it — and either expands it for the parser, asks what is missing, or marks it out of scope.
 */
public final class UnderstanderHandler implements StageHandler {
    private final UnderstandingRules rules;
    private final ReadingCheck check;

    public UnderstanderHandler(Supplier<DataCoverage> coverage) {
        this(coverage, ReadingCheck.trained());
    }

    UnderstanderHandler(Supplier<DataCoverage> coverage, ReadingCheck check) {
        this.rules = new UnderstandingRules(coverage);
        this.check = check;
    }

    @Override
    public Stage stage() {
        return Stage.UNDERSTANDER;
    }

    @Override
    public StageOutcome handle(RequestEnvelope envelope) {
        String lang = AgentSupport.lang(envelope);
        ObjectNode input = AgentOutcomes.understanderInput(envelope, lang);
        // the rules read both languages themselves: the user's own words lose nothing in translation
        UnderstandingRules.Result r = rules.understand(envelope.question(), lang,
                envelope.chatStateOrFresh().memory(), AgentSupport.reading(envelope));
        Understanding u = r.understanding().validated();
        // (how many days an answer counted is the rules' exact call: "whats the n" is no notion to offer instead)
        if (u.understood() && r.step() != null && r.reading().more().isEmpty()
                && !FollowUps.asksSampleSize(envelope.question(), envelope.chatStateOrFresh().memory())) {
            Understanding asked = check.check(envelope.question(), envelope.chatStateOrFresh().memory(),
                    r.step(), r.reading().ignored().isEmpty(), () -> rules.heading(r.step(), lang),
                    u.suggestedTitle(), lang);
            if (asked != null) {
                u = asked.validated();
            }
        }
        return AgentOutcomes.understanding(envelope.withReading(Json.tree(r.reading())), u, input, Usage.ZERO);
    }
}
