package barb.launcher;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;

import static org.assertj.core.api.Assertions.assertThat;

class EvalCommandTest {
    private final StringWriter out = new StringWriter();
    private final StringWriter err = new StringWriter();

    private int run(String... args) {
        CommandLine cli = new CommandLine(new BarbCommand()).setCaseInsensitiveEnumValuesAllowed(true);
        cli.setOut(new PrintWriter(out, true));
        cli.setErr(new PrintWriter(err, true));
        return cli.execute(args);
    }

    @Test
    void scoresOneCaseOfABuiltInSetAsATable() {
        assertThat(run("eval", "--set", "questions", "--only", "list-en-01")).as(err.toString()).isZero();

        String text = out.toString();
        assertThat(text).containsPattern("set\\s+lang\\s+turns\\s+correct\\s+clarify\\s+refusal\\s+wrong\\s+broken\\s+OK\\s+OK %");
        assertThat(text).containsPattern("\\nquestions\\s+en\\s+1\\s+[01]\\s+[01]\\s+[01]\\s+[01]\\s+[01]\\s+[01]\\s+(0\\.0|100\\.0)\\n");
        assertThat(text).containsPattern("\\nquestions\\s+all\\s+1\\s+");
        assertThat(text).containsPattern("\\nlist\\s+1\\s+[01]\\s+[01]\\s+(0\\.0|100\\.0)\\n");
        assertThat(text).contains("dialogues with every turn OK: ");
    }

    @Test
    void scoresEveryBuiltInSetByDefault() {
        assertThat(run("eval", "--only", "list-en-01")).as(err.toString()).isZero();

        assertThat(out.toString()).containsPattern("\\nquestions\\s+all\\s+1\\s+")
                .doesNotContain("category");
    }

    @Test
    void printsEveryTurnThatWasNotOkOnOneLine(@TempDir Path dir) throws Exception {
        Path file = dir.resolve("catalogue.json");
        Files.writeString(file, """
                {"data": {"first_day": "2008-01-02", "last_day": "2026-01-07"}, "cases": [
                 {"id": "never-en-01", "category": "count", "lang": "en", "turns": [{"user": "hi",
                  "expect": {"route": "data", "plans": [{"id": "s1", "operation": "count",
                   "period": {"from": "2024-01-01", "to": "2024-12-31"}}]}}]}]}
                """);
        assertThat(run("eval", "--catalogue", file.toString())).isZero();

        String text = out.toString();
        assertThat(text).containsPattern("\\ncatalogue\\.json\\s+en\\s+1\\s+0\\s+0\\s+0\\s+0\\s+1\\s+0\\s+0\\.0\\n");
        assertThat(text).containsPattern("\\ncount\\s+1\\s+0\\s+0\\s+0\\.0\\n");
        assertThat(text).contains("Not OK in catalogue.json:");
        assertThat(text).containsPattern("\\nnever-en-01 #1 broken \"hi\": expected data \\[\\{\"operation\":\"count\",[^\\n]* \\| actual chitchat");
    }

    @Test
    void geminiWithoutAKeyIsRefusedWithWhatToSet() {
        EvalCommand eval = new EvalCommand();
        eval.env = java.util.Map.of();
        CommandLine cli = new CommandLine(eval).setCaseInsensitiveEnumValuesAllowed(true);
        cli.setOut(new PrintWriter(out, true));
        cli.setErr(new PrintWriter(err, true));
        assertThat(cli.execute("--llm", "gemini")).isEqualTo(2);
        assertThat(err.toString()).contains("BARB_GEMINI_API_KEY");

        eval.env = java.util.Map.of("BARB_GEMINI_API_KEY", "k", "BARB_GEMINI_PARSER_TEMPERATURE", "hot");
        assertThat(cli.execute("--llm", "gemini")).isEqualTo(2);
        assertThat(err.toString()).contains("BARB_GEMINI_PARSER_TEMPERATURE");
    }

    @Test
    void badInputIsOneClearLine(@TempDir Path dir) throws Exception {
        assertThat(run("eval", "--only", "no-such-case-anywhere")).isEqualTo(2);
        assertThat(err.toString()).contains("--only: no case id contains 'no-such-case-anywhere'");

        Path broken = dir.resolve("broken.json");
        Files.writeString(broken, "{\"data\": {\"first_day\": \"2008-01-02\"}, \"cases\": []}");
        assertThat(run("eval", "--catalogue", broken.toString())).isEqualTo(2);
        assertThat(err.toString()).contains("cannot load the question set").contains("data.last_day");
    }
}
