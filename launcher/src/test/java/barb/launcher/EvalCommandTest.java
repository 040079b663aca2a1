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
    void scoresOneCaseOfTheBuiltInCatalogueAsATable() {
        assertThat(run("eval", "--only", "list-en-01")).as(err.toString()).isZero();

        String text = out.toString();
        assertThat(text).contains("Question catalogue: 1 cases");
        assertThat(text).containsPattern("category\\s+passed\\s+total\\s+%");
        assertThat(text).containsPattern("\\nlist\\s+[01]\\s+1\\s+(0\\.0|100\\.0)\\n");
        assertThat(text).containsPattern("\\noverall\\s+[01]\\s+1\\s+");
        assertThat(text).contains("misses: ");
        if (text.contains("\noverall         0")) {
            assertThat(text).contains("Failures:").contains("list-en-01 #1");
        }
    }

    @Test
    void printsEveryFailureOnOneLine(@TempDir Path dir) throws Exception {
        Path file = dir.resolve("catalogue.json");
        Files.writeString(file, """
                {"data": {"first_day": "2008-01-02", "last_day": "2026-01-07"}, "cases": [
                 {"id": "never-en-01", "category": "count", "lang": "en", "turns": [{"user": "hi",
                  "expect": {"route": "data", "plans": [{"id": "s1", "operation": "count", "mode": "single",
                   "period": {"from": "2024-01-01", "to": "2024-12-31"}, "session": "ETH", "timeframe": "1D"}]}}]}]}
                """);
        assertThat(run("eval", "--catalogue", file.toString())).isZero();

        String text = out.toString();
        assertThat(text).containsPattern("\\ncount\\s+0\\s+1\\s+0\\.0\\n");
        assertThat(text).contains("Failures:");
        assertThat(text).containsPattern("\\nnever-en-01 #1 \"hi\": expected data \\[\\{\"id\":\"s1\",[^\\n]* \\| actual \\S+");
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
        assertThat(err.toString()).contains("cannot load the catalogue").contains("data.last_day");
    }
}
