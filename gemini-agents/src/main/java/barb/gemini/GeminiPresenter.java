package barb.gemini;

import barb.agents.PresenterHandler;
import barb.agents.text.LanguageDetector;
import barb.core.EventType;
import barb.core.Json;
import barb.core.RequestEnvelope;
import barb.core.Stage;
import barb.core.StageHandler;
import barb.core.StageOutcome;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * The presenter with its answer text written by Gemini. Everything else is the rules presenter's
 * ({@link PresenterHandler}, by composition): the result checks, route, title, type, key facts for follow-ups and
 * the note about a compacted chat. Only the text changes, and only to a text whose every number is grounded
 * ({@link GroundedAnswer}); the step's output says how it went ({@code grounding}).
 */
final class GeminiPresenter implements StageHandler {
    private static final Logger log = LoggerFactory.getLogger(GeminiPresenter.class);

    private final PresenterHandler rules = new PresenterHandler();
    private final GroundedAnswer writer;

    GeminiPresenter(StructuredCall call) {
        this.writer = new GroundedAnswer(call);
    }

    @Override
    public Stage stage() {
        return Stage.PRESENTER;
    }

    @Override
    public StageOutcome handle(RequestEnvelope envelope) {
        StageOutcome base = rules.handle(envelope);
        JsonNode results = envelope.results();
        if (results == null || !results.isArray() || results.isEmpty()) {
            // no executor result (nothing could be planned, or the eval, which runs without an executor): the rules
            // text explains why, and a model has no numbers to write about
            return base;
        }
        String rulesText = base.finish().response();
        String note = compactionNote(envelope, rulesText);
        String rulesAnswer = rulesText.substring(0, rulesText.length() - note.length());
        GroundedAnswer.Written w = writer.write(Json.toString(PresenterInput.of(envelope)),
                PresenterInput.sources(envelope), PresenterInput.question(envelope), rulesAnswer);
        GroundedAnswer.Grounding g = w.grounding();
        if (g.status() == GroundedAnswer.Status.FELL_BACK) {
            log.warn("presenter {}: using the rules text ({}); ungrounded numbers {}, after regeneration {}",
                    envelope.requestId(), g.reason(), g.ungrounded(), g.ungroundedRegenerated());
        } else if (g.status() == GroundedAnswer.Status.REGENERATED) {
            log.info("presenter {}: model answer regenerated once; the first had ungrounded numbers {}",
                    envelope.requestId(), g.ungrounded());
        }
        String lang = envelope.lang() != null ? envelope.lang() : LanguageDetector.detect(envelope.question());
        String answer = w.fromModel() ? labelledSynthetic(w.text(), results, lang) : w.text();
        return withText(base, answer + note, w);
    }

    /**
     * The rules presenter ends a compacted chat's answer with a paragraph saying so; the model's answer keeps it.
     * It is always the last paragraph, so it is cut from the rules text rather than worded a second time.
     */
    private static String compactionNote(RequestEnvelope envelope, String rulesText) {
        if (!envelope.chatStateOrFresh().memory().contextCompacted()) {
            return "";
        }
        int at = rulesText.lastIndexOf("\n\n");
        return at < 0 ? "" : rulesText.substring(at);
    }

    /** Synthetic numbers are labelled in every answer (README "Market data"), also when the model forgot to. */
    private static String labelledSynthetic(String text, JsonNode results, String lang) {
        boolean synthetic = false;
        for (JsonNode r : results) {
            synthetic |= "synthetic".equals(r.path("metadata").path("data_source").asText());
        }
        String lower = text.toLowerCase(Locale.ROOT);
        if (!synthetic || lower.contains("synthet") || lower.contains("синтетич") || lower.contains("sintet")
                || lower.contains("sintét")) {
            return text;
        }
        return text + ("ru".equals(lang) ? " (синтетические данные)" : " (synthetic data)");
    }

    /** The rules outcome with the answer text replaced wherever it appears, the grounding record and the model's usage. */
    private static StageOutcome withText(StageOutcome base, String text, GroundedAnswer.Written w) {
        StageOutcome.Finish f = base.finish();
        ObjectNode output = base.output().deepCopy();
        output.put("summary", text);
        output.set("grounding", w.grounding().toJson());
        List<StageOutcome.ClientMessage> messages = new ArrayList<>();
        for (StageOutcome.ClientMessage m : base.messages()) {
            messages.add(m.type() == EventType.ANSWER
                    ? new StageOutcome.ClientMessage(EventType.ANSWER, Json.object().put("content", text)) : m);
        }
        return new StageOutcome(base.envelope(), null,
                new StageOutcome.Finish(f.route(), text, f.clarification(), f.keyFacts()), base.input(), output,
                w.usage(), messages);
    }
}
