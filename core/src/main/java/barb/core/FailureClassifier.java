package barb.core;

import java.io.IOException;
import java.sql.SQLTransientException;
import java.util.concurrent.TimeoutException;

/**
 * Decides in one place what a failure means: try again, dead-letter the record, or fail the request; and, for a
 * dead letter, which {@link DeadLetterReason} it is filed under.
 */
public final class FailureClassifier {
    public enum Kind { RETRY, DEAD_LETTER, FAIL_REQUEST }

    private FailureClassifier() {
    }

    /**
     * What one failed attempt means. A record that does not match its contract and a failure nobody described (a
     * bug) go to the dead-letter topic, where a fixed build can re-drive them; a failure the handler described
     * ({@link StageException}) is an answer the user gets; transient failures are tried again.
     */
    public static Kind classify(Throwable t) {
        if (t instanceof ContractException) {
            return Kind.DEAD_LETTER;
        }
        if (t instanceof StageException se) {
            return se.retriable() ? Kind.RETRY : Kind.FAIL_REQUEST;
        }
        if (isTransient(t)) {
            return Kind.RETRY;
        }
        return Kind.DEAD_LETTER;
    }

    /**
     * What attempt {@code attempt} of {@code maxAttempts} failing means: a retriable failure with no tries left is
     * dead-lettered, so it can be re-driven once whatever it waited for is back.
     */
    public static Kind afterAttempt(Throwable t, int attempt, int maxAttempts) {
        Kind kind = classify(t);
        if (kind == Kind.RETRY && attempt >= maxAttempts) {
            return Kind.DEAD_LETTER;
        }
        return kind;
    }

    /** Under which reason a dead-lettered failure is filed. */
    public static DeadLetterReason reason(Throwable t) {
        if (t instanceof ContractException) {
            return DeadLetterReason.BAD_RECORD;
        }
        if (classify(t) == Kind.RETRY) {
            return DeadLetterReason.RETRIES_EXHAUSTED;
        }
        return DeadLetterReason.UNEXPECTED_ERROR;
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

    private static boolean isTransient(Throwable t) {
        return t instanceof IOException || t instanceof SQLTransientException || t instanceof TimeoutException
                || t instanceof org.apache.kafka.common.errors.RetriableException;
    }
}
