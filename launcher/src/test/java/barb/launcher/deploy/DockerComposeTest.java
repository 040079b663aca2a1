package barb.launcher.deploy;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.dataformat.yaml.YAMLMapper;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import java.io.File;
import java.io.IOException;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

/**
 * Checks docker-compose.yml against what the launcher and the configuration table promise. A Docker engine is not
 * needed: the structure is checked by reading the file, and `docker-compose config` validates it against the
 * Compose schema when the binary is installed (.ci/run installs it).
 */
class DockerComposeTest {
    private static final List<String> BROKERS = List.of("kafka-1", "kafka-2", "kafka-3");
    private static final Set<String> INFRASTRUCTURE = Set.of("kafka-1", "kafka-2", "kafka-3", "postgres");
    private static final Set<String> BARB_SERVICES = Set.of("gateway", "intent", "understander", "clarifier",
            "clarify-continue", "parser", "planner", "executor", "presenter", "responder", "trace-sink");
    /** Every name `barb worker <name>` accepts. */
    private static final Set<String> WORKERS = Set.of("intent", "understander", "clarifier", "clarify-continue",
            "parser", "planner", "executor", "presenter", "responder", "agents", "trace-sink", "gateway");
    private static final Set<String> DATABASE_USERS = Set.of("trace-sink", "gateway");

    private static Path root;
    private static Path composeFile;
    private static JsonNode compose;
    private static JsonNode services;

    @BeforeAll
    static void readComposeFile() throws IOException {
        root = Repository.root();
        composeFile = root.resolve("docker-compose.yml");
        compose = new YAMLMapper().readTree(composeFile.toFile());
        services = compose.path("services");
        assertThat(services.isObject()).as("docker-compose.yml has a services map").isTrue();
    }

    @Test
    void declaresTheBrokerTheDatabaseAndOneContainerPerService() {
        Set<String> names = new TreeSet<>();
        services.properties().forEach(service -> names.add(service.getKey()));
        assertThat(names).containsAll(INFRASTRUCTURE).containsAll(BARB_SERVICES);
        assertThat(names).as("services that are neither infrastructure nor a Barb service")
                .allMatch(name -> INFRASTRUCTURE.contains(name) || BARB_SERVICES.contains(name));
    }

    @Test
    void theBrokersAllowTheShortGroupTimeoutsBarbSetsForAFastTakeover() {
        for (String broker : BROKERS) {
            Map<String, String> kafka = environment(services.path(broker));
            assertThat(Integer.parseInt(kafka.getOrDefault("KAFKA_GROUP_CONSUMER_MIN_SESSION_TIMEOUT_MS", "45000")))
                    .as("%s: the lowest group session timeout, against Barb's 3 s", broker).isLessThanOrEqualTo(3000);
            assertThat(Integer.parseInt(kafka.getOrDefault("KAFKA_GROUP_CONSUMER_MIN_HEARTBEAT_INTERVAL_MS", "5000")))
                    .as("%s: the lowest heartbeat interval, against Barb's 500 ms", broker).isLessThanOrEqualTo(500);
        }
    }

    @Test
    void threeKraftNodesFormOneClusterThatSurvivesTheLossOfOne() {
        Set<String> clusterIds = new TreeSet<>();
        Set<String> nodeIds = new TreeSet<>();
        Set<String> volumes = new TreeSet<>();
        for (String broker : BROKERS) {
            JsonNode service = services.path(broker);
            Map<String, String> env = environment(service);
            clusterIds.add(env.get("CLUSTER_ID"));
            nodeIds.add(env.get("KAFKA_NODE_ID"));
            service.path("volumes").forEach(v -> volumes.add(v.asText().split(":")[0]));
            assertThat(env.get("KAFKA_PROCESS_ROLES")).as(broker).isEqualTo("broker,controller");
            assertThat(env.get("KAFKA_CONTROLLER_QUORUM_VOTERS")).as("%s: every node votes", broker)
                    .isEqualTo("1@kafka-1:9093,2@kafka-2:9093,3@kafka-3:9093");
            assertThat(env.get("KAFKA_ADVERTISED_LISTENERS")).as(broker).isEqualTo("PLAINTEXT://" + broker + ":9092");
            // acks=all with 3 replicas and min.insync 2: one node down refuses no write and loses no record
            assertThat(env).as(broker).containsEntry("KAFKA_DEFAULT_REPLICATION_FACTOR", "3")
                    .containsEntry("KAFKA_MIN_INSYNC_REPLICAS", "2")
                    .containsEntry("KAFKA_OFFSETS_TOPIC_REPLICATION_FACTOR", "3")
                    .containsEntry("KAFKA_TRANSACTION_STATE_LOG_MIN_ISR", "2")
                    .containsEntry("KAFKA_UNCLEAN_LEADER_ELECTION_ENABLE", "false");
        }
        assertThat(clusterIds).as("one CLUSTER_ID (base64 of 16 bytes)").hasSize(1)
                .allSatisfy(id -> assertThat(java.util.Base64.getUrlDecoder().decode(id)).hasSize(16));
        assertThat(nodeIds).containsExactly("1", "2", "3");
        assertThat(volumes).as("each node keeps its own log").hasSize(3);
        for (String name : BARB_SERVICES) {
            assertThat(environment(services.path(name))).as("topics %s creates are replicated on all three", name)
                    .containsEntry("BARB_TOPIC_REPLICATION", "3")
                    .containsEntry("BARB_KAFKA_BOOTSTRAP", "kafka-1:9092,kafka-2:9092,kafka-3:9092");
        }
    }

    @Test
    void everyBarbServiceRunsInSeveralReplicas() {
        for (String name : BARB_SERVICES) {
            assertThat(services.path(name).path("deploy").path("replicas").asInt(1)).as("replicas of %s", name)
                    .isGreaterThanOrEqualTo(2);
        }
        // one host port per gateway replica
        assertThat(services.path("gateway").path("ports").get(0).asText()).isEqualTo("8080-8081:8080");
    }

    @Test
    void everyServiceHasAnImageOrABuild() {
        for (Map.Entry<String, JsonNode> service : services.properties()) {
            JsonNode body = service.getValue();
            assertThat(body.hasNonNull("image") || body.hasNonNull("build"))
                    .as("service %s has an image or a build", service.getKey()).isTrue();
        }
    }

    @Test
    void everyBarbServiceIsBuiltFromTheDockerfileThatPackagesTheLauncher() throws IOException {
        for (String name : BARB_SERVICES) {
            JsonNode build = services.path(name).path("build");
            String context = build.isTextual() ? build.asText() : build.path("context").asText("");
            assertThat(context).as("build context of %s", name).isNotEmpty();
            String dockerfileName = build.path("dockerfile").asText("Dockerfile");
            Path dockerfile = composeFile.getParent().resolve(context).resolve(dockerfileName).normalize();
            assertThat(dockerfile).as("Dockerfile of %s", name).isRegularFile();
            assertThat(Files.readString(dockerfile))
                    .contains("launcher/target/barb.jar", "launcher/target/lib", "./mvnw")
                    .containsPattern("(?m)^ENTRYPOINT .*\"-jar\", \"/app/barb.jar\"");
        }
    }

    @Test
    void everyBarbServiceRunsTheWorkerOfItsName() {
        for (String name : BARB_SERVICES) {
            List<String> command = command(services.path(name));
            assertThat(command).as("command of %s", name).hasSize(2);
            assertThat(command.get(0)).as("command of %s", name).isEqualTo("worker");
            assertThat(WORKERS).as("worker named by %s", name).contains(command.get(1));
            assertThat(command.get(1)).as("worker run by service %s", name).isEqualTo(name);
        }
    }

    @Test
    void barbServicesSetOnlyVariablesOfTheConfigurationTable() throws IOException {
        Set<String> documented = ConfigurationTable.variableNames(root);
        assertThat(documented).as("variables in %s", ConfigurationTable.source(root)).isNotEmpty();
        for (String name : BARB_SERVICES) {
            assertThat(environment(services.path(name)).keySet())
                    .as("environment of %s, checked against %s", name, ConfigurationTable.source(root))
                    .isSubsetOf(documented);
        }
    }

    @Test
    void everyBarbServiceUsesTheComposeBrokerRatherThanAnEmbeddedOne() {
        for (String name : BARB_SERVICES) {
            String bootstrap = environment(services.path(name)).get("BARB_KAFKA_BOOTSTRAP");
            assertThat(bootstrap).as("BARB_KAFKA_BOOTSTRAP of %s (unset would start an embedded broker)", name).isNotBlank();
            for (String address : bootstrap.split(",")) {
                assertThat(services.has(host(address.strip())))
                        .as("broker host %s of %s is a compose service", address, name).isTrue();
            }
            assertThat(dependsOn(services.path(name))).as("depends_on of %s", name).containsAll(BROKERS);
        }
    }

    @Test
    void databaseUsersUseTheComposeDatabaseRatherThanAnEmbeddedOne() {
        for (String name : DATABASE_USERS) {
            Map<String, String> env = environment(services.path(name));
            String url = env.get("BARB_PG_URL");
            assertThat(url).as("BARB_PG_URL of %s (unset would start an embedded database)", name)
                    .matches("(jdbc:postgresql|postgres|postgresql)://.+");
            String host = URI.create(url.replaceFirst("^jdbc:", "")).getHost();
            assertThat(services.has(host)).as("database host %s of %s is a compose service", host, name).isTrue();
            assertThat(env).as("database credentials of %s", name).containsKeys("BARB_PG_USER", "BARB_PG_PASSWORD");
            assertThat(dependsOn(services.path(name))).as("depends_on of %s", name).contains(host);
        }
    }

    @Test
    void gatewayListensOnEveryInterfaceOfItsContainerAndPublishesItsPort() {
        JsonNode gateway = services.path("gateway");
        Map<String, String> env = environment(gateway);
        assertThat(env).containsEntry("BARB_HTTP_HOST", "0.0.0.0");
        String port = env.get("BARB_HTTP_PORT");
        assertThat(port).isNotBlank();
        List<String> published = new ArrayList<>();
        gateway.path("ports").forEach(p -> published.add(p.isObject() ? p.path("target").asText() : p.asText()));
        assertThat(published).as("published ports of gateway")
                .anySatisfy(p -> assertThat(p).matches("(.*:)?" + port + "(/tcp)?"));
    }

    @Test
    void signInIsOnAndNoSecretHasADefault() throws IOException {
        Map<String, String> gateway = environment(services.path("gateway"));
        assertThat(gateway.get("BARB_SUPABASE_URL")).as("the gateway's BARB_SUPABASE_URL must be required")
                .matches("\\$\\{BARB_SUPABASE_URL:\\?.+}");
        assertThat(gateway).doesNotContainKey("BARB_AUTH").doesNotContainKey("BARB_DEV_USER_ID");
        String text = Files.readString(composeFile);
        // ${NAME:-value} with a value is a default; a password, secret or token must never have one.
        assertThat(text).doesNotContainPattern("\\$\\{[A-Z_]*(PASSWORD|SECRET|TOKEN)[A-Z_]*:?-[^}]");
        for (Map.Entry<String, JsonNode> service : services.properties()) {
            environment(service.getValue()).forEach((name, value) -> {
                if (name.contains("PASSWORD")) {
                    assertThat(value).as("%s of %s comes from the environment and is required", name,
                            service.getKey()).matches("\\$\\{[A-Z_]+:\\?.+}");
                }
            });
        }
    }

    @Test
    void onlyTheGatewayIsPublished() {
        for (Map.Entry<String, JsonNode> service : services.properties()) {
            if (!service.getKey().equals("gateway")) {
                assertThat(service.getValue().has("ports")).as("%s publishes ports", service.getKey()).isFalse();
            }
        }
    }

    @Test
    void dependsOnNamesOnlyExistingServices() {
        for (Map.Entry<String, JsonNode> service : services.properties()) {
            assertThat(dependsOn(service.getValue()))
                    .as("depends_on of %s", service.getKey())
                    .allSatisfy(target -> assertThat(services.has(target))
                            .as("%s depends on undefined service %s", service.getKey(), target).isTrue())
                    .doesNotContain(service.getKey());
        }
    }

    @Test
    void executorKeepsItsDataFolderOnANamedVolume() {
        JsonNode executor = services.path("executor");
        String dataDir = environment(executor).get("BARB_DATA_DIR");
        assertThat(dataDir).as("executor's BARB_DATA_DIR").isNotBlank();
        List<String[]> mounts = new ArrayList<>();
        executor.path("volumes").forEach(v -> mounts.add(v.isObject()
                ? new String[]{v.path("source").asText(), v.path("target").asText()}
                : v.asText().split(":")));
        Optional<String[]> dataMount = mounts.stream().filter(m -> m.length >= 2 && m[1].equals(dataDir)).findFirst();
        assertThat(dataMount).as("executor mounts a volume at its BARB_DATA_DIR %s", dataDir).isPresent();
        String source = dataMount.orElseThrow()[0];
        if (!source.startsWith(".") && !source.startsWith("/")) {
            assertThat(compose.path("volumes").has(source)).as("named volume %s is declared", source).isTrue();
        }
    }

    @Test
    void dockerComposeAcceptsTheFile() throws Exception {
        Optional<Path> binary = onPath("docker-compose");
        assumeTrue(binary.isPresent(), "docker-compose is not installed; the structural checks above still ran");
        // The required secrets must be there for the file to be accepted; any values do.
        ProcessRun run = ProcessRun.of(root, Map.of("BARB_PG_PASSWORD", "test-only",
                        "BARB_SUPABASE_URL", "https://project.supabase.co"),
                List.of(binary.orElseThrow().toString(), "-f", composeFile.toString(), "config", "-q"));
        assertThat(run.exitCode()).as("docker-compose config -q:\n%s", run).isZero();
    }

    private static List<String> command(JsonNode service) {
        JsonNode command = service.path("command");
        if (command.isTextual()) {
            return Arrays.asList(command.asText().strip().split("\\s+"));
        }
        List<String> parts = new ArrayList<>();
        command.forEach(part -> parts.add(part.asText()));
        return parts;
    }

    /** The environment in either of Compose's forms: a map, or a list of NAME=value. */
    private static Map<String, String> environment(JsonNode service) {
        JsonNode env = service.path("environment");
        Map<String, String> result = new LinkedHashMap<>();
        if (env.isObject()) {
            env.properties().forEach(e -> result.put(e.getKey(), e.getValue().isNull() ? "" : e.getValue().asText()));
            return result;
        }
        assertThat(env.isMissingNode() || env.isArray())
                .as("environment is a map or a list (YAML aliases are not expanded by this test): %s", env).isTrue();
        env.forEach(entry -> {
            String[] nameAndValue = entry.asText().split("=", 2);
            result.put(nameAndValue[0], nameAndValue.length > 1 ? nameAndValue[1] : "");
        });
        return result;
    }

    /** depends_on in either of Compose's forms: a list of names, or a map of name to condition. */
    private static Set<String> dependsOn(JsonNode service) {
        JsonNode dependsOn = service.path("depends_on");
        Set<String> names = new TreeSet<>();
        if (dependsOn.isObject()) {
            dependsOn.properties().forEach(e -> names.add(e.getKey()));
        } else {
            dependsOn.forEach(n -> names.add(n.asText()));
        }
        return names;
    }

    private static String host(String hostAndPort) {
        int colon = hostAndPort.lastIndexOf(':');
        return colon < 0 ? hostAndPort : hostAndPort.substring(0, colon);
    }

    private static Optional<Path> onPath(String program) {
        String path = System.getenv().getOrDefault("PATH", "");
        return Arrays.stream(path.split(File.pathSeparator))
                .filter(dir -> !dir.isEmpty())
                .map(dir -> Path.of(dir, program))
                .filter(Files::isExecutable)
                .findFirst();
    }
}
