package barb.launcher;

import barb.core.Json;
import com.fasterxml.jackson.databind.JsonNode;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.openqa.selenium.By;
import org.openqa.selenium.JavascriptExecutor;
import org.openqa.selenium.Keys;
import org.openqa.selenium.WebDriver;
import org.openqa.selenium.WebElement;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;
import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

/**
 * The chat page in a real headless Chromium (Debian's chromium and chromium-driver, driven by Selenium) over the
 * whole stack, asserting on what a person sees: the answer, the table with the right days (checked against the
 * minute bars), sorting, the SQL, a chart, a follow-up, a clarification answered with its button, a chat resumed
 * from the list after a reload, the Russian interface, a phone-sized screen, and sign-in at a Supabase project
 * (a fake Auth server issuing the project's HS256 tokens) with the token reaching the gateway as Bearer.
 * Skipped, with a message saying so, only where chromium is not installed.
 */
class ChatPageBrowserTest {
    private static final Duration PATIENCE = Duration.ofSeconds(120);
    /** Days by RTH session (09:30–17:00 ET), straight from the minute bars. */
    private static final String RTH_DAYS = """
            SELECT CAST(ts + INTERVAL 6 HOUR AS DATE) AS d, max(high) AS h, min(low) AS l
            FROM bars WHERE CAST(ts AS TIME) >= TIME '09:30' AND CAST(ts AS TIME) < TIME '17:00' GROUP BY 1""";
    private static final String EMAIL = "trader@example.com";
    private static final String PASSWORD = "correct horse battery staple";

    private static BarbStack stack;
    private static FakeSupabaseAuth supabase;
    private static BarbStack signInGateway;
    private static WebDriver browser;

    @BeforeAll
    static void start() throws Exception {
        assumeTrue(Chromium.binary().isPresent(), "chromium is not installed (apt-get install chromium"
                + " chromium-driver): the chat page browser test is skipped");
        stack = TestStack.start("chat-page");
        // The sign-in token lives 20 s, less than the page's refresh margin: the page must refresh it at once.
        supabase = new FakeSupabaseAuth(EMAIL, PASSWORD, Duration.ofSeconds(20));
        signInGateway = TestStack.startGateway("chat-page-sign-in", Map.of(
                "BARB_SUPABASE_URL", supabase.url(),
                "BARB_SUPABASE_JWT_SECRET", FakeSupabaseAuth.JWT_SECRET,
                "BARB_SUPABASE_ANON_KEY", FakeSupabaseAuth.ANON_KEY));
        browser = Chromium.desktop("the chat page browser test", 1280, 900);
    }

    @AfterAll
    static void stop() {
        if (browser != null) {
            browser.quit();
        }
        if (signInGateway != null) {
            signInGateway.close();
        }
        if (supabase != null) {
            supabase.close();
        }
        if (stack != null) {
            stack.close();
        }
    }

    @AfterEach
    void englishAgain() {
        // Each test starts from the default language of this browser (English), whatever the one before chose.
        if (browser != null) {
            ((JavascriptExecutor) browser).executeScript("localStorage.clear(); sessionStorage.clear();");
        }
    }

    @Test
    void asksSeesTheTableSortsItReadsTheSqlAndFollowsUp() throws Exception {
        openPage(devPage());
        assertThat(browser.findElement(By.id("sign-in")).isDisplayed()).isFalse();
        assertThat(browser.findElement(By.id("dev-badge")).getText()).isEqualTo("dev mode");

        ask("top 5 days by range in 2024 during RTH");
        WebElement answer = awaitAnswer(1);
        assertThat(answer.findElement(By.cssSelector(".ack")).getText())
                .isEqualTo("Got it, looking at top 5 days by range in 2024 during RTH…");
        assertThat(answer.findElement(By.cssSelector(".answer-text")).getText())
                .startsWith("Top 5 days by range in 2024 during RTH (synthetic data):");
        List<Map<String, Object>> expected = topFiveRthDays(2024);
        assertThat(column(answer, "trade_date")).containsExactlyElementsOf(dates(expected));
        List<Double> ranges = numbers(column(answer, "range"));
        for (int i = 0; i < 5; i++) {
            assertThat(ranges.get(i)).isCloseTo(((Number) expected.get(i).get("r")).doubleValue(), within(0.01));
        }
        assertThat(answer.findElement(By.cssSelector(".row-count")).getText()).isEqualTo("5 rows");
        // The steps that ran, folded into one line once the answer is there, and open on a click.
        WebElement steps = answer.findElement(By.cssSelector("details.steps"));
        assertThat(steps.findElement(By.tagName("summary")).getText()).startsWith("6 steps · ");
        steps.findElement(By.tagName("summary")).click();
        assertThat(steps.findElements(By.cssSelector("li.done .step-label")).stream().map(WebElement::getText))
                .containsExactly("Reading the question", "Understanding it", "Breaking it into steps",
                        "Planning the query", "Running the query", "Writing the answer");

        // Sorting: a click ascending, another descending, the header saying which.
        WebElement rangeHeader = answer.findElement(By.cssSelector("th[data-column='range']"));
        assertThat(rangeHeader.getAttribute("aria-sort")).isEqualTo("none");
        rangeHeader.findElement(By.tagName("button")).click();
        assertThat(rangeHeader.getAttribute("aria-sort")).isEqualTo("ascending");
        assertThat(numbers(column(answer, "range"))).isSorted().hasSize(5);
        rangeHeader.findElement(By.tagName("button")).click();
        assertThat(rangeHeader.getAttribute("aria-sort")).isEqualTo("descending");
        assertThat(numbers(column(answer, "range"))).containsExactlyElementsOf(ranges);

        // The SQL that ran, behind one click.
        WebElement sql = answer.findElement(By.cssSelector("details.sql"));
        assertThat(sql.findElement(By.tagName("pre")).isDisplayed()).isFalse();
        sql.findElement(By.tagName("summary")).click();
        assertThat(sql.findElement(By.tagName("pre")).getText()).contains("FROM daily_rth", "ORDER BY range DESC");
        assertThat(sql.findElement(By.cssSelector("p")).getText()).contains("\"2024-01-01\"", "\"2024-12-31\"");

        // Shift+Enter is a new line, not a question.
        WebElement box = browser.findElement(By.id("message"));
        box.sendKeys("a first line", Keys.chord(Keys.SHIFT, Keys.ENTER), "a second line");
        assertThat(box.getDomProperty("value")).isEqualTo("a first line\na second line");
        assertThat(answers()).hasSize(1);
        box.clear();

        ask("and for 2023?");
        WebElement followUp = awaitAnswer(2);
        assertThat(followUp.findElement(By.cssSelector(".answer-text")).getText())
                .startsWith("Top 5 days by range in 2023 during RTH");
        assertThat(column(followUp, "trade_date")).containsExactlyElementsOf(dates(topFiveRthDays(2023)));
        assertThat(browser.getCurrentUrl()).contains("#chat=");

        ask("average RTH range by weekday in 2024");
        WebElement grouped = awaitAnswer(3);
        List<WebElement> bars = grouped.findElements(By.cssSelector("svg.chart.bars rect.bar"));
        assertThat(bars.stream().map(b -> b.getAttribute("data-label")))
                .containsExactly("Monday", "Tuesday", "Wednesday", "Thursday", "Friday");
        List<Map<String, Object>> byWeekday = TestStack.rows(stack.store(), "SELECT isodow(d) AS wd, avg(h - l) AS r"
                + " FROM (" + RTH_DAYS + ") WHERE year(d) = 2024 GROUP BY 1 ORDER BY 1");
        List<Double> shown = numbers(column(grouped, "mean_range"));
        for (int i = 0; i < 5; i++) {
            double r = ((Number) byWeekday.get(i).get("r")).doubleValue();
            assertThat(Double.parseDouble(bars.get(i).getAttribute("data-value"))).isCloseTo(r, within(0.01));
            assertThat(shown.get(i)).isCloseTo(r, within(0.01));
        }
        // The chat got its title from the first answer, in the header and in the list.
        await().atMost(PATIENCE).ignoreExceptions().untilAsserted(() -> {
            assertThat(browser.findElement(By.id("chat-title")).getText()).startsWith("Top 5 days by range in 2024");
            assertThat(browser.findElement(By.cssSelector(".chat-link[aria-current='page']")).getText())
                    .startsWith("Top 5 days by range in 2024");
        });
        // The chat API's controls are offered: a vote on the answer, which stays pressed, and renaming the chat.
        List<WebElement> votes = grouped.findElements(By.cssSelector("button.vote"));
        assertThat(votes).extracting(v -> v.getAttribute("data-vote")).containsExactly("up", "down");
        votes.get(0).click();
        await().atMost(PATIENCE).ignoreExceptions().untilAsserted(() -> {
            if (!"true".equals(votes.get(0).getAttribute("aria-pressed"))) {
                votes.get(0).click(); // the answer may not be stored yet the first time
            }
            assertThat(votes.get(0).getAttribute("aria-pressed")).isEqualTo("true");
        });
        assertThat(votes.get(1).getAttribute("aria-pressed")).isEqualTo("false");
        assertThat(browser.findElement(By.id("delete-chat")).isDisplayed()).isTrue();
        browser.findElement(By.id("rename-chat")).click();
        WebElement renameInput = browser.findElement(By.id("rename-input"));
        renameInput.clear();
        renameInput.sendKeys("Range study", org.openqa.selenium.Keys.ENTER);
        await().atMost(PATIENCE).ignoreExceptions().untilAsserted(() -> {
            assertThat(browser.findElement(By.id("chat-title")).getText()).isEqualTo("Range study");
            assertThat(browser.findElement(By.cssSelector(".chat-link[aria-current='page']")).getText())
                    .startsWith("Range study");
        });
        WebElement copy = grouped.findElement(By.cssSelector(".actions button"));
        assertThat(copy.getText()).isEqualTo("Copy");
        copy.click();
        await().atMost(PATIENCE).untilAsserted(() -> assertThat(copy.getText()).isEqualTo("Copied"));

        List<WebElement> questions = browser.findElements(By.cssSelector(".turn.question"));
        scrollIntoView(questions.get(questions.size() - 1));
        Chromium.screenshot(browser, "chat-page.png");
    }

    @Test
    void answersAClarificationWithItsButtonAndResumesTheChatFromTheListAfterAReload() throws Exception {
        openPage(devPage());
        browser.findElement(By.id("new-chat")).click();
        ask("what's the typical daily range?");
        WebElement question = awaitAnswer(1);
        assertThat(question.findElement(By.cssSelector(".answer-text")).getText()).contains("RTH", "ETH");
        List<WebElement> options = question.findElements(By.cssSelector(".clarify button.option"));
        assertThat(options.stream().map(WebElement::getText))
                .containsExactly("RTH (09:30-17:00)", "ETH (full day 18:00-17:00)");
        options.get(0).click();

        WebElement answer = awaitAnswer(2);
        assertThat(question.findElement(By.cssSelector(".clarify")).isDisplayed()).isFalse();
        assertThat(answer.findElement(By.cssSelector(".answer-text")).getText())
                .startsWith("Distribution of the range").contains("during RTH");
        long rthDays = (long) TestStack.scalar(stack.store(), "SELECT count(*) FROM (" + RTH_DAYS + ")");
        assertThat(answer.findElement(By.cssSelector(".row-count")).getText()).isEqualTo("10 rows");
        assertThat(answer.findElements(By.cssSelector("svg.chart.bars rect.bar"))).hasSize(10);
        assertThat(numbers(column(answer, "count")).stream().mapToDouble(Double::doubleValue).sum())
                .isEqualTo(rthDays);
        // The rows behind the numbers: every RTH day, on demand.
        WebElement sourceToggle = answer.findElement(By.cssSelector("button.source-toggle"));
        assertThat(sourceToggle.getText()).isEqualTo("Source rows (" + rthDays + ")");
        sourceToggle.click();
        assertThat(answer.findElements(By.cssSelector(".source-rows tbody tr"))).hasSize((int) rthDays);
        String chatId = chatIdInAddress();

        // A fresh visit: nothing open, the chat is picked from the list and continues where it was.
        browser.get(devPage());
        By chatLink = By.cssSelector(".chat-link[data-chat-id='" + chatId + "']");
        await().atMost(PATIENCE).ignoreExceptions().until(() -> browser.findElement(chatLink).isDisplayed());
        assertThat(answers()).isEmpty();
        browser.findElement(chatLink).click();
        awaitReady();
        assertThat(answers()).hasSize(2);
        List<String> questions = browser.findElements(By.cssSelector(".turn.question")).stream()
                .map(WebElement::getText).toList();
        assertThat(questions).containsExactly("what's the typical daily range?", "RTH (09:30-17:00)");
        WebElement resumed = answers().get(1);
        assertThat(resumed.findElement(By.cssSelector(".answer-text")).getText()).contains("during RTH");
        assertThat(numbers(column(resumed, "count")).stream().mapToDouble(Double::doubleValue).sum())
                .isEqualTo(rthDays);
        assertThat(resumed.findElements(By.cssSelector("svg.chart.bars rect.bar"))).hasSize(10);
        // An answered clarification is not offered again.
        assertThat(answers().get(0).findElements(By.cssSelector(".clarify button.option")))
                .allSatisfy(b -> assertThat(b.isDisplayed()).isFalse());

        ask("and for 2023?");
        WebElement next = awaitAnswer(3);
        assertThat(next.findElement(By.cssSelector(".answer-text")).getText()).contains("2023", "during RTH");
        assertThat(next.findElement(By.cssSelector(".block-head")).getText()).contains("2023-01-01 – 2023-12-31");
        assertThat(chatIdInAddress()).isEqualTo(chatId);
    }

    @Test
    void speaksRussianAndFitsAPhone() throws Exception {
        openPage(devPage());
        browser.findElement(By.cssSelector("button[data-lang='ru']")).click();
        assertThat(browser.findElement(By.id("send")).getText()).isEqualTo("Отправить");
        assertThat(browser.findElement(By.cssSelector("#new-chat")).getText()).contains("Новый чат");
        browser.findElement(By.id("new-chat")).click();
        ask("средний диапазон RTH по месяцам 2024");
        WebElement answer = awaitAnswer(1);
        assertThat(answer.findElement(By.cssSelector(".answer-text")).getText()).startsWith("Средний диапазон");
        // The block in the reader's language replaced the executor's English one.
        assertThat(answer.findElements(By.cssSelector(".data-block"))).hasSize(1);
        assertThat(column(answer, "month_name")).startsWith("январь", "февраль").hasSize(12);
        assertThat(answer.findElement(By.cssSelector(".row-count")).getText()).isEqualTo("12 строк");
        assertThat(answer.findElement(By.cssSelector("details.sql summary")).getText()).isEqualTo("Выполненный SQL");
        String chatId = chatIdInAddress();

        // A phone whose person reads Russian: the page speaks Russian without being asked.
        WebDriver phone = Chromium.phone("the chat page on a phone", 390, 844, "ru-RU");
        try {
            phone.get(devPage() + "#chat=" + chatId);
            await().atMost(PATIENCE).ignoreExceptions().untilAsserted(() ->
                    assertThat(phone.findElements(By.cssSelector(".turn.answer .data-block"))).hasSize(1));
            assertThat(phone.findElement(By.id("send")).getText()).isEqualTo("Отправить");
            assertThat(phone.findElement(By.cssSelector(".row-count")).getText()).isEqualTo("12 строк");
            // Stored, the answer keeps the reader's names in its table, like the live one.
            assertThat(column(phone.findElement(By.cssSelector(".turn.answer")), "month_name"))
                    .startsWith("январь", "февраль").hasSize(12);
            JavascriptExecutor js = (JavascriptExecutor) phone;
            assertThat(((Number) js.executeScript("return window.innerWidth")).intValue()).isEqualTo(390);
            // Nothing wider than the screen: tables scroll inside their own box.
            assertThat(((Number) js.executeScript("return document.documentElement.scrollWidth")).intValue())
                    .isLessThanOrEqualTo(390);
            // The chat list folds away behind the menu button.
            WebElement sidebar = phone.findElement(By.id("sidebar"));
            assertThat(rightEdge(js, sidebar)).isLessThanOrEqualTo(0);
            phone.findElement(By.id("menu-button")).click();
            await().atMost(PATIENCE).untilAsserted(() -> assertThat(leftEdge(js, sidebar)).isEqualTo(0));
            assertThat(phone.findElement(By.cssSelector(".chat-link[data-chat-id='" + chatId + "']")).isDisplayed())
                    .isTrue();
            phone.findElement(By.cssSelector(".chat-link[data-chat-id='" + chatId + "']")).click();
            await().atMost(PATIENCE).untilAsserted(() -> assertThat(rightEdge(js, sidebar)).isLessThanOrEqualTo(0));
            js.executeScript("arguments[0].scrollIntoView()", phone.findElement(By.cssSelector(".data-block")));
            Chromium.screenshot(phone, "chat-page-phone.png");
        } finally {
            phone.quit();
        }
    }

    @Test
    void signsInAtTheSupabaseProjectAndSendsItsTokenAsBearer() throws Exception {
        String page = "http://127.0.0.1:" + signInGateway.httpPort() + "/";
        browser.get(page);
        await().atMost(PATIENCE).ignoreExceptions().until(() -> browser.findElement(By.id("email")).isDisplayed());
        assertThat(browser.findElement(By.id("workspace")).isDisplayed()).isFalse();
        Chromium.screenshot(browser, "chat-page-sign-in.png");

        browser.findElement(By.id("email")).sendKeys(EMAIL);
        browser.findElement(By.id("password")).sendKeys("wrong password", Keys.ENTER);
        await().atMost(PATIENCE).ignoreExceptions().untilAsserted(() ->
                assertThat(browser.findElement(By.id("sign-in-error")).getText())
                        .isEqualTo("Sign-in failed: Invalid login credentials"));
        assertThat(supabase.calls("password")).singleElement().satisfies(call -> {
            assertThat(call.apiKey()).isEqualTo(FakeSupabaseAuth.ANON_KEY);
            assertThat(call.body().path("email").asText()).isEqualTo(EMAIL);
        });

        browser.findElement(By.id("password")).clear();
        browser.findElement(By.id("password")).sendKeys(PASSWORD, Keys.ENTER);
        awaitReady();
        assertThat(browser.findElement(By.id("user-email")).getText()).isEqualTo(EMAIL);
        assertThat(browser.findElement(By.id("dev-badge")).isDisplayed()).isFalse();
        // The first token was about to expire, so the page renewed it with the refresh token before using it.
        assertThat(supabase.calls("refresh_token")).isNotEmpty().allSatisfy(call -> {
            assertThat(call.apiKey()).isEqualTo(FakeSupabaseAuth.ANON_KEY);
            assertThat(call.body().path("refresh_token").asText()).isEqualTo("refresh-1");
        });

        ask("how many green days in 2023 RTH");
        WebElement answer = awaitAnswer(1);
        assertThat(answer.findElement(By.cssSelector(".answer-text")).getText()).startsWith("Green days in 2023");
        // The gateway accepted the user's token (no 401) and filed the chat under the user in the token.
        String chatId = chatIdInAddress();
        await().atMost(PATIENCE).untilAsserted(() ->
                assertThat(chatsOf(signInGateway.httpPort(), supabase.accessToken(Duration.ofMinutes(5))))
                        .contains(chatId));

        // A reload keeps the session of this tab; signing out ends it.
        browser.navigate().refresh();
        awaitReady();
        assertThat(answers()).hasSize(1);
        browser.findElement(By.id("sign-out")).click();
        await().atMost(PATIENCE).ignoreExceptions().until(() -> browser.findElement(By.id("email")).isDisplayed());
        assertThat(browser.findElement(By.id("workspace")).isDisplayed()).isFalse();
        assertThat(((JavascriptExecutor) browser).executeScript("return sessionStorage.getItem('barb.session')"))
                .isNull();
    }

    // ---- what the page shows --------------------------------------------------------------------------------

    private static String devPage() {
        return "http://127.0.0.1:" + stack.httpPort() + "/";
    }

    /** Opens the page and waits until a question can be typed. */
    private static void openPage(String url) {
        browser.get(url);
        awaitReady();
    }

    /** Signed in (or in dev mode), the chat list read and the open chat drawn: a question can be typed. */
    private static void awaitReady() {
        await().atMost(PATIENCE).ignoreExceptions().until(() ->
                browser.findElement(By.id("workspace")).isDisplayed()
                        && browser.findElement(By.id("message")).isEnabled());
    }

    /** Types the question and presses Enter, as a person would. */
    private static void ask(String question) {
        WebElement box = browser.findElement(By.id("message"));
        box.sendKeys(question, Keys.ENTER);
    }

    private static List<WebElement> answers() {
        return browser.findElements(By.cssSelector("#messages .turn.answer"));
    }

    /** The n-th answer of the open chat once its request has finished (done arrived). */
    private static WebElement awaitAnswer(int n) {
        await().atMost(PATIENCE).ignoreExceptions().untilAsserted(() -> {
            List<WebElement> all = answers();
            assertThat(all).hasSize(n);
            assertThat(all.get(n - 1).getAttribute("aria-busy")).isNull();
            assertThat(all.get(n - 1).findElement(By.cssSelector(".answer-text")).getText()).isNotBlank();
        });
        return answers().get(n - 1);
    }

    /** The cells of one column of the answer's first result table, as shown. */
    private static List<String> column(WebElement answer, String column) {
        WebElement table = answer.findElement(By.cssSelector(".data-block table.result-table"));
        List<WebElement> headers = table.findElements(By.cssSelector("thead th"));
        int index = -1;
        for (int i = 0; i < headers.size(); i++) {
            if (column.equals(headers.get(i).getAttribute("data-column"))) {
                index = i;
            }
        }
        assertThat(index).as("column " + column).isNotNegative();
        List<String> cells = new ArrayList<>();
        for (WebElement row : table.findElements(By.cssSelector("tbody tr"))) {
            cells.add(row.findElements(By.tagName("td")).get(index).getText());
        }
        return cells;
    }

    /** Numbers as the page writes them in English: 1,327.25. */
    private static List<Double> numbers(List<String> cells) {
        return cells.stream().map(c -> Double.parseDouble(c.replace(",", ""))).toList();
    }

    private static List<Map<String, Object>> topFiveRthDays(int year) throws Exception {
        return TestStack.rows(stack.store(), "SELECT CAST(d AS VARCHAR) AS d, h - l AS r FROM (" + RTH_DAYS
                + ") WHERE year(d) = " + year + " ORDER BY r DESC, d LIMIT 5");
    }

    private static List<String> dates(List<Map<String, Object>> rows) {
        return rows.stream().map(r -> (String) r.get("d")).toList();
    }

    private static String chatIdInAddress() {
        await().atMost(PATIENCE).until(() -> browser.getCurrentUrl().matches(".*#chat=[0-9a-f-]{36}$"));
        String url = browser.getCurrentUrl();
        return url.substring(url.indexOf("#chat=") + "#chat=".length());
    }

    private static void scrollIntoView(WebElement element) {
        ((JavascriptExecutor) browser).executeScript("arguments[0].scrollIntoView()", element);
    }

    private static double leftEdge(JavascriptExecutor js, WebElement element) {
        return ((Number) js.executeScript("return arguments[0].getBoundingClientRect().left", element)).doubleValue();
    }

    private static double rightEdge(JavascriptExecutor js, WebElement element) {
        return ((Number) js.executeScript("return arguments[0].getBoundingClientRect().right", element)).doubleValue();
    }

    /** The chat ids GET /chats lists for the bearer of this token. */
    private static List<String> chatsOf(int port, String token) throws Exception {
        HttpResponse<String> r = HttpClient.newHttpClient().send(HttpRequest.newBuilder(
                        URI.create("http://127.0.0.1:" + port + "/chats"))
                .header("Authorization", "Bearer " + token).build(), HttpResponse.BodyHandlers.ofString());
        assertThat(r.statusCode()).isEqualTo(200);
        // "id" today, "chat_id" in the API contract
        List<String> ids = new ArrayList<>();
        for (JsonNode chat : Json.parse(r.body())) {
            ids.add(chat.has("chat_id") ? chat.get("chat_id").asText() : chat.path("id").asText());
        }
        return ids;
    }
}
