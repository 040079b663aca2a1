package barb.agents;

import barb.agents.text.LanguageDetector;
import barb.core.RequestEnvelope;

/** Small helpers every rules handler uses. */
final class AgentSupport {
    private AgentSupport() {
    }

    /** The envelope's language (ru or en), detected from the question when the intent did not set it. */
    static String lang(RequestEnvelope envelope) {
        if (envelope.lang() != null) {
            return LanguageDetector.supported(envelope.lang());
        }
        return LanguageDetector.detect(envelope.question());
    }
}
