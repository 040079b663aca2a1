package barb.launcher;

import barb.core.ConsumerGroups;
import barb.core.Json;
import barb.core.Stage;
import barb.core.TopicCreator;
import barb.core.Topics;
import barb.embedded.FreePorts;
import barb.embedded.SharedInfra;
import com.fasterxml.jackson.databind.JsonNode;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

/** {@code barb lag} against the shared broker, and every way it can be pointed wrong. */
class LagCommandTest {
    private final StringWriter out = new StringWriter();
    private final StringWriter err = new StringWriter();

    @BeforeAll
    static void topics() {
        TopicCreator.ensure(SharedInfra.kafka().bootstrap(), Topics.all(3, 86_400_000L), (short) 1);
    }

    private int run(Map<String, String> env, String... args) {
        LagCommand command = new LagCommand();
        command.env = env;
        CommandLine cli = new CommandLine(command);
        cli.setOut(new PrintWriter(out, true));
        cli.setErr(new PrintWriter(err, true));
        return cli.execute(args);
    }

    private static Map<String, String> env(Path dataDir) {
        Map<String, String> env = new HashMap<>();
        env.put("BARB_DATA_DIR", dataDir.toString());
        return env;
    }

    @Test
    void jsonListsEveryGroupWithItsPartitionsAndStatus(@TempDir Path dir) {
        int code = run(env(dir), "--bootstrap", SharedInfra.kafka().bootstrap(), "--json", "--samples", "2",
                "--interval", "0.2");

        assertThat(code).as(err.toString()).isZero();
        JsonNode snapshot = Json.parse(out.toString().strip());
        assertThat(snapshot.path("sampled_at").asText()).matches("\\d{4}-\\d\\d-\\d\\dT.*Z");
        assertThat(snapshot.path("admin_calls").asInt()).isGreaterThanOrEqualTo(4);
        assertThat(snapshot.path("read_ms").isIntegralNumber()).isTrue();
        JsonNode groups = snapshot.path("groups");
        assertThat(groups).hasSize(Stage.values().length + 2);
        assertThat(groups.get(0).path("group").asText()).isEqualTo(Stage.INTENT.groupId());
        JsonNode sink = groups.get(groups.size() - 2);
        assertThat(sink.path("group").asText()).isEqualTo("barb-trace-sink");
        assertThat(sink.path("topics")).extracting(JsonNode::asText).containsExactly(Topics.EVENTS);
        // The ops figures' Streams application reads the events and the dead letters (and its repartition topic,
        // once it ran against this broker).
        JsonNode figures = groups.get(groups.size() - 1);
        assertThat(figures.path("group").asText()).isEqualTo(ConsumerGroups.FIGURES);
        assertThat(figures.path("topics")).extracting(JsonNode::asText)
                .containsExactly(Topics.EVENTS, Topics.DLQ, ConsumerGroups.FIGURES_REPARTITION);
        assertThat(figures.path("partitions")).extracting(p -> p.path("topic").asText())
                .contains(Topics.EVENTS, Topics.DLQ);
        for (JsonNode g : groups) {
            assertThat(g.path("status").asText()).isIn("OK", "WARN", "ERR");
            assertThat(g.path("sum_lag").isIntegralNumber()).isTrue();
            assertThat(g.path("max_lag").isIntegralNumber()).isTrue();
            assertThat(g.path("members").isIntegralNumber()).isTrue();
            assertThat(g.path("state").asText()).isNotBlank();
            if (!g.path("group").asText().equals(ConsumerGroups.FIGURES)) {
                assertThat(g.path("partitions")).hasSize(3);
            }
            for (JsonNode p : g.path("partitions")) {
                assertThat(p.path("partition").isIntegralNumber()).isTrue();
                assertThat(p.path("log_end_offset").isIntegralNumber()).isTrue();
                assertThat(p.path("lag").isIntegralNumber()).isTrue();
                assertThat(p.path("status").asText()).isIn("OK", "WARN", "STOP", "STALL", "REWIND");
            }
        }
    }

    @Test
    void findsTheBrokerOfARunningBarbUpInTheDataFolder(@TempDir Path dir) throws Exception {
        Files.createDirectories(dir.resolve("kafka"));
        Files.writeString(dir.resolve("kafka/server.properties"), "listeners=PLAINTEXT://127.0.0.1:1\n"
                + "advertised.listeners=PLAINTEXT\\://" + SharedInfra.kafka().bootstrap() + "\n");

        int code = run(env(dir), "--samples", "1");

        assertThat(code).as(err.toString()).isZero();
        String text = out.toString();
        assertThat(text).containsPattern("GROUP\\s+TOPIC\\s+PARTITION\\s+CURRENT-OFFSET\\s+LOG-END-OFFSET\\s+LAG"
                + "\\s+TIME-LAG\\s+STATUS\\s+CLIENT-ID");
        assertThat(text).containsPattern("\\nbarb-stage-parser\\s+barb\\.stage\\.parser\\.v1\\s+0\\s+");
        assertThat(text).containsPattern("\\nbarb-trace-sink\\s+(OK|WARN|ERR)\\s+\\d+");
    }

    @Test
    void aBadBootstrapIsNamedWithoutAStackTrace(@TempDir Path dir) {
        int code = run(env(dir), "--bootstrap", "localhost");

        assertThat(code).isEqualTo(2);
        assertThat(err.toString()).contains("barb lag: 'localhost' is not host:port")
                .doesNotContain("Exception").doesNotContain("\tat ");
    }

    @Test
    void anUnreachableKafkaIsAClearErrorAndANonZeroExit(@TempDir Path dir) {
        String nowhere = "127.0.0.1:" + FreePorts.pick();
        int code = run(env(dir), "--bootstrap", nowhere, "--timeout", "2");

        assertThat(code).isEqualTo(1);
        assertThat(err.toString()).contains("cannot reach Kafka at " + nowhere).contains("--bootstrap")
                .doesNotContain("\tat ");
    }

    @Test
    void withNoKafkaAnywhereItSaysHowToNameOne(@TempDir Path dir) {
        int code = run(env(dir));

        assertThat(code).isEqualTo(2);
        assertThat(err.toString()).contains("no Kafka to read: give --bootstrap host:port");
    }

    @Test
    void refusesNonsenseOptions(@TempDir Path dir) {
        assertThat(run(env(dir), "--interval", "0")).isEqualTo(2);
        assertThat(run(env(dir), "--samples", "0")).isEqualTo(2);
        assertThat(err.toString()).contains("--interval must be").contains("--samples must be");
    }
}
