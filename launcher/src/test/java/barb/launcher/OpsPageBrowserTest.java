package barb.launcher;

import barb.core.ConsumerGroups;
import barb.core.Json;
import barb.core.Stage;
import com.fasterxml.jackson.databind.JsonNode;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.openqa.selenium.By;
import org.openqa.selenium.WebDriver;
import org.openqa.selenium.WebElement;

import java.time.Duration;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

/**
 * The ops page in a real headless Chromium (Debian's chromium and chromium-driver, driven by Selenium) over the
 * whole stack: a person sees every stage with its status, a stage whose worker died shown as not OK, the charts
 * with their points, and the request just answered among the slowest, with a trace link that opens its steps.
 * Skipped, with a message saying so, only where chromium is not installed.
 */
class OpsPageBrowserTest {
    private static final Duration PATIENCE = Duration.ofSeconds(120);

    private static BarbStack stack;
    private static WebDriver browser;

    @BeforeAll
    static void start() throws Exception {
        assumeTrue(Chromium.binary().isPresent(), "chromium is not installed (apt-get install chromium"
                + " chromium-driver): the ops page browser test is skipped");
        stack = TestStack.start("ops-page");
        browser = Chromium.desktop("the ops page browser test", 1280, 1000);
    }

    @AfterAll
    static void stop() {
        if (browser != null) {
            browser.quit();
        }
        if (stack != null) {
            stack.close();
        }
    }

    @Test
    void showsTheStagesALaggingStageTheChartsAndTheSlowestRequestWithItsTrace() throws Exception {
        SseCapture.Stream answered = SseCapture.ask(stack.httpPort(), "top 5 days by range in 2024 during RTH", null);
        assertThat(answered.names()).contains("done");
        String requestId = answered.first("done").id().split(":")[0];
        // The responder dies; a greeting then waits on its topic, so its group lags with nobody moving it.
        stack.killWorker(Stage.RESPONDER);
        Thread.ofVirtual().start(() -> askQuietly("hi"));

        browser.get("http://127.0.0.1:" + stack.httpPort() + "/ops");

        // every stage, the trace-sink and the ops figures' own Streams group
        await().atMost(PATIENCE).ignoreExceptions().untilAsserted(() ->
                assertThat(stageRows()).hasSize(Stage.values().length + 2));
        assertThat(row(ConsumerGroups.FIGURES).findElement(By.cssSelector("td.stage")).getText())
                .isEqualTo(ConsumerGroups.FIGURES);
        await().atMost(PATIENCE).ignoreExceptions().untilAsserted(() -> {
            assertThat(statusOf("barb-stage-responder")).isIn("WARN", "ERR");
            assertThat(row("barb-stage-responder").getAttribute("class")).contains("not-ok");
            assertThat(row("barb-stage-responder").findElement(By.cssSelector("td.lag")).getText()).isEqualTo("1");
        });
        assertThat(statusOf("barb-stage-intent")).isEqualTo("OK");
        assertThat(row("barb-stage-intent").findElement(By.cssSelector("td.stage")).getText()).isEqualTo("intent");
        assertThat(browser.findElement(By.id("tile-not-ok")).getText()).isNotEqualTo("0");

        await().atMost(PATIENCE).ignoreExceptions().untilAsserted(() -> {
            List<WebElement> requestPoints = browser.findElements(By.cssSelector("#requests-chart circle.point"));
            assertThat(requestPoints).hasSize(15);
            assertThat(requestPoints.stream().mapToInt(p -> Integer.parseInt(p.getAttribute("data-value"))).sum())
                    .isGreaterThanOrEqualTo(1);
            assertThat(browser.findElements(By.cssSelector("#lag-chart circle.point"))).hasSizeGreaterThanOrEqualTo(2);
            assertThat(browser.findElements(By.cssSelector("#lag-chart polyline.series"))).hasSize(1);
        });

        By slowRow = By.cssSelector("#slowest-rows tr[data-request-id='" + requestId + "']");
        await().atMost(PATIENCE).ignoreExceptions().untilAsserted(() ->
                assertThat(browser.findElement(slowRow).findElement(By.cssSelector("td.duration")).getText())
                        .matches("[\\d,.]+ m?s"));
        assertThat(browser.findElement(slowRow).getText()).contains("top 5 days by range in 2024");
        String traceUrl = browser.findElement(slowRow).findElement(By.cssSelector("a.trace-link"))
                .getAttribute("href");

        // What the person saw, kept with the test reports for a look after a run.
        Chromium.screenshot(browser, "ops-page.png");

        browser.get(traceUrl);
        JsonNode trace = Json.parse(browser.findElement(By.tagName("body")).getText());
        assertThat(trace.path("request").path("request_id").asText()).isEqualTo(requestId);
        assertThat(trace.path("steps").findValuesAsText("agent_name")).contains("intent", "executor", "presenter");
    }

    private static List<WebElement> stageRows() {
        return browser.findElements(By.cssSelector("#stage-rows tr"));
    }

    private static WebElement row(String group) {
        return browser.findElement(By.cssSelector("#stage-rows tr[data-group='" + group + "']"));
    }

    private static String statusOf(String group) {
        return row(group).findElement(By.cssSelector("span.status")).getText();
    }

    private static void askQuietly(String question) {
        try {
            SseCapture.ask(stack.httpPort(), question, null);
        } catch (Exception e) {
            // The stream ends with the stack; nothing waits for this answer.
        }
    }
}
