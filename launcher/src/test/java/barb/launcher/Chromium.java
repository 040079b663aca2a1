package barb.launcher;

import org.openqa.selenium.OutputType;
import org.openqa.selenium.TakesScreenshot;
import org.openqa.selenium.WebDriver;
import org.openqa.selenium.chrome.ChromeDriver;
import org.openqa.selenium.chrome.ChromeDriverService;
import org.openqa.selenium.chrome.ChromeOptions;

import java.io.File;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.List;
import java.util.Map;
import java.util.Optional;

import static org.assertj.core.api.Assertions.fail;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

/**
 * Debian's headless Chromium driven through its own chromedriver by Selenium (the chromium and chromium-driver
 * packages; .ci/run installs them). Nothing is downloaded. Tests that need it are skipped, saying so, only where
 * chromium is not installed; chromium without its driver is a failure.
 */
final class Chromium {
    private Chromium() {
    }

    /** A browser with a desktop window of this size. */
    static WebDriver desktop(String what, int width, int height) {
        ChromeOptions options = options(what);
        options.addArguments("--window-size=" + width + "," + height);
        return start(options);
    }

    /**
     * A browser emulating a phone's screen (its width in CSS pixels, a pixel ratio of 2, touch) whose person
     * prefers this language (navigator.language), e.g. "ru-RU".
     */
    static WebDriver phone(String what, int width, int height, String language) {
        ChromeOptions options = options(what);
        options.setExperimentalOption("mobileEmulation", Map.of(
                "deviceMetrics", Map.of("width", width, "height", height, "pixelRatio", 2.0, "touch", true)));
        options.addArguments("--lang=" + language);
        options.setExperimentalOption("prefs", Map.of("intl.accept_languages", language));
        return start(options);
    }

    /** What the browser shows, written to target/NAME for a look after a run. */
    static Path screenshot(WebDriver browser, String name) throws IOException {
        Path shot = ((TakesScreenshot) browser).getScreenshotAs(OutputType.FILE).toPath();
        Path target = Path.of("target", name);
        Files.copy(shot, target, StandardCopyOption.REPLACE_EXISTING);
        return target;
    }

    private static ChromeOptions options(String what) {
        Optional<Path> chromium = binary();
        assumeTrue(chromium.isPresent(), "chromium is not installed (apt-get install chromium chromium-driver): "
                + what + " is skipped");
        ChromeOptions options = new ChromeOptions();
        options.setBinary(chromium.get().toFile());
        // Root in a container has no user namespace for Chromium's sandbox; /dev/shm is small there.
        options.addArguments("--headless=new", "--no-sandbox", "--disable-dev-shm-usage", "--disable-gpu");
        return options;
    }

    private static WebDriver start(ChromeOptions options) {
        Path driver = chromedriver().orElseGet(() -> fail("chromium is installed but chromedriver is not:"
                + " apt-get install chromium-driver"));
        ChromeDriverService service = new ChromeDriverService.Builder()
                .usingDriverExecutable(driver.toFile())
                .usingAnyFreePort()
                .build();
        return new ChromeDriver(service, options);
    }

    /** Where Debian puts Chromium and its driver (the real binary, not the wrapper script), else the PATH. */
    static Optional<Path> binary() {
        return first(List.of("/usr/lib/chromium/chromium", "/usr/bin/chromium", "/usr/bin/chromium-browser"),
                List.of("chromium", "chromium-browser"));
    }

    static Optional<Path> chromedriver() {
        return first(List.of("/usr/bin/chromedriver", "/usr/lib/chromium/chromedriver"), List.of("chromedriver"));
    }

    private static Optional<Path> first(List<String> paths, List<String> names) {
        for (String p : paths) {
            if (Files.isExecutable(Path.of(p))) {
                return Optional.of(Path.of(p));
            }
        }
        String path = System.getenv().getOrDefault("PATH", "");
        for (String dir : path.split(File.pathSeparator)) {
            for (String name : names) {
                Path candidate = Path.of(dir, name);
                if (!dir.isBlank() && Files.isExecutable(candidate)) {
                    return Optional.of(candidate);
                }
            }
        }
        return Optional.empty();
    }
}
