package barb.core;

import org.junit.jupiter.api.Test;

import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** The agent contracts of seed 000 §2 and seed 004: their JSON shape and what each validator refuses. */
class AgentContractsTest {
    private static final NeedClarification SESSION = new NeedClarification(
            List.of(new ClarificationItem("session", "RTH and ETH differ", List.of("RTH", "ETH"))), List.of(),
            "User wants the average range");

    @Test
    void intentNeedsAKnownIntentALanguageAndAnInternalQuery() {
        assertThat(new IntentResult("data", "ru", "top 5 days").validated().intent()).isEqualTo("data");
        assertThatThrownBy(() -> new IntentResult("weather", "en", "x").validated()).hasMessageContaining("intent 'weather'");
        assertThatThrownBy(() -> new IntentResult("data", "russian", "x").validated()).hasMessageContaining("lang");
        assertThatThrownBy(() -> new IntentResult("data", "en", " ").validated()).hasMessageContaining("internal_query");
        assertThat(Json.toString(new IntentResult("chitchat", "en", "hi")))
                .isEqualTo("{\"intent\":\"chitchat\",\"lang\":\"en\",\"internal_query\":\"hi\"}");
    }

    @Test
    void anUnderstoodQuestionHasExpandedQueryAndAcknowledgeAndNoClarification() {
        Understanding ok = new Understanding("data", "find extreme days", true, false,
                "list top 5 days by range descending in 2024", "Got it", "Range 2024", null).validated();
        String json = Json.toString(ok);
        assertThat(json).contains("\"goal\":\"find extreme days\"", "\"topic_changed\":false",
                "\"suggested_title\":\"Range 2024\"", "\"need_clarification\":null");
        assertThatThrownBy(() -> new Understanding("data", "g", true, false, null, "ack", null, null).validated())
                .hasMessageContaining("expanded_query");
        assertThatThrownBy(() -> new Understanding("data", "g", true, false, "q", null, null, null).validated())
                .hasMessageContaining("acknowledge");
        assertThatThrownBy(() -> new Understanding("data", "g", true, false, "q", "a", null, SESSION).validated())
                .hasMessageContaining("need_clarification is set");
    }

    @Test
    void aQuestionNotUnderstoodSaysWhatToAsk() {
        Understanding unclear = new Understanding("data", null, false, false, null, null, null, SESSION).validated();
        assertThat(Json.toString(unclear)).contains("\"goal\":null", "\"expanded_query\":null", "\"acknowledge\":null")
                .doesNotContain("suggested_title");
        assertThat(unclear.isOutOfScope()).isFalse();
        assertThatThrownBy(() -> new Understanding("data", null, false, false, null, null, null, null).validated())
                .hasMessageContaining("need_clarification is missing");
        assertThatThrownBy(() -> new Understanding("data", null, false, false, null, null, null,
                new NeedClarification(List.of(), List.of(), "ctx")).validated())
                .hasMessageContaining("neither required nor optional");
        assertThatThrownBy(() -> new Understanding("data", null, false, false, null, null, null,
                new NeedClarification(List.of(new ClarificationItem("", "r", null)), List.of(), null)).validated())
                .hasMessageContaining("required[0].field");
        Understanding out = new Understanding("data", null, false, false, null, null, null, new NeedClarification(
                List.of(new ClarificationItem(Understanding.OUT_OF_SCOPE, "no VIX data", List.of("NQ range"))),
                List.of(), "Question: VIX")).validated();
        assertThat(out.isOutOfScope()).isTrue();
    }

    @Test
    void clarifyContinueHasFourOutcomesAndTheSafetyNet() {
        assertThat(new ClarifyContinueResult(null, "g", true, false, "q", "ack", false, null, null, null, null)
                .validated().outcome()).isEqualTo(ClarifyContinueResult.Outcome.ANSWER_ON_TOPIC);
        assertThat(new ClarifyContinueResult(null, "g", true, true, "q", "ack", false, null, null, null, null)
                .validated().outcome()).isEqualTo(ClarifyContinueResult.Outcome.NEW_REQUEST);
        assertThat(new ClarifyContinueResult("chitchat", null, false, true, null, "ok", false, null, null, null, null)
                .validated().outcome()).isEqualTo(ClarifyContinueResult.Outcome.CANCELLED);
        assertThat(new ClarifyContinueResult(null, "partially understood", false, false, null, null, true, SESSION,
                List.of(ChatMessage.assistant("RTH or ETH?"), ChatMessage.user("hm")), null, null)
                .validated().outcome()).isEqualTo(ClarifyContinueResult.Outcome.STILL_UNCLEAR);
        assertThat(new ClarifyContinueResult(null, null, false, true, null, null, false, null, null, null,
                "Could you rephrase?").validated().outcome()).isEqualTo(ClarifyContinueResult.Outcome.GAVE_UP);
        assertThatThrownBy(() -> new ClarifyContinueResult(null, null, false, false, null, null, true, null, null,
                null, null).validated()).hasMessageContaining("need_clarification is missing");
        assertThatThrownBy(() -> new ClarifyContinueResult(null, "g", true, false, null, "a", false, null, null,
                null, null).validated()).hasMessageContaining("expanded_query");
    }

    @Test
    void parsedStepsNameTheirBrokenField() {
        ParsedStep ok = new ParsedStep("s1", "list", List.of(new Atom("2024", "range", "session = RTH", "1D")),
                Json.object().put("n", 5).put("sort", "desc"));
        assertThat(Json.toString(ok)).isEqualTo("{\"id\":\"s1\",\"operation\":\"list\",\"atoms\":[{\"when\":\"2024\","
                + "\"what\":\"range\",\"filter\":\"session = RTH\",\"timeframe\":\"1D\"}],\"params\":{\"n\":5,\"sort\":\"desc\"}}");
        assertThat(Json.MAPPER.convertValue(Json.tree(ok), ParsedStep.class)).isEqualTo(ok);
        assertThatThrownBy(() -> new ParsedStep("s1", "list", List.of(), null).validated(2))
                .hasMessageContaining("steps[2].atoms");
        assertThatThrownBy(() -> new ParsedStep("s1", "list", List.of(new Atom("2024", " ", null, "1D")), null)
                .validated(0)).hasMessageContaining("steps[0].atoms[0].what");
        ValidatorChange change = new ValidatorChange("fix_timeframe", "timeframe", "steps[0].atoms[0].timeframe",
                Json.MAPPER.getNodeFactory().textNode("1H"), Json.MAPPER.getNodeFactory().textNode("1h"), "lower case");
        assertThat(Json.toString(change)).contains("\"old_value\":\"1H\"", "\"new_value\":\"1h\"", "\"path\":");
    }
}
