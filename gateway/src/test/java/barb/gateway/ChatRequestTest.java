package barb.gateway;

import org.junit.jupiter.api.Test;

import java.nio.charset.StandardCharsets;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class ChatRequestTest {
    private static ChatRequest parse(String json, int max) {
        return ChatRequest.parse(json.getBytes(StandardCharsets.UTF_8), max);
    }

    @Test
    void readsMessageAndOptionalChatId() {
        ChatRequest r = parse("{\"message\": \" hi \", \"chat_id\": \"3F2504E0-4F89-11D3-9A0C-0305E82C3301\","
                + " \"session_id\": \"ignored\"}", 10);
        assertThat(r.message()).isEqualTo("hi");
        assertThat(r.chatId()).isEqualTo("3f2504e0-4f89-11d3-9a0c-0305e82c3301");
        assertThat(parse("{\"message\": \"hi\", \"chat_id\": null}", 10).chatId()).isNull();
        assertThat(parse("{\"message\": \"hi\"}", 10).chatId()).isNull();
    }

    @Test
    void countsCharactersNotUtf16Units() {
        String emoji = "\uD83D\uDE00".repeat(4);
        assertThat(parse("{\"message\": \"" + emoji + "\"}", 4).message()).isEqualTo(emoji);
        assertThatThrownBy(() -> parse("{\"message\": \"" + emoji + "x\"}", 4))
                .isInstanceOf(HttpError.class).hasMessageStartingWith("message:").hasMessageContaining("got 5");
    }

    @Test
    void namesTheBadField() {
        assertThatThrownBy(() -> parse("", 10)).hasMessageStartingWith("body:");
        assertThatThrownBy(() -> parse("\"text\"", 10)).hasMessageStartingWith("body:");
        assertThatThrownBy(() -> parse("{\"message\": null}", 10)).hasMessage("message: required");
        assertThatThrownBy(() -> parse("{\"message\": [\"a\"]}", 10)).hasMessage("message: must be a string");
        assertThatThrownBy(() -> parse("{\"message\": \"\\n\\t\"}", 10)).hasMessage("message: must not be blank");
        assertThatThrownBy(() -> parse("{\"message\": \"hi\", \"chat_id\": {}}", 10))
                .hasMessageStartingWith("chat_id:");
        assertThatThrownBy(() -> parse("{\"message\": \"hi\", \"chat_id\": \"\"}", 10))
                .hasMessage("chat_id: not a UUID");
        assertThatThrownBy(() -> parse("{\"message\": \"hi\", \"chat_id\": \"zzzzzzzz-4f89-11d3-9a0c-0305e82c3301\"}",
                10)).hasMessage("chat_id: not a UUID");
    }

    @Test
    void removesNulAndOtherControlCharactersButKeepsTabsAndLineBreaks() {
        assertThat(parse("{\"message\": \"top\\u0000 5\\u0007 days\\tby\\nrange\\r\"}", 100).message())
                .isEqualTo("top 5 days\tby\nrange");
    }

    @Test
    void replacesALoneSurrogateWhichUtf8CannotCarry() {
        assertThat(parse("{\"message\": \"a\\ud800b \\ud83d\\ude00\"}", 100).message())
                .isEqualTo("a\uFFFDb \uD83D\uDE00");
    }

    @Test
    void refusesTextThatIsNothingButControlCharacters() {
        assertThatThrownBy(() -> parse("{\"message\": \"\\u0000\\u0001 \\u001b\"}", 100))
                .isInstanceOf(HttpError.class).hasMessage("message: has no text, only control characters");
    }
}
