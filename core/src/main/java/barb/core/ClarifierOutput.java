package barb.core;

/** The clarifier's output (seed 000 §2.3): one question in the user's language. */
public record ClarifierOutput(String response) {
    public ClarifierOutput validated() {
        if (response == null || response.isBlank()) {
            throw new ContractException("clarifier: response is empty");
        }
        return this;
    }
}
