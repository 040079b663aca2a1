package barb.gemini;

import com.google.genai.types.Schema;

/** One JSON-mode model call. {@link GeminiClient} is the real one; handler tests may pass a fake. */
@FunctionalInterface
public interface GeminiCaller {
    /**
     * @throws barb.core.StageException {@code llm_unavailable} or {@code llm_rejected}, both not retriable
     */
    GeminiClient.Reply call(String agent, String systemInstruction, String userText, Schema responseSchema);
}
