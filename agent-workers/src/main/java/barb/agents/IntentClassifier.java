package barb.agents;

import java.util.Optional;

/** The rules intent: data, chitchat or concept; the language; and the English the other agents read. */
final class IntentClassifier {
    record Result(String intent, String lang, String internalQuery) {
    }

    private IntentClassifier() {
    }

    static Result classify(String question) {
        String text = question == null ? "" : question.strip();
        String lang = LanguageDetector.detect(text);
        boolean ru = "ru".equals(lang);
        String english = Questions.english(text);

        Optional<QuestionSpec> spec = QuestionRecognizer.recognize(english);
        if (spec.isPresent()) {
            return new Result("data", lang, ru ? spec.get().expandedQuery() : text);
        }
        ConceptCatalog.Concept concept = ConceptCatalog.find(text);
        if (concept != null) {
            return new Result("concept", lang, ru ? "what is " + concept.name() + "?" : text);
        }
        SmallTalk.Kind kind = SmallTalk.classify(text);
        if (kind != null) {
            return new Result("chitchat", lang, ru ? SmallTalk.english(kind) : text);
        }
        if (QuestionRecognizer.mentionsMarketData(english)) {
            return new Result("data", lang, text);
        }
        return new Result("chitchat", lang, text);
    }
}
