package barb.core;

import java.io.IOException;
import java.sql.SQLTransientException;
import java.util.concurrent.TimeoutException;

/** Decides in one place what a failure means: try again, dead-letter the record, or fail the request. */
public final class FailureClassifier {
    public enum Kind { RETRY, DEAD_LETTER, FAIL_REQUEST }

    private FailureClassifier() {
    }

    public static Kind classify(Throwable t) {
        if (t instanceof ContractException) {
            return Kind.DEAD_LETTER;
        }
        if (t instanceof StageException se) {
            return se.retriable() ? Kind.RETRY : Kind.FAIL_REQUEST;
        }
        if (t instanceof IOException || t instanceof SQLTransientException || t instanceof TimeoutException
                || t instanceof org.apache.kafka.common.errors.RetriableException) {
            return Kind.RETRY;
        }
        return Kind.FAIL_REQUEST;
    }

    /** A code for the client's error event. */
    public static String code(Throwable t) {
        if (t instanceof StageException se) {
            return se.code();
        }
        if (t instanceof ContractException) {
            return "bad_record";
        }
        return "internal_error";
    }

    /** The text the client sees; internal exception messages are not shown to users. */
    public static String userMessage(Throwable t, String agent) {
        if (t instanceof StageException se) {
            return se.getMessage();
        }
        return "Something went wrong in the " + agent + " step; the request was stopped. Please try again.";
    }
}
