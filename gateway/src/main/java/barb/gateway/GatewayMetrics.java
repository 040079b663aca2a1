package barb.gateway;

import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.Timer;

import java.time.Duration;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * The gateway's own meters: {@code barb_gateway_streams_open} (SSE streams being relayed now) and
 * {@code barb_gateway_request_duration_seconds} (from accepting a message to the end of its stream, as the client
 * waits; histogram, label {@code outcome}: done, timeout, failed or client_gone).
 */
final class GatewayMetrics {
    private final MeterRegistry registry;
    private final AtomicInteger openStreams = new AtomicInteger();

    GatewayMetrics(MeterRegistry registry) {
        this.registry = registry;
        Gauge.builder("barb.gateway.streams.open", openStreams, AtomicInteger::get)
                .description("SSE streams the gateway is relaying now").strongReference(true).register(registry);
    }

    void streamOpened() {
        openStreams.incrementAndGet();
    }

    void streamClosed() {
        openStreams.decrementAndGet();
    }

    void requestEnded(String outcome, long durationMs) {
        Timer.builder("barb.gateway.request.duration").tag("outcome", outcome)
                .description("End-to-end time of a chat request, from the message to the end of its stream")
                .publishPercentileHistogram()
                .minimumExpectedValue(Duration.ofMillis(5))
                .maximumExpectedValue(Duration.ofSeconds(120))
                .register(registry)
                .record(Duration.ofMillis(durationMs));
    }
}
