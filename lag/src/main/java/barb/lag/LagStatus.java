package barb.lag;

/**
 * Burrow's statuses, with Burrow's numeric codes (so alert rules written for Burrow read the same numbers).
 * A partition is OK, WARN, STOP, STALL or REWIND; a group is OK, WARN or ERR (ERR when any of its partitions is
 * STOP, STALL or REWIND).
 */
public enum LagStatus {
    /** Caught up at some point of the window, or catching up. */
    OK(1),
    /** Consuming, but the lag did not go down once over the window: falling behind. */
    WARN(2),
    /** A group with a partition that is stopped, stalled or rewound. */
    ERR(3),
    /** Lag, and no commit for longer than the window spans: nobody is consuming. */
    STOP(4),
    /** Lag, and a live consumer whose committed offset did not move over the window: stuck. */
    STALL(5),
    /** The committed offset went backwards (a reset or a replay of the partition). */
    REWIND(6);

    private final int code;

    LagStatus(int code) {
        this.code = code;
    }

    public int code() {
        return code;
    }

    /** True for the statuses that make a group ERR. */
    public boolean isError() {
        return this == ERR || this == STOP || this == STALL || this == REWIND;
    }
}
