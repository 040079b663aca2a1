package barb.gateway;

import io.github.bucket4j.Bandwidth;
import io.github.bucket4j.Bucket;
import io.github.bucket4j.ConsumptionProbe;

import java.time.Clock;
import java.time.Duration;
import java.time.LocalDate;
import java.time.ZoneOffset;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * Per-user admission at the gateway: a request rate (a Bucket4j token bucket per user), a cap on requests being
 * answered at once, and a daily budget of language-model tokens. A refused request gets 429 with Retry-After before
 * anything is put on Kafka, so one user's flood never queues ahead of another user's question.
 *
 * <p>The counts live in this gateway instance: with several gateways each enforces its own share (a user's
 * requests are spread over them by the load balancer), and a restart forgets the day's tokens. Both are stated in
 * the README; a shared store is the step after this one.
 */
final class UserLimits {
    /** Idle users' buckets are dropped once this many users are known, so the maps stay small. */
    private static final int SWEEP_AT = 10_000;

    private final UserLimitSettings settings;
    private final Clock clock;
    private final ConcurrentHashMap<String, Bucket> buckets = new ConcurrentHashMap<>();
    private final ConcurrentHashMap<String, AtomicInteger> running = new ConcurrentHashMap<>();
    private final ConcurrentHashMap<String, DailyTokens> tokens = new ConcurrentHashMap<>();

    UserLimits(UserLimitSettings settings, Clock clock) {
        this.settings = settings;
        this.clock = clock;
    }

    /** Tokens one user spent on one UTC day. */
    private record DailyTokens(LocalDate day, long spent) {
    }

    /** A request let in; closing it frees its place among the user's running requests. */
    interface Admission extends AutoCloseable {
        @Override
        void close();
    }

    /** Lets the request in or throws a 429 saying which limit and when to retry. */
    Admission admit(String userId) {
        checkTokenBudget(userId);
        AtomicInteger mine = null;
        if (settings.concurrentRequests() > 0) {
            mine = running.computeIfAbsent(userId, id -> new AtomicInteger());
            if (mine.incrementAndGet() > settings.concurrentRequests()) {
                mine.decrementAndGet();
                throw tooMany("too_many_running", "you already have " + settings.concurrentRequests()
                        + " questions being answered; wait for one to finish", 1);
            }
        }
        if (settings.requestsPerMinute() > 0) {
            ConsumptionProbe probe = bucket(userId).tryConsumeAndReturnRemaining(1);
            if (!probe.isConsumed()) {
                if (mine != null) {
                    mine.decrementAndGet();
                }
                long seconds = Math.max(1, TimeUnit.NANOSECONDS.toSeconds(probe.getNanosToWaitForRefill() + 999_999_999L));
                throw tooMany("rate_limited", "more than " + settings.requestsPerMinute()
                        + " questions a minute; try again in " + seconds + " s", seconds);
            }
        }
        AtomicInteger held = mine;
        return () -> {
            if (held != null) {
                held.decrementAndGet();
            }
        };
    }

    /** Adds a finished request's language-model tokens to the user's day. */
    void spent(String userId, long modelTokens) {
        if (settings.dailyTokens() <= 0 || modelTokens <= 0) {
            return;
        }
        LocalDate today = LocalDate.now(clock.withZone(ZoneOffset.UTC));
        tokens.merge(userId, new DailyTokens(today, modelTokens), (old, add) -> old.day().equals(today)
                ? new DailyTokens(today, old.spent() + add.spent()) : add);
        sweep();
    }

    private void checkTokenBudget(String userId) {
        if (settings.dailyTokens() <= 0) {
            return;
        }
        DailyTokens day = tokens.get(userId);
        LocalDate today = LocalDate.now(clock.withZone(ZoneOffset.UTC));
        if (day != null && day.day().equals(today) && day.spent() >= settings.dailyTokens()) {
            long untilMidnight = Duration.between(clock.instant(),
                    today.plusDays(1).atStartOfDay(ZoneOffset.UTC).toInstant()).toSeconds();
            throw tooMany("token_budget_spent", "today's budget of " + settings.dailyTokens()
                    + " model tokens is spent; it renews at 00:00 UTC", Math.max(1, untilMidnight));
        }
    }

    private Bucket bucket(String userId) {
        sweep();
        return buckets.computeIfAbsent(userId, id -> Bucket.builder()
                .addLimit(Bandwidth.builder().capacity(settings.requestsPerMinute())
                        .refillGreedy(settings.requestsPerMinute(), Duration.ofMinutes(1)).build())
                .build());
    }

    /** Forgets users who are idle: a full bucket, nothing running, no tokens today. */
    private void sweep() {
        if (buckets.size() < SWEEP_AT && tokens.size() < SWEEP_AT) {
            return;
        }
        LocalDate today = LocalDate.now(clock.withZone(ZoneOffset.UTC));
        buckets.entrySet().removeIf(e -> e.getValue().getAvailableTokens() >= settings.requestsPerMinute());
        running.entrySet().removeIf(e -> e.getValue().get() == 0);
        tokens.entrySet().removeIf(e -> !e.getValue().day().equals(today));
    }

    private static HttpError tooMany(String code, String message, long retryAfterSeconds) {
        return new HttpError(429, code, message).retryAfter(retryAfterSeconds);
    }
}
