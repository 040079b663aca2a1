package barb.launcher;

import barb.core.Json;
import com.fasterxml.jackson.databind.JsonNode;
import org.junit.jupiter.api.Test;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

class ReplayReportTest {
    private static final String PLAN = "[{\"id\":\"s1\",\"operation\":\"count\",\"filters\":[{\"value\":1}]}]";

    private static ReplayedRequest replayed(String id, String question, RunRecord was, RunRecord now) {
        return new ReplayedRequest(id, question, "chat-" + id, "replay-" + id, was, now,
                RunComparison.compare(was, now, List.of()));
    }

    private static List<ReplayedRequest> requests() {
        RunRecord a = RunComparisonTest.record("a", PLAN, 128, "There were 128 green days.", 400);
        RunRecord a2 = RunComparisonTest.record("a2", PLAN, 128, "There were 128 green days.", 300);
        RunRecord b = RunComparisonTest.record("b", PLAN, 128, "There were 128 green days.", 500);
        RunRecord b2 = RunComparisonTest.record("b2", PLAN.replace("1}", "0}"), 133, "There were 133 green days.",
                450);
        return List.of(
                replayed("req-a", "how many green days in 2023", a, a2),
                replayed("req-b", "how many green days in 2023\n(RTH)", b, b2),
                new ReplayedRequest("req-c", "hi", "chat-c", "replay-c", null,
                        RunComparisonTest.record("c2", PLAN, 1, "Hello!", 20),
                        RunComparison.compare(null, null, List.of())),
                ReplayedRequest.notFound("req-d"));
    }

    /** The report as written, request by request, and its totals. */
    private record Written(String text, ReplayTotals totals) {
    }

    private static Written write(boolean json, List<ReplayedRequest> requests, int replaysLeftOut) {
        StringWriter buffer = new StringWriter();
        ReplayReport report = new ReplayReport(new PrintWriter(buffer), json, "shadow", 0, false);
        requests.forEach(report::add);
        ReplayTotals totals = report.finish(replaysLeftOut);
        return new Written(buffer.toString(), totals);
    }

    @Test
    void theTextHasABlockPerRequestAndTheTotals() {
        String text = write(false, requests(), 2).text();
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
        JsonNode json = Json.parse(write(true, requests(), 2).text());
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
    void eachBlockIsWrittenAsSoonAsItsRequestIsAdded() {
        StringWriter buffer = new StringWriter();
        ReplayReport report = new ReplayReport(new PrintWriter(buffer), false, "shadow", 0, false);
        report.add(requests().getFirst());
        assertThat(buffer.toString()).startsWith("SAME       req-a  same").doesNotContain("Total:");

        StringWriter jsonBuffer = new StringWriter();
        ReplayReport json = new ReplayReport(new PrintWriter(jsonBuffer), true, "shadow", 0, false);
        json.add(requests().getFirst());
        assertThat(jsonBuffer.toString()).startsWith("{\"mode\":\"shadow\",\"noise_runs\":0,\"requests\":[{")
                .contains("\"request_id\":\"req-a\"");
    }

    @Test
    void aReportWithoutRequestsIsStillOneJsonObject() {
        JsonNode json = Json.parse(write(true, List.of(), 0).text());
        assertThat(json.path("requests")).isEmpty();
        assertThat(json.path("total").path("requests").asInt()).isZero();
    }

    @Test
    void aChangeFailsAReleaseCheckAndSameDoesNot() {
        assertThat(write(false, requests(), 0).totals().anyChangeOrMissingAnswer()).isTrue();
        RunRecord a = RunComparisonTest.record("a", PLAN, 128, "x", 1);
        assertThat(write(false, List.of(replayed("r", "q", a, a)), 0).totals().anyChangeOrMissingAnswer()).isFalse();
    }
}
