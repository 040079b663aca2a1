package barb.executor;

/**
 * A file {@link BarImporter} cannot import at all (missing, empty, unreadable, wrong columns). The message is
 * one line naming the file and the problem, fit to show the user as it is. Nothing was changed in the store.
 */
public final class BarImportException extends Exception {
    public BarImportException(String message) {
        super(message);
    }

    public BarImportException(String message, Throwable cause) {
        super(message, cause);
    }
}
