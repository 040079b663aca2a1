package barb.executor;

/**
 * Told how far a long data job has come, e.g. to drive a {@code me.tongfei.progressbar.ProgressBar}:
 * {@code (done, total, step) -> { bar.maxHint(total); bar.stepTo(done); bar.setExtraMessage(step); }}.
 */
@FunctionalInterface
public interface ProgressListener {
    ProgressListener NONE = (done, total, step) -> {
    };

    /**
     * @param done  steps finished so far (0 before the first one)
     * @param total steps in the whole job
     * @param step  what is being done now, e.g. "2019"
     */
    void progress(long done, long total, String step);
}
