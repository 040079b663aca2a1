package barb.launcher.deploy;

import java.nio.file.Files;
import java.nio.file.Path;

/** The repository the tests run in: the nearest folder above the working directory that holds the deployment files. */
public final class Repository {
    private Repository() {
    }

    public static Path root() {
        Path start = Path.of("").toAbsolutePath();
        for (Path dir = start; dir != null; dir = dir.getParent()) {
            if (Files.isRegularFile(dir.resolve("docker-compose.yml")) && Files.isRegularFile(dir.resolve(".mvn/find-jdk.sh"))) {
                return dir;
            }
        }
        throw new IllegalStateException("no folder with docker-compose.yml and .mvn/find-jdk.sh above " + start);
    }
}
