package barb.launcher;

import barb.core.Config;

import java.util.Map;

/**
 * Which stages of one process run chained in one thread ({@code BARB_STAGE_CHAIN}; see
 * {@code StageWorker#chaining}). Stages that call a model, real or simulated, are never chained: a model call takes
 * seconds, and its own topic keeps the stage's backlog visible as consumer lag and its concurrency its own.
 */
enum StageChain {
    /** Every stage reads its own topic. */
    OFF("off"),
    /** The rules agents of the process run chained; the executor keeps its topic. */
    RULES("rules"),
    /** The rules agents and the executor of the process run chained. */
    RULES_AND_EXECUTOR("rules+executor");

    static final String VARIABLE = "BARB_STAGE_CHAIN";

    private final String value;

    StageChain(String value) {
        this.value = value;
    }

    static StageChain fromEnv(Map<String, String> env) {
        String raw = Config.string(env, VARIABLE, null);
        if (raw == null) {
            return RULES;
        }
        for (StageChain c : values()) {
            if (c.value.equalsIgnoreCase(raw.trim())) {
                return c;
            }
        }
        throw new IllegalArgumentException(VARIABLE + " must be off, rules or rules+executor, not '" + raw + "'");
    }

    String value() {
        return value;
    }
}
