package barb.core;

import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;

import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The stage meters of one process, in the registry the process exposes (the gateway's {@code /metrics} in
 * {@code barb up}, where every worker runs in one JVM). Passed in rather than global, so tests and several stacks
 * in one JVM do not count into each other.
 */
public final class PipelineMetrics {
    private final MeterRegistry registry;
    private final Map<String, StageMetrics> byStage = new ConcurrentHashMap<>();

    public PipelineMetrics(MeterRegistry registry) {
        this.registry = registry;
    }

    /** For a process that exposes no metrics: the meters count, nobody reads them. */
    public static PipelineMetrics unexposed() {
        return new PipelineMetrics(new SimpleMeterRegistry());
    }

    /** The meters of one stage; workers of the same stage share them. */
    public StageMetrics stage(String agent) {
        return byStage.computeIfAbsent(agent, a -> new StageMetrics(registry, a));
    }
}
