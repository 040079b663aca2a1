package barb.launcher;

import barb.core.RequestEnvelope;
import barb.core.Stage;
import barb.core.StageHandler;
import barb.core.StageOutcome;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.Arrays;
import java.util.Map;
import java.util.Random;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class SimulatedModelLatencyTest {
    @Test
    void unsetMeansNoDelay() {
        assertThat(SimulatedModelLatency.fromEnv(Map.of())).isNull();
        assertThat(SimulatedModelLatency.fromEnv(Map.of("BARB_SIMULATED_LLM_MS", " "))).isNull();
    }

    @Test
    void samplesFallBetweenTheGivenPercentilesNineTimesInTen() {
        SimulatedModelLatency latency = SimulatedModelLatency.fromEnv(Map.of("BARB_SIMULATED_LLM_MS", "500-1500"));
        Random random = new Random(7);
        long[] ms = new long[20_000];
        for (int i = 0; i < ms.length; i++) {
            ms[i] = latency.sample(random::nextGaussian).toMillis();
        }
        Arrays.sort(ms);
        assertThat(ms[ms.length * 5 / 100]).isBetween(470L, 530L);
        assertThat(ms[ms.length * 95 / 100]).isBetween(1400L, 1600L);
        assertThat(ms[ms.length / 2]).as("median = geometric mean of the bounds").isBetween(830L, 900L);
    }

    @Test
    void aBadValueIsRefusedByName() {
        for (String bad : new String[]{"fast", "1500-500", "0-10", "500", "a-b"}) {
            assertThatThrownBy(() -> SimulatedModelLatency.fromEnv(Map.of("BARB_SIMULATED_LLM_MS", bad)))
                    .as(bad).isInstanceOf(IllegalArgumentException.class).hasMessageContaining("BARB_SIMULATED_LLM_MS");
        }
    }

    @Test
    void onlyTheStagesAModelWouldRunWait() throws Exception {
        SimulatedModelLatency latency = SimulatedModelLatency.between(40, 60);
        StageHandler planner = handler(Stage.PLANNER);
        assertThat(latency.around(planner)).isSameAs(planner);
        StageHandler parser = latency.around(handler(Stage.PARSER));
        assertThat(parser.stage()).isEqualTo(Stage.PARSER);
        long start = System.nanoTime();
        assertThat(parser.handle(null)).isNull();
        // a lower bound only: the sleep cannot be shorter than the smallest plausible sample
        assertThat(Duration.ofNanos(System.nanoTime() - start)).isGreaterThan(Duration.ofMillis(15));
    }

    private static StageHandler handler(Stage stage) {
        return new StageHandler() {
            @Override
            public Stage stage() {
                return stage;
            }

            @Override
            public StageOutcome handle(RequestEnvelope envelope) {
                return null;
            }
        };
    }
}
