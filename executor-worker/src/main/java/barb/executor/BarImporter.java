package barb.executor;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Instant;
import java.time.LocalDateTime;
import java.time.ZoneId;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * Loads real 1-minute bars from a CSV or Parquet file into the store's {@code bars} table.
 *
 * <p>All the heavy lifting is SQL: DuckDB reads the file into a staging table, one statement checks every row
 * and gives each bad row its first {@link RejectReason}, and the accepted rows are merged into {@code bars}
 * one calendar year per statement (the progress steps). So millions of rows take seconds.
 *
 * <p>Rules, in the order they matter:
 * <ul>
 *   <li>Timestamps are wall-clock times in the import's time zone (America/New_York by default) and are stored
 *       as America/New_York wall clock, like every other bar; a timestamp carrying its own offset
 *       ({@code 2024-01-02T14:30Z}, {@code …-05:00}) is an instant and is converted from that offset instead.</li>
 *   <li>A row is rejected for the first failed check of {@link RejectReason}. Of several valid rows with the same
 *       timestamp the first is kept, the others are rejected as duplicates. Bars on exchange holidays are
 *       accepted: the file is the truth about what traded.</li>
 *   <li>Merge by timestamp: accepted bars replace stored bars with the same timestamp and all other stored
 *       bars stay, so a second file extends the history and importing a file twice changes nothing. The
 *       exception is the first import into a store holding synthetic (or unlabelled) bars: those are replaced
 *       wholesale, because mixing made-up and real minutes would make every statistic meaningless.</li>
 *   <li>{@code meta.source} becomes "imported" (so every result says so), the daily tables are rebuilt.</li>
 *   <li>A file with no acceptable row changes nothing in the store.</li>
 * </ul>
 * Every rejected row is written with its reason to {@code <file>.rejects.csv} beside the input file (or, when
 * that folder is not writable, in the store's folder); the report says which.
 */
public final class BarImporter {
    private static final Logger log = LoggerFactory.getLogger(BarImporter.class);

    public static final ZoneId MARKET_ZONE = ZoneId.of("America/New_York");
    /** Rejected rows shown per reason in the report (all of them go to the rejects file). */
    static final int EXAMPLES_PER_REASON = 3;
    private static final List<String> TEMP_TABLES = List.of("import_lines", "import_parquet", "import_checked",
            "import_duplicates", "import_accepted", "import_kept");

    /** The file formats an import reads. */
    public enum Format {
        CSV, PARQUET;

        /** Parquet for {@code .parquet} / {@code .pq} files, CSV for anything else. */
        public static Format of(Path file) {
            String name = file.getFileName().toString().toLowerCase(Locale.ROOT);
            return name.endsWith(".parquet") || name.endsWith(".pq") ? PARQUET : CSV;
        }
    }

    private BarImporter() {
    }

    /** Where the rejects of {@code input} go by default: {@code <input>.rejects.csv} in the same folder. */
    public static Path rejectsFileFor(Path input) {
        Path absolute = input.toAbsolutePath();
        return absolute.resolveSibling(absolute.getFileName() + ".rejects.csv");
    }

    /**
     * Imports {@code file} into {@code store} and rebuilds the derived tables.
     *
     * @param format   null → decided by the file name ({@link Format#of})
     * @param timeZone the zone of the file's wall-clock timestamps; null → America/New_York
     * @param listener told about each phase: "reading", "checking", "rejects", one step per calendar year of
     *                 the merged bars (named by the year), "daily tables", and finally "done" with done = total
     *                 (the total grows once the years are known); may be null
     * @throws BarImportException the file cannot be imported at all (missing, empty, unreadable, wrong columns);
     *                            the store is unchanged
     * @throws SQLException       the store failed
     */
    public static ImportReport importFile(MarketDataStore store, Path file, Format format, ZoneId timeZone,
                                          ProgressListener listener) throws BarImportException, SQLException {
        if (file == null) {
            throw new BarImportException("no file given to import");
        }
        checkReadable(file);
        Format f = format == null ? Format.of(file) : format;
        ZoneId zone = timeZone == null ? MARKET_ZONE : timeZone;
        ProgressListener progress = listener == null ? ProgressListener.NONE : listener;
        Path rejects = rejectsFileFor(file);
        if (!Files.isWritable(rejects.getParent())) {
            rejects = store.file().toAbsolutePath().resolveSibling(file.getFileName() + ".rejects.csv");
        }
        long started = System.nanoTime();
        ImportRun run = new ImportRun(file.toAbsolutePath(), f, zone, rejects, progress);
        ImportReport report;
        try {
            report = store.withConnection(run::run);
        } catch (FileProblem problem) {
            throw new BarImportException(problem.getMessage(), problem.getCause());
        }
        if (report.accepted() > 0) {
            store.buildDerivedTables();
        }
        long ms = (System.nanoTime() - started) / 1_000_000;
        progress.progress(run.totalSteps, run.totalSteps, "done");
        report = new ImportReport(report.file(), report.format(), report.timeZone(), report.rowsRead(),
                report.accepted(), report.rejectedByReason(), report.examples(), report.rejectsFile(),
                report.replacedData(), report.barsReplaced(), report.barsInStore(), report.firstBar(),
                report.lastBar(), ms);
        log.info("imported {}: {} rows read, {} accepted, {} rejected, {} bars in the store, {} ms", file,
                report.rowsRead(), report.accepted(), report.rejected(), report.barsInStore(), ms);
        return report;
    }

    private static void checkReadable(Path file) throws BarImportException {
        if (!Files.exists(file)) {
            throw new BarImportException(file + ": file not found");
        }
        if (!Files.isRegularFile(file)) {
            throw new BarImportException(file + ": not a regular file");
        }
        if (!Files.isReadable(file)) {
            throw new BarImportException(file + ": not readable (permissions)");
        }
        try {
            if (Files.size(file) == 0) {
                throw new BarImportException(file + ": the file is empty");
            }
        } catch (java.io.IOException e) {
            throw new BarImportException(file + ": cannot read its size: " + e.getMessage(), e);
        }
    }

    /**
     * Carries a {@link BarImportException} out of {@link MarketDataStore#withConnection}, whose work may only
     * throw SQLException; unwrapped right after.
     */
    private static final class FileProblem extends RuntimeException {
        FileProblem(String message, Throwable cause) {
            super(message, cause);
        }
    }

    /** One import on one connection: the staging tables are temporary, so everything must use that connection. */
    private static final class ImportRun {
        private final Path file;
        private final Format format;
        private final ZoneId zone;
        private final Path rejectsFile;
        private final ProgressListener progress;
        /** read, check, rejects, daily tables, plus one per calendar year once known. */
        long totalSteps = 4;
        private long step;

        ImportRun(Path file, Format format, ZoneId zone, Path rejectsFile, ProgressListener progress) {
            this.file = file;
            this.format = format;
            this.zone = zone;
            this.rejectsFile = rejectsFile;
            this.progress = progress;
        }

        ImportReport run(Connection c) throws SQLException {
            try {
                checkZone(c);
                progress.progress(0, totalSteps, "reading");
                Staged staged = format == Format.CSV ? stageCsv(c) : stageParquet(c);
                progress.progress(++step, totalSteps, "checking");
                check(c, staged);
                progress.progress(++step, totalSteps, "rejects");
                Counts counts = counts(c);
                Map<RejectReason, Long> byReason = rejectedByReason(c);
                List<ImportReport.RejectedRow> examples = examples(c);
                writeRejects(c);
                step++;
                if (counts.accepted == 0) {
                    totalSteps = step;
                    return new ImportReport(file, format, zone, counts.read, 0, byReason, examples, rejectsFile,
                            false, 0, 0, null, null, 0);
                }
                Merge merge = merge(c, counts);
                return new ImportReport(file, format, zone, counts.read, counts.accepted, byReason, examples,
                        rejectsFile, merge.replacedData, merge.barsReplaced, merge.barsInStore, counts.first,
                        counts.last, 0);
            } finally {
                dropTempTables(c);
            }
        }

        private void checkZone(Connection c) throws SQLException {
            try (PreparedStatement ps = c.prepareStatement("SELECT TIMESTAMP '2024-01-02 12:00' AT TIME ZONE ?")) {
                ps.setString(1, zone.getId());
                ps.executeQuery().close();
            } catch (SQLException e) {
                throw new FileProblem("time zone '" + zone.getId() + "' is unknown to DuckDB", e);
            }
        }

        /**
         * What the check reads: the layout and a query giving line_no, raw, field_count and the six fields as
         * text (ts_text, open_text, high_text, low_text, close_text, volume_text); the expression over those
         * giving a row's text as in the file (rawSql); and a query giving line_no, raw for every row (rawLookupSql).
         */
        private record Staged(BarFileLayout layout, String rowsSql, String rawSql, String rawLookupSql) {
        }

        private Staged stageCsv(Connection c) {
            try {
                // One VARCHAR per physical line (a delimiter that never occurs, no quoting): every row keeps its
                // line number and a row with a wrong field count becomes a rejected row, not a failed read.
                try (PreparedStatement ps = c.prepareStatement("""
                        CREATE OR REPLACE TEMP TABLE import_lines AS
                        SELECT line FROM read_csv(?, columns = {'line': 'VARCHAR'}, header = false, delim = ?,
                                                  quote = '', escape = '', auto_detect = false)""")) {
                    ps.setString(1, file.toString());
                    ps.setString(2, "\u0001");
                    ps.execute();
                }
                long firstLine;
                String first;
                try (Statement s = c.createStatement();
                     ResultSet rs = s.executeQuery("""
                             SELECT rowid + 1, line FROM import_lines
                             WHERE trim(coalesce(line, '')) <> '' ORDER BY rowid LIMIT 1""")) {
                    if (!rs.next()) {
                        throw new FileProblem(file + ": the file has no rows (only blank lines)", null);
                    }
                    firstLine = rs.getLong(1);
                    first = rs.getString(2);
                }
                BarFileLayout layout = BarFileLayout.fromFirstCsvLine(file.toString(), firstLine, first);
                // Splitting in the check statement rather than into a staging table of its own halves the time of
                // a big file. Double quotes are dropped (numeric CSV quotes whole fields only) and casts ignore
                // surrounding blanks, so only the timestamp needs a trim.
                String rows = """
                        SELECT line_no, raw, len(parts) AS field_count, trim(parts[%d]) AS ts_text,
                               parts[%d] AS open_text, parts[%d] AS high_text, parts[%d] AS low_text,
                               parts[%d] AS close_text, parts[%d] AS volume_text
                        FROM (SELECT rowid + 1 AS line_no, line AS raw, string_split(replace(line, '"', ''), ',') AS parts
                              FROM import_lines
                              WHERE rowid + 1 > %d AND line <> ''
                                AND (left(line, 1) <> ' ' OR trim(line) <> ''))
                        """.formatted(layout.timestamp(), layout.open(), layout.high(), layout.low(), layout.close(),
                        layout.volume(), layout.headerLine());
                return new Staged(layout, rows, "raw", "SELECT rowid + 1 AS line_no, line AS raw FROM import_lines");
            } catch (BarImportException e) {
                throw new FileProblem(e.getMessage(), e);
            } catch (SQLException e) {
                throw new FileProblem(file + ": cannot read it as CSV: " + firstLine(e), e);
            }
        }

        private Staged stageParquet(Connection c) {
            try {
                List<String> names = new ArrayList<>();
                try (PreparedStatement ps = c.prepareStatement("DESCRIBE SELECT * FROM read_parquet(?)")) {
                    ps.setString(1, file.toString());
                    try (ResultSet rs = ps.executeQuery()) {
                        while (rs.next()) {
                            names.add(rs.getString("column_name"));
                        }
                    }
                }
                BarFileLayout layout = BarFileLayout.fromColumnNames(file.toString(), names);
                // Every column goes through text so that Parquet and CSV share one set of checks; a TIMESTAMPTZ
                // column prints with its offset and is therefore converted as an instant.
                try (PreparedStatement ps = c.prepareStatement("""
                        CREATE OR REPLACE TEMP TABLE import_parquet AS
                        SELECT CAST("%s" AS VARCHAR) AS ts_text, CAST(open AS VARCHAR) AS open_text,
                               CAST(high AS VARCHAR) AS high_text, CAST(low AS VARCHAR) AS low_text,
                               CAST(close AS VARCHAR) AS close_text, CAST(volume AS VARCHAR) AS volume_text
                        FROM read_parquet(?)""".formatted(layout.timestampName()))) {
                    ps.setString(1, file.toString());
                    ps.execute();
                }
                if (MarketDataStore.scalarLong(c, "SELECT count(*) FROM import_parquet") == 0) {
                    throw new FileProblem(file + ": the Parquet file has no rows", null);
                }
                String rows = """
                        SELECT rowid + 1 AS line_no, NULL AS raw, 6 AS field_count,
                               ts_text, open_text, high_text, low_text, close_text, volume_text
                        FROM import_parquet
                        """;
                // A Parquet row has no text of its own: rejected rows are shown as CSV, built only for them.
                String raw = """
                        concat_ws(',', coalesce(ts_text, ''), coalesce(open_text, ''), coalesce(high_text, ''),
                                  coalesce(low_text, ''), coalesce(close_text, ''), coalesce(volume_text, ''))""";
                return new Staged(layout, rows, raw,
                        "SELECT rowid + 1 AS line_no, " + raw + " AS raw FROM import_parquet");
            } catch (BarImportException e) {
                throw new FileProblem(e.getMessage(), e);
            } catch (SQLException e) {
                throw new FileProblem(file + ": cannot read it as Parquet: " + firstLine(e), e);
            }
        }

        private void check(Connection c, Staged staged) throws SQLException {
            boolean marketZone = zone.equals(MARKET_ZONE);
            String localTs = marketZone ? "try_cast(ts_text AS TIMESTAMP)"
                    : "(try_cast(ts_text AS TIMESTAMP) AT TIME ZONE ?) AT TIME ZONE 'America/New_York'";
            String where = format == Format.PARQUET ? "row" : "line";
            String sql = CHECK_SQL
                    .replace("{ROWS}", staged.rowsSql())
                    .replace("{RAW}", staged.rawSql())
                    .replace("{LOCAL_TS}", localTs)
                    .replace("{FIELDS}", Integer.toString(staged.layout().fieldCount()));
            try (PreparedStatement ps = c.prepareStatement(sql)) {
                ps.setString(1, BarFileLayout.TIMESTAMP_REGEX);
                ps.setString(2, BarFileLayout.OFFSET_REGEX);
                if (!marketZone) {
                    ps.setString(3, zone.getId());
                }
                ps.execute();
            }
            // Duplicates are a second pass over the checked rows: in the same statement DuckDB would parse the
            // whole file twice. Duplicates are rare, so their text is looked up only when there are some.
            try (Statement s = c.createStatement()) {
                s.execute(DUPLICATES_SQL);
                if (MarketDataStore.scalarLong(c, "SELECT count(*) FROM import_duplicates") > 0) {
                    s.execute(MARK_DUPLICATES_SQL.replace("{RAW_LOOKUP}", staged.rawLookupSql())
                            .replace("{WHERE}", where));
                }
            }
        }

        private record Counts(long read, long accepted, LocalDateTime first, LocalDateTime last) {
        }

        private Counts counts(Connection c) throws SQLException {
            try (Statement s = c.createStatement();
                 ResultSet rs = s.executeQuery("""
                         SELECT count(*), count(*) FILTER (WHERE reason IS NULL),
                                min(ts) FILTER (WHERE reason IS NULL), max(ts) FILTER (WHERE reason IS NULL)
                         FROM import_checked""")) {
                rs.next();
                return new Counts(rs.getLong(1), rs.getLong(2), rs.getObject(3, LocalDateTime.class),
                        rs.getObject(4, LocalDateTime.class));
            }
        }

        private Map<RejectReason, Long> rejectedByReason(Connection c) throws SQLException {
            Map<RejectReason, Long> out = new EnumMap<>(RejectReason.class);
            try (Statement s = c.createStatement();
                 ResultSet rs = s.executeQuery(
                         "SELECT reason, count(*) FROM import_checked WHERE reason IS NOT NULL GROUP BY reason")) {
                while (rs.next()) {
                    out.put(RejectReason.ofCode(rs.getString(1)), rs.getLong(2));
                }
            }
            return out;
        }

        private List<ImportReport.RejectedRow> examples(Connection c) throws SQLException {
            List<ImportReport.RejectedRow> out = new ArrayList<>();
            try (PreparedStatement ps = c.prepareStatement("""
                    SELECT line_no, reason, detail, raw FROM (
                        SELECT *, row_number() OVER (PARTITION BY reason ORDER BY line_no) AS n
                        FROM import_checked WHERE reason IS NOT NULL)
                    WHERE n <= ? ORDER BY reason, line_no""")) {
                ps.setInt(1, EXAMPLES_PER_REASON);
                try (ResultSet rs = ps.executeQuery()) {
                    while (rs.next()) {
                        out.add(new ImportReport.RejectedRow(rs.getLong(1), RejectReason.ofCode(rs.getString(2)),
                                rs.getString(3), rs.getString(4)));
                    }
                }
            }
            return out;
        }

        private void writeRejects(Connection c) throws SQLException {
            // COPY takes no parameter for its target, so the path goes in as an escaped string literal.
            String target = "'" + rejectsFile.toString().replace("'", "''") + "'";
            String where = format == Format.PARQUET ? "row" : "line";
            try (Statement s = c.createStatement()) {
                s.execute("""
                        COPY (SELECT line_no AS %s, reason, detail, raw FROM import_checked
                              WHERE reason IS NOT NULL ORDER BY line_no)
                        TO %s (FORMAT csv, HEADER true, DELIMITER ',')""".formatted(where, target));
            } catch (SQLException e) {
                throw new FileProblem("cannot write the rejects file " + rejectsFile + ": " + firstLine(e), e);
            }
        }

        private record Merge(boolean replacedData, long barsReplaced, long barsInStore) {
        }

        private Merge merge(Connection c, Counts counts) throws SQLException {
            boolean barsExist = MarketDataStore.tableExists(c, "bars");
            long barsBefore = barsExist ? MarketDataStore.scalarLong(c, "SELECT count(*) FROM bars") : 0;
            boolean wasImported = barsExist && MarketDataStore.tableExists(c, "meta")
                    && DataInfo.IMPORTED.equals(MarketDataStore.metaValue(c, "source"));
            long importCount = 0;
            if (wasImported) {
                String previous = MarketDataStore.metaValue(c, "import_count");
                importCount = previous == null ? 0 : parseLongOrZero(previous);
            }
            long barsReplaced = 0;
            try (Statement s = c.createStatement()) {
                s.execute("""
                        CREATE OR REPLACE TEMP TABLE import_accepted AS
                        SELECT ts, open, high, low, close, volume FROM import_checked WHERE reason IS NULL""");
                if (wasImported) {
                    s.execute("""
                            CREATE OR REPLACE TEMP TABLE import_kept AS
                            SELECT b.ts, b.open, b.high, b.low, b.close, b.volume FROM bars b
                            WHERE NOT EXISTS (SELECT 1 FROM import_accepted a WHERE a.ts = b.ts)""");
                    barsReplaced = MarketDataStore.scalarLong(c, "SELECT count(*) FROM bars")
                            - MarketDataStore.scalarLong(c, "SELECT count(*) FROM import_kept");
                } else {
                    s.execute("CREATE OR REPLACE TEMP TABLE import_kept AS SELECT * FROM import_accepted LIMIT 0");
                }
            }
            int firstYear;
            int lastYear;
            try (Statement s = c.createStatement();
                 ResultSet rs = s.executeQuery("""
                         SELECT year(min(ts)), year(max(ts))
                         FROM (SELECT ts FROM import_kept UNION ALL SELECT ts FROM import_accepted)""")) {
                rs.next();
                firstYear = rs.getInt(1);
                lastYear = rs.getInt(2);
            }
            totalSteps = step + (lastYear - firstYear + 1) + 1;
            boolean autoCommit = c.getAutoCommit();
            c.setAutoCommit(false);
            try {
                try (Statement s = c.createStatement()) {
                    s.execute(MarketDataStore.BARS_DDL);
                }
                // One statement per calendar year, in timestamp order: the table stays sorted by ts, which keeps
                // DuckDB's min/max pruning effective for range queries, and the bar can move.
                try (PreparedStatement ps = c.prepareStatement("""
                        INSERT INTO bars
                        SELECT ts, open, high, low, close, volume FROM (
                            SELECT * FROM import_kept UNION ALL SELECT * FROM import_accepted)
                        WHERE year(ts) = ?
                        ORDER BY ts""")) {
                    for (int year = firstYear; year <= lastYear; year++) {
                        progress.progress(step, totalSteps, String.valueOf(year));
                        ps.setInt(1, year);
                        ps.executeUpdate();
                        step++;
                    }
                }
                try (Statement s = c.createStatement()) {
                    // Stale daily tables must not survive a crash between here and the rebuild.
                    s.execute("DROP TABLE IF EXISTS daily");
                    s.execute("DROP TABLE IF EXISTS daily_rth");
                }
                writeMeta(c, wasImported, importCount + 1, counts);
                c.commit();
            } catch (SQLException | RuntimeException e) {
                c.rollback();
                throw e;
            } finally {
                c.setAutoCommit(autoCommit);
            }
            try (Statement s = c.createStatement()) {
                s.execute("CHECKPOINT");
            }
            progress.progress(step, totalSteps, "daily tables");
            long barsInStore = MarketDataStore.scalarLong(c, "SELECT count(*) FROM bars");
            // an empty store had nothing to replace: only bars that were there (synthetic or unlabelled) were
            return new Merge(!wasImported && barsBefore > 0, barsReplaced, barsInStore);
        }

        private void writeMeta(Connection c, boolean merging, long importCount, Counts counts) throws SQLException {
            try (Statement s = c.createStatement()) {
                s.execute("CREATE TABLE IF NOT EXISTS meta (key VARCHAR PRIMARY KEY, value VARCHAR NOT NULL)");
                if (!merging) {
                    // The synthetic generator's keys (seed, version, range) no longer describe these bars.
                    s.execute("DELETE FROM meta");
                }
            }
            String[][] rows = {
                    {"source", DataInfo.IMPORTED},
                    {"instrument", "NQ"},
                    {"timezone", "America/New_York (wall clock)"},
                    {"import_count", Long.toString(importCount)},
                    {"last_import_file", file.toString()},
                    {"last_import_format", format.name().toLowerCase(Locale.ROOT)},
                    {"last_import_timezone", zone.getId()},
                    {"last_import_at", Instant.now().toString()},
                    {"last_import_rows_read", Long.toString(counts.read)},
                    {"last_import_rows_accepted", Long.toString(counts.accepted)},
                    {"last_import_rows_rejected", Long.toString(counts.read - counts.accepted)},
                    {"last_import_rejects_file", rejectsFile.toString()},
            };
            try (PreparedStatement delete = c.prepareStatement("DELETE FROM meta WHERE key = ?");
                 PreparedStatement insert = c.prepareStatement("INSERT INTO meta VALUES (?, ?)")) {
                for (String[] row : rows) {
                    delete.setString(1, row[0]);
                    delete.executeUpdate();
                    insert.setString(1, row[0]);
                    insert.setString(2, row[1]);
                    insert.executeUpdate();
                }
            }
        }

        private static void dropTempTables(Connection c) {
            for (String table : TEMP_TABLES) {
                try (Statement s = c.createStatement()) {
                    s.execute("DROP TABLE IF EXISTS temp." + table);
                } catch (SQLException e) {
                    log.warn("dropping staging table {} failed: {}", table, e.getMessage());
                }
            }
        }
    }

    private static long parseLongOrZero(String text) {
        try {
            return Long.parseLong(text.trim());
        } catch (NumberFormatException e) {
            return 0;
        }
    }

    private static String firstLine(SQLException e) {
        String message = e.getMessage() == null ? e.getClass().getSimpleName() : e.getMessage();
        int newline = message.indexOf('\n');
        return newline < 0 ? message : message.substring(0, newline);
    }

    /**
     * Checks every staged row. Parameters: the timestamp pattern, the offset pattern, and (for a zone other than
     * America/New_York) the zone. {ROWS} and {RAW} come from Staged; {LOCAL_TS} converts a timestamp without
     * offset; {FIELDS} is the field count every row must have. Duplicates are found afterwards (DUPLICATES_SQL).
     * Trading hours are CME Globex: Sunday 18:00 ET to Friday 17:00 ET, with the daily 17:00–18:00 break.
     */
    private static final String CHECK_SQL = """
            CREATE OR REPLACE TEMP TABLE import_checked AS
            WITH parsed AS (
                SELECT line_no, raw, field_count, ts_text, open_text, high_text, low_text, close_text, volume_text,
                       coalesce(regexp_full_match(ts_text, ?), false) AS ts_ok,
                       coalesce(length(ts_text) > 16 AND regexp_matches(ts_text, ?), false) AS has_offset,
                       try_cast(open_text AS DOUBLE) AS open,
                       try_cast(high_text AS DOUBLE) AS high,
                       try_cast(low_text AS DOUBLE) AS low,
                       try_cast(close_text AS DOUBLE) AS close,
                       try_cast(volume_text AS DOUBLE) AS volume_num
                FROM ({ROWS})
            ), timed AS (
                SELECT *,
                       CASE WHEN NOT ts_ok THEN NULL
                            WHEN has_offset THEN try_cast(ts_text AS TIMESTAMPTZ) AT TIME ZONE 'America/New_York'
                            ELSE {LOCAL_TS} END AS ts,
                       coalesce(isfinite(open), false) AS open_ok,
                       coalesce(isfinite(high), false) AS high_ok,
                       coalesce(isfinite(low), false) AS low_ok,
                       coalesce(isfinite(close), false) AS close_ok,
                       coalesce(isfinite(volume_num) AND volume_num = floor(volume_num)
                                AND abs(volume_num) < 9.0e18, false) AS volume_ok
                FROM parsed
            ), reasoned AS (
                SELECT *,
                       CASE
                           WHEN field_count <> {FIELDS} THEN 'wrong_field_count'
                           WHEN ts IS NULL THEN 'bad_timestamp'
                           WHEN NOT (open_ok AND high_ok AND low_ok AND close_ok AND volume_ok) THEN 'bad_number'
                           WHEN open <= 0 OR high <= 0 OR low <= 0 OR close <= 0 THEN 'non_positive_price'
                           WHEN volume_num < 0 THEN 'negative_volume'
                           WHEN high < low THEN 'high_below_low'
                           WHEN high < greatest(open, close) THEN 'high_below_open_close'
                           WHEN low > least(open, close) THEN 'low_above_open_close'
                           WHEN high > 10 * low OR high > 1.0e7 THEN 'implausible_price'
                           WHEN date_trunc('minute', ts) <> ts THEN 'not_whole_minute'
                           WHEN CAST(ts AS TIME) >= TIME '17:00' AND CAST(ts AS TIME) < TIME '18:00'
                                OR isodow(ts) = 6
                                OR (isodow(ts) = 5 AND CAST(ts AS TIME) >= TIME '17:00')
                                OR (isodow(ts) = 7 AND CAST(ts AS TIME) < TIME '18:00')
                               THEN 'outside_trading_hours'
                       END AS reason
                FROM timed
            )
            SELECT line_no, CASE WHEN reason IS NOT NULL THEN {RAW} END AS raw, ts, open, high, low, close,
                   CASE WHEN volume_ok THEN CAST(volume_num AS BIGINT) END AS volume,
                   reason,
                   CASE reason
                       WHEN 'wrong_field_count'
                           THEN 'expected {FIELDS} fields, found ' || CAST(field_count AS VARCHAR)
                       WHEN 'bad_timestamp' THEN 'timestamp ''' || coalesce(ts_text, '') || ''''
                       WHEN 'bad_number' THEN
                           CASE WHEN NOT open_ok THEN 'open ''' || coalesce(open_text, '') || ''' is not a number'
                                WHEN NOT high_ok THEN 'high ''' || coalesce(high_text, '') || ''' is not a number'
                                WHEN NOT low_ok THEN 'low ''' || coalesce(low_text, '') || ''' is not a number'
                                WHEN NOT close_ok THEN 'close ''' || coalesce(close_text, '') || ''' is not a number'
                                ELSE 'volume ''' || coalesce(volume_text, '') || ''' is not a whole number' END
                       WHEN 'non_positive_price' THEN 'open ' || CAST(open AS VARCHAR) || ', high '
                           || CAST(high AS VARCHAR) || ', low ' || CAST(low AS VARCHAR) || ', close '
                           || CAST(close AS VARCHAR)
                       WHEN 'negative_volume' THEN 'volume ' || CAST(CAST(volume_num AS BIGINT) AS VARCHAR)
                       WHEN 'high_below_low' THEN 'high ' || CAST(high AS VARCHAR) || ' < low ' || CAST(low AS VARCHAR)
                       WHEN 'high_below_open_close' THEN 'high ' || CAST(high AS VARCHAR) || ' < max(open, close) '
                           || CAST(greatest(open, close) AS VARCHAR)
                       WHEN 'low_above_open_close' THEN 'low ' || CAST(low AS VARCHAR) || ' > min(open, close) '
                           || CAST(least(open, close) AS VARCHAR)
                       WHEN 'implausible_price' THEN 'high ' || CAST(high AS VARCHAR) || ', low ' || CAST(low AS VARCHAR)
                       WHEN 'not_whole_minute' THEN strftime(ts, '%Y-%m-%d %H:%M:%S') || ' ET'
                       WHEN 'outside_trading_hours' THEN strftime(ts, '%a %Y-%m-%d %H:%M') || ' ET'
                   END AS detail
            FROM reasoned
            """;

    /** Of valid rows with the same timestamp the first is kept: the later ones, with the line of the first. */
    private static final String DUPLICATES_SQL = """
            CREATE OR REPLACE TEMP TABLE import_duplicates AS
            SELECT c.line_no, f.first_line
            FROM import_checked c
            JOIN (SELECT ts, min(line_no) AS first_line FROM import_checked
                  WHERE reason IS NULL GROUP BY ts HAVING count(*) > 1) f ON f.ts = c.ts
            WHERE c.reason IS NULL AND c.line_no > f.first_line
            """;

    /** {RAW_LOOKUP} gives (line_no, raw) for every row of the file; {WHERE} is "line" or "row". */
    private static final String MARK_DUPLICATES_SQL = """
            UPDATE import_checked
            SET reason = 'duplicate_timestamp',
                detail = strftime(import_checked.ts, '%Y-%m-%d %H:%M') || ' ET, as {WHERE} '
                         || CAST(d.first_line AS VARCHAR),
                raw = r.raw
            FROM import_duplicates d, ({RAW_LOOKUP}) r
            WHERE import_checked.line_no = d.line_no AND r.line_no = d.line_no
            """;
}
