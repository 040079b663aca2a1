package barb.gemini;

import barb.core.Config;

import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.regex.Pattern;

/**
 * Everything needed to call Gemini: the key, where to call, how long to wait, how often to retry, and each
 * agent's model settings. Read from the environment with {@link #fromEnv(Map)}:
 *
 * <pre>
 * BARB_GEMINI_API_KEY            API key; GEMINI_API_KEY or GOOGLE_API_KEY are read when it is unset (no default)
 * BARB_GEMINI_BASE_URL           default https://generativelanguage.googleapis.com (tests point it at a stub)
 * BARB_GEMINI_TIMEOUT_MS         whole-call timeout of one attempt, default 20000
 * BARB_GEMINI_MAX_ATTEMPTS       attempts per call incl. the first, default 3 (1..10)
 * BARB_GEMINI_BACKOFF_MS         first retry backoff, doubled per attempt, default 500
 * BARB_GEMINI_MAX_BACKOFF_MS     cap on any wait between attempts (also on Retry-After), default 8000
 * BARB_GEMINI_&lt;AGENT&gt;_MODEL              e.g. BARB_GEMINI_CLARIFY_CONTINUE_MODEL
 * BARB_GEMINI_&lt;AGENT&gt;_TEMPERATURE        0..2
 * BARB_GEMINI_&lt;AGENT&gt;_THINKING_BUDGET    tokens, 0 = off
 * BARB_GEMINI_&lt;AGENT&gt;_MAX_OUTPUT_TOKENS
 * </pre>
 *
 * Agent defaults: understander {@code gemini-2.5-flash}, temperature 0.2, thinking 1024, 4096 output tokens; every
 * other agent {@code gemini-2.5-flash-lite}, temperature 0.1, thinking 0 (parser 512), 2048 output tokens.
 *
 * @param apiKey  null when no key is configured (the rules agents are used then); never printed
 * @param agents  settings per agent name, in {@link #AGENTS} order
 */
public record GeminiSettings(String apiKey, String baseUrl, Duration timeout, int maxAttempts, Duration baseBackoff,
                             Duration maxBackoff, Map<String, AgentModelSettings> agents) {

    /** The agents that may call Gemini; the names are {@code barb.core.Stage#agentName()}. */
    public static final List<String> AGENTS =
            List.of("intent", "understander", "clarifier", "clarify_continue", "parser", "presenter", "responder");

    public static final String DEFAULT_BASE_URL = "https://generativelanguage.googleapis.com";
    public static final String FLASH = "gemini-2.5-flash";
    public static final String FLASH_LITE = "gemini-2.5-flash-lite";

    private static final Pattern MODEL_NAME = Pattern.compile("[A-Za-z0-9][A-Za-z0-9._-]*");

    public GeminiSettings {
        if (baseUrl == null || !(baseUrl.startsWith("http://") || baseUrl.startsWith("https://"))) {
            throw new IllegalArgumentException("base URL must start with http:// or https://, got '" + baseUrl + "'");
        }
        if (timeout == null || timeout.isNegative() || timeout.isZero()) {
            throw new IllegalArgumentException("timeout must be positive, got " + timeout);
        }
        if (maxAttempts < 1) {
            throw new IllegalArgumentException("max attempts must be at least 1, got " + maxAttempts);
        }
        if (baseBackoff == null || baseBackoff.isNegative() || maxBackoff == null || maxBackoff.compareTo(baseBackoff) < 0) {
            throw new IllegalArgumentException("backoff must be 0 <= base <= max, got base " + baseBackoff + " max " + maxBackoff);
        }
        for (String agent : AGENTS) {
            if (agents == null || !agents.containsKey(agent)) {
                throw new IllegalArgumentException("no model settings for agent " + agent);
            }
        }
        agents = Map.copyOf(agents);
    }

    /** Settings with every default and the given key (null for none). */
    public static GeminiSettings defaults(String apiKey) {
        return fromEnv(apiKey == null ? Map.of() : Map.of("BARB_GEMINI_API_KEY", apiKey));
    }

    public static GeminiSettings fromEnv(Map<String, String> env) {
        String apiKey = firstSet(env, "BARB_GEMINI_API_KEY", "GEMINI_API_KEY", "GOOGLE_API_KEY");
        String baseUrl = Config.string(env, "BARB_GEMINI_BASE_URL", DEFAULT_BASE_URL);
        if (!(baseUrl.startsWith("http://") || baseUrl.startsWith("https://"))) {
            throw new IllegalArgumentException("BARB_GEMINI_BASE_URL must start with http:// or https://, got '" + baseUrl + "'");
        }
        int timeoutMs = Config.intValue(env, "BARB_GEMINI_TIMEOUT_MS", 20_000, 1, 600_000);
        int maxAttempts = Config.intValue(env, "BARB_GEMINI_MAX_ATTEMPTS", 3, 1, 10);
        int backoffMs = Config.intValue(env, "BARB_GEMINI_BACKOFF_MS", 500, 0, 60_000);
        int maxBackoffMs = Config.intValue(env, "BARB_GEMINI_MAX_BACKOFF_MS", 8_000, 0, 300_000);
        if (maxBackoffMs < backoffMs) {
            throw new IllegalArgumentException("BARB_GEMINI_MAX_BACKOFF_MS (" + maxBackoffMs
                    + ") must not be below BARB_GEMINI_BACKOFF_MS (" + backoffMs + ")");
        }
        Map<String, AgentModelSettings> agents = new LinkedHashMap<>();
        for (String agent : AGENTS) {
            agents.put(agent, agentFromEnv(env, agent));
        }
        return new GeminiSettings(apiKey, stripTrailingSlash(baseUrl), Duration.ofMillis(timeoutMs), maxAttempts,
                Duration.ofMillis(backoffMs), Duration.ofMillis(maxBackoffMs), agents);
    }

    public boolean hasApiKey() {
        return apiKey != null && !apiKey.isBlank();
    }

    /** The settings of one agent; an unknown name is a programming error. */
    public AgentModelSettings agent(String agent) {
        AgentModelSettings settings = agents.get(agent);
        if (settings == null) {
            throw new IllegalArgumentException("unknown Gemini agent '" + agent + "', expected one of " + AGENTS);
        }
        return settings;
    }

    public GeminiSettings withBaseUrl(String newBaseUrl) {
        return new GeminiSettings(apiKey, newBaseUrl, timeout, maxAttempts, baseBackoff, maxBackoff, agents);
    }

    public GeminiSettings withAgent(String agent, AgentModelSettings settings) {
        agent(agent);
        Map<String, AgentModelSettings> copy = new LinkedHashMap<>(agents);
        copy.put(agent, settings);
        return new GeminiSettings(apiKey, baseUrl, timeout, maxAttempts, baseBackoff, maxBackoff, copy);
    }

    /** Keeps the key out of logs. */
    @Override
    public String toString() {
        return "GeminiSettings[apiKey=" + (hasApiKey() ? "***" : "none") + ", baseUrl=" + baseUrl + ", timeout=" + timeout
                + ", maxAttempts=" + maxAttempts + ", baseBackoff=" + baseBackoff + ", maxBackoff=" + maxBackoff
                + ", agents=" + agents + "]";
    }

    static AgentModelSettings defaultsFor(String agent) {
        return switch (agent) {
            case "understander" -> new AgentModelSettings(FLASH, 0.2, 1024, 4096);
            case "parser" -> new AgentModelSettings(FLASH_LITE, 0.1, 512, 2048);
            default -> new AgentModelSettings(FLASH_LITE, 0.1, 0, 2048);
        };
    }

    private static AgentModelSettings agentFromEnv(Map<String, String> env, String agent) {
        AgentModelSettings defaults = defaultsFor(agent);
        String prefix = "BARB_GEMINI_" + agent.toUpperCase(Locale.ROOT) + "_";
        String modelVar = prefix + "MODEL";
        String model = Config.string(env, modelVar, defaults.model());
        if (!MODEL_NAME.matcher(model).matches()) {
            throw new IllegalArgumentException(modelVar + " must be a model name like gemini-2.5-flash, got '" + model + "'");
        }
        double temperature = temperature(env, prefix + "TEMPERATURE", defaults.temperature());
        int thinking = Config.intValue(env, prefix + "THINKING_BUDGET", defaults.thinkingBudget(), 0, 32_768);
        int maxOutput = Config.intValue(env, prefix + "MAX_OUTPUT_TOKENS", defaults.maxOutputTokens(), 1, 65_536);
        return new AgentModelSettings(model, temperature, thinking, maxOutput);
    }

    private static double temperature(Map<String, String> env, String name, double defaultValue) {
        String raw = env.get(name);
        if (raw == null || raw.isBlank()) {
            return defaultValue;
        }
        double value;
        try {
            value = Double.parseDouble(raw.trim());
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException(name + " must be a number, got '" + raw + "'");
        }
        if (!(value >= 0.0 && value <= 2.0)) {
            throw new IllegalArgumentException(name + " must be between 0 and 2, got " + raw.trim());
        }
        return value;
    }

    private static String firstSet(Map<String, String> env, String... names) {
        for (String name : names) {
            String value = env.get(name);
            if (value != null && !value.isBlank()) {
                return value.trim();
            }
        }
        return null;
    }

    private static String stripTrailingSlash(String url) {
        return url.endsWith("/") ? url.substring(0, url.length() - 1) : url;
    }
}
