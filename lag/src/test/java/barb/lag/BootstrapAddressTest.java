package barb.lag;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class BootstrapAddressTest {
    @Test
    void acceptsHostPortListsAndTrimsThem() {
        assertThat(BootstrapAddress.check("kafka:9092")).isEqualTo("kafka:9092");
        assertThat(BootstrapAddress.check(" a:1 , b.example.com:9093")).isEqualTo("a:1,b.example.com:9093");
        assertThat(BootstrapAddress.check("[::1]:9092")).isEqualTo("[::1]:9092");
    }

    @Test
    void namesTheEntryThatIsWrong() {
        assertThatThrownBy(() -> BootstrapAddress.check("localhost")).hasMessage("'localhost' is not host:port");
        assertThatThrownBy(() -> BootstrapAddress.check("a:1,b:x")).hasMessage("'b:x' has no valid port");
        assertThatThrownBy(() -> BootstrapAddress.check("a:70000")).hasMessageContaining("between 1 and 65535");
        assertThatThrownBy(() -> BootstrapAddress.check(":9092")).hasMessage("':9092' is not host:port");
        assertThatThrownBy(() -> BootstrapAddress.check("a:1,")).hasMessage("'' is not host:port");
        assertThatThrownBy(() -> BootstrapAddress.check(" ")).hasMessageContaining("empty");
    }
}
