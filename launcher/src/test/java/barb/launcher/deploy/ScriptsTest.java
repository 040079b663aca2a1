package barb.launcher.deploy;

import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.File;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

import static org.assertj.core.api.Assertions.assertThat;

/** The two scripts a person runs: ./barb (build if needed, then launch) and .ci/run (what CI runs). */
class ScriptsTest {
    private static final Pattern SPEC_VERSION = Pattern.compile("java\\.specification\\.version = (\\d+)");

    private static Path root;

    @BeforeAll
    static void findRepository() {
        root = Repository.root();
    }

    @Test
    void ciRunsTheFullVerifyWithTheWrapper() throws IOException {
        List<String> mavenLines = Files.readAllLines(root.resolve(".ci/run")).stream()
                .map(String::strip)
                .filter(line -> line.startsWith("./mvnw"))
                .toList();
        assertThat(mavenLines).as("commands of .ci/run that start with ./mvnw").hasSize(1);
        assertThat(mavenLines.getFirst())
                .contains(" verify")
                .doesNotContain("skipTests", "maven.test.skip", "-Dtest=", "-pl ", "--projects");
    }

    @Test
    void barbIsExecutableAndFindsItsJdkWithTheSharedScript() throws IOException {
        Path barb = root.resolve("barb");
        assertThat(Files.isExecutable(barb)).as("%s is executable", barb).isTrue();
        assertThat(Files.readString(barb)).containsPattern("(?m)^\\s*(\\.|source)\\s+\\S*\\.mvn/find-jdk\\.sh");
    }

    @Test
    void bothScriptsAreValidBash() throws Exception {
        for (String script : List.of("barb", ".ci/run")) {
            ProcessRun run = ProcessRun.of(root, Map.of(), List.of("bash", "-n", script));
            assertThat(run.exitCode()).as("bash -n %s:\n%s", script, run).isZero();
        }
    }

    @Test
    void findJdkReplacesAJavaHomeOlderThan21() throws Exception {
        ProcessRun run = ProcessRun.of(root, Map.of("JAVA_HOME", "/usr/lib/jvm/java-17-openjdk-amd64"),
                List.of("bash", "-c", ". .mvn/find-jdk.sh && printf '%s' \"$JAVA_HOME\""));
        assertThat(run.exitCode()).as("find-jdk.sh:\n%s", run).isZero();
        Path javaHome = Path.of(run.stdout().strip());
        assertThat(javaHome).isNotEqualTo(Path.of("/usr/lib/jvm/java-17-openjdk-amd64"));

        ProcessRun version = ProcessRun.of(root, Map.of(),
                List.of(javaHome.resolve("bin/java").toString(), "-XshowSettings:properties", "-version"));
        Matcher matcher = SPEC_VERSION.matcher(version.stderr());
        assertThat(matcher.find()).as("java -XshowSettings:properties of %s:\n%s", javaHome, version).isTrue();
        assertThat(Integer.parseInt(matcher.group(1))).as("Java version at %s", javaHome).isGreaterThanOrEqualTo(21);
    }

    /** .ci/run in a stand-in repository whose ./mvnw only records how it was called. */
    @Nested
    class CiRun {
        @TempDir
        Path temp;
        Path repo;
        Path tools;

        @BeforeEach
        void makeStandInRepository() throws IOException {
            repo = Files.createDirectories(temp.resolve("repo"));
            Files.createDirectories(repo.resolve(".ci"));
            Files.copy(root.resolve(".ci/run"), repo.resolve(".ci/run"));
            // A PATH with the few commands the script needs, and neither docker-compose nor apt-get.
            tools = Files.createDirectories(temp.resolve("tools"));
            for (String tool : List.of("bash", "dirname", "id", "timeout")) {
                executable(tools.resolve(tool), "#!/bin/sh\nexec '" + onPath(tool) + "' \"$@\"\n");
            }
        }

        @Test
        void runsTheTestsEvenWhenDockerComposeCannotBeInstalled() throws Exception {
            executable(repo.resolve("mvnw"), "#!/bin/sh\necho \"mvnw $*\"\n");

            ProcessRun run = ProcessRun.of(repo, Map.of("PATH", tools.toString()), List.of(onPath("bash").toString(), ".ci/run"));

            assertThat(run.exitCode()).as("%s", run).isZero();
            assertThat(run.stdout()).contains("docker-compose is missing").contains("mvnw -B verify");
        }

        @Test
        void failsWhenTheTestsFail() throws Exception {
            executable(repo.resolve("mvnw"), "#!/bin/sh\nexit 3\n");

            ProcessRun run = ProcessRun.of(repo, Map.of("PATH", tools.toString()), List.of(onPath("bash").toString(), ".ci/run"));

            assertThat(run.exitCode()).as("%s", run).isEqualTo(3);
        }
    }

    /** ./barb in a stand-in repository whose build, JDK finder and java only record how they were called. */
    @Nested
    class BarbScript {
        @TempDir
        Path temp;
        Path repo;
        Path callerDir;
        Path jar;

        @BeforeEach
        void makeStandInRepository() throws IOException {
            repo = Files.createDirectories(temp.resolve("repo"));
            callerDir = Files.createDirectories(temp.resolve("somewhere else"));
            jar = repo.resolve("launcher/target/barb.jar");
            executable(repo.resolve("barb"), Files.readString(root.resolve("barb")));
            Files.writeString(repo.resolve("pom.xml"), "<project/>\n");
            Files.createDirectories(repo.resolve("core"));
            Files.writeString(repo.resolve("core/pom.xml"), "<project/>\n");
            Files.createDirectories(repo.resolve("sql"));
            Files.writeString(repo.resolve("sql/V1__schema.sql"), "select 1;\n");
            Files.createDirectories(repo.resolve("core/src/main/java"));
            Files.writeString(repo.resolve("core/src/main/java/Core.java"), "class Core {}\n");

            Path jdkBin = Files.createDirectories(temp.resolve("jdk/bin"));
            executable(jdkBin.resolve("java"), """
                    #!/bin/sh
                    echo "cwd=$(pwd)"
                    echo "home=$BARB_HOME"
                    echo "args=$*"
                    """);
            Files.createDirectories(repo.resolve(".mvn"));
            Files.writeString(repo.resolve(".mvn/find-jdk.sh"), "export JAVA_HOME='" + temp.resolve("jdk") + "'\n");
            executable(repo.resolve("mvnw"), """
                    #!/bin/sh
                    echo "$*" >> build.log
                    mkdir -p launcher/target/lib
                    # Like the jar plugin, leave an existing jar alone when the launcher's own classes did not change.
                    [ -f launcher/target/barb.jar ] || touch launcher/target/barb.jar
                    """);
        }

        @Test
        void buildsWhenTheJarIsMissingThenRunsItFromTheCallersDirectory() throws Exception {
            ProcessRun run = barb(Map.of("BARB_JAVA_OPTS", "-Xmx64m -Dbarb.test=1"), "ask", "top 5 days");

            assertThat(run.exitCode()).as("%s", run).isZero();
            assertThat(run.stderr()).contains("barb: building the launcher");
            assertThat(Files.readAllLines(repo.resolve("build.log"))).containsExactly("-q -B -DskipTests install");
            assertThat(run.stdout()).contains(
                    "cwd=" + callerDir,
                    "home=" + repo,
                    "args=--enable-native-access=ALL-UNNAMED -Xmx64m -Dbarb.test=1 -jar " + jar + " ask top 5 days");
        }

        @Test
        void doesNotRebuildAnUpToDateJar() throws Exception {
            assertThat(barb(Map.of(), "ask", "x").exitCode()).isZero();

            ProcessRun second = barb(Map.of(), "ask", "x");

            assertThat(second.exitCode()).as("%s", second).isZero();
            assertThat(second.stderr()).doesNotContain("building");
            assertThat(Files.readAllLines(repo.resolve("build.log"))).hasSize(1);
        }

        @Test
        void rebuildsWhenASourceMigrationOrPomIsNewerThanTheJar() throws Exception {
            assertThat(barb(Map.of(), "ask", "x").exitCode()).isZero();
            int builds = 1;
            for (String changed : List.of("core/src/main/java/Core.java", "sql/V1__schema.sql", "pom.xml", "core/pom.xml")) {
                Instant built = Instant.now().minusSeconds(120);
                setAllModifiedTimes(built.minusSeconds(60));
                Files.setLastModifiedTime(jar, FileTime.from(built));
                Files.setLastModifiedTime(repo.resolve(changed), FileTime.from(built.plusSeconds(60)));

                ProcessRun run = barb(Map.of(), "ask", "x");

                builds++;
                assertThat(run.stderr()).as("after changing %s", changed).contains("barb: building the launcher");
                assertThat(Files.readAllLines(repo.resolve("build.log"))).as("after changing %s", changed).hasSize(builds);
                assertThat(barb(Map.of(), "ask", "x").stderr()).as("the run after rebuilding for %s", changed)
                        .doesNotContain("building");
            }
        }

        @Test
        void withoutArgumentsAsksTheLauncherForHelp() throws Exception {
            ProcessRun run = barb(Map.of());

            assertThat(run.exitCode()).as("%s", run).isZero();
            assertThat(run.stdout()).contains("args=--enable-native-access=ALL-UNNAMED -jar " + jar + " --help");
        }

        @Test
        void keepsABarbHomeTheCallerSet() throws Exception {
            ProcessRun run = barb(Map.of("BARB_HOME", callerDir.toString()), "up");

            assertThat(run.stdout()).contains("home=" + callerDir);
        }

        private ProcessRun barb(Map<String, String> env, String... args) throws Exception {
            Map<String, String> environment = new HashMap<>();
            environment.put("BARB_HOME", null);
            environment.put("BARB_JAVA_OPTS", null);
            environment.putAll(env);
            List<String> command = new ArrayList<>(List.of(repo.resolve("barb").toString()));
            command.addAll(List.of(args));
            return ProcessRun.of(callerDir, environment, command);
        }

        private void setAllModifiedTimes(Instant time) throws IOException {
            try (Stream<Path> files = Files.walk(repo)) {
                // Folders too: find also compares a folder's time, which changes when a file is added or removed.
                for (Path file : files.toList()) {
                    Files.setLastModifiedTime(file, FileTime.from(time));
                }
            }
        }

    }

    private static void executable(Path file, String content) throws IOException {
        Files.writeString(file, content);
        Files.setPosixFilePermissions(file, PosixFilePermissions.fromString("rwxr-xr-x"));
    }

    private static Path onPath(String program) {
        return Arrays.stream(System.getenv().getOrDefault("PATH", "").split(File.pathSeparator))
                .filter(dir -> !dir.isEmpty())
                .map(dir -> Path.of(dir, program))
                .filter(Files::isExecutable)
                .findFirst()
                .orElseThrow(() -> new IllegalStateException(program + " is not on PATH"));
    }
}
