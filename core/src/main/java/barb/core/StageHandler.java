package barb.core;

/**
 * The logic of one agent stage. It reads the envelope and returns what happened; the {@link StageWorker}
 * does everything else (Kafka, step numbering, timing, retries, events). Handlers do no Kafka I/O.
 */
public interface StageHandler {
    Stage stage();

    StageOutcome handle(RequestEnvelope envelope) throws Exception;
}
