package barb.agents;

import java.util.Optional;

/** Recognition of a question in either supported language. */
final class Questions {
    private Questions() {
    }

    /** The English the rules read: a Russian text is translated, anything else passes through. */
    static String english(String text) {
        if (text == null) {
            return "";
        }
        return LanguageDetector.hasCyrillic(text) ? RussianTranslator.toEnglish(text) : text;
    }

    static Optional<QuestionSpec> recognize(String text) {
        return QuestionRecognizer.recognize(english(text));
    }
}
