package barb.core;

import java.util.Map;

/** Reading typed values from the environment, with a clear error naming the variable. */
public final class Config {
    private Config() {
    }

    public static int intValue(Map<String, String> env, String name, int defaultValue, int min, int max) {
        String raw = env.get(name);
        if (raw == null || raw.isBlank()) {
            return defaultValue;
        }
        int value;
        try {
            value = Integer.parseInt(raw.trim());
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException(name + " must be a whole number, got '" + raw + "'");
        }
        if (value < min || value > max) {
            throw new IllegalArgumentException(name + " must be between " + min + " and " + max + ", got " + value);
        }
        return value;
    }

    public static String string(Map<String, String> env, String name, String defaultValue) {
        String raw = env.get(name);
        return raw == null || raw.isBlank() ? defaultValue : raw.trim();
    }
}
