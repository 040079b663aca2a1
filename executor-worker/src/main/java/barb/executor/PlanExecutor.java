package barb.executor;

import barb.core.Operation;
import barb.core.Plan;
import barb.core.QueryResult;
import barb.core.StageException;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.ResultSetMetaData;
import java.sql.SQLException;
import java.sql.Types;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;

/**
 * Runs one {@link Plan} against the daily tables of a {@link MarketDataStore} and returns a
 * {@link QueryResult} in the seed-001 shape: a compact summary for the agents, the table for the user and the
 * source rows behind every number. Safe to call from many threads at once.
 */
public final class PlanExecutor {
    private static final Logger log = LoggerFactory.getLogger(PlanExecutor.class);
    /**
     * Runs the statements of a plan that do not depend on its answer (the evidence rows, a distribution's summary
     * numbers) on connections of their own while the answer runs: on the small day tables DuckDB's fixed cost per
     * statement is most of a plan's time. Platform threads, as DuckDB blocks inside native code (which would pin
     * a virtual thread's carrier); daemon, so they never keep a JVM alive.
     */
    private static final ExecutorService SIDE_READERS = Executors.newCachedThreadPool(r -> {
        Thread t = new Thread(r, "plan-side-reader");
        t.setDaemon(true);
        return t;
    });

    /** Timestamps in results are bar start times (and streak bounds of bars), shown to the minute. */
    private static final java.time.format.DateTimeFormatter BAR_TIME_FORMAT =
            java.time.format.DateTimeFormatter.ofPattern("yyyy-MM-dd HH:mm");

    private final MarketDataStore store;

    public PlanExecutor(MarketDataStore store) {
        this.store = store;
    }

    /**
     * @throws StageException {@code bad_plan} (not retriable) when the plan cannot run, naming the field;
     *                        {@code no_data} when no market data is loaded; {@code query_failed} when DuckDB fails
     */
    public QueryResult execute(Plan plan) {
        long started = System.nanoTime();
        PlanChecker.Checked checked = PlanChecker.check(plan);
        try {
            return store.withConnection(c -> switch (checked.operation()) {
                case COMPARE -> compare(c, checked, started);
                case SNAPSHOT -> snapshot(c, checked, started);
                default -> result(checked, run(c, checked), started);
            });
        } catch (SQLException e) {
            log.error("{} failed in DuckDB: {}", checked.name(), e.getMessage());
            throw new StageException("query_failed", "The market data query for " + checked.name()
                    + " failed; the request was stopped.", false, e);
        }
    }

    /** One plan's statements and what they returned. */
    private record Run(PlanChecker.Checked plan, DataLayout layout, LocalDate[] period,
                       PlanCompiler.Compiled compiled, List<Map<String, Object>> answer,
                       List<Map<String, Object>> detail, List<Map<String, Object>> source, long sourceCount,
                       long scanned, String dataSource) {
    }

    /** Where the rows of {@code session} come from (from the minutes with a time window or intraday bars). */
    private DataLayout layout(Connection c, String session, boolean minutes) throws SQLException {
        DataLayout layout = store.cached(c, "layout:" + session + ":" + minutes,
                cc -> DataLayout.detect(cc, session, minutes));
        if (layout == null) {
            String table = session.equals("RTH") ? DerivedTables.DAILY_RTH : DerivedTables.DAILY;
            throw new StageException("no_data", "No market data is loaded (tables session_days, " + table
                    + " and bars are missing); generate or import data first.", false);
        }
        return layout;
    }

    private Run run(Connection c, PlanChecker.Checked p) throws SQLException {
        DataLayout layout = layout(c, p.session(), p.time() != null || p.intraday());
        LocalDate[] period = period(c, layout, p);
        PlanCompiler.Compiled compiled = PlanCompiler.compile(p, layout, period[0], period[1]);
        if (compiled.prepare() == null) {
            return runStatements(c, p, layout, period, compiled);
        }
        update(c, compiled.prepare());
        try {
            return runStatements(c, p, layout, period, compiled);
        } finally {
            update(c, new PlanCompiler.Sql("DROP TABLE IF EXISTS " + PlanCompiler.PLAN_DAYS, List.of()));
        }
    }

    private Run runStatements(Connection c, PlanChecker.Checked p, DataLayout layout, LocalDate[] period,
                              PlanCompiler.Compiled compiled) throws SQLException {
        Future<List<Map<String, Object>>> evidence = null;
        // Evidence is capped: with the count known from the answer, up to the cap; otherwise one row past it, and
        // the rest is counted only when there is a rest.
        int evidenceRows = compiled.total() != null ? QueryResult.SOURCE_ROW_CAP : QueryResult.SOURCE_ROW_CAP + 1;
        if (compiled.prepare() == null && compiled.source() != null) {
            // The evidence does not depend on the answer: it is read on a second connection meanwhile, which
            // halves a plan's latency when DuckDB's fixed cost per statement dominates (small tables).
            PlanCompiler.Sql sql = limited(compiled.source(), evidenceRows);
            evidence = SIDE_READERS.submit(() -> store.withConnection(other -> fetch(other, sql)));
        }
        Future<List<Map<String, Object>>> details = null;
        if (compiled.prepare() == null && compiled.detail() != null) {
            PlanCompiler.Sql sql = compiled.detail();
            details = SIDE_READERS.submit(() -> store.withConnection(other -> fetch(other, sql)));
        }
        List<Map<String, Object>> answer = fetch(c, compiled.answer());
        if (p.operation() == Operation.FORMATION) {
            answer = bucketLabels(answer, compiled.columns().getFirst());
        }
        List<Map<String, Object>> detail = details != null ? await(details)
                : compiled.detail() == null ? List.of() : fetch(c, compiled.detail());
        if (p.operation() == Operation.GAP_FILL) {
            answer = GapFillTable.rows(answer, detail);
        }
        long scanned;
        if (period[0] == null || period[1] == null) {
            scanned = 0;
        } else if (compiled.prepare() == null) {
            // the session-days of a period over a stored table: fixed until the data is rebuilt
            PlanCompiler.Sql sql = compiled.scanned();
            scanned = store.cached(c, "scanned:" + sql.text() + sql.params(), cc -> count(cc, sql));
        } else {
            scanned = count(c, compiled.scanned());
        }
        List<Map<String, Object>> source;
        long sourceCount;
        if (compiled.source() == null) {
            // list and top_n: the table is the evidence (seed 001); source_row_count says how many rows matched.
            source = List.of();
            sourceCount = answer.size();
        } else {
            PlanCompiler.Sql all = compiled.source();
            source = evidence != null ? await(evidence) : fetch(c, limited(all, evidenceRows));
            if (compiled.total() != null) {
                sourceCount = total(compiled.detail() == null ? answer : detail, compiled.total());
            } else if (source.size() <= QueryResult.SOURCE_ROW_CAP) {
                sourceCount = source.size();
            } else {
                sourceCount = count(c, new PlanCompiler.Sql("SELECT count(*) FROM (" + all.text() + ") AS evidence",
                        all.params()));
            }
        }
        return new Run(p, layout, period, compiled, answer, detail, source, sourceCount, scanned,
                store.dataSource(c));
    }

    private static QueryResult result(PlanChecker.Checked p, Run r, long started) {
        List<Map<String, Object>> table = r.compiled().source() == null ? capped(r.answer()) : r.answer();
        QueryResult.Summary summary = ResultSummaries.summarise(p, r.answer(), table.size(), r.detail(),
                r.sourceCount());
        long ms = (System.nanoTime() - started) / 1_000_000;
        String sql = r.compiled().answer().text();
        List<Object> params = new ArrayList<>(r.compiled().answer().params());
        if (r.compiled().detail() != null) {
            sql = r.compiled().detail().text() + ";\n" + sql;
            params = new ArrayList<>(r.compiled().detail().params());
            params.addAll(r.compiled().answer().params());
        }
        if (r.compiled().prepare() != null) {
            List<Object> all = new ArrayList<>(r.compiled().prepare().params());
            all.addAll(params);
            sql = r.compiled().prepare().text() + ";\n" + sql;
            params = all;
        }
        QueryResult.Metadata metadata = new QueryResult.Metadata(text(r.period()[0]), text(r.period()[1]),
                p.session(), p.timeframe(), r.scanned(), r.dataSource(), sql, params, ms);
        log.debug("{} {} → {} rows in {} ms", p.name(), p.operation(), r.answer().size(), ms);
        return new QueryResult(p.plan().id(), p.operation().name().toLowerCase(Locale.ROOT), summary,
                r.compiled().columns(), table, capped(r.source()), r.sourceCount(), metadata);
    }

    /**
     * compare: each variant runs as its own aggregate (or count) and becomes one row; the source rows are every
     * variant's days, tagged with the variant's label.
     */
    private QueryResult compare(Connection c, PlanChecker.Checked p, long started) throws SQLException {
        List<Map<String, Object>> table = new ArrayList<>();
        List<Map<String, Object>> source = new ArrayList<>();
        long sourceCount = 0;
        long scanned = 0;
        StringBuilder sql = new StringBuilder();
        List<Object> params = new ArrayList<>();
        LocalDate first = null;
        LocalDate last = null;
        String dataSource = null;
        for (PlanChecker.Checked v : p.variants()) {
            Run r = run(c, v);
            Map<String, Object> row = new LinkedHashMap<>();
            Map<String, Object> answer = r.answer().getFirst();
            row.put("variant", v.label());
            row.put("session", v.session());
            row.put("period_from", text(r.period()[0]));
            row.put("period_to", text(r.period()[1]));
            row.put("metric", v.metric());
            row.put("count", answer.get("count"));
            if (!p.valueName().equals("count")) {
                row.put(p.valueName(), v.operation() == Operation.COUNT ? answer.get("count")
                        : answer.get(v.valueName()));
            }
            table.add(row);
            for (Map<String, Object> s : r.source()) {
                if (source.size() >= QueryResult.SOURCE_ROW_CAP) {
                    break;
                }
                Map<String, Object> tagged = new LinkedHashMap<>();
                tagged.put("variant", v.label());
                tagged.putAll(s);
                source.add(tagged);
            }
            sourceCount += r.sourceCount();
            scanned += r.scanned();
            sql.append(sql.isEmpty() ? "" : ";\n").append(r.compiled().answer().text());
            params.addAll(r.compiled().answer().params());
            first = earliest(first, r.period()[0]);
            last = latest(last, r.period()[1]);
            dataSource = r.dataSource();
        }
        List<String> columns = new ArrayList<>(List.of("variant", "session", "period_from", "period_to", "metric",
                "count"));
        if (!p.valueName().equals("count")) {
            columns.add(p.valueName());
        }
        QueryResult.Summary summary = ResultSummaries.summarise(p, table, table.size(), List.of(), sourceCount);
        long ms = (System.nanoTime() - started) / 1_000_000;
        QueryResult.Metadata metadata = new QueryResult.Metadata(text(first), text(last), p.session(), p.timeframe(),
                scanned, dataSource, sql.toString(), params, ms);
        return new QueryResult(p.plan().id(), "compare", summary, List.copyOf(columns), table, source, sourceCount,
                metadata);
    }

    /**
     * snapshot: every trading day of the period, ETH and RTH rows side by side (the plan's session is not used);
     * the summary is the first day's ETH row and names the days without trading.
     */
    private QueryResult snapshot(Connection c, PlanChecker.Checked p, long started) throws SQLException {
        List<DataLayout> layouts = new ArrayList<>();
        for (String session : Snapshot.SESSIONS) {
            DataLayout layout = layout(c, session, false);
            if (layout.mode() != DataLayout.Mode.TABLE) {
                throw PlanChecker.bad(p.name() + ": snapshot reads the stored session-days of " + session
                        + ", which the loaded data does not have (rebuild the derived tables)");
            }
            layouts.add(layout);
        }
        LocalDate[] period = period(c, layouts.getFirst(), Snapshot.SESSIONS.getFirst(), p);
        PlanCompiler.Sql sql = Snapshot.sql(layouts, period[0], period[1]);
        List<Map<String, Object>> rows = fetch(c, sql);
        Set<LocalDate> traded = new HashSet<>();
        for (Map<String, Object> row : rows) {
            traded.add(LocalDate.parse((String) row.get("trade_date")));
        }
        LocalDate from = p.plan().period().from();
        LocalDate to = p.plan().period().to();
        String note = Snapshot.noTradingNote(from, to, traded, closedDays(c, from, to));
        QueryResult.Summary summary = ResultSummaries.snapshot(rows, note);
        long ms = (System.nanoTime() - started) / 1_000_000;
        QueryResult.Metadata metadata = new QueryResult.Metadata(text(period[0]), text(period[1]),
                String.join(", ", Snapshot.SESSIONS), p.timeframe(), rows.size(), store.dataSource(c), sql.text(),
                sql.params(), ms);
        return new QueryResult(p.plan().id(), Operation.SNAPSHOT.wireName(), summary, Snapshot.COLUMNS, rows,
                capped(rows), rows.size(), metadata);
    }

    /** The named days of the calendar without a session (full closes) between from and to. */
    private Map<LocalDate, String> closedDays(Connection c, LocalDate from, LocalDate to) throws SQLException {
        Map<LocalDate, String> out = new HashMap<>();
        boolean calendar = store.cached(c, "table:" + DerivedTables.CALENDAR_DAYS,
                cc -> MarketDataStore.tableExists(cc, DerivedTables.CALENDAR_DAYS));
        if (!calendar) {
            return out;
        }
        PlanCompiler.Sql sql = new PlanCompiler.Sql("SELECT trade_date, holiday_name FROM "
                + DerivedTables.CALENDAR_DAYS + " WHERE trade_date BETWEEN CAST(? AS DATE) AND CAST(? AS DATE) "
                + "AND is_trading_day = 0 AND holiday_name IS NOT NULL", List.of(from.toString(), to.toString()));
        for (Map<String, Object> row : query(c, sql)) {
            out.put(LocalDate.parse((String) row.get("trade_date")), (String) row.get("holiday_name"));
        }
        return out;
    }

    private static LocalDate earliest(LocalDate a, LocalDate b) {
        return a == null ? b : b == null || a.isBefore(b) ? a : b;
    }

    private static LocalDate latest(LocalDate a, LocalDate b) {
        return a == null ? b : b == null || a.isAfter(b) ? a : b;
    }

    private static String text(LocalDate d) {
        return d == null ? null : d.toString();
    }

    /**
     * The period actually used: the plan's dates, with open ends and ends beyond the data replaced by the
     * data's first / last day. A period wholly outside the data is kept as asked (the answer is empty).
     */
    private static LocalDate[] dataBounds(Connection c, DataLayout layout, String session) throws SQLException {
        String sql = layout.table().equals("bars")
                ? "SELECT CAST(min(ts + INTERVAL 6 HOUR) AS DATE), CAST(max(ts + INTERVAL 6 HOUR) AS DATE) FROM bars"
                : "SELECT min(trade_date), max(trade_date) FROM " + layout.table()
                + (session != null ? " WHERE session = ?" : "");
        try (PreparedStatement ps = c.prepareStatement(sql)) {
            if (session != null) {
                ps.setString(1, session);
            }
            try (ResultSet rs = ps.executeQuery()) {
                rs.next();
                return new LocalDate[]{rs.getObject(1, LocalDate.class), rs.getObject(2, LocalDate.class)};
            }
        }
    }

    private LocalDate[] period(Connection c, DataLayout layout, PlanChecker.Checked p) throws SQLException {
        return period(c, layout, p.session(), p);
    }

    /** The period of the plan over the rows of {@code session} (snapshot reads ETH whatever the plan's session). */
    private LocalDate[] period(Connection c, DataLayout layout, String session, PlanChecker.Checked p)
            throws SQLException {
        String boundsSession = layout.bySession()
                ? (layout.mode() == DataLayout.Mode.TABLE ? session : layout.flagsSession()) : null;
        LocalDate[] bounds = store.cached(c, "bounds:" + layout.table() + ":" + boundsSession,
                cc -> dataBounds(cc, layout, boundsSession));
        LocalDate first = bounds[0];
        LocalDate last = bounds[1];
        Plan.Period asked = p.plan().period();
        LocalDate from = asked == null ? null : asked.from();
        LocalDate to = asked == null ? null : asked.to();
        if (first == null) {
            return new LocalDate[]{from, to};
        }
        boolean outside = (from != null && from.isAfter(last)) || (to != null && to.isBefore(first));
        if (outside) {
            return new LocalDate[]{from, to};
        }
        return new LocalDate[]{
                from == null || from.isBefore(first) ? first : from,
                to == null || to.isAfter(last) ? last : to};
    }

    private static PlanCompiler.Sql limited(PlanCompiler.Sql sql, int rows) {
        List<Object> params = new ArrayList<>(sql.params());
        params.add(rows);
        return new PlanCompiler.Sql(sql.text() + "\nLIMIT ?", params);
    }

    private static <T> T await(Future<T> work) throws SQLException {
        try {
            return work.get();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new SQLException("interrupted while waiting for a statement on another connection", e);
        } catch (ExecutionException e) {
            if (e.getCause() instanceof SQLException sql) {
                throw sql;
            }
            throw new SQLException("a statement on another connection failed: " + e.getCause(), e.getCause());
        }
    }

    private static long total(List<Map<String, Object>> rows, String column) {
        long sum = 0;
        for (Map<String, Object> row : rows) {
            if (row.get(column) instanceof Number n) {
                sum += n.longValue();
            }
        }
        return sum;
    }

    private static long count(Connection c, PlanCompiler.Sql sql) throws SQLException {
        List<Map<String, Object>> rows = query(c, sql);
        return ((Number) rows.getFirst().values().iterator().next()).longValue();
    }

    private static void update(Connection c, PlanCompiler.Sql sql) throws SQLException {
        try (PreparedStatement ps = c.prepareStatement(sql.text())) {
            for (int i = 0; i < sql.params().size(); i++) {
                ps.setObject(i + 1, sql.params().get(i));
            }
            ps.execute();
        }
    }

    /** Runs a statement; integers come back as Long, decimals rounded by {@link Numbers}, text as String. */
    static List<Map<String, Object>> query(Connection c, PlanCompiler.Sql sql) throws SQLException {
        try (PreparedStatement ps = c.prepareStatement(sql.text())) {
            return rows(ps, sql);
        }
    }

    /**
     * Like {@link #query}, reusing the connection's prepared statement when the statement reads stored tables
     * only (a statement over the per-plan temporary table is prepared afresh, as that table is replaced).
     */
    private List<Map<String, Object>> fetch(Connection c, PlanCompiler.Sql sql) throws SQLException {
        if (sql.text().contains(PlanCompiler.PLAN_DAYS)) {
            return query(c, sql);
        }
        return rows(store.prepared(c, sql.text()), sql);
    }

    private static List<Map<String, Object>> rows(PreparedStatement ps, PlanCompiler.Sql sql) throws SQLException {
        for (int i = 0; i < sql.params().size(); i++) {
            ps.setObject(i + 1, sql.params().get(i));
        }
        try (ResultSet rs = ps.executeQuery()) {
            ResultSetMetaData md = rs.getMetaData();
            List<Map<String, Object>> rows = new ArrayList<>();
            while (rs.next()) {
                Map<String, Object> row = new LinkedHashMap<>();
                for (int i = 1; i <= md.getColumnCount(); i++) {
                    row.put(md.getColumnLabel(i), value(rs, i, md.getColumnType(i)));
                }
                rows.add(row);
            }
            return rows;
        }
    }

    private static Object value(ResultSet rs, int i, int type) throws SQLException {
        Object raw = rs.getObject(i);
        if (raw == null) {
            return null;
        }
        return switch (type) {
            case Types.TINYINT, Types.SMALLINT, Types.INTEGER, Types.BIGINT -> ((Number) raw).longValue();
            case Types.FLOAT, Types.REAL, Types.DOUBLE, Types.DECIMAL, Types.NUMERIC ->
                    Numbers.round(((Number) raw).doubleValue());
            case Types.TIMESTAMP -> raw instanceof java.sql.Timestamp t ? BAR_TIME_FORMAT.format(t.toLocalDateTime())
                    : raw.toString();
            default -> switch (raw) {
                case java.math.BigInteger big -> big.longValue();
                case Number n -> Numbers.round(n.doubleValue());
                default -> raw.toString();
            };
        };
    }

    private static List<Map<String, Object>> capped(List<Map<String, Object>> rows) {
        if (rows.size() <= QueryResult.SOURCE_ROW_CAP) {
            return rows;
        }
        return List.copyOf(rows.subList(0, QueryResult.SOURCE_ROW_CAP));
    }

    /** Formation buckets leave SQL as minutes after midnight (for ordering) and are shown as "HH:MM". */
    private static List<Map<String, Object>> bucketLabels(List<Map<String, Object>> rows, String label) {
        List<Map<String, Object>> out = new ArrayList<>();
        for (Map<String, Object> row : rows) {
            Map<String, Object> copy = new LinkedHashMap<>();
            int minute = ((Number) row.get("bucket_minute")).intValue();
            copy.put(label, "%02d:%02d".formatted(minute / 60, minute % 60));
            row.forEach((k, v) -> {
                if (!k.equals("bucket_minute")) {
                    copy.put(k, v);
                }
            });
            out.add(copy);
        }
        return out;
    }
}
