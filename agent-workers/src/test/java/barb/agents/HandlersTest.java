package barb.agents;

import barb.agents.reading.FollowUps;
import barb.agents.reading.IntentClassifier;
import barb.core.ChatMessage;
import barb.core.ChatState;
import barb.core.ClarificationState;
import barb.core.EventType;
import barb.core.Json;
import barb.core.Memory;
import barb.core.RequestEnvelope;
import barb.core.Stage;
import barb.core.StageHandler;
import barb.core.StageOutcome;
import barb.core.Usage;
import com.fasterxml.jackson.databind.JsonNode;
import org.junit.jupiter.api.Test;

import java.util.HashSet;
import java.util.List;
import java.util.Set;

import static org.assertj.core.api.Assertions.assertThat;

/** Each handler on its own: seed 000 §2 field names, routing, envelope updates. */
class HandlersTest {
    private static RequestEnvelope start(String question) {
        return Pipeline.envelope(question, null, false);
    }

    private static Set<String> fields(JsonNode node) {
        Set<String> names = new HashSet<>();
        node.fieldNames().forEachRemaining(names::add);
        return names;
    }

    @Test
    void rulesAgentsHasOneHandlerPerAgentStage() {
        List<StageHandler> handlers = RulesAgents.handlers(() -> Pipeline.COVERAGE);
        assertThat(handlers).extracting(StageHandler::stage).containsExactlyInAnyOrder(Stage.INTENT,
                Stage.UNDERSTANDER, Stage.CLARIFIER, Stage.CLARIFY_CONTINUE, Stage.PARSER, Stage.PLANNER,
                Stage.PRESENTER, Stage.RESPONDER);
    }

    @Test
    void intentWritesSeedFieldsAndRoutes() {
        StageOutcome data = new IntentHandler().handle(start("топ 5 дней по диапазону в 2024"));
        assertThat(fields(data.input())).containsExactly("question");
        assertThat(fields(data.output())).containsExactlyInAnyOrder("intent", "lang", "internal_query");
        assertThat(data.output().get("intent").asText()).isEqualTo("data");
        assertThat(data.output().get("lang").asText()).isEqualTo("ru");
        assertThat(data.output().get("internal_query").asText())
                .isEqualTo("list top 5 days by range descending in 2024");
        assertThat(data.next()).isEqualTo(Stage.UNDERSTANDER);
        assertThat(data.usage()).isEqualTo(Usage.ZERO);
        assertThat(data.envelope().internalQuery()).isEqualTo(data.output().get("internal_query").asText());

        StageOutcome en = new IntentHandler().handle(start("top 5 days by range in 2024"));
        assertThat(en.output().get("internal_query").asText()).isEqualTo("top 5 days by range in 2024");
        assertThat(en.output().get("lang").asText()).isEqualTo("en");

        StageOutcome hi = new IntentHandler().handle(start("привет"));
        assertThat(hi.output().get("intent").asText()).isEqualTo("chitchat");
        assertThat(hi.output().get("internal_query").asText()).isEqualTo("hello");
        assertThat(hi.next()).isEqualTo(Stage.RESPONDER);

        StageOutcome concept = new IntentHandler().handle(start("что такое inside day?"));
        assertThat(concept.output().get("intent").asText()).isEqualTo("concept");
        assertThat(concept.output().get("lang").asText()).isEqualTo("ru");
        assertThat(concept.output().get("internal_query").asText()).isEqualTo("what is inside day?");

        StageOutcome forecastRu = new IntentHandler().handle(start("какой будет диапазон завтра?"));
        assertThat(forecastRu.output().get("intent").asText()).isEqualTo("data");
        assertThat(forecastRu.next()).isEqualTo(Stage.UNDERSTANDER);

        ChatState awaiting = Pipeline.awaiting(ClarificationState.none().asked("q", "which?", null));
        StageOutcome answer = new IntentHandler().handle(Pipeline.envelope("RTH", awaiting, false));
        assertThat(answer.next()).isEqualTo(Stage.CLARIFY_CONTINUE);
    }

    @Test
    void aQuestionAboutWhatAWordOfTheAnswerMeansStaysAConceptInTheMiddleOfAChat() {
        Memory memory = new Memory(List.of(ChatMessage.user("q"), ChatMessage.assistant("a")), List.of(),
                List.of(FollowUps.LAST_QUERY + ": probability of is_red = 1 next day where is_green = 1, weekday = thursday"));
        ChatState chat = new ChatState("chat-1", "user-1", null, memory, ClarificationState.none(), null, 0);
        StageOutcome asked = new IntentHandler().handle(Pipeline.envelope("and base_probability in that table means?",
                chat, false));
        assertThat(asked.output().get("intent").asText()).isEqualTo("concept");
        StageOutcome more = new IntentHandler().handle(Pipeline.envelope("and mondays?", chat, false));
        assertThat(more.output().get("intent").asText()).as("a follow-up is still data").isEqualTo("data");
    }

    @Test
    void understanderExpandsAcknowledgesAndTitles() {
        RequestEnvelope env = Pipeline.envelope("top 5 days by range in 2024 during RTH", null, true)
                .withIntent("data", "en", "top 5 days by range in 2024 during RTH");
        StageOutcome o = new UnderstanderHandler(() -> Pipeline.COVERAGE).handle(env);

        assertThat(fields(o.input())).containsExactlyInAnyOrder("internal_query", "lang", "needs_title",
                "memory_context");
        assertThat(fields(o.output())).containsExactlyInAnyOrder("intent", "goal", "understood", "topic_changed",
                "expanded_query", "acknowledge", "suggested_title", "need_clarification");
        assertThat(o.output().get("need_clarification").isNull()).isTrue();
        assertThat(o.output().get("understood").asBoolean()).isTrue();
        assertThat(o.output().get("topic_changed").asBoolean()).isFalse();
        assertThat(o.output().get("expanded_query").asText())
                .isEqualTo("list top 5 days by range descending in 2024 where session = RTH");
        assertThat(o.output().get("suggested_title").asText()).contains("2024").hasSizeLessThanOrEqualTo(40);
        assertThat(o.next()).isEqualTo(Stage.PARSER);
        assertThat(o.envelope().expandedQuery()).isEqualTo(o.output().get("expanded_query").asText());
        assertThat(o.envelope().understanding()).isEqualTo(o.output());
        assertThat(o.messages()).extracting(StageOutcome.ClientMessage::type).containsExactly(EventType.ACKNOWLEDGE);
        assertThat(o.messages().get(0).payload().get("content").asText())
                .startsWith("Got it, looking at").contains("5").contains("2024").contains("RTH");

        RequestEnvelope ru = Pipeline.envelope("сколько зелёных дней в 2023", null, true)
                .withIntent("data", "ru", "count days where is_green = 1 in 2023");
        StageOutcome r = new UnderstanderHandler(() -> Pipeline.COVERAGE).handle(ru);
        assertThat(r.output().get("acknowledge").asText()).startsWith("Понял, считаю:").contains("2023");
        assertThat(r.output().get("suggested_title").asText()).contains("2023");

        StageOutcome noTitle = new UnderstanderHandler(() -> Pipeline.COVERAGE).handle(start("trading days in 2024")
                .withIntent("data", "en", "trading days in 2024"));
        assertThat(noTitle.output().has("suggested_title")).isFalse();
    }

    @Test
    void understanderAsksForTheSessionOfATypicalRange() {
        for (String q : List.of("what's the typical daily range?", "какой обычно дневной диапазон?")) {
            IntentClassifier.Result intent = IntentClassifier.classify(q);
            StageOutcome o = new UnderstanderHandler(() -> Pipeline.COVERAGE).handle(start(q)
                    .withIntent(intent.intent(), intent.lang(), intent.internalQuery()));
            assertThat(o.output().get("understood").asBoolean()).isFalse();
            assertThat(fields(o.output())).containsExactlyInAnyOrder("intent", "goal", "understood",
                    "topic_changed", "expanded_query", "acknowledge", "need_clarification");
            JsonNode nc = o.output().get("need_clarification");
            assertThat(fields(nc)).containsExactlyInAnyOrder("required", "optional", "context");
            assertThat(nc.at("/required/0/field").asText()).isEqualTo("session");
            assertThat(nc.at("/required/0/reason").asText()).isNotBlank();
            assertThat(nc.at("/required/0/options").toString())
                    .isEqualTo("[\"RTH (09:30-17:00)\",\"ETH (full day 18:00-17:00)\"]");
            assertThat(o.next()).isEqualTo(Stage.CLARIFIER);
            assertThat(o.messages()).isEmpty();
        }
    }

    @Test
    void outOfScopeIsExplainedByTheResponderWithTheClosestAlternatives() {
        StageOutcome o = new UnderstanderHandler(() -> Pipeline.COVERAGE).handle(start("average range on days when VIX was above 30")
                .withIntent("data", "en", "average range on days when VIX was above 30"));
        assertThat(o.output().get("understood").asBoolean()).isFalse();
        assertThat(o.output().at("/need_clarification/required/0/field").asText()).isEqualTo("out_of_scope");
        assertThat(o.output().at("/need_clarification/required/0/options")).isNotEmpty();
        assertThat(o.next()).isEqualTo(Stage.RESPONDER);

        StageOutcome answer = new ResponderHandler().handle(o.envelope());
        assertThat(answer.finish().route()).isEqualTo("unsupported");
        assertThat(answer.finish().response()).contains("closest").doesNotContain("30");
        assertThat(answer.finish().clarification()).isEqualTo(ClarificationState.none());
    }

    @Test
    void clarifierAsksInTheUsersLanguageAndWaits() {
        RequestEnvelope env = Pipeline.envelope("какой обычно дневной диапазон?", null, true)
                .withIntent("data", "ru", "x");
        env = new UnderstanderHandler(() -> Pipeline.COVERAGE).handle(env).envelope();
        // a chat that starts with a question back is named all the same
        assertThat(ChatState.suggestedTitle(env)).isNotBlank();
        StageOutcome o = new ClarifierHandler().handle(env);
        assertThat(o.finish().clarification().rounds()).isEqualTo(1);
        assertThat(o.finish().clarification().originalQuestion()).isEqualTo("какой обычно дневной диапазон?");

        assertThat(fields(o.input())).containsExactlyInAnyOrder("required", "optional", "context", "question",
                "lang", "memory_context");
        assertThat(fields(o.output())).containsExactly("response");
        String response = o.output().get("response").asText();
        assertThat(response).startsWith("Какую сессию смотреть: RTH");
        assertThat(o.finish().route()).isEqualTo("clarify");
        assertThat(o.finish().response()).isEqualTo(response);
        assertThat(o.finish().clarification().awaiting()).isTrue();
        assertThat(o.messages()).extracting(StageOutcome.ClientMessage::type).containsExactly(EventType.ANSWER);
    }

    @Test
    void parserWritesStepsTheSeedWay() {
        RequestEnvelope env = start("q").withUnderstanding(Json.object(),
                "list top 5 days by range descending in 2024 where session = ETH");
        StageOutcome o = new ParserHandler().handle(env);

        assertThat(fields(o.input())).containsExactlyInAnyOrder("question", "chunks_used");
        assertThat(fields(o.output())).containsExactlyInAnyOrder("raw_output", "parsed_query", "thoughts",
                "validator_changes");
        assertThat(o.output().get("parsed_query").toString()).isEqualTo("[{\"id\":\"s1\",\"operation\":\"list\","
                + "\"atoms\":[{\"when\":\"2024\",\"what\":\"range\",\"filter\":\"session = ETH\",\"timeframe\":\"1D\"}],"
                + "\"params\":{\"n\":5,\"sort\":\"desc\"}}]");
        assertThat(o.output().at("/raw_output/steps")).isEqualTo(o.output().get("parsed_query"));
        assertThat(o.output().get("validator_changes")).isEmpty();
        assertThat(o.next()).isEqualTo(Stage.PLANNER);
        assertThat(o.envelope().parsedQuery()).isEqualTo(o.output().get("parsed_query"));

        StageOutcome nothing = new ParserHandler().handle(start("q").withUnderstanding(Json.object(),
                "blorp the frobnicator"));
        assertThat(nothing.output().get("parsed_query")).isEmpty();
        assertThat(nothing.next()).isEqualTo(Stage.PRESENTER);
    }

    @Test
    void plannerResolvesPeriodsAndReportsErrorsPerStep() {
        JsonNode steps = Json.parse("""
                [{"id":"s1","operation":"count","atoms":[{"when":"this year","what":"days",
                  "filter":"is_green = 1, session = RTH","timeframe":"1D"}],"params":{}},
                 {"id":"s2","operation":"list","atoms":[{"when":"last fortnight","what":"range"}],"params":{}},
                 {"id":"s3","operation":"count","atoms":[{"when":"2024","what":"days","filter":"rsi > 70"}]},
                 {"id":"s4","operation":"teleport","atoms":[{"when":"2024","what":"range"}]},
                 {"id":"s5","operation":"list","atoms":[{"when":"2030","what":"range"}]}]""");
        StageOutcome o = new PlannerHandler(() -> Pipeline.COVERAGE).handle(start("q").withParsedQuery(steps));

        assertThat(fields(o.input())).containsExactly("parsed_query");
        assertThat(fields(o.output())).containsExactlyInAnyOrder("execution_plan", "plan_errors");
        assertThat(o.output().get("execution_plan")).hasSize(1);
        JsonNode plan = o.output().at("/execution_plan/0");
        assertThat(plan.at("/period/from").asText()).isEqualTo("2026-01-01");
        assertThat(plan.at("/period/to").asText()).isEqualTo("2026-03-05");
        assertThat(plan.get("session").asText()).isEqualTo("RTH");
        assertThat(o.output().get("plan_errors").toString())
                .contains("Step s2:").contains("'last fortnight'")
                .contains("Step s3:").contains("rsi")
                .contains("Step s4:").contains("teleport")
                .contains("Step s5:").contains("after the last day of the data");
        assertThat(o.next()).isEqualTo(Stage.EXECUTOR);
        assertThat(o.usage()).isNull();

        StageOutcome none = new PlannerHandler(() -> Pipeline.COVERAGE).handle(start("q"));
        assertThat(none.next()).isEqualTo(Stage.PRESENTER);
        assertThat(none.output().get("plan_errors").toString()).contains("parsed_query is missing");
    }

    @Test
    void responderAnswersChitchatConceptsAndOffTopic() {
        assertThat(respond("hi", "chitchat").finish().response()).startsWith("Hi!");
        assertThat(respond("привет", "chitchat").finish().response()).startsWith("Привет!");
        assertThat(respond("tell me a joke", "chitchat").finish().response()).contains("NQ");
        StageOutcome concept = respond("what is an inside day?", "concept");
        assertThat(concept.finish().route()).isEqualTo("concept");
        assertThat(concept.finish().response()).contains("previous day's high").contains("previous day's low");
        StageOutcome ru = respond("что такое inside day?", "concept");
        assertThat(ru.finish().response()).contains("хай ниже хая предыдущего дня");
        assertThat(respond("what is NR7?", "concept").finish().response()).contains("narrowest").contains("seven");
        assertThat(respond("what is OPEX", "concept").finish().response()).contains("third Friday");
        assertThat(respond("что такое доджи", "concept").finish().response()).contains("открытие и закрытие");

        StageOutcome o = respond("hi", "chitchat");
        assertThat(fields(o.input())).containsExactlyInAnyOrder("question", "lang");
        assertThat(fields(o.output())).containsExactly("response");
        assertThat(o.finish().route()).isEqualTo("chitchat");
        assertThat(o.messages()).extracting(StageOutcome.ClientMessage::type).containsExactly(EventType.ANSWER);
    }

    @Test
    void askedWhatDataBarbHasTheResponderTellsTheDatesOfTheLoadedData() {
        IntentClassifier.Result r = IntentClassifier.classify("how far back does your data go");
        assertThat(r.intent()).isEqualTo("chitchat");
        StageOutcome o = new ResponderHandler(() -> Pipeline.COVERAGE)
                .handle(start("how far back does your data go").withIntent(r.intent(), r.lang(), r.internalQuery()));
        assertThat(o.finish().response()).contains("2008-01-02").contains("2026-03-05");
        StageOutcome ru = new ResponderHandler(() -> Pipeline.COVERAGE)
                .handle(start("какая глубина истории?").withIntent("chitchat", "ru", "какая глубина истории?"));
        assertThat(ru.finish().response()).contains("с 2008-01-02 по 2026-03-05");
    }

    private static StageOutcome respond(String question, String expectedIntent) {
        IntentClassifier.Result r = IntentClassifier.classify(question);
        assertThat(r.intent()).as(question).isEqualTo(expectedIntent);
        return new ResponderHandler().handle(start(question).withIntent(r.intent(), r.lang(), r.internalQuery()));
    }
}
