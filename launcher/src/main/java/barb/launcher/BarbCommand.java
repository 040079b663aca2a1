package barb.launcher;

import picocli.CommandLine;
import picocli.CommandLine.Command;

/** The {@code barb} command. */
@Command(name = "barb", mixinStandardHelpOptions = true, version = "barb 0.1.0",
        description = "Barb answers questions about NQ futures history through a Kafka pipeline of agents.",
        subcommands = {UpCommand.class, AskCommand.class, DataCommand.class, WorkerCommand.class,
                BenchCommand.class, EvalCommand.class, LagCommand.class, ReplayCommand.class, DlqCommand.class})
public final class BarbCommand implements Runnable {
    @Override
    public void run() {
        new CommandLine(this).usage(System.out);
    }

    public static void main(String[] args) {
        Logging.configure();
        int code = new CommandLine(new BarbCommand()).setCaseInsensitiveEnumValuesAllowed(true).execute(args);
        if (code != 0 || !isLongRunning(args)) {
            System.exit(code);
        }
    }

    private static boolean isLongRunning(String[] args) {
        return args.length > 0 && (args[0].equals("up") || args[0].equals("worker"));
    }
}
