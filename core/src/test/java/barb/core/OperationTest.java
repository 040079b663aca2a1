package barb.core;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

class OperationTest {
    @Test
    void parsesWireNamesWhateverTheCase() {
        assertThat(Operation.parse("top_n")).contains(Operation.TOP_N);
        assertThat(Operation.parse(" Gap_Fill ")).contains(Operation.GAP_FILL);
        assertThat(Operation.parse("topn")).isEmpty();
        assertThat(Operation.parse(null)).isEmpty();
        assertThat(Operation.SNAPSHOT.wireName()).isEqualTo("snapshot");
        assertThat(Operation.COUNT.is("COUNT")).isTrue();
        assertThat(Operation.COUNT.is("list")).isFalse();
    }
}
