package barb.gateway;

import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import java.io.ByteArrayOutputStream;
import java.io.OutputStream;
import java.io.PrintStream;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.logging.Handler;
import java.util.logging.Level;
import java.util.logging.LogRecord;
import java.util.logging.Logger;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/**
 * A client that drops its connection in the middle of sending a body (issue 13 §5: each drop wrote a 38-line ERROR
 * stack trace) costs one INFO line, and the gateway serves the next request as before.
 */
class ClientDisconnectLogTest {
    private static final Logger HELIDON = Logger.getLogger("io.helidon");
    private static Gateway gateway;

    @BeforeAll
    static void start() throws Exception {
        gateway = Gateway.start(GatewayConfig.fromEnv(Map.of("BARB_HTTP_PORT", "0")), TestInfra.kafka(),
                TestInfra.db());
    }

    @AfterAll
    static void stop() {
        if (gateway != null) {
            gateway.close();
        }
    }

    @Test
    void aDroppedUploadIsOneInfoLineWithoutAStackTrace() throws Exception {
        PrintStream original = System.err;
        ByteArrayOutputStream captured = new ByteArrayOutputStream();
        // Helidon itself logs through java.util.logging, whose console handler keeps the stderr it started with.
        List<LogRecord> helidonWarnings = new CopyOnWriteArrayList<>();
        Handler recorder = new Handler() {
            @Override
            public void publish(LogRecord r) {
                if (r.getLevel().intValue() >= Level.WARNING.intValue()) {
                    helidonWarnings.add(r);
                }
            }

            @Override
            public void flush() {
            }

            @Override
            public void close() {
            }
        };
        HELIDON.addHandler(recorder);
        // slf4j-simple looks System.err up at every line, so the gateway's log lands here too.
        System.setErr(new PrintStream(new TeeStream(original, captured), true, StandardCharsets.UTF_8));
        try {
            for (String path : new String[]{"/chat/stream", "/chats"}) {
                dropMidUpload(path);
            }
            await().atMost(Duration.ofSeconds(30)).until(() -> log(captured)
                    .split("went away while sending its body", -1).length - 1 >= 2);
        } finally {
            System.setErr(original);
            HELIDON.removeHandler(recorder);
        }
        String log = log(captured);
        assertThat(log).contains("INFO barb.gateway.Gateway - POST /chat/stream: the client went away while "
                + "sending its body");
        assertThat(log).contains("INFO barb.gateway.Gateway - POST /chats: the client went away");
        assertThat(log).doesNotContain("ERROR barb.gateway").doesNotContain("\tat ");
        assertThat(helidonWarnings).extracting(LogRecord::getMessage).isEmpty();
        assertThat(new SseClient(gateway.port()).get("/healthz").status()).isEqualTo(200);
    }

    /** Declares a 5000-byte JSON body, sends 20 bytes of it and hangs up. */
    private static void dropMidUpload(String path) throws Exception {
        try (Socket s = new Socket("127.0.0.1", gateway.port())) {
            OutputStream out = s.getOutputStream();
            out.write(("POST " + path + " HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\n"
                    + "Content-Length: 5000\r\n\r\n{\"message\": \"a long q").getBytes(StandardCharsets.US_ASCII));
            out.flush();
        }
    }

    private static String log(ByteArrayOutputStream captured) {
        synchronized (captured) {
            return captured.toString(StandardCharsets.UTF_8);
        }
    }

    /** Writes to the real stderr and keeps a copy. */
    private static final class TeeStream extends OutputStream {
        private final OutputStream first;
        private final ByteArrayOutputStream copy;

        TeeStream(OutputStream first, ByteArrayOutputStream copy) {
            this.first = first;
            this.copy = copy;
        }

        @Override
        public void write(int b) throws java.io.IOException {
            first.write(b);
            synchronized (copy) {
                copy.write(b);
            }
        }

        @Override
        public void write(byte[] b, int off, int len) throws java.io.IOException {
            first.write(b, off, len);
            synchronized (copy) {
                copy.write(b, off, len);
            }
        }

        @Override
        public void flush() throws java.io.IOException {
            first.flush();
        }
    }
}
