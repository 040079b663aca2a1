package barb.embedded;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

class FreePortsTest {
    @Test
    void aPortPickedBesideAnotherIsNeverThatOne() {
        // a port just picked is free again at once, so a second plain pick may return it
        for (int i = 0; i < 200; i++) {
            int first = FreePorts.pick();
            int second = FreePorts.pickOtherThan(first);
            assertThat(second).isNotEqualTo(first);
            assertThat(FreePorts.isFree(second)).isTrue();
        }
    }
}
