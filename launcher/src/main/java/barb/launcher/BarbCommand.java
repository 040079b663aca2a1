package barb.launcher;

import picocli.CommandLine;
import picocli.CommandLine.Command;

/** The {@code barb} command. */
@Command(name = "barb", mixinStandardHelpOptions = true, version = "barb 0.1.0",
        description = "Barb answers questions about NQ futures history through a Kafka pipeline of agents.",
        subcommands = {UpCommand.class, InfraCommand.class, LayoutCommand.class, AskCommand.class, DataCommand.class, WorkerCommand.class,
                BenchCommand.class, EvalCommand.class, LagCommand.class, ReplayCommand.class, DlqCommand.class})
public final class BarbCommand implements Runnable {
    @Override
    public void run() {
        new CommandLine(this).usage(System.out);
    }

    public static void main(String[] args) {
        Logging.configure();
        int code = new CommandLine(new BarbCommand()).setCaseInsensitiveEnumValuesAllowed(true)
                .setExecutionExceptionHandler(BarbCommand::startFailure).execute(args);
        if (code != 0 || !isLongRunning(args)) {
            System.exit(code);
        }
    }

    /**
     * A start that cannot go on for a reason a user can fix (a port taken, a data folder in use) says so in one
     * sentence; a stack trace would bury it. Anything else keeps picocli's full report.
     */
    private static int startFailure(Exception e, CommandLine cmd, CommandLine.ParseResult parsed) throws Exception {
        if (e instanceof IllegalStateException || e instanceof IllegalArgumentException) {
            cmd.getErr().println("barb " + cmd.getCommandName() + ": " + e.getMessage());
            return 1;
        }
        throw e;
    }

    private static boolean isLongRunning(String[] args) {
        return args.length > 0 && (args[0].equals("up") || args[0].equals("worker")
                || args[0].equals("infra") || args[0].equals("layout"));
    }
}
