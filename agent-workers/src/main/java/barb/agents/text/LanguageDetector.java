package barb.agents.text;

/** Tells Russian from English by which alphabet dominates the letters of a text. */
public final class LanguageDetector {
    private LanguageDetector() {
    }

    /**
     * "ru" when Cyrillic letters make up at least a third of the letters, otherwise "en". Russian traders write
     * Latin terms inline ("что такое inside day?", "хай дня в RTH"), so a plain majority would misjudge them.
     */
    public static String detect(String text) {
        if (text == null) {
            return "en";
        }
        int cyrillic = 0;
        int latin = 0;
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            if (Character.UnicodeBlock.of(c) == Character.UnicodeBlock.CYRILLIC && Character.isLetter(c)) {
                cyrillic++;
            } else if ((c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z')) {
                latin++;
            }
        }
        return cyrillic > 0 && cyrillic * 2 >= latin ? "ru" : "en";
    }

    /** True when the text has any Cyrillic letter (a Russian word the rules could not translate). */
    public static boolean hasCyrillic(String text) {
        for (int i = 0; i < text.length(); i++) {
            if (Character.UnicodeBlock.of(text.charAt(i)) == Character.UnicodeBlock.CYRILLIC) {
                return true;
            }
        }
        return false;
    }

    /** "ru" or "en"; anything else (or null) becomes "en", the language of the fallback texts. */
    public static String supported(String lang) {
        return "ru".equals(lang) ? "ru" : "en";
    }
}
