package barb.agents;

import barb.agents.answers.Messages;
import barb.agents.answers.Replies;
import barb.agents.answers.Wording;
import barb.agents.periods.DateResolver;
import barb.agents.reading.FollowUps;
import barb.agents.reading.QuestionReader;
import barb.agents.reading.Reading;
import barb.agents.steps.StepPlanner;
import barb.agents.steps.StepText;
import barb.core.ClarificationItem;
import barb.core.DataCoverage;
import barb.core.Memory;
import barb.core.NeedClarification;
import barb.core.ParsedStep;
import barb.core.Plan;
import barb.core.Understanding;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.function.Supplier;

/**
 * The rules understander's decisions (seed 004): what the question asks, whether something must be asked first,
 * whether it is outside what Barb can compute, and the expanded query for the parser. Shared by the understander
 * and clarify_continue.
 */
final class UnderstandingRules {
    static final List<String> CAPABILITIES = List.of("statistics of NQ daily and intraday history since 2008",
            "days matching conditions, patterns or events", "comparisons of periods, sessions and weekdays");

    private final Supplier<DataCoverage> coverage;

    UnderstandingRules(Supplier<DataCoverage> coverage) {
        this.coverage = coverage;
    }

    /** The reading and the understanding built from it. */
    record Result(Reading reading, Understanding understanding) {
        ParsedStep step() {
            return reading.step();
        }
    }

    /** The question, read on its own or, when it is a follow-up, as a change of the chat's previous question. */
    Result understand(String question, String lang, Memory memory) {
        return understand(question, lang, memory, null);
    }

    /**
     * @param read the question's reading an earlier stage carried, or null to read it here
     */
    Result understand(String question, String lang, Memory memory, Reading read) {
        Reading reading = FollowUps.resolve(question, memory).orElseGet(() -> {
            Reading own = read != null ? read : QuestionReader.read(question);
            if (own.step() == null || own.outOfScope() != null || !own.more().isEmpty()) {
                return own;
            }
            return FollowUps.inContext(question, memory).filter(r -> r.clarify().size() <= own.clarify().size())
                    .orElse(own);
        });
        if (FollowUps.followsNothing(question, memory, reading)) {
            reading = new Reading(null, List.of("goal"), null, List.of(), null);
        }
        return new Result(reading, from(reading, question, lang));
    }

    /** A reading made elsewhere (a clarification answer read into its question) and its understanding. */
    Result understood(Reading reading, String question, String lang) {
        return new Result(reading, from(reading, question, lang));
    }

    Understanding from(Reading r, String question, String lang) {
        if (r.outOfScope() != null) {
            return outOfScope(r.outOfScope(), r.alternatives().isEmpty() ? CAPABILITIES : r.alternatives(),
                    question);
        }
        if (r.step() == null && r.clarify().contains("goal")) {
            // "ну че там по статистике?": nothing to compute yet, so ask what the trader wants to know
            return new Understanding("data", null, false, false, null, null, null, new NeedClarification(
                    List.of(item("goal", r.alternatives())), List.of(), "Question: " + question));
        }
        if (r.step() == null) {
            return outOfScope("Barb cannot read this as a question about NQ price history", CAPABILITIES, question);
        }
        String context = "User wants: " + StepText.render(r.step());
        if (!r.clarify().isEmpty()) {
            List<ClarificationItem> required = new ArrayList<>();
            // an unknown word is asked about with the closest reading offered: the question without it
            List<String> offers = r.alternatives().isEmpty() && r.step() != null ? List.of(heading(r.step(), lang))
                    : r.alternatives();
            for (String field : r.clarify()) {
                required.add(item(field, field.startsWith("term:") ? offers : r.alternatives()));
            }
            // the chat gets its title now, from what was read so far: a chat that starts by asking is named too
            String title = r.step() == null ? null : title(offers.isEmpty() ? heading(r.step(), lang) : offers.get(0));
            return new Understanding("data", r.goal(), false, false, null, null, title,
                    new NeedClarification(required, List.of(), context));
        }
        String heading = heading(r.step(), lang);
        String ack = Messages.of(lang).get("acknowledge", "what", lower(heading));
        return new Understanding("data", r.goal() == null ? "answer the question" : r.goal(), true, false,
                expanded(r), ack, title(heading), null);
    }

    /** The steps as the parser reads them: one step's text, or several joined by {@link FollowUps#STEP_SEPARATOR}. */
    static String expanded(Reading r) {
        List<String> texts = new ArrayList<>();
        for (ParsedStep s : r.steps()) {
            texts.add(StepText.render(s));
        }
        return String.join(FollowUps.STEP_SEPARATOR, texts);
    }

    static Understanding outOfScope(String reason, List<String> alternatives, String question) {
        return new Understanding("data", null, false, false, null, null, null, new NeedClarification(
                List.of(new ClarificationItem(Understanding.OUT_OF_SCOPE, reason, alternatives)), List.of(),
                "Question: " + question));
    }

    /** What the answer will be about, worded from the plan the step becomes; the step itself if it cannot be planned. */
    String heading(ParsedStep step, String lang) {
        DataCoverage c = coverage.get();
        try {
            Plan plan = StepPlanner.plan(step, new DateResolver(c.firstDay(), c.lastDay()));
            return Wording.heading(plan, lang);
        } catch (RuntimeException e) {
            return StepText.render(step);
        }
    }

    private static String title(String heading) {
        String t = heading.split(" — ")[0];
        return t.length() <= 40 ? t : t.substring(0, 39).strip() + "…";
    }

    private static String lower(String s) {
        return s.isEmpty() ? s : Character.toLowerCase(s.charAt(0)) + s.substring(1);
    }

    static ClarificationItem item(String field, List<String> alternatives) {
        return switch (field) {
            case "session" -> new ClarificationItem("session",
                    "RTH and ETH differ a lot here (the ETH range is roughly twice the RTH range), so the answer "
                            + "depends on the session", List.of("RTH (09:30-17:00)", "ETH (full day 18:00-17:00)"));
            case "goal" -> new ClarificationItem("goal",
                    "the wording is subjective: which number matters decides what to compute",
                    List.of("probability of a green day", "average return", "risk (daily range)"));
            case "compare_groups" -> new ClarificationItem("compare_groups", "need to know what to compare",
                    List.of("years (2023 vs 2024)", "weekdays", "months", "sessions (RTH vs ETH)"));
            case "metric" -> new ClarificationItem("metric", "the measure is not clear",
                    List.of("range", "change", "volume", "gap"));
            case "period" -> new ClarificationItem("period", "'lately' can mean a week or a year, and the average moves with it",
                    List.of("the last 30 days", "the last 3 months", "this year"));
            case "threshold" -> new ClarificationItem("threshold", "how big is big decides which days count",
                    List.of("more than 1%", "more than 2%", "more than 1.5x the 20-day average"));
            case "timezone" -> new ClarificationItem("timezone",
                    "Barb's clock times are New York time (ET), and other zones move against it during the year",
                    List.of("New York time (ET)"));
            default -> {
                if (field.startsWith("period:")) {
                    yield new ClarificationItem("period", Replies.UNKNOWN_PERIOD + " '" + field.substring("period:".length())
                            + "'", alternatives);
                }
                if (field.startsWith("term:")) {
                    String term = field.substring("term:".length());
                    yield new ClarificationItem("ambiguous_term",
                            "'" + term + "' is not a term Barb knows in this question", alternatives);
                }
                yield new ClarificationItem(field, "needed to answer", alternatives);
            }
        };
    }
}
