package barb.launcher;

import barb.embedded.FreePorts;
import barb.embedded.SharedInfra;
import org.junit.jupiter.api.Test;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Issue 13 §2 and §3, bounded: the multi-process layout (broker and PostgreSQL as their own processes, two
 * gateways, two agent processes, an executor, the trace-sink) under light load from both gateways, while an
 * agent worker process is SIGKILLed and restarted twice and PostgreSQL is stopped for a few seconds. Every request
 * must end by its deadline with an answer or an explicit error, no stream may carry another request's events or
 * an answer twice, no accepted request may lack its chat log, and nothing may be counted twice.
 */
class ChaosLayoutTest {
    @Test
    void killsAndADatabaseOutageUnderLoadLoseNothingAndDuplicateNothing() throws Exception {
        Path dir = SharedInfra.tempDir("barb-chaos");
        Map<String, String> env = Map.of(
                "BARB_DATA_FROM", "2023-11-01",
                "BARB_DATA_TO", "2024-12-31",
                "BARB_TOPIC_PARTITIONS", "3",
                "BARB_REQUEST_TIMEOUT_SECONDS", "45");
        Layout.Settings settings = new Layout.Settings(dir.resolve("state"), dir.resolve("data"), FreePorts.pick(),
                FreePorts.pick(), twoFreePorts(), 2, 2, 1, true, "192m", env);
        ChaosBench.Plan plan = new ChaosBench.Plan(2, Duration.ofSeconds(5), false, 3, Duration.ofSeconds(60));
        ByteArrayOutputStream buf = new ByteArrayOutputStream();
        PrintStream out = new PrintStream(buf, true, StandardCharsets.UTF_8);
        ChaosBench.Report report;
        try {
            report = ChaosBench.run(settings, plan, out);
            report.print(out);
        } finally {
            System.out.println(buf.toString(StandardCharsets.UTF_8));
        }
        assertThat(report.sent()).isPositive();
        assertThat(report.answered()).isPositive();
        assertThat(report.notEnded()).as("requests without an answer or an explicit error by their deadline").isZero();
        assertThat(report.streamProblems()).isZero();
        assertThat(report.chatLogsLost()).isZero();
        assertThat(report.duplicateTraceRows()).isZero();
        assertThat(report.duplicateChatLogs()).isZero();
        assertThat(report.statsMismatches()).isZero();
        assertThat(report.clean()).isTrue();
    }

    /** A free port whose next one is free too: the two gateways listen on consecutive ports. */
    private static int twoFreePorts() {
        for (int i = 0; i < 50; i++) {
            int p = FreePorts.pick();
            if (p < 65_535 && FreePorts.isFree(p + 1)) {
                return p;
            }
        }
        throw new IllegalStateException("no two consecutive free ports");
    }
}
