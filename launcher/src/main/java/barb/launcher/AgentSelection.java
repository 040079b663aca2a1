package barb.launcher;

import barb.core.Stage;

import java.util.EnumMap;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

/**
 * Which implementation runs each language agent: {@code rules} (deterministic, no key needed) or {@code gemini}.
 * BARB_LLM sets all of them (default: gemini when a Gemini API key is configured, else rules); BARB_LLM_&lt;AGENT&gt;
 * (INTENT, UNDERSTANDER, CLARIFIER, CLARIFY_CONTINUE, PARSER, PRESENTER) overrides one. The Gemini presenter
 * writes only the answer's text; everything else it produces is the rules presenter's.
 */
record AgentSelection(Map<Stage, String> choices) {
    static final Set<Stage> LANGUAGE_AGENTS = Set.of(Stage.INTENT, Stage.UNDERSTANDER, Stage.CLARIFIER,
            Stage.CLARIFY_CONTINUE, Stage.PARSER, Stage.PRESENTER);

    static AgentSelection fromEnv(Map<String, String> env, boolean hasKey) {
        String all = choice(env, "BARB_LLM", hasKey ? "gemini" : "rules");
        Map<Stage, String> choices = new EnumMap<>(Stage.class);
        for (Stage s : LANGUAGE_AGENTS) {
            String name = "BARB_LLM_" + s.agentName().toUpperCase(Locale.ROOT);
            String c = choice(env, name, all);
            if (c.equals("gemini") && !hasKey) {
                throw new IllegalArgumentException(name + " (or BARB_LLM) is gemini but no Gemini API key is set "
                        + "(BARB_GEMINI_API_KEY)");
            }
            choices.put(s, c);
        }
        return new AgentSelection(choices);
    }

    boolean gemini(Stage stage) {
        return "gemini".equals(choices.get(stage));
    }

    boolean anyGemini() {
        return choices.containsValue("gemini");
    }

    private static String choice(Map<String, String> env, String name, String fallback) {
        String v = env.get(name);
        if (v == null || v.isBlank()) {
            return fallback;
        }
        String c = v.strip().toLowerCase(Locale.ROOT);
        if (!c.equals("rules") && !c.equals("gemini")) {
            throw new IllegalArgumentException(name + " must be rules or gemini, got '" + v + "'");
        }
        return c;
    }
}
