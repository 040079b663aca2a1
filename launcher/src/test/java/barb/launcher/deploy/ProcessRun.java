package barb.launcher.deploy;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

/** The outcome of one finished child process. Output goes through files so a chatty child can never block on a full pipe. */
record ProcessRun(int exitCode, String stdout, String stderr) {

    private static final long TIMEOUT_SECONDS = 120;

    /**
     * Runs a command in a folder. {@code env} entries are added to the inherited environment; a null value removes
     * the variable, so a test does not depend on what the caller happened to export.
     */
    static ProcessRun of(Path workingDirectory, Map<String, String> env, List<String> command)
            throws IOException, InterruptedException {
        Path out = Files.createTempFile("process", ".out");
        Path err = Files.createTempFile("process", ".err");
        try {
            ProcessBuilder builder = new ProcessBuilder(command)
                    .directory(workingDirectory.toFile())
                    .redirectInput(ProcessBuilder.Redirect.from(Path.of("/dev/null").toFile()))
                    .redirectOutput(out.toFile())
                    .redirectError(err.toFile());
            env.forEach((name, value) -> {
                if (value == null) {
                    builder.environment().remove(name);
                } else {
                    builder.environment().put(name, value);
                }
            });
            Process process = builder.start();
            if (!process.waitFor(TIMEOUT_SECONDS, TimeUnit.SECONDS)) {
                process.destroyForcibly();
                throw new AssertionError(command + " did not finish within " + TIMEOUT_SECONDS + " s");
            }
            return new ProcessRun(process.exitValue(),
                    Files.readString(out, StandardCharsets.UTF_8), Files.readString(err, StandardCharsets.UTF_8));
        } finally {
            Files.deleteIfExists(out);
            Files.deleteIfExists(err);
        }
    }

    @Override
    public String toString() {
        return "exit " + exitCode + "\n--- stdout\n" + stdout + "\n--- stderr\n" + stderr;
    }
}
