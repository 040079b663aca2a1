package barb.gemini;

import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.time.Instant;
import java.util.Optional;

import static org.assertj.core.api.Assertions.assertThat;

class RetryPolicyTest {
    private static final Duration BASE = Duration.ofMillis(500);
    private static final Duration MAX = Duration.ofSeconds(8);

    @Test
    void backoffDoublesPerAttemptWithinItsUpperHalfAndIsCapped() {
        RetryPolicy low = new RetryPolicy(BASE, MAX, () -> 0.0);
        RetryPolicy high = new RetryPolicy(BASE, MAX, () -> 1.0);
        assertThat(low.delayAfter(1, null)).isEqualTo(Duration.ofMillis(250));
        assertThat(high.delayAfter(1, null)).isEqualTo(Duration.ofMillis(500));
        assertThat(low.delayAfter(2, null)).isEqualTo(Duration.ofMillis(500));
        assertThat(high.delayAfter(2, null)).isEqualTo(Duration.ofMillis(1000));
        assertThat(high.delayAfter(3, null)).isEqualTo(Duration.ofMillis(2000));
        assertThat(high.delayAfter(6, null)).isEqualTo(MAX);
        assertThat(high.delayAfter(40, null)).isEqualTo(MAX);
    }

    @Test
    void aServerHintIsAFloorButNotAboveTheCap() {
        RetryPolicy policy = new RetryPolicy(BASE, MAX, () -> 0.5);
        assertThat(policy.delayAfter(1, Duration.ofSeconds(2))).isEqualTo(Duration.ofSeconds(2));
        assertThat(policy.delayAfter(1, Duration.ofMillis(1))).isEqualTo(Duration.ofMillis(375));
        assertThat(policy.delayAfter(1, Duration.ofMinutes(5))).isEqualTo(MAX);
    }

    @Test
    void retriableStatusesAreTimeoutsQuotaAndServerErrors() {
        assertThat(RetryPolicy.retriableStatus(429)).isTrue();
        assertThat(RetryPolicy.retriableStatus(408)).isTrue();
        assertThat(RetryPolicy.retriableStatus(500)).isTrue();
        assertThat(RetryPolicy.retriableStatus(503)).isTrue();
        assertThat(RetryPolicy.retriableStatus(400)).isFalse();
        assertThat(RetryPolicy.retriableStatus(401)).isFalse();
        assertThat(RetryPolicy.retriableStatus(403)).isFalse();
        assertThat(RetryPolicy.retriableStatus(404)).isFalse();
    }

    @Test
    void retryAfterIsSecondsOrAnHttpDate() {
        Instant now = Instant.parse("2026-11-22T12:00:00Z");
        assertThat(RetryPolicy.parseRetryAfter("7", now)).contains(Duration.ofSeconds(7));
        assertThat(RetryPolicy.parseRetryAfter(" 0 ", now)).contains(Duration.ZERO);
        assertThat(RetryPolicy.parseRetryAfter("Sun, 22 Nov 2026 12:00:30 GMT", now)).contains(Duration.ofSeconds(30));
        assertThat(RetryPolicy.parseRetryAfter("Sun, 22 Nov 2026 11:00:00 GMT", now)).contains(Duration.ZERO);
        assertThat(RetryPolicy.parseRetryAfter("soon", now)).isEmpty();
        assertThat(RetryPolicy.parseRetryAfter("-3", now)).isEmpty();
        assertThat(RetryPolicy.parseRetryAfter("99999999999999999999999", now)).isEmpty();
        assertThat(RetryPolicy.parseRetryAfter(null, now)).isEmpty();
    }

    @Test
    void retryDelayIsReadFromTheErrorDetails() {
        String message = "429 RESOURCE_EXHAUSTED. You exceeded your current quota.\nDetails: "
                + "{\"@type\":\"type.googleapis.com/google.rpc.RetryInfo\",\"retryDelay\":\"3s\"}";
        assertThat(RetryPolicy.parseRetryDelay(message)).contains(Duration.ofSeconds(3));
        assertThat(RetryPolicy.parseRetryDelay("{\"retryDelay\": \"1.5s\"}")).contains(Duration.ofMillis(1500));
        assertThat(RetryPolicy.parseRetryDelay("429 RESOURCE_EXHAUSTED. quota")).isEqualTo(Optional.empty());
        assertThat(RetryPolicy.parseRetryDelay(null)).isEmpty();
    }
}
