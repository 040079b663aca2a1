package barb.gateway;

import barb.core.Json;
import com.fasterxml.jackson.databind.JsonNode;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

class PayloadTrimmerTest {
    @Test
    void trimsLongArraysAtAnyDepthAndLeavesTheRest() {
        StringBuilder rows = new StringBuilder("[");
        for (int i = 0; i < 25; i++) {
            rows.append(i == 0 ? "" : ",").append("{\"n\":").append(i).append("}");
        }
        rows.append("]");
        JsonNode in = Json.parse("{\"a\": {\"rows\": " + rows + "}, \"short\": [1, 2], \"s\": \"x\", \"n\": null}");

        JsonNode out = PayloadTrimmer.trim(in);

        JsonNode trimmed = out.at("/a/rows");
        assertThat(trimmed.size()).isEqualTo(21);
        assertThat(trimmed.get(19).get("n").asInt()).isEqualTo(19);
        assertThat(Json.toString(trimmed.get(20))).isEqualTo("{\"truncated\":true,\"shown\":20,\"total\":25}");
        assertThat(out.get("short")).isEqualTo(in.get("short"));
        assertThat(out.get("s").asText()).isEqualTo("x");
        assertThat(out.get("n").isNull()).isTrue();
        assertThat(in.at("/a/rows").size()).as("input untouched").isEqualTo(25);
    }

    @Test
    void keepsAnArrayOfExactlyTheLimit() {
        JsonNode in = Json.tree(java.util.stream.IntStream.range(0, 20).boxed().toList());
        assertThat(PayloadTrimmer.trim(in)).isEqualTo(in);
        assertThat(PayloadTrimmer.trim(null)).isNull();
    }
}
