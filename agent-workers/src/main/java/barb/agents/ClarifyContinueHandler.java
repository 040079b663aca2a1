package barb.agents;

import barb.agents.answers.Replies;
import barb.agents.reading.FollowUps;
import barb.agents.reading.IntentClassifier;
import barb.agents.reading.Lexicon;
import barb.agents.reading.QuestionReader;
import barb.agents.reading.SmallTalk;
import barb.agents.text.LanguageDetector;
import barb.core.ClarificationState;
import barb.core.ClarifyContinueResult;
import barb.core.DataCoverage;
import barb.core.NeedClarification;
import barb.core.RequestEnvelope;
import barb.core.Stage;
import barb.core.StageHandler;
import barb.core.StageOutcome;
import barb.core.Understanding;
import barb.core.Usage;
import com.fasterxml.jackson.databind.node.ObjectNode;

import java.util.List;
import java.util.Set;

import java.util.function.Supplier;

/**
 * Rules clarify_continue (seed 000 §2.4): reads the user's answer to a clarifying question and decides one of
 * four outcomes — an answer on topic (original + answer → parser), a new data question (→ parser), a
 * cancellation or small talk (→ responder), or still unclear (→ clarifier, or the safety net after
 * {@link ClarificationState#MAX_ROUNDS} rounds).
 */
public final class ClarifyContinueHandler implements StageHandler {
    private final UnderstandingRules rules;

    public ClarifyContinueHandler(Supplier<DataCoverage> coverage) {
        this.rules = new UnderstandingRules(coverage);
    }

    @Override
    public Stage stage() {
        return Stage.CLARIFY_CONTINUE;
    }

    @Override
    public StageOutcome handle(RequestEnvelope envelope) {
        ClarificationState state = envelope.chatStateOrFresh().clarification();
        String answer = envelope.question();
        String original = state.originalQuestion() == null ? "" : state.originalQuestion();
        String answerLang = LanguageDetector.detect(answer);
        String lang = original.isBlank() ? answerLang : LanguageDetector.detect(original);

        ObjectNode input = AgentOutcomes.clarifyContinueInput(envelope, lang);

        ClarifyContinueResult result = decide(state, original, answer, lang, answerLang, envelope).validated();
        String outLang = result.topicChanged() ? answerLang : lang;
        return AgentOutcomes.clarifyContinue(envelope, result, outLang, input, Usage.ZERO);
    }

    /** A message that goes on from an answer ("and 2022?", "а в процентах", "ok now gap downs"). */
    private static final java.util.regex.Pattern CONTINUES = java.util.regex.Pattern.compile(
            "(?:ok,? |okay,? |so |ну )?(?:and |а |и |now |what about |how about |same |то же )");

    /** The field the pending clarification asked about first, or null. */
    private static String pendingField(NeedClarification pending) {
        return pending == null || pending.required().isEmpty() ? null : pending.required().get(0).field();
    }

    /**
     * True when the answer names the kind of thing the pending clarification asked about; {@code goesOn}: it opens
     * like a follow-up ({@link #CONTINUES}).
     */
    private static boolean givesWhatWasAsked(NeedClarification pending, String answer, List<Lexicon.Finding> said,
                                             boolean goesOn) {
        if (pending == null || pending.required().isEmpty()) {
            return false;
        }
        String field = pending.required().get(0).field();
        // a button press sends the option's own words
        String picked = answer.strip().toLowerCase(java.util.Locale.ROOT);
        if (pending.required().get(0).options().stream().anyMatch(o -> o.toLowerCase(java.util.Locale.ROOT)
                .equals(picked))) {
            return true;
        }
        java.util.Set<String> kinds = switch (field) {
            // "which did you mean": the answer names what to compute about the same days
            case "reading" -> java.util.Set.of("op", "agg", "freq", "rank", "group", "later", "after", "around",
                    "snapshot", "fill", "fillword");
            case "metric" -> java.util.Set.of("metric", "agg");
            case "session" -> java.util.Set.of("session");
            case "compare_groups" -> java.util.Set.of("when", "weekday", "month", "session", "event");
            case "threshold" -> java.util.Set.of("cond");
            case "period" -> java.util.Set.of("when");
            // "what do you mean by the tariff flush?" answered "5 августа 2024" or "call it 3am to 7am": the days or
            // hours meant; "а в 23м?" is another year of a question, not what the word means
            case "ambiguous_term" -> goesOn
                    ? java.util.Set.of("cond", "pattern", "event", "metric", "color", "dir", "gap", "consec")
                    : java.util.Set.of("cond", "pattern", "event", "metric", "color", "dir", "gap", "consec", "when",
                    "time");
            default -> java.util.Set.of("cond", "pattern", "event", "metric", "color", "dir", "gap", "consec");
        };
        // ("а в сам день и через 3": days around the event, so what happens around it; "2 days later" alone may be
        // the day a chance is read on)
        boolean daysAround = field.equals("reading") && said.stream().filter(f -> f.kind().equals("offsets"))
                .mapToInt(f -> f.value().split(",").length).sum() > 1;
        return daysAround || said.stream().anyMatch(f -> kinds.contains(f.kind()));
    }

    private ClarifyContinueResult decide(ClarificationState state, String original, String answer, String lang,
                                         String answerLang, RequestEnvelope envelope) {
        SmallTalk.Kind smallTalk = SmallTalk.classify(answer);
        if (smallTalk != null) {
            return new ClarifyContinueResult("chitchat", null, false, true, null,
                    Replies.smallTalk(smallTalk, answerLang), false, null, null, null, null);
        }
        NeedClarification pending = AgentOutcomes.readNeedClarification(state.context());
        // "RTH" alone reads as "days in RTH": only an answer that names what to compute is a question of its own,
        // so only such an answer is read on its own
        List<Lexicon.Finding> said = QuestionReader.findings(answer);
        // "а в 23м?" while asked which reading was meant goes on from the question asked about, not from the answer
        // before it: read alone it would change that older answer
        boolean goesOn = CONTINUES.matcher(answer.strip().toLowerCase(java.util.Locale.ROOT)).lookingAt();
        // "wait, is a 5m candle literally 5 minutes?" while asked which reading was meant: a question about a notion
        // ends the clarification and is answered as one
        if (!givesWhatWasAsked(pending, answer, said, goesOn) && IntentClassifier.classify(answer).intent().equals("concept")) {
            return new ClarifyContinueResult("concept", null, false, true, null, null, false, null, null, null, null);
        }
        boolean standsAlone = said.stream().anyMatch(f -> f.kind().equals("op") || f.kind().equals("metric")
                || f.kind().equals("out"));
        UnderstandingRules.Result fresh = standsAlone
                ? rules.understand(answer, answerLang, envelope.chatStateOrFresh().memory()) : null;
        UnderstandingRules.Result combined = original.isBlank() ? null
                : rules.understood(FollowUps.answer(original, answer, pendingField(pending)), original, lang);
        boolean freshComplete = fresh != null && fresh.understanding().understood();
        boolean combinedComplete = combined != null && combined.understanding().understood();
        // "range, rth" after "what do you mean by move?": an answer that gives what was asked completes the question
        boolean givesWhatWasAsked = givesWhatWasAsked(pending, answer, said, goesOn);
        // "what's nq been up to lately?" asked which period, answered "avg rth range over the last 30 days": an answer
        // that is a whole question, to a message that only said "lately", is the question; the first message's
        // words ("up to", "fill me in") would only add conditions nobody asked for
        // (the first message is read again only when such an answer came)
        if (freshComplete && "period".equals(pendingField(pending)) && QuestionReader.findings(original).stream()
                .allMatch(f -> Set.of("vaguetime", "dir", "fillword").contains(f.kind()))) {
            Understanding u = fresh.understanding();
            return new ClarifyContinueResult(null, u.goal(), true, true, u.expandedQuery(), u.acknowledge(), false,
                    null, null, null, null);
        }
        // "nq volatility by year?" asked which session, answered "std of daily % change, close to close": an answer
        // that only says what to measure says what the question meant, so the question's grouping and days stay
        boolean onlyAMeasure = !said.isEmpty() && said.stream()
                .allMatch(f -> Set.of("metric", "metricdef", "agg", "session", "tf").contains(f.kind()));
        boolean unanswered = !givesWhatWasAsked && !onlyAMeasure && (!freshComplete || goesOn)
                && Set.of("reading", "ambiguous_term").contains(pendingField(pending));
        if (combinedComplete && !unanswered && (!freshComplete || givesWhatWasAsked || onlyAMeasure
                || fresh.step().equals(combined.step()))) {
            Understanding u = combined.understanding();
            return new ClarifyContinueResult(null, u.goal(), true, false, u.expandedQuery(), u.acknowledge(), false,
                    null, null, null, null);
        }
        if (freshComplete && !unanswered) {
            Understanding u = fresh.understanding();
            return new ClarifyContinueResult(null, u.goal(), true, true, u.expandedQuery(), u.acknowledge(), false,
                    null, null, null, null);
        }
        if (fresh != null && fresh.understanding().isOutOfScope() && !combinedComplete) {
            // "а у нефти азиатская сессия тоже тихая?" while asked which session: a new question Barb cannot answer
            // ends the dialogue with its refusal
            return new ClarifyContinueResult(null, null, false, true, null, null, false,
                    fresh.understanding().needClarification(), null, null, null);
        }
        if (fresh != null && fresh.step() != null && !fresh.understanding().isOutOfScope()
                && fresh.understanding().needClarification() != null && !combinedComplete) {
            // a new question that is unclear itself: the dialogue starts over about it
            Understanding u = fresh.understanding();
            return new ClarifyContinueResult(null, u.goal(), false, false, null, null, true, u.needClarification(),
                    null, answer, null);
        }
        if (state.roundsExhausted()) {
            return new ClarifyContinueResult(null, null, false, true, null, null, false, null, null, null,
                    Replies.safetyNet(lang));
        }
        return new ClarifyContinueResult(null, "partially understood", false, false, null, null, true, pending,
                state.historyWithAnswer(answer), null, null);
    }
}
