package barb.agents.reading;

import barb.agents.steps.FilterText;
import barb.core.Atom;
import barb.core.Json;
import barb.core.Operation;
import barb.core.ParsedStep;
import barb.core.Plan;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Turns what {@link QuestionReader} found in a question into a step, clarifications and a goal: which operation
 * it asks for, the atoms (one per compared side), the params, and the words no rule used.
 */
final class StepBuilder {
    private static final Set<String> SIDE_KINDS = Set.of("when", "metric", "session", "cond", "color", "dir",
            "pattern", "event", "weekday", "month", "gap", "consec", "time");
    private static final Set<String> NEGATABLE = Set.of("event", "pattern", "weekday", "color", "gap");

    /** An unknown word that names a period ("since the election"): asked about as the period, not as a term. */
    static final String UNKNOWN_PERIOD = "period:";

    private final List<Lexicon.Finding> found;
    private final List<String> unknown;
    private final int colon;

    StepBuilder(List<Lexicon.Finding> found, List<String> unknown, int colon) {
        this.found = overnightBreaks(withoutRepeats(found));
        this.unknown = unknown;
        this.colon = colon;
    }

    /** Kinds a question may name twice without meaning two sides: "RTH … (cash session only)". */
    private static final Set<String> SAID_TWICE = Set.of("session", "when", "metric", "event", "pattern", "weekday",
            "month", "cond", "gap", "time", "tf");

    /**
     * The findings with a repeated one dropped: a parenthesis or a second clause that says the same thing again
     * refines the question, it does not make a comparison with two identical sides.
     */
    private static List<Lexicon.Finding> withoutRepeats(List<Lexicon.Finding> found) {
        List<Lexicon.Finding> out = new ArrayList<>();
        Set<String> seen = new java.util.HashSet<>();
        boolean compared = found.stream().anyMatch(f -> f.kind().equals("vs") || f.kind().equals("or")
                || f.kind().equals("complement"));
        // "today's change with the next day's change": one measure on two days is two measures
        boolean twoDays = found.stream().anyMatch(f -> f.kind().equals("later") || f.kind().equals("op")
                && f.value().equals("correlation"));
        // "overnight (6pm to 9:30)": a time window that spells out a named session's hours is that session
        Set<String> sessionHours = new java.util.HashSet<>();
        found.stream().filter(f -> f.kind().equals("session"))
                .forEach(f -> sessionHours.add(barb.core.PlanNames.SESSION_WINDOWS.getOrDefault(f.value(), "")));
        // "4 red days in a row (close<open)": the colour that defines the run is no filter of its own
        Set<String> runColours = new java.util.HashSet<>();
        found.stream().filter(f -> f.kind().equals("consec")).forEach(f -> runColours.add(f.value().split(" ")[0]));
        // "the last hour of cash", "первый час ртх": a session named inside the session it belongs to is that part
        Set<Lexicon.Finding> wider = new java.util.HashSet<>();
        List<Lexicon.Finding> sessions = found.stream().filter(f -> f.kind().equals("session")).toList();
        for (int i = 0; !compared && i + 1 < sessions.size(); i++) {
            Lexicon.Finding part = sessions.get(i);
            Lexicon.Finding whole = sessions.get(i + 1);
            if (whole.start() >= part.end() && whole.start() - part.end() <= 8 && within(part.value(), whole.value())) {
                wider.add(whole);
            }
        }
        for (Lexicon.Finding f : found) {
            if (wider.contains(f)) {
                continue;
            }
            if (f.kind().equals("time") && sessionHours.contains(f.value())) {
                continue;
            }
            // ("after 3 green days in a row, how often is the next day green": a colour past the question's cue is
            // the later day's, not the run's again)
            if (f.kind().equals("color") && runColours.contains(f.value()) && found.stream().anyMatch(c ->
                    c.kind().equals("consec") && c.end() <= f.start() && found.stream().noneMatch(cue ->
                    Set.of("freq", "later", "after", "connector", "ordinal", "op").contains(cue.kind())
                    && cue.start() >= c.end() && cue.end() <= f.start()))) {
                continue;
            }
            if (twoDays && f.kind().equals("metric")) {
                out.add(f);
                continue;
            }
            // "overnight (globex, 6pm to 9:30)": two names of the same minutes are one session
            String value = f.kind().equals("session")
                    ? barb.core.PlanNames.SESSION_WINDOWS.getOrDefault(f.value(), f.value()) : f.value();
            if (!compared && SAID_TWICE.contains(f.kind()) && !seen.add(f.kind() + "=" + value)) {
                continue;
            }
            out.add(f);
        }
        return out;
    }

    /** True when the first session's minutes lie inside the second's, and they are not the same minutes. */
    private static boolean within(String part, String whole) {
        String p = barb.core.PlanNames.SESSION_WINDOWS.get(part);
        String w = barb.core.PlanNames.SESSION_WINDOWS.get(whole);
        if (p == null || w == null || p.equals(w)) {
            return false;
        }
        if (whole.equals("ETH")) {
            return true;
        }
        String[] pw = p.split("-");
        String[] ww = w.split("-");
        boolean plain = pw[0].compareTo(pw[1]) < 0 && ww[0].compareTo(ww[1]) < 0;
        return plain && pw[0].compareTo(ww[0]) >= 0 && pw[1].compareTo(ww[1]) <= 0;
    }

    /**
     * "Breaks the overnight high": asked with "what time / when" it is the moment of the break (formation of
     * overnight_high_break), otherwise the day's flag broke_overnight_high = 1 (an outcome or a filter).
     */
    private static List<Lexicon.Finding> overnightBreaks(List<Lexicon.Finding> found) {
        if (found.stream().noneMatch(f -> f.kind().equals("break") || f.kind().equals("cond")
                && f.value().startsWith("broke_overnight"))) {
            return found;
        }
        // "когда … пробивает лой овернайта? бакеты по 10 мин": buckets ask for the time of the break
        boolean when = found.stream().anyMatch(f -> f.kind().equals("whenword") || f.kind().equals("bucket"));
        List<Lexicon.Finding> out = new ArrayList<>();
        for (Lexicon.Finding f : found) {
            // "… and what time does it happen": the flag of the previous question becomes its moment
            if (when && f.kind().equals("cond") && f.value().matches("broke_overnight_(high|low) = 1")) {
                String level = f.value().substring("broke_".length(), f.value().indexOf(' '));
                out.add(new Lexicon.Finding("extreme", level + "_break", f.start(), f.end(), f.seq()));
                continue;
            }
            if (!f.kind().equals("break")) {
                out.add(f);
            } else if (when) {
                out.add(new Lexicon.Finding("extreme", f.value() + "_break", f.start(), f.end(), f.seq()));
            } else {
                out.add(new Lexicon.Finding("cond", "broke_" + f.value() + " = 1", f.start(), f.end(), f.seq()));
            }
        }
        return out;
    }

    private boolean has(String kind) {
        return found.stream().anyMatch(f -> f.kind().equals(kind));
    }

    private boolean has(String kind, String value) {
        return found.stream().anyMatch(f -> f.kind().equals(kind) && f.value().equals(value));
    }

    private List<Lexicon.Finding> all(String kind) {
        return found.stream().filter(f -> f.kind().equals(kind)).toList();
    }

    private String first(String kind) {
        return found.stream().filter(f -> f.kind().equals(kind)).map(Lexicon.Finding::value).findFirst()
                .orElse(null);
    }

    /** Kinds of findings that are no data of their own. */
    private static final Set<String> NOT_DATA = Set.of("filler", "connector", "or", "vs", "goal", "after",
            "whenword", "complement", "apart", "vague", "combined", "vaguetime", "zone", "etzone", "prefer", "predicate",
            "mostdays", "both");

    /** True when some finding names data (a metric, a period, a filter, an operation …). */
    static boolean isDataLike(List<Lexicon.Finding> findings) {
        return findings.stream().anyMatch(f -> !NOT_DATA.contains(f.kind()));
    }

    /**
     * Whether "after" / "после" comes right before the finding, nothing but filler between ("after 3 down days in a
     * row"; in "after a gap down, 3 red days in a row" the run follows another condition).
     */
    private boolean rightAfterAfter(Lexicon.Finding finding) {
        Lexicon.Finding before = found.stream()
                .filter(f -> f.end() <= finding.start() && !Set.of("filler", "connector").contains(f.kind()))
                .max(java.util.Comparator.comparingInt(Lexicon.Finding::end)).orElse(null);
        return before != null && before.kind().equals("after");
    }

    Reading build() {
        // "feb 5 2018, the day the vix blew up. what did nq do": what NQ did on one named day, another market only
        // saying which day it was
        if (has("snapshot") && all("when").size() == 1 && isOneDay(first("when"))
                && all("out").stream().allMatch(f -> f.value().startsWith("instrument:")) && has("out")) {
            List<Lexicon.Finding> day = new ArrayList<>(found);
            day.removeIf(f -> f.kind().equals("out"));
            return new StepBuilder(day, unknown, colon).build();
        }
        for (Lexicon.Finding f : found) {
            if (f.kind().equals("out")) {
                return outOfScope(f.value());
            }
        }
        yearForYearlessPeriods();
        resolveSoftWords();
        dropTheOneGroupOfTheGrouping();
        minutesToFill();
        preferredStatistic();
        List<String> clarify = new ArrayList<>();
        boolean dataLike = isDataLike(found);
        if (!dataLike) {
            if (has("goal")) {
                clarify.add("goal");
                unknown.forEach(w -> clarify.add("term:" + w));
            }
            return new Reading(null, clarify, null, List.of(), null);
        }

        // "list the days where the range was more than 2x its 20-day average": the days shown biggest first by the
        // measure that picked them (no ranking: every such day is listed)
        // (with a session named: the measure shown asks for none of its own)
        if (has("op", "list") && all("op").size() == 1 && has("session") && !has("rank") && !has("sort")
                && !has("metric") && !has("agg") && !has("freq") && !has("group") && !has("each") && !has("n")) {
            List<Lexicon.Finding> relative = found.stream().filter(f -> f.kind().equals("cond")
                    && f.value().contains(" x ") && f.value().contains(">")).toList();
            if (relative.size() == 1) {
                Lexicon.Finding c = relative.get(0);
                found.add(new Lexicon.Finding("metric", c.value().split(" ")[0], c.start(), c.end(), c.seq()));
                found.add(new Lexicon.Finding("sort", "desc", c.start(), c.end(), c.seq()));
            }
        }
        // what the question asks
        boolean ranking = has("rank");
        boolean explicitN = has("n");
        boolean formation = has("extreme") && !has("agg") && !ranking && !has("op", "probability");
        // "streaks of 5+ green days": a streak's run length is its shortest length, the colour its condition
        if (has("op", "streak") && has("consec") && !has("minlen") && !has("op", "probability") && !has("freq")
                && !has("after") && !has("later")) {
            List<Lexicon.Finding> rewritten = new ArrayList<>();
            for (Lexicon.Finding f : found) {
                if (f.kind().equals("consec")) {
                    String[] parts = f.value().split(" ");
                    rewritten.add(new Lexicon.Finding("color", parts[0], f.start(), f.end(), f.seq()));
                    rewritten.add(new Lexicon.Finding("minlen", parts[parts.length - 1], f.start(), f.end(), f.seq()));
                } else {
                    rewritten.add(f);
                }
            }
            return new StepBuilder(rewritten, unknown, colon).build();
        }
        // "how many red fridays in 2024, in %", "сколько раз … в процентах": a count asked in percent is a share
        if (has("op", "count") && has("unit", "pct") && !has("freq") && !has("agg") && !has("rank") && !has("metric")) {
            List<Lexicon.Finding> share = new ArrayList<>();
            for (Lexicon.Finding f : found) {
                if (f.kind().equals("op") && f.value().equals("count")) {
                    share.add(new Lexicon.Finding("freq", "", f.start(), f.end(), f.seq()));
                } else if (!f.kind().equals("unit")) {
                    share.add(f);
                }
            }
            return new StepBuilder(share, unknown, colon).build();
        }
        // "how often does january close green, since 2010": a month without a year next to a longer period is every
        // January of it, and with a colour to count, the month's own candle
        // ("jun-aug since 2023": each month of a range of months without a year)
        List<Lexicon.Finding> monthWhens = all("when").stream()
                .filter(f -> !monthsOf(f.value()).isEmpty()).toList();
        if (!monthWhens.isEmpty() && all("when").size() > monthWhens.size()) {
            List<Lexicon.Finding> months = new ArrayList<>(found);
            for (Lexicon.Finding f : monthWhens) {
                int at = months.indexOf(f);
                months.remove(at);
                for (String month : monthsOf(f.value())) {
                    months.add(at++, new Lexicon.Finding("month", month, f.start(), f.end(), f.seq()));
                }
                // ("в скольких % случаев сентябрь закрывался в минус": a direction is the candle's too)
                if ((has("freq") || has("op", "probability")) && (has("color") || has("dir"))) {
                    months.add(new Lexicon.Finding("monthunit", "", f.start(), f.end(), f.seq()));
                }
            }
            return new StepBuilder(months, unknown, colon).build();
        }
        // "in 2023 and 2024 combined": one period from the first to the last
        if (has("combined") && all("when").size() >= 2 && all("when").stream().allMatch(f -> f.value().matches("\\d{4}"))) {
            List<Lexicon.Finding> whens = all("when");
            String from = whens.stream().map(Lexicon.Finding::value).min(String::compareTo).orElseThrow();
            String to = whens.stream().map(Lexicon.Finding::value).max(String::compareTo).orElseThrow();
            List<Lexicon.Finding> one = new ArrayList<>(found);
            one.removeAll(whens);
            one.add(new Lexicon.Finding("when", from + ".." + to, whens.get(0).start(), whens.get(0).end(),
                    whens.get(0).seq()));
            one.removeIf(f -> f.kind().equals("combined"));
            return new StepBuilder(one, unknown, colon).build();
        }
        // "the week of Aug 5 2024": that day's Monday to Friday
        if (has("weekof") && all("when").size() == 1 && first("when").matches("\\d{4}-\\d{2}-\\d{2}")) {
            java.time.LocalDate day = java.time.LocalDate.parse(first("when"));
            java.time.LocalDate monday = day.with(java.time.DayOfWeek.MONDAY);
            List<Lexicon.Finding> rewritten = new ArrayList<>();
            for (Lexicon.Finding f : found) {
                if (f.kind().equals("when")) {
                    rewritten.add(new Lexicon.Finding("when", monday + ".." + monday.plusDays(4), f.start(), f.end(),
                            f.seq()));
                } else if (!f.kind().equals("weekof")) {
                    rewritten.add(f);
                }
            }
            return new StepBuilder(rewritten, unknown, colon).build();
        }
        // "если насдак падал 3 дня подряд, какая вероятность что на 4й день он вырастет": a run of down days named as
        // the condition of the day after it is a run of red days, not a list of runs
        Lexicon.Finding runOp = found.stream().filter(f -> f.kind().equals("op") && f.value().equals("streak"))
                .findFirst().orElse(null);
        // ("after 3 down days in a row how often is the next day green": the run follows "after", or a later day is
        // asked about)
        boolean runIsCondition = runOp != null && (has("ordinal") || has("later") || rightAfterAfter(runOp));
        // ("after 3 down days in a row, is the 4th day green": the colour of the day after the run is asked about)
        boolean outcomeAfterRun = runOp != null && has("ordinal") && found.stream().anyMatch(f -> f.start() >= runOp.end()
                && f.kind().equals("color"));
        if (runIsCondition && has("minlen") && (has("op", "probability") || has("freq") || outcomeAfterRun)) {
            Lexicon.Finding direction = found.stream().filter(f -> f.kind().equals("dir") && f.start() >= runOp.start()
                    && f.end() <= runOp.end()).findFirst().orElse(null);
            if (direction != null) {
                List<Lexicon.Finding> run = new ArrayList<>(found);
                run.removeAll(List.of(runOp, direction));
                run.removeIf(f -> f.kind().equals("minlen"));
                String colour = direction.value().equals("down") ? "red" : "green";
                run.add(new Lexicon.Finding("consec", colour + " >= " + first("minlen"), runOp.start(), runOp.end(),
                        runOp.seq()));
                if (!has("op", "probability") && !has("freq")) {
                    run.add(new Lexicon.Finding("freq", "", runOp.start(), runOp.start(), runOp.seq()));
                }
                return new StepBuilder(run, unknown, colon).build();
            }
        }
        // "how often does nq drop 3 days in a row": how often the run itself happens is a count of such runs, not the
        // share of single down days
        if (runOp != null && !runIsCondition && has("minlen") && has("freq") && !has("op", "probability")
                && !has("color") && !has("cond")) {
            List<Lexicon.Finding> runs = new ArrayList<>(found);
            runs.removeIf(f -> f.kind().equals("freq"));
            return new StepBuilder(runs, unknown, colon).build();
        }
        // "stdev of daily rth % chg by year, want a vol regime view", "вопрос по vol по дням недели: средний RTH
        // range": of two measures, the one the statistic is taken of is asked; the other, away from it, only says
        // what the question is about
        List<Lexicon.Finding> measures = all("metric");
        if (measures.size() == 2 && all("agg").size() == 1 && !has("vs") && !has("or") && !has("op", "compare")
                && !has("op", "correlation")) {
            Lexicon.Finding agg = all("agg").get(0);
            List<Lexicon.Finding> ordered = new ArrayList<>(found);
            ordered.sort(java.util.Comparator.comparingInt(Lexicon.Finding::start));
            Lexicon.Finding taken = null;
            for (int i = ordered.indexOf(agg) + 1; i < ordered.size(); i++) {
                Lexicon.Finding f = ordered.get(i);
                if (f.kind().equals("metric")) {
                    taken = f;
                    break;
                }
                if (!Set.of("session", "tf", "unit", "filler").contains(f.kind())) {
                    break;
                }
            }
            Lexicon.Finding other = taken == null ? null : measures.get(measures.get(0) == taken ? 1 : 0);
            // ("avg rth range by weekday: range vs volume": both listed after a colon are both asked)
            boolean listed = colon >= 0 && other != null && other.start() > colon;
            boolean apart = other != null && !listed && (other.start() < agg.start() || ordered.subList(ordered.indexOf(taken),
                    ordered.indexOf(other)).stream().anyMatch(f -> Set.of("when", "group", "each", "weekday", "month")
                    .contains(f.kind())));
            if (apart) {
                List<Lexicon.Finding> one = new ArrayList<>(found);
                one.remove(other);
                return new StepBuilder(one, unknown, colon).build();
            }
        }
        // "самое большое падение за день в 2025? дата и сколько %": after a superlative, "how many %" is its size
        Lexicon.Finding superlative = found.stream().filter(f -> f.kind().equals("ndefault") && f.value().equals("1"))
                .findFirst().orElse(null);
        if (superlative != null && has("rank") && (has("dir") || has("metric")) && found.stream()
                .anyMatch(f -> f.kind().equals("freq") && f.start() > superlative.end())) {
            List<Lexicon.Finding> sized = new ArrayList<>(found);
            sized.removeIf(f -> f.kind().equals("freq") && f.start() > superlative.end());
            sized.add(new Lexicon.Finding("unit", "pct", superlative.start(), superlative.end(), superlative.seq()));
            return new StepBuilder(sized, unknown, colon).build();
        }
        Operation operation;
        // "гэпы … как часто закрываются": a fill verb fills a gap when the question is about gaps and names no
        // colour or direction the verb could be closing into
        gapFill = has("fill") || has("fillword") && (has("gap") || has("metric", "gap")
                || has("metric", "gap_pct") || found.stream().anyMatch(f -> f.kind().equals("cond")
                && f.value().startsWith("gap"))) && !has("color") && !has("dir");
        // "5 августа 2024: рендж, объём, гэп": several measures of one day, nothing computed over them, is the day's
        // recap, which shows them all
        boolean dayMeasures = all("when").size() == 1 && isOneDay(first("when")) && !has("op") && !has("freq")
                && !has("rank") && !has("vs") && all("metric").stream().map(Lexicon.Finding::value).distinct().count() >= 2;
        // "what was the damage on 27 jan 2025", "how was 5 августа": one day named and nothing asked of it is its recap
        boolean bareDay = all("when").size() == 1 && isOneDay(first("when")) && all("metric").isEmpty()
                && all("op").stream().allMatch(f -> f.value().equals("list")) && !has("freq") && !has("rank")
                && !has("group") && !has("agg") && !has("extreme") && !has("time")
                // "may 6 2010, the flash crash. pull up that day": a move said of one named day describes it ("was
                // 2024-08-05 green" still asks whether it was)
                && Set.of("event", "pattern", "cond", "gap", "consec", "color").stream().noneMatch(this::has);
        boolean snapshot = (has("snapshot") || dayMeasures || bareDay) && !has("after") && !has("later") && !has("offsets")
                && !has("agg") && !ranking && all("when").size() == 1 && isShortPeriod(first("when"));
        // "сколько из них гэп закрыли", "how many of those filled": a count of the days whose gap filled
        if (gapFill && (has("howmuch") || has("op", "count")) && !has("bysize") && !has("metric") && !has("agg")
                && !has("freq") && !has("filltime")) {
            List<Lexicon.Finding> counted = new ArrayList<>(found);
            Lexicon.Finding verb = counted.stream().filter(f -> f.kind().equals("fill") || f.kind().equals("fillword"))
                    .findFirst().orElseThrow();
            counted.removeIf(f -> f.kind().equals("fill") || f.kind().equals("fillword"));
            counted.add(new Lexicon.Finding("cond", "gap_filled = 1", verb.start(), verb.end(), verb.seq()));
            return new StepBuilder(counted, unknown, colon).build();
        }
        if (snapshot) {
            operation = Operation.SNAPSHOT;
        } else if (gapFill && (has("op", "probability") && !has("bysize"))) {
            operation = Operation.PROBABILITY;
        } else if (gapFill) {
            operation = Operation.GAP_FILL;
        } else if (has("freq") && (has("group") || has("each")) && (all("color").size() == 1 || breakShare())
                && !has("monthunit")) {
            // ("what % closed green, each year": a share per year)
            operation = Operation.GROUP;
        } else if (has("freq") && !has("op", "correlation") && !formation && hasFrequencyOutcome()) {
            operation = Operation.PROBABILITY;
        } else if (has("freq") && !formation && !has("op", "correlation")) {
            operation = Operation.COUNT;
        } else if (has("op", "correlation")) {
            operation = Operation.CORRELATION;
        } else if (formation) {
            operation = Operation.FORMATION;
        } else if (has("op", "probability")) {
            operation = Operation.PROBABILITY;
        } else if (has("around") || has("offsets")) {
            operation = Operation.AROUND;
        } else if ((has("later", "1") || afterACondition()) && (has("agg") || has("metric")) && !ranking
                && !has("op", "count") && !has("op", "list") && conditionNamed()) {
            // "after an NR7 day, the avg range the next day": a measure the day after the days that match
            operation = Operation.AROUND;
        } else if (has("after") && has("op", "count") && hasOutcome()) {
            operation = Operation.PROBABILITY;
        } else if (has("op", "streak")) {
            operation = Operation.STREAK;
        } else if (has("op", "distribution") && !has("agg") && !ranking && !has("op", "count")
                && !(has("later", "1") && has("after"))) {
            // ("what usually happens the next day after a 3% drop": "usually" asks what follows, not a distribution)
            operation = Operation.DISTRIBUTION;
        } else if (has("each") && ranking || has("group") && ranking && explicitN) {
            operation = Operation.TOP_N;
        } else if (has("group") || has("each") && (has("agg") || has("op", "count") && !has("metric"))) {
            // "avg rth range for each year": the days grouped by the unit named, one figure per group
            operation = Operation.GROUP;
        } else if (has("op", "compare") || has("vs") || sideCount() >= 2 || has("apart") && listedSides()
                || has("complement") && has("agg") && !has("op", "count")
                && found.stream().anyMatch(f -> NEGATABLE.contains(f.kind()))) {
            // "в дни NFP и в обычные дни": the rest of the days only mean something beside the days named
            operation = Operation.COMPARE;
        } else if (ranking) {
            operation = Operation.LIST;
        } else if (has("op", "count")) {
            operation = Operation.COUNT;
        } else if (has("agg")) {
            operation = Operation.AGGREGATE;
        } else if (has("op", "list")) {
            operation = Operation.LIST;
        } else if (has("after") || has("later")) {
            operation = Operation.AROUND;
        } else if (has("op", "distribution")) {
            operation = Operation.DISTRIBUTION;
        } else if (has("metric")) {
            operation = all("when").stream().anyMatch(f -> isOneDay(f.value())) ? Operation.LIST : Operation.AGGREGATE;
        } else {
            operation = Operation.LIST;
        }

        // "chance of a green Tuesday if Monday was red": the condition is on the earlier day, the outcome is read
        // the next trading day
        // ("если пн падает больше 2% — что во вторник? ср изменение": the same for a measure, when the condition is
        // said between the two days)
        Integer dayAfter = offset();
        if ((dayAfter == null || dayAfter == 1)
                && (operation == Operation.PROBABILITY || operation == Operation.AGGREGATE)) {
            Lexicon.Finding later = operation == Operation.PROBABILITY ? nextTradingDayOfPair()
                    : nextTradingDayAfterACondition();
            if (later != null) {
                List<Lexicon.Finding> rewritten = new ArrayList<>(found);
                rewritten.remove(later);
                // ("friday after a green thursday": the next day is said already, the later weekday only names it)
                if (dayAfter == null) {
                    rewritten.add(new Lexicon.Finding("later", "1", later.start(), later.end(), later.seq()));
                }
                return new StepBuilder(rewritten, unknown, colon).build();
            }
        }
        // probability outcome
        Lexicon.Finding outcome = operation == Operation.PROBABILITY
                ? (gapFill ? new Lexicon.Finding("cond", "gap_filled = 1", 0, 0, -1) : outcomeFinding()) : null;
        // ranking by direction: "biggest drops"
        List<Lexicon.Finding> metrics = all("metric");
        // ("biggest down days by % change": the change named is the one the direction ranks)
        boolean rankByDirection = ranking && all("dir").size() == 1
                && metrics.stream().allMatch(f -> f.value().equals("change") || f.value().equals("change_pct"))
                && (operation == Operation.LIST || operation == Operation.TOP_N);
        List<Lexicon.Finding> ignored = new ArrayList<>();
        if (outcome != null) {
            ignored.add(outcome);
            // "how often does RTH close green (close > open)": the outcome said twice is no filter
            String said = outcomeText(outcome);
            // ("after a green day, how often is the next day green": the day after "after" is the other day)
            found.stream().filter(f -> f != outcome && Set.of("color", "dir", "cond").contains(f.kind())
                    && said.equals(outcomeText(f)) && !objectOfAfter(f) && !conditionAfter(outcome, f))
                    .forEach(ignored::add);
        }
        if (rankByDirection) {
            ignored.add(all("dir").get(0));
        }
        // "how much does NQ fall on average": the verb names the measured change, not a filter
        boolean measureByDirection = metrics.isEmpty() && !ranking && all("dir").size() == 1
                && (operation == Operation.AGGREGATE || operation == Operation.DISTRIBUTION);
        if (measureByDirection) {
            ignored.add(all("dir").get(0));
        }
        // "top 10 biggest gap ups": ranking the gaps upward already picks gap ups
        if (ranking && has("gap") && all("metric").stream().allMatch(f -> f.value().startsWith("gap"))
                && all("gap").size() == 1 && (operation == Operation.LIST || operation == Operation.TOP_N)) {
            ignored.add(all("gap").get(0));
        }
        // "% of green days by weekday": the share of green days in each group is the mean of the flag
        boolean colourShare = operation == Operation.GROUP && has("freq") && all("color").size() == 1
                && all("metric").isEmpty();
        if (colourShare) {
            ignored.add(all("color").get(0));
        }
        // ("how often does rth take out the ovn high, by year": the share of days that broke it)
        boolean levelShare = operation == Operation.GROUP && breakShare();
        if (levelShare) {
            ignored.add(all("cond").get(0));
        }

        // sides (several atoms)
        List<List<Lexicon.Finding>> sides = new ArrayList<>();
        List<Lexicon.Finding> common = new ArrayList<>();
        splitSides(operation, ignored, common, sides);
        String openingBucket = operation == Operation.FORMATION && !has("bucket") ? openingBucket(common) : null;
        if (operation == Operation.COMPARE && sides.size() < 2) {
            clarify.add("compare_groups");
        }
        // "avg range 12-2 vs the first hour of rth": a window of the clock set against a session would be read inside
        // every side; which window goes with which side is asked, not guessed
        boolean sessionSides = sides.stream().filter(side -> side.stream().anyMatch(f -> f.kind().equals("session")))
                .count() >= 2;
        if (operation == Operation.COMPARE && sessionSides && common.stream().anyMatch(f -> f.kind().equals("time"))
                && !clarify.contains("compare_groups")) {
            clarify.add("compare_groups");
        }
        // "compare 2024 and 2025": two sides but nothing to compare them by
        boolean nothingMeasured = all("metric").isEmpty() && !has("color") && !has("dir") && !has("cond")
                && !has("op", "count") && !has("freq") && !has("pattern") && !has("event") && !has("agg");
        if (operation == Operation.COMPARE && sides.size() >= 2 && nothingMeasured) {
            clarify.add("metric");
        }

        // what each atom measures
        // "(close to close)", "(неделя к неделе)": how the measure is meant, the measure only if none is named
        if (has("metricdef") && all("metric").isEmpty() && !has("dir") && !has("cond") && !has("color")
                && operation != Operation.LIST && operation != Operation.COUNT) {
            List<Lexicon.Finding> defined = new ArrayList<>(found);
            defined.replaceAll(f -> f.kind().equals("metricdef")
                    ? new Lexicon.Finding("metric", f.value(), f.start(), f.end(), f.seq()) : f);
            return new StepBuilder(defined, unknown, colon).build();
        }
        // "which month of 2022 was the strongest": one month of one year is a monthly bar, not a seasonal grouping
        if (operation == Operation.GROUP && has("group", "month") && ranking && !has("n")
                && all("when").size() == 1 && first("when").matches("\\d{4}")) {
            List<Lexicon.Finding> monthly = new ArrayList<>(found);
            Lexicon.Finding group = all("group").get(0);
            monthly.remove(group);
            monthly.add(new Lexicon.Finding("tf", "1M", group.start(), group.end(), group.seq()));
            monthly.add(new Lexicon.Finding("n", "1", group.start(), group.end(), group.seq()));
            return new StepBuilder(monthly, unknown, colon).build();
        }
        // "avg % change by weekday … are mondays worse?": a grouping by weekday is not a filter to one weekday
        if (operation == Operation.GROUP && (has("group", "weekday") && has("weekday")
                || has("group", "month") && has("month") && !has("monthunit"))) {
            String kind = has("group", "weekday") ? "weekday" : "month";
            List<Lexicon.Finding> grouped = new ArrayList<>(found);
            grouped.removeIf(f -> f.kind().equals(kind));
            return new StepBuilder(grouped, unknown, colon).build();
        }
        String unit = first("unit");
        List<String> whats = new ArrayList<>();
        String defaultWhat = defaultWhat(operation, rankByDirection);
        if (operation == Operation.CORRELATION) {
            List<String> names = metrics.stream().map(f -> withUnit(f.value(), unit)).toList();
            if (offset() == null || names.size() > 2) {
                // "gap % and the open-to-close move (body)": one size read two ways is one measure
                names = names.stream().distinct().toList();
                List<String> bases = names.stream().map(n -> n.replace("_pct", "")).distinct().toList();
                if (bases.size() < names.size()) {
                    List<String> merged = new ArrayList<>();
                    for (String base : bases) {
                        merged.add(names.contains(base + "_pct") ? base + "_pct" : base);
                    }
                    names = merged;
                }
            }
            // a correlation of sizes in percent with sizes in points reads both in percent
            // (change_pct is what "change" means anyway: only an explicit percent counts)
            if (names.size() == 2 && names.stream().anyMatch(n -> n.endsWith("_pct") && !n.equals("change_pct"))) {
                names = names.stream().map(n -> Set.of("gap", "range", "body", "change").contains(n)
                        ? n + "_pct" : n).toList();
            }
            // "the change and the next day's": one measure named, read on two days
            if (names.size() == 1 && offset() != null && offset() > 0) {
                names = List.of(names.get(0), names.get(0));
            }
            if (names.size() < 2) {
                clarify.add("metric");
                names = names.isEmpty() ? List.of("change_pct") : names;
            }
            whats.addAll(names.subList(0, Math.min(2, names.size())));
        }

        ObjectNode params = Json.object();
        List<Atom> atoms = new ArrayList<>();
        String timeframe = first("tf") != null ? first("tf") : "1D";
        // "% of Septembers that closed red": the months are the rows
        if (timeframe.equals("1D") && has("monthunit") && hasOutcome()) {
            timeframe = "1M";
        }
        if (operation == Operation.SNAPSHOT || operation == Operation.GAP_FILL || operation == Operation.FORMATION) {
            timeframe = "1D";
        }
        if (has("group", "hour") && operation == Operation.GROUP && timeframe.equals("1D")) {
            timeframe = "1h";
        }
        if (operation == Operation.CORRELATION) {
            Atom base = atom(common, List.of(), whats.get(0), timeframe, ignored);
            atoms.add(base);
            if (whats.size() > 1) {
                atoms.add(new Atom(base.when(), whats.get(1), base.filter(), base.timeframe()));
            }
        } else if (sides.isEmpty()) {
            String what = whatOf(common, operation, defaultWhat, unit);
            atoms.add(atom(common, List.of(), what, timeframe, ignored));
        } else {
            for (List<Lexicon.Finding> side : sides) {
                List<Lexicon.Finding> both = new ArrayList<>(common);
                both.addAll(side);
                String what = whatOf(both, operation, defaultWhat, unit);
                atoms.add(atom(common, side, what, timeframe, ignored));
            }
        }
        // "volume overnight vs RTH? compare the overnight's and RTH's": a side said again is the same side
        List<Atom> sidesOnce = atoms.stream().distinct().toList();
        if (atoms.size() > 2 && sidesOnce.size() >= 2 && sidesOnce.size() < atoms.size()) {
            atoms.clear();
            atoms.addAll(sidesOnce);
        }
        outcomeIsGap = outcome != null && (outcome.kind().equals("gap")
                || outcome.kind().equals("cond") && outcome.value().startsWith("gap"));
        gapSession(atoms);
        if (colourShare) {
            Atom a = atoms.get(0);
            atoms.set(0, new Atom(a.when(), "is_" + first("color"), a.filter(), a.timeframe()));
        }
        if (levelShare) {
            Atom a = atoms.get(0);
            atoms.set(0, new Atom(a.when(), first("cond").split(" ")[0], a.filter(), a.timeframe()));
        }
        if (operation == Operation.SNAPSHOT) {
            // a day is shown whole: its events or patterns say why it was asked about, not what to show
            Atom a = atoms.get(0);
            atoms.set(0, new Atom(a.when(), a.what(), null, "1D"));
        }
        // "(monthly candle, open vs close)": a "vs" between words that pick nothing is no comparison
        if (atoms.size() > 1 && atoms.stream().distinct().count() == 1 && (has("vs") || has("or"))) {
            List<Lexicon.Finding> plain = found.stream().filter(f -> !f.kind().equals("vs") && !f.kind().equals("or")
                    && !(f.kind().equals("op") && f.value().equals("compare"))).toList();
            return new StepBuilder(plain, unknown, colon).build();
        }

        // params
        String sortWord = first("sort");
        String rankSort = rankSort(rankByDirection, operation);
        switch (operation) {
            case LIST -> {
                if (ranking) {
                    params.put("n", rankN(10));
                }
                String sort = sortWord != null ? sortWord : rankSort;
                if (sort != null) {
                    params.put("sort", sort);
                }
            }
            case TOP_N -> {
                params.put("n", rankN(10));
                params.put("sort", sortWord != null ? sortWord : rankSort);
                params.put("group_by", has("each") ? first("each") : first("group"));
            }
            case AGGREGATE -> params.put("aggregate", first("agg") != null ? first("agg") : "mean");
            case GROUP -> {
                params.put("aggregate", first("agg") != null ? first("agg") : "mean");
                params.put("group_by", has("group") ? first("group") : first("each"));
                String sort = sortWord != null ? sortWord : rankSort;
                if (sort != null) {
                    params.put("sort", sort);
                }
            }
            case DISTRIBUTION -> {
                if (first("bins") != null) {
                    params.put("bins", Integer.parseInt(first("bins")));
                }
                if (first("percentiles") != null) {
                    ArrayNode list = params.putArray("percentiles");
                    for (String p : first("percentiles").split(",")) {
                        list.add(Double.parseDouble(p));
                    }
                }
            }
            case PROBABILITY -> {
                if (outcome == null) {
                    clarify.add("outcome");
                } else {
                    params.put("outcome", outcomeText(outcome));
                }
                Integer offset = offset();
                params.put("offset", offset == null ? 0 : offset);
            }
            case CORRELATION -> {
                Integer offset = offset();
                if (offset != null) {
                    params.put("offset", offset);
                }
            }
            case STREAK -> {
                if (first("minlen") != null) {
                    params.put("min_length", Integer.parseInt(first("minlen")));
                }
                boolean longest = ranking || has("agg", "max");
                if (longest) {
                    params.put("n", rankN(1));
                }
                String sort = sortWord != null ? sortWord : longest ? (rankSort == null ? "desc" : rankSort) : null;
                if (sort != null) {
                    params.put("sort", sort);
                }
            }
            case FORMATION -> {
                params.put("extreme", first("extreme"));
                if (first("bucket") != null) {
                    params.put("bucket", first("bucket"));
                } else if (openingBucket != null) {
                    params.put("bucket", openingBucket);
                }
            }
            case AROUND -> {
                java.util.TreeSet<Integer> offsets = new java.util.TreeSet<>();
                for (Lexicon.Finding f : all("offsets")) {
                    for (String o : f.value().split(",")) {
                        offsets.add(Integer.parseInt(o));
                    }
                }
                // "the day before and the day after": with other offsets named, "the day after" is one of them
                if (!offsets.isEmpty()) {
                    all("later").forEach(f -> offsets.add(Integer.parseInt(f.value())));
                }
                // a metric named in the condition ("after days when the range …") is not the one measured; one
                // named alone at the end ("… after an engulfing? change in %") is
                for (Lexicon.Finding f : metrics) {
                    if (f.start() > aroundCut() && !measureNamedLast(f)) {
                        unknown.add(f.value());
                    }
                }
                if (!offsets.isEmpty()) {
                    ArrayNode list = params.putArray("offsets");
                    offsets.forEach(list::add);
                }
            }
            case COMPARE -> {
                boolean metricAtoms = atoms.stream().anyMatch(a -> !a.what().equals("days"));
                if (metricAtoms) {
                    params.put("aggregate", first("agg") != null ? first("agg") : "mean");
                }
            }
            default -> {
            }
        }

        // words no rule used
        if (has("extreme") && operation != Operation.FORMATION && operation != Operation.SNAPSHOT) {
            unknown.add(0, first("extreme"));
        }
        // "days when NQ fell 3% and the next day was green": a list cannot look a day ahead, so ask
        if (has("later", "1")
                && !Set.of(Operation.PROBABILITY, Operation.CORRELATION, Operation.AROUND).contains(operation)) {
            unknown.add("next day");
        }
        if (has("bucket") && operation != Operation.FORMATION) {
            unknown.add("bucket " + first("bucket"));
        }
        if (sessionMatters(operation, atoms)) {
            clarify.add(0, "session");
        }
        // two sides but an operation that reads one: which is meant is unclear, so ask rather than pick one
        if (atoms.size() > 1 && operation != Operation.COMPARE && operation != Operation.CORRELATION
                && !clarify.contains("compare_groups")) {
            clarify.add("compare_groups");
        }
        if (has("goal")) {
            clarify.add("goal");
        }
        // "how many big gap ups": how big decides the count, so ask unless a number says it
        boolean sized = found.stream().anyMatch(f -> f.kind().equals("cond") && f.value().matches(".*\\d.*"));
        // ("correlation of the gap and the day's change? do big gaps keep going": a correlation reads every day)
        if (has("vague") && !sized && operation != Operation.CORRELATION) {
            clarify.add("threshold");
        }
        if (has("vaguetime") && !has("when")) {
            clarify.add("period");
        }
        // Barb's clock is New York's; "по мск" moves against it during the year, so the trader says the ET hours
        if (has("zone") && !has("etzone")) {
            clarify.add("timezone");
        }
        for (String word : new LinkedHashSet<>(unknown)) {
            clarify.add(word.startsWith(UNKNOWN_PERIOD) ? word : "term:" + word);
        }
        if (operation == Operation.CORRELATION) {
            atoms = inPercentBeside(atoms);
        }
        // "which weekday gets the most gap ups": how many such days each group has, most first; "how many green days
        // by month": how many such days each group has
        boolean counted = has("mostdays") || has("op", "count");
        if (operation == Operation.GROUP && counted && !has("metric") && !has("agg")) {
            atoms = atoms.stream().map(a -> new Atom(a.when(), "days", a.filter(), a.timeframe())).toList();
            params.remove("aggregate");
            if (has("mostdays")) {
                params.put("sort", "desc");
            }
        }
        ParsedStep step = new ParsedStep("s1", operation.wireName(), atoms, params);
        return new Reading(step, clarify, null, List.of(), goal(operation, ranking, atoms));
    }

    /** Size measures in points that have a version in % of price. */
    private static final Set<String> IN_POINTS = Set.of("gap", "body", "range", "change");

    /**
     * "correlation between the gap and the day's change": beside a measure in % of price, a size said without a unit
     * is in % too — in points it would grow with the price over the years and the correlation would measure that.
     */
    private List<Atom> inPercentBeside(List<Atom> atoms) {
        boolean percentSide = atoms.stream().anyMatch(a -> a.what().endsWith("_pct"));
        if (!percentSide || has("unit") || atoms.size() != 2) {
            return atoms;
        }
        return atoms.stream().map(a -> IN_POINTS.contains(a.what())
                ? new Atom(a.when(), a.what() + "_pct", a.filter(), a.timeframe()) : a).toList();
    }

    /**
     * Words whose meaning depends on the rest: "посчитай" / "calculate" asks for a count only when nothing
     * else is asked ("посчитай средний объём" is an average); "seasonality" is a by-month grouping unless a
     * grouping is named.
     */
    private void resolveSoftWords() {
        boolean asksSomethingElse = has("agg") || has("group") || has("metric") || has("op") || has("rank")
                || has("around") || has("each");
        for (int i = 0; i < found.size(); i++) {
            Lexicon.Finding f = found.get(i);
            String kind = null;
            String value = "";
            if (f.kind().equals("howmuch")) {
                // "сколько красных дней" / "сколько раз рейндж > 300" count; "сколько (в среднем) рейндж" measures
                boolean measures = has("agg") || has("metric") && !conditionNamed();
                kind = measures ? "filler" : "op";
                value = measures ? "" : "count";
            } else if (f.kind().equals("countverb")) {
                kind = asksSomethingElse ? "filler" : "op";
                value = asksSomethingElse ? "" : "count";
            } else if (f.kind().equals("seasonal")) {
                kind = has("group") ? "filler" : "group";
                value = has("group") ? "" : "month";
            }
            if (kind != null) {
                found.set(i, new Lexicon.Finding(kind, value, f.start(), f.end(), f.seq()));
            }
        }
    }

    /**
     * "which month has the biggest avg range? testing my 'august is dead' idea", "which weekday …, i bet friday": a
     * question that ranks months (weekdays) and also names one month (weekday) names the trader's guess, not a
     * filter: kept, it would leave a single group to rank, so it is left out.
     */
    private void dropTheOneGroupOfTheGrouping() {
        if (!has("rank")) {
            return;
        }
        if (has("group", "month")) {
            List<Lexicon.Finding> months = found.stream().filter(f -> f.kind().equals("month")
                    || f.kind().equals("when") && barb.agents.periods.DateResolver.MONTH_NAMES.contains(f.value()))
                    .toList();
            if (months.size() == 1) {
                found.remove(months.get(0));
            }
        }
        if (has("group", "weekday") && all("weekday").size() == 1) {
            found.remove(all("weekday").get(0));
        }
    }

    /** The months a yearless month ("june") or range of them ("june..august", "november..february") names. */
    private static List<String> monthsOf(String when) {
        List<String> names = barb.agents.steps.FilterText.MONTHS;
        if (names.contains(when)) {
            return List.of(when);
        }
        // "q4 for each year since 2015": a quarter without a year is its three months in every year
        if (when.matches("q[1-4]")) {
            int first = (when.charAt(1) - '1') * 3;
            return names.subList(first, first + 3);
        }
        String[] ends = when.split("\\.\\.", -1);
        if (ends.length != 2 || !names.contains(ends[0]) || !names.contains(ends[1])) {
            return List.of();
        }
        List<String> out = new ArrayList<>();
        for (int i = names.indexOf(ends[0]); ; i = (i + 1) % 12) {
            out.add(names.get(i));
            if (names.get(i).equals(ends[1])) {
                return out;
            }
        }
    }

    /**
     * "median range, rth (лучше медиана)": the statistic named after "лучше / rather / preferably" replaces the one
     * named before it.
     */
    private void preferredStatistic() {
        int prefer = -1;
        for (int i = 0; i < found.size(); i++) {
            if (found.get(i).kind().equals("prefer")) {
                prefer = i;
            }
        }
        if (prefer < 0) {
            return;
        }
        Lexicon.Finding chosen = null;
        for (int i = prefer + 1; i < found.size() && chosen == null; i++) {
            if (found.get(i).kind().equals("agg")) {
                chosen = found.get(i);
            }
        }
        if (chosen != null) {
            Lexicon.Finding keep = chosen;
            found.removeIf(f -> f.kind().equals("agg") && f != keep);
        }
    }

    /**
     * "median minutes to fill, rth gap ups", "через сколько минут закрывается гэп вверх": how long the fill takes is
     * the measure (gap_fill_minutes, the mean unless another statistic is named), the gap picks the days.
     */
    private void minutesToFill() {
        boolean aboutGaps = has("fill") || has("fillword") || has("gap") || has("metric", "gap")
                || has("metric", "gap_pct");
        // "how often do they fill and in how many minutes": the gap-fill table shows both
        if (!has("filltime") || !aboutGaps || has("freq") || has("op", "probability")) {
            return;
        }
        Lexicon.Finding at = all("filltime").get(0);
        found.removeIf(f -> Set.of("fill", "fillword", "filltime", "bysize").contains(f.kind())
                || f.kind().equals("metric") && f.value().startsWith("gap"));
        found.add(new Lexicon.Finding("metric", "gap_fill_minutes", at.start(), at.end(), at.seq()));
        if (!has("agg")) {
            found.add(new Lexicon.Finding("agg", "mean", at.start(), at.end(), at.seq()));
        }
    }

    /** "January and February 2025": the year named once belongs to every side. */
    private void yearForYearlessPeriods() {
        List<Lexicon.Finding> whens = all("when");
        if (whens.size() < 2) {
            return;
        }
        Set<String> years = new LinkedHashSet<>();
        for (Lexicon.Finding f : whens) {
            Matcher m = Pattern.compile("^(\\d{4})-(?:\\d{2}|q[1-4])$").matcher(f.value());
            if (m.matches()) {
                years.add(m.group(1));
            }
        }
        if (years.size() != 1) {
            return;
        }
        String year = years.iterator().next();
        for (int i = 0; i < found.size(); i++) {
            Lexicon.Finding f = found.get(i);
            if (!f.kind().equals("when")) {
                continue;
            }
            String value = inYear(f.value(), year);
            if (value != null) {
                found.set(i, new Lexicon.Finding("when", value, f.start(), f.end(), f.seq()));
            }
        }
    }

    /** A month name or quarter without a year ("march", "q1") in {@code year} ("2024-03", "2024-q1"), else null. */
    static String inYear(String yearless, String year) {
        int month = FilterText.MONTHS.indexOf(yearless);
        if (month >= 0) {
            return String.format(Locale.ROOT, "%s-%02d", year, month + 1);
        }
        return yearless.matches("q[1-4]") ? year + "-" + yearless : null;
    }

    private int rankN(int fallback) {
        String n = first("n") != null ? first("n") : first("ndefault");
        return n == null ? fallback : Integer.parseInt(n);
    }

    private String rankSort(boolean byDirection, Operation operation) {
        // "top 3 worst days": the adjective gives the direction, "top" only the number
        String sort = all("rank").stream().map(Lexicon.Finding::value).filter(v -> !v.equals("top")).findFirst()
                .orElse(has("rank", "top") ? "desc" : null);
        if (sort == null) {
            return null;
        }
        // "biggest drops", "biggest gap downs": the biggest move down is the lowest value
        boolean down = byDirection && first("dir").equals("down")
                || "down".equals(first("gap")) && operation != Operation.STREAK && !has("metric", "range") && !has("metric", "volume")
                && (all("metric").isEmpty() || all("metric").stream().allMatch(f -> f.value().startsWith("gap")));
        if (down) {
            return sort.equals("desc") ? "asc" : "desc";
        }
        return sort;
    }

    private String defaultWhat(Operation operation, boolean rankByDirection) {
        return switch (operation) {
            case COUNT, STREAK, PROBABILITY -> "days";
            case LIST -> rankByDirection || has("rank") ? (has("gap") ? "gap" : "change_pct") : "days";
            case FORMATION -> first("extreme");
            case COMPARE -> has("op", "count") ? "days" : has("gap") ? "gap" : "change_pct";
            case CORRELATION, AROUND -> "change_pct";
            default -> has("gap") ? "gap" : "change_pct";
        };
    }

    private String whatOf(List<Lexicon.Finding> findings, Operation operation, String fallback, String unit) {
        if (operation == Operation.FORMATION) {
            return first("extreme");
        }
        if (operation == Operation.SNAPSHOT || operation == Operation.GAP_FILL) {
            // these report their own columns
            return "days";
        }
        for (Lexicon.Finding f : findings) {
            if (f.kind().equals("metric") && !(operation == Operation.AROUND && f.start() > aroundCut()
                    && !measureNamedLast(f))) {
                return withUnit(f.value(), unit);
            }
        }
        if (unit != null && !fallback.equals("days")) {
            return withUnit(fallback, unit);
        }
        return fallback;
    }

    private static String withUnit(String metric, String unit) {
        if (unit == null) {
            return metric;
        }
        if (unit.equals("pct")) {
            return switch (metric) {
                case "range" -> "range_pct";
                case "gap" -> "gap_pct";
                case "body" -> "body_pct";
                case "change" -> "change_pct";
                default -> metric;
            };
        }
        return switch (metric) {
            case "range_pct" -> "range";
            case "gap_pct" -> "gap";
            case "body_pct" -> "body";
            case "change_pct" -> "change";
            default -> metric;
        };
    }

    /** The only metric, named after every condition and not compared with anything: the measure. */
    private boolean measureNamedLast(Lexicon.Finding metric) {
        return all("metric").size() == 1 && found.stream().noneMatch(f -> f.start() > metric.start()
                && (f.kind().equals("cond") || f.kind().equals("event") || f.kind().equals("pattern")
                || f.kind().equals("color") || f.kind().equals("dir")))
                // ("after a drop of 3%, the avg change 1, 3 and 5 days later": named again after its condition)
                && found.stream().noneMatch(f -> f.kind().equals("cond") && f.value().startsWith(metric.value())
                && f.end() > metric.start());
    }

    /** Where the condition of a "what happens after …" question starts: what it names is not measured. */
    private int aroundCut() {
        return found.stream().filter(f -> f.kind().equals("after") || f.kind().equals("connector"))
                .mapToInt(Lexicon.Finding::start).min().orElse(Integer.MAX_VALUE);
    }

    /** How often one level is broken, asked by group: its share of days in each group. */
    private boolean breakShare() {
        return has("freq") && all("cond").size() == 1 && all("cond").get(0).value().matches("broke_overnight_(high|low) = 1")
                && !has("color") && all("metric").isEmpty();
    }

    private boolean hasOutcome() {
        return has("color") || has("dir");
    }

    /** "How often … closes green": a frequency question names what it counts the share of. */
    private boolean hasFrequencyOutcome() {
        // ("inside days - how often is the next day an outside day": a pattern the later day shows)
        return has("color") || has("dir") || has("gap")
                || found.stream().anyMatch(f -> f.kind().equals("cond") && !f.value().contains(" x "))
                || !patternOutcomes().isEmpty();
    }

    /** One day, one week, or a range of at most 31 days: what a day snapshot can show. */
    private static boolean isShortPeriod(String when) {
        if (isOneDay(when) || when.matches("\\d{4}-w\\d{1,2}") || when.equals("this week") || when.equals("last week")) {
            return true;
        }
        String[] ends = when.replaceFirst(" of (?:last|this) year$", "").split("\\.\\.");
        if (ends.length == 2 && ends[0].matches("\\d{4}-\\d{2}-\\d{2}") && ends[1].matches("\\d{4}-\\d{2}-\\d{2}")) {
            long days = java.time.temporal.ChronoUnit.DAYS.between(java.time.LocalDate.parse(ends[0]),
                    java.time.LocalDate.parse(ends[1]));
            return days >= 0 && days <= 30;
        }
        // "dec 15-19": days without a year, the end the first such day at or after the start
        if (ends.length == 2 && ends[0].matches("--\\d{2}-\\d{2}") && ends[1].matches("--\\d{2}-\\d{2}")) {
            java.time.MonthDay from = java.time.MonthDay.parse(ends[0]);
            java.time.MonthDay to = java.time.MonthDay.parse(ends[1]);
            long days = java.time.temporal.ChronoUnit.DAYS.between(from.atYear(2000), to.atYear(2000));
            return (days < 0 ? days + 365 : days) <= 30;
        }
        return false;
    }

    /**
     * Of two different weekdays named next to a condition and an outcome, the one that is the other's next
     * trading day (Tuesday after Monday, Monday after Friday); null when the weekdays are a plain list.
     */
    private Lexicon.Finding nextTradingDayOfPair() {
        List<Lexicon.Finding> days = all("weekday");
        long conditions = found.stream().filter(f -> f.kind().equals("color") || f.kind().equals("dir")
                || f.kind().equals("cond")).count();
        if (days.size() != 2 || conditions < 2 || days.get(0).value().equals(days.get(1).value())) {
            return null;
        }
        List<String> week = barb.agents.steps.FilterText.WEEKDAYS;
        int a = week.indexOf(days.get(0).value());
        int b = week.indexOf(days.get(1).value());
        if (a < 0 || b < 0) {
            return null;
        }
        if ((a + 1) % week.size() == b) {
            return days.get(1);
        }
        if ((b + 1) % week.size() == a) {
            return days.get(0);
        }
        return null;
    }

    /**
     * "when friday drops 1%, what does monday do on average": of two weekdays with a condition said between them,
     * the later one when it is the earlier one's next trading day; null otherwise ("avg range on red mondays and
     * tuesdays" names two kinds of day).
     */
    private Lexicon.Finding nextTradingDayAfterACondition() {
        List<Lexicon.Finding> days = new ArrayList<>(all("weekday"));
        if (days.size() != 2) {
            return null;
        }
        days.sort(java.util.Comparator.comparingInt(Lexicon.Finding::start));
        Lexicon.Finding first = days.get(0);
        Lexicon.Finding second = days.get(1);
        boolean conditionBetween = found.stream().anyMatch(f -> Set.of("color", "dir", "cond").contains(f.kind())
                && f.start() >= first.end() && f.end() <= second.start());
        List<String> week = barb.agents.steps.FilterText.WEEKDAYS;
        int a = week.indexOf(first.value());
        int b = week.indexOf(second.value());
        return conditionBetween && a >= 0 && b >= 0 && (a + 1) % week.size() == b ? second : null;
    }

    /**
     * "average change after a red day", "средний рост после красного дня": "after" right before a condition on a
     * day means the measure is read the next trading day. A gap opens its own session, so "after a gap up" is not.
     */
    private boolean afterACondition() {
        List<Lexicon.Finding> ordered = new ArrayList<>(found);
        ordered.sort(java.util.Comparator.comparingInt(Lexicon.Finding::start));
        for (int i = 0; i + 1 < ordered.size(); i++) {
            // "средний рост после красного дня": a direction before "after" words the measure, which an outcome
            // of the next day does not take as a condition; that reading is left as it was
            if (ordered.get(i).kind().equals("dir")) {
                return false;
            }
            if (ordered.get(i).kind().equals("after")
                    && Set.of("event", "pattern", "cond", "color", "consec", "dir").contains(ordered.get(i + 1).kind())
                    && !ordered.get(i + 1).value().startsWith("gap")) {
                return true;
            }
        }
        return false;
    }

    /** True when the question picks days by something other than the period and session. */
    private boolean conditionNamed() {
        return Set.of("event", "pattern", "cond", "gap", "color", "consec", "dir").stream().anyMatch(this::has);
    }

    /** "odds the next day is green if monday was green": the same colour after an "if" that follows the outcome. */
    private boolean conditionAfter(Lexicon.Finding outcome, Lexicon.Finding f) {
        return found.stream().anyMatch(c -> c.kind().equals("connector") && c.start() >= outcome.end()
                && c.end() <= f.start());
    }

    private static final java.util.regex.Pattern CALENDAR_CONDITION = java.util.regex.Pattern.compile(
            "(?:year|weekday|month|quarter) ");

    /**
     * The outcome of a probability question: the first colour, direction, gap or condition after the
     * probability words and before the condition words ("after", "when", "if"); else, when the condition words
     * come first and two candidates follow them, the later one; else the first one.
     */
    private Lexicon.Finding outcomeFinding() {
        int cue = found.stream().filter(f -> f.kind().equals("freq") || f.kind().equals("op")
                        && (f.value().equals("probability") || f.value().equals("count")))
                .mapToInt(Lexicon.Finding::start).min().orElse(0);
        int connector = found.stream().filter(f -> (f.kind().equals("connector") || f.kind().equals("after"))
                        && f.start() > cue)
                .mapToInt(Lexicon.Finding::start).min().orElse(Integer.MAX_VALUE);
        List<Lexicon.Finding> candidates = found.stream().filter(f -> f.kind().equals("color")
                || f.kind().equals("dir") || f.kind().equals("gap")
                // ("ex-2020": a year, weekday or month left out picks days, it is nothing a day shows)
                || f.kind().equals("cond") && !f.value().contains(" x ") && !CALENDAR_CONDITION.matcher(f.value()).lookingAt())
                .toList();
        if (candidates.isEmpty()) {
            candidates = patternOutcomes();
        }
        if (candidates.isEmpty()) {
            return null;
        }
        // "how often does a gap up day close green": of the candidates after the probability words, the one the
        // days close with is the outcome, the others name the days
        List<Lexicon.Finding> closedWith = candidates.stream().filter(f -> f.start() > cue && f.start() < connector
                && found.stream().anyMatch(p -> p.kind().equals("predicate") && p.start() == f.start())).toList();
        if (closedWith.size() == 1 && candidates.stream().anyMatch(f -> f.start() > cue
                && f.start() < closedWith.get(0).start())) {
            return closedWith.get(0);
        }
        for (Lexicon.Finding f : candidates) {
            if (f.start() > cue && f.start() < connector) {
                return f;
            }
        }
        // "chance that after a gap up the day closes red": the connector's own object is the condition,
        // what follows it is the outcome
        List<Lexicon.Finding> afterConnector = candidates.stream().filter(f -> f.start() > connector).toList();
        if (connector != Integer.MAX_VALUE && afterConnector.size() >= 2) {
            return afterConnector.get(afterConnector.size() - 1);
        }
        boolean connectorFirst = found.stream().anyMatch(f -> (f.kind().equals("connector")
                || f.kind().equals("after")) && f.start() < cue);
        return connectorFirst ? candidates.get(candidates.size() - 1) : candidates.get(0);
    }

    /**
     * "odds the next day is an outside day after an inside day": when nothing else can be the outcome and the
     * question spans two days, a pattern is what the later day shows — but never the one named right after
     * "after", which is the condition. On one day ("an inside day being green") a pattern only picks the days.
     */
    private List<Lexicon.Finding> patternOutcomes() {
        boolean twoDays = has("after") || has("later") && !"0".equals(first("later"));
        // "what % of days print a doji": asked as a share, the pattern is what the days show
        if (!twoDays && !has("freq", "share")) {
            return List.of();
        }
        List<Lexicon.Finding> ordered = new ArrayList<>(found);
        ordered.sort(java.util.Comparator.comparingInt(Lexicon.Finding::start));
        List<Lexicon.Finding> out = new ArrayList<>();
        for (int i = 0; i < ordered.size(); i++) {
            boolean afterObject = i > 0 && ordered.get(i - 1).kind().equals("after");
            if (ordered.get(i).kind().equals("pattern") && !afterObject) {
                out.add(ordered.get(i));
            }
        }
        return out;
    }

    /** "after a green day": the finding that comes right after an "after". */
    private boolean objectOfAfter(Lexicon.Finding f) {
        return found.stream().filter(g -> g.end() <= f.start()).max(java.util.Comparator.comparingInt(
                Lexicon.Finding::start)).map(g -> g.kind().equals("after")).orElse(false);
    }

    private static String outcomeText(Lexicon.Finding f) {
        return switch (f.kind()) {
            case "color" -> "is_" + f.value() + " = 1";
            case "dir" -> f.value().equals("up") ? "change_pct > 0" : "change_pct < 0";
            case "gap" -> f.value().equals("up") ? "gap > 0" : "gap < 0";
            case "pattern" -> switch (f.value()) {
                case "inside_day" -> "is_inside = 1";
                case "outside_day" -> "is_outside = 1";
                default -> "is_" + f.value() + " = 1";
            };
            default -> f.value();
        };
    }

    private Integer offset() {
        if (first("later") != null) {
            return Integer.parseInt(first("later"));
        }
        // "3 red days in a row — the 4th green?": the day after the run
        if (has("ordinal") && has("consec")) {
            String[] run = first("consec").split(" ");
            if (Integer.parseInt(first("ordinal")) == Integer.parseInt(run[run.length - 1]) + 1) {
                return 1;
            }
        }
        // "chance of an up day after a 2% drop": the outcome is read the day after the condition; a gap opens the
        // same session, and the overnight level is taken out during it ("после того как ртх пробил хай овернайта"),
        // so after either the outcome is that day's
        boolean gapCondition = has("gap") || has("break") || found.stream().anyMatch(f -> f.kind().equals("cond")
                && (f.value().startsWith("gap") || f.value().startsWith("broke_overnight_")));
        if (has("after") && !has("offsets") && !gapCondition) {
            return 1;
        }
        if (first("offsets") != null && !first("offsets").contains(",")) {
            return Integer.parseInt(first("offsets"));
        }
        // "correlation of the change and the next day's": the second measure is read a day later
        if (has("op", "correlation") && "0,1".equals(first("offsets"))) {
            return 1;
        }
        return null;
    }

    private int sideCount() {
        if (has("vs") || orIsSeparator()) {
            return 2;
        }
        if (all("when").size() >= 2 || all("session").size() >= 2) {
            return 2;
        }
        long freeMetrics = all("metric").stream().map(Lexicon.Finding::value).distinct().count();
        return freeMetrics >= 2 ? 2 : 1;
    }

    /** "fomc and cpi days, separately": two or more groups of one kind named, each to be read on its own. */
    private boolean listedSides() {
        return List.of("event", "pattern", "weekday", "month", "gap", "color").stream()
                .anyMatch(kind -> all(kind).size() >= 2);
    }

    private boolean orIsSeparator() {
        for (Lexicon.Finding or : all("or")) {
            if (has("op", "compare")) {
                return true;
            }
            Lexicon.Finding before = null;
            Lexicon.Finding after = null;
            for (Lexicon.Finding f : found) {
                if (f.end() <= or.start()) {
                    before = f;
                } else if (f.start() >= or.end() && after == null) {
                    after = f;
                }
            }
            if (before != null && after != null && before.kind().equals(after.kind())
                    && (before.kind().equals("when") || before.kind().equals("session")
                    || has("agg") && Set.of("gap", "event", "weekday", "month", "color", "dir")
                    .contains(before.kind()))) {
                return true;
            }
        }
        return false;
    }

    /**
     * "2019 vs 2021 and 2023": a side that lists several periods or sessions is that many sides, each with the
     * side's other findings.
     */
    private static List<List<Lexicon.Finding>> oneSidePerListedItem(List<Lexicon.Finding> side) {
        for (String kind : List.of("when", "session")) {
            List<Lexicon.Finding> items = side.stream().filter(f -> f.kind().equals(kind)).toList();
            if (items.size() < 2) {
                continue;
            }
            List<List<Lexicon.Finding>> out = new ArrayList<>();
            for (Lexicon.Finding item : items) {
                List<Lexicon.Finding> one = new ArrayList<>(side);
                one.removeIf(f -> f.kind().equals(kind) && f != item);
                out.add(one);
            }
            return out;
        }
        return List.of(side);
    }

    private static final Pattern OPENING_WINDOW = Pattern.compile("09:30-(\\d\\d):(\\d\\d)");

    /**
     * "how often is the rth high set in the first 30 min": the day's extreme is asked about in buckets as wide as
     * the opening window, whose share is the first bucket's; the window keeps no minutes out (a filter would put
     * the high of those minutes alone in one bucket every day). Takes the window out of the findings (RTH in its
     * place when no session is named); null when there is none of a bucket's width.
     */
    private static String openingBucket(List<Lexicon.Finding> common) {
        for (Lexicon.Finding f : common) {
            Matcher m = f.kind().equals("time") ? OPENING_WINDOW.matcher(f.value()) : null;
            if (m == null || !m.matches()) {
                continue;
            }
            int minutes = Integer.parseInt(m.group(1)) * 60 + Integer.parseInt(m.group(2)) - (9 * 60 + 30);
            if (minutes == 15 || minutes == 30 || minutes == 60) {
                // the window opens with RTH, so the day's extreme is RTH's when no session is named
                if (common.stream().anyMatch(c -> c.kind().equals("session"))) {
                    common.remove(f);
                } else {
                    common.set(common.indexOf(f), new Lexicon.Finding("session", "RTH", f.start(), f.end(), f.seq()));
                }
                return minutes + "m";
            }
        }
        return null;
    }

    /** Fills common (shared by every atom) and sides (one list per atom) from the findings. */
    private void splitSides(Operation operation, List<Lexicon.Finding> ignored, List<Lexicon.Finding> common,
                            List<List<Lexicon.Finding>> sides) {
        List<Lexicon.Finding> usable = found.stream().filter(f -> !ignored.contains(f)).toList();
        // a snapshot shows ETH and RTH side by side anyway: "по дням, и ETH и RTH" names no sides
        if (operation == Operation.SNAPSHOT) {
            common.addAll(usable.stream().filter(f -> !f.kind().equals("session")).toList());
            return;
        }
        if (operation == Operation.CORRELATION) {
            common.addAll(usable.stream().filter(f -> !f.kind().equals("metric")).toList());
            return;
        }
        List<Integer> separators = new ArrayList<>();
        for (Lexicon.Finding f : usable) {
            if (f.kind().equals("vs") || f.kind().equals("or") && orIsSeparator()) {
                separators.add(f.start());
            }
        }
        if (!separators.isEmpty()) {
            int segments = separators.size() + 1;
            List<List<Lexicon.Finding>> bySegment = new ArrayList<>();
            for (int i = 0; i < segments; i++) {
                bySegment.add(new ArrayList<>());
            }
            for (Lexicon.Finding f : usable) {
                int segment = 0;
                for (int s : separators) {
                    if (f.start() > s) {
                        segment++;
                    }
                }
                bySegment.get(segment).add(f);
            }
            if (colon >= 0 && colon < separators.get(0)) {
                List<Lexicon.Finding> first = new ArrayList<>();
                for (Lexicon.Finding f : bySegment.get(0)) {
                    if (f.start() > colon && SIDE_KINDS.contains(f.kind())) {
                        first.add(f);
                    } else {
                        common.add(f);
                    }
                }
                sides.add(first);
                for (int i = 1; i < segments; i++) {
                    List<Lexicon.Finding> side = new ArrayList<>();
                    for (Lexicon.Finding f : bySegment.get(i)) {
                        (SIDE_KINDS.contains(f.kind()) ? side : common).add(f);
                    }
                    sides.add(side);
                }
                // "avg range: mondays vs fridays, since 2021": a period or session only the last side names, and
                // after its own side, is the whole question's
                List<Lexicon.Finding> last = sides.get(sides.size() - 1);
                for (String kind : List.of("when", "session")) {
                    boolean onlyLast = sides.subList(0, sides.size() - 1).stream()
                            .noneMatch(side -> side.stream().anyMatch(f -> f.kind().equals(kind)));
                    List<Lexicon.Finding> trailing = last.stream().filter(f -> f.kind().equals(kind)).toList();
                    boolean afterSide = !trailing.isEmpty() && last.stream().filter(f -> !f.kind().equals(kind))
                            .allMatch(f -> f.end() <= trailing.get(0).start());
                    if (onlyLast && afterSide && last.size() > trailing.size()) {
                        last.removeAll(trailing);
                        common.addAll(trailing);
                    }
                }
                return;
            }
            Set<String> perSide = new LinkedHashSet<>();
            for (String kind : SIDE_KINDS) {
                int segmentsWithKind = 0;
                for (List<Lexicon.Finding> seg : bySegment) {
                    if (seg.stream().anyMatch(f -> family(f).equals(family(kind)))) {
                        segmentsWithKind++;
                    }
                }
                if (segmentsWithKind >= 2) {
                    perSide.add(family(kind));
                }
            }
            boolean complement = usable.stream().anyMatch(f -> f.kind().equals("complement"));
            // "opex fridays vs other fridays": what both sides name is common to them, not negated on the other
            Set<String> namedByBoth = new java.util.HashSet<>();
            if (complement) {
                Set<String> first = new java.util.HashSet<>();
                bySegment.get(0).forEach(f -> first.add(sameThing(f)));
                for (int i = 1; i < segments; i++) {
                    bySegment.get(i).stream().map(StepBuilder::sameThing).filter(first::contains)
                            .forEach(namedByBoth::add);
                }
                namedByBoth.remove("complement|");
                // "vs обычные пятницы (без нфп)": the event named again beside the rest is what the rest is without
                namedByBoth.removeIf(key -> key.startsWith("event|") || key.startsWith("pattern|"));
            }
            for (int i = 0; i < segments; i++) {
                List<Lexicon.Finding> side = new ArrayList<>();
                boolean complementSide = bySegment.get(i).stream().anyMatch(f -> f.kind().equals("complement"));
                for (Lexicon.Finding f : bySegment.get(i)) {
                    String key = sameThing(f);
                    if (namedByBoth.contains(key)) {
                        if (i == 0) {
                            common.add(f);
                        }
                        continue;
                    }
                    // the rest "(без нфп)": naming the first side's event again says what the rest is without
                    if (complementSide && i > 0 && NEGATABLE.contains(f.kind())
                            && bySegment.get(0).stream().anyMatch(o -> sameThing(o).equals(key))) {
                        continue;
                    }
                    boolean negatable = complement && i == 0 && NEGATABLE.contains(f.kind());
                    // "opex days vs regular fridays": a weekday named only with the rest narrows the rest alone
                    boolean restsWeekday = complementSide && i > 0 && f.kind().equals("weekday");
                    if (restsWeekday || SIDE_KINDS.contains(f.kind()) && (perSide.contains(family(f)) || negatable)) {
                        side.add(f);
                    } else if (!f.kind().equals("complement")) {
                        common.add(f);
                    }
                }
                if (complementSide && i > 0) {
                    side.addAll(negations(bySegment.get(0).stream()
                            .filter(f -> NEGATABLE.contains(f.kind()) && !namedByBoth.contains(sameThing(f)))
                            .toList()));
                }
                sides.addAll(oneSidePerListedItem(side));
            }
            return;
        }
        String splitKind = null;
        if (all("when").size() >= 2) {
            splitKind = "when";
        } else if (all("session").size() >= 2) {
            splitKind = "session";
        } else if (all("metric").stream().map(Lexicon.Finding::value).distinct().count() >= 2) {
            splitKind = "metric";
        } else if (operation == Operation.COMPARE) {
            for (String kind : List.of("weekday", "month", "event", "pattern", "gap", "color", "dir", "cond")) {
                // "opex fridays compared to other fridays": one value named twice is no split; "в дни CPI и без CPI":
                // an event and its negation are two of the event's family, whatever joins them
                if (ofSplitKind(kind).stream().map(Lexicon.Finding::value).distinct().count() >= 2) {
                    splitKind = kind;
                    break;
                }
            }
        }
        if (splitKind != null) {
            List<Lexicon.Finding> split = ofSplitKind(splitKind);
            for (Lexicon.Finding f : usable) {
                if (split.contains(f)) {
                    sides.add(new ArrayList<>(List.of(f)));
                } else {
                    common.add(f);
                }
            }
            return;
        }
        if (operation == Operation.COMPARE && has("complement")) {
            // "opex fridays compared to other fridays": a filter named twice is common to both sides
            Set<String> twice = new java.util.HashSet<>();
            Set<String> seen = new java.util.HashSet<>();
            usable.stream().map(StepBuilder::sameThing).filter(key -> !seen.add(key)).forEach(twice::add);
            List<Lexicon.Finding> negatable = usable.stream().filter(f -> NEGATABLE.contains(f.kind())
                    && !twice.contains(sameThing(f))).toList();
            // "и в обычные дни (без фомц)": the rest said again as "without the event" is the other side, no filter
            Set<String> restSaid = new java.util.HashSet<>();
            negatable.stream().filter(f -> f.kind().equals("event")).forEach(f -> restSaid.add(Lexicon.flagOff(f.value())));
            if (!negatable.isEmpty()) {
                Set<String> keptOnce = new java.util.HashSet<>();
                for (Lexicon.Finding f : usable) {
                    if (f.kind().equals("cond") && restSaid.contains(f.value())) {
                        continue;
                    }
                    // a filter named twice is kept once
                    boolean repeated = twice.contains(sameThing(f)) && !keptOnce.add(sameThing(f));
                    if (!negatable.contains(f) && !f.kind().equals("complement") && !repeated) {
                        common.add(f);
                    }
                }
                sides.add(new ArrayList<>(negatable));
                sides.add(negations(negatable));
                return;
            }
        }
        common.addAll(usable);
    }

    /** The findings a split of that kind makes sides of: the event's family for events, else that kind. */
    private List<Lexicon.Finding> ofSplitKind(String kind) {
        return kind.equals("event") ? found.stream().filter(f -> family(f).equals("event")).toList() : all(kind);
    }

    /** What a finding names, wherever it stands: two findings with the same key name the same filter. */
    private static String sameThing(Lexicon.Finding f) {
        return f.kind() + "|" + f.value();
    }

    private static String family(Lexicon.Finding f) {
        // "FOMC days vs non-FOMC days": the negated event is the other side of the same thing
        if (f.kind().equals("cond") && f.value().matches("is_\\w+ = 0")) {
            String name = f.value().substring(3, f.value().indexOf(' '));
            if (barb.core.PlanNames.EVENTS.contains(name)) {
                return "event";
            }
        }
        return family(f.kind());
    }

    private static String family(String kind) {
        return switch (kind) {
            case "cond", "color", "dir" -> "cond";
            default -> kind;
        };
    }

    private static List<Lexicon.Finding> negations(List<Lexicon.Finding> findings) {
        List<Lexicon.Finding> out = new ArrayList<>();
        for (Lexicon.Finding f : findings) {
            String cond = switch (f.kind()) {
                case "event", "pattern" -> Lexicon.flagOff(f.value());
                case "weekday" -> "weekday != " + (FilterText.WEEKDAYS.indexOf(f.value()) + 1);
                case "color" -> Lexicon.flagOff(f.value());
                case "gap" -> f.value().equals("up") ? "gap <= 0" : "gap >= 0";
                default -> null;
            };
            if (cond != null) {
                out.add(new Lexicon.Finding("cond", cond, f.start(), f.end(), f.seq()));
            }
        }
        return out;
    }

    /**
     * "opex fridays vs the rest, 2024 and 2025": two years said together ("and" between them), when the sides compared
     * are something else, are one period from the first to the second (the later one alone would leave a year out).
     */
    private static String bothYears(String before, String year) {
        if (before.matches("\\d{4}") && year.matches("\\d{4}")
                && Math.abs(Integer.parseInt(before) - Integer.parseInt(year)) == 1) {
            return Integer.parseInt(before) < Integer.parseInt(year) ? before + ".." + year : year + ".." + before;
        }
        return year;
    }

    /** Whether the patterns said are all on one day ("both", "a higher high and a higher low"), not any of them. */
    private boolean everyPattern(List<Lexicon.Finding> side) {
        List<Lexicon.Finding> patterns = side.stream().filter(f -> f.kind().equals("pattern")).toList();
        int first = patterns.get(0).start();
        int last = patterns.get(patterns.size() - 1).start();
        if (first == last || found.stream().anyMatch(f -> f.kind().equals("or") && f.start() > first && f.start() < last)) {
            return false;
        }
        return found.stream().anyMatch(f -> f.kind().equals("both") && f.start() < last
                && (f.start() > first || f.end() >= first - 12));
    }

    private Atom atom(List<Lexicon.Finding> common, List<Lexicon.Finding> side, String what, String timeframe,
                      List<Lexicon.Finding> ignored) {
        List<Lexicon.Finding> all = new ArrayList<>(common);
        all.addAll(side);
        all.sort(Comparator.comparingInt(Lexicon.Finding::start).thenComparingInt(Lexicon.Finding::seq));
        String when = "all";
        String session = null;
        List<Plan.Condition> conditions = new ArrayList<>();
        List<String> patterns = new ArrayList<>();
        List<String> events = new ArrayList<>();
        List<String> weekdays = new ArrayList<>();
        List<String> months = new ArrayList<>();
        String gap = null;
        Plan.Consecutive consecutive = null;
        Plan.TimeWindow time = null;
        String tf = timeframe;
        Lexicon.Finding lastWhen = null;
        for (Lexicon.Finding f : all) {
            if (ignored.contains(f)) {
                continue;
            }
            switch (f.kind()) {
                case "when" -> {
                    when = lastWhen != null && f.start() - lastWhen.end() <= 5 ? bothYears(when, f.value()) : f.value();
                    lastWhen = f;
                }
                case "session" -> session = f.value();
                case "cond" -> addCondition(conditions, FilterText.parseCondition(f.value()));
                case "color" -> addCondition(conditions, new Plan.Condition("is_" + f.value(), "=", 1));
                case "dir" -> addCondition(conditions, new Plan.Condition("change_pct",
                        f.value().equals("up") ? ">" : "<", 0));
                case "pattern" -> addOnce(patterns, f.value());
                case "event" -> addOnce(events, f.value());
                case "weekday" -> addOnce(weekdays, f.value());
                case "month" -> addOnce(months, f.value());
                case "gap" -> gap = f.value();
                case "consec" -> {
                    String[] parts = f.value().split(" ");
                    consecutive = new Plan.Consecutive(parts[0], Integer.parseInt(parts[2]),
                            parts[1].equals("=") ? "exactly" : null);
                }
                case "time" -> {
                    String[] parts = f.value().split("-");
                    time = new Plan.TimeWindow(parts[0], parts[1]);
                }
                case "tf" -> tf = f.value();
                default -> {
                }
            }
        }
        if (patterns.size() > 1 && everyPattern(all)) {
            patterns.forEach(p -> addCondition(conditions, new Plan.Condition("is_" + p, "=", 1)));
            patterns.clear();
        }
        FilterText.Filters filters = new FilterText.Filters(session, conditions, patterns, events, weekdays,
                months, gap, consecutive, time);
        return new Atom(when, what, FilterText.format(filters), tf);
    }

    private static void addCondition(List<Plan.Condition> conditions, Plan.Condition c) {
        if (!conditions.contains(c)) {
            conditions.add(c);
        }
    }

    private static void addOnce(List<String> list, String value) {
        if (!list.contains(value)) {
            list.add(value);
        }
    }

    /** The probability's outcome is about the gap ("how often is there a gap up on Mondays"). */
    private boolean outcomeIsGap;
    /** The question asks about gaps filling (a fill verb said of gaps), whatever operation it became. */
    private boolean gapFill;

    /** Gap questions use RTH unless a session is named (docs: Sessions rule 2). */
    private void gapSession(List<Atom> atoms) {
        // a gap, its fill and the overnight extremes are moves between sessions: they are read on RTH
        boolean gapQuestion = has("fill") || has("extreme") && first("extreme").startsWith("overnight")
                || outcomeIsGap || gapFill;
        for (Atom a : atoms) {
            FilterText.Filters f = FilterText.parse(a.filter());
            gapQuestion |= a.what().startsWith("gap") || f.gap() != null
                    || f.conditions().stream().anyMatch(c -> c.metric().startsWith("gap")
                    || c.metric().contains("overnight"));
        }
        if (!gapQuestion || has("session")) {
            return;
        }
        for (int i = 0; i < atoms.size(); i++) {
            Atom a = atoms.get(i);
            FilterText.Filters f = FilterText.parse(a.filter());
            if (f.session() == null) {
                FilterText.Filters withSession = new FilterText.Filters("RTH", f.conditions(), f.patterns(),
                        f.events(), f.weekdays(), f.months(), f.gap(), f.consecutive(), f.time());
                atoms.set(i, new Atom(a.when(), a.what(), FilterText.format(withSession), a.timeframe()));
            }
        }
    }

    /** Sessions rule 3: the range and the daily extreme's time depend on the session. */
    private boolean sessionMatters(Operation operation, List<Atom> atoms) {
        if (has("session")) {
            return false;
        }
        for (Atom a : atoms) {
            FilterText.Filters f = FilterText.parse(a.filter());
            // (a week's or a month's bar spans every session of it: its range is the whole trading week's)
            if (f.session() != null || f.time() != null || isOneDay(a.when()) || Set.of("1W", "1M").contains(a.timeframe())) {
                continue;
            }
            boolean rangeMetric = a.what().equals("range") || a.what().equals("range_pct");
            boolean rangeOperation = Set.of(Operation.AGGREGATE, Operation.DISTRIBUTION, Operation.LIST,
                    Operation.TOP_N, Operation.GROUP, Operation.COMPARE, Operation.CORRELATION).contains(operation);
            if (operation == Operation.FORMATION || rangeMetric && rangeOperation) {
                return true;
            }
        }
        return false;
    }

    private static final Pattern ONE_DAY = Pattern.compile("(?:\\d{4}|-)-\\d{2}-\\d{2}(?: of (?:last|this) year)?");

    static boolean isOneDay(String when) {
        return ONE_DAY.matcher(when).matches() || when.equals("today")
                || when.equals("yesterday") || when.equals("day before yesterday");
    }

    private String goal(Operation operation, boolean ranking, List<Atom> atoms) {
        return switch (operation) {
            case LIST -> ranking ? "find extreme days" : "find days";
            case TOP_N -> "find extreme days";
            case COUNT -> atoms.get(0).filter().isEmpty() || atoms.get(0).filter().startsWith("event")
                    ? "check calendar" : "count days";
            case AGGREGATE, DISTRIBUTION -> "measure typical value";
            case GROUP, COMPARE -> "compare groups";
            case FORMATION -> "time of the daily extreme";
            case CORRELATION -> "check relationship";
            default -> "check pattern";
        };
    }

    private static Reading outOfScope(String what) {
        String kind = what.contains(":") ? what.substring(0, what.indexOf(':')) : what;
        String named = what.contains(":") ? what.substring(what.indexOf(':') + 1) : "";
        // a ticker in capitals ("ES", "RSI"), a word as it was written ("нефти", "gold")
        String name = named.matches("[a-z&0-9 ]{1,4}") && !Set.of("gold", "oil", "dow", "bond").contains(named)
                ? named.toUpperCase(Locale.ROOT) : named;
        return switch (kind) {
            case "realtime" -> new Reading(null, List.of(), "Barb answers from the loaded NQ history and has "
                    + "no live prices", List.of("the latest trading day in the data",
                    "how NQ moved over the last days"), null);
            case "prediction" -> new Reading(null, List.of(), "Barb does not predict prices; it describes "
                    + "what happened in the history", List.of("how often NQ rose after similar days (probability)",
                    "what NQ did in the days after similar events"), null);
            case "signal" -> new Reading(null, List.of(), "Barb does not give trading advice or buy/sell "
                    + "signals", List.of("the historical probability of a green day after similar conditions",
                    "what NQ did after similar days"), null);
            case "indicator" -> new Reading(null, List.of(), "Barb has no " + name + " data; it computes "
                    + "range, change, gap, volume, candle patterns and calendar events from NQ prices",
                    List.of("days whose range was more than 1.5 times the 20-day average",
                            "streaks of green or red days", "candle patterns such as inside days or NR7"), null);
            case "levels" -> new Reading(null, List.of(), "Barb has no support or resistance levels",
                    List.of("breakouts above the 20-day high or below the 20-day low",
                            "higher highs and lower lows"), null);
            case "news" -> new Reading(null, List.of(), "Barb has no news or earnings data",
                    List.of("days of scheduled events: FOMC, CPI, NFP, opex"), null);
            case "orderflow" -> new Reading(null, List.of(), "Barb has no order book or order flow data, only "
                    + "minute bars", List.of("the volume of each day or hour"), null);
            case "options" -> new Reading(null, List.of(), "Barb has no options data",
                    List.of("monthly options expiration (opex) and quad witching days"), null);
            default -> new Reading(null, List.of(), "Barb only has NQ (Nasdaq-100 futures) data, not " + name,
                    List.of("the same question for NQ"), null);
        };
    }
}
