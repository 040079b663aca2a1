package barb.agents.text;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;

/** Lower-cases and splits text into clean tokens (typos are {@link Vocabulary}'s). */
public final class TextNormalizer {
    private TextNormalizer() {
    }

    /**
     * Lower case, ё→е, contractions expanded, punctuation turned into spaces; keeps digits, decimal points,
     * minus signs of numbers, %, underscores and comparison operators as their own tokens.
     */
    public static String normalize(String text) {
        if (text == null) {
            return "";
        }
        String s = text.toLowerCase(Locale.ROOT)
                .replace('ё', 'е')
                .replace('’', '\'')
                .replace('–', '-')
                .replace('—', '-')
                .replace("what's", "what is")
                .replace("whats ", "what is ")
                .replace("'s", "")
                .replace("n't", " not");
        s = s.replaceAll("(\\d{4})\\s*-\\s*(\\d{4})", "$1 to $2");
        s = s.replaceAll("(?<=\\p{L})-(?=\\p{L})", " ");
        s = s.replaceAll("(<=|>=|!=|<|>|=)", " $1 ");
        s = s.replaceAll("%", " % ");
        s = s.replaceAll("(?<![\\d])\\.|\\.(?![\\d])", " ");
        s = s.replaceAll("-(?!\\d)", " ");
        s = s.replaceAll("[^\\p{L}\\p{Nd}_%<>=!.\\- ]", " ");
        s = s.replaceAll("!(?!=)", " ");
        return s.replaceAll("\\s+", " ").strip();
    }

    public static List<String> tokens(String normalized) {
        if (normalized.isEmpty()) {
            return new ArrayList<>();
        }
        return new ArrayList<>(Arrays.asList(normalized.split(" ")));
    }

    static boolean isNumber(String token) {
        return token.matches("-?\\d+(\\.\\d+)?");
    }
}
