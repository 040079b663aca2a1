package barb.launcher;

import picocli.CommandLine.Option;

/** What `barb layout` and `barb bench chaos` both start: how many of each process, and how big each JVM is. */
final class LayoutOptions {
    @Option(names = "--gateways", description = "Gateway processes (default 2).")
    int gateways = 2;

    @Option(names = "--instances", description = "Processes per agent stage (default 2).")
    int instances = 2;

    @Option(names = "--executors", description = "Executor processes (default 2).")
    int executors = 2;

    @Option(names = "--group-agents", description = "One JVM with every agent stage per instance, not one per stage.")
    boolean groupAgents;

    @Option(names = "--heap", description = "-Xmx of each worker JVM; the broker gets twice (default 160m).")
    String heap = "160m";

    /** A sentence for the user when a count is below one, else null. */
    String problem() {
        return gateways < 1 || instances < 1 || executors < 1
                ? "--gateways, --instances and --executors must be at least 1" : null;
    }
}
