package barb.launcher;

import barb.agents.RulesAgents;
import barb.agents.chat.ConversationRunner;
import barb.agents.eval.Catalogue;
import barb.agents.TrainingDialogues;
import barb.agents.reading.QuestionReader;
import barb.agents.reading.TurnClassifier;
import barb.core.DataCoverage;

import java.io.PrintStream;
import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;

/**
 * {@code barb bench reader}: the CPU the rules reader costs, warm, on this thread: one reading of a question, and
 * one whole rules turn (intent, understander, parser, planner, as {@code barb eval} runs them) — over every
 * question of the built-in question sets. CPU time, not wall time, so other work on the machine matters less.
 */
final class ReaderBench {
    private ReaderBench() {
    }

    /** About 30,000 readings warm the JIT up; a fixed number of rounds grew with every question set added. */
    static final int WARM_READINGS = 30_000;

    static int run(int rounds, PrintStream out) {
        return run(rounds, Catalogue.loadSets().values(), WARM_READINGS, out);
    }

    /** @param warmReadings readings before the timed rounds (a test that only checks the report takes few) */
    static int run(int rounds, java.util.Collection<Catalogue> selected, int warmReadings, PrintStream out) {
        List<Catalogue> sets = new ArrayList<>(selected);
        List<String> questions = new ArrayList<>();
        sets.forEach(c -> c.cases().forEach(k -> k.turns().forEach(t -> questions.add(t.user()))));
        ThreadMXBean cpu = ManagementFactory.getThreadMXBean();

        int warmRounds = Math.max(1, warmReadings / Math.max(1, questions.size()));
        for (int i = 0; i < warmRounds; i++) {
            questions.forEach(QuestionReader::read);
        }
        long[] each = new long[questions.size() * rounds];
        int n = 0;
        for (int r = 0; r < rounds; r++) {
            for (String q : questions) {
                long start = cpu.getCurrentThreadCpuTime();
                QuestionReader.read(q);
                each[n++] = cpu.getCurrentThreadCpuTime() - start;
            }
        }
        Arrays.sort(each);
        out.printf(Locale.ROOT, "reading one question (%d questions x %d rounds, warm): mean %.3f ms, p50 %.3f ms, "
                        + "p99 %.3f ms CPU%n", questions.size(), rounds, mean(each), ms(each[each.length / 2]),
                ms(each[(int) (each.length * 0.99)]));

        long trainStart = cpu.getCurrentThreadCpuTime();
        List<List<TurnClassifier.Example>> dialogues = TrainingDialogues.load();
        TurnClassifier classifier = TurnClassifier.train(dialogues);
        long trained = cpu.getCurrentThreadCpuTime() - trainStart;
        for (String q : questions) {
            classifier.predict(q, null, 1);
        }
        long[] checks = new long[questions.size() * rounds];
        n = 0;
        for (int r = 0; r < rounds; r++) {
            for (String q : questions) {
                long start = cpu.getCurrentThreadCpuTime();
                classifier.predict(q, q, 2);
                checks[n++] = cpu.getCurrentThreadCpuTime() - start;
            }
        }
        Arrays.sort(checks);
        out.printf(Locale.ROOT, "the reading check's classifier: trained once on %d dialogues in %.0f ms CPU; one "
                        + "check (message and previous message) mean %.3f ms, p99 %.3f ms CPU%n", dialogues.size(),
                trained / 1e6, mean(checks), ms(checks[(int) (checks.length * 0.99)]));

        Catalogue first = sets.get(0);
        DataCoverage coverage = new DataCoverage(first.firstDay(), first.lastDay(), "bench");
        long turnsCpu = 0;
        int turns = 0;
        for (int r = 0; r <= rounds; r++) {
            long start = cpu.getCurrentThreadCpuTime();
            int asked = 0;
            for (Catalogue c : sets) {
                for (Catalogue.Case k : c.cases()) {
                    ConversationRunner runner = new ConversationRunner(RulesAgents.handlers(() -> coverage));
                    for (Catalogue.Turn t : k.turns()) {
                        runner.ask(t.user());
                        asked++;
                    }
                }
            }
            if (r > 0) {
                // the first round warms the JIT up
                turnsCpu += cpu.getCurrentThreadCpuTime() - start;
                turns += asked;
            }
        }
        out.printf(Locale.ROOT, "one rules turn (intent → parser and planner, %d turns, warm): %.3f ms CPU%n", turns,
                turnsCpu / 1e6 / turns);
        return 0;
    }

    private static double mean(long[] nanos) {
        return Arrays.stream(nanos).average().orElse(0) / 1e6;
    }

    private static double ms(long nanos) {
        return nanos / 1e6;
    }
}
