package barb.agents.answers;

import barb.core.Operation;
import barb.core.Plan;

import java.time.LocalDate;
import java.util.List;

/**
 * The parts of a plan the answer's wording names (subject, period, session), read back from the plan.
 *
 * @param operation aggregate | list | count | group | formation
 * @param metric    range | change_pct | gap (null for count and formation)
 * @param aggregate mean | median | min | max | std (aggregate, group)
 * @param groupBy   weekday | month | year (group)
 * @param filters   conditions every day must meet
 * @param sort      asc | desc (list)
 * @param limit     rows of a top-N list, null for all
 * @param session   RTH | ETH, null when the question did not name one
 * @param when      "2024", "2020..2023", "this year", "last year" or "all"
 * @param extreme   high | low (formation)
 */
record QuestionSpec(String operation, String metric, String aggregate, String groupBy,
                    List<Plan.Condition> filters, String sort, Integer limit, String session, String when,
                    String extreme) {

    QuestionSpec {
        filters = filters == null ? List.of() : List.copyOf(filters);
        when = when == null ? "all" : when;
    }

    /** The spec a plan came from, for wording answers the same way as acknowledgements. */
    static QuestionSpec fromPlan(Plan plan) {
        String metric = Operation.COUNT.is(plan.operation()) || Operation.FORMATION.is(plan.operation()) ? null
                : plan.metric();
        return new QuestionSpec(plan.operation(), metric, plan.aggregate(), plan.groupBy(), plan.filters(),
                plan.sort(), plan.limit(), plan.session(), whenOf(plan.period()), plan.extreme());
    }

    private static String whenOf(Plan.Period period) {
        if (period == null || period.from() == null && period.to() == null) {
            return "all";
        }
        LocalDate from = period.from();
        LocalDate to = period.to();
        if (from != null && to != null && from.getDayOfYear() == 1 && to.getMonthValue() == 12
                && to.getDayOfMonth() == 31) {
            return from.getYear() == to.getYear() ? String.valueOf(from.getYear())
                    : from.getYear() + ".." + to.getYear();
        }
        return (from == null ? "start" : from.toString()) + " – " + (to == null ? "end" : to.toString());
    }
}
