package barb.launcher;

import barb.core.RequestEnvelope;
import barb.core.Stage;
import barb.core.StageHandler;
import barb.core.StageOutcome;

import java.time.Duration;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ThreadLocalRandom;
import java.util.function.DoubleSupplier;

/**
 * For benchmarks: makes the stages a language model would run (BARB_LLM) take as long as a model call, so that a
 * load test with the rules agents shows whether concurrency, not partitions, bounds throughput when each stage
 * waits about a second. BARB_SIMULATED_LLM_MS = "LOW-HIGH": each call sleeps a log-normal time whose 5th and 95th
 * percentiles are LOW and HIGH milliseconds, then runs the real handler. Unset (the default): no delay.
 */
record SimulatedModelLatency(double mu, double sigma) {
    /** The stages that have a model implementation (gemini-agents). */
    static final Set<Stage> MODEL_STAGES = Set.of(Stage.INTENT, Stage.UNDERSTANDER, Stage.CLARIFIER,
            Stage.CLARIFY_CONTINUE, Stage.PARSER, Stage.PRESENTER);
    static final String VARIABLE = "BARB_SIMULATED_LLM_MS";
    private static final double Z95 = 1.6448536269514722;

    /** The configured latency, or null when BARB_SIMULATED_LLM_MS is unset or empty. */
    static SimulatedModelLatency fromEnv(Map<String, String> env) {
        String value = env.get(VARIABLE);
        if (value == null || value.isBlank()) {
            return null;
        }
        String[] bounds = value.strip().split("-");
        try {
            if (bounds.length == 2) {
                return between(Double.parseDouble(bounds[0].strip()), Double.parseDouble(bounds[1].strip()));
            }
        } catch (NumberFormatException e) {
            // reported below
        }
        throw new IllegalArgumentException(VARIABLE + " must be LOW-HIGH in milliseconds, e.g. 500-1500, not '"
                + value + "'");
    }

    /** A log-normal with these 5th and 95th percentiles, in milliseconds. */
    static SimulatedModelLatency between(double low, double high) {
        if (!(low > 0) || !(high >= low) || high > 600_000) {
            throw new IllegalArgumentException(VARIABLE + ": need 0 < LOW <= HIGH <= 600000 ms, got " + low + "-"
                    + high);
        }
        return new SimulatedModelLatency(Math.log(Math.sqrt(low * high)), Math.log(high / low) / (2 * Z95));
    }

    Duration sample(DoubleSupplier standardNormal) {
        return Duration.ofNanos((long) (Math.exp(mu + sigma * standardNormal.getAsDouble()) * 1e6));
    }

    /** The handler itself for a stage no model runs; otherwise one that waits a sampled time first. */
    StageHandler around(StageHandler handler) {
        if (!MODEL_STAGES.contains(handler.stage())) {
            return handler;
        }
        return new StageHandler() {
            @Override
            public Stage stage() {
                return handler.stage();
            }

            @Override
            public StageOutcome handle(RequestEnvelope envelope) throws Exception {
                // interruptible: a cancelled request stops waiting at once
                Thread.sleep(sample(() -> ThreadLocalRandom.current().nextGaussian()));
                return handler.handle(envelope);
            }
        };
    }
}
