package barb.launcher;

import barb.core.Json;

import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * How a replay's run compares with the original run, told apart from noise the way Diffy does.
 *
 * <p>Route, plans, result numbers and the numbers written in the answer are compared exactly: the rules agents and
 * the executor are deterministic, and an LLM agent that words an answer differently still writes the same numbers.
 * The wording itself is only judged when noise runs were made ({@code barb replay --noise-runs N}): an aspect that
 * differs between two runs of the current version is noise and never flagged; the text then counts as changed only
 * when every current run words it alike and differently from the original. Without noise runs a text that differs
 * while everything else is the same is reported as "wording differs", not as a change.
 *
 * @param verdict     the outcome
 * @param changed     the aspects that changed (empty unless {@link Verdict#CHANGED})
 * @param noisy       the aspects that differed between the current runs themselves
 * @param differences what differs, for every aspect that differs (changed, noisy or wording), at most
 *                    {@link #MAX_DIFFERENCES} per aspect
 * @param textDiff    the word diff of the answers, empty when they are the same
 */
record RunComparison(Verdict verdict, List<Aspect> changed, List<Aspect> noisy, List<Difference> differences,
                     String textDiff) {

    static final int MAX_DIFFERENCES = 10;
    private static final Pattern NUMBER = Pattern.compile("\\d+(?:[.,\\u00a0\\u202f]\\d+)*");

    enum Verdict {
        SAME("same"),
        CHANGED("changed"),
        NO_ORIGINAL("no original answer"),
        NO_ANSWER("no answer from the replay"),
        NOT_FOUND("not found in topic");

        private final String words;

        Verdict(String words) {
            this.words = words;
        }

        String words() {
            return words;
        }
    }

    enum Aspect {
        ROUTE("route"),
        PLAN("plan"),
        NUMBERS("numbers"),
        ANSWER_NUMBERS("answer numbers"),
        TEXT("text");

        private final String words;

        Aspect(String words) {
            this.words = words;
        }

        String words() {
            return words;
        }
    }

    /** One value that differs; {@code was} and {@code now} are JSON text, or "(absent)". */
    record Difference(Aspect aspect, String path, String was, String now) {
    }

    RunComparison {
        changed = List.copyOf(changed);
        noisy = List.copyOf(noisy);
        differences = List.copyOf(differences);
    }

    static RunComparison notFound() {
        return of(Verdict.NOT_FOUND);
    }

    private static RunComparison of(Verdict verdict) {
        return new RunComparison(verdict, List.of(), List.of(), List.of(), "");
    }

    /**
     * @param original   the original run, null when none was found
     * @param current    the replay's run, null when it did not finish
     * @param noiseRuns  further runs of the current version (unfinished ones are left out)
     */
    static RunComparison compare(RunRecord original, RunRecord current, List<RunRecord> noiseRuns) {
        if (original == null || !original.finished()) {
            return of(Verdict.NO_ORIGINAL);
        }
        if (current == null || !current.finished()) {
            return of(Verdict.NO_ANSWER);
        }
        List<RunRecord> noise = noiseRuns.stream().filter(r -> r != null && r.finished()).toList();
        List<Difference> differences = differences(original, current);
        Set<Aspect> differing = EnumSet.noneOf(Aspect.class);
        differences.forEach(d -> differing.add(d.aspect()));
        Set<Aspect> noisy = EnumSet.noneOf(Aspect.class);
        for (RunRecord other : noise) {
            differences(current, other).forEach(d -> noisy.add(d.aspect()));
        }
        List<Aspect> changed = new ArrayList<>();
        for (Aspect a : differing) {
            boolean judged = a != Aspect.TEXT || !noise.isEmpty();
            if (judged && !noisy.contains(a)) {
                changed.add(a);
            }
        }
        String textDiff = TextDiff.between(original.answer(), current.answer());
        Verdict verdict = changed.isEmpty() ? Verdict.SAME : Verdict.CHANGED;
        return new RunComparison(verdict, changed, List.copyOf(noisy), differences, textDiff);
    }

    /** "same", "same (wording differs)", "plan changed", "route changed, numbers changed", "no original answer" … */
    String headline() {
        if (verdict == Verdict.CHANGED) {
            return String.join(", ", changed.stream().map(a -> a.words() + " changed").toList());
        }
        if (verdict == Verdict.SAME && wordingDiffers()) {
            return "same (wording differs)";
        }
        return verdict.words();
    }

    /** The answers differ in words only, and that was not judged a change. */
    boolean wordingDiffers() {
        return verdict == Verdict.SAME && !textDiff.isEmpty();
    }

    private static List<Difference> differences(RunRecord was, RunRecord now) {
        List<Difference> out = new ArrayList<>();
        if (!java.util.Objects.equals(was.route(), now.route())) {
            out.add(new Difference(Aspect.ROUTE, "", quoted(was.route()), quoted(now.route())));
        }
        add(out, Aspect.PLAN, JsonDiff.between(was.plansOrNull(), now.plansOrNull()));
        add(out, Aspect.NUMBERS, JsonDiff.between(was.resultsOrNull(), now.resultsOrNull()));
        add(out, Aspect.ANSWER_NUMBERS, JsonDiff.between(Json.tree(numbersIn(was.answer())),
                Json.tree(numbersIn(now.answer()))));
        if (!java.util.Objects.equals(was.answer(), now.answer())) {
            out.add(new Difference(Aspect.TEXT, "", quoted(was.answer()), quoted(now.answer())));
        }
        return out;
    }

    private static void add(List<Difference> out, Aspect aspect, List<JsonDiff.Change> changes) {
        for (JsonDiff.Change c : JsonDiff.firstOf(changes, MAX_DIFFERENCES)) {
            out.add(new Difference(aspect, c.path(), c.was(), c.now()));
        }
    }

    /** The numbers written in an answer, in order, as written ("1,234.5", "245,31", "2024"). */
    static List<String> numbersIn(String text) {
        List<String> out = new ArrayList<>();
        if (text == null) {
            return out;
        }
        Matcher m = NUMBER.matcher(text);
        while (m.find()) {
            out.add(m.group());
        }
        return out;
    }

    private static String quoted(String s) {
        return s == null ? "(absent)" : Json.toString(s);
    }
}
