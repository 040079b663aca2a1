package barb.agents;

import barb.agents.answers.Replies;
import barb.agents.reading.ConceptCatalog;
import barb.agents.reading.FollowUps;
import barb.agents.reading.SmallTalk;
import barb.core.ClarificationState;
import barb.core.Json;
import barb.core.RequestEnvelope;
import barb.core.Routing;
import barb.core.Stage;
import barb.core.StageHandler;
import barb.core.StageOutcome;
import barb.core.Usage;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;

import java.util.List;

/**
 * Rules responder (seed 000 §2.9): greetings, thanks and off-topic messages (always back to NQ), definitions
 * of trading terms, the end of a cancelled clarification, the safety net, and the honest "not supported yet"
 * answer for data questions Barb cannot compute.
 */
public final class ResponderHandler implements StageHandler {
    private final java.util.function.Supplier<barb.core.DataCoverage> coverage;

    /** Without the data's coverage: "what can you do" is answered without the data's dates. */
    public ResponderHandler() {
        this(() -> null);
    }

    /** @param coverage the loaded data's first and last day, told when someone asks what Barb has */
    public ResponderHandler(java.util.function.Supplier<barb.core.DataCoverage> coverage) {
        this.coverage = coverage;
    }

    @Override
    public Stage stage() {
        return Stage.RESPONDER;
    }

    @Override
    public StageOutcome handle(RequestEnvelope envelope) {
        String lang = AgentSupport.lang(envelope);
        String question = envelope.internalQuery() != null ? envelope.internalQuery() : envelope.question();
        ObjectNode input = Json.object().put("question", question).put("lang", lang);

        JsonNode u = envelope.understanding();
        String response;
        String route;
        List<String> facts = List.of();
        if (u != null && u.path("response").isTextual()) {
            // the clarification safety net: Barb stops asking
            response = u.get("response").asText();
            route = "gave_up";
        } else if (u != null && u.path("acknowledge").isTextual() && u.path("topic_changed").asBoolean(false)
                && !u.path("understood").asBoolean(false)) {
            response = u.get("acknowledge").asText();
            route = "chitchat";
        } else if (outOfScope(u)) {
            response = Replies.outOfScope(u.path("need_clarification").path("required").path(0), envelope.question(),
                    lang);
            route = Routing.responderRoute("data", true);
            facts = FollowUps.dayOfRefusal(envelope.question());
        } else if (askedInsteadOfAnswering(u) && explained(envelope) instanceof ConceptCatalog.Concept explained) {
            // a question about a notion asked instead of answering a clarification
            response = Replies.concept(explained, lang);
            route = Routing.responderRoute("concept", false);
            facts = FollowUps.daysOfConcept(explained.name());
        } else if (u != null && u.path("topic_changed").asBoolean(false) && !u.path("understood").asBoolean(false)) {
            SmallTalk.Kind kind = SmallTalk.classify(envelope.question());
            response = Replies.smallTalk(kind == null ? SmallTalk.Kind.CANCEL : kind, lang);
            route = "chitchat";
        } else if ("data".equals(envelope.intent()) || u != null && u.path("understood").asBoolean(false)) {
            response = Replies.unsupported(envelope.question(), lang);
            route = Routing.responderRoute("data", true);
        } else if ("concept".equals(envelope.intent())) {
            ConceptCatalog.Concept explained = explained(envelope);
            response = explained != null ? Replies.concept(explained, lang) : unknownConcept(envelope, lang);
            route = Routing.responderRoute("concept", false);
            // "что такое NR7?" then "а сколько таких дней было в 2025?": the days the notion names are the chat's subject
            facts = explained == null ? List.of() : FollowUps.daysOfConcept(explained.name());
        } else {
            response = chitchat(envelope.question(), lang);
            route = Routing.responderRoute("chitchat", false);
        }
        ObjectNode output = Json.object().put("response", response);
        return StageOutcome.finish(envelope, new StageOutcome.Finish(route, response, ClarificationState.none(), facts),
                input, output, Usage.ZERO).withAnswer(response);
    }

    /** clarify_continue ended a clarification because the reply asked about a notion instead. */
    private static boolean askedInsteadOfAnswering(JsonNode u) {
        return u != null && "concept".equals(u.path("intent").asText()) && u.path("topic_changed").asBoolean(false)
                && !u.path("understood").asBoolean(false);
    }

    private static boolean outOfScope(JsonNode u) {
        return u != null && !u.path("understood").asBoolean(false)
                && barb.core.Understanding.OUT_OF_SCOPE.equals(
                u.path("need_clarification").path("required").path(0).path("field").asText());
    }

    /** The notion the question asks about, or null when Barb has no explanation of it. */
    private static ConceptCatalog.Concept explained(RequestEnvelope envelope) {
        ConceptCatalog.Concept c = ConceptCatalog.find(envelope.question());
        if (c == null && envelope.internalQuery() != null) {
            c = ConceptCatalog.find(envelope.internalQuery());
        }
        // "does the 20-day average include the day itself?": a question about how Barb defines a notion
        return c != null ? c : ConceptCatalog.definitionAsked(envelope.question());
    }

    private static String unknownConcept(RequestEnvelope envelope, String lang) {
        String term = ConceptCatalog.askedTerm(envelope.question());
        return Replies.unknownConcept(term == null ? envelope.question().strip() : term, lang);
    }

    private String chitchat(String question, String lang) {
        SmallTalk.Kind kind = SmallTalk.classify(question);
        if (kind == SmallTalk.Kind.CAPABILITIES) {
            barb.core.DataCoverage data = coverage.get();
            String reply = Replies.smallTalk(kind, lang);
            return data == null ? reply : reply + " " + barb.agents.answers.Messages.of(lang).get("reply.dataRange",
                    "first", data.firstDay().toString(), "last", data.lastDay().toString());
        }
        if (kind != null) {
            return Replies.smallTalk(kind, lang);
        }
        String term = ConceptCatalog.askedTerm(question);
        if (term != null) {
            return Replies.unknownConcept(term, lang);
        }
        return Replies.offTopic(lang);
    }
}
