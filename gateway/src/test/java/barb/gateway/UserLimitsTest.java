package barb.gateway;

import org.junit.jupiter.api.Test;

import java.time.Clock;
import java.time.Instant;
import java.time.ZoneId;
import java.time.ZoneOffset;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class UserLimitsTest {
    private static final Clock NOON = Clock.fixed(Instant.parse("2026-11-23T12:00:00Z"), ZoneOffset.UTC);

    private static HttpError refused(UserLimits limits, String user) {
        try {
            limits.admit(user).close();
        } catch (HttpError e) {
            return e;
        }
        throw new AssertionError("expected " + user + " to be refused");
    }

    @Test
    void aUserOverTheRateIsRefusedWithRetryAfterWhileOthersAreNot() {
        UserLimits limits = new UserLimits(new UserLimitSettings(3, 0, 0), NOON);
        for (int i = 0; i < 3; i++) {
            limits.admit("alice").close();
        }
        HttpError e = refused(limits, "alice");
        assertThat(e.status()).isEqualTo(429);
        assertThat(e.code()).isEqualTo("rate_limited");
        assertThat(e.retryAfterSeconds()).isBetween(1L, 60L);
        limits.admit("bob").close();
    }

    @Test
    void aUserMayHaveOnlySoManyRequestsRunningAndAFinishedOneFreesItsPlace() {
        UserLimits limits = new UserLimits(new UserLimitSettings(0, 2, 0), NOON);
        UserLimits.Admission first = limits.admit("alice");
        UserLimits.Admission second = limits.admit("alice");
        HttpError e = refused(limits, "alice");
        assertThat(e.code()).isEqualTo("too_many_running");
        assertThat(e.retryAfterSeconds()).isPositive();
        limits.admit("bob").close();
        first.close();
        limits.admit("alice").close();
        second.close();
    }

    @Test
    void aRefusalByRateDoesNotKeepAPlaceAmongTheRunningRequests() {
        UserLimits limits = new UserLimits(new UserLimitSettings(1, 1, 0), NOON);
        limits.admit("alice").close();
        assertThat(refused(limits, "alice").code()).isEqualTo("rate_limited");
        assertThat(refused(limits, "alice").code()).as("still the rate, not a leaked running place")
                .isEqualTo("rate_limited");
    }

    @Test
    void theDailyTokenBudgetStopsAUserUntilMidnightUtc() {
        MovableClock clock = new MovableClock(Instant.parse("2026-11-23T23:00:00Z"));
        UserLimits limits = new UserLimits(new UserLimitSettings(0, 0, 1_000), clock);
        limits.spent("alice", 600);
        limits.admit("alice").close();
        limits.spent("alice", 400);
        HttpError e = refused(limits, "alice");
        assertThat(e.code()).isEqualTo("token_budget_spent");
        assertThat(e.retryAfterSeconds()).isEqualTo(3600);
        limits.admit("bob").close();
        clock.now = Instant.parse("2026-11-24T00:00:01Z");
        limits.admit("alice").close();
    }

    @Test
    void limitsAreOnByDefaultWithSignInAndOffInDevModeUnlessSet() {
        assertThat(UserLimitSettings.fromEnv(Map.of(), false)).isEqualTo(new UserLimitSettings(30, 4, 2_000_000));
        assertThat(UserLimitSettings.fromEnv(Map.of(), true)).isEqualTo(UserLimitSettings.OFF);
        assertThat(UserLimitSettings.fromEnv(Map.of("BARB_USER_REQUESTS_PER_MINUTE", "5"), true).requestsPerMinute())
                .isEqualTo(5);
        assertThatThrownBy(() -> UserLimitSettings.fromEnv(Map.of("BARB_USER_CONCURRENT_REQUESTS", "-1"), false))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("BARB_USER_CONCURRENT_REQUESTS");
        // nothing is limited when a setting is 0
        UserLimits off = new UserLimits(UserLimitSettings.OFF, NOON);
        for (int i = 0; i < 1_000; i++) {
            off.admit("alice");
        }
    }

    private static final class MovableClock extends Clock {
        Instant now;

        MovableClock(Instant now) {
            this.now = now;
        }

        @Override
        public ZoneId getZone() {
            return ZoneOffset.UTC;
        }

        @Override
        public Clock withZone(ZoneId zone) {
            return this;
        }

        @Override
        public Instant instant() {
            return now;
        }
    }
}
