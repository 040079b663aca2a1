package barb.gemini;

import barb.core.StageException;
import barb.core.Usage;
import com.google.genai.Client;
import com.google.genai.errors.ApiException;
import com.google.genai.errors.GenAiIOException;
import com.google.genai.types.ClientOptions;
import com.google.genai.types.Content;
import com.google.genai.types.GenerateContentConfig;
import com.google.genai.types.GenerateContentResponse;
import com.google.genai.types.GenerateContentResponseUsageMetadata;
import com.google.genai.types.HttpOptions;
import com.google.genai.types.HttpRetryOptions;
import com.google.genai.types.Part;
import com.google.genai.types.Schema;
import com.google.genai.types.ThinkingConfig;
import okhttp3.OkHttpClient;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.time.Clock;
import java.time.Duration;
import java.util.List;
import java.util.Objects;
import java.util.concurrent.ThreadLocalRandom;

/**
 * Calls Gemini in JSON mode for one agent, with Barb's retry policy (see {@link RetryPolicy}) as the only one: the
 * SDK's own retries are switched off ({@code HttpRetryOptions.attempts(1)}). Thread-safe; one instance per process.
 */
public final class GeminiClient implements GeminiCaller, AutoCloseable {
    private static final Logger log = LoggerFactory.getLogger(GeminiClient.class);

    static final String UNAVAILABLE_MESSAGE =
            "The language model is not answering right now. Please try again in a minute.";
    static final String REJECTED_MESSAGE = "The language model could not process this request.";

    /**
     * What one call returned.
     *
     * @param text     the model's JSON text ("" when it produced none)
     * @param usage    tokens and cost of the attempts that returned usage
     * @param attempts HTTP attempts made, 1 when the first succeeded
     * @param model    the model that was called
     */
    public record Reply(String text, Usage usage, int attempts, String model) {
    }

    private final GeminiSettings settings;
    private final ModelPrices prices;
    private final Sleeper sleeper;
    private final Clock clock;
    private final RetryPolicy policy;
    private final Client client;

    public GeminiClient(GeminiSettings settings) {
        this(settings, ModelPrices.standard(), Sleeper.real(), Clock.systemUTC());
    }

    public GeminiClient(GeminiSettings settings, ModelPrices prices, Sleeper sleeper, Clock clock) {
        this.settings = Objects.requireNonNull(settings, "settings");
        this.prices = Objects.requireNonNull(prices, "prices");
        this.sleeper = Objects.requireNonNull(sleeper, "sleeper");
        this.clock = Objects.requireNonNull(clock, "clock");
        if (!settings.hasApiKey()) {
            throw new IllegalArgumentException("no Gemini API key: set BARB_GEMINI_API_KEY (or GEMINI_API_KEY / GOOGLE_API_KEY)");
        }
        this.policy = new RetryPolicy(settings.baseBackoff(), settings.maxBackoff(),
                () -> ThreadLocalRandom.current().nextDouble());
        // With a custom OkHttp client the SDK does not apply HttpOptions.timeout itself, so the call timeout is set here.
        OkHttpClient http = new OkHttpClient.Builder()
                .callTimeout(settings.timeout())
                .connectTimeout(Duration.ZERO)
                .readTimeout(Duration.ZERO)
                .writeTimeout(Duration.ZERO)
                .addInterceptor(new RetryAfterCapture())
                .build();
        this.client = Client.builder()
                .apiKey(settings.apiKey())
                .vertexAI(false) // not GOOGLE_GENAI_USE_VERTEXAI from the environment
                .clientOptions(ClientOptions.builder().customHttpClient(http).build())
                .httpOptions(HttpOptions.builder()
                        .baseUrl(settings.baseUrl())
                        .apiVersion("v1beta")
                        .timeout((int) settings.timeout().toMillis())
                        // attempts(1) alone is not enough: the SDK 1.70.0 RetryInterceptor still sleeps its backoff
                        // (0-2 s by default) after the last failed attempt when the status is in its retry list.
                        // An empty list makes it return every response at once.
                        .retryOptions(HttpRetryOptions.builder().attempts(1).httpStatusCodes(List.of()).build())
                        .build())
                .build();
    }

    @Override
    public Reply call(String agent, String systemInstruction, String userText, Schema responseSchema) {
        AgentModelSettings agentSettings = settings.agent(agent);
        if (userText == null || userText.isBlank()) {
            throw new IllegalArgumentException("userText must not be blank");
        }
        Objects.requireNonNull(responseSchema, "responseSchema");
        GenerateContentConfig config = config(agentSettings, systemInstruction, responseSchema);
        String model = agentSettings.model();
        RuntimeException lastFailure = null;
        for (int attempt = 1; attempt <= settings.maxAttempts(); attempt++) {
            RetryAfterCapture.clear();
            Duration serverHint;
            try {
                GenerateContentResponse response = client.models.generateContent(model, userText, config);
                Reply reply = new Reply(textOf(response, agent), usageOf(model, response), attempt, model);
                log.debug("Gemini {} answered with {} after {} attempt(s)", agent, model, attempt);
                return reply;
            } catch (ApiException e) {
                if (!RetryPolicy.retriableStatus(e.code())) {
                    log.warn("Gemini {} rejected the {} request: {} {}", model, agent, e.code(), e.status());
                    throw new StageException("llm_rejected", REJECTED_MESSAGE, false, e);
                }
                lastFailure = e;
                serverHint = RetryPolicy.parseRetryAfter(RetryAfterCapture.last(), clock.instant())
                        .or(() -> RetryPolicy.parseRetryDelay(e.getMessage()))
                        .orElse(null);
            } catch (GenAiIOException e) {
                lastFailure = e;
                serverHint = null;
            } finally {
                RetryAfterCapture.clear();
            }
            if (attempt == settings.maxAttempts()) {
                break;
            }
            Duration wait = policy.delayAfter(attempt, serverHint);
            log.warn("Gemini {} call for {} failed (attempt {}/{}): {}; next attempt in {} ms", model, agent, attempt,
                    settings.maxAttempts(), describe(lastFailure), wait.toMillis());
            try {
                sleeper.sleep(wait);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                // Shutting down mid-call: the record was not handled, so another worker may try it again.
                throw new StageException("llm_unavailable", UNAVAILABLE_MESSAGE, true, e);
            }
        }
        log.warn("Gemini {} call for {} gave up after {} attempts: {}", model, agent, settings.maxAttempts(),
                describe(lastFailure));
        // Not retriable: our attempts are spent, the stage worker must not multiply them.
        throw new StageException("llm_unavailable", UNAVAILABLE_MESSAGE, false, lastFailure);
    }

    /** The request options of one agent; package-private so tests can check them without HTTP. */
    static GenerateContentConfig config(AgentModelSettings agent, String systemInstruction, Schema responseSchema) {
        GenerateContentConfig.Builder builder = GenerateContentConfig.builder()
                .responseMimeType("application/json")
                .responseSchema(responseSchema)
                .temperature((float) agent.temperature())
                .maxOutputTokens(agent.maxOutputTokens())
                .candidateCount(1);
        if (systemInstruction != null && !systemInstruction.isBlank()) {
            builder.systemInstruction(Content.fromParts(Part.fromText(systemInstruction)));
        }
        if (sendsThinkingBudget(agent)) {
            builder.thinkingConfig(ThinkingConfig.builder().thinkingBudget(agent.thinkingBudget()).build());
        }
        return builder.build();
    }

    /**
     * 2.5 and later models take a thinking budget; 2.0 models reject it. 2.5 Pro cannot turn thinking off, so a budget
     * of 0 is left out there and the model thinks as it likes.
     */
    static boolean sendsThinkingBudget(AgentModelSettings agent) {
        String model = agent.model();
        boolean thinkingModel = model.startsWith("gemini-2.5") || model.startsWith("gemini-3");
        if (!thinkingModel) {
            return false;
        }
        return !(agent.thinkingBudget() == 0 && model.startsWith("gemini-2.5-pro"));
    }

    private Usage usageOf(String model, GenerateContentResponse response) {
        GenerateContentResponseUsageMetadata meta = response.usageMetadata().orElse(null);
        if (meta == null) {
            return prices.usage(model, 0, 0, 0, 0);
        }
        return prices.usage(model,
                meta.promptTokenCount().orElse(0),
                meta.candidatesTokenCount().orElse(0),
                meta.thoughtsTokenCount().orElse(0),
                meta.cachedContentTokenCount().orElse(0));
    }

    private static String textOf(GenerateContentResponse response, String agent) {
        String text = response.text();
        if (text == null || text.isBlank()) {
            log.warn("Gemini returned no text for {} (finish reason {})", agent, response.finishReason());
            return "";
        }
        return text;
    }

    private static String describe(RuntimeException failure) {
        if (failure instanceof ApiException api) {
            return "HTTP " + api.code() + " " + api.status();
        }
        Throwable cause = failure == null ? null : failure.getCause();
        return cause == null ? String.valueOf(failure) : cause.getClass().getSimpleName() + ": " + cause.getMessage();
    }

    @Override
    public void close() {
        client.close();
    }
}
