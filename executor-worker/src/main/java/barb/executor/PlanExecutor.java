package barb.executor;

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
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * Runs one {@link Plan} against the daily tables of a {@link MarketDataStore} and returns a
 * {@link QueryResult} in the seed-001 shape: a compact summary for the agents, the table for the user and the
 * source rows behind every number. Safe to call from many threads at once.
 */
public final class PlanExecutor {
    private static final Logger log = LoggerFactory.getLogger(PlanExecutor.class);
    private static final String TIMEFRAME = "1D";

    private final MarketDataStore store;

    public PlanExecutor(MarketDataStore store) {
        this.store = store;
    }

    /**
     * @throws StageException {@code bad_plan} (not retriable) when the plan cannot run, naming the field;
     *                        {@code no_data} when the daily tables are missing; {@code query_failed} when
     *                        DuckDB fails
     */
    public QueryResult execute(Plan plan) {
        long started = System.nanoTime();
        PlanCompiler.Checked checked = PlanCompiler.check(plan);
        try {
            return store.withConnection(c -> run(c, checked, started));
        } catch (SQLException e) {
            log.error("{} failed in DuckDB: {}", checked.name(), e.getMessage());
            throw new StageException("query_failed", "The market data query for " + checked.name()
                    + " failed; the request was stopped.", false, e);
        }
    }

    private QueryResult run(Connection c, PlanCompiler.Checked p, long started) throws SQLException {
        if (!MarketDataStore.tableExists(c, p.table())) {
            throw new StageException("no_data", "No market data is loaded (table " + p.table()
                    + " is missing); generate or import data first.", false);
        }
        LocalDate[] period = period(c, p);
        PlanCompiler.Compiled compiled = PlanCompiler.compile(p, period[0], period[1]);
        List<Map<String, Object>> answer = query(c, compiled.answer());
        if (p.operation() == PlanCompiler.Operation.FORMATION) {
            answer = hourLabels(answer);
        }
        long scanned = scanned(c, p.table(), period);
        String dataSource = store.dataSource(c);

        List<Map<String, Object>> table = answer;
        List<Map<String, Object>> sourceRows = List.of();
        long sourceCount;
        if (compiled.source() == null) {
            // list: the table is the evidence (seed 001); source_row_count says how many rows matched.
            sourceCount = answer.size();
            table = capped(answer);
        } else {
            List<Map<String, Object>> source = query(c, compiled.source());
            sourceCount = source.size();
            sourceRows = capped(source);
        }
        QueryResult.Summary summary = ResultSummaries.summarise(p, answer, table.size());
        long ms = (System.nanoTime() - started) / 1_000_000;
        QueryResult.Metadata metadata = new QueryResult.Metadata(
                period[0] == null ? null : period[0].toString(), period[1] == null ? null : period[1].toString(),
                p.session(), TIMEFRAME, scanned, dataSource, compiled.answer().text(),
                compiled.answer().params(), ms);
        log.debug("{} {} → {} rows in {} ms", p.name(), p.operation(), answer.size(), ms);
        return new QueryResult(p.plan().id(), p.operation().name().toLowerCase(Locale.ROOT), summary,
                compiled.columns(), table, sourceRows, sourceCount, metadata);
    }

    /**
     * The period actually used: the plan's dates, with open ends and ends beyond the data replaced by the
     * data's first / last day. A period wholly outside the data is kept as asked (the answer is empty).
     */
    private static LocalDate[] period(Connection c, PlanCompiler.Checked p) throws SQLException {
        LocalDate first;
        LocalDate last;
        try (PreparedStatement ps = c.prepareStatement(
                "SELECT min(trade_date), max(trade_date) FROM " + p.table());
             ResultSet rs = ps.executeQuery()) {
            rs.next();
            first = rs.getObject(1, LocalDate.class);
            last = rs.getObject(2, LocalDate.class);
        }
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

    private static long scanned(Connection c, String table, LocalDate[] period) throws SQLException {
        if (period[0] == null || period[1] == null) {
            return 0;
        }
        try (PreparedStatement ps = c.prepareStatement(
                "SELECT count(*) FROM " + table + " WHERE " + PlanCompiler.PERIOD_WHERE)) {
            ps.setString(1, period[0].toString());
            ps.setString(2, period[1].toString());
            try (ResultSet rs = ps.executeQuery()) {
                rs.next();
                return rs.getLong(1);
            }
        }
    }

    /** Runs a statement; integers come back as Long, decimals rounded by {@link Numbers}, text as String. */
    static List<Map<String, Object>> query(Connection c, PlanCompiler.Sql sql) throws SQLException {
        try (PreparedStatement ps = c.prepareStatement(sql.text())) {
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

    /** Formation hours leave SQL as numbers (for ordering) and are shown as "HH:00". */
    private static List<Map<String, Object>> hourLabels(List<Map<String, Object>> rows) {
        List<Map<String, Object>> out = new ArrayList<>();
        for (Map<String, Object> row : rows) {
            Map<String, Object> copy = new LinkedHashMap<>(row);
            copy.put("hour", "%02d:00".formatted(((Number) row.get("hour")).intValue()));
            out.add(copy);
        }
        return out;
    }
}
