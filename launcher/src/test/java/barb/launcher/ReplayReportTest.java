package barb.launcher;

import com.fasterxml.jackson.databind.JsonNode;
import org.junit.jupiter.api.Test;

import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

class ReplayReportTest {
    private static final String PLAN = "[{\"id\":\"s1\",\"operation\":\"count\",\"filters\":[{\"value\":1}]}]";

    private static ReplayedRequest replayed(String id, String question, RunRecord was, RunRecord now) {
        return new ReplayedRequest(id, question, "chat-" + id, "replay-" + id, was, now,
                RunComparison.compare(was, now, List.of()));
    }

    private static ReplayReport report() {
        RunRecord a = RunComparisonTest.record("a", PLAN, 128, "There were 128 green days.", 400);
        RunRecord a2 = RunComparisonTest.record("a2", PLAN, 128, "There were 128 green days.", 300);
        RunRecord b = RunComparisonTest.record("b", PLAN, 128, "There were 128 green days.", 500);
        RunRecord b2 = RunComparisonTest.record("b2", PLAN.replace("1}", "0}"), 133, "There were 133 green days.",
                450);
        return new ReplayReport(List.of(
                replayed("req-a", "how many green days in 2023", a, a2),
                replayed("req-b", "how many green days in 2023\n(RTH)", b, b2),
                new ReplayedRequest("req-c", "hi", "chat-c", "replay-c", null,
                        RunComparisonTest.record("c2", PLAN, 1, "Hello!", 20),
                        RunComparison.compare(null, null, List.of())),
                ReplayedRequest.notFound("req-d")), 2, "shadow", 0);
    }

    @Test
    void theTextHasABlockPerRequestAndTheTotals() {
        String text = report().text();
        assertThat(text).contains("SAME       req-a  same  \"how many green days in 2023\"")
                .contains("route data, latency 400 ms → 300 ms, replay replay-req-a")
                .contains("CHANGED    req-b  plan changed, numbers changed, answer numbers changed  "
                        + "\"how many green days in 2023 (RTH)\"")
                .contains("plan  [0].filters[0].value: 1 → 0")
                .contains("numbers  [0].summary.value: 128.0 → 133.0")
                .contains("text  There were [-128-] {+133+} green days.")
                .contains("MISSING    req-c  no original answer")
                .contains("MISSING    req-d  not found in topic");
        assertThat(text).contains("Total: 4 requests (shadow): 1 same, 1 changed (plan 1, numbers 1, answer numbers 1), "
                        + "1 no original answer, 0 no answer from the replay, 1 not found in topic")
                .contains("Latency: p50 400 ms → 300 ms, p95 500 ms → 450 ms (2 requests answered both times)")
                .contains("2 earlier replays were in the selection and left out");
    }

    @Test
    void theJsonNamesEveryVerdictAndDifference() {
        JsonNode json = report().json();
        assertThat(json.path("mode").asText()).isEqualTo("shadow");
        JsonNode b = json.path("requests").get(1);
        assertThat(b.path("verdict").asText()).isEqualTo("changed");
        assertThat(b.path("changed").get(0).asText()).isEqualTo("plan");
        assertThat(b.path("original").path("duration_ms").asLong()).isEqualTo(500);
        assertThat(b.path("replay").path("answer").asText()).isEqualTo("There were 133 green days.");
        assertThat(b.path("differences").get(0).path("path").asText()).isEqualTo("[0].filters[0].value");
        assertThat(json.path("requests").get(3).path("verdict").asText()).isEqualTo("not found in topic");
        assertThat(json.path("total").path("same").asInt()).isEqualTo(1);
        assertThat(json.path("total").path("not_found").asInt()).isEqualTo(1);
        assertThat(json.path("total").path("replays_left_out").asInt()).isEqualTo(2);
    }

    @Test
    void aChangeFailsAReleaseCheckAndSameDoesNot() {
        assertThat(report().anyChangeOrMissingAnswer()).isTrue();
        RunRecord a = RunComparisonTest.record("a", PLAN, 128, "x", 1);
        assertThat(new ReplayReport(List.of(replayed("r", "q", a, a)), 0, "shadow", 0).anyChangeOrMissingAnswer())
                .isFalse();
    }
}
