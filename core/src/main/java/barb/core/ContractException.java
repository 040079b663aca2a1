package barb.core;

/** A record that does not match its contract: it goes to the dead-letter topic, never back into the loop. */
public class ContractException extends RuntimeException {
    public ContractException(String message) {
        super(message);
    }

    public ContractException(String message, Throwable cause) {
        super(message, cause);
    }
}
