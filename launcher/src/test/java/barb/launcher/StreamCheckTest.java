package barb.launcher;

import org.junit.jupiter.api.Test;

import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

class StreamCheckTest {
    private static SseParser.SseEvent ev(String id, String type, String data) {
        return new SseParser.SseEvent(id, type, data);
    }

    @Test
    void aWholeStreamOfOneRequestPasses() {
        StreamCheck check = new StreamCheck();
        StreamCheck.Stream s = check.check(List.of(
                ev("r1:1", "acknowledge", "{\"request_id\":\"r1\"}"),
                ev("r1:2", "answer", "{\"request_id\":\"r1\",\"text\":\"42\"}"),
                ev("r1:3", "done", "{\"request_id\":\"r1\"}")));
        assertThat(s.problems()).isEmpty();
        assertThat(s.done()).isTrue();
        assertThat(s.requestId()).isEqualTo("r1");
    }

    @Test
    void anotherRequestsEventATwiceAnsweredStreamAndARepeatedIdAreProblems() {
        StreamCheck check = new StreamCheck();
        StreamCheck.Stream s = check.check(List.of(
                ev("r1:1", "answer", "{\"request_id\":\"r1\"}"),
                ev("r1:1", "answer", "{\"request_id\":\"r1\"}"),
                ev("r2:2", "step_end", "{\"request_id\":\"r2\"}"),
                ev("r1:3", "done", "{}")));
        assertThat(s.problems()).anyMatch(p -> p.contains("twice"))
                .anyMatch(p -> p.contains("2 answers"))
                .anyMatch(p -> p.contains("of request r2 on the stream of r1"));
    }

    @Test
    void aStreamWithoutDoneAndARequestOnTwoStreamsAreProblems() {
        StreamCheck check = new StreamCheck();
        assertThat(check.check(List.of(ev("r1:1", "acknowledge", "{}"))).problems()).contains("0 done events");
        StreamCheck.Stream again = check.check(List.of(ev("r1:1", "acknowledge", "{}"), ev("r1:2", "done", "{}")));
        assertThat(again.problems()).anyMatch(p -> p.contains("on more than one stream"));
    }

    @Test
    void anErrorThatEndsWithDoneIsAnExplicitEnd() {
        StreamCheck.Stream s = new StreamCheck().check(List.of(
                ev("r1:1", "error", "{\"request_id\":\"r1\",\"message\":\"timeout\"}"), ev("r1:2", "done", "{}")));
        assertThat(s.problems()).isEmpty();
        assertThat(s.error()).isTrue();
        assertThat(new PipelineLoad.Outcome(200, 5, 10, s, null, false).ended()).isTrue();
        assertThat(new PipelineLoad.Outcome(200, 5, 10, s, null, false).answered()).isFalse();
        assertThat(new PipelineLoad.Outcome(200, 5, 10, s, null, true).ended()).isFalse();
        assertThat(new PipelineLoad.Outcome(503, -1, 10, null, "HTTP 503", false).ended()).isTrue();
        assertThat(new PipelineLoad.Outcome(-1, -1, 10, null, "refused", false).ended()).isFalse();
    }

    @Test
    void theGatewaysTimeOutErrorWithoutDoneIsAnExplicitEndButSilenceIsNot() {
        StreamCheck check = new StreamCheck();
        StreamCheck.Stream timedOut = check.check(List.of(ev("r1:1", "acknowledge", "{\"request_id\":\"r1\"}"),
                ev(null, "error", "{\"code\":\"timeout\",\"message\":\"No answer arrived in time.\"}")));
        assertThat(timedOut.problems()).isEmpty();
        assertThat(timedOut.ended()).isTrue();
        StreamCheck.Stream silent = check.check(List.of(ev("r2:1", "acknowledge", "{}")));
        assertThat(silent.ended()).isFalse();
        assertThat(new PipelineLoad.Outcome(200, 5, 10, silent, null, false).ended()).isFalse();
    }
}
