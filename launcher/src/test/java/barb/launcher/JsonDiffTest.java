package barb.launcher;

import barb.core.Json;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

class JsonDiffTest {
    @Test
    void pathsNameEachDifferingValue() {
        assertThat(JsonDiff.between(Json.parse("{\"a\":[1,{\"b\":\"x\"}],\"c\":true}"),
                Json.parse("{\"a\":[1,{\"b\":\"y\"},3],\"d\":1}")).stream().map(JsonDiff.Change::toString))
                .containsExactly("a[1].b: \"x\" → \"y\"", "a[2]: (absent) → 3", "c: true → (absent)",
                        "d: (absent) → 1");
    }

    @Test
    void numbersCompareByValueAndNullIsAbsent() {
        assertThat(JsonDiff.same(Json.parse("{\"v\":2,\"n\":null}"), Json.parse("{\"v\":2.0}"))).isTrue();
        assertThat(JsonDiff.same(null, Json.parse("null"))).isTrue();
        assertThat(JsonDiff.between(null, Json.parse("[1]")).getFirst().toString()).isEqualTo("(whole): (absent) → [1]");
    }
}
