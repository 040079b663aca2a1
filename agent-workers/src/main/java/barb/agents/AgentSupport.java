package barb.agents;

import barb.agents.text.LanguageDetector;
import barb.agents.reading.Reading;
import barb.core.Json;
import barb.core.RequestEnvelope;

/** Small helpers every rules handler uses. */
final class AgentSupport {
    private AgentSupport() {
    }

    /** The rules' reading the envelope carries (written by the intent or the understander), or null. */
    static Reading reading(RequestEnvelope envelope) {
        if (envelope.reading() == null || envelope.reading().isNull()) {
            return null;
        }
        try {
            return Json.convert(envelope.reading(), Reading.class);
        } catch (RuntimeException e) {
            // a reading written by another version is only a shortcut: read the question again
            return null;
        }
    }

    /** The envelope's language (ru or en), detected from the question when the intent did not set it. */
    static String lang(RequestEnvelope envelope) {
        if (envelope.lang() != null) {
            return LanguageDetector.supported(envelope.lang());
        }
        return LanguageDetector.detect(envelope.question());
    }
}
