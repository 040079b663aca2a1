package barb.gateway;

import barb.core.Config;

import java.util.Map;

/**
 * How much one user may ask. Environment: BARB_USER_REQUESTS_PER_MINUTE (30), BARB_USER_CONCURRENT_REQUESTS (4),
 * BARB_USER_DAILY_TOKENS (2,000,000; counted from the language models' usage, so it never binds with rules
 * agents). 0 switches a limit off. In dev mode (one local user, also the benchmarks' user) every limit is off
 * unless set explicitly.
 *
 * @param requestsPerMinute  new requests a user may start per minute (a bucket of that size, refilled evenly)
 * @param concurrentRequests requests of one user being answered at once, over all their chats
 * @param dailyTokens        language-model tokens (input, output and thinking) a user may spend per UTC day
 */
public record UserLimitSettings(int requestsPerMinute, int concurrentRequests, long dailyTokens) {
    public static final UserLimitSettings OFF = new UserLimitSettings(0, 0, 0);

    public UserLimitSettings {
        if (requestsPerMinute < 0 || concurrentRequests < 0 || dailyTokens < 0) {
            throw new IllegalArgumentException("user limits must not be negative");
        }
    }

    static UserLimitSettings fromEnv(Map<String, String> env, boolean devMode) {
        return new UserLimitSettings(
                Config.intValue(env, "BARB_USER_REQUESTS_PER_MINUTE", devMode ? 0 : 30, 0, 100_000),
                Config.intValue(env, "BARB_USER_CONCURRENT_REQUESTS", devMode ? 0 : 4, 0, 10_000),
                Config.intValue(env, "BARB_USER_DAILY_TOKENS", devMode ? 0 : 2_000_000, 0, Integer.MAX_VALUE));
    }
}
