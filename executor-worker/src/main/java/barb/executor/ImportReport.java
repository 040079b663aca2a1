package barb.executor;

import java.nio.file.Path;
import java.time.LocalDateTime;
import java.time.ZoneId;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * What one {@link BarImporter} run did.
 *
 * @param rowsRead          data rows in the file (header and blank lines not counted)
 * @param accepted          rows that passed every check and are now bars
 * @param rejectedByReason  rejected rows per reason (reasons with no rows are absent)
 * @param examples          the first few rejected rows of each reason
 * @param rejectsFile       where every rejected row was written with its reason (header only when none)
 * @param replacedData      true when the import replaced the store's previous bars wholesale (they were
 *                          synthetic, or unlabelled) instead of merging into earlier imported bars
 * @param barsReplaced      stored imported bars that had the same timestamp as an accepted row and were replaced
 * @param barsInStore       bars in the store after the import
 * @param firstBar          the earliest accepted bar (ET wall clock), null when none was accepted
 * @param lastBar           the latest accepted bar (ET wall clock), null when none was accepted
 */
public record ImportReport(Path file, BarImporter.Format format, ZoneId timeZone, long rowsRead, long accepted,
                           Map<RejectReason, Long> rejectedByReason, List<RejectedRow> examples, Path rejectsFile,
                           boolean replacedData, long barsReplaced, long barsInStore, LocalDateTime firstBar,
                           LocalDateTime lastBar, long durationMs) {

    /**
     * One refused row.
     *
     * @param line   the file's line number for CSV, the 1-based row number for Parquet
     * @param detail what exactly is wrong, e.g. "high 100.0 < low 101.0"
     * @param raw    the row as it was in the file
     */
    public record RejectedRow(long line, RejectReason reason, String detail, String raw) {
    }

    public ImportReport {
        rejectedByReason = Map.copyOf(rejectedByReason);
        examples = List.copyOf(examples);
    }

    public long rejected() {
        return rejectedByReason.values().stream().mapToLong(Long::longValue).sum();
    }

    public long rejected(RejectReason reason) {
        return rejectedByReason.getOrDefault(reason, 0L);
    }

    /** The report for a terminal, one line per fact. */
    public List<String> lines() {
        String where = format == BarImporter.Format.PARQUET ? "row" : "line";
        List<String> out = new ArrayList<>();
        out.add("Imported " + file + " (" + format.name().toLowerCase(java.util.Locale.ROOT) + ", times in "
                + timeZone.getId() + ", stored as America/New_York wall clock)");
        out.add("  rows read: " + rowsRead + ", accepted: " + accepted + ", rejected: " + rejected());
        rejectedByReason.entrySet().stream()
                .sorted(Map.Entry.<RejectReason, Long>comparingByValue().reversed()
                        .thenComparing(e -> e.getKey().ordinal()))
                .forEach(e -> {
                    out.add("  rejected " + e.getValue() + " × " + e.getKey().code() + ": "
                            + e.getKey().description());
                    for (RejectedRow row : examples) {
                        if (row.reason() == e.getKey()) {
                            out.add("      " + where + " " + row.line() + ": " + row.detail() + "  | "
                                    + abbreviate(row.raw()));
                        }
                    }
                });
        if (accepted == 0) {
            out.add("  nothing imported: the store is unchanged");
        } else {
            out.add("  bars " + firstBar + " → " + lastBar + " ET; "
                    + (replacedData ? "replaced the previous (synthetic) data; "
                    : barsReplaced == 0 && barsInStore == accepted ? "into an empty store; "
                    : "merged by timestamp, " + barsReplaced + " existing bars replaced; ")
                    + barsInStore + " bars in the store; daily tables rebuilt");
        }
        out.add("  rejected rows with their reasons: " + rejectsFile);
        out.add("  took " + durationMs + " ms");
        return out;
    }

    private static String abbreviate(String raw) {
        if (raw == null) {
            return "";
        }
        return raw.length() <= 100 ? raw : raw.substring(0, 97) + "...";
    }
}
