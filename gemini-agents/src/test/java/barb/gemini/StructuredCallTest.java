package barb.gemini;

import barb.core.StageException;
import barb.core.Usage;
import com.fasterxml.jackson.databind.JsonNode;
import com.google.genai.types.Schema;
import com.google.genai.types.Type;
import org.junit.jupiter.api.Test;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class StructuredCallTest {
    private static final Schema SCHEMA = Schema.builder().type(Type.Known.OBJECT).build();
    private static final Usage ONE_CALL = new Usage(10, 2, 0, 0, 0.001);

    /** A model that answers from a list and remembers the user texts. */
    private static final class ScriptedModel implements GeminiCaller {
        final Deque<String> answers;
        final List<String> userTexts = new ArrayList<>();

        ScriptedModel(String... answers) {
            this.answers = new ArrayDeque<>(List.of(answers));
        }

        @Override
        public GeminiClient.Reply call(String agent, String systemInstruction, String userText, Schema responseSchema) {
            userTexts.add(userText);
            return new GeminiClient.Reply(answers.removeFirst(), ONE_CALL, 1, "m");
        }
    }

    private static String needsCount(JsonNode node) {
        if (!node.path("count").isInt()) {
            throw new IllegalArgumentException("count must be a whole number");
        }
        return "count=" + node.get("count").asInt();
    }

    @Test
    void aValidFirstAnswerNeedsOneCall() throws Exception {
        ScriptedModel model = new ScriptedModel("{\"count\": 3}");
        StructuredCall.Result<String> result = new StructuredCall(model)
                .call("parser", "sys", "q", SCHEMA, StructuredCallTest::needsCount);
        assertThat(result).isEqualTo(new StructuredCall.Result<>("count=3", ONE_CALL, 1, false));
        assertThat(model.userTexts).containsExactly("q");
    }

    @Test
    void anEmptyAnswerAndTrailingGarbageAreRepaired() throws Exception {
        ScriptedModel empty = new ScriptedModel("", "{\"count\": 1}");
        StructuredCall.Result<String> fromEmpty = new StructuredCall(empty)
                .call("parser", "sys", "q", SCHEMA, StructuredCallTest::needsCount);
        assertThat(fromEmpty.repaired()).isTrue();
        assertThat(fromEmpty.usage()).isEqualTo(ONE_CALL.plus(ONE_CALL));
        assertThat(empty.userTexts.get(1)).contains("Your previous output was invalid: the output was empty.");

        ScriptedModel trailing = new ScriptedModel("{\"count\": 1} and more", "{\"count\": 2}");
        StructuredCall.Result<String> fromTrailing = new StructuredCall(trailing)
                .call("parser", "sys", "q", SCHEMA, StructuredCallTest::needsCount);
        assertThat(fromTrailing.value()).isEqualTo("count=2");
        assertThat(trailing.userTexts.get(1)).contains("not valid JSON");
    }

    @Test
    void aValidatorReturningNothingIsInvalid() {
        ScriptedModel model = new ScriptedModel("{}", "{}");
        assertThatThrownBy(() -> new StructuredCall(model).call("parser", "sys", "q", SCHEMA, node -> null))
                .isInstanceOfSatisfying(StructuredCall.Failure.class,
                        f -> assertThat(f.error()).isEqualTo("the output did not contain the expected value"));
    }

    @Test
    void anUnavailableModelIsNotTurnedIntoAFailure() {
        GeminiCaller down = (agent, system, user, schema) -> {
            throw new StageException("llm_unavailable", "down", false);
        };
        assertThatThrownBy(() -> new StructuredCall(down).call("parser", "sys", "q", SCHEMA, StructuredCallTest::needsCount))
                .isInstanceOf(StageException.class);
    }
}
