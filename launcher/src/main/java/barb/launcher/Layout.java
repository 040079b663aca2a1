package barb.launcher;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.function.Predicate;

/**
 * The multi-process layout on one machine, every service its own JVM: the broker and PostgreSQL
 * ({@code barb infra --kafka-only / --postgres-only}), executors, every agent stage (one JVM per stage and instance,
 * or one {@code barb worker agents} per instance), the trace-sink and gateways on consecutive HTTP ports. Each child
 * runs this JVM's class path with a small heap and writes its output to {@code <state>/logs/NAME.log}. Used by
 * {@code barb layout} and {@code barb bench chaos}, which kills, stops and restarts single processes.
 */
final class Layout implements AutoCloseable {

    /**
     * @param stateDir   the broker's and database's data, each worker's own folder and the logs
     * @param dataDir    the market data the executors share (read-only once generated)
     * @param httpPort   the first gateway's port; the others follow
     * @param groupAgents one {@code barb worker agents} JVM per instance instead of one JVM per stage and instance
     * @param heap       -Xmx of each worker JVM (the broker gets twice as much)
     * @param env        extra environment for every child (BARB_TOPIC_PARTITIONS, BARB_DATA_FROM, …)
     */
    record Settings(Path stateDir, Path dataDir, int kafkaPort, int pgPort, int httpPort, int gateways, int instances,
                    int executors, boolean groupAgents, String heap, Map<String, String> env) {
    }

    /** A child process of the layout, restartable. */
    final class Child {
        final String name;
        final List<String> args;
        final Map<String, String> env;
        final Path log;
        final String readyLine;
        volatile Process process;

        Child(String name, List<String> args, Map<String, String> env, String readyLine) {
            this.name = name;
            this.args = args;
            this.env = env;
            this.log = settings.stateDir().resolve("logs").resolve(name + ".log");
            this.readyLine = readyLine;
        }

        void start() throws IOException {
            List<String> cmd = new ArrayList<>();
            cmd.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
            cmd.add(name.equals("kafka") ? "-Xmx" + doubled(settings.heap()) : "-Xmx" + settings.heap());
            cmd.add("-XX:+UseSerialGC");
            cmd.add("-XX:CICompilerCount=2");
            cmd.add("-Xss512k");
            cmd.add("--enable-native-access=ALL-UNNAMED");
            if (Runtime.version().feature() >= 24) {
                cmd.add("--sun-misc-unsafe-memory-access=allow");
            }
            cmd.add("-cp");
            cmd.add(System.getProperty("java.class.path"));
            cmd.add(BarbCommand.class.getName());
            cmd.addAll(args);
            ProcessBuilder pb = new ProcessBuilder(cmd).redirectErrorStream(true)
                    .redirectOutput(ProcessBuilder.Redirect.appendTo(log.toFile()));
            pb.environment().putAll(env);
            Files.writeString(log, "=== start " + java.time.Instant.now() + "\n", StandardCharsets.UTF_8,
                    java.nio.file.StandardOpenOption.CREATE, java.nio.file.StandardOpenOption.APPEND);
            process = pb.start();
        }

        /** Waits until the log shows {@link #readyLine} after the latest start; fails when the process died. */
        void awaitReady(Duration timeout) throws IOException, InterruptedException {
            long until = System.nanoTime() + timeout.toNanos();
            while (true) {
                String text = Files.readString(log, StandardCharsets.UTF_8);
                String sinceStart = text.substring(Math.max(0, text.lastIndexOf("=== start ")));
                if (sinceStart.contains(readyLine)) {
                    return;
                }
                if (!process.isAlive()) {
                    throw new IllegalStateException(name + " exited with " + process.exitValue() + " before it was "
                            + "ready; its log " + log + " ends:\n" + tail(sinceStart));
                }
                if (System.nanoTime() > until) {
                    throw new IllegalStateException(name + " was not ready within " + timeout.toSeconds()
                            + " s; its log " + log + " ends:\n" + tail(sinceStart));
                }
                Thread.sleep(100);
            }
        }

        /** SIGKILL, as a crash. */
        void kill() throws InterruptedException {
            process.destroyForcibly();
            process.waitFor(30, TimeUnit.SECONDS);
        }

        /** SIGTERM (the process stops in order), then SIGKILL after 60 s. */
        void stop() throws InterruptedException {
            Process p = process;
            if (p == null || !p.isAlive()) {
                return;
            }
            p.destroy();
            if (!p.waitFor(60, TimeUnit.SECONDS)) {
                p.destroyForcibly();
                p.waitFor(30, TimeUnit.SECONDS);
            }
        }

        void restart(Duration timeout) throws IOException, InterruptedException {
            start();
            awaitReady(timeout);
        }

        long pid() {
            return process.pid();
        }

        boolean alive() {
            return process != null && process.isAlive();
        }

        /** Resident memory in kB from /proc, -1 where there is none. */
        long rssKb() {
            try {
                for (String line : Files.readAllLines(Path.of("/proc", Long.toString(pid()), "status"))) {
                    if (line.startsWith("VmRSS:")) {
                        return Long.parseLong(line.replaceAll("[^0-9]", ""));
                    }
                }
            } catch (IOException | RuntimeException e) {
                return -1;
            }
            return -1;
        }
    }

    static final Duration READY_TIMEOUT = Duration.ofSeconds(300);
    static final String WORKER_READY = "[7/7]";

    private final Settings settings;
    private final Map<String, Child> children = new LinkedHashMap<>();

    private Layout(Settings settings) {
        this.settings = settings;
    }

    /** Starts everything in order and waits until each process is ready; stops what it started when one fails. */
    static Layout start(Settings settings, PrintStream out) throws Exception {
        Layout layout = new Layout(settings);
        try {
            layout.startAll(out);
            return layout;
        } catch (Exception | Error e) {
            layout.close();
            throw e;
        }
    }

    private void startAll(PrintStream out) throws Exception {
        Files.createDirectories(settings.stateDir().resolve("logs"));
        String state = settings.stateDir().toString();
        Child kafka = add("kafka", List.of("infra", "--kafka-only", "--kafka-port", Integer.toString(settings.kafkaPort()),
                "--dir", state), Map.of(), InfraCommand.READY);
        Child pg = add("postgres", List.of("infra", "--postgres-only", "--pg-port", Integer.toString(settings.pgPort()),
                "--dir", state), Map.of(), InfraCommand.READY);
        launch(out, kafka, pg);
        // The first executor may generate the market data; the others open it read-only after.
        List<Child> executors = new ArrayList<>();
        for (int i = 1; i <= settings.executors(); i++) {
            executors.add(worker("executor-" + i, "executor", settings.dataDir()));
        }
        if (!executors.isEmpty()) {
            launch(out, executors.getFirst());
        }
        List<Child> rest = new ArrayList<>(executors.subList(Math.min(1, executors.size()), executors.size()));
        rest.add(worker("trace-sink", "trace-sink", null));
        for (int i = 1; i <= settings.instances(); i++) {
            if (settings.groupAgents()) {
                rest.add(worker("agents-" + i, "agents", null));
            } else {
                for (String stage : AGENT_STAGES) {
                    rest.add(worker(stage + "-" + i, stage, null));
                }
            }
        }
        // at most two JVMs starting at once on a small machine
        for (int i = 0; i < rest.size(); i += 2) {
            launch(out, rest.subList(i, Math.min(rest.size(), i + 2)).toArray(Child[]::new));
        }
        for (int i = 0; i < settings.gateways(); i++) {
            Map<String, String> extra = Map.of("BARB_HTTP_PORT", Integer.toString(settings.httpPort() + i));
            launch(out, add("gateway-" + (i + 1), List.of("worker", "gateway"),
                    withDir(extra, settings.stateDir().resolve("gateway-" + (i + 1))), WORKER_READY));
        }
    }

    static final List<String> AGENT_STAGES = List.of("intent", "understander", "clarifier", "clarify-continue",
            "parser", "planner", "presenter", "responder");

    private Child worker(String name, String what, Path dataDir) {
        return add(name, List.of("worker", what),
                withDir(Map.of(), dataDir != null ? dataDir : settings.stateDir().resolve(name)), WORKER_READY);
    }

    private static Map<String, String> withDir(Map<String, String> extra, Path dir) {
        Map<String, String> m = new HashMap<>(extra);
        m.put("BARB_DATA_DIR", dir.toString());
        return m;
    }

    private Child add(String name, List<String> args, Map<String, String> extra, String ready) {
        Map<String, String> env = new HashMap<>(settings.env());
        env.put("BARB_KAFKA_BOOTSTRAP", kafkaBootstrap());
        env.put("BARB_PG_URL", jdbcUrl());
        env.put("BARB_PG_USER", "postgres");
        env.put("BARB_PG_MIGRATE", "off");
        env.put("BARB_METRICS_PORT", "0");
        env.putAll(extra);
        if (name.equals("kafka") || name.equals("postgres")) {
            env.remove("BARB_KAFKA_BOOTSTRAP");
            env.remove("BARB_PG_URL");
        }
        Child c = new Child(name, args, env, ready);
        children.put(name, c);
        return c;
    }

    private void launch(PrintStream out, Child... batch) throws Exception {
        long t0 = System.nanoTime();
        for (Child c : batch) {
            c.start();
        }
        for (Child c : batch) {
            c.awaitReady(READY_TIMEOUT);
            out.printf("  %-22s pid %-7d ready in %4.1f s  (log %s)%n", c.name, c.pid(),
                    (System.nanoTime() - t0) / 1e9, settings.stateDir().relativize(c.log));
        }
    }

    private static String tail(String text) {
        String[] lines = text.split("\n");
        return String.join("\n", java.util.Arrays.asList(lines).subList(Math.max(0, lines.length - 15), lines.length));
    }

    private static String doubled(String heap) {
        java.util.regex.Matcher m = java.util.regex.Pattern.compile("(\\d+)([kmgKMG]?)").matcher(heap);
        return m.matches() ? (Long.parseLong(m.group(1)) * 2) + m.group(2) : heap;
    }

    String kafkaBootstrap() {
        return "127.0.0.1:" + settings.kafkaPort();
    }

    String jdbcUrl() {
        return "jdbc:postgresql://127.0.0.1:" + settings.pgPort() + "/postgres";
    }

    List<String> gatewayUrls() {
        List<String> urls = new ArrayList<>();
        for (int i = 0; i < settings.gateways(); i++) {
            urls.add("http://127.0.0.1:" + (settings.httpPort() + i));
        }
        return urls;
    }

    Child child(String name) {
        Child c = children.get(name);
        if (c == null) {
            throw new IllegalArgumentException("no process " + name + " in the layout: " + children.keySet());
        }
        return c;
    }

    List<Child> children(Predicate<String> names) {
        return children.values().stream().filter(c -> names.test(c.name)).toList();
    }

    /** Sum of every child's resident memory, kB. */
    long totalRssKb() {
        return children.values().stream().filter(Child::alive).mapToLong(Child::rssKb).filter(v -> v > 0).sum();
    }

    void printProcesses(PrintStream out) {
        for (Child c : children.values()) {
            out.printf("  %-22s pid %-7d %s  RSS %5d MB%n", c.name, c.alive() ? c.pid() : -1,
                    c.alive() ? "running" : "stopped", Math.max(0, c.rssKb()) / 1024);
        }
        out.printf("  %d processes, RSS in all %d MB%n", children.size(), totalRssKb() / 1024);
    }

    /** Stops in the order that loses nothing: gateways, stages and executors, trace-sink, database, broker. */
    @Override
    public void close() {
        stopWhere(n -> n.startsWith("gateway-"));
        stopWhere(n -> !n.startsWith("gateway-") && !n.equals("trace-sink") && !n.equals("postgres")
                && !n.equals("kafka"));
        stopWhere(n -> n.equals("trace-sink"));
        stopWhere(n -> n.equals("postgres"));
        stopWhere(n -> n.equals("kafka"));
    }

    private void stopWhere(Predicate<String> names) {
        List<Child> which = children(names);
        for (Child c : which) {
            if (c.alive()) {
                c.process.destroy();
            }
        }
        for (Child c : which) {
            try {
                c.stop();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                c.process.destroyForcibly();
            }
        }
    }
}
