package barb.gemini;

import barb.core.Backoff;

import java.time.Duration;
import java.time.Instant;
import java.time.ZonedDateTime;
import java.time.format.DateTimeFormatter;
import java.time.format.DateTimeParseException;
import java.util.Optional;
import java.util.function.DoubleSupplier;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * When to try a Gemini call again and how long to wait first. Pure: the jitter source is passed in.
 *
 * <p>Retried: 408, 429, every 5xx, and I/O failures (timeouts, refused or reset connections). Every other 4xx is the
 * request's fault and is not retried. The wait before attempt n+1 is Barb's {@link Backoff}, but at
 * least what the server asked for (Retry-After header, or RetryInfo.retryDelay in the error body), and never more
 * than the maximum backoff, so a call never stalls a worker for long.
 */
final class RetryPolicy {
    private static final Pattern RETRY_DELAY = Pattern.compile("\"retryDelay\"\\s*:\\s*\"(\\d+(?:\\.\\d+)?)s\"");

    private final Backoff backoff;
    private final DoubleSupplier random;

    RetryPolicy(Duration baseBackoff, Duration maxBackoff, DoubleSupplier random) {
        this.backoff = new Backoff(baseBackoff, maxBackoff);
        this.random = random;
    }

    static boolean retriableStatus(int httpStatus) {
        return httpStatus == 408 || httpStatus == 429 || httpStatus >= 500;
    }

    /**
     * The wait after {@code failedAttempt} (1-based) failed.
     *
     * @param serverHint what the server asked for, or null
     */
    Duration delayAfter(int failedAttempt, Duration serverHint) {
        long maxMs = backoff.max().toMillis();
        long jittered = backoff.after(failedAttempt, random.getAsDouble()).toMillis();
        long wanted = serverHint == null ? jittered : Math.max(jittered, serverHint.toMillis());
        return Duration.ofMillis(Math.min(maxMs, Math.max(0, wanted)));
    }

    /** A Retry-After header: delta-seconds or an HTTP date. Empty when absent or unreadable. */
    static Optional<Duration> parseRetryAfter(String header, Instant now) {
        if (header == null || header.isBlank()) {
            return Optional.empty();
        }
        String value = header.trim();
        if (value.chars().allMatch(Character::isDigit)) {
            try {
                return Optional.of(Duration.ofSeconds(Long.parseLong(value)));
            } catch (NumberFormatException e) {
                return Optional.empty();
            }
        }
        try {
            Instant at = ZonedDateTime.parse(value, DateTimeFormatter.RFC_1123_DATE_TIME).toInstant();
            Duration wait = Duration.between(now, at);
            return Optional.of(wait.isNegative() ? Duration.ZERO : wait);
        } catch (DateTimeParseException e) {
            return Optional.empty();
        }
    }

    /**
     * Gemini's 429 body carries {@code {"@type": "type.googleapis.com/google.rpc.RetryInfo", "retryDelay": "3s"}} in
     * error.details; the SDK copies each detail's JSON into the exception message, so it is read from there.
     */
    static Optional<Duration> parseRetryDelay(String errorMessage) {
        if (errorMessage == null) {
            return Optional.empty();
        }
        Matcher m = RETRY_DELAY.matcher(errorMessage);
        if (!m.find()) {
            return Optional.empty();
        }
        double seconds = Double.parseDouble(m.group(1));
        return Optional.of(Duration.ofMillis(Math.round(seconds * 1000)));
    }
}
