package barb.launcher;

import org.junit.jupiter.api.Test;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;

import static org.assertj.core.api.Assertions.assertThat;

class ReaderBenchTest {
    @Test
    void reportsTheCpuOfOneReadingAndOfOneTurn() {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        // one set and a short warm-up: the whole bench over every set took six minutes of the build
        int exit = ReaderBench.run(1, java.util.List.of(barb.agents.eval.Catalogue.loadSet("questions")), 500,
                new PrintStream(bytes, true, StandardCharsets.UTF_8));

        String text = bytes.toString(StandardCharsets.UTF_8);
        assertThat(exit).isZero();
        assertThat(text).containsPattern("reading one question \\(\\d{3,} questions x 1 rounds, warm\\): mean "
                + "\\d+\\.\\d{3} ms, p50 \\d+\\.\\d{3} ms, p99 \\d+\\.\\d{3} ms CPU");
        assertThat(text).containsPattern("one rules turn \\(intent → parser and planner, \\d{3,} turns, warm\\): "
                + "\\d+\\.\\d{3} ms CPU");
    }
}
