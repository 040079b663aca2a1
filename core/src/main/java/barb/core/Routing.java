package barb.core;

/** The routing of seed 000 §8, in one place, with no I/O. */
public final class Routing {
    private Routing() {
    }

    public static Stage afterIntent(boolean awaitingClarification, String intent) {
        if (awaitingClarification) {
            return Stage.CLARIFY_CONTINUE;
        }
        return "data".equals(intent) ? Stage.UNDERSTANDER : Stage.RESPONDER;
    }

    /**
     * @param supported false when the question is understood but asks for something Barb cannot compute yet:
     *                  the responder then says so honestly instead of guessing
     */
    public static Stage afterUnderstander(boolean understood, boolean supported) {
        if (!understood) {
            return Stage.CLARIFIER;
        }
        return supported ? Stage.PARSER : Stage.RESPONDER;
    }

    /** The four outcomes of a clarification answer, plus the safety net after too many rounds. */
    public static Stage afterClarifyContinue(boolean understood, boolean topicChanged, boolean supported,
                                             boolean roundsExhausted) {
        if (understood) {
            return supported ? Stage.PARSER : Stage.RESPONDER;
        }
        if (topicChanged || roundsExhausted) {
            return Stage.RESPONDER;
        }
        return Stage.CLARIFIER;
    }

    /** Parser with nothing it could express goes to the presenter, which explains; it never runs an empty plan. */
    public static Stage afterParser(boolean hasSteps) {
        return hasSteps ? Stage.PLANNER : Stage.PRESENTER;
    }

    public static Stage afterPlanner(boolean hasPlans) {
        return hasPlans ? Stage.EXECUTOR : Stage.PRESENTER;
    }

    /** chat_logs.route for a request the responder finished. */
    public static String responderRoute(String intent, boolean unsupportedData) {
        if (unsupportedData) {
            return "unsupported";
        }
        return "concept".equals(intent) ? "concept" : "chitchat";
    }
}
