package barb.launcher;

import picocli.CommandLine;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Path;
import java.util.Map;
import java.util.concurrent.Callable;

/** Runs one {@code barb dlq} command in the test JVM and keeps what it printed. */
final class DlqCli {
    /** @param code the exit code */
    record Run(int code, String out, String err) {
    }

    private DlqCli() {
    }

    static Run list(Path dataDir, String... args) {
        DlqListCommand c = new DlqListCommand();
        c.kafka.env = Map.of("BARB_DATA_DIR", dataDir.toString());
        return run(c, args);
    }

    static Run show(Path dataDir, String... args) {
        DlqShowCommand c = new DlqShowCommand();
        c.kafka.env = Map.of("BARB_DATA_DIR", dataDir.toString());
        return run(c, args);
    }

    static Run discard(Path dataDir, String... args) {
        DlqDiscardCommand c = new DlqDiscardCommand();
        c.kafka.env = Map.of("BARB_DATA_DIR", dataDir.toString(), "USER", "test-operator");
        return run(c, args);
    }

    static Run redrive(Path dataDir, String... args) {
        DlqRedriveCommand c = new DlqRedriveCommand();
        c.kafka.env = Map.of("BARB_DATA_DIR", dataDir.toString());
        return run(c, args);
    }

    private static Run run(Callable<Integer> command, String... args) {
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        CommandLine cli = new CommandLine(command);
        cli.setOut(new PrintWriter(out, true));
        cli.setErr(new PrintWriter(err, true));
        int code = cli.execute(args);
        return new Run(code, out.toString(), err.toString());
    }
}
