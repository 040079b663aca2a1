package barb.launcher;

import barb.core.BarbEvent;
import barb.core.ChatState;
import barb.core.Json;
import barb.core.RequestCompletion;
import barb.core.RequestEnvelope;
import barb.core.Usage;
import com.fasterxml.jackson.databind.JsonNode;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

class RunComparisonTest {
    private static final String PLAN = "[{\"id\":\"s1\",\"operation\":\"list\",\"metric\":\"range\",\"sort\":\"desc\",\"limit\":5}]";
    private static final String RESULT = "[{\"plan_id\":\"s1\",\"operation\":\"list\",\"summary\":{\"type\":\"table\","
            + "\"rows\":5,\"value\":245.25},\"metadata\":{\"sql\":\"select 1\",\"duration_ms\":%d},"
            + "\"source_rows\":[{\"d\":\"2024-01-02\"}]}]";

    /** The events of a data request as the stages write them. */
    static List<BarbEvent> run(String id, String plan, double value, String answer, long durationMs, long sqlMs) {
        RequestEnvelope env = RequestEnvelope.start(id, "c", "u", "q", 0, 60_000, false, ChatState.fresh("c", "u"));
        List<BarbEvent> events = new ArrayList<>();
        events.add(BarbEvent.requestStarted(env, false, 0));
        events.add(BarbEvent.stepEnd(env, "planner", Json.object(),
                Json.object().set("execution_plan", Json.parse(plan)), Usage.ZERO, 1, 1));
        String result = String.format(RESULT, sqlMs).replace("245.25", Double.toString(value));
        events.add(BarbEvent.stepEnd(env, "executor", Json.object(),
                Json.object().set("results", Json.parse(result)), Usage.ZERO, 2, 2));
        events.add(BarbEvent.done(env, new RequestCompletion("data", answer, List.of("planner", "executor"),
                Map.of(), durationMs, null, null, true), durationMs));
        return events;
    }

    static RunRecord record(String id, String plan, double value, String answer, long durationMs) {
        return RunRecord.of(id, run(id, plan, value, answer, durationMs, durationMs / 3));
    }

    @Test
    void aRunIsReadFromItsEventsWithoutWhatDependsOnTheRun() {
        RunRecord r = RunRecord.of("r1", run("r1", PLAN, 245.25, "The top day ranged 245.25 points.", 412, 7));
        assertThat(r.finished()).isTrue();
        assertThat(r.route()).isEqualTo("data");
        assertThat(r.durationMs()).isEqualTo(412);
        assertThat(r.plans().get(0).path("sort").asText()).isEqualTo("desc");
        JsonNode result = r.results().get(0);
        assertThat(result.has("metadata")).isFalse();
        assertThat(result.has("source_rows")).isFalse();
        assertThat(result.path("summary").path("value").asDouble()).isEqualTo(245.25);
    }

    @Test
    void slimmedEventsKeepWhatTheRecordNeedsAndNothingElse() {
        List<BarbEvent> events = run("r1", PLAN, 245.25, "Range 245.25.", 412, 7);
        List<BarbEvent> slim = events.stream().map(RunRecord::slimmed).filter(java.util.Objects::nonNull).toList();
        assertThat(slim).hasSize(3).extracting(e -> e.type().wire()).containsExactly("step_end", "step_end", "done");
        assertThat(slim.get(1).payload().path("output").path("results").get(0).has("source_rows")).isFalse();
        assertThat(RunRecord.of("r1", slim)).isEqualTo(RunRecord.of("r1", events));
    }

    @Test
    void aRunWithoutItsDoneEventIsUnfinished() {
        List<BarbEvent> events = run("r1", PLAN, 1, "a", 10, 1);
        RunRecord r = RunRecord.of("r1", events.subList(0, 3));
        assertThat(r.finished()).isFalse();
        assertThat(RunComparison.compare(record("o", PLAN, 1, "a", 10), r, List.of()).verdict())
                .isEqualTo(RunComparison.Verdict.NO_ANSWER);
        assertThat(RunComparison.compare(r, record("n", PLAN, 1, "a", 10), List.of()).verdict())
                .isEqualTo(RunComparison.Verdict.NO_ORIGINAL);
        assertThat(RunComparison.compare(null, record("n", PLAN, 1, "a", 10), List.of()).headline())
                .isEqualTo("no original answer");
    }

    @Test
    void theSameRunWithOtherTimingsIsSame() {
        RunComparison c = RunComparison.compare(record("o", PLAN, 245.25, "Range 245.25.", 412),
                record("n", PLAN, 245.25, "Range 245.25.", 97), List.of());
        assertThat(c.verdict()).isEqualTo(RunComparison.Verdict.SAME);
        assertThat(c.headline()).isEqualTo("same");
        assertThat(c.differences()).isEmpty();
    }

    @Test
    void aDifferentPlanIsAPlanChangeWithItsPath() {
        String asc = PLAN.replace("desc", "asc");
        RunComparison c = RunComparison.compare(record("o", PLAN, 245.25, "Range 245.25.", 1),
                record("n", asc, 245.25, "Range 245.25.", 1), List.of());
        assertThat(c.verdict()).isEqualTo(RunComparison.Verdict.CHANGED);
        assertThat(c.changed()).containsExactly(RunComparison.Aspect.PLAN);
        assertThat(c.headline()).isEqualTo("plan changed");
        assertThat(c.differences()).containsExactly(
                new RunComparison.Difference(RunComparison.Aspect.PLAN, "[0].sort", "\"desc\"", "\"asc\""));
    }

    @Test
    void differentNumbersAreChangesOfTheResultAndTheAnswer() {
        RunComparison c = RunComparison.compare(record("o", PLAN, 245.25, "The top range was 245.25 points.", 1),
                record("n", PLAN, 251.0, "The top range was 251.0 points.", 1), List.of());
        assertThat(c.changed()).containsExactly(RunComparison.Aspect.NUMBERS, RunComparison.Aspect.ANSWER_NUMBERS);
        assertThat(c.headline()).isEqualTo("numbers changed, answer numbers changed");
        assertThat(c.differences()).contains(new RunComparison.Difference(RunComparison.Aspect.NUMBERS,
                "[0].summary.value", "245.25", "251.0"));
        assertThat(c.textDiff()).contains("[-245.25-]").contains("{+251.0+}");
    }

    @Test
    void wordingAloneIsNotAChangeWithoutNoiseRuns() {
        RunComparison c = RunComparison.compare(record("o", PLAN, 245.25, "The top range was 245.25 points.", 1),
                record("n", PLAN, 245.25, "Its widest range: 245.25 points.", 1), List.of());
        assertThat(c.verdict()).isEqualTo(RunComparison.Verdict.SAME);
        assertThat(c.headline()).isEqualTo("same (wording differs)");
        assertThat(c.wordingDiffers()).isTrue();
        assertThat(c.textDiff()).isNotEmpty();
    }

    @Test
    void noiseRunsJudgeTheWording() {
        RunRecord original = record("o", PLAN, 245.25, "The top range was 245.25 points.", 1);
        RunRecord current = record("n", PLAN, 245.25, "Its widest range: 245.25 points.", 1);
        RunRecord steady = record("n2", PLAN, 245.25, "Its widest range: 245.25 points.", 1);
        RunRecord jittery = record("n3", PLAN, 245.25, "The widest range came to 245.25 points.", 1);

        RunComparison judged = RunComparison.compare(original, current, List.of(steady));
        assertThat(judged.verdict()).isEqualTo(RunComparison.Verdict.CHANGED);
        assertThat(judged.changed()).containsExactly(RunComparison.Aspect.TEXT);

        RunComparison noisy = RunComparison.compare(original, current, List.of(jittery));
        assertThat(noisy.verdict()).isEqualTo(RunComparison.Verdict.SAME);
        assertThat(noisy.noisy()).containsExactly(RunComparison.Aspect.TEXT);
    }

    @Test
    void anAspectThatDiffersBetweenCurrentRunsIsNoiseEvenForNumbers() {
        RunRecord original = record("o", PLAN, 245.25, "245.25", 1);
        RunComparison c = RunComparison.compare(original, record("n", PLAN, 250, "245.25", 1),
                List.of(record("n2", PLAN, 260, "245.25", 1)));
        assertThat(c.verdict()).isEqualTo(RunComparison.Verdict.SAME);
        assertThat(c.noisy()).containsExactly(RunComparison.Aspect.NUMBERS);
    }

    @Test
    void numbersAreReadAsWrittenInEitherLanguage() {
        assertThat(RunComparison.numbersIn("In 2024 the mean was 1,234.5 and 245,31 пункта (1\u00a0234,5)."))
                .containsExactly("2024", "1,234.5", "245,31", "1\u00a0234,5");
    }
}
