package barb.core;

import java.time.LocalDate;
import java.util.List;

/**
 * One execution plan: what the executor computes. Written by the planner, validated and compiled to
 * parameterised SQL by the executor; user text never becomes SQL. Field reference: docs/plan-schema.md.
 *
 * @param id        step id the plan answers, e.g. "s1"
 * @param operation list | count | aggregate | group | formation
 * @param period    inclusive dates of trading days
 * @param session   RTH (09:30–17:00 ET of the trading day) or ETH (the whole trading day 18:00→17:00); null = ETH
 * @param timeframe "1D" (one row per trading day or session-day)
 * @param metric    the column the operation works on (list: sort key; aggregate/group: aggregated value)
 * @param aggregate mean | median | min | max | sum | std (aggregate and group)
 * @param groupBy   weekday | month | year (group)
 * @param filters   conditions every counted day meets, all of them (AND)
 * @param sort      asc | desc (list, group)
 * @param limit     rows to return (list), null for all
 * @param extreme   high | low (formation: which extreme's time is bucketed by hour)
 * @param label     short human label of the request, e.g. "2024"
 */
public record Plan(String id, String operation, Period period, String session, String timeframe, String metric,
                   String aggregate, String groupBy, List<Condition> filters, String sort, Integer limit,
                   String extreme, String label) {

    public Plan {
        filters = filters == null ? List.of() : List.copyOf(filters);
    }

    /** Inclusive date range; null ends mean "from the first / to the last day of the data". */
    public record Period(LocalDate from, LocalDate to) {
    }

    /** {@code metric op value}, e.g. change_pct &lt; -2. op is one of &lt; &lt;= &gt; &gt;= = !=. */
    public record Condition(String metric, String op, double value) {
    }
}
