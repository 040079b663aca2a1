package barb.agents;

import barb.core.Plan;

import java.time.LocalDate;
import java.util.List;

/**
 * A recognised data question, before dates are resolved: what the rules understood. It renders itself as the
 * controlled English that the understander hands to the parser ({@link #expandedQuery()}), and the recogniser
 * reads that text back to the same spec.
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

    /** Range averages differ about twice between RTH and ETH, so Barb asks instead of picking one. */
    boolean needsSessionClarification() {
        return "aggregate".equals(operation) && "range".equals(metric) && session == null;
    }

    QuestionSpec withSession(String newSession) {
        return new QuestionSpec(operation, metric, aggregate, groupBy, filters, sort, limit, newSession, when,
                extreme);
    }

    /**
     * The spec with Barb's defaults filled in: range lists and groups and formation questions without a
     * session use the whole trading day (ETH), and the answer says so.
     */
    QuestionSpec withDefaults() {
        if (session != null) {
            return this;
        }
        boolean sessionSensitive = "range".equals(metric) && !"count".equals(operation)
                || "formation".equals(operation);
        return sessionSensitive ? withSession("ETH") : this;
    }

    /** The controlled English the rules parser reads (seed 000 §2.2 expanded_query). */
    String expandedQuery() {
        StringBuilder sb = new StringBuilder();
        switch (operation) {
            case "aggregate" -> {
                sb.append(aggregate).append(" of daily ").append(metric);
                appendConditions(sb, " on days where ");
            }
            case "group" -> {
                sb.append(aggregate).append(" of daily ").append(metric).append(" by ").append(groupBy);
                appendConditions(sb, " on days where ");
            }
            case "count" -> {
                if (filters.isEmpty()) {
                    sb.append("count trading days");
                } else {
                    sb.append("count days");
                    appendConditions(sb, " where ");
                }
            }
            case "list" -> {
                sb.append("list");
                if (limit != null) {
                    sb.append(" top ").append(limit);
                }
                sb.append(" days");
                appendConditions(sb, " where ");
                sb.append(" sorted by ").append(metric).append("asc".equals(sort) ? " ascending" : " descending");
            }
            case "formation" -> sb.append("hour when the daily ").append(extreme).append(" is set");
            default -> throw new IllegalStateException("unknown operation " + operation);
        }
        sb.append(periodPhrase());
        if (session != null) {
            sb.append(" during ").append(session);
        }
        return sb.toString();
    }

    private void appendConditions(StringBuilder sb, String lead) {
        if (filters.isEmpty()) {
            return;
        }
        sb.append(lead);
        for (int i = 0; i < filters.size(); i++) {
            Plan.Condition c = filters.get(i);
            if (i > 0) {
                sb.append(" and ");
            }
            sb.append(c.metric()).append(' ').append(c.op()).append(' ').append(Numbers.format(c.value()));
        }
    }

    private String periodPhrase() {
        if ("all".equals(when)) {
            return " over all data";
        }
        if (when.contains("..")) {
            String[] years = when.split("\\.\\.");
            return " from " + years[0] + " to " + years[1];
        }
        return " in " + when;
    }

    /** The spec a plan came from, for wording answers the same way as acknowledgements. */
    static QuestionSpec fromPlan(Plan plan) {
        String metric = "count".equals(plan.operation()) || "formation".equals(plan.operation()) ? null
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
