package barb.agents.reading;

import barb.agents.text.LanguageDetector;

/** The English the other agents read for a message the reader could not turn into a step. */
final class Questions {
    private Questions() {
    }

    /** A Russian text is translated word by word, anything else passes through. */
    static String english(String text) {
        if (text == null) {
            return "";
        }
        return LanguageDetector.hasCyrillic(text) ? RussianTranslator.toEnglish(text) : text;
    }
}
