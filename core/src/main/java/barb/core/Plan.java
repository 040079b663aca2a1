package barb.core;

import com.fasterxml.jackson.annotation.JsonCreator;

import java.time.LocalDate;
import java.util.List;

/**
 * One execution plan: what the executor computes. Written by the planner, validated and compiled to
 * parameterised SQL by the executor; user text never becomes SQL. Field reference (schema v2): docs/plan-schema.md.
 *
 * @param id          step id the plan answers, e.g. "s1"
 * @param operation   list | count | aggregate | group | distribution | probability | streak | correlation |
 *                    formation | around | compare | top_n
 * @param period      inclusive dates of trading days
 * @param session     RTH, ETH, OVERNIGHT, ASIAN, EUROPEAN, MORNING, AFTERNOON, RTH_OPEN, RTH_CLOSE, … ; null = ETH
 * @param timeframe   "1D" (one row per session-day)
 * @param metric      the column the operation works on
 * @param aggregate   mean | median | min | max | sum | std | count (aggregate, group, compare)
 * @param groupBy     weekday | month | quarter | year (group, top_n)
 * @param filters     conditions every counted day meets, all of them (AND)
 * @param sort        asc | desc
 * @param limit       rows to return, null for all (top_n: N, default 10)
 * @param extreme     high | low (formation)
 * @param label       short human label of the request, e.g. "2024"
 * @param metric2     the second metric (correlation)
 * @param weekdays    only these weekdays (names or 1 = Monday … 5 = Friday); any of them
 * @param months      only these months (names or 1–12); any of them
 * @param patterns    only days showing one of these patterns (a list means ANY)
 * @param events      only days with one of these events (fomc, nfp, cpi, opex, quad_witching, holiday,
 *                    early_close, day_before_holiday, day_after_holiday); a list means ANY
 * @param gap         up | down: only days that opened above / below the previous close
 * @param consecutive only the day an N-day green/red run completes
 * @param time        aggregate each session-day over the minute bars of this time-of-day window
 * @param outcome     probability: the outcome whose frequency is measured
 * @param offset      probability: trading days after the condition day the outcome is read (0 = same day);
 *                    correlation: days metric2 is read after metric
 * @param offsets     around: trading-day offsets to report (e.g. [-1, 1, 2, 5])
 * @param bins        distribution: histogram bins (default 10)
 * @param percentiles distribution: percentiles 0–100 (default 5, 25, 50, 75, 95)
 * @param minLength   streak: shortest run reported (default 2)
 * @param bucket      formation: 15m | 30m | 60m (default 60m)
 * @param variants    compare: partial plans whose set fields replace the base plan's (filters are added)
 * @param mode        how the planner built the plan from its step: single | multi_period | multi_filter |
 *                    multi_metric (seed 000 §2.6); informational for the executor, null on a variant
 */
public record Plan(String id, String operation, Period period, String session, String timeframe, String metric,
                   String aggregate, String groupBy, List<Condition> filters, String sort, Integer limit,
                   String extreme, String label, String metric2, List<String> weekdays, List<String> months,
                   List<String> patterns, List<String> events, String gap, Consecutive consecutive,
                   TimeWindow time, Condition outcome, Integer offset, List<Integer> offsets, Integer bins,
                   List<Double> percentiles, Integer minLength, String bucket, List<Plan> variants,
                   String mode) {

    /** The planner's modes (seed 000 §2.6). */
    public static final java.util.Set<String> MODES = java.util.Set.of("single", "multi_period", "multi_filter",
            "multi_metric");

    @JsonCreator
    public Plan {
        filters = filters == null ? List.of() : List.copyOf(filters);
        weekdays = weekdays == null ? List.of() : List.copyOf(weekdays);
        months = months == null ? List.of() : List.copyOf(months);
        patterns = patterns == null ? List.of() : List.copyOf(patterns);
        events = events == null ? List.of() : List.copyOf(events);
        offsets = offsets == null ? List.of() : List.copyOf(offsets);
        percentiles = percentiles == null ? List.of() : List.copyOf(percentiles);
        variants = variants == null ? List.of() : List.copyOf(variants);
    }

    /** The schema-v1 plan (the first 13 fields); every v2 field empty. */
    public Plan(String id, String operation, Period period, String session, String timeframe, String metric,
                String aggregate, String groupBy, List<Condition> filters, String sort, Integer limit,
                String extreme, String label) {
        this(id, operation, period, session, timeframe, metric, aggregate, groupBy, filters, sort, limit, extreme,
                label, null, null, null, null, null, null, null, null, null, null, null, null, null, null, null,
                null, null);
    }

    /** This plan with its mode set. */
    public Plan withMode(String newMode) {
        return new Plan(id, operation, period, session, timeframe, metric, aggregate, groupBy, filters, sort, limit,
                extreme, label, metric2, weekdays, months, patterns, events, gap, consecutive, time, outcome, offset,
                offsets, bins, percentiles, minLength, bucket, variants, newMode);
    }

    /** Inclusive date range; null ends mean "from the first / to the last day of the data". */
    public record Period(LocalDate from, LocalDate to) {
    }

    /**
     * {@code metric op value}, e.g. change_pct &lt; -2. op is one of &lt; &lt;= &gt; &gt;= = !=.
     * With {@code ref}, the day is compared with its own history: {@code metric op value × ref(metric over the
     * previous days session-days)}, e.g. range &gt; 1.5 × avg of the previous 20 days.
     *
     * @param ref  avg | median | min | max, or null for a plain threshold
     * @param days how many previous session-days (of the same session, not the day itself) ref looks at
     */
    public record Condition(String metric, String op, double value, String ref, Integer days) {

        @JsonCreator
        public Condition {
        }

        public Condition(String metric, String op, double value) {
            this(metric, op, value, null, null);
        }
    }

    /**
     * N green (or red) session-days in a row, true on the day the run completes.
     *
     * @param color  green | red
     * @param length N ≥ 1
     * @param mode   at_least (default: the day the run reaches N, once per run) | exactly (the last day of a run
     *               of exactly N days)
     */
    public record Consecutive(String color, Integer length, String mode) {
    }

    /** Time-of-day window "HH:MM" (ET), start inclusive, end exclusive; from after to wraps past midnight. */
    public record TimeWindow(String from, String to) {
    }
}
