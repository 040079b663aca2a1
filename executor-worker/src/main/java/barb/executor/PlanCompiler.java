package barb.executor;

import barb.core.Operation;
import barb.core.Plan;
import barb.core.StageException;

import java.time.LocalDate;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

/**
 * Turns a checked {@link Plan} into parameterised DuckDB SQL over the session-day rows. Pure: no I/O.
 *
 * <p>Nothing the planner wrote is pasted into SQL as text: table, column, function and direction names are
 * looked up in {@link PlanVocabulary}, and every value (dates, thresholds, lengths, offsets, the limit) is a
 * {@code ?} parameter. Checks live in {@link PlanChecker}; the rows come from {@link DaySource}.
 */
final class PlanCompiler {

    /** Kept for callers of schema v1: the metric names. */
    static final Set<String> METRICS = PlanVocabulary.METRICS;

    static final String PERIOD_WHERE_START = "trade_date BETWEEN CAST(";
    static final String PERIOD_WHERE_MIDDLE = " AS DATE) AND CAST(";
    static final String PERIOD_WHERE_END = " AS DATE)";
    static final String PERIOD_WHERE = "trade_date BETWEEN CAST(? AS DATE) AND CAST(? AS DATE)";

    /** Columns of a listed day, before the plan's own metric and filter columns. */
    static final List<String> LIST_COLUMNS = List.of(
            "trade_date", "weekday_name", "open", "high", "low", "close", "volume", "range", "change", "change_pct",
            "gap");

    /** Columns of a source row (a counted or aggregated day), before the plan's metric and filter columns. */
    private static final List<String> SOURCE_COLUMNS = List.of("trade_date", "open", "high", "low", "close");

    /** A statement and its parameters, in order. */
    record Sql(String text, List<Object> params) {
    }

    /**
     * The statements of one plan.
     *
     * @param answer        computes the result table
     * @param source        the rows (days) the answer was computed from; null for list/top_n, whose table is
     *                      the evidence
     * @param columns       columns of the answer, in order
     * @param sourceColumns columns of the source rows
     * @param detail        a second answer statement: the summary numbers of a distribution (null otherwise)
     * @param scanned       counts the session-days of the period before filters
     * @param prepare       null, or a statement to run first that materialises the session-day rows into the
     *                      connection's temporary table {@link #PLAN_DAYS}, which the other statements then read
     * @param total         null, or the column of the answer (of the detail when there is one) whose values add
     *                      up to the number of source rows, so they need not be counted a second time
     */
    record Compiled(Sql answer, Sql source, List<String> columns, List<String> sourceColumns, Sql detail,
                    Sql scanned, Sql prepare, String total) {
        Compiled(Sql answer, Sql source, List<String> columns, List<String> sourceColumns, Sql detail,
                 Sql scanned) {
            this(answer, source, columns, sourceColumns, detail, scanned, null, null);
        }

        Compiled withPrepare(Sql statement) {
            return new Compiled(answer, source, columns, sourceColumns, detail, scanned, statement, total);
        }

        Compiled withTotal(String column) {
            return new Compiled(answer, source, columns, sourceColumns, detail, scanned, prepare, column);
        }
    }

    /** The temporary table a plan's session-day rows are materialised into when they are computed on the fly. */
    static final String PLAN_DAYS = "plan_days";

    /** Alias kept so callers can name the checked plan as before. */
    static PlanChecker.Checked check(Plan plan) {
        return PlanChecker.check(plan);
    }

    private PlanCompiler() {
    }

    /** The statements over the issue-2 tables ({@code daily}, {@code daily_rth}). */
    static Compiled compile(PlanChecker.Checked p, LocalDate from, LocalDate to) {
        return compile(p, DataLayout.dailyTables(p.session()), from, to);
    }

    /** The statements for a checked plan over the period {@code from} … {@code to} (inclusive). */
    static Compiled compile(PlanChecker.Checked p, DataLayout layout, LocalDate from, LocalDate to) {
        if (p.operation() == Operation.COMPARE || p.operation() == Operation.SNAPSHOT) {
            throw new IllegalArgumentException(p.operation().wireName() + " is run by PlanExecutor on its own");
        }
        DaySource src = DaySource.build(p, layout, from, to, shifts(p));
        Sql prepare = null;
        if (layout.mode() == DataLayout.Mode.MINUTES) {
            // Session-days folded from minutes: the answer, the source rows and the scanned count would each
            // fold them again, so they are folded once per plan. Look-back windows over a stored table are
            // cheaper to recompute in statements DuckDB has already planned than to materialise.
            prepare = new SqlText().add("CREATE OR REPLACE TEMP TABLE " + PLAN_DAYS + " AS SELECT * FROM ")
                    .add(src.from()).sql();
            src = src.readingFrom(new SqlText().add(PLAN_DAYS).sql());
        }
        Sql scanned = new SqlText().add("SELECT count(*) FROM ").add(src.from()).add(" WHERE ").add(src.scope())
                .sql();
        Compiled compiled = switch (p.operation()) {
            case LIST -> list(p, src, scanned);
            case TOP_N -> topN(p, src, scanned);
            case COUNT -> count(p, src, scanned);
            case AGGREGATE -> aggregate(p, src, scanned);
            case GROUP -> group(p, src, scanned);
            case FORMATION -> formation(p, src, scanned);
            case DISTRIBUTION -> distribution(p, src, scanned);
            case PROBABILITY -> probability(p, src, scanned);
            case CORRELATION -> correlation(p, src, scanned);
            case STREAK -> streak(p, src, scanned);
            case AROUND -> around(p, src, scanned);
            case GAP_FILL -> gapFill(p, src, scanned);
            case COMPARE, SNAPSHOT -> throw new IllegalStateException("unreachable");
        };
        return compiled.withPrepare(prepare);
    }

    /** The values of other days an operation reads: around's offsets, a later outcome, a later metric2. */
    private static List<DaySource.Shift> shifts(PlanChecker.Checked p) {
        List<DaySource.Shift> out = new ArrayList<>();
        switch (p.operation()) {
            case AROUND -> {
                for (int k : p.offsets()) {
                    if (k != 0) {
                        out.add(new DaySource.Shift(p.metric(), k));
                    }
                }
            }
            case PROBABILITY -> {
                if (p.offset() != 0) {
                    out.add(new DaySource.Shift(p.outcome().metric(), p.offset()));
                }
            }
            case CORRELATION -> {
                if (p.offset() != 0) {
                    out.add(new DaySource.Shift(p.metric2(), p.offset()));
                }
            }
            default -> {
            }
        }
        return out;
    }

    /** {@code FROM … WHERE scope [AND filter] [AND extra]}. */
    private static SqlText fromWhere(SqlText sql, DaySource src, String extra) {
        sql.add("\nFROM ").add(src.from()).add("\nWHERE ").add(src.scope());
        if (src.filter() != null) {
            sql.add(" AND ").add(src.filter());
        }
        if (extra != null) {
            sql.add(" AND " + extra);
        }
        return sql;
    }

    /** The columns of a listed row: {@link #LIST_COLUMNS}, a week or month named by its start or month name. */
    static List<String> listColumns(PlanChecker.Checked p) {
        List<String> out = new ArrayList<>(LIST_COLUMNS);
        out.set(out.indexOf("weekday_name"), p.labelColumn());
        if (p.calendar()) {
            out.add(out.indexOf("range"), "days");
        }
        return List.copyOf(out);
    }

    private static Compiled list(PlanChecker.Checked p, DaySource src, Sql scanned) {
        List<String> columns = withPlanColumns(listColumns(p), p, src);
        String order = p.metric() == null
                ? src.order() + (p.descending() ? " DESC" : " ASC")
                : p.metric() + (p.descending() ? " DESC" : " ASC") + " NULLS LAST, " + src.order();
        SqlText sql = fromWhere(new SqlText().add("SELECT " + select(columns)), src, null)
                .add("\nORDER BY " + order);
        if (p.limit() != null) {
            sql.add("\nLIMIT ").param(p.limit());
        }
        return new Compiled(sql.sql(), null, columns, columns, null, scanned);
    }

    /** The top N days by the metric, over all days or per group (weekday, month, year). */
    private static Compiled topN(PlanChecker.Checked p, DaySource src, Sql scanned) {
        List<String> keys = groupKeys(p.groupBy());
        List<String> base = new ArrayList<>(listColumns(p));
        base.addAll(1, keys.stream().filter(k -> !base.contains(k)).toList());
        List<String> columns = new ArrayList<>(withPlanColumns(base, p, src));
        columns.add("rank");
        String partition = keys.isEmpty() ? "" : "PARTITION BY " + keys.getFirst() + " ";
        String order = p.metric() + (p.descending() ? " DESC" : " ASC") + ", " + src.order();
        String rank = "row_number() OVER (" + partition + "ORDER BY " + order + ")";
        SqlText sql = new SqlText().add("SELECT " + select(columns.subList(0, columns.size() - 1)) + ", " + rank
                + " AS rank");
        fromWhere(sql, src, p.metric() + " IS NOT NULL").add("\nQUALIFY " + rank + " <= ").param(p.limit())
                .add("\nORDER BY " + (keys.isEmpty() ? "" : keys.getFirst() + ", ") + "rank");
        return new Compiled(sql.sql(), null, List.copyOf(columns), List.copyOf(columns), null, scanned);
    }

    private static Compiled count(PlanChecker.Checked p, DaySource src, Sql scanned) {
        SqlText sql = fromWhere(new SqlText().add("SELECT count(*) AS count"), src, null);
        List<String> sourceColumns = withPlanColumns(SOURCE_COLUMNS, p, src);
        return new Compiled(sql.sql(), sourceSql(sourceColumns, src, null), List.of("count"), sourceColumns, null,
                scanned).withTotal("count");
    }

    private static Compiled aggregate(PlanChecker.Checked p, DaySource src, Sql scanned) {
        String notNull = p.metric() + " IS NOT NULL";
        SqlText sql = fromWhere(new SqlText().add("SELECT " + PlanVocabulary.AGGREGATES.get(p.aggregate()) + "("
                + p.metric() + ") AS " + p.valueName() + ", count(*) AS count"), src, notNull);
        List<String> sourceColumns = withPlanColumns(SOURCE_COLUMNS, p, src);
        return new Compiled(sql.sql(), sourceSql(sourceColumns, src, notNull), List.of(p.valueName(), "count"),
                sourceColumns, null, scanned).withTotal("count");
    }

    private static List<String> groupKeys(String groupBy) {
        if (groupBy == null) {
            return List.of();
        }
        return switch (groupBy) {
            case "weekday" -> List.of("weekday", "weekday_name");
            case "month" -> List.of("month", "month_name");
            case "quarter" -> List.of("quarter", "quarter_name");
            case "hour" -> List.of("hour");
            default -> List.of("year");
        };
    }

    private static Compiled group(PlanChecker.Checked p, DaySource src, Sql scanned) {
        List<String> keys = groupKeys(p.groupBy());
        String notNull = p.metric() == null ? null : p.metric() + " IS NOT NULL";
        List<String> columns = new ArrayList<>(keys);
        columns.add("count");
        String value = "";
        if (p.metric() != null) {
            value = ", " + PlanVocabulary.AGGREGATES.get(p.aggregate()) + "(" + p.metric() + ") AS " + p.valueName();
            columns.add(p.valueName());
        }
        String order = p.sorted()
                ? p.valueName() + (p.descending() ? " DESC" : " ASC") + ", " + keys.getFirst()
                : keys.getFirst();
        String keyList = String.join(", ", keys);
        SqlText sql = fromWhere(new SqlText().add("SELECT " + keyList + ", count(*) AS count" + value), src, notNull)
                .add("\nGROUP BY " + keyList + "\nORDER BY " + order);
        if (p.limit() != null) {
            sql.add("\nLIMIT ").param(p.limit());
        }
        List<String> sourceBase = new ArrayList<>(List.of("trade_date"));
        sourceBase.add(keys.getLast());
        List<String> sourceColumns = withPlanColumns(sourceBase, p, src);
        Compiled compiled = new Compiled(sql.sql(), sourceSql(sourceColumns, src, notNull), columns, sourceColumns,
                null, scanned);
        // a limited group list leaves groups out, so its counts no longer add up to the source rows
        return p.limit() == null ? compiled.withTotal("count") : compiled;
    }

    /**
     * When the session's high (low) is set, or the overnight high (low) first broken: that minute, bucketed by 5 …
     * 120 minutes aligned to the clock and listed in session order; days without it (no break) are not counted.
     * {@code bucket_minute} (minutes after midnight) becomes "HH:MM" on the way out.
     */
    private static Compiled formation(PlanChecker.Checked p, DaySource src, Sql scanned) {
        PlanVocabulary.Extreme extreme = PlanVocabulary.EXTREMES.get(p.extreme());
        String time = extreme.timeColumn();
        int start = p.time() != null ? p.time().from().toSecondOfDay() / 60
                : src.window().start().toSecondOfDay() / 60;
        int first = start - start % p.bucket();
        SqlText sql = new SqlText().add("SELECT (hour(" + time + ") * 60 + minute(" + time + ")) // ")
                .param(p.bucket()).add(" * ").param(p.bucket())
                .add(" AS bucket_minute, count(*) AS count, 100.0 * count(*) / sum(count(*)) OVER () AS pct");
        fromWhere(sql, src, time + " IS NOT NULL").add("\nGROUP BY bucket_minute\nORDER BY (bucket_minute - ")
                .param(first).add(" + 1440) % 1440");
        List<String> sourceColumns = withPlanColumns(List.of("trade_date", time, extreme.valueColumn()), p, src);
        String label = formationLabel(p.bucket());
        return new Compiled(sql.sql(), sourceSql(sourceColumns, src, time + " IS NOT NULL"),
                List.of(label, "count", "pct"), sourceColumns, null, scanned).withTotal("count");
    }

    /**
     * How often a gap was filled, by gap size: the session-days with a gap (gap ≠ 0) meeting the filters, in the
     * buckets of {@link GapFillTable} by abs(gap_pct), with the minutes to the fill of the filled ones. The answer
     * has one row per bucket that has days; the detail is the same numbers over all of them (the "all" row).
     */
    private static Compiled gapFill(PlanChecker.Checked p, DaySource src, Sql scanned) {
        String gapDays = "gap <> 0 AND gap_filled IS NOT NULL";
        String numbers = "count(*) AS days, count(*) FILTER (WHERE gap_filled = 1) AS filled, "
                + "100.0 * count(*) FILTER (WHERE gap_filled = 1) / count(*) AS filled_pct, "
                + "median(gap_fill_minutes) AS median_minutes, avg(gap_fill_minutes) AS mean_minutes";
        SqlText bucket = new SqlText().add("CASE");
        List<GapFillTable.Bucket> buckets = GapFillTable.BUCKETS;
        for (int i = 0; i < buckets.size() - 1; i++) {
            bucket.add(" WHEN abs(gap_pct) < ").param(buckets.get(i).toPct()).add(" THEN ").param(i);
        }
        bucket.add(" ELSE ").param(buckets.size() - 1).add(" END");
        SqlText sql = new SqlText().add("SELECT ").add(bucket.sql()).add(" AS bucket, " + numbers);
        fromWhere(sql, src, gapDays).add("\nGROUP BY bucket\nORDER BY bucket");
        SqlText all = fromWhere(new SqlText().add("SELECT " + numbers), src, gapDays);
        List<String> sourceColumns = withPlanColumns(List.of("trade_date", "gap", "gap_pct", "gap_filled",
                "gap_fill_minutes", "gap_fill_time"), p, src);
        return new Compiled(sql.sql(), sourceSql(sourceColumns, src, gapDays), GapFillTable.COLUMNS, sourceColumns,
                all.sql(), scanned).withTotal("days");
    }

    /** The bucket column of a formation: "hour" for hour buckets (as before other widths existed), else "time". */
    static String formationLabel(int bucketMinutes) {
        return bucketMinutes == 60 ? "hour" : "time";
    }

    /** Percentile p → its column name: 5 → p5, 2.5 → p2_5. */
    static String percentileName(double p) {
        String s = p == Math.rint(p) ? Long.toString((long) p) : Double.toString(p).replace('.', '_');
        return "p" + s;
    }

    /**
     * The summary numbers (count, mean, median, std, min, max, percentiles by linear interpolation) and an
     * equal-width histogram between min and max: bins are [a, b) except the last, which is [a, b]; when every
     * value is the same the range is widened by 0.5 either side.
     */
    private static Compiled distribution(PlanChecker.Checked p, DaySource src, Sql scanned) {
        String notNull = p.metric() + " IS NOT NULL";
        SqlText values = fromWhere(new SqlText().add("SELECT " + p.metric() + " AS v"), src, notNull);

        SqlText stats = new SqlText().add("SELECT count(v) AS count, avg(v) AS mean, median(v) AS median, "
                + "stddev_samp(v) AS std, min(v) AS min, max(v) AS max");
        for (double pct : p.percentiles()) {
            stats.add(", quantile_cont(v, ").param(pct / 100.0).add(") AS " + percentileName(pct));
        }
        stats.add("\nFROM (").add(values.sql()).add(")");

        SqlText bins = new SqlText().add("WITH v AS (").add(values.sql()).add("),\n"
                + "e AS (SELECT CASE WHEN max(v) = min(v) THEN min(v) - 0.5 ELSE min(v) END AS lo, "
                + "CASE WHEN max(v) = min(v) THEN max(v) + 0.5 ELSE max(v) END AS hi, count(*) AS n FROM v),\n"
                + "k AS (SELECT least(CAST(floor((v - lo) / ((hi - lo) / ").param(p.bins())
                .add(")) AS BIGINT), ").param(p.bins() - 1).add(") AS bin FROM v, e),\n"
                + "i AS (SELECT range AS bin FROM range(CAST(").param(p.bins()).add(" AS BIGINT)))\n"
                + "SELECT i.bin + 1 AS bin, lo + i.bin * (hi - lo) / ").param(p.bins())
                .add(" AS bin_from, lo + (i.bin + 1) * (hi - lo) / ").param(p.bins())
                .add(" AS bin_to, count(k.bin) AS count, 100.0 * count(k.bin) / n AS pct\n"
                        + "FROM i CROSS JOIN e LEFT JOIN k ON k.bin = i.bin\nWHERE n > 0\n"
                        + "GROUP BY i.bin, lo, hi, n\nORDER BY i.bin");
        List<String> sourceColumns = withPlanColumns(SOURCE_COLUMNS, p, src);
        return new Compiled(bins.sql(), sourceSql(sourceColumns, src, notNull),
                List.of("bin", "bin_from", "bin_to", "count", "pct"), sourceColumns, stats.sql(), scanned)
                .withTotal("count");
    }

    /**
     * P(outcome | condition): of the session-days meeting the filters (the condition), the share whose outcome
     * holds {@code offset} trading days later (0 = the same day); days whose outcome day lies beyond the data
     * are not counted. base_probability is the same share over every session-day of the period.
     */
    private static Compiled probability(PlanChecker.Checked p, DaySource src, Sql scanned) {
        Plan.Condition o = p.outcome();
        String outcomeColumn = p.offset() == 0 ? o.metric()
                : new DaySource.Shift(o.metric(), p.offset()).column();
        SqlText inner = new SqlText().add("SELECT " + outcomeColumn + " AS o, ");
        if (src.filter() == null) {
            inner.add("TRUE");
        } else {
            inner.add("(").add(src.filter()).add(")");
        }
        inner.add(" AS cond\nFROM ").add(src.from()).add("\nWHERE ").add(src.scope());
        SqlText sql = new SqlText()
                .add("SELECT 100.0 * count(*) FILTER (WHERE cond AND o " + o.op() + " ").param(o.value())
                .add(") / nullif(count(o) FILTER (WHERE cond), 0) AS probability, ")
                .add("count(*) FILTER (WHERE cond AND o " + o.op() + " ").param(o.value()).add(") AS matches, ")
                .add("count(o) FILTER (WHERE cond) AS total, ")
                .add("100.0 * count(*) FILTER (WHERE o " + o.op() + " ").param(o.value())
                .add(") / nullif(count(o), 0) AS base_probability, count(o) AS base_total\nFROM (")
                .add(inner.sql()).add(")");
        List<String> sourceColumns = new ArrayList<>(withPlanColumns(SOURCE_COLUMNS, p, src));
        if (!sourceColumns.contains(o.metric())) {
            sourceColumns.add(o.metric());
        }
        if (!sourceColumns.contains(outcomeColumn)) {
            sourceColumns.add(outcomeColumn);
        }
        SqlText source = new SqlText().add("SELECT " + select(sourceColumns) + ", CAST(" + outcomeColumn + " "
                + o.op() + " ").param(o.value()).add(" AS INTEGER) AS outcome_met");
        fromWhere(source, src, outcomeColumn + " IS NOT NULL").add("\nORDER BY " + src.order());
        List<String> allSourceColumns = new ArrayList<>(sourceColumns);
        allSourceColumns.add("outcome_met");
        return new Compiled(sql.sql(), source.sql(),
                List.of("probability", "matches", "total", "base_probability", "base_total"),
                List.copyOf(allSourceColumns), null, scanned).withTotal("total");
    }

    /** Pearson correlation of metric and metric2 (read offset trading days later) over the matching days. */
    private static Compiled correlation(PlanChecker.Checked p, DaySource src, Sql scanned) {
        String second = p.offset() == 0 ? p.metric2() : new DaySource.Shift(p.metric2(), p.offset()).column();
        String both = p.metric() + " IS NOT NULL AND " + second + " IS NOT NULL";
        SqlText sql = fromWhere(new SqlText().add("SELECT CASE WHEN count(*) >= 3 THEN corr(" + p.metric() + ", "
                + second + ") END AS correlation, count(*) AS n"), src, both);
        List<String> sourceColumns = new ArrayList<>(withPlanColumns(List.of("trade_date"), p, src));
        if (!sourceColumns.contains(second)) {
            sourceColumns.add(second);
        }
        return new Compiled(sql.sql(), sourceSql(sourceColumns, src, both), List.of("correlation", "n"),
                List.copyOf(sourceColumns), null, scanned).withTotal("n");
    }

    /**
     * Runs of consecutive session-days meeting the filters (a weekend or holiday is no break: the rows are
     * trading days; a day that fails the filters is). Longest first unless sort is asc.
     */
    private static Compiled streak(PlanChecker.Checked p, DaySource src, Sql scanned) {
        List<String> dayColumns = withPlanColumns(List.of("trade_date"), p, src);
        SqlText runs = new SqlText().add("WITH t AS (SELECT " + String.join(", ", dayColumns) + ", ");
        if (src.filter() == null) {
            runs.add("1");
        } else {
            runs.add("CASE WHEN ").add(src.filter()).add(" THEN 1 ELSE 0 END");
        }
        // Every day that breaks a run starts a new group, so the days of one run share the running count of
        // breaks: one ordered pass instead of numbering the rows twice.
        runs.add(" AS hit\nFROM ").add(src.from()).add("\nWHERE ").add(src.scope()).add("),\n"
                + "g AS (SELECT *, sum(1 - hit) OVER (ORDER BY " + src.order() + " ROWS UNBOUNDED PRECEDING) "
                + "AS streak_group FROM t),\n"
                + "r AS (SELECT streak_group, min(" + src.order() + ") AS streak_start, max(" + src.order()
                + ") AS streak_end, "
                + "count(*) AS streak_length FROM g WHERE hit = 1 GROUP BY streak_group HAVING count(*) >= ")
                .param(p.minLength()).add(")\n");
        Sql runsSql = runs.sql();

        String format = src.intraday() ? "'%Y-%m-%d %H:%M'" : "'%Y-%m-%d'";
        SqlText sql = new SqlText().add(runsSql).add("SELECT strftime(streak_start, " + format + ") AS start, "
                + "strftime(streak_end, " + format + ") AS end, streak_length AS length\nFROM r\n"
                + "ORDER BY length " + (p.descending() ? "DESC" : "ASC") + ", streak_start");
        if (p.limit() != null) {
            sql.add("\nLIMIT ").param(p.limit());
        }
        List<String> sourceColumns = new ArrayList<>(dayColumns);
        sourceColumns.addAll(1, List.of("streak_start", "streak_length"));
        SqlText source = new SqlText().add(runsSql).add("SELECT " + select(sourceColumns)
                + "\nFROM g JOIN r USING (streak_group)\nWHERE hit = 1\nORDER BY " + src.order());
        Compiled compiled = new Compiled(sql.sql(), source.sql(), List.of("start", "end", "length"),
                List.copyOf(sourceColumns), null, scanned);
        return p.limit() == null ? compiled.withTotal("length") : compiled;
    }

    /**
     * What the metric does on the trading days around the days that meet the filters (the events): one row per
     * offset with count, mean, median, min, max and how many were positive / negative.
     */
    private static Compiled around(PlanChecker.Checked p, DaySource src, Sql scanned) {
        List<String> sourceColumns = new ArrayList<>(withPlanColumns(List.of("trade_date"), p, src));
        for (int k : p.offsets()) {
            String column = k == 0 ? p.metric() : new DaySource.Shift(p.metric(), k).column();
            if (!sourceColumns.contains(column)) {
                sourceColumns.add(column);
            }
        }
        SqlText events = fromWhere(new SqlText().add("WITH e AS (SELECT " + String.join(", ", sourceColumns)), src,
                null).add(")\n");
        // one pass over the events computes every offset's numbers as a struct; unnest makes them one row each
        SqlText sql = new SqlText().add(events.sql()).add("SELECT * FROM (SELECT unnest([");
        for (int i = 0; i < p.offsets().size(); i++) {
            int k = p.offsets().get(i);
            String column = k == 0 ? p.metric() : new DaySource.Shift(p.metric(), k).column();
            sql.add(i == 0 ? "" : ", ").add("{'day': CAST(").param(k).add(" AS INTEGER), 'count': count(" + column
                    + "), 'mean': avg(" + column + "), 'median': median(" + column + "), 'min': min(" + column
                    + "), 'max': max(" + column + "), 'positive': count(*) FILTER (WHERE " + column + " > 0), "
                    + "'negative': count(*) FILTER (WHERE " + column + " < 0), 'positive_pct': 100.0 * count(*) "
                    + "FILTER (WHERE " + column + " > 0) / nullif(count(" + column + "), 0)}");
        }
        sql.add("], recursive := true) FROM e)\nORDER BY day");
        return new Compiled(sql.sql(), sourceSql(sourceColumns, src, null),
                List.of("day", "count", "mean", "median", "min", "max", "positive", "negative", "positive_pct"),
                List.copyOf(sourceColumns), null, scanned);
    }

    private static Sql sourceSql(List<String> columns, DaySource src, String extra) {
        return fromWhere(new SqlText().add("SELECT " + select(columns)), src, extra).add("\nORDER BY " + src.order())
                .sql();
    }

    /** {@code base} plus the plan's metric, filter, pattern, event and window columns not already in it. */
    private static List<String> withPlanColumns(List<String> base, PlanChecker.Checked p, DaySource src) {
        Set<String> columns = new LinkedHashSet<>();
        for (String c : base) {
            columns.add(c);
            if (c.equals("trade_date") && src.intraday()) {
                columns.add(DaySource.BAR_TIME); // a bar is named by its day and start time
            }
            if (c.equals("trade_date") && p.calendar()) {
                columns.add(p.labelColumn()); // a week by its Monday, a month by its name
            }
        }
        if (p.metric() != null) {
            columns.add(p.metric());
        }
        if (p.metric2() != null) {
            columns.add(p.metric2());
        }
        for (Plan.Condition f : p.filters()) {
            columns.add(f.metric());
        }
        if (p.gap() != null) {
            columns.add("gap");
        }
        columns.addAll(src.patternColumns().values());
        for (String event : p.events()) {
            columns.add(PlanVocabulary.EVENTS.get(event));
        }
        columns.addAll(src.windowColumns());
        return List.copyOf(columns);
    }

    /**
     * Times of day leave SQL formatted as the result shows them; dates leave as DATE and are written as
     * yyyy-MM-dd by the executor (cheaper than formatting a thousand evidence rows in SQL).
     */
    static String select(List<String> columns) {
        List<String> parts = new ArrayList<>();
        for (String c : columns) {
            parts.add(PlanVocabulary.TIME_COLUMNS.contains(c) ? "strftime(" + c + ", '%H:%M') AS " + c : c);
        }
        return String.join(", ", parts);
    }

    static StageException bad(String message) {
        return PlanChecker.bad(message);
    }
}
