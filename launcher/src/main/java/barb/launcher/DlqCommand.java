package barb.launcher;

import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Spec;

import java.util.concurrent.Callable;

/** {@code barb dlq}: the dead-letter topic for operators (list, show, redrive, discard). */
@Command(name = "dlq", description = "List, show, re-drive and discard dead letters (records no stage could process).",
        subcommands = {DlqListCommand.class, DlqShowCommand.class, DlqRedriveCommand.class,
                DlqDiscardCommand.class})
final class DlqCommand implements Callable<Integer> {
    @Spec
    CommandSpec spec;

    @Override
    public Integer call() {
        spec.commandLine().usage(spec.commandLine().getErr());
        return 2;
    }
}
