package barb.agents.answers;

import barb.core.Operation;
import barb.core.Plan;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * How a question is named in the user's language: in acknowledgements, titles and answer headings. The only
 * numbers it writes come from the question itself (years, N of a top-N, thresholds).
 */
public final class Wording {
    private Wording() {
    }

    /** "average daily range in 2024 (RTH)" / "средний дневной диапазон за 2024 (RTH)". */
    static String capitalized(String s) {
        return s.isEmpty() ? s : Character.toUpperCase(s.charAt(0)) + s.substring(1);
    }

    static String subject(QuestionSpec spec, String lang) {
        boolean ru = ru(lang);
        return switch (Operation.parse(spec.operation()).orElse(null)) {
            case AGGREGATE -> aggregateName(spec, ru) + onDays(spec.filters(), ru);
            case GROUP -> (spec.metric() == null ? dayCount(spec.filters(), ru)
                    : aggregateName(spec, ru) + onDays(spec.filters(), ru)) + " " + groupName(spec.groupBy(), ru);
            case COUNT -> days(spec.filters(), ru);
            case LIST -> listName(spec, ru);
            case FORMATION -> ru
                    ? "час, когда обычно формируется " + ("high".equals(spec.extreme()) ? "хай" : "лой") + " дня"
                    : "hour when the " + spec.extreme() + " of the day is usually set";
            case null, default -> spec.operation();
        };
    }

    static String period(String when, String lang) {
        boolean ru = ru(lang);
        if (when == null || "all".equals(when)) {
            return ru ? " за всю историю" : " over all data";
        }
        if ("this year".equals(when)) {
            return ru ? " в этом году" : " this year";
        }
        if ("last year".equals(when)) {
            return ru ? " в прошлом году" : " last year";
        }
        if (when.matches("\\d{4}\\.\\.\\d{4}")) {
            return (ru ? " за " : " in ") + when.replace("..", "–");
        }
        if (when.matches("\\d{4}")) {
            return (ru ? " за " : " in ") + when;
        }
        return (ru ? " за период " : " for ") + when;
    }

    static String session(String session, String lang) {
        if (session == null) {
            return "";
        }
        if ("ETH".equals(session)) {
            return ru(lang) ? " (ETH, весь торговый день)" : " (ETH, whole trading day)";
        }
        return " (" + session + ")";
    }

    /** A 2–3 word chat title. */
    static String title(QuestionSpec spec, String lang) {
        boolean ru = ru(lang);
        String year = spec.when().matches("\\d{4}") ? " " + spec.when() : "";
        String metric = metricShort(spec.metric(), ru);
        return switch (Operation.parse(spec.operation()).orElse(null)) {
            case AGGREGATE -> (ru ? "Средний " + metric : "Average " + metric) + year;
            case GROUP -> capitalized(metric) + (ru ? " по " + groupShort(spec.groupBy()) : " by " + spec.groupBy());
            case FORMATION -> ru ? ("high".equals(spec.extreme()) ? "Время хая дня" : "Время лоя дня")
                    : "Daily " + spec.extreme() + " timing";
            case LIST, TOP_N -> spec.limit() != null ? (ru ? "Топ дней" : "Top days") + year
                    : daysTitle(spec, ru) + year;
            case DISTRIBUTION -> (ru ? "Распределение: " : "Distribution of ") + metric + year;
            case PROBABILITY -> (ru ? "Вероятность" : "Probability") + year;
            case STREAK -> (ru ? "Серии дней" : "Streaks") + year;
            case CORRELATION -> (ru ? "Корреляция" : "Correlation") + year;
            case AROUND -> (ru ? "До и после событий" : "Around events") + year;
            case COMPARE -> ru ? "Сравнение" : "Comparison";
            case null, default -> daysTitle(spec, ru) + year;
        };
    }

    private static String daysTitle(QuestionSpec spec, boolean ru) {
        if (spec.filters().isEmpty()) {
            return ru ? "Торговые дни" : "Trading days";
        }
        Plan.Condition c = spec.filters().get(0);
        return switch (c.metric()) {
            case "is_green" -> c.value() == 1 ? (ru ? "Зелёные дни" : "Green days") : (ru ? "Красные дни" : "Red days");
            case "gap" -> c.op().startsWith(">") ? (ru ? "Гэпы вверх" : "Gap-up days") : (ru ? "Гэпы вниз" : "Gap-down days");
            case "change_pct" -> c.op().startsWith("<") ? (ru ? "Сильные падения" : "Big drops")
                    : (ru ? "Сильные росты" : "Big rallies");
            case "range" -> ru ? "Дни по диапазону" : "Range days";
            default -> ru ? "Выбранные дни" : "Selected days";
        };
    }

    private static String aggregateName(QuestionSpec spec, boolean ru) {
        String metric = spec.metric();
        if (metric == null || spec.aggregate() == null) {
            // a group without a metric counts days
            return metric == null ? (ru ? "число дней" : "number of days") : metricName(metric, ru);
        }
        if (!ru) {
            String m = switch (metric) {
                case "range" -> "daily range";
                case "change_pct" -> "daily change (%)";
                case "gap" -> "daily gap";
                default -> metric;
            };
            return switch (spec.aggregate()) {
                case "mean" -> "average " + m;
                case "median" -> "median " + m;
                case "max" -> "maximum " + m;
                case "min" -> "minimum " + m;
                case "std" -> "standard deviation of the " + m;
                case "sum" -> "total " + m;
                default -> spec.aggregate() + " " + m;
            };
        }
        boolean neuter = "change_pct".equals(metric);
        String m = switch (metric) {
            case "range" -> "дневной диапазон";
            case "change_pct" -> "дневное изменение (%)";
            case "gap" -> "дневной гэп";
            default -> metric;
        };
        return switch (spec.aggregate()) {
            case "mean" -> (neuter ? "среднее " : "средний ") + m;
            case "median" -> (neuter ? "медианное " : "медианный ") + m;
            case "max" -> (neuter ? "максимальное " : "максимальный ") + m;
            case "min" -> (neuter ? "минимальное " : "минимальный ") + m;
            case "std" -> "стандартное отклонение: " + m;
            case "sum" -> "сумма: " + m;
            default -> spec.aggregate() + " " + m;
        };
    }

    private static String groupName(String groupBy, boolean ru) {
        if (groupBy == null) {
            return "";
        }
        if (!ru) {
            return "by " + groupBy;
        }
        return "по " + groupShort(groupBy);
    }

    private static String groupShort(String groupBy) {
        if (groupBy == null) {
            return "";
        }
        return switch (groupBy) {
            case "weekday" -> "дням недели";
            case "month" -> "месяцам";
            case "quarter" -> "кварталам";
            case "year" -> "годам";
            default -> groupBy;
        };
    }

    private static String metricShort(String metric, boolean ru) {
        if (metric == null) {
            return "";
        }
        return switch (metric) {
            case "range" -> ru ? "диапазон" : "range";
            case "change_pct" -> ru ? "изменение" : "change";
            case "gap" -> ru ? "гэп" : "gap";
            default -> metric;
        };
    }

    /** The metric as a table/answer label: "range", "change %", "gap". */
    static String metricLabel(String metric, String lang) {
        if (metric == null) {
            return "";
        }
        boolean ru = ru(lang);
        return switch (metric) {
            case "range" -> ru ? "диапазон" : "range";
            case "change_pct" -> ru ? "изменение, %" : "change, %";
            case "gap" -> ru ? "гэп" : "gap";
            default -> metric;
        };
    }

    private static final Map<String, String> RUSSIAN_NAMES = Map.ofEntries(
            Map.entry("Monday", "понедельник"), Map.entry("Tuesday", "вторник"), Map.entry("Wednesday", "среда"),
            Map.entry("Thursday", "четверг"), Map.entry("Friday", "пятница"), Map.entry("Saturday", "суббота"),
            Map.entry("Sunday", "воскресенье"), Map.entry("January", "январь"), Map.entry("February", "февраль"),
            Map.entry("March", "март"), Map.entry("April", "апрель"), Map.entry("May", "май"),
            Map.entry("June", "июнь"), Map.entry("July", "июль"), Map.entry("August", "август"),
            Map.entry("September", "сентябрь"), Map.entry("October", "октябрь"), Map.entry("November", "ноябрь"),
            Map.entry("December", "декабрь"));

    /** Russian for an English weekday or month name; anything else unchanged. */
    static String russianName(String english) {
        return RUSSIAN_NAMES.getOrDefault(english, english);
    }

    /** Unit after a value of this metric: " pts", "%" or nothing. */
    static String unit(String metric, String lang) {
        if (metric == null) {
            return "";
        }
        if (metric.endsWith("_pct")) {
            return "%";
        }
        if (POINT_METRICS.contains(metric)) {
            return ru(lang) ? " пт." : " pts";
        }
        return "";
    }

    private static final List<String> POINT_METRICS = List.of("range", "gap", "change", "body", "upper_wick",
            "lower_wick", "prev_range");

    private static String listName(QuestionSpec spec, boolean ru) {
        String filterPart = spec.filters().isEmpty() ? "" : (ru ? ", " : ", ") + days(spec.filters(), ru);
        String metric = spec.metric();
        if (spec.limit() == null || metric == null) {
            return days(spec.filters(), ru);
        }
        if (!ru) {
            String m = switch (metric) {
                case "change_pct" -> "change";
                default -> metric;
            };
            String head = "asc".equals(spec.sort()) ? "bottom " + spec.limit() + " days by " + m
                    : "top " + spec.limit() + " days by " + m;
            return head + filterPart;
        }
        String dative = switch (metric) {
            case "range" -> "диапазону";
            case "change_pct" -> "изменению";
            case "gap" -> "гэпу";
            default -> metric;
        };
        String instrumental = switch (metric) {
            case "range" -> "диапазоном";
            case "change_pct" -> "изменением";
            case "gap" -> "гэпом";
            default -> metric;
        };
        String head = "asc".equals(spec.sort()) ? spec.limit() + " дней с наименьшим " + instrumental
                : "топ " + spec.limit() + " дней по " + dative;
        return head + filterPart;
    }

    /** "number of days", "number of green days" / "число дней", "число дней — зелёные дни". */
    private static String dayCount(List<Plan.Condition> filters, boolean ru) {
        if (filters.isEmpty()) {
            return ru ? "число дней" : "number of days";
        }
        return ru ? "число дней — " + days(filters, true) : "number of " + days(filters, false);
    }

    private static String onDays(List<Plan.Condition> filters, boolean ru) {
        if (filters.isEmpty()) {
            return "";
        }
        return (ru ? " — " : " on ") + days(filters, ru);
    }

    /** "green days", "days when NQ fell more than 2%", "trading days". */
    static String days(List<Plan.Condition> filters, boolean ru) {
        if (filters.isEmpty()) {
            return ru ? "торговые дни" : "trading days";
        }
        if (filters.size() == 1) {
            return dayPhrase(filters.get(0), ru);
        }
        List<String> parts = new ArrayList<>();
        for (Plan.Condition c : filters) {
            parts.add(condition(c, ru));
        }
        return (ru ? "дни, где " : "days where ") + String.join(ru ? " и " : " and ", parts);
    }

    private static String dayPhrase(Plan.Condition c, boolean ru) {
        if (c.ref() != null) {
            return (ru ? "дни, где " : "days where ") + condition(c, ru);
        }
        String v = Numbers.format(Math.abs(c.value()));
        switch (c.metric()) {
            case "is_green" -> {
                if ("=".equals(c.op())) {
                    return c.value() == 1 ? (ru ? "зелёные дни" : "green days") : (ru ? "красные дни" : "red days");
                }
            }
            case "is_red" -> {
                if ("=".equals(c.op()) && c.value() == 1) {
                    return ru ? "красные дни" : "red days";
                }
            }
            case "gap" -> {
                if (c.value() == 0 && ">".equals(c.op())) {
                    return ru ? "дни с гэпом вверх" : "gap-up days";
                }
                if (c.value() == 0 && "<".equals(c.op())) {
                    return ru ? "дни с гэпом вниз" : "gap-down days";
                }
            }
            case "change_pct" -> {
                boolean down = c.op().startsWith("<");
                boolean inclusive = c.op().endsWith("=");
                if (c.value() == 0 && !inclusive) {
                    return down ? (ru ? "дни снижения" : "down days") : (ru ? "дни роста" : "up days");
                }
                if (down == c.value() < 0) {
                    String how = ru ? (inclusive ? "как минимум на " : "больше чем на ")
                            : (inclusive ? "at least " : "more than ");
                    if (ru) {
                        return "дни, когда NQ " + (down ? "упал " : "вырос ") + how + v + "%";
                    }
                    return "days when NQ " + (down ? "fell " : "rose ") + how + v + "%";
                }
            }
            case "range" -> {
                String how = switch (c.op()) {
                    case ">" -> ru ? "больше " : "above ";
                    case ">=" -> ru ? "не меньше " : "at least ";
                    case "<" -> ru ? "меньше " : "below ";
                    case "<=" -> ru ? "не больше " : "at most ";
                    default -> null;
                };
                if (how != null) {
                    return ru ? "дни с диапазоном " + how + v + " пт." : "days with a range " + how + v + " points";
                }
            }
            default -> {
            }
        }
        return (ru ? "дни, где " : "days where ") + condition(c);
    }

    static String condition(Plan.Condition c) {
        return condition(c, false);
    }

    /** "range > 250", or relative: "range > 1.5 × avg of the previous 20 days". */
    static String condition(Plan.Condition c, boolean ru) {
        String plain = c.metric() + " " + c.op() + " " + Numbers.format(c.value());
        if (c.ref() == null) {
            return plain;
        }
        String days = c.days() == null ? "" : Numbers.format(c.days());
        return plain + " × " + c.ref() + (ru ? " за " + days + " предыдущих дн." : " of the previous " + days + " days");
    }


    /**
     * The heading of an answer to one plan: what was computed, the period, the session and every filter of the
     * plan. Numbers in it are the plan's own (years, N, thresholds, offsets, run lengths, times of day).
     */
    public static String heading(Plan plan, String lang) {
        boolean ru = ru(lang);
        Operation operation = Operation.parse(plan.operation()).orElse(null);
        QuestionSpec spec = QuestionSpec.fromPlan(plan);
        String subject = switch (operation) {
            case DISTRIBUTION -> (ru ? "распределение: " : "distribution of ") + metricName(plan.metric(), ru);
            case PROBABILITY -> probabilitySubject(plan, ru);
            case STREAK -> ru ? "серии идущих подряд подходящих дней" : "runs of consecutive matching days";
            case CORRELATION -> correlationSubject(plan, ru);
            case AROUND -> metricName(plan.metric() == null ? "change_pct" : plan.metric(), ru)
                    + (ru ? " в торговые дни вокруг выбранных дней" : " on the trading days around the selected days");
            case COMPARE -> compareSubject(plan, ru);
            case TOP_N -> topSubject(plan, ru);
            case null, default -> subject(spec, lang);
        };
        boolean subjectNamesConditions = operation == Operation.COUNT || operation == Operation.LIST
                || operation == Operation.AGGREGATE || operation == Operation.GROUP;
        List<String> selection = selection(plan, ru, !subjectNamesConditions);
        String tail = selection.isEmpty() ? "" : " — " + String.join(", ", selection);
        return capitalized(subject + period(spec.when(), lang) + session(plan.session(), lang) + tail);
    }

    /**
     * What picks the days, one phrase per field: the plain conditions only for operations that do not already
     * name them in their subject, then patterns, events, weekdays, months, gap, consecutive and time window.
     */
    static List<String> selection(Plan plan, boolean ru, boolean withConditions) {
        List<String> parts = new ArrayList<>();
        if (withConditions && !plan.filters().isEmpty()) {
            parts.add(days(plan.filters(), ru));
        }
        if (!plan.patterns().isEmpty()) {
            parts.add((ru ? "паттерн " : "pattern ") + String.join(ru ? " или " : " or ",
                    plan.patterns().stream().map(n -> n.toLowerCase(Locale.ROOT).replace('_', ' ')).toList()));
        }
        if (!plan.events().isEmpty()) {
            String names = String.join(ru ? " или " : " or ", plan.events().stream().map(Wording::eventName).toList());
            parts.add(ru ? "дни: " + names : names + " days");
        }
        if (!plan.weekdays().isEmpty()) {
            parts.add(String.join(ru ? " или " : " or ",
                    plan.weekdays().stream().map(w -> calendarName(w, WEEKDAYS, ru)).toList()));
        }
        if (!plan.months().isEmpty()) {
            parts.add(String.join(ru ? " или " : " or ",
                    plan.months().stream().map(m -> calendarName(m, MONTHS, ru)).toList()));
        }
        if (plan.gap() != null) {
            boolean up = "up".equalsIgnoreCase(plan.gap().trim());
            parts.add(up ? (ru ? "дни с гэпом вверх" : "gap-up days") : (ru ? "дни с гэпом вниз" : "gap-down days"));
        }
        if (plan.consecutive() != null && plan.consecutive().length() != null) {
            parts.add(consecutive(plan.consecutive(), ru));
        }
        if (plan.time() != null) {
            parts.add((ru ? "только " : "only ") + plan.time().from() + "–" + plan.time().to() + " ET");
        }
        return parts;
    }

    private static String consecutive(Plan.Consecutive run, boolean ru) {
        boolean red = "red".equalsIgnoreCase(run.color());
        String n = Numbers.format(run.length());
        if ("exactly".equalsIgnoreCase(run.mode())) {
            return ru ? "последний день серии ровно из " + n + (red ? " красных" : " зелёных") + " дней подряд"
                    : "the last day of exactly " + n + (red ? " red" : " green") + " days in a row";
        }
        return ru ? "день, когда серия " + (red ? "красных" : "зелёных") + " дней подряд достигает " + n
                : "the day a run of " + (red ? "red" : "green") + " days in a row reaches " + n;
    }

    private static String eventName(String event) {
        String e = event.toLowerCase(Locale.ROOT).trim();
        return switch (e) {
            case "fomc", "nfp", "cpi", "opex" -> e.toUpperCase(Locale.ROOT);
            default -> e.replace('_', ' ');
        };
    }

    private static final List<String> WEEKDAYS = List.of("Monday", "Tuesday", "Wednesday", "Thursday", "Friday",
            "Saturday", "Sunday");
    private static final List<String> MONTHS = List.of("January", "February", "March", "April", "May", "June",
            "July", "August", "September", "October", "November", "December");

    /** "mon", "Monday" or "1" as the full name in the reader's language; anything unknown as written. */
    private static String calendarName(String value, List<String> names, boolean ru) {
        String v = value.trim();
        String found = null;
        if (v.matches("\\d{1,2}")) {
            int i = Integer.parseInt(v);
            found = i >= 1 && i <= names.size() ? names.get(i - 1) : null;
        } else {
            for (String name : names) {
                if (v.length() >= 3 && name.toLowerCase(Locale.ROOT)
                        .startsWith(v.toLowerCase(Locale.ROOT))) {
                    found = name;
                    break;
                }
            }
        }
        if (found == null) {
            return v;
        }
        return ru ? russianName(found) : found;
    }

    private static String probabilitySubject(Plan plan, boolean ru) {
        Plan.Condition o = plan.outcome();
        String outcome = o == null ? "?" : metricName(o.metric(), ru) + " " + o.op() + " " + Numbers.format(o.value());
        return (ru ? "вероятность, что " : "probability that ") + outcome + later(plan.offset(), ru);
    }

    private static String correlationSubject(Plan plan, boolean ru) {
        return (ru ? "корреляция: " : "correlation of ") + metricName(plan.metric(), ru) + (ru ? " и " : " with ")
                + metricName(plan.metric2(), ru) + later(plan.offset(), ru);
    }

    /** " on the next trading day", " 5 trading days later", or nothing for the same day. */
    private static String later(Integer offset, boolean ru) {
        if (offset == null || offset == 0) {
            return "";
        }
        if (offset == 1) {
            return ru ? " на следующий торговый день" : " on the next trading day";
        }
        return ru ? " через " + offset + " торг. дн." : " " + offset + " trading days later";
    }

    private static String compareSubject(Plan plan, boolean ru) {
        if (plan.metric() == null) {
            return ru ? "сравнение: число дней" : "comparison of day counts";
        }
        String aggregate = plan.aggregate() == null ? "mean" : plan.aggregate().toLowerCase(Locale.ROOT);
        return (ru ? "сравнение: " : "comparison of ") + aggregateWord(aggregate, ru) + (ru ? " — " : " ")
                + metricName(plan.metric(), ru);
    }

    private static String topSubject(Plan plan, boolean ru) {
        String metric = metricName(plan.metric(), ru);
        boolean asc = "asc".equalsIgnoreCase(plan.sort());
        String n = plan.limit() == null ? "" : " " + plan.limit();
        String head = ru ? (asc ? "наименьшие" : "наибольшие") + n + " дней: " + metric
                : (asc ? "bottom" : "top") + n + " days by " + metric;
        if (plan.groupBy() != null) {
            head += ru ? " — по " + groupShort(plan.groupBy().toLowerCase(Locale.ROOT))
                    : " per " + plan.groupBy().toLowerCase(Locale.ROOT);
        }
        return head;
    }

    static String aggregateWord(String aggregate, boolean ru) {
        if (aggregate == null) {
            return "";
        }
        return switch (aggregate) {
            case "mean" -> ru ? "среднее" : "average";
            case "median" -> ru ? "медиана" : "median";
            case "min" -> ru ? "минимум" : "minimum";
            case "max" -> ru ? "максимум" : "maximum";
            case "sum" -> ru ? "сумма" : "total";
            case "std" -> ru ? "стандартное отклонение" : "standard deviation of";
            case "count" -> ru ? "число" : "count of";
            default -> aggregate;
        };
    }

    /** A metric as the reader says it: "change (%)", "range", "upper wick". */
    static String metricName(String metric, boolean ru) {
        if (metric == null) {
            return "";
        }
        String m = metric.toLowerCase(Locale.ROOT).trim();
        String base = m.endsWith("_pct") ? m.substring(0, m.length() - 4) : m;
        String name = switch (base) {
            case "range" -> ru ? "диапазон" : "range";
            case "change" -> ru ? "изменение" : "change";
            case "gap" -> ru ? "гэп" : "gap";
            case "body" -> ru ? "тело свечи" : "body";
            case "volume" -> ru ? "объём" : "volume";
            case "upper_wick" -> ru ? "верхняя тень" : "upper wick";
            case "lower_wick" -> ru ? "нижняя тень" : "lower wick";
            case "open" -> ru ? "открытие" : "open";
            case "close" -> ru ? "закрытие" : "close";
            case "high" -> ru ? "максимум" : "high";
            case "low" -> ru ? "минимум" : "low";
            default -> base.replace('_', ' ');
        };
        return m.endsWith("_pct") ? name + " (%)" : name;
    }

    public static boolean ru(String lang) {
        return "ru".equals(lang);
    }
}
