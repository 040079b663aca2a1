package barb.agents.text;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collection;
import java.util.List;
import java.util.Locale;

/** Lower-cases, splits and typo-corrects question text so the rules see clean tokens. */
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

    /**
     * The vocabulary word a misspelt token most likely meant: one edit away for words of 4–7 letters, two for
     * longer ones, and only when exactly one word is that close. Short tokens are never corrected.
     */
    public static String correct(String token, Collection<String> vocabulary) {
        if (vocabulary.contains(token) || token.length() < 4 || isNumber(token)) {
            return token;
        }
        int allowed = token.length() >= 8 ? 2 : 1;
        String best = null;
        int bestDistance = Integer.MAX_VALUE;
        boolean tie = false;
        for (String word : vocabulary) {
            if (word.length() < 4 || Math.abs(word.length() - token.length()) > allowed) {
                continue;
            }
            int d = distance(token, word);
            if (d < bestDistance) {
                bestDistance = d;
                best = word;
                tie = false;
            } else if (d == bestDistance) {
                tie = true;
            }
        }
        return best != null && bestDistance <= allowed && !tie ? best : token;
    }

    /** Optimal string alignment distance: insertions, deletions, substitutions and swaps of neighbours. */
    static int distance(String a, String b) {
        int[][] d = new int[a.length() + 1][b.length() + 1];
        for (int i = 0; i <= a.length(); i++) {
            d[i][0] = i;
        }
        for (int j = 0; j <= b.length(); j++) {
            d[0][j] = j;
        }
        for (int i = 1; i <= a.length(); i++) {
            for (int j = 1; j <= b.length(); j++) {
                int cost = a.charAt(i - 1) == b.charAt(j - 1) ? 0 : 1;
                d[i][j] = Math.min(Math.min(d[i - 1][j] + 1, d[i][j - 1] + 1), d[i - 1][j - 1] + cost);
                if (i > 1 && j > 1 && a.charAt(i - 1) == b.charAt(j - 2) && a.charAt(i - 2) == b.charAt(j - 1)) {
                    d[i][j] = Math.min(d[i][j], d[i - 2][j - 2] + 1);
                }
            }
        }
        return d[a.length()][b.length()];
    }
}
