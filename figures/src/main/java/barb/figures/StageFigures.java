package barb.figures;

/**
 * One stage in one minute: the steps it finished and the nearest-rank 50th and 99th percentile of their measured
 * durations (in ms, three significant digits).
 */
public record StageFigures(long steps, long p50Ms, long p99Ms) {
}
