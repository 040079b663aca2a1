package barb.embedded;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.net.InetAddress;
import java.net.ServerSocket;
import java.nio.file.Path;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** Issue 13 §5: the broker keeps its port across restarts, so workers started beside it find it again. */
class EmbeddedKafkaTest {

    @Test
    void aRestartedBrokerListensOnTheSamePortAgain(@TempDir Path dir) throws Exception {
        int port = FreePorts.pick();
        String first;
        try (EmbeddedKafka kafka = EmbeddedKafka.start(dir, port)) {
            first = kafka.bootstrap();
        }
        try (EmbeddedKafka again = EmbeddedKafka.start(dir, port)) {
            assertThat(again.bootstrap()).isEqualTo(first).isEqualTo("127.0.0.1:" + port);
        }
    }

    @Test
    void aTakenPortIsRefusedWithWhatToDo(@TempDir Path dir) throws Exception {
        try (ServerSocket taken = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            assertThatThrownBy(() -> EmbeddedKafka.start(dir, taken.getLocalPort()))
                    .isInstanceOf(IllegalStateException.class)
                    .hasMessageContaining("port " + taken.getLocalPort())
                    .hasMessageContaining("BARB_KAFKA_PORT");
        }
    }
}
