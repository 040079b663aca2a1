package barb.figures;

/** The figures cannot be read yet: the topology is starting, rebalancing or restoring its store. */
public final class FiguresNotReadyException extends RuntimeException {
    public FiguresNotReadyException(String message) {
        super(message);
    }
}
