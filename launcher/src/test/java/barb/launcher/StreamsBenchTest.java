package barb.launcher;

import org.junit.jupiter.api.Test;
import picocli.CommandLine;

import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

class StreamsBenchTest {
    @Test
    void holdsIdleStreamsOnAGatewayAndSeesThemFreedWhenTheClientsLeave() throws Exception {
        // a gateway alone: requests are queued and nothing answers them, so every stream idles on heartbeats
        try (BarbStack stack = TestStack.startGateway("streams-bench", Map.of("BARB_SSE_HEARTBEAT_SECONDS", "1"))) {
            int exit = new CommandLine(new StreamsBench()).execute("--url",
                    "http://127.0.0.1:" + stack.httpPort(), "--count", "40", "--open-timeout", "60",
                    "--pid", Long.toString(ProcessHandle.current().pid()));
            assertThat(exit).as("every stream opened, none failed, all freed after the clients left").isZero();
        }
    }
}
