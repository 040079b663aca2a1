package barb.agents;

import barb.core.Plan;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * How a question is named in the user's language: in acknowledgements, titles and answer headings. The only
 * numbers it writes come from the question itself (years, N of a top-N, thresholds).
 */
final class Wording {
    private Wording() {
    }

    /** "average daily range in 2024 (RTH)" / "средний дневной диапазон за 2024 (RTH)". */
    static String full(QuestionSpec spec, String lang) {
        return subject(spec, lang) + period(spec.when(), lang) + session(spec.session(), lang);
    }

    static String acknowledge(QuestionSpec spec, String lang) {
        return ru(lang) ? "Понял, смотрю: " + full(spec, lang) + "." : "Got it, checking the " + full(spec, lang) + ".";
    }

    static String capitalized(String s) {
        return s.isEmpty() ? s : Character.toUpperCase(s.charAt(0)) + s.substring(1);
    }

    static String subject(QuestionSpec spec, String lang) {
        boolean ru = ru(lang);
        return switch (spec.operation()) {
            case "aggregate" -> aggregateName(spec, ru) + onDays(spec.filters(), ru);
            case "group" -> aggregateName(spec, ru) + onDays(spec.filters(), ru) + " " + groupName(spec.groupBy(), ru);
            case "count" -> days(spec.filters(), ru);
            case "list" -> listName(spec, ru);
            case "formation" -> ru
                    ? "час, когда обычно формируется " + ("high".equals(spec.extreme()) ? "хай" : "лой") + " дня"
                    : "hour when the " + spec.extreme() + " of the day is usually set";
            default -> spec.operation();
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
        return switch (spec.operation()) {
            case "aggregate" -> (ru ? "Средний " + metric : "Average " + metric) + year;
            case "group" -> capitalized(metric) + (ru ? " по " + groupShort(spec.groupBy()) : " by " + spec.groupBy());
            case "formation" -> ru ? ("high".equals(spec.extreme()) ? "Время хая дня" : "Время лоя дня")
                    : "Daily " + spec.extreme() + " timing";
            case "list" -> spec.limit() != null ? (ru ? "Топ дней" : "Top days") + year : daysTitle(spec, ru) + year;
            default -> daysTitle(spec, ru) + year;
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
        if (!ru) {
            return "by " + groupBy;
        }
        return "по " + groupShort(groupBy);
    }

    private static String groupShort(String groupBy) {
        return switch (groupBy) {
            case "weekday" -> "дням недели";
            case "month" -> "месяцам";
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

    /** Unit after a value of this metric: " pts" or "%". */
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

    static String unit(String metric, String lang) {
        if ("change_pct".equals(metric)) {
            return "%";
        }
        if ("range".equals(metric) || "gap".equals(metric)) {
            return ru(lang) ? " пт." : " pts";
        }
        return "";
    }

    private static String listName(QuestionSpec spec, boolean ru) {
        String filterPart = spec.filters().isEmpty() ? "" : (ru ? ", " : ", ") + days(spec.filters(), ru);
        if (spec.limit() == null) {
            return days(spec.filters(), ru);
        }
        String metric = spec.metric();
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
            parts.add(condition(c));
        }
        return (ru ? "дни, где " : "days where ") + String.join(ru ? " и " : " and ", parts);
    }

    private static String dayPhrase(Plan.Condition c, boolean ru) {
        String v = Numbers.format(Math.abs(c.value()));
        switch (c.metric()) {
            case "is_green" -> {
                if ("=".equals(c.op())) {
                    return c.value() == 1 ? (ru ? "зелёные дни" : "green days") : (ru ? "красные дни" : "red days");
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
        return c.metric() + " " + c.op() + " " + Numbers.format(c.value());
    }

    static boolean ru(String lang) {
        return "ru".equals(lang);
    }
}
