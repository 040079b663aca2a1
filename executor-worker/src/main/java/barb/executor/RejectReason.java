package barb.executor;

/**
 * Why {@link BarImporter} refused a row. Each row gets the first reason that applies, in this order; a row is
 * only checked for duplicates once everything else about it is fine, so a broken row never hides a good one.
 */
public enum RejectReason {
    WRONG_FIELD_COUNT("wrong_field_count", "wrong number of fields"),
    BAD_TIMESTAMP("bad_timestamp", "timestamp missing or not yyyy-MM-dd HH:mm[:ss] / ISO-8601"),
    BAD_NUMBER("bad_number", "a price or the volume is missing or not a number"),
    NON_POSITIVE_PRICE("non_positive_price", "a price is zero or negative"),
    NEGATIVE_VOLUME("negative_volume", "volume is negative"),
    HIGH_BELOW_LOW("high_below_low", "high is below low"),
    HIGH_BELOW_OPEN_CLOSE("high_below_open_close", "high is below open or close"),
    LOW_ABOVE_OPEN_CLOSE("low_above_open_close", "low is above open or close"),
    IMPLAUSIBLE_PRICE("implausible_price",
            "a one-minute bar whose high is over ten times its low (a slipped decimal point) or a price over 10,000,000"),
    NOT_WHOLE_MINUTE("not_whole_minute", "timestamp is not on a whole minute"),
    OUTSIDE_TRADING_HOURS("outside_trading_hours",
            "outside Globex hours (17:00-18:00 ET break, Friday from 17:00, Saturday, Sunday before 18:00)"),
    DUPLICATE_TIMESTAMP("duplicate_timestamp", "same timestamp as an earlier row of the file (the first one is kept)");

    private final String code;
    private final String description;

    RejectReason(String code, String description) {
        this.code = code;
        this.description = description;
    }

    /** The label written to the rejects file and used in the report, e.g. "duplicate_timestamp". */
    public String code() {
        return code;
    }

    public String description() {
        return description;
    }

    /** The reason with this code; throws for an unknown code (the importer's SQL only produces known ones). */
    public static RejectReason ofCode(String code) {
        for (RejectReason r : values()) {
            if (r.code.equals(code)) {
                return r;
            }
        }
        throw new IllegalArgumentException("unknown reject reason '" + code + "'");
    }
}
