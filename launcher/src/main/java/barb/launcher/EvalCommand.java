package barb.launcher;

import barb.agents.RulesAgents;
import barb.agents.eval.Catalogue;
import barb.agents.eval.CatalogueEval;
import barb.core.DataCoverage;
import barb.core.Stage;
import barb.core.StageHandler;
import barb.gemini.GeminiAgents;
import barb.gemini.GeminiClient;
import barb.gemini.GeminiSettings;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.Callable;

/**
 * {@code barb eval}: runs the question sets through the agents, in-process (no Kafka, no executor), and scores
 * every turn as docs/evaluation.md says: per set and language, and with one set per category and every miss.
 * {@code --llm gemini} scores the Gemini language agents against the real API (needs a key; never in CI).
 */
@Command(name = "eval", description = "Score the question catalogue: the route and plans each question reaches.")
final class EvalCommand implements Callable<Integer> {
    enum Llm { RULES, GEMINI }

    @Spec
    CommandSpec spec;

    /** Where the Gemini settings come from; tests replace it. */
    Map<String, String> env = System.getenv();

    @Option(names = "--llm", paramLabel = "rules|gemini", description = "Which agents to score (default rules).")
    Llm llm = Llm.RULES;

    @Option(names = "--only", paramLabel = "TEXT",
            description = "Only the cases whose id contains TEXT or whose category is TEXT.")
    String only;

    @Option(names = "--set", paramLabel = "NAME",
            description = "A question set built into Barb (questions, holdout, holdout-2, fresh-3, fresh-4); "
                    + "repeatable. Default: every set.")
    List<String> sets = new ArrayList<>();

    @Option(names = "--catalogue", paramLabel = "FILE",
            description = "A question set file instead of the built-in ones; repeatable.")
    List<Path> catalogueFiles = new ArrayList<>();

    @Option(names = "--misses", description = "Print every turn that was not OK (default when one set is scored).")
    boolean misses;

    @Override
    public Integer call() {
        PrintWriter out = spec.commandLine().getOut();
        PrintWriter err = spec.commandLine().getErr();
        GeminiSettings gemini = null;
        if (llm == Llm.GEMINI) {
            try {
                gemini = GeminiSettings.fromEnv(env);
            } catch (IllegalArgumentException e) {
                err.println("Gemini settings: " + e.getMessage());
                err.flush();
                return 2;
            }
            if (!gemini.hasApiKey()) {
                err.println("--llm gemini needs a Gemini API key: set BARB_GEMINI_API_KEY (or GEMINI_API_KEY)");
                err.flush();
                return 2;
            }
        }
        Map<String, Catalogue> selected = new LinkedHashMap<>();
        try {
            for (Path file : catalogueFiles) {
                selected.put(file.getFileName().toString(), Catalogue.load(file).only(only));
            }
            for (String name : sets) {
                selected.put(name, Catalogue.loadSet(name).only(only));
            }
            if (selected.isEmpty()) {
                Catalogue.loadSets().forEach((name, c) -> selected.put(name, c.only(only)));
            }
        } catch (RuntimeException e) {
            err.println("cannot load the question set: " + e.getMessage());
            err.flush();
            return 2;
        }
        selected.values().removeIf(c -> c.cases().isEmpty());
        if (selected.isEmpty()) {
            err.println("--only: no case id contains '" + only + "' and no category is called that");
            err.flush();
            return 2;
        }
        String agents = llm.name().toLowerCase(Locale.ROOT);
        Map<String, CatalogueEval.Report> reports = new LinkedHashMap<>();
        int turns = 0;
        long started = System.nanoTime();
        GeminiClient client = gemini == null ? null : new GeminiClient(gemini);
        try {
            for (Map.Entry<String, Catalogue> e : selected.entrySet()) {
                Catalogue c = e.getValue();
                DataCoverage coverage = new DataCoverage(c.firstDay(), c.lastDay(), "catalogue");
                reports.put(e.getKey(), CatalogueEval.run(c, client == null
                        ? () -> RulesAgents.handlers(() -> coverage)
                        : () -> withGemini(client, coverage)));
                turns += c.cases().stream().mapToInt(k -> k.turns().size()).sum();
            }
        } finally {
            if (client != null) {
                client.close();
            }
        }
        long elapsedMs = (System.nanoTime() - started) / 1_000_000;
        printSummary(reports, agents, out);
        boolean oneSet = reports.size() == 1;
        for (Map.Entry<String, CatalogueEval.Report> e : reports.entrySet()) {
            if (oneSet) {
                printCategories(e.getValue(), out);
            }
            if (oneSet || misses) {
                printMisses(e.getKey(), e.getValue(), out);
            }
        }
        out.printf("%n%d turns in %d ms (%.1f ms per turn, in-process, no executor)%n", turns, elapsedMs,
                (double) elapsedMs / Math.max(1, turns));
        out.flush();
        return 0;
    }

    /** The rules handlers with the Gemini language agents in place of theirs. */
    private static List<StageHandler> withGemini(GeminiClient client, DataCoverage coverage) {
        Map<Stage, StageHandler> byStage = new EnumMap<>(Stage.class);
        for (StageHandler h : RulesAgents.handlers(() -> coverage)) {
            byStage.put(h.stage(), h);
        }
        for (StageHandler h : GeminiAgents.handlers(client, () -> coverage)) {
            byStage.put(h.stage(), h);
        }
        return new ArrayList<>(byStage.values());
    }

    /** One line per set and language: the five outcomes and OK (docs/evaluation.md "Scoring a turn"). */
    static void printSummary(Map<String, CatalogueEval.Report> reports, String agents, PrintWriter out) {
        out.printf("Question sets, %s agents (docs/evaluation.md says how each set was made)%n%n", agents);
        out.printf("%-16s %-4s %6s %8s %8s %8s %6s %7s %7s %6s%n", "set", "lang", "turns", "correct", "clarify",
                "refusal", "wrong", "broken", "OK", "OK %");
        for (Map.Entry<String, CatalogueEval.Report> e : reports.entrySet()) {
            for (Map.Entry<String, CatalogueEval.Tally> l : e.getValue().perLanguage().entrySet()) {
                printTally(e.getKey(), l.getKey(), l.getValue(), out);
            }
            printTally(e.getKey(), "all", e.getValue().overall(), out);
        }
    }

    private static void printTally(String set, String lang, CatalogueEval.Tally t, PrintWriter out) {
        out.printf("%-16s %-4s %6d %8d %8d %8d %6d %7d %7d %6s%n", set, lang, t.turns(),
                t.count(CatalogueEval.Outcome.CORRECT), t.count(CatalogueEval.Outcome.GOOD_CLARIFICATION),
                t.count(CatalogueEval.Outcome.HONEST_REFUSAL), t.count(CatalogueEval.Outcome.WRONG),
                t.count(CatalogueEval.Outcome.BROKEN), t.ok(), percent(t.ok(), t.turns()));
    }

    static void printCategories(CatalogueEval.Report report, PrintWriter out) {
        out.printf("%n%-15s %6s %6s %7s %7s%n", "category", "turns", "OK", "wrong", "OK %");
        for (Map.Entry<String, CatalogueEval.Tally> e : report.perCategory().entrySet()) {
            CatalogueEval.Tally t = e.getValue();
            out.printf("%-15s %6d %6d %7d %7s%n", e.getKey(), t.turns(), t.ok(),
                    t.count(CatalogueEval.Outcome.WRONG), percent(t.ok(), t.turns()));
        }
        out.printf("dialogues with every turn OK: %d of %d%n", report.casesOk(), report.cases());
    }

    static void printMisses(String set, CatalogueEval.Report report, PrintWriter out) {
        if (report.misses().isEmpty()) {
            return;
        }
        out.printf("%nNot OK in %s:%n", set);
        for (CatalogueEval.Miss m : report.misses()) {
            out.printf("%s #%d %s \"%s\": expected %s | actual %s%n", m.caseId(), m.turn(),
                    m.outcome().name().toLowerCase(Locale.ROOT), m.question(), m.expected(), m.actual());
        }
    }

    private static String percent(int passed, int total) {
        return total == 0 ? "-" : String.format(Locale.ROOT, "%.1f", 100.0 * passed / total);
    }
}
