package barb.launcher;

import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A word diff of two answer texts in the notation of {@code git diff --word-diff}: removed words as
 * {@code [-old-]}, added ones as <code>{+new+}</code>, the words both share as they are. Runs of shared words
 * longer than a few are shortened to "…", so a long answer with one changed number shows as one line.
 */
final class TextDiff {
    /** Past this many words per side the texts are shown whole, old then new (the LCS table would be too big). */
    private static final int MAX_WORDS = 3000;
    /** Shared words kept on each side of a change. */
    private static final int CONTEXT = 4;
    private static final Pattern WORD = Pattern.compile("\\S+");

    private TextDiff() {
    }

    static String between(String was, String now) {
        List<String> a = words(was == null ? "" : was);
        List<String> b = words(now == null ? "" : now);
        if (a.equals(b)) {
            return "";
        }
        if (a.size() > MAX_WORDS || b.size() > MAX_WORDS) {
            return "[-" + String.join(" ", a) + "-] {+" + String.join(" ", b) + "+}";
        }
        return render(edits(a, b));
    }

    private record Edit(char kind, String word) {
    }

    private static List<String> words(String text) {
        List<String> out = new ArrayList<>();
        Matcher m = WORD.matcher(text);
        while (m.find()) {
            out.add(m.group());
        }
        return out;
    }

    /** The shortest edit through the longest common subsequence: '=' kept, '-' removed, '+' added. */
    private static List<Edit> edits(List<String> a, List<String> b) {
        int[][] lcs = new int[a.size() + 1][b.size() + 1];
        for (int i = a.size() - 1; i >= 0; i--) {
            for (int j = b.size() - 1; j >= 0; j--) {
                lcs[i][j] = a.get(i).equals(b.get(j)) ? lcs[i + 1][j + 1] + 1
                        : Math.max(lcs[i + 1][j], lcs[i][j + 1]);
            }
        }
        List<Edit> out = new ArrayList<>();
        int i = 0;
        int j = 0;
        while (i < a.size() && j < b.size()) {
            if (a.get(i).equals(b.get(j))) {
                out.add(new Edit('=', a.get(i++)));
                j++;
            } else if (lcs[i + 1][j] >= lcs[i][j + 1]) {
                out.add(new Edit('-', a.get(i++)));
            } else {
                out.add(new Edit('+', b.get(j++)));
            }
        }
        while (i < a.size()) {
            out.add(new Edit('-', a.get(i++)));
        }
        while (j < b.size()) {
            out.add(new Edit('+', b.get(j++)));
        }
        return out;
    }

    private static String render(List<Edit> edits) {
        List<String> parts = new ArrayList<>();
        int k = 0;
        while (k < edits.size()) {
            char kind = edits.get(k).kind();
            int end = k;
            List<String> run = new ArrayList<>();
            while (end < edits.size() && edits.get(end).kind() == kind) {
                run.add(edits.get(end).word());
                end++;
            }
            String words = String.join(" ", run);
            switch (kind) {
                case '-' -> parts.add("[-" + words + "-]");
                case '+' -> parts.add("{+" + words + "+}");
                default -> parts.add(shortened(run, k == 0, end == edits.size()));
            }
            k = end;
        }
        return String.join(" ", parts);
    }

    /** Shared words: only the few next to a change are kept. */
    private static String shortened(List<String> run, boolean atStart, boolean atEnd) {
        int keepBefore = atStart ? 0 : CONTEXT;
        int keepAfter = atEnd ? 0 : CONTEXT;
        if (run.size() <= keepBefore + keepAfter + 1) {
            return String.join(" ", run);
        }
        List<String> kept = new ArrayList<>(run.subList(0, keepBefore));
        kept.add("…");
        kept.addAll(run.subList(run.size() - keepAfter, run.size()));
        return String.join(" ", kept);
    }
}
