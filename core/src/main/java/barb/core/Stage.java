package barb.core;

/** The agent stages of the pipeline (seed 000 §8). Each consumes its own topic. */
public enum Stage {
    INTENT("intent", "intent"),
    UNDERSTANDER("understander", "understander"),
    CLARIFIER("clarifier", "clarifier"),
    CLARIFY_CONTINUE("clarify_continue", "clarify-continue"),
    PARSER("parser", "parser"),
    PLANNER("planner", "planner"),
    EXECUTOR("executor", "executor"),
    PRESENTER("presenter", "presenter"),
    RESPONDER("responder", "responder");

    private final String agentName;
    private final String topicName;

    Stage(String agentName, String topicName) {
        this.agentName = agentName;
        this.topicName = topicName;
    }

    /** The name written to request_traces.agent_name and chat_logs.agents_used. */
    public String agentName() {
        return agentName;
    }

    public String topic() {
        return "barb.stage." + topicName + ".v1";
    }

    /** The consumer group of the stage's workers. */
    public String groupId() {
        return "barb-stage-" + topicName;
    }

    public static Stage fromAgentName(String name) {
        for (Stage s : values()) {
            if (s.agentName.equals(name)) {
                return s;
            }
        }
        throw new IllegalArgumentException("unknown agent: " + name);
    }
}
