package barb.executor;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.regex.Pattern;

/**
 * Where the six bar columns sit in an import file, worked out from its first line (CSV) or its column names
 * (Parquet). A CSV file may start with a header naming the columns in any order (extra columns are ignored);
 * without a header the first six fields must be timestamp, open, high, low, close, volume in that order.
 * The timestamp column may also be called {@code ts} (what {@code COPY bars TO …} writes).
 *
 * @param timestamp      1-based field positions of the columns
 * @param fieldCount     how many fields every data row must have
 * @param headerLine     the line number of the header, 0 when there is none
 * @param timestampName  the timestamp column's name as spelled in {@link #COLUMNS} or "ts"
 */
record BarFileLayout(int timestamp, int open, int high, int low, int close, int volume, int fieldCount,
                     long headerLine, String timestampName) {

    static final List<String> COLUMNS = List.of("timestamp", "open", "high", "low", "close", "volume");

    /** yyyy-MM-dd, 'T' or a space, HH:mm, optional :ss[.fraction], optional offset (Z, +hh, +hh:mm, +hhmm). */
    static final String TIMESTAMP_REGEX =
            "^\\d{4}-\\d{2}-\\d{2}[T ]\\d{2}:\\d{2}(:\\d{2}(\\.\\d{1,9})?)?(Z|[+-]\\d{2}(:?\\d{2})?)?$";
    /** A timestamp that names its own offset: then it is an instant and the import's time zone does not apply. */
    static final String OFFSET_REGEX = "[T ]\\d{2}:\\d{2}(:\\d{2}(\\.\\d{1,9})?)?(Z|[+-]\\d{2}(:?\\d{2})?)$";
    private static final Pattern TIMESTAMP = Pattern.compile(TIMESTAMP_REGEX);
    /** Characters trimmed from both ends of every CSV field (simple quoting, stray CR, spaces, tabs). */
    static final String TRIMMED = " \"\t\r";

    private static final String EXPECTED = String.join(",", COLUMNS);

    /**
     * The layout implied by a CSV file's first non-blank line.
     *
     * @param lineNumber the line's number in the file (1-based)
     */
    static BarFileLayout fromFirstCsvLine(String fileName, long lineNumber, String line) throws BarImportException {
        List<String> fields = splitCsvLine(line);
        if (looksLikeTimestamp(fields.getFirst())) {
            if (fields.size() != COLUMNS.size()) {
                throw new BarImportException(fileName + ": line " + lineNumber + " has " + fields.size()
                        + " fields and no header precedes it; expected " + EXPECTED + " (or a header naming them)");
            }
            return new BarFileLayout(1, 2, 3, 4, 5, 6, COLUMNS.size(), 0, "timestamp");
        }
        List<String> names = fields.stream().map(f -> f.toLowerCase(Locale.ROOT)).toList();
        int ts = position(names, "timestamp");
        String tsName = "timestamp";
        if (ts == 0) {
            ts = position(names, "ts");
            tsName = "ts";
        }
        List<String> missing = new ArrayList<>();
        if (ts == 0) {
            missing.add("timestamp");
        }
        for (String column : COLUMNS.subList(1, COLUMNS.size())) {
            if (position(names, column) == 0) {
                missing.add(column);
            }
        }
        if (!missing.isEmpty()) {
            throw new BarImportException(fileName + ": the header (line " + lineNumber + ") lacks column(s) "
                    + String.join(", ", missing) + "; expected " + EXPECTED + ", found " + String.join(",", fields));
        }
        return new BarFileLayout(ts, position(names, "open"), position(names, "high"), position(names, "low"),
                position(names, "close"), position(names, "volume"), fields.size(), lineNumber, tsName);
    }

    /** The layout of a Parquet file with these column names (positions do not matter there: columns go by name). */
    static BarFileLayout fromColumnNames(String fileName, List<String> columnNames) throws BarImportException {
        List<String> names = columnNames.stream().map(n -> n.toLowerCase(Locale.ROOT)).toList();
        String tsName = names.contains("timestamp") ? "timestamp" : names.contains("ts") ? "ts" : null;
        List<String> missing = new ArrayList<>();
        if (tsName == null) {
            missing.add("timestamp");
        }
        for (String column : COLUMNS.subList(1, COLUMNS.size())) {
            if (!names.contains(column)) {
                missing.add(column);
            }
        }
        if (!missing.isEmpty()) {
            throw new BarImportException(fileName + ": lacks column(s) " + String.join(", ", missing) + "; expected "
                    + EXPECTED + ", found " + String.join(",", columnNames));
        }
        return new BarFileLayout(1, 2, 3, 4, 5, 6, COLUMNS.size(), 0, tsName);
    }

    static boolean looksLikeTimestamp(String field) {
        return TIMESTAMP.matcher(field).matches();
    }

    /** Splits on commas and trims each field; a byte-order mark at the start is dropped. */
    static List<String> splitCsvLine(String line) {
        String text = line.startsWith("\uFEFF") ? line.substring(1) : line;
        List<String> fields = new ArrayList<>();
        for (String raw : text.split(",", -1)) {
            fields.add(trim(raw));
        }
        return fields;
    }

    private static String trim(String field) {
        int start = 0;
        int end = field.length();
        while (start < end && TRIMMED.indexOf(field.charAt(start)) >= 0) {
            start++;
        }
        while (end > start && TRIMMED.indexOf(field.charAt(end - 1)) >= 0) {
            end--;
        }
        return field.substring(start, end);
    }

    private static int position(List<String> names, String column) {
        int i = names.indexOf(column);
        return i + 1;
    }
}
